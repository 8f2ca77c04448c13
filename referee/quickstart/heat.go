package quickstart

// maxHeat is the top of the heat scale, the box marked S: shutdown (002
// line 466).
const maxHeat = 4

// engineHeat is the heat an engine hit adds to every turn the Element
// fires (002 line 386).
func (s ElementState) engineHeat() int { return s.Crits.Engine }

// MaxOverheat is how far the Element may overheat this turn: up to its
// Overheat Value, and no further than the heat scale has room for (002
// lines 414–418, the Ryoken B example 442–444). Ruling QS6: the heat an
// engine hit adds takes room on the scale first.
func (s ElementState) MaxOverheat() int {
	return max(0, min(s.Overheat, maxHeat-s.Heat-s.engineHeat()))
}

// DeclareAttack marks the Element's one weapon attack of the turn (002
// line 176) with the overheat declared with it (002 line 412). It refuses
// a second attack, an attack by a shut-down Element (002 line 466) and an
// overheat beyond MaxOverheat.
func (s ElementState) DeclareAttack(overheat int) (ElementState, error) {
	switch {
	case s.Shutdown:
		return s, errorf("%s is shut down and cannot attack this turn; it restarts in the End Phase", s.Name)
	case s.Fired:
		return s, errorf("%s has already attacked this turn: each element makes one attack", s.Name)
	case overheat < 0:
		return s, errorf("overheat %d: give 0 or more", overheat)
	case overheat > s.MaxOverheat():
		return s, errorf("%s may overheat by at most %d now (Overheat Value %d, heat level %d of %d)", s.Name, s.MaxOverheat(), s.Overheat, s.Heat, maxHeat)
	}
	s.Fired, s.OverheatUsed = true, overheat
	return s, nil
}

// EndPhase is the Element at the end of the turn (002 lines 454–476):
// critical hits marked this turn take effect; an Element that began the
// turn shut down restarts at heat 0; one that fired adds its overheat and
// engine heat (the scale stops at shutdown) and shuts down at 4; one that
// made no weapon attack cools to 0. Removing a destroyed Element from
// play is the battle's End Phase (State), which marks it Removed.
func (s ElementState) EndPhase() ElementState {
	switch {
	case s.Shutdown:
		s.Heat, s.Shutdown = 0, false
	case s.Fired:
		s.Heat = min(maxHeat, s.Heat+s.OverheatUsed+s.engineHeat())
		s.Shutdown = s.Heat == maxHeat
	default:
		s.Heat = 0
	}
	s.Crits, s.NewCrits = s.marked(), Crits{}
	s.Fired, s.OverheatUsed = false, 0
	return s
}
