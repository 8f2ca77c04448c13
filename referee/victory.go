package referee

// STUB — replaced by the battle-end work (issue 3, item 7).

func (b *battle) rally(a Action) error    { return illegal("rally is not built yet") }
func (b *battle) pickup(a Action) error   { return illegal("salvage pickup is not built yet") }
func (b *battle) withdraw(a Action) error { return illegal("withdrawal is not built yet") }
func (b *battle) retreat() error          { return illegal("retreat is not built yet") }
func (b *battle) surrender() error        { return illegal("surrender is not built yet") }

// checkBattleEnd ends the battle when a side has won or none can fight on;
// it reports whether it did.
func (b *battle) checkBattleEnd() bool { return false }

func validOther(s *State, u *Unit) []Action { return nil }
