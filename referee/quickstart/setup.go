package quickstart

import (
	"fmt"
	"slices"
	"strings"

	"bfbot/internal/cite"
	"bfbot/internal/english"
	"bfbot/mapgen"
	"bfbot/mapgen/hex"
	"bfbot/referee"
	"bfbot/referee/dice"
)

// ZoneDepth is the depth of a Deployment Zone in the Veteran Training
// Scenario: the first five hexes from the home map edge (002 line 572).
const ZoneDepth = 5

// SetUp is the set-up being played before game turn 1: the Veteran
// Training Scenario's (002 lines 566–582), or the Green's, where the
// players place their Units (002 lines 520, 528; deploy.go). The choices
// left are in Steps, the first due now, each made by its side's own
// action (ChooseHome, PlaceCounter, ChooseOrder, PlaceUnit) or by the
// bot (SetUpChoice; Done asks for it).
type SetUp struct {
	// Winner won the set-up roll (002 line 568); -1 in the Green set-up,
	// which has none.
	Winner int
	// Steps are the choices still to make, in the book's order.
	Steps []SetUpStep
	// OnBoard: the Units start on the map, placed by the players in turn
	// (002 line 578, the option the players may agree on; always in the
	// Green set-up); else they enter from their home edges in game turn 1
	// (Entering).
	OnBoard bool
	// Planned are the bot's choices of hex and facing for the Units that
	// have one: the Green scenario file's positions (ruling QS23).
	Planned []Placement `json:",omitempty"`
}

// SetUpStep is one choice of the set-up: the winner's home edge, Side
// placing one of Counter.Owner's counters (002 lines 570–574), choosing
// to set up first or second (Order) or placing one of its Units (Unit;
// 002 line 578).
type SetUpStep struct {
	Side  int
	Home  bool
	Order bool `json:",omitempty"`
	Unit  bool `json:",omitempty"`
	// Counter is the counter to place, its value set; its Hex is chosen.
	Counter Counter
}

// Describe says what the step asks of its side, for the side to act and
// for the other: which counter, whose Deployment Zone; sides are the
// sides' names as the players read them.
func (st SetUpStep) Describe(sides [2]string) string {
	switch {
	case st.Home:
		return sides[st.Side] + " chooses the home map edge"
	case st.Order:
		return sides[st.Side] + " chooses to set up first or second"
	case st.Unit:
		return sides[st.Side] + " places one of its Units in its Deployment Zone"
	}
	owner := english.Possessive(sides[st.Counter.Owner])
	return fmt.Sprintf("%s places %s %v in %s Deployment Zone", sides[st.Side], owner, st.Counter.Kind, owner)
}

// kind is the action that makes the step's choice.
func (st SetUpStep) kind() ActionKind {
	switch {
	case st.Home:
		return ChooseHome
	case st.Order:
		return ChooseOrder
	case st.Unit:
		return PlaceUnit
	}
	return PlaceCounter
}

// howTo is the command that makes the step's choice.
func (st SetUpStep) howTo() string {
	switch st.kind() {
	case ChooseHome:
		return "/battle place edge:"
	case ChooseOrder:
		return "/battle place order:first or order:second"
	case PlaceUnit:
		return "/battle place unit: hex: facing:"
	}
	return fmt.Sprintf("/battle place kind:%v hex:", st.Counter.Kind)
}

// NewVeteranBattle starts the Veteran Training Scenario's set-up on m:
// both sides roll 2D6, ties again, and the higher is the set-up's
// Initiative winner (002 line 568); the State waits in SetUpPhase for
// the winner's home edge, then for the objectives and Headquarters in
// the book's order (newSetUpSteps). The Units are off the map; counters
// are each side's own, their values set, their hexes to be chosen.
func NewVeteranBattle(m *mapgen.Map, sides, names [2]string, units []UnitState, counters []Counter, onBoard bool, d *dice.Dice) (State, []Event, error) {
	s := State{Map: m, Sides: sides, Names: names, Units: slices.Clone(units), Turn: 1, Winner: -1, Phase: SetUpPhase}
	slices.SortFunc(s.Units, func(a, b UnitState) int { return strings.Compare(a.ID, b.ID) })
	s = s.Clone()
	for i := range s.Units {
		s.Units[i].Hex, s.Units[i].OffBoard, s.Units[i].Moved = hex.Hex{}, true, false
	}
	if m == nil || (m.Width <= 2*ZoneDepth && m.Height <= 2*ZoneDepth) {
		return State{}, nil, fmt.Errorf("the Veteran set-up needs a map over %d hexes one way, for two Deployment Zones of %d facing each other", 2*ZoneDepth, ZoneDepth)
	}
	winner, a, b, err := rollOff(sides, d, "set-up")
	if err != nil {
		return State{}, nil, err
	}
	s.SetUp = &SetUp{Winner: winner, OnBoard: onBoard, Steps: newSetUpSteps(counters, winner)}
	s.Acting = winner
	if errs := s.Check(); len(errs) > 0 {
		return State{}, nil, fmt.Errorf("the battle cannot start: %w", errs[0])
	}
	return s, []Event{{Type: "setup", Turn: 0, Side: winner,
		Text: fmt.Sprintf("set-up: %s %d, %s %d; %s chooses the home edge", s.name(0), a, s.name(1), b, s.name(winner))}}, nil
}

// newSetUpSteps orders the choices of the set-up (002 lines 570–574,
// ruling QS18): the winner's home edge; beginning with the loser, each
// side places one of the objectives it attacks, then, beginning with
// the winner, one of those it defends; then, beginning with the loser,
// each its Headquarters. Counters beyond the book's two objectives and
// one Headquarters a side are placed last, by their owner.
func newSetUpSteps(counters []Counter, winner int) []SetUpStep {
	loser := 1 - winner
	steps := []SetUpStep{{Side: winner, Home: true}}
	used := make([]bool, len(counters))
	add := func(side, owner int, kind CounterKind) {
		for j, c := range counters {
			if !used[j] && c.Owner == owner && c.Kind == kind {
				used[j] = true
				steps = append(steps, SetUpStep{Side: side, Counter: c})
				return
			}
		}
	}
	add(loser, winner, Objective)
	add(winner, loser, Objective)
	add(winner, winner, Objective)
	add(loser, loser, Objective)
	add(loser, loser, Headquarters)
	add(winner, winner, Headquarters)
	for i, c := range counters {
		if !used[i] {
			add(c.Owner, c.Owner, c.Kind)
		}
	}
	return steps
}

// rollOff rolls 2D6 a side, ties again, and returns the higher side and
// both rolls.
func rollOff(sides [2]string, d *dice.Dice, what string) (int, int, int, error) {
	for {
		a, err := d.TwoD6(what + " " + sides[0])
		if err != nil {
			return 0, 0, 0, err
		}
		b, err := d.TwoD6(what + " " + sides[1])
		if err != nil {
			return 0, 0, 0, err
		}
		if a > b {
			return 0, a, b, nil
		}
		if b > a {
			return 1, a, b, nil
		}
	}
}

// setUpAct plays a set-up action for the acting side: its home edge, a
// counter, the order of setting up, a Unit, or Done for the bot's choice
// (SetUpChoice). The last choice ends the set-up (startPositions,
// endSetUp).
func (s *State) setUpAct(a Action, d *dice.Dice) ([]Event, error) {
	st := s.SetUp.Steps[0]
	if a.Kind == Done {
		var err error
		if a, err = SetUpChoice(*s); err != nil {
			return nil, err
		}
	}
	var ev Event
	switch {
	case a.Kind != st.kind() && slices.Contains([]ActionKind{ChooseHome, PlaceCounter, ChooseOrder, PlaceUnit}, a.Kind):
		return nil, illegal("the set-up waits for this: %s, with %s", st.Describe(s.names()), st.howTo())
	case a.Kind == ChooseHome:
		if err := s.checkHome(a.Edge); err != nil {
			return nil, err
		}
		s.Home[st.Side], s.Home[1-st.Side] = a.Edge, a.Edge.Opposite()
		ev = Event{Type: "setup", Turn: 0, Side: st.Side, Text: fmt.Sprintf("set-up: %s chooses the %v edge, %s has the %v edge",
			s.name(st.Side), a.Edge, s.name(1-st.Side), a.Edge.Opposite())}
	case a.Kind == PlaceCounter:
		h := hex.Hex{}
		if len(a.Path) == 1 {
			h = a.Path[0]
		}
		if err := s.checkCounterHex(st, a.Counter, a.Path); err != nil {
			return nil, err
		}
		c := st.Counter
		c.Hex = h
		s.Counters = append(s.Counters, c)
		ev = Event{Type: "setup", Turn: 0, Side: st.Side, Text: fmt.Sprintf("set-up: %s places %s %v in %s", s.name(st.Side), s.whose(c.Owner), c.Kind, h)}
	case a.Kind == ChooseOrder:
		return s.chooseOrder(st.Side, a.First, d)
	case a.Kind == PlaceUnit:
		if err := s.checkPlacement(st.Side, a); err != nil {
			return nil, err
		}
		ui := s.unit(a.Unit)
		u := &s.Units[ui]
		u.Hex, u.Facing, u.OffBoard = a.Path[0], a.Facing, false
		ev = Event{Type: "setup", Turn: 0, Side: st.Side, Text: fmt.Sprintf("set-up: %s places %s in %s facing %v", s.name(st.Side), u.ID, u.Hex, u.Facing)}
	default:
		return nil, illegal("%s now: the set-up comes before the battle's moves and attacks", st.Describe(s.names()))
	}
	s.SetUp.Steps = s.SetUp.Steps[1:]
	evs := []Event{ev}
	switch {
	case len(s.SetUp.Steps) > 0:
		s.Acting = s.SetUp.Steps[0].Side
		return evs, nil
	case a.Kind != PlaceUnit:
		more, err := s.startPositions(d)
		return append(evs, more...), err
	}
	more, err := s.endSetUp(d)
	return append(evs, more...), err
}

// checkHome refuses an edge whose Deployment Zone and the opposite one
// would not leave the map a hex between them.
func (s State) checkHome(e referee.Edge) error {
	across := s.Map.Height
	if e == referee.East || e == referee.West {
		across = s.Map.Width
	}
	switch {
	case e < referee.North || e > referee.West:
		return illegal("edge %d: choose north, east, south or west", e)
	case across <= 2*ZoneDepth:
		return illegal("the map is %d hexes from the %v edge to the %v: two Deployment Zones of %d would meet; choose another edge", across, e, e.Opposite(), ZoneDepth)
	}
	return nil
}

// checkCounterHex refuses a placing of the counter st places in path (one
// hex): of another kind than the one due, off the map, outside its
// owner's Deployment Zone (002 lines 572, 574), or on a counter already
// down (ruling QS18).
func (s State) checkCounterHex(st SetUpStep, kind CounterKind, path []hex.Hex) error {
	c, owner := st.Counter, possessive(s.name(st.Counter.Owner))
	if kind != c.Kind {
		return illegal("you place %s %v now, not kind:%v", owner, c.Kind, kind)
	}
	if len(path) != 1 {
		return illegal("name one hex for %s %v", owner, c.Kind)
	}
	h := path[0]
	if !s.Map.Contains(h) {
		return illegal("%s is off the map", h)
	}
	home := s.Home[c.Owner]
	if d := EdgeDepth(s.Map, h, home); d > ZoneDepth {
		return illegal("%s %v goes in its Deployment Zone, the %d hexes from the %v edge, and %s is %d hexes in (%s)",
			owner, c.Kind, ZoneDepth, home, h, d, cite.QuickStart(572, 574))
	}
	for _, o := range s.Counters {
		if o.Hex == h {
			return illegal("%s already holds %s %v: choose another hex", h, possessive(s.name(o.Owner)), o.Kind)
		}
	}
	return nil
}

// SetUpChoice is the bot's choice for the set-up step due (ruling QS18):
// the home edge is the short edge (north or south when the map is not
// wider than high) whose Deployment Zone holds more woods, north or west
// on a tie; an objective a side attacks goes at the front of the
// enemy's zone, every other counter at the back of its owner's, each row
// from the middle out; the starting positions roll's winner sets up
// second; a Unit goes where unitChoice puts it. Done when there is
// nothing to choose; an error when the zone due has no free hex left,
// which only a broken State has (the set-up's start checks the room).
func SetUpChoice(s State) (Action, error) {
	if s.Phase != SetUpPhase || s.SetUp == nil || len(s.SetUp.Steps) == 0 {
		return Action{Kind: Done}, nil
	}
	st := s.SetUp.Steps[0]
	switch st.kind() {
	case ChooseHome:
		e := referee.North
		if s.Map.Width > s.Map.Height {
			e = referee.West
		}
		if woodsIn(s.Map, e.Opposite()) > woodsIn(s.Map, e) {
			e = e.Opposite()
		}
		return Action{Kind: ChooseHome, Edge: e}, nil
	case ChooseOrder:
		return Action{Kind: ChooseOrder}, nil
	case PlaceUnit:
		return s.unitChoice(st.Side)
	}
	h, ok := s.freeHex(st.Counter.Owner, st.Side != st.Counter.Owner, s.counterHexes())
	if !ok {
		return Action{}, fmt.Errorf("the bot finds no free hex for %s %v in its Deployment Zone: every hex holds a counter", s.whose(st.Counter.Owner), st.Counter.Kind)
	}
	return Action{Kind: PlaceCounter, Counter: st.Counter.Kind, Path: []hex.Hex{h}}, nil
}

// setUpActions are the set-up's valid actions: every edge the winner may
// choose, the counter due in every free hex of its owner's zone, both
// orders of setting up, or every Unit of the side still to place in
// every hex of its zone it may take, at each facing; and Done, the
// bot's choice.
func (s State) setUpActions() []Action {
	st := s.SetUp.Steps[0]
	var out []Action
	switch st.kind() {
	case ChooseHome:
		for _, e := range []referee.Edge{referee.North, referee.East, referee.South, referee.West} {
			if s.checkHome(e) == nil {
				out = append(out, Action{Kind: ChooseHome, Edge: e})
			}
		}
	case PlaceCounter:
		for _, h := range s.Map.Hexes() {
			if s.checkCounterHex(st, st.Counter.Kind, []hex.Hex{h}) == nil {
				out = append(out, Action{Kind: PlaceCounter, Counter: st.Counter.Kind, Path: []hex.Hex{h}})
			}
		}
	case ChooseOrder:
		out = append(out, Action{Kind: ChooseOrder, First: true}, Action{Kind: ChooseOrder})
	case PlaceUnit:
		out = s.placements(st.Side)
	}
	return append(out, Action{Kind: Done})
}

// startPositions follows the last counter placed. On the map (the
// option, 002 line 578): both roll 2D6, and the higher chooses to set up
// first or second (ChooseOrder). Else the Units stay off the map and
// enter from their home edges in game turn 1 (ruling QS22), and the
// set-up is over.
func (s *State) startPositions(d *dice.Dice) ([]Event, error) {
	if !s.SetUp.OnBoard {
		for i := range s.Units {
			s.Units[i].Facing = FacingAway(s.Home[s.Units[i].Side])
		}
		ev := Event{Type: "setup", Turn: 0, Side: -1,
			Text: fmt.Sprintf("starting positions: the Units enter in game turn 1, %s from the %v edge, %s from the %v edge", s.whose(0), s.Home[0], s.whose(1), s.Home[1])}
		more, err := s.endSetUp(d)
		return append([]Event{ev}, more...), err
	}
	chooser, a, b, err := rollOff(s.Sides, d, "starting positions")
	if err != nil {
		return nil, err
	}
	for side := range 2 {
		if err := s.checkRoom(side); err != nil {
			return nil, err
		}
	}
	s.SetUp.Steps = []SetUpStep{{Side: chooser, Order: true}}
	s.Acting = chooser
	return []Event{{Type: "setup", Turn: 0, Side: chooser,
		Text: fmt.Sprintf("starting positions: %s %d, %s %d; %s chooses to set up first or second", s.name(0), a, s.name(1), b, s.name(chooser))}}, nil
}

// endSetUp ends the set-up and rolls the first turn's Initiative.
func (s *State) endSetUp(d *dice.Dice) ([]Event, error) {
	s.SetUp = nil
	return s.rollInitiative(d)
}

// counterHexes are the hexes of the counters on the map.
func (s State) counterHexes() map[hex.Hex]bool {
	t := map[hex.Hex]bool{}
	for _, c := range s.Counters {
		t[c.Hex] = true
	}
	return t
}

// freeHex is the first hex of side's Deployment Zone not in taken: from
// its front row (front) or its back row, each row from the middle out.
func (s State) freeHex(side int, front bool, taken map[hex.Hex]bool) (hex.Hex, bool) {
	zone := s.zone(side)
	for k := range zone {
		depth := k + 1
		if front {
			depth = zone - k
		}
		if h, ok := s.rowFree(side, depth, func(h hex.Hex) bool { return !taken[h] }); ok {
			return h, true
		}
	}
	return hex.Hex{}, false
}

// rowFree is the hex of the row depth hexes from side's home edge nearest
// the middle of the map for which ok holds.
func (s State) rowFree(side, depth int, ok func(hex.Hex) bool) (hex.Hex, bool) {
	var row []hex.Hex
	for _, h := range ZoneHexes(s.Map, s.Home[side], depth) {
		if EdgeDepth(s.Map, h, s.Home[side]) == depth && ok(h) {
			row = append(row, h)
		}
	}
	if len(row) == 0 {
		return hex.Hex{}, false
	}
	mid := hex.Hex{X: s.Map.Width / 2, Y: s.Map.Height / 2}
	slices.SortStableFunc(row, func(a, b hex.Hex) int { return hex.Distance(a, mid) - hex.Distance(b, mid) })
	return row[0], true
}

// woodsIn counts the woods hexes of the Deployment Zone along edge e.
func woodsIn(m *mapgen.Map, e referee.Edge) int {
	n := 0
	for _, h := range ZoneHexes(m, e, ZoneDepth) {
		if m.At(h).Terrain.IsWoods() {
			n++
		}
	}
	return n
}

// ZoneHexes are the hexes of m within depth hexes of edge e, counting
// the edge's own row as 1: a Deployment Zone of that depth.
func ZoneHexes(m *mapgen.Map, e referee.Edge, depth int) []hex.Hex {
	var out []hex.Hex
	for _, h := range m.Hexes() {
		if EdgeDepth(m, h, e) <= depth {
			out = append(out, h)
		}
	}
	return out
}

// EdgeDepth is how many hexes h lies from edge, counting the edge's own
// row or column as 1.
func EdgeDepth(m *mapgen.Map, h hex.Hex, e referee.Edge) int {
	switch e {
	case referee.North:
		return h.Y + 1
	case referee.South:
		return m.Height - h.Y
	case referee.West:
		return h.X + 1
	}
	return m.Width - h.X
}

// FacingAway is the facing of a Unit that looks away from its home edge.
func FacingAway(e referee.Edge) hex.Direction {
	switch e {
	case referee.North:
		return hex.S
	case referee.South:
		return hex.N
	case referee.West:
		return hex.SE
	}
	return hex.NW
}
