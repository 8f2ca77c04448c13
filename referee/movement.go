package referee

// STUB — replaced by the movement work (issue 3, item 4).

func (b *battle) move(a Action) error     { return illegal("movement is not built yet") }
func (b *battle) overburn(a Action) error { return illegal("overburn is not built yet") }

// overburnLoss takes the step an overburning unit owes at the end of its
// turn.
func (b *battle) overburnLoss(u *Unit) error { return nil }

func validMoves(s *State, u *Unit) []Action { return nil }
