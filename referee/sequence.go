package referee

import "fmt"

// The sequence of play (000 lines 570–610): in each game turn every side
// takes a player turn in initiative order; a player turn is movement
// (sighting follows by itself), attack, and the end phase.

// Start begins the first game turn after deployment: the first side in
// initiative order moves. It is called by whoever builds the battle
// (scenario files, the campaign) once every unit has its hex.
func Start(s *State) (*State, []Event, error) {
	if s.Phase != PhaseDeploy {
		return s, nil, illegal("the battle has already started")
	}
	for i := range s.Units {
		if u := s.Units[i]; s.MustDeploy(u) {
			if u.Drop {
				return s, nil, illegal("%s drops in turn 1 and has no drop hex yet: declare it with deploy UNIT HEX (%s)", u.ID, bookCite{2639})
			}
			return s, nil, illegal("%s has not been deployed", u.ID)
		}
		if err := airLoadError(s.Units[i]); err != nil {
			return s, nil, err
		}
	}
	b := &battle{s: s.Clone(), side: s.Sides[0].ID}
	b.s.Turn = 1
	b.s.Phasing = 0
	b.sight()
	b.startPlayerTurn()
	return b.s, b.events, nil
}

// startPlayerTurn readies the phasing side's units for a new player turn.
func (b *battle) startPlayerTurn() {
	s := b.s
	s.PlayerTurn++
	s.Phase = PhaseMovement
	side := s.PhasingSide().ID
	for i, u := range s.Units {
		if u.Side != side {
			continue
		}
		u = s.own(i)
		if u.Righting && u.Status == Surrendered {
			u.Status, u.Disrupted, u.Righting = Active, false, false
			b.emit(Event{Type: "righted", Unit: u.ID})
		}
		u.Overburning, u.Moved, u.Attacked = false, false, false
		u.Overrun = nil
		u.StartHex = u.Hex
		u.MPLeft = weatherMP(s, u, u.CurrentMP())
	}
	b.side = side
	b.emit(Event{Type: "turn", Text: fmt.Sprintf("Turn %d: %s moves", s.Turn, s.PhasingSide().Name)})
}

// end ends the current phase: movement gives way to the attack phase
// (after sighting); the attack phase to the end phase and the next
// side's turn.
func (b *battle) end() error {
	switch b.s.Phase {
	case PhaseDeploy:
		var left []string
		for i := range b.s.Units {
			if u := b.s.Units[i]; u.Side == b.side && b.s.MustDeploy(u) {
				left = append(left, u.ID)
			}
		}
		if len(left) == 0 {
			return illegal("there is no phase to end yet: your units are deployed, and the battle starts when the other side's are")
		}
		return illegal("there is no phase to end yet: the battle starts once every unit is deployed; deploy %s with deploy UNIT HEX (/battle deploy), or let the AI place them (/battle deploy auto:true)", commaList(left))
	case PhaseMovement:
		if err := airUnmoved(b.s); err != nil {
			return err
		}
		return b.endMovement()
	case PhaseAttack:
		return b.endPlayerTurn()
	}
	return illegal("the battle is over")
}

// endMovement closes the movement phase: declared drops land, 'Mechs
// before DropShips (000 lines 582–584; drop.go), sighting runs for both
// sides (000 line 596) and the attack phase opens. A choice a drop asks
// (the fire at it, the ambush of the platoon hidden where it lands) is
// answered before anything else happens (ruling DEC6): the end stops
// there, and endingGoesOn carries it on once the answer is given.
func (b *battle) endMovement() error {
	if err := b.resolveDrops(); err != nil || b.s.waiting() {
		return err
	}
	b.sight()
	b.s.Phase = PhaseAttack
	b.emit(Event{Type: "phase", Text: "attack phase"})
	return nil
}

// endingGoesOn carries on the end of the movement phase that a choice
// stopped (endMovement), once no choice waits any more. The end is under
// way while the phasing side has a unit that came down in this player
// turn, as drops come down only as the phase ends (ruling DR9); a
// choice asked in the middle of the phase (a move into a hidden
// platoon's hex) stops no end.
func (b *battle) endingGoesOn() error {
	s := b.s
	if s.Phase != PhaseMovement || s.waiting() {
		return nil
	}
	side := s.PhasingSide().ID
	for i := range s.Units {
		if u := s.Units[i]; u.Side == side && u.LandedAt == s.PlayerTurn {
			b.side = side
			return b.endMovement()
		}
	}
	return nil
}

// attackEndsMovement ends the movement phase for attacker's attack
// declared in it (ruling DR9) and reports whether the attack goes ahead:
// not while a choice the end asked waits (fire at a drop, a landing's
// ambush, an AEP probe at sighting), as nothing else happens in the
// battle until it is answered (ruling DEC6). The end stands as far as an
// "end" action takes it, and the attacker is told, in the words its
// next action would be refused with (waitError; ruling SE7), that the
// attack waits: it declares the attack again once the choice is
// answered, as in the attack phase after an "end".
func (b *battle) attackEndsMovement(attacker *Unit) (bool, error) {
	if b.s.Phase != PhaseMovement {
		return true, nil
	}
	if err := airUnmoved(b.s); err != nil {
		return false, err
	}
	if err := b.endMovement(); err != nil {
		return false, err
	}
	wait, ok := b.s.waitFor(b.side)
	if !ok {
		return true, nil
	}
	b.emit(Event{Type: "attack_waits", Unit: attacker.ID, Audience: []string{b.side},
		Text: fmt.Sprintf("The movement phase is over, but %s does not attack yet: %v. Declare the attack again then.", attacker.ID, wait)})
	return false, nil
}

// endPlayerTurn is the end phase: overburning units lose their step,
// units disrupted before this turn stand up (000 line 610; ruling B14),
// then the next side's turn begins, or the next game turn.
func (b *battle) endPlayerTurn() error {
	s := b.s
	side := s.PhasingSide().ID
	for i, u := range s.Units {
		if u.Side != side || !u.Status.OnMap() {
			continue
		}
		u = s.own(i)
		if u.Overburning {
			if err := b.overburnLoss(u); err != nil {
				return err
			}
		}
		if u.Disrupted && u.DisruptedAt < s.PlayerTurn && u.Status == Active {
			u.Disrupted = false
			b.emit(Event{Type: "stand_up", Unit: u.ID})
		}
	}
	if b.checkBattleEnd() {
		return nil
	}
	s.Phasing++
	if s.Phasing == len(s.Sides) {
		s.Phasing = 0
		s.Turn++
	}
	if err := b.scenarioNewTurn(); err != nil {
		return err
	}
	b.startPlayerTurn()
	return b.scenarioArrivals()
}
