package referee

import (
	"fmt"
	"slices"

	"bfbot/mapgen/hex"
)

// Ground movement (000 lines 616–695): a unit spends its MP hex by hex in
// its side's movement phase, to a hex by the cheapest route or along a
// path the player gives, and may move several times while it has MP left.
// Costs and routes are in path.go, overrun in overrun.go, what entering a
// hex sets off in mines.go.

// canMove says why u may not move at all now.
func canMove(s *State, u *Unit) error {
	if u.Class.Kind() == KindAir {
		return airCanMove(s, u)
	}
	switch {
	case s.Phase != PhaseMovement:
		return illegal("units move in the movement phase; this is the %v phase", s.Phase)
	case u.Class.Kind() == KindDropShip:
		return illegal("%s is a DropShip: DropShips only land and lift off (%s; drop, liftoff)", u.ID, bookCite{1201})
	case u.Status == Reserve:
		return illegal("%s has not been deployed", u.ID)
	case u.Status == Broken:
		return illegal("%s has broken and fled the map: it must rally before it can move (%s)", u.ID, bookCite{968})
	case u.Status == Surrendered:
		return illegal("%s has surrendered and may not move (%s)", u.ID, bookCite{970})
	case u.Status != Active:
		return illegal("%s is %v", u.ID, u.Status)
	case u.Disrupted:
		return illegal("%s is disrupted and may not move this turn (%s)", u.ID, bookCite{980})
	case halted(s, u):
		return illegal("%s has ended its movement for this turn", u.ID)
	case airSideFlown(s, u.Side):
		return illegal("ground units move before air units (%s; ruling AIR3), and your air units have flown", bookSpan{578, 580})
	}
	return nil
}

// halted reports a unit whose movement has ended for this turn (an enemy
// hex, mines, an overrun, the one-hex rule, the road bonus hex; ruling
// M19).
func halted(s *State, u *Unit) bool {
	return u.Moved && u.MoveTurn == s.PlayerTurn && u.Halted
}

// move carries out a move action: along a.Path, or by the cheapest legal
// route to a.To (path.go). A move to the unit's own hex is an overrun of
// the enemy sharing it (ruling M9). The whole path is checked against
// what the player's side knows before any of it is carried out; what the
// player could not know (mines, hidden infantry) may stop it short.
func (b *battle) move(a Action) error {
	s := b.s
	u := b.unit(a.Unit)
	if err := canMove(s, u); err != nil {
		return err
	}
	if u.Class.Kind() == KindAir {
		return b.airMove(u, a)
	}
	if n := len(a.Path); n > 0 && a.Path[n-1] != a.To {
		return illegal("the path ends at %s, not at %s", a.Path[n-1], a.To)
	}
	m := newMover(s, u, b.moveScratch())
	if b.memo != nil {
		m.origin = b.memo.s // nothing has changed yet
	}
	if u.Moved && m.mp <= 0 && !m.bonus {
		return illegal("%s has no MP left this turn", u.ID)
	}
	if a.To == u.Hex && (len(a.Path) == 0 || len(a.Path) == 1) {
		return b.overrunInPlace(u, m)
	}
	path := a.Path
	if len(path) == 0 {
		p, err := m.plan(a.To)
		if err != nil {
			return err
		}
		path = p
	}
	steps, err := m.check(path)
	if err != nil {
		return err
	}
	return b.walk(u, m, steps)
}

// startMove records that u moves this turn, with its road bonus as the
// mover found it. A hidden unit that moves gives itself away (001 line
// 2271; ruling M15).
func (b *battle) startMove(u *Unit, m *mover) {
	u.Moved, u.MoveTurn, u.RoadBonus, u.Halted = true, b.s.PlayerTurn, m.bonus, false
	if u.Hidden {
		b.unhide(u, fmt.Sprintf("hidden %v %s is revealed at %s as it moves", u.Class.Kind(), u.ID, u.Hex))
	}
}

// halt ends u's movement for the turn: the MP it had left is lost
// (ruling M19).
func (b *battle) halt(u *Unit) {
	u.Halted, u.RoadBonus, u.MPLeft = true, false, 0
}

// walk carries out checked steps. Ground units meet what each hex holds as
// they enter it; jumping units only where they land (rulings M3, M10).
func (b *battle) walk(u *Unit, m *mover, steps []step) error {
	b.startMove(u, m)
	oneHex := len(steps) == 1 && m.fresh && steps[0].cost > u.MPLeft
	entered := []hex.Hex{u.Hex}
	legFrom, leg := u.Hex, []hex.Hex(nil)
	flush := func() {
		if len(leg) > 0 {
			b.emit(Event{Type: "move", Unit: u.ID, From: hexp(legFrom), Hex: hexp(leg[len(leg)-1]),
				Text: fmt.Sprintf("%s moves %s", u.ID, pathText(legFrom, leg))})
			legFrom, leg = leg[len(leg)-1], nil
		}
	}
	stopped := false
	for i, st := range steps {
		u.Hex = st.to
		u.MPLeft -= st.cost
		if !st.road {
			u.RoadBonus = false
		}
		leg = append(leg, st.to)
		if m.jump && i < len(steps)-1 {
			continue // leaping over it
		}
		entered = append(entered, st.to)
		if b.eventful(u, st.to) {
			flush()
		}
		halt, err := b.enter(u, st.to, st.overrun)
		if err != nil {
			return err
		}
		if halt {
			stopped = true
			break
		}
	}
	flush()
	if !u.Status.OnMap() {
		return nil
	}
	if stopped {
		b.fallBack(u, entered)
	}
	if stopped || oneHex || u.MPLeft < 0 || m.jump && steps[len(steps)-1].overrun {
		b.halt(u)
	}
	b.reportMP(u)
	return nil
}

// eventful reports whether entering h sets anything off for u, so that
// the move so far is announced before it.
func (b *battle) eventful(u *Unit, h hex.Hex) bool {
	s := b.s
	if !s.Cell(h).Terrain.IsWater() && s.MinesAt(h) > 0 {
		return true
	}
	for _, v := range s.Units {
		if v.Hex == h && v.ID != u.ID && v.Status.OnMap() && (v.Side != u.Side || capturable(v)) {
			return true
		}
	}
	return false
}

// fallBack handles a unit stopped short in a hex it may not stay in: the
// stacking limit is broken when hidden infantry or mines stop it where two
// units already stand. It goes back along its path to the last hex it may
// stand in (ruling M12). Hidden units that fill the hex it leaves are
// revealed first: a unit the mines made surrender meets no hidden
// infantry (meet), and the fall-back would tell its side they are there.
func (b *battle) fallBack(u *Unit, entered []hex.Hex) {
	if b.canStand(u, u.Hex) == nil {
		return
	}
	from := u.Hex
	b.revealFilling(u, from, true)
	for i := len(entered) - 2; i >= 0; i-- {
		if b.tryStand(u, entered[i], true) || i == 0 {
			u.Hex = entered[i]
			break
		}
	}
	b.emit(Event{Type: "move", Unit: u.ID, From: hexp(from), Hex: hexp(u.Hex),
		Text: fmt.Sprintf("%s cannot stay in %s, where %d units already stand, and falls back to %s", u.ID, from, StackLimit, u.Hex)})
}

// reportMP tells the owner what MP the unit has left: the MP allowance is
// behind the information blind (000 line 205).
func (b *battle) reportMP(u *Unit) {
	if !u.Status.OnMap() {
		return
	}
	text := fmt.Sprintf("%s has %d MP left", u.ID, u.MPLeft)
	if u.Halted {
		text = fmt.Sprintf("%s's movement has ended for this turn", u.ID)
	} else if u.RoadBonus {
		text += " and its road bonus hex"
	}
	b.emit(Event{Type: "mp", Unit: u.ID, Side: u.Side, Audience: []string{u.Side}, Text: text})
}

// overburn declares that a unit overburns this turn (000 lines 685–693):
// before it moves; a full-strength unit's MP rises to its overburn MP
// (ruling R5), a damaged unit's does not (000 line 691).
func (b *battle) overburn(a Action) error {
	u := b.unit(a.Unit)
	if err := canOverburn(b.s, u); err != nil {
		return err
	}
	u.Overburning = true
	u.MPLeft = weatherMP(b.s, u, u.CurrentMP())
	b.emit(Event{Type: "overburn", Unit: u.ID, Text: fmt.Sprintf("%s overburns", u.ID)})
	b.emit(Event{Type: "mp", Unit: u.ID, Audience: []string{u.Side}, Text: fmt.Sprintf("%s overburns with %d MP", u.ID, u.MPLeft)})
	return nil
}

// canOverburn says why u may not declare overburn now.
func canOverburn(s *State, u *Unit) error {
	switch {
	case s.Phase != PhaseMovement:
		return illegal("overburn is declared in the movement phase (%s)", bookCite{689})
	case !u.Class.Info().Overburn:
		return illegal("%s cannot overburn: only 'Mech and vehicle units overburn (%s)", u.ID, bookCite{689})
	case u.Status != Active:
		return illegal("%s is %v and cannot overburn", u.ID, u.Status)
	case u.Disrupted:
		return illegal("%s is disrupted and may neither move nor attack this turn (%s)", u.ID, bookCite{980})
	case u.Overburning:
		return illegal("%s is already overburning this turn", u.ID)
	case u.Moved:
		return illegal("%s has already moved: overburn is declared before the unit moves (%s)", u.ID, bookCite{689})
	}
	return nil
}

// overburnLoss takes the step an overburning unit owes at the end of its
// turn (000 lines 693, 1023), unless it began the turn in water and is in
// water at its end (000 lines 693, 1023; ruling M16), or its Extra 'Mech
// chit is still unspent (000 line 1304; ruling M17). Its overburn is over.
func (b *battle) overburnLoss(u *Unit) error {
	if !u.Overburning || !u.Status.OnMap() {
		return nil
	}
	u.Overburning = false
	owner := []string{u.Side}
	switch {
	case u.Chits.ExtraMech && !u.ExtraMechUsed:
		b.emit(Event{Type: "overburn_free", Unit: u.ID, Side: u.Side, Audience: owner, Text: fmt.Sprintf("%s's extra 'Mech lets it overburn without losing a step", u.ID)})
		return nil
	case b.inWater(u, u.StartHex) && b.inWater(u, u.Hex):
		b.emit(Event{Type: "overburn_free", Unit: u.ID, Side: u.Side, Audience: owner, Text: fmt.Sprintf("%s overburned in water and loses no step", u.ID)})
		return nil
	}
	b.emit(Event{Type: "overburn_loss", Unit: u.ID, Side: u.Side, Audience: b.ownerAndProbers(u), Text: fmt.Sprintf("%s loses a step for overburning", u.ID)})
	return b.takeSteps(u, 1, "overburn", true)
}

// inWater reports whether u stands in the water of h: a water hex, unless
// its kind may not enter water and so is on the bridge (ruling M16).
func (b *battle) inWater(u *Unit, h hex.Hex) bool {
	c := b.s.Cell(h)
	return c.Terrain.IsWater() && !barred(u.Class.Info().Movement, c)
}

// validMoves lists the moves u may make now: one per hex it may end its
// move in (by the cheapest route, as move finds it), a move to its own hex
// when that is an overrun it may make, and overburn when it may declare it.
func validMoves(q *Legality, u *Unit) []Action {
	s := q.s
	if s.Phase != PhaseMovement || s.PhasingSide().ID != u.Side {
		return nil
	}
	var out []Action
	if canOverburn(s, u) == nil {
		out = append(out, Action{Kind: ActOverburn, Side: u.Side, Unit: u.ID})
	}
	if u.Class.Kind() == KindAir {
		return append(out, airValidMoves(s, u)...)
	}
	if canMove(s, u) != nil {
		return out
	}
	if q.moves == nil {
		q.moves = &moveScratch{}
	}
	m := newMover(s, u, q.moves)
	m.origin = s
	if u.Moved && m.mp <= 0 && !m.bonus {
		return out
	}
	if canOverrunInPlace(s, u) {
		out = append(out, Action{Kind: ActMove, Side: u.Side, Unit: u.ID, To: u.Hex})
	}
	r := m.search(m.mp)
	w := s.Map.Width
	ends := q.moves.ends[:0]
	// Every step costs at least 1 MP, so the search reaches no hex
	// beyond mp+1 (the road bonus) of the unit, and a step changes a
	// hex's column and row by one at most: only the hexes in that box
	// are looked at, in the order of their cells.
	reach := max(m.mp, 0) + 1
	for y := max(u.Hex.Y-reach, 0); y <= min(u.Hex.Y+reach, s.Map.Height-1); y++ {
		for x := max(u.Hex.X-reach, 0); x <= min(u.Hex.X+reach, w-1); x++ {
			if h := (hex.Hex{X: x, Y: y}); h != u.Hex && m.mayEnd(r, h) {
				ends = append(ends, h)
			}
		}
	}
	q.moves.ends = ends
	out = slices.Grow(out, len(ends))
	for _, h := range ends {
		out = append(out, Action{Kind: ActMove, Side: u.Side, Unit: u.ID, To: h})
	}
	return out
}

// mayEnd reports whether the unit may end its move in h (not its own
// hex), as the search r reached it: within its MP, or one hex away by
// the one-hex rule (000 line 624), and a hex it may end in.
func (m *mover) mayEnd(r *route, h hex.Hex) bool {
	if layer, _ := r.best(h.Y*m.s.Map.Width + h.X); layer < 0 {
		if !m.fresh || hex.Distance(m.u.Hex, h) != 1 {
			return false
		}
		if _, _, f := m.step(m.u.Hex, h); f != stepOK {
			return false
		}
	}
	return m.endCheck(h) == endOK
}
