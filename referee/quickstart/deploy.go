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

// The players place their own Units on the map before game turn 1
// (ruling QS23): in the Green Training Scenario the defender places all
// his Units within 3 hexes of the south edge, then the attacker his on
// the north edge (002 lines 520, 528); in the Veteran one started on
// the map, the starting positions roll's winner chooses to set up first
// or second and the sides place a Unit each in turn, a side with none
// left skipped (002 line 578). Any facing (580); never in a hex another
// Unit holds (168) nor on the side's own counters (582).

// Placement is where the bot places a Unit when its side leaves the
// choice to it: a scenario file's position.
type Placement struct {
	Unit   string
	Hex    hex.Hex
	Facing hex.Direction
}

// NewGreenBattle starts a battle whose sides place their own Units, as
// in the Green Training Scenario: side 0, the defender, places every
// Unit first (002 line 520), then side 1 (528), each within zones[side]
// hexes of its home edge. The Units' hexes and facings as given are the
// bot's choices for them (SetUpChoice); they start off the map. The two
// zones may not share a hex, so that neither side can take the other's
// room; each must hold its side's Units.
func NewGreenBattle(m *mapgen.Map, sides, names [2]string, units []UnitState, home [2]referee.Edge, zones [2]int) (State, []Event, error) {
	s := State{Map: m, Sides: sides, Names: names, Turn: 1, Winner: -1, Phase: SetUpPhase, Home: home, Zones: zones}
	if m == nil {
		return State{}, nil, fmt.Errorf("the battle has no map")
	}
	for side, e := range home {
		if e < referee.North || e > referee.West {
			return State{}, nil, fmt.Errorf("%s home edge must be north, east, south or west", s.whose(side))
		}
	}
	for _, u := range units {
		if u.Side < 0 || u.Side > 1 {
			return State{}, nil, fmt.Errorf("unit %s is of side %d: a battle's two sides are 0 and 1", u.ID, u.Side)
		}
	}
	s.Units = slices.Clone(units)
	slices.SortFunc(s.Units, func(a, b UnitState) int { return strings.Compare(a.ID, b.ID) })
	s = s.Clone()
	su := &SetUp{Winner: -1, OnBoard: true}
	for i := range s.Units {
		u := &s.Units[i]
		su.Planned = append(su.Planned, Placement{Unit: u.ID, Hex: u.Hex, Facing: u.Facing})
		u.Hex, u.OffBoard, u.Moved = hex.Hex{}, true, false
	}
	for _, h := range m.Hexes() {
		if EdgeDepth(m, h, home[0]) <= zones[0] && EdgeDepth(m, h, home[1]) <= zones[1] {
			return State{}, nil, fmt.Errorf("the Deployment Zones meet in %s: %s %d hexes from the %v edge and %s %d from the %v; make them shallower",
				h, s.whose(0), zones[0], home[0], s.whose(1), zones[1], home[1])
		}
	}
	s.SetUp = su
	for side := range 2 {
		if err := s.checkRoom(side); err != nil {
			return State{}, nil, err
		}
	}
	su.Steps = s.unitSteps(0, false)
	if errs := s.Check(); len(errs) > 0 {
		return State{}, nil, fmt.Errorf("the battle cannot start: %w", errs[0])
	}
	return s, []Event{{Type: "setup", Turn: 0, Side: 0, Text: fmt.Sprintf("set-up: %s, the defender, places its Units first, within %s of the %v edge; then %s, within %s of the %v edge",
		s.name(0), english.Counts(zones[0], "hex", "hexes"), home[0], s.name(1), english.Counts(zones[1], "hex", "hexes"), home[1])}}, nil
}

// zone is the depth of side's Deployment Zone from its home edge: the
// battle's own (the Green scenario's), else the Veteran's ZoneDepth.
func (s State) zone(side int) int {
	if s.Zones[side] > 0 {
		return s.Zones[side]
	}
	return ZoneDepth
}

// checkRoom refuses a set-up whose side has more Units to place than
// free hexes in its Deployment Zone.
func (s State) checkRoom(side int) error {
	free, taken := 0, s.counterHexes()
	for _, h := range ZoneHexes(s.Map, s.Home[side], s.zone(side)) {
		if !taken[h] {
			free++
		}
	}
	n := 0
	for _, u := range s.Units {
		if u.Side == side && u.Alive() {
			n++
		}
	}
	if n > free {
		return fmt.Errorf("the set-up: %s has %d Units and its Deployment Zone %d free hexes", s.name(side), n, free)
	}
	return nil
}

// unitSteps are the placings of the Units still off the map: side first
// places one, then the other, in turn, a side with none left skipped
// (002 line 578); or, not alternating, first places all of his, then the
// other (the Green scenario, 002 lines 520, 528).
func (s State) unitSteps(first int, alternate bool) []SetUpStep {
	var left [2]int
	for _, u := range s.Units {
		if u.OffBoard && u.Alive() {
			left[u.Side]++
		}
	}
	var steps []SetUpStep
	for side := first; left[0]+left[1] > 0; side = 1 - side {
		for left[side] > 0 {
			steps = append(steps, SetUpStep{Side: side, Unit: true})
			if left[side]--; alternate {
				break
			}
		}
	}
	return steps
}

// chooseOrder is the starting positions roll's winner's choice: to set
// up first, or second (002 line 578). The Units' placings follow.
func (s *State) chooseOrder(chooser int, first bool, d *dice.Dice) ([]Event, error) {
	starter, how := 1-chooser, "second"
	if first {
		starter, how = chooser, "first"
	}
	s.SetUp.Steps = s.unitSteps(starter, true)
	ev := Event{Type: "setup", Turn: 0, Side: chooser, Text: fmt.Sprintf("starting positions: %s sets up %s; %s places the first Unit", s.name(chooser), how, s.name(starter))}
	if len(s.SetUp.Steps) == 0 {
		more, err := s.endSetUp(d)
		return append([]Event{ev}, more...), err
	}
	s.Acting = s.SetUp.Steps[0].Side
	return []Event{ev}, nil
}

// checkPlacement refuses side's PlaceUnit a that names no Unit of its
// own still to place, a facing that is none, or a hex off the map,
// outside the side's Deployment Zone (002 lines 520, 528, 578), held by
// a Unit (168) or by one of the side's own counters (582).
func (s State) checkPlacement(side int, a Action) error {
	ui := s.unit(a.Unit)
	switch {
	case ui < 0:
		return illegal("there is no unit %q: name one of %s Units still to place", a.Unit, possessive(s.name(side)))
	case s.Units[ui].Side != side:
		return illegal("unit %s is %s, and %s places a Unit now", a.Unit, possessive(s.name(s.Units[ui].Side)), s.name(side))
	case !s.Units[ui].OffBoard:
		return illegal("unit %s is already placed, in %s: place another", a.Unit, s.Units[ui].Hex)
	case a.Facing > hex.NW:
		return illegal("facing %d: give one of N, NE, SE, S, SW, NW", a.Facing)
	case len(a.Path) != 1:
		return illegal("name one hex for %s", a.Unit)
	}
	h := a.Path[0]
	if !s.Map.Contains(h) {
		return illegal("%s is off the map", h)
	}
	if d, zone := EdgeDepth(s.Map, h, s.Home[side]), s.zone(side); d > zone {
		return illegal("%s sets up in %s Deployment Zone, within %s of the %v edge, and %s is %d hexes in (%s)",
			a.Unit, possessive(s.name(side)), hexCount(zone), s.Home[side], h, d, s.setUpSection())
	}
	if o := s.occupant(h, ui); o >= 0 {
		return illegal("%s already holds unit %s: one Unit a hex (%s)", h, s.Units[o].ID, cite.QuickStart(168))
	}
	for _, c := range s.Counters {
		if c.Hex == h && c.Owner == side {
			return illegal("%s holds %s own %v, and a side's Units never occupy its own counters' hexes (%s)", h, possessive(s.name(side)), c.Kind, cite.QuickStart(582))
		}
	}
	return nil
}

// setUpSection cites the rulebook's section of the set-up being played.
func (s State) setUpSection() string {
	if s.SetUp != nil && s.SetUp.Winner < 0 {
		return cite.QuickStart(520, 528)
	}
	return cite.QuickStart(578)
}

// placements are side's valid PlaceUnit actions: each of its Units still
// to place, in each hex it may take, at each facing.
func (s State) placements(side int) []Action {
	var out []Action
	for _, u := range s.Units {
		if u.Side != side || !u.OffBoard || !u.Alive() {
			continue
		}
		for _, h := range s.Map.Hexes() {
			if s.checkPlacement(side, Action{Kind: PlaceUnit, Unit: u.ID, Path: []hex.Hex{h}}) != nil {
				continue
			}
			for _, f := range hex.Directions {
				out = append(out, Action{Kind: PlaceUnit, Unit: u.ID, Path: []hex.Hex{h}, Facing: f})
			}
		}
	}
	return out
}

// unitChoice is the bot's placing for side (ruling QS23): its first Unit
// still to place, by ID, in its planned hex and facing if it has one it
// may take; else, as the Veteran set-up always placed them (ruling
// QS18), in the front row of the zone, each row from the middle out,
// facing away from its home edge, never on its own counters; an error
// if no hex is free (the set-up's start checks the zones' room,
// checkRoom, so only a broken State has none).
func (s State) unitChoice(side int) (Action, error) {
	ui := slices.IndexFunc(s.Units, func(u UnitState) bool { return u.Side == side && u.OffBoard && u.Alive() })
	if ui < 0 {
		return Action{Kind: Done}, nil
	}
	id := s.Units[ui].ID
	for _, p := range s.SetUp.Planned {
		a := Action{Kind: PlaceUnit, Unit: id, Path: []hex.Hex{p.Hex}, Facing: p.Facing}
		if p.Unit == id && s.checkPlacement(side, a) == nil {
			return a, nil
		}
	}
	taken := s.counterHexes()
	for _, u := range s.Units {
		if !u.OffBoard && u.Alive() {
			taken[u.Hex] = true
		}
	}
	h, ok := s.freeHex(side, true, taken)
	if !ok {
		return Action{}, fmt.Errorf("the bot finds no free hex for %s in %s Deployment Zone: every hex holds a Unit or a counter", id, s.whose(side))
	}
	return Action{Kind: PlaceUnit, Unit: id, Path: []hex.Hex{h}, Facing: FacingAway(s.Home[side])}, nil
}

// checkSetUp lists what is wrong with the set-up being played: a step of
// no side or of two kinds; Units on the map before their placings
// began, or placings that do not match the Units still off the map; a
// Unit placed outside its side's Deployment Zone.
func (s State) checkSetUp() []error {
	su := s.SetUp
	if su == nil {
		return nil
	}
	var errs []error
	bad := func(format string, args ...any) { errs = append(errs, fmt.Errorf(format, args...)) }
	if su.Winner < -1 || su.Winner > 1 {
		bad("set-up roll winner %d", su.Winner)
	}
	var steps, off [2]int
	placing := false
	for _, st := range su.Steps {
		kinds := 0
		for _, k := range []bool{st.Home, st.Order, st.Unit} {
			if k {
				kinds++
			}
		}
		if st.Side < 0 || st.Side > 1 || kinds > 1 {
			bad("set-up step %+v: one side, one choice", st)
			continue
		}
		if st.Unit {
			steps[st.Side]++
			placing = true
		}
	}
	for _, u := range s.Units {
		switch {
		case !u.Alive() || u.Side < 0 || u.Side > 1: // Check reports a side out of range
		case u.OffBoard:
			off[u.Side]++
		case !placing:
			bad("unit %s is on the map in %s before the Units are placed", u.ID, u.Hex)
		case EdgeDepth(s.Map, u.Hex, s.Home[u.Side]) > s.zone(u.Side):
			bad("unit %s in %s, outside %s Deployment Zone", u.ID, u.Hex, s.whose(u.Side))
		}
	}
	if placing && steps != off {
		bad("set-up: %v placings left for %v Units off the map", steps, off)
	}
	return errs
}
