package referee

// STUB — replaced by the combat work (issue 3, item 6).

func (b *battle) attack(a Action) error { return illegal("combat is not built yet") }

func validAttacks(s *State, u *Unit) []Action { return nil }
