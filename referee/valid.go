package referee

import "slices"

// ValidActions lists the actions the unit's side may take with it now.
// Legal means a member of this set: Apply accepts every action listed
// (with any dice), and the same list feeds Discord autocomplete and the AI.
func ValidActions(s *State, unitID string) []Action { return NewLegality(s).Actions(unitID) }

// NewLegality answers ValidActions for the units of s, sharing between
// its calls the work that depends on s alone (legality.go): the AI asks
// for every unit of its side at every decision. s must not change while
// the Legality is in use.
func NewLegality(s *State) *Legality { return &Legality{s: s} }

// Actions is ValidActions(s, unitID).
func (q *Legality) Actions(unitID string) []Action {
	u := q.unit(unitID)
	if u == nil {
		return nil
	}
	var out []Action
	out = append(out, validMoves(q, u)...)
	out = append(out, validAttacks(q, u)...)
	return append(out, q.others(u)...)
}

// Attacks is the attacks among ValidActions(s, unitID), in their order.
// The list is shared with the Legality (Next carries it over): the
// caller must not change it.
func (q *Legality) Attacks(unitID string) []Action {
	u := q.unit(unitID)
	if u == nil {
		return nil
	}
	if acts, ok := q.attacks[unitID]; ok {
		return slices.Clip(acts)
	}
	acts := validAttacks(q, u)
	if q.attacks == nil {
		q.attacks = map[string][]Action{}
	}
	q.attacks[unitID] = acts
	return slices.Clip(acts)
}

// NonAttacks is ValidActions(s, unitID) less its attacks, in order.
func (q *Legality) NonAttacks(unitID string) []Action {
	u := q.unit(unitID)
	if u == nil {
		return nil
	}
	return append(validMoves(q, u), q.others(u)...)
}

// unit is the unit ValidActions lists actions for, or nil when it lists
// none.
func (q *Legality) unit(unitID string) *Unit {
	s := q.s
	u := s.Unit(unitID)
	if u == nil || s.Phase == PhaseOver || s.waitError(u.Side) != nil {
		return nil
	}
	return u
}

// others are the actions listed after the moves and attacks.
func (q *Legality) others(u *Unit) []Action {
	var out []Action
	out = append(out, validOther(q.s, u)...)
	out = append(out, validDrops(q.s, u)...)
	return append(out, validDeploys(q.s, u)...)
}
