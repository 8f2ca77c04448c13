package referee

import (
	"fmt"

	"bfbot/mapgen/hex"
)

// Air lances (000 lines 1059–1169; rulings AIR1–AIR12): two fighters that
// fly one straight line a turn after the ground units have moved (000
// lines 578–580), leave the battle by flying up, and make one attack a
// turn — strafe, bomb or air attack — before all other fire (000 line
// 602). Ground units fire back from the same or an adjacent hex. An air
// counter carries AA in the RA place and ST in the CA place (Q3); Range is
// R and MP is M.

// AirMinMove is the fewest hexes an air lance flies each turn (000 line
// 1097).
const AirMinMove = 2

// AirAdjacentShift is the column shift of ground fire at an air lance in
// an adjacent hex (000 line 1157).
const AirAdjacentShift = -4

// airBombMax is the largest bomb load the class may carry (Bomb Load
// Table, 000 lines 1103–1110): Heavy 10, Medium 15, Light 30.
func airBombMax(c Class) int {
	switch c {
	case LightAir:
		return 30
	case MediumAir:
		return 15
	case HeavyAir:
		return 10
	}
	return 0
}

// airBombHeld is the bomb load u still carries: its chit until dropped
// (000 line 1112: one load per game).
func airBombHeld(u *Unit) int {
	if u.BombDropped {
		return 0
	}
	return u.Chits.Bomb
}

// airMP is u's movement allowance: M less 1 per 5 bomb points carried
// (Bomb Load Table, 000 lines 1101–1110).
func airMP(u *Unit) int { return max(0, u.MP-airBombHeld(u)/5) }

// airLoadError says why u's bomb load breaks the Bomb Load Table: whole
// 5-point counters, no more than the class maximum, air units only (000
// lines 1103–1112, 1142).
func airLoadError(u *Unit) error {
	b := u.Chits.Bomb
	switch {
	case b == 0:
		return nil
	case u.Class.Kind() != KindAir:
		return illegal("%s is not an air unit and cannot carry bombs (%s)", u.ID, bookCite{1101})
	case b < 0 || b%5 != 0:
		return illegal("%s carries %d bomb points: bomb loads come in counters of 5 (%s)", u.ID, b, bookCite{1103})
	case b > airBombMax(u.Class):
		return illegal("%s carries %d bomb points, more than the %d a %v lance may carry (%s)", u.ID, b, airBombMax(u.Class), u.Class, bookSpan{1103, 1110})
	}
	return nil
}

// airFlown reports whether u has flown its move this turn.
func airFlown(s *State, u *Unit) bool { return u.Moved && u.MoveTurn == s.PlayerTurn }

// airSideFlown reports whether an air unit of side has flown this turn:
// ground units move first (000 lines 578–580; ruling AIR3).
func airSideFlown(s *State, side string) bool {
	for _, v := range s.Units {
		if v.Side == side && v.Class.Kind() == KindAir && v.Status.OnMap() && airFlown(s, v) {
			return true
		}
	}
	return false
}

// airCanMove says why air unit u may not fly now. A disrupted air lance
// still moves (000 line 1163).
func airCanMove(s *State, u *Unit) error {
	switch {
	case s.Phase != PhaseMovement:
		return illegal("units move in the movement phase; this is the %v phase", s.Phase)
	case u.Status == Reserve:
		return illegal("%s has not been deployed", u.ID)
	case u.Status != Active:
		return illegal("%s is %v", u.ID, u.Status)
	case airFlown(s, u):
		return illegal("%s is an air unit and has already flown this turn: it flies one straight line a turn (%s; ruling AIR1)", u.ID, bookCite{1097})
	}
	return nil
}

// airLine returns the straight line of hexes from from to to (excluding
// from), or false when to is not along one of the six hexside directions.
func airLine(from, to hex.Hex) ([]hex.Hex, bool) {
	d := to.Cube().Sub(from.Cube())
	n := d.Len()
	if n == 0 {
		return nil, false
	}
	for _, dir := range hex.Directions {
		if dir.Cube().Scale(n) == d {
			line := make([]hex.Hex, n)
			h := from
			for i := range line {
				h = h.Neighbor(dir)
				line[i] = h
			}
			return line, true
		}
	}
	return nil, false
}

// airEndError says why u may not fly from its hex to to: a straight line
// (000 line 1097), 2 hexes or more and no more than its MP (bombs
// counted), ending on the map, not in a DropShip's hex and within the
// stacking limit (ruling AIR2).
func airEndError(s *State, u *Unit, to hex.Hex) error {
	if !s.Map.Contains(to) {
		return illegal("hex %s is not on the map: an air lance leaves the battle by flying up (withdraw %s)", to, u.ID)
	}
	n := hex.Distance(u.Hex, to)
	if n < AirMinMove {
		return illegal("%s is an air unit: it must fly at least %d hexes (%s)", u.ID, AirMinMove, bookCite{1097})
	}
	if _, ok := airLine(u.Hex, to); !ok {
		return illegal("%s is an air unit: it flies in a straight line of hexes, and %s is not in line with %s (%s)", u.ID, to, u.Hex, bookCite{1097})
	}
	if mp := airMP(u); n > mp {
		if held := airBombHeld(u); held > 0 {
			return illegal("hex %s is %d hexes away; %s flies at most %d with its %d-point bomb load (%s)", to, n, u.ID, mp, held, bookCite{1101})
		}
		return illegal("hex %s is %d hexes away; %s flies at most %d", to, n, u.ID, mp)
	}
	return airRoomError(s, u, to, false)
}

// airRoomError says why u may not end its flight in to: a DropShip there,
// or the stacking limit reached. The enemy's hidden units are counted only
// when hidden is set: a refusal counts what u's side knows (ruling M12).
func airRoomError(s *State, u *Unit, to hex.Hex, hidden bool) error {
	others := 0
	for _, v := range s.UnitsAt(to, true) {
		if v.ID == u.ID || !hidden && v.Hidden && v.Side != u.Side {
			continue
		}
		if v.Class.Kind() == KindDropShip {
			return illegal("%s may not end its flight in %s, where DropShip %s stands (ruling AIR2)", u.ID, to, v.ID)
		}
		others++
	}
	if others >= StackLimit {
		return illegal("hex %s already holds %d units; no more than %d may stand in one hex (%s; ruling M6)", to, others, StackLimit, bookCite{630})
	}
	return nil
}

// airMove flies u in a straight line to a.To (along a.Path when given,
// which must be that line). It passes over everything: no terrain, mines,
// hidden infantry or overrun (000 line 1097; ruling AIR1). Its movement
// ends for the turn.
func (b *battle) airMove(u *Unit, a Action) error {
	s := b.s
	if err := airEndError(s, u, a.To); err != nil {
		return err
	}
	line, _ := airLine(u.Hex, a.To)
	if len(a.Path) > 0 {
		ok := len(a.Path) == len(line)
		for i := 0; ok && i < len(line); i++ {
			ok = a.Path[i] == line[i]
		}
		if !ok {
			return illegal("%s is an air unit: its path must be the straight line from %s to %s (%s)", u.ID, u.Hex, a.To, bookCite{1097})
		}
	}
	from := u.Hex
	u.Moved, u.MoveTurn, u.Halted, u.RoadBonus, u.MPLeft = true, s.PlayerTurn, true, false, 0
	u.Hex = a.To
	b.emit(Event{Type: "move", Unit: u.ID, From: hexp(from), Hex: hexp(a.To),
		Text: fmt.Sprintf("%s flies %s", u.ID, pathText(from, line))})
	if airRoomError(s, u, a.To, true) != nil {
		b.airFallBack(u, from, line)
	}
	return nil
}

// airFallBack handles a flight ended in a hex that the enemy's hidden
// units fill: they are revealed, and u goes back along its line to the
// last hex it may end in, or where it set out (ruling M12).
func (b *battle) airFallBack(u *Unit, from hex.Hex, line []hex.Hex) {
	full := u.Hex
	b.revealFilling(u, full, true)
	u.Hex = from
	for i := len(line) - 2; i >= 0; i-- {
		if b.tryStand(u, line[i], true) {
			u.Hex = line[i]
			break
		}
	}
	b.emit(Event{Type: "move", Unit: u.ID, From: hexp(full), Hex: hexp(u.Hex),
		Text: fmt.Sprintf("%s cannot stay in %s, where %d units already stand, and falls back to %s", u.ID, full, StackLimit, u.Hex)})
}

// airValidMoves lists the hexes u may fly to now.
func airValidMoves(s *State, u *Unit) []Action {
	if airCanMove(s, u) != nil {
		return nil
	}
	var out []Action
	for _, dir := range hex.Directions {
		h := u.Hex
		for range airMP(u) {
			h = h.Neighbor(dir)
			if !s.Map.Contains(h) {
				break
			}
			if airEndError(s, u, h) == nil {
				out = append(out, Action{Kind: ActMove, Side: u.Side, Unit: u.ID, To: h})
			}
		}
	}
	return out
}

// airUnmoved says why the phasing side may not leave its movement phase:
// an air lance that has not flown and could must fly at least 2 hexes
// (000 line 1097) or leave the battle (ruling AIR4).
func airUnmoved(s *State) error {
	if s.Phase != PhaseMovement {
		return nil
	}
	side := s.PhasingSide().ID
	for _, u := range s.Units {
		if u.Side == side && u.Class.Kind() == KindAir && u.Status == Active && !airFlown(s, u) && len(airValidMoves(s, u)) > 0 {
			return illegal("%s is an air unit and must fly at least %d hexes each turn (%s), or leave the battle (withdraw %s)", u.ID, AirMinMove, bookCite{1097}, u.ID)
		}
	}
	return nil
}

// airLeaveError says why air unit u may not leave the battle now: it may
// fly up at any time in its movement phase (000 line 1099; ruling AIR5).
func airLeaveError(s *State, u *Unit) error {
	switch {
	case s.Phase != PhaseMovement:
		return illegal("an air lance leaves the battle in its movement phase (ruling AIR5)")
	case u.Status != Active:
		return illegal("%s is %v", u.ID, u.Status)
	}
	return nil
}

// airLeave flies u up and out of the battle: it may not return (000 line
// 1099).
func (b *battle) airLeave(u *Unit) {
	u.Status, u.Moved, u.MoveTurn, u.MPLeft, u.Disrupted = Withdrawn, true, b.s.PlayerTurn, 0, false
	b.emit(Event{Type: "withdraw", Unit: u.ID, Hex: hexp(u.Hex), Text: fmt.Sprintf("%s flies up out of the battle from %s and may not return", u.ID, u.Hex)})
}

// airGroundFired reports whether a ground unit of side has attacked this
// turn: air fire is resolved first (000 line 602; ruling AIR6).
func airGroundFired(s *State, side string) bool {
	for _, v := range s.Units {
		if v.Side == side && v.Class.Ground() && v.Attacked {
			return true
		}
	}
	return false
}

// airReady says why air unit u may make no attack now.
func airReady(s *State, u *Unit) error {
	if err := readyToAttack(s, u); err != nil {
		return err
	}
	if airGroundFired(s, u.Side) {
		return illegal("%s is an air unit: air units fire before ground units (%s), and your ground units have already fired this turn", u.ID, bookCite{602})
	}
	return nil
}

// airPlanAttack checks an air attack by air unit u on another air unit
// (000 line 1150): within its range R, AA − D, shifted only by the
// attacker's experience.
func airPlanAttack(s *State, u *Unit, a Action) (attackPlan, error) {
	p := attackPlan{attacker: u, mode: a.Mode}
	if err := airReady(s, u); err != nil {
		return p, err
	}
	target, at, err := findTarget(s, u.Side, a.Target)
	if err != nil {
		return p, err
	}
	if target == nil || target.Class.Kind() != KindAir {
		return p, illegal("%s is an air unit: it attacks ground units by strafing or bombing a hex (strafe %s HEX, bomb %s HEX; %s) and air units with its Air Attack Value", u.ID, u.ID, u.ID, bookSpan{1130, 1150})
	}
	if a.Mode != Ranged || a.Observer != "" {
		return p, illegal("an air attack is made with the Air Attack Value, with no mode or observer (%s)", bookCite{1150})
	}
	if dist := hex.Distance(u.Hex, at); dist > u.Range {
		return p, illegal("%s is %d hexes from %s, beyond its air combat range of %d (%s)", a.Target, dist, u.ID, u.Range, bookCite{1150})
	}
	p.target, p.at = target, at
	p.value = u.Current().RA
	if err := p.declare(a.Value, "Air Attack Value"); err != nil {
		return p, err
	}
	p.defense = target.Current().D
	p.column = Column(p.value, p.defense, ExperienceShift(u.Experience))
	return p, nil
}

// airPlanGroundFire checks ground unit u's fire at air unit target (000
// lines 1154–1157): from the same or an adjacent hex, ranged or close as
// usual, no terrain and no line of sight, −4 from an adjacent hex (ruling
// AIR8).
func airPlanGroundFire(s *State, u, target *Unit, a Action) (attackPlan, error) {
	p := attackPlan{attacker: u, target: target, at: target.Hex, mode: a.Mode}
	dist := hex.Distance(u.Hex, target.Hex)
	switch {
	case dist > 1:
		return p, illegal("%s is an air unit %d hexes from %s: ground units fire at air units only in the same or an adjacent hex (%s)", a.Target, dist, u.ID, bookCite{1154})
	case a.Mode == CloseAssault:
		return p, illegal("close assault is an infantry attack on a ground unit in its hex (%s); fire at %s ranged or close", bookCite{1013}, a.Target)
	case a.Observer != "":
		return p, illegal("fire at an air unit needs no forward observer: it must be in the same or an adjacent hex (%s)", bookCite{1154})
	case u.MinRange > 0 && dist < u.MinRange:
		return p, illegal("%s is %s from %s, inside its minimum range of %d (%s; ruling K6)", a.Target, hexCount(dist), u.ID, u.MinRange, bookCite{835})
	}
	cur := attackValues(u)
	var shifts []int
	if a.Mode == Ranged {
		if dist > u.Range {
			return p, illegal("%s is %d hexes from %s, beyond its range of %d (%s)", a.Target, dist, u.ID, u.Range, bookCite{833})
		}
		p.value = cur.RA
		if u.Chits.Firepower > 0 && !u.FirepowerUsed {
			p.value += u.Chits.Firepower
			p.firepower = a.Value == 0 || a.Value > cur.RA
		}
		if s.Rules.Night {
			shifts = append(shifts, NightFireShift)
		}
	} else {
		p.value = cur.CA
	}
	if err := p.declare(a.Value, modeValue(a.Mode)); err != nil {
		return p, err
	}
	if dist == 1 {
		shifts = append(shifts, AirAdjacentShift)
	}
	shifts = append(shifts, ExperienceShift(u.Experience))
	if target.Disrupted {
		shifts = append(shifts, DisruptedTargetShift)
	}
	p.defense = target.Current().D
	p.column = Column(p.value, p.defense, shifts...)
	return p, nil
}

// airHexTargets checks a strafe or bomb by air unit u on hex h and returns
// the ground units it attacks: every one standing in h, friend or foe,
// except hidden infantry (not on the board) and surrendered units (ruling
// AIR9). Strafe: on or adjacent to h (000 line 1134). Bomb: the same or
// an adjacent hex, while it carries its load (000 lines 1140–1146).
func airHexTargets(s *State, u *Unit, h hex.Hex, bomb bool) ([]*Unit, error) {
	switch {
	case s.Phase != PhaseMovement && s.Phase != PhaseAttack:
		return nil, illegal("attacks come after deployment, in the attack phase of a player turn")
	case u.Class.Kind() != KindAir:
		return nil, illegal("%s is not an air unit: only air lances strafe and bomb (%s)", u.ID, bookCite{1130})
	case !s.Map.Contains(h):
		return nil, illegal("hex %s is not on the map", h)
	}
	if err := weatherStrafeError(s, u, bomb); err != nil {
		return nil, err
	}
	if err := airReady(s, u); err != nil {
		return nil, err
	}
	if err := airUnmoved(s); err != nil {
		return nil, err
	}
	what := "strafe"
	if bomb {
		what = "bomb"
		if airBombHeld(u) == 0 {
			return nil, illegal("%s carries no bomb load: an air lance carries one load per game (%s)", u.ID, bookCite{1112, 1146})
		}
	}
	if d := hex.Distance(u.Hex, h); d > 1 {
		return nil, illegal("%s is %d hexes from %s: an air lance must stand in or next to the hex it %ss (%s)", h, d, u.ID, what, bookCite{1134, 1144})
	}
	var out []*Unit
	for _, v := range s.UnitsAt(h, false) {
		if v.Class.Ground() && v.Status == Active {
			out = append(out, v)
		}
	}
	if len(out) == 0 {
		return nil, illegal("there is no ground unit to %s in %s", what, h)
	}
	return out, nil
}

// airHexAttack carries out a strafe or a bomb: each ground unit in the
// hex suffers a separate attack, value − D shifted by the air unit's
// experience, the target's terrain and a disrupted target (000 lines
// 1136–1146).
func (b *battle) airHexAttack(a Action, bomb bool) error {
	u := b.unit(a.Unit)
	targets, err := airHexTargets(b.s, u, a.To, bomb)
	if err != nil {
		return err
	}
	if now, err := b.attackEndsMovement(u); !now || err != nil {
		return err
	}
	u.Attacked = true
	mode, value := "strafe", u.Current().CA
	if bomb {
		mode, value = "bomb", airBombHeld(u)
		u.BombDropped = true
		b.emit(Event{Type: "bomb", Unit: u.ID, Hex: hexp(a.To), Text: fmt.Sprintf("%s drops its %d-point bomb load on %s", u.ID, value, a.To)})
	} else {
		b.emit(Event{Type: "strafe", Unit: u.ID, Hex: hexp(a.To), Text: fmt.Sprintf("%s strafes %s", u.ID, a.To)})
	}
	for _, t := range targets {
		if !t.Status.OnMap() {
			continue
		}
		shifts := []int{ExperienceShift(u.Experience), b.s.Cell(t.Hex).Terrain.Info().Shift}
		if t.Disrupted {
			shifts = append(shifts, DisruptedTargetShift)
		}
		d := t.Current().D
		e := Event{Attacker: u.ID, Mode: mode, Value: intp(value), Defense: intp(d), Column: intp(Column(value, d, shifts...))}
		if err := b.attackRoll(e, t); err != nil {
			return err
		}
	}
	if bomb {
		b.emit(Event{Type: "bomb_removed", Hex: hexp(a.To), Text: fmt.Sprintf("the bomb counter is removed from %s", a.To)})
	}
	return nil
}

// airValidAttacks lists u's attacks now: air attacks on enemy air units in
// range, and strafes and bombs on its own and the adjacent hexes where an
// enemy ground unit stands in sight.
func airValidAttacks(s *State, u *Unit) []Action {
	var out []Action
	for _, v := range s.Units {
		if v.Side == u.Side || v.Class.Kind() != KindAir || !v.Status.OnMap() {
			continue
		}
		a := Action{Kind: ActAttack, Side: u.Side, Unit: u.ID, Target: v.ID}
		if _, err := airPlanAttack(s, u, a); err == nil {
			out = append(out, a)
		}
	}
	hexes := append([]hex.Hex{u.Hex}, s.Map.Neighbors(u.Hex)...)
	for _, h := range hexes {
		enemy := false
		for _, v := range s.UnitsAt(h, false) {
			enemy = enemy || v.Side != u.Side
		}
		if !enemy {
			continue
		}
		for _, k := range []ActionKind{ActStrafe, ActBomb} {
			if _, err := airHexTargets(s, u, h, k == ActBomb); err == nil {
				out = append(out, Action{Kind: k, Side: u.Side, Unit: u.ID, To: h})
			}
		}
	}
	return out
}
