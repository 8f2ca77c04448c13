package referee

// VPCauses is one side's victory points split by what earned them, the
// same count as VictoryPoints (ruling V8): scenario awards, enemy units
// destroyed (their cost, R8, 000 line 2153) and captured (twice their
// cost, 000 line 2698), and salvage counters (10 each, 000 line 2157).
// A side's own account is its to know (ruling SE2); nobody else's is
// shown this way.
type VPCauses struct {
	Awards, Destroyed, Captured, Salvage int
}

// Total is the side's victory points.
func (c VPCauses) Total() int { return c.Awards + c.Destroyed + c.Captured + c.Salvage }

// VictoryPointsByCause splits side's victory points by cause. A
// scenario's own victory conditions count as awards (the scenario says
// how its points are earned).
func (s *State) VictoryPointsByCause(side string) VPCauses {
	if s.Scenario != nil {
		return VPCauses{Awards: s.VictoryPoints()[side]}
	}
	var c VPCauses
	if sd := s.Side(side); sd != nil {
		c.Awards = sd.VP
	}
	for i := range s.Units {
		u := &s.Units[i]
		switch {
		case u.Status == Destroyed && u.Side != side:
			c.Destroyed += u.Cost()
		case u.Status == Captured && u.Side != side:
			c.Captured += 2 * u.Cost()
			c.Salvage += SalvageVP * u.Salvage
		case u.Status != Destroyed && u.Status != Captured && u.Side == side:
			c.Salvage += SalvageVP * u.Salvage
		}
	}
	if field := s.sidesInField(); len(field) == 1 && field[0] == side {
		for _, n := range s.Salvage {
			c.Salvage += SalvageVP * n
		}
	}
	return c
}
