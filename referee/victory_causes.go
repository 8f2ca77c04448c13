package referee

// VPCauses is one side's victory points split by what earned them, the
// same count as VictoryPoints (ruling V8): awards (a scenario's, exits
// and objectives), enemy units destroyed (their cost, R8, 000 line 2153,
// and a scenario's bounties) and captured (twice their cost, 000 line
// 2698), and salvage counters (10 each unless a scenario says otherwise,
// 000 line 2157). A side's own account is its to know (ruling SE2);
// nobody else's is shown this way.
type VPCauses struct {
	Awards, Destroyed, Captured, Salvage int
}

// Total is the side's victory points.
func (c VPCauses) Total() int { return c.Awards + c.Destroyed + c.Captured + c.Salvage }

// vpCause picks a field of VPCauses.
type vpCause uint8

const (
	vpDestroyed vpCause = iota
	vpCaptured
	vpSalvage
)

func (c *VPCauses) add(cause vpCause, n int) {
	switch cause {
	case vpDestroyed:
		c.Destroyed += n
	case vpCaptured:
		c.Captured += n
	case vpSalvage:
		c.Salvage += n
	}
}

// VictoryPointsByCause splits side's victory points by cause (zero for a
// side not in the battle).
func (s *State) VictoryPointsByCause(side string) VPCauses {
	if c := s.tallyVP()[side]; c != nil {
		return *c
	}
	return VPCauses{}
}

// SalvageValue is what one salvage counter is worth in this battle:
// SalvageVP, unless the scenario says otherwise.
func (s *State) SalvageValue() int { return s.salvageVP() }
