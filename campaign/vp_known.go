package campaign

// KnownVP is side's victory points as viewer may know them (ruling SE2).
// A side knows its own account: everything earned less everything spent
// (Side.VP). Anyone else — the other side, a spectator, the public status
// board — knows only the VP changes in events it may see: the battles'
// victory points and an eliminated regimental battlegroup, which both
// players work out at the table (000 lines 2694–2703). Objectives reached
// (ruling CB9), recon units bought (CO1) and reinforcements (CB11) are the
// side's secret, and so is what they add or cost (000 lines 2583, 2704,
// 2729). When the campaign is over each side totals its points for all
// to see (000 line 2735), so everyone knows every account. An unknown
// side has no points.
func (c *Campaign) KnownVP(side, viewer string) int {
	s := c.Side(side)
	switch {
	case s == nil:
		return 0
	case viewer == side || c.Phase == PhaseOver:
		return s.VP
	}
	vp := 0
	for _, e := range c.Log.All() {
		if e.Side == side && e.VP != 0 && e.For(viewer) {
			vp += e.VP
		}
	}
	return vp
}
