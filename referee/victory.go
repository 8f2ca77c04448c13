package referee

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"bfbot/mapgen"
	"bfbot/mapgen/hex"
)

// Battle end and victory (000 lines 968–970, 2153–2175, 2647–2661, 2694–
// 2698): broken units rallying, salvage, retreat and withdrawal, surrender,
// the end of the battle and its victory points. The rulings V1–V11 are in
// docs/rulings.md.

// SalvageVP is what one captured salvage counter is worth (000 line 2157).
const SalvageVP = 10

// RallyRoll is the 2D6 roll a broken unit must make to rally (000 line
// 968), before its experience modifier.
const RallyRoll = 12

// RallyModifier is the experience modifier of a rally roll: how much
// easier than a Regular unit's its Disruption Roll is (000 line 988):
// Elite +3, Veteran +1, Regular 0, Green −2 (ruling V1).
func RallyModifier(e Experience) int { return disruptionTarget(Regular) - disruptionTarget(e) }

// The levels of the Victory Point Table (000 lines 2162–2170).
const (
	DecisiveDefeat  = "decisive defeat"
	MajorDefeat     = "major defeat"
	MinorDefeat     = "minor defeat"
	Draw            = "draw"
	MinorVictory    = "minor victory"
	MajorVictory    = "major victory"
	DecisiveVictory = "decisive victory"
)

// VictoryLevel reads the Victory Point Table (000 line 2162) for a side
// whose victory points exceed its opponent's by diff. The table stops at
// ±150; beyond it the result stays decisive (ruling V9).
func VictoryLevel(diff int) string {
	switch {
	case diff <= -100:
		return DecisiveDefeat
	case diff <= -50:
		return MajorDefeat
	case diff <= -20:
		return MinorDefeat
	case diff < 20:
		return Draw
	case diff < 50:
		return MinorVictory
	case diff < 100:
		return MajorVictory
	}
	return DecisiveVictory
}

// VictoryPoints counts each side's victory points as the battle stands
// (ruling V8): the scenario's awards (Side.VP); the cost of every enemy
// unit destroyed (R8, 000 line 2153) and twice the cost of every enemy
// unit captured (000 line 2698); 10 per salvage counter captured (000 line
// 2157) — carried by its own units that are not destroyed or captured
// (on the map, withdrawn or fled), carried by enemy units it captured, and
// the counters lying on the map when its units alone stand there (000
// line 2647). With more than two sides every other side is an enemy.
func (s *State) VictoryPoints() map[string]int {
	t := s.tallyVP()
	vp := make(map[string]int, len(t))
	for side, c := range t {
		vp[side] = c.Total()
	}
	return vp
}

// tallyVP counts each side's victory points by cause (VictoryPoints).
func (s *State) tallyVP() map[string]*VPCauses {
	if s.Scenario != nil {
		return s.scenarioVictoryPoints()
	}
	vp, enemies := s.vpTally()
	for _, u := range s.Units {
		switch u.Status {
		case Destroyed:
			// A destroyed carrier's counter is not captured by anyone
			// here: what it leaves on the map is damage's business.
			enemies(u, vpDestroyed, u.Cost())
		case Captured:
			enemies(u, vpCaptured, 2*u.Cost())
			enemies(u, vpSalvage, SalvageVP*u.Salvage)
		default:
			vp[u.Side].Salvage += SalvageVP * u.Salvage
		}
	}
	if field := s.SidesInField(); len(field) == 1 {
		n := 0
		for _, c := range s.Salvage {
			n += c
		}
		vp[field[0]].Salvage += SalvageVP * n
	}
	return vp
}

// vpTally starts each side's victory points at its scenario awards
// (Side.VP) and gives the function that awards n for a cause to every
// enemy of u's side; with more than two sides every other side is an
// enemy (ruling V8).
func (s *State) vpTally() (vp map[string]*VPCauses, enemies func(u *Unit, cause vpCause, n int)) {
	vp = make(map[string]*VPCauses, len(s.Sides))
	for _, side := range s.Sides {
		vp[side.ID] = &VPCauses{Awards: side.VP}
	}
	enemies = func(u *Unit, cause vpCause, n int) {
		for _, side := range s.Sides {
			if side.ID != u.Side {
				vp[side.ID].add(cause, n)
			}
		}
	}
	return vp, enemies
}

// SidesInField lists, in initiative order, the sides with an active unit
// on the map (ruling V5): disrupted and hidden units hold the field;
// surrendered, broken, withdrawn, destroyed, captured and undeployed units
// do not; declared drops (DR10) and units still to come (SC3) do. In a
// campaign battle air lances alone hold no field against enemy ground
// units or DropShips (ruling AIR13): they may pick up no salvage (000
// line 2647) and must keep flying (line 1097). It is the one answer to
// who is still in the battle and who holds the field at its end (000
// lines 2647, 2661): the battle's end, the salvage left on the map, the
// campaign's RBG box and its morale table's end of a battle all read it.
func (s *State) SidesInField() []string {
	var ground, any []string
	for _, side := range s.Sides {
		switch s.fieldHold(side.ID) {
		case holdsGround:
			ground = append(ground, side.ID)
			any = append(any, side.ID)
		case holdsAirOnly:
			any = append(any, side.ID)
		}
	}
	if s.Campaign != nil && len(ground) > 0 {
		return ground
	}
	return any
}

// fieldHold is what a side still has in the battle.
type fieldHold uint8

const (
	holdsNothing fieldHold = iota
	holdsAirOnly           // active air lances and nothing else
	holdsGround            // a ground unit or DropShip, a declared drop, units still to come
)

// fieldHold says what side still has in the battle (rulings V5, AIR13).
func (s *State) fieldHold(side string) fieldHold {
	if s.scenarioPending(side) {
		return holdsGround // units still to come (SC3)
	}
	h, orbit := holdsNothing, false
	for _, u := range s.Units {
		switch {
		case u.Side != side:
		case u.Status == Reserve && u.Drop && u.Aboard == "" && !dropDeclared(u):
			orbit = true // kept in orbit, its drop not yet declared
		case u.Status != Active && !dropDeclared(u):
		case u.Class.Kind() != KindAir:
			return holdsGround
		default:
			h = holdsAirOnly
		}
	}
	if h == holdsAirOnly && orbit {
		// Air cover over lances still to drop: the side is coming down,
		// not flying over alone (AIR13).
		return holdsGround
	}
	return h
}

// Outcome is how a battle ends: each side's victory points, the winner
// ("" for a draw) and the level of the Victory Point Table read from the
// winner's side.
type Outcome struct {
	VP     map[string]int
	Winner string
	Level  string
	// Diff is the winner's (or in a draw the leader's) margin over the
	// next side.
	Diff int
}

// Outcome reads the Victory Point Table for the battle as it stands: the
// side with the most points subtracts the next side's (000 line 2160); a
// margin under 20 is a draw and has no winner (ruling V9).
func (s *State) Outcome() Outcome {
	vp := s.VictoryPoints()
	ids := make([]string, 0, len(s.Sides))
	for _, side := range s.Sides {
		ids = append(ids, side.ID)
	}
	// Stable on initiative order, so equal scores name no winner below.
	sort.SliceStable(ids, func(i, j int) bool { return vp[ids[i]] > vp[ids[j]] })
	o := Outcome{VP: vp, Level: Draw}
	if len(ids) < 2 {
		return o
	}
	o.Diff = vp[ids[0]] - vp[ids[1]]
	o.Level = VictoryLevel(o.Diff)
	if o.Level != Draw {
		o.Winner = ids[0]
	}
	return o
}

// checkBattleEnd ends the battle when at most one side still stands on the
// map (000 line 2661; ruling V5), the turn limit has run out (ruling
// V10) or no unit can harm an enemy any more (ruling V16), or before the
// turn limit (ruling V17, a campaign's battle: Settle); it reports
// whether it did. It runs in the end phase, before the
// next player turn.
func (b *battle) checkBattleEnd() bool {
	s := b.s
	field := s.SidesInField()
	var why string
	switch {
	case len(field) == 0:
		why = "no side has a unit left on the map"
	case len(field) == 1 && s.Campaign != nil && len(s.airOnlySides(field)) > 0:
		why = fmt.Sprintf("only %s has ground units left on the map, and air lances alone cannot hold it (ruling AIR13)", s.Side(field[0]).Name)
	case len(field) == 1:
		why = fmt.Sprintf("only %s has units left on the map", s.Side(field[0]).Name)
	case s.Rules.TurnLimit > 0 && s.Turn >= s.Rules.TurnLimit && s.Phasing == len(s.Sides)-1:
		why = fmt.Sprintf("the turn limit (%d) is reached", s.Rules.TurnLimit)
	case s.harmless():
		why = "no unit left in the battle can ever harm an enemy (ruling V16)"
	case s.Rules.TurnLimit > 0 && s.Campaign == nil && s.harmlessBefore(s.Rules.TurnLimit):
		why = settledWhy(s.Rules.TurnLimit) // a campaign's: Settle
	default:
		if why = s.scenarioEndReason(); why == "" {
			return false
		}
	}
	b.finish(why)
	return true
}

// EndBattle ends a battle that is still going, for a reason given by the
// caller (a scenario whose commands ran out; a referee's ruling), and
// counts its victory points as they stand (ruling V11).
func EndBattle(s *State, reason string) (*State, []Event, error) {
	if s.Phase == PhaseOver {
		return s, nil, illegal("the battle is over")
	}
	side := ""
	if len(s.Sides) > 0 && s.Phasing >= 0 && s.Phasing < len(s.Sides) {
		side = s.Sides[s.Phasing].ID
	}
	b := &battle{s: s.Clone(), side: side}
	b.finish(reason)
	return b.s, b.events, nil
}

// finish ends the battle: surrendered units whose side has left the field
// are captured (ruling V7), the victory points are counted and the last
// event, battle_end, announces them (docs/architecture.md).
func (b *battle) finish(why string) {
	b.strand()
	s := b.s
	field := s.SidesInField()
	b.airBreakOff(field)
	for i, u := range s.Units {
		if u.Status == Surrendered && !slices.Contains(field, u.Side) {
			b.capture(s.own(i), "no friendly unit is left to right it")
		}
	}
	o := s.Outcome()
	s.Phase = PhaseOver
	s.Winner = o.Winner
	var score []string
	for _, side := range s.Sides {
		score = append(score, fmt.Sprintf("%s %d", side.Name, o.VP[side.ID]))
	}
	text := fmt.Sprintf("The battle ends: %s. ", why)
	if o.Winner == "" {
		text += "A draw"
	} else {
		text += fmt.Sprintf("%s wins a %s", s.Side(o.Winner).Name, o.Level)
	}
	text += fmt.Sprintf(" (%s).", strings.Join(score, ", "))
	b.emit(Event{Type: "battle_end", Winner: strp(o.Winner), VP: o.VP, Level: o.Level, Text: text})
}

// airOnlySides lists the sides outside field whose only units in the
// battle are air lances.
func (s *State) airOnlySides(field []string) []string {
	var out []string
	for _, side := range s.Sides {
		if !slices.Contains(field, side.ID) && s.fieldHold(side.ID) == holdsAirOnly {
			out = append(out, side.ID)
		}
	}
	return out
}

// airBreakOff: in a campaign battle, the air lances of a side that holds
// no field fly up out of the battle when it ends, and the side counts as
// having withdrawn, so that its battlegroups fall back (rulings AIR13,
// CB7): air lances alone cannot hold a sector against ground units.
func (b *battle) airBreakOff(field []string) {
	s := b.s
	if s.Campaign == nil {
		return
	}
	for _, id := range s.airOnlySides(field) {
		s.Side(id).Retreating = true
		for i, u := range s.Units {
			if u.Side == id && u.Status == Active {
				b.airLeave(s.own(i))
			}
		}
	}
}

// capture takes a unit off the map as the enemy's prisoner (000 line 970).
func (b *battle) capture(u *Unit, why string) {
	u.Status, u.Disrupted, u.Righting = Captured, false, false
	b.emit(Event{Type: "captured", Unit: u.ID, Side: u.Side, Hex: hexp(u.Hex), Text: fmt.Sprintf("%s is captured: %s", u.ID, why)})
	if u.Class.Kind() == KindDropShip {
		b.dropShipCaptured(u) // its load goes with it (dropship.go)
	}
}

// rallyError says why broken unit u may not try to rally into h now
// (ruling V1, V2): in its side's movement phase, once per turn, onto an
// Open hex beside one of its side's undisrupted units, where it may stand.
func (b *battle) rallyError(u *Unit, h hex.Hex) error {
	s := b.s
	switch {
	case s.Phase != PhaseMovement:
		return illegal("broken units rally in their side's movement phase")
	case u.Status != Broken:
		return illegal("%s has not broken: only broken units rally", u.ID)
	case u.RalliedAt == s.PlayerTurn:
		return illegal("%s has already tried to rally this turn", u.ID)
	case 12+RallyModifier(u.Experience) < RallyRoll:
		return illegal("%s is %v: even a 12 (%+d for its experience) cannot reach the %d a rally needs", u.ID, u.Experience, RallyModifier(u.Experience), RallyRoll)
	case !s.Map.Contains(h):
		return illegal("hex %s is not on the map", h)
	case s.Cell(h).Terrain != mapgen.Open:
		return illegal("a rallying unit returns on an Open hex; %s is %v", h, s.Cell(h).Terrain)
	}
	if !b.besideSteadyFriend(u, h) {
		return illegal("hex %s is not beside any undisrupted unit of %s", h, s.Side(u.Side).Name)
	}
	return b.canStandKnown(u, h)
}

// besideSteadyFriend reports whether h is adjacent to an active,
// undisrupted ground unit of u's side.
func (b *battle) besideSteadyFriend(u *Unit, h hex.Hex) bool {
	for _, v := range b.s.Units {
		if v.Side == u.Side && v.Status == Active && !v.Disrupted && v.Class.Ground() && hex.Distance(v.Hex, h) == 1 {
			return true
		}
	}
	return false
}

// rally: a broken unit rolls 2D6 to return to the board (000 line 968;
// rulings V1, V2). The hex is named before the roll; a unit that rallies
// has spent its movement for the turn but may attack. A hex that only
// the enemy's hidden units fill is found full: they are revealed and the
// try is spent, unrolled (ruling M12).
func (b *battle) rally(a Action) error {
	u := b.unit(a.Unit)
	if err := b.rallyError(u, a.To); err != nil {
		return err
	}
	u.RalliedAt = b.s.PlayerTurn
	if !b.tryStand(u, a.To, false) {
		b.emit(Event{Type: "rally", Unit: u.ID, Result: strp("failed"),
			Text: fmt.Sprintf("%s cannot rally into %s, which the revealed units fill; it stays broken this turn (ruling M12)", u.ID, a.To)})
		return nil
	}
	roll, err := b.roll(fmt.Sprintf("rally %s", u.ID), 2, nil)
	if err != nil {
		return err
	}
	mod := RallyModifier(u.Experience)
	if roll+mod < RallyRoll {
		b.emit(Event{Type: "rally", Unit: u.ID, Roll: intp(roll), Result: strp("failed"),
			Text: fmt.Sprintf("%s fails to rally: %d%+d, needs %d", u.ID, roll, mod, RallyRoll)})
		return nil
	}
	u.Status, u.Hex, u.StartHex = Active, a.To, a.To
	u.Disrupted, u.Overburning, u.Hidden = false, false, false
	// It has come back, not moved: its movement is over for the turn.
	u.Moved, u.MoveTurn, u.Halted, u.RoadBonus, u.MPLeft = true, b.s.PlayerTurn, true, false, 0
	b.emit(Event{Type: "rally", Unit: u.ID, Hex: hexp(a.To), Roll: intp(roll), Result: strp("rallied"),
		Text: fmt.Sprintf("%s rallies (%d%+d) and returns at %s", u.ID, roll, mod, a.To)})
	// Coming back into a hex is entering it: mines there go off and the
	// enemy's hiding infantry is revealed and may attack (ruling M14).
	_, err = b.meet(u, a.To)
	return err
}

// pickupError says why u may not pick up salvage now (ruling V3): a
// ground unit (not air, not a DropShip, 000 line 2647) that is free to
// move, in its side's movement phase, in a hex with a counter, carrying
// none yet.
func (b *battle) pickupError(u *Unit) error {
	s := b.s
	switch {
	case s.Phase != PhaseMovement:
		return illegal("salvage is picked up in the movement phase")
	case u.Status != Active:
		return illegal("%s is %v", u.ID, u.Status)
	case !u.Class.Ground():
		return illegal("%v units do not pick up salvage", u.Class)
	case u.Disrupted:
		return illegal("%s is disrupted and may not move", u.ID)
	case s.Salvage[u.Hex] == 0:
		return illegal("there is no salvage counter at %s", u.Hex)
	case u.Salvage > 0:
		return illegal("%s already carries a salvage counter; a unit carries one", u.ID)
	}
	return nil
}

// pickup: the unit takes one salvage counter from its hex, at no movement
// cost (000 line 2647; ruling V3).
func (b *battle) pickup(a Action) error {
	u := b.unit(a.Unit)
	if err := b.pickupError(u); err != nil {
		return err
	}
	u.Salvage++
	if b.s.Salvage[u.Hex]--; b.s.Salvage[u.Hex] == 0 {
		delete(b.s.Salvage, u.Hex)
	}
	b.emit(Event{Type: "pickup", Unit: u.ID, Hex: hexp(u.Hex), Text: fmt.Sprintf("%s picks up a salvage counter at %s", u.ID, u.Hex)})
	return nil
}

// retreatError says why the side may not declare a retreat (000 line
// 2175; ruling V4): once, with a retreat edge, after at least one of its
// units was destroyed or three took damage steps.
func (b *battle) retreatError(side *Side) error {
	s := b.s
	switch {
	case s.Phase != PhaseMovement && s.Phase != PhaseAttack:
		return illegal("a retreat is declared in one's own turn, once the battle has started")
	case side.Retreating:
		return illegal("%s is already retreating", side.Name)
	case side.RetreatEdge == NoEdge:
		return illegal("%s has no map edge to retreat by", side.Name)
	}
	if s.Campaign != nil {
		return b.campaignRetreatError(side)
	}
	destroyed, damaged := 0, 0
	for _, u := range s.Units {
		if u.Side != side.ID {
			continue
		}
		if u.Status == Destroyed {
			destroyed++
		}
		if u.Step > 0 {
			damaged++
		}
	}
	if destroyed == 0 && damaged < 3 {
		return illegal("%s may not break off yet: none of its units has been destroyed and only %d have taken damage steps (three are needed)", side.Name, damaged)
	}
	return nil
}

// retreat: the side announces it breaks off; from now on its units may
// withdraw by its retreat edge (000 lines 2175, 2655–2657).
func (b *battle) retreat() error {
	side := b.s.Side(b.side)
	if err := b.retreatError(side); err != nil {
		return err
	}
	side.Retreating = true
	b.emit(Event{Type: "retreat", Text: fmt.Sprintf("%s breaks off and retreats by the %v edge", side.Name, side.RetreatEdge)})
	return nil
}

// withdrawError says why u may not leave the map now (ruling V6): a ground
// unit free to move (canMove), with movement left, standing on an edge of
// the map. Whether it gets away is withdraw's business.
func (b *battle) withdrawError(u *Unit) error {
	if u.Class.Kind() == KindAir {
		return airLeaveError(b.s, u)
	}
	if err := canMove(b.s, u); err != nil {
		return err
	}
	switch {
	case u.MPLeft < 1:
		return illegal("%s has no movement left to leave the map", u.ID)
	case !onAnyEdge(b.s, u.Hex):
		return illegal("%s must stand on an edge of the map to leave it", u.ID)
	}
	return nil
}

func onAnyEdge(s *State, h hex.Hex) bool {
	for _, e := range []Edge{North, East, South, West} {
		if OnEdge(s.Map, h, e) {
			return true
		}
	}
	return false
}

// withdraw: the unit leaves the map (000 lines 2647, 2653–2657; ruling
// V6). It gets away, with the salvage it carries, when its side has
// declared a retreat and it leaves by the retreat edge. A unit carrying
// salvage may also leave before the declaration, by any edge; after it, by
// another edge it escapes only on 4–6 on one die. Any other unit that
// leaves is captured. A unit that overburned this turn pays its step as it
// goes.
func (b *battle) withdraw(a Action) error {
	u := b.unit(a.Unit)
	if err := b.withdrawError(u); err != nil {
		return err
	}
	if u.Class.Kind() == KindAir {
		b.airLeave(u)
		return nil
	}
	side := b.s.Side(u.Side)
	if u.Overburning {
		if err := b.overburnLoss(u); err != nil {
			return err
		}
		u.Overburning = false
		if u.Status != Active {
			return nil
		}
	}
	u.MPLeft, u.Moved = 0, true
	if u.Hidden {
		// Leaving is moving, and a hidden unit that moves is seen (M15).
		b.unhide(u, fmt.Sprintf("hidden %v %s is revealed at %s as it leaves the map", u.Class.Kind(), u.ID, u.Hex))
	}
	fate := withdrawFate(b.s, u, side)
	switch {
	case fate.Scenario:
		b.scenarioExit(u, side)
	case fate.Chance:
		roll, err := b.roll(fmt.Sprintf("%s leaves by the wrong edge with salvage", u.ID), 1, nil)
		if err != nil {
			return err
		}
		if roll <= 3 {
			b.capture(u, fmt.Sprintf("it left by the wrong edge and rolled %d", roll))
			return nil
		}
	case fate.Captured:
		b.capture(u, fate.Why)
		return nil
	}
	u.Status = Withdrawn
	text := fmt.Sprintf("%s withdraws from %s", u.ID, u.Hex)
	if u.Salvage > 0 {
		text += fmt.Sprintf(" carrying %d salvage", u.Salvage)
	}
	b.emit(Event{Type: "withdraw", Unit: u.ID, Hex: hexp(u.Hex), Text: text})
	return nil
}

// WithdrawFate is what leaving the map now means for a unit (000 lines
// 2647, 2653–2657; ruling V6): it gets away, it is captured, or it
// escapes only on 4–6 on one die; Why says which rule decides.
type WithdrawFate struct {
	Captured bool // it is captured for sure
	Chance   bool // captured on 1–3 on one die
	Scenario bool // the scenario's exit or scavenging lets it go
	Why      string
}

// FateOfWithdrawal tells what /battle withdraw would do to unit id now,
// without doing it: the prompt that asks to confirm says "captured"
// before the player confirms. It does not check that the unit may leave
// (Apply does).
func FateOfWithdrawal(s *State, id string) (WithdrawFate, error) {
	u := s.Unit(id)
	if u == nil {
		return WithdrawFate{}, illegal("there is no unit %s", id)
	}
	return withdrawFate(s, u, s.Side(u.Side)), nil
}

func withdrawFate(s *State, u *Unit, side *Side) WithdrawFate {
	if u.Class.Kind() == KindAir {
		return WithdrawFate{Why: "an air lance flies up and away (ruling AIR5)"}
	}
	if _, _, ok := scenarioExitFor(s, u, side); ok {
		return WithdrawFate{Scenario: true, Why: "the scenario lets it leave by this edge"}
	}
	onRetreatEdge := OnEdge(s.Map, u.Hex, side.RetreatEdge)
	switch {
	case side.Retreating && onRetreatEdge:
		return WithdrawFate{Why: fmt.Sprintf("%s retreats by the %v edge, where it stands", side.Name, side.RetreatEdge)}
	case u.Salvage > 0 && side.Retreating:
		return WithdrawFate{Chance: true, Why: fmt.Sprintf("it carries salvage but leaves by the wrong edge (%s retreats by the %v edge): it escapes on 4–6 on one die and is captured on 1–3", side.Name, side.RetreatEdge)}
	case u.Salvage > 0:
		return WithdrawFate{Why: "a unit carrying salvage may leave by any edge before the retreat is declared"}
	case side.Retreating:
		return WithdrawFate{Captured: true, Why: fmt.Sprintf("it left by the wrong edge: %s retreats by the %v edge", side.Name, side.RetreatEdge)}
	}
	return WithdrawFate{Captured: true, Why: fmt.Sprintf("it left the map before %s declared a retreat", side.Name)}
}

// surrender: the side gives up (ruling V7). Its units on the map are
// captured; those that broke and fled or withdrew are not. The battle ends
// at once and the Victory Point Table decides it.
func (b *battle) surrender() error {
	s := b.s
	side := s.Side(b.side)
	b.emit(Event{Type: "surrender", Text: fmt.Sprintf("%s surrenders", side.Name)})
	for i, u := range s.Units {
		// Hidden units are not on the board (ruling K2): the enemy never
		// learns of them, so a surrender cannot hand them over (V7).
		if u.Side == side.ID && u.Status.OnMap() && !u.Hidden {
			b.capture(s.own(i), fmt.Sprintf("%s surrendered", side.Name))
		}
	}
	b.finish(fmt.Sprintf("%s surrenders", side.Name))
	return nil
}

// validOther lists the rally, pickup and withdraw actions the unit may
// take now.
func validOther(s *State, u *Unit) []Action {
	if s.Phase != PhaseMovement || s.PhasingSide().ID != u.Side {
		return nil
	}
	b := &battle{s: s, side: u.Side}
	var out []Action
	if u.Status == Broken {
		seen := map[hex.Hex]bool{}
		for _, v := range s.Units {
			if v.Side != u.Side || v.Status != Active {
				continue
			}
			for _, h := range s.Map.Neighbors(v.Hex) {
				if !seen[h] && b.rallyError(u, h) == nil {
					out = append(out, Action{Kind: ActRally, Side: u.Side, Unit: u.ID, To: h})
				}
				seen[h] = true
			}
		}
		slices.SortFunc(out, func(x, y Action) int { return strings.Compare(x.To.String(), y.To.String()) })
	}
	if b.pickupError(u) == nil {
		out = append(out, Action{Kind: ActPickup, Side: u.Side, Unit: u.ID})
	}
	if b.withdrawError(u) == nil {
		out = append(out, Action{Kind: ActWithdraw, Side: u.Side, Unit: u.ID})
	}
	return out
}

// ValidSideActions lists the actions a side takes as a whole, when legal:
// retreat (000 line 2175), an offer of a truce (V18) and surrender
// (always, until the battle ends).
func ValidSideActions(s *State, side string) []Action {
	sd := s.Side(side)
	if sd == nil || s.Phase == PhaseOver {
		return nil
	}
	var out []Action
	if s.Phase != PhaseDeploy && s.PhasingSide().ID == side {
		if (&battle{s: s, side: side}).retreatError(sd) == nil {
			out = append(out, Action{Kind: ActRetreat, Side: side})
		}
	}
	if truceError(s, sd) == nil {
		out = append(out, Action{Kind: ActTruce, Side: side})
	}
	return append(out, Action{Kind: ActSurrender, Side: side})
}
