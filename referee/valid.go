package referee

// ValidActions lists the actions the unit's side may take with it now.
// Legal means a member of this set: Apply accepts every action listed
// (with any dice), and the same list feeds Discord autocomplete and the AI.
func ValidActions(s *State, unitID string) []Action {
	u := s.Unit(unitID)
	if u == nil || s.Phase == PhaseOver || s.waitError(u.Side) != nil {
		return nil
	}
	var out []Action
	out = append(out, validMoves(s, u)...)
	out = append(out, validAttacks(s, u)...)
	out = append(out, validOther(s, u)...)
	out = append(out, validDrops(s, u)...)
	out = append(out, validDeploys(s, u)...)
	return out
}
