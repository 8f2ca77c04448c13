package referee

import "slices"

// ownerAndProbers is who may know a unit's damage and values: its own
// side and every side whose AEP has read it (000 line 1340; ruling R10).
func (b *battle) ownerAndProbers(u *Unit) []string {
	out := []string{u.Side}
	for side, known := range b.s.Known {
		if side != u.Side && known[u.ID]&KnowValues != 0 {
			out = append(out, side)
		}
	}
	slices.Sort(out[1:]) // map order is random; events must not be
	return out
}
