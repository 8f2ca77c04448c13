package referee

// ValidActions lists the actions the unit's side may take with it now.
// Legal means a member of this set: Apply accepts every action listed
// (with any dice), and the same list feeds Discord autocomplete and the AI.
func ValidActions(s *State, unitID string) []Action { return ValidActionsFor(s)(unitID) }

// ValidActionsFor returns ValidActions for the units of s, sharing
// between its calls the work that depends on s alone (legality.go): the
// AI asks for every unit of its side at every decision. s must not
// change while the function is in use.
func ValidActionsFor(s *State) func(unitID string) []Action {
	q := &legality{s: s}
	return q.actions
}

func (q *legality) actions(unitID string) []Action {
	s := q.s
	u := s.Unit(unitID)
	if u == nil || s.Phase == PhaseOver || s.waitError(u.Side) != nil {
		return nil
	}
	var out []Action
	out = append(out, validMoves(s, u)...)
	out = append(out, validAttacks(q, u)...)
	out = append(out, validOther(s, u)...)
	out = append(out, validDrops(s, u)...)
	out = append(out, validDeploys(s, u)...)
	return out
}
