package referee

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"bfbot/mapgen"
	"bfbot/mapgen/hex"
	"bfbot/referee/dice"
)

// Rule references are to book 000, BattleForce (001 is the BattleTech
// Manual; docs/sources.md); M1–M17 are the movement rulings of
// docs/rulings.md.

// mvUnit is an active, regular unit of the class with full-strength values
// v (steps and overburn derived, R5) and MP mp, at hex at.
func mvUnit(id, side string, class Class, at string, v Values, mp int) Unit {
	ob := 0
	if class.Info().Overburn {
		ob = v.RA + StepDecrement(v.RA)
	}
	return unitOf(fmt.Sprintf("%s %s %v regular %d/%d/%d @%s r=3 mp=%d ob=%d", id, side, class, v.RA, v.CA, v.D, at, mp, ob))
}

// mvBattle starts the lancers' movement phase of turn 1 on map m (a 32×17
// open sheet when nil) with the units given. It goes round Start so that
// sighting stays out of these tests.
func mvBattle(t testing.TB, m *mapgen.Map, units ...Unit) *State {
	t.Helper()
	if m == nil {
		m = terrain(nil)
	}
	s := mustPositionOn(t, m, `turn 1 deploy lancers
		side lancers name="7th Crucis Lancers" retreat=west; side bandits name="Moore's Bandits" retreat=east`, units...)
	mvNextTurn(t, s, 0)
	return s
}

// mvNextTurn begins side's player turn in s (changing s), as the end
// phase would.
func mvNextTurn(t testing.TB, s *State, side int) {
	t.Helper()
	s.Phasing = side
	b := &battle{s: s, side: s.Sides[side].ID}
	b.startPlayerTurn()
	mvCheck(t, s)
}

// mvDice returns dice that give exactly the faces listed: a roll the test
// did not expect runs out of dice and fails it.
func mvDice(t testing.TB, faces ...int) *dice.Dice {
	t.Helper()
	sc, err := dice.NewScript(faces...)
	if err != nil {
		t.Fatal(err)
	}
	return dice.New(sc)
}

// mvCheck fails on any broken invariant, and on a hex holding more than
// two units even in the movement phase (000 line 630).
func mvCheck(t testing.TB, s *State) {
	t.Helper()
	for _, err := range s.Check() {
		t.Errorf("invariant: %v", err)
	}
	stack := map[hex.Hex]int{}
	for i := range s.Units {
		if s.Units[i].Status.OnMap() {
			stack[s.Units[i].Hex]++
		}
	}
	for h, n := range stack {
		if n > StackLimit {
			t.Errorf("hex %s holds %d units", h, n)
		}
	}
}

// mvTry applies an action in text form for side.
func mvTry(t testing.TB, s *State, side, text string, d *dice.Dice) (*State, []Event, error) {
	t.Helper()
	a, err := ParseAction(text)
	if err != nil {
		t.Fatalf("%q: %v", text, err)
	}
	a.Side = side
	return Apply(s, a, d)
}

// mvDo applies an action that must succeed and leave a sound state.
func mvDo(t testing.TB, s *State, side, text string, d *dice.Dice) (*State, []Event) {
	t.Helper()
	next, events, err := mvTry(t, s, side, text, d)
	if err != nil {
		t.Fatalf("%s: %q: %v", side, text, err)
	}
	mvCheck(t, next)
	return next, events
}

// mvRefuse applies an action that must be refused as illegal, with a
// message holding want.
func mvRefuse(t testing.TB, s *State, side, text, want string) {
	t.Helper()
	_, _, err := mvTry(t, s, side, text, mvDice(t))
	if err == nil {
		t.Fatalf("%q was accepted, want refused with %q", text, want)
	}
	if !errors.Is(err, ErrIllegal) || !strings.Contains(err.Error(), want) {
		t.Errorf("%q: %v, want an illegal action saying %q", text, err, want)
	}
}

// mvEvent returns the first event of the type, or nil.
func mvEvent(events []Event, typ string) *Event {
	for i := range events {
		if events[i].Type == typ {
			return &events[i]
		}
	}
	return nil
}

// mvRoad lays a road through the hexes in order, each joined to the next.
func mvRoad(m *mapgen.Map, names ...string) {
	for i, n := range names {
		c := m.Cell(h(n))
		c.Road = true
		for _, o := range []int{i - 1, i + 1} {
			if o < 0 || o >= len(names) {
				continue
			}
			d, ok := h(n).DirectionTo(h(names[o]))
			if !ok {
				panic(fmt.Sprintf("road %s and %s are not adjacent", n, names[o]))
			}
			c.RoadExits |= 1 << d
		}
	}
}

// mvExampleMap is a sheet laid out so that every sentence of the movement
// example (000 line 675) holds: the Medium lance's hex 1211 in the river
// valley with level-1 water at 1312 and a deep pool at 1212; light woods
// on the level-1 rise at 1112; the road 1111–1011–0912–0913–0914–0915–0916
// through light woods (1011) and rough (0912), which wheeled units may not
// enter off the road; and between 1311 and 1315 water, heavy woods and a
// level-2 crag no walking lance could cross.
func mvExampleMap() *mapgen.Map {
	m := terrain(map[string]mapgen.Cell{
		"1312": {Terrain: mapgen.Water1},
		"1212": {Terrain: mapgen.Water2},
		"1112": {Terrain: mapgen.LightWoods, Elevation: 1},
		"1011": {Terrain: mapgen.LightWoods},
		"0912": {Terrain: mapgen.Rough},
		"1313": {Terrain: mapgen.HeavyWoods},
		"1314": {Elevation: 2},
	})
	mvRoad(m, "1111", "1011", "0912", "0913", "0914", "0915", "0916")
	return m
}

// Ensure the movement example of 000 line 675: the Medium lance's three
// moves out of 1211 (MP 4), the Swift Wind scout car's road bonus, and the
// jump lance's leap from 1311 to 1315.
func TestMovementExample(t *testing.T) {
	medium := mvUnit("A1", "lancers", MediumMech, "1211", Values{12, 12, 8}, 4)
	// The Swift Wind's table MP is 10 (line 1830); the text has the car's
	// MP spent at 0915, five road hexes out, so this one has MP 5.
	car := mvUnit("W1", "lancers", Wheeled, "1111", Values{0, 0, 3}, 5)
	jumper := mvUnit("J1", "lancers", MediumMech, "1311", Values{12, 12, 8}, 4)
	jumper.Jump = true
	s := mvBattle(t, mvExampleMap(), medium, car, jumper)

	t.Run("WaterCostsThree", func(t *testing.T) {
		next, events := mvDo(t, s, "lancers", "move A1 1312", mvDice(t))
		if u := next.Unit("A1"); u.Hex != h("1312") || u.MPLeft != 1 {
			t.Errorf("A1 at %s with %d MP left, want 1312 with 1 (1 + 2 for level-1 water)", u.Hex, u.MPLeft)
		}
		if e := mvEvent(events, "move"); e == nil || *e.From != h("1211") || *e.Hex != h("1312") || e.Audience != nil {
			t.Errorf("move event %+v, want a public move 1211 → 1312", e)
		}
		if e := mvEvent(events, "mp"); e == nil || !slices.Equal(e.Audience, []string{"lancers"}) || !strings.Contains(e.Text, "1 MP left") {
			t.Errorf("mp event %+v, want the MP left told to its owner only", e)
		}
		// No longer its only move: the deep pool is out of reach.
		mvRefuse(t, next, "lancers", "move A1 1212", "hex 1212 costs 5 MP; A1 has 1 left")
	})
	t.Run("OnlyMoveCostsFive", func(t *testing.T) {
		next, _ := mvDo(t, s, "lancers", "move A1 1212", mvDice(t))
		u := next.Unit("A1")
		if u.Hex != h("1212") || u.MPLeft != 0 || !u.Halted {
			t.Errorf("A1 at %s, %d MP left, halted %v; want 1212, 0, halted (its only move)", u.Hex, u.MPLeft, u.Halted)
		}
		mvRefuse(t, next, "lancers", "move A1 1213", "A1 has ended its movement for this turn")
	})
	t.Run("WoodsUphillCostsFour", func(t *testing.T) {
		next, _ := mvDo(t, s, "lancers", "move A1 1112", mvDice(t))
		if u := next.Unit("A1"); u.Hex != h("1112") || u.MPLeft != 0 {
			t.Errorf("A1 at %s with %d MP left, want 1112 with 0 (1 + 1 light woods + 2 elevation)", u.Hex, u.MPLeft)
		}
	})
	t.Run("RoadBonus", func(t *testing.T) { // ruling M5
		next, events := mvDo(t, s, "lancers", "move W1 1011 0912 0913 0914 0915 0916", mvDice(t))
		if u := next.Unit("W1"); u.Hex != h("0916") || u.MPLeft != 0 || !u.Halted {
			t.Errorf("W1 at %s, %d MP, halted %v; want 0916 on the bonus hex with nothing left", u.Hex, u.MPLeft, u.Halted)
		}
		if e := mvEvent(events, "move"); e == nil || e.Text != "W1 moves 1111 → 1011 → 0912 → 0913 → 0914 → 0915 → 0916" {
			t.Errorf("move event %+v", e)
		}
		// The planner finds the same road.
		next, events = mvDo(t, s, "lancers", "move W1 0916", mvDice(t))
		if e := mvEvent(events, "move"); next.Unit("W1").Hex != h("0916") || e == nil || !strings.Contains(e.Text, "0912 → 0913") {
			t.Errorf("move W1 0916: %+v", e)
		}
		// Split into two moves, the bonus is still there for the second.
		next, _ = mvDo(t, s, "lancers", "move W1 0912", mvDice(t))
		if u := next.Unit("W1"); u.MPLeft != 3 || !u.RoadBonus {
			t.Errorf("after two road hexes: %d MP, bonus %v; want 3 and the bonus", u.MPLeft, u.RoadBonus)
		}
		next, _ = mvDo(t, next, "lancers", "move W1 0916", mvDice(t))
		if u := next.Unit("W1"); u.Hex != h("0916") {
			t.Errorf("second leg ends at %s, want 0916", u.Hex)
		}
		mvRefuse(t, next, "lancers", "move W1 0917", "W1 has ended its movement")
	})
	t.Run("NoBonusAfterLeavingTheRoad", func(t *testing.T) {
		// 1013 lies off the road, beside both 0913 and 0914.
		mvRefuse(t, s, "lancers", "move W1 1011 0912 0913 1013 0914 0915", "the path to 0915 costs 6 MP; W1 has 5 left")
		next, _ := mvDo(t, s, "lancers", "move W1 1011 0912 0913 1013", mvDice(t))
		if u := next.Unit("W1"); u.RoadBonus || u.MPLeft != 1 {
			t.Errorf("W1 has %d MP and the bonus %v after leaving the road, want 1 and no bonus", u.MPLeft, u.RoadBonus)
		}
		next, _ = mvDo(t, next, "lancers", "move W1 0914", mvDice(t))
		mvRefuse(t, next, "lancers", "move W1 0915", "W1 has no MP left this turn")
	})
	t.Run("NoBonusStartingOffTheRoad", func(t *testing.T) {
		off := car
		off.Hex = h("1110")
		s := mvBattle(t, mvExampleMap(), off)
		mvRefuse(t, s, "lancers", "move W1 1111 1011 0912 0913 0914 0915", "the path to 0915 costs 6 MP; W1 has 5 left")
		mvRefuse(t, s, "lancers", "move W1 0915", "hex 0915 is 6 MP away; W1 has 5 left")
		mvDo(t, s, "lancers", "move W1 0914", mvDice(t))
	})
	t.Run("JumpOverEverything", func(t *testing.T) {
		next, _ := mvDo(t, s, "lancers", "move J1 1312 1313 1314 1315", mvDice(t))
		if u := next.Unit("J1"); u.Hex != h("1315") || u.MPLeft != 0 {
			t.Errorf("J1 at %s with %d MP, want 1315 with 0 (1 a hex)", u.Hex, u.MPLeft)
		}
		next, _ = mvDo(t, s, "lancers", "move J1 1315", mvDice(t))
		if u := next.Unit("J1"); u.Hex != h("1315") || u.MPLeft != 0 {
			t.Errorf("planned jump: J1 at %s with %d MP", u.Hex, u.MPLeft)
		}
		// Walking, the same lance gets nowhere near.
		walker := jumper
		walker.Jump = false
		mvRefuse(t, mvBattle(t, mvExampleMap(), walker), "lancers", "move J1 1312 1313 1314 1315", "J1 cannot go from level 0 at 1313 to level 2 at 1314")
		mvRefuse(t, mvBattle(t, mvExampleMap(), walker), "lancers", "move J1 1315", "MP away; J1 has 4 left")
	})
}

// Ensure the rules that refuse a move say which rule, in the player's
// words.
func TestMoveRefusals(t *testing.T) {
	a1 := mvUnit("A1", "lancers", MediumMech, "0505", Values{12, 12, 8}, 4)
	for _, tc := range []struct {
		name string
		edit func(s *State)
		text string
		want string
	}{
		{"Disrupted", func(s *State) { s.Unit("A1").Disrupted = true }, "move A1 0506", "A1 is disrupted and may not move this turn (BattleForce p. 24, Disruption Effects)"},
		{"Broken", func(s *State) { s.Unit("A1").Status = Broken }, "move A1 0506", "A1 has broken and fled the map"},
		{"Surrendered", func(s *State) { s.Unit("A1").Status, s.Unit("A1").Disrupted = Surrendered, true }, "move A1 0506", "A1 has surrendered and may not move"},
		{"Reserve", func(s *State) { s.Unit("A1").Status = Reserve }, "move A1 0506", "A1 has not been deployed"},
		{"Air", func(s *State) { s.Unit("A1").Class = LightAir }, "move A1 0506", "A1 is an air unit"},
		{"DropShip", func(s *State) { s.Unit("A1").Class = Union }, "move A1 0506", "A1 is a DropShip"},
		{"AttackPhase", func(s *State) { s.Phase = PhaseAttack }, "move A1 0506", "units move in the movement phase; this is the attack phase"},
		{"NotAdjacent", nil, "move A1 0506 0508", "hex 0508 is not next to 0506: a path goes hex by hex"},
		{"OffMap", nil, "move A1 0506 3318", "hex 3318 is not on the map"},
		{"OffMapTo", nil, "move A1 3318", "hex 3318 is not on the map"},
		{"TooFar", nil, "move A1 0510", "hex 0510 is 5 MP away; A1 has 4 left"},
		{"PathTooDear", nil, "move A1 0506 0507 0508 0509 0510", "the path to 0510 costs 5 MP; A1 has 4 left"},
		{"NoMPLeft", func(s *State) {
			u := s.Unit("A1")
			u.Moved, u.MoveTurn, u.MPLeft = true, s.PlayerTurn, 0
		}, "move A1 0506", "A1 has no MP left this turn"},
		{"OwnHexNoEnemy", nil, "move A1 0505", "A1 is already in 0505"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := mvBattle(t, nil, a1)
			if tc.edit != nil {
				tc.edit(s)
			}
			mvRefuse(t, s, "lancers", tc.text, tc.want)
		})
	}
	t.Run("NotYourTurn", func(t *testing.T) {
		b1 := mvUnit("B1", "bandits", MediumMech, "0909", Values{12, 12, 8}, 4)
		mvRefuse(t, mvBattle(t, nil, a1, b1), "bandits", "move B1 0910", "it is 7th Crucis Lancers' turn")
	})
	t.Run("PathAndToDisagree", func(t *testing.T) {
		s := mvBattle(t, nil, a1)
		_, _, err := Apply(s, Action{Kind: ActMove, Side: "lancers", Unit: "A1", To: h("0507"), Path: []hex.Hex{h("0506")}}, mvDice(t))
		if err == nil || !strings.Contains(err.Error(), "the path ends at 0506, not at 0507") {
			t.Errorf("got %v", err)
		}
	})
}

// Ensure a unit may move several times in a phase while it has MP, and
// that the one-hex rule holds only for a unit's only move (000 lines 620,
// 624).
func TestMoveSplit(t *testing.T) {
	m := terrain(map[string]mapgen.Cell{"0507": {Terrain: mapgen.HeavyBuilding}})
	s := mvBattle(t, m, mvUnit("A1", "lancers", MediumMech, "0505", Values{12, 12, 8}, 4))
	s, _ = mvDo(t, s, "lancers", "move A1 0506", mvDice(t))
	if u := s.Unit("A1"); u.MPLeft != 3 || !u.Moved || u.Halted {
		t.Fatalf("after one hex: %d MP, moved %v, halted %v", u.MPLeft, u.Moved, u.Halted)
	}
	// 0507 costs 4 (heavy building +3): not its only move any more.
	mvRefuse(t, s, "lancers", "move A1 0507", "hex 0507 costs 4 MP; A1 has 3 left")
	s, _ = mvDo(t, s, "lancers", "move A1 0606", mvDice(t))
	s, _ = mvDo(t, s, "lancers", "move A1 0706", mvDice(t))
	s, _ = mvDo(t, s, "lancers", "move A1 0806", mvDice(t))
	mvRefuse(t, s, "lancers", "move A1 0906", "A1 has no MP left this turn")
	// The next turn it has its MP again.
	mvNextTurn(t, s, 1)
	mvNextTurn(t, s, 0)
	if u := s.Unit("A1"); u.MPLeft != 4 || u.Moved {
		t.Errorf("new turn: %d MP, moved %v", u.MPLeft, u.Moved)
	}
	mvDo(t, s, "lancers", "move A1 0906", mvDice(t))
}

// Ensure overburn movement (000 lines 685–693): declared before moving;
// a step-0 unit moves on its overburn MP, half again rounded up (R5); a
// damaged unit gains no MP; infantry, disrupted and moved units may not.
func TestMoveOverburn(t *testing.T) {
	for _, tc := range []struct {
		mp, step, want int
	}{
		{4, 0, 6}, {5, 0, 8}, {3, 0, 5}, {8, 0, 12}, {5, 1, 5}, {4, 2, 4},
	} {
		u := mvUnit("A1", "lancers", HeavyMech, "0505", Values{16, 16, 12}, tc.mp)
		u.Step = tc.step
		s := mvBattle(t, nil, u)
		next, events := mvDo(t, s, "lancers", "overburn A1", mvDice(t))
		if got := next.Unit("A1"); !got.Overburning || got.MPLeft != tc.want {
			t.Errorf("MP %d step %d: overburning %v with %d MP, want %d", tc.mp, tc.step, got.Overburning, got.MPLeft, tc.want)
		}
		if e := mvEvent(events, "overburn"); e == nil || e.Audience != nil {
			t.Errorf("overburn event %+v, want a public declaration", e)
		}
		mvRefuse(t, next, "lancers", "overburn A1", "A1 is already overburning this turn")
	}
	s := mvBattle(t, nil,
		mvUnit("A1", "lancers", MediumMech, "0505", Values{12, 12, 8}, 4),
		mvUnit("I1", "lancers", Infantry, "0707", Values{4, 4, 4}, 2),
		mvUnit("V1", "lancers", Hover, "0909", Values{8, 8, 5}, 9),
	)
	next, _ := mvDo(t, s, "lancers", "move A1 0506", mvDice(t))
	mvRefuse(t, next, "lancers", "overburn A1", "A1 has already moved: overburn is declared before the unit moves (BattleForce p. 14, Overburn Movement)")
	mvRefuse(t, s, "lancers", "overburn I1", "I1 cannot overburn: only 'Mech and vehicle units overburn")
	s.Unit("A1").Disrupted = true
	mvRefuse(t, s, "lancers", "overburn A1", "A1 is disrupted")
	next, _ = mvDo(t, s, "lancers", "overburn V1", mvDice(t))
	if got := next.Unit("V1").MPLeft; got != 14 {
		t.Errorf("hover MP 9 overburns to %d, want 14", got)
	}
	// The overburn MP carries it further than its MP.
	mvDo(t, next, "lancers", "move V1 2309", mvDice(t))
	mvRefuse(t, s, "lancers", "move V1 2309", "hex 2309 is 14 MP away; V1 has 9 left")
}

// Ensure the overburn step loss at the end of the turn (000 line 693) and
// its exceptions: began and ended in water (000 lines 693, 1023; ruling
// M16), an unspent Extra 'Mech chit (000 line 1304; ruling M17).
func TestMoveOverburnLoss(t *testing.T) {
	m := terrain(map[string]mapgen.Cell{
		"0505": {Terrain: mapgen.Water1}, "0506": {Terrain: mapgen.Water2},
		"0808": {Terrain: mapgen.Water1, Road: true},
	})
	for _, tc := range []struct {
		name       string
		class      Class
		start, end string
		extra      bool
		extraUsed  bool
		wantStep   int
	}{
		{"Land", HeavyMech, "0303", "0304", false, false, 1},
		{"WaterToWater", HeavyMech, "0505", "0506", false, false, 0},
		{"StayInWater", HeavyMech, "0505", "0505", false, false, 0},
		{"LandToWater", HeavyMech, "0504", "0505", false, false, 1},
		{"WaterToLand", HeavyMech, "0505", "0504", false, false, 1},
		{"HoverOnWater", Hover, "0505", "0506", false, false, 0},
		{"TrackedOnBridge", Tracked, "0808", "0808", false, false, 1},
		{"ExtraMech", HeavyMech, "0303", "0304", true, false, 0},
		{"ExtraMechSpent", HeavyMech, "0303", "0304", true, true, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			u := mvUnit("A1", "lancers", tc.class, tc.start, Values{16, 16, 12}, 6)
			u.Chits.ExtraMech, u.ExtraMechUsed = tc.extra, tc.extraUsed
			s := mvBattle(t, m, u)
			s, _ = mvDo(t, s, "lancers", "overburn A1", mvDice(t))
			if tc.end != tc.start {
				s, _ = mvDo(t, s, "lancers", "move A1 "+tc.end, mvDice(t))
			}
			b := &battle{s: s.Clone(), side: "lancers"}
			if err := b.overburnLoss(b.s.Unit("A1")); err != nil {
				t.Fatal(err)
			}
			got := b.s.Unit("A1")
			if got.Step != tc.wantStep || got.Overburning {
				t.Errorf("step %d, overburning %v; want step %d and the overburn over", got.Step, got.Overburning, tc.wantStep)
			}
			if got.ExtraMechUsed != tc.extraUsed {
				t.Errorf("extra 'Mech used %v, want %v", got.ExtraMechUsed, tc.extraUsed)
			}
			for _, e := range b.events {
				if e.Audience == nil {
					t.Errorf("event %q is public: a unit's damage is its owner's secret", e.Text)
				}
			}
		})
	}
}

// Ensure a hidden unit that moves is revealed (001 line 2271; ruling M15),
// and every move is announced to all.
func TestMoveHiddenUnit(t *testing.T) {
	i1 := mvUnit("I1", "lancers", Infantry, "0505", Values{4, 4, 4}, 2)
	i1.Hidden = true
	s := mvBattle(t, nil, i1)
	next, events := mvDo(t, s, "lancers", "move I1 0506", mvDice(t))
	if next.Unit("I1").Hidden {
		t.Errorf("I1 still hidden after moving")
	}
	if e := mvEvent(events, "revealed"); e == nil || e.Audience != nil || *e.Hex != h("0505") {
		t.Errorf("revealed event %+v, want a public one at 0505", e)
	}
	if e := mvEvent(events, "move"); e == nil || e.Audience != nil {
		t.Errorf("move event %+v, want public", e)
	}
}

// mvRandomBattle is a random battle on a random 32×34 map: each side has
// ground units of every movement mode (some jumping, damaged, disrupted,
// surrendered, hidden), and mines lie about.
func mvRandomBattle(t testing.TB, seed uint64) *State {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 7))
	m := randomTerrain(seed, 32, 34)
	for range 6 { // a few roads
		x, y := rng.IntN(32), rng.IntN(34)
		var names []string
		for range 8 {
			names = append(names, hex.Hex{X: x, Y: y}.String())
			y++
			if y >= 34 {
				break
			}
		}
		if len(names) > 1 {
			mvRoad(m, names...)
		}
	}
	classes := []Class{LightMech, MediumMech, AssaultMech, Tracked, Hover, Wheeled, Infantry, MotorizedInfantry, JumpInfantry, LongTom, Truck}
	var units []Unit
	s := &State{Map: m}
	for i := range 24 {
		side := []string{"lancers", "bandits"}[i%2]
		c := classes[rng.IntN(len(classes))]
		u := mvUnit(fmt.Sprintf("%c%02d", 'A'+i%2, i), side, c, "0101", Values{RA: 2 + rng.IntN(18), CA: 2 + rng.IntN(18), D: 2 + rng.IntN(12)}, 2+rng.IntN(8))
		u.Experience = Experience(rng.IntN(4))
		u.Jump = c.Kind() == KindMech && rng.IntN(4) == 0
		u.Step = rng.IntN(3)
		switch rng.IntN(10) {
		case 0:
			u.Disrupted = true
		case 1:
			u.Status, u.Disrupted = Surrendered, true
		case 2:
			u.Hidden = c.Kind() == KindInfantry
		}
		for {
			u.Hex = hex.Hex{X: rng.IntN(32), Y: rng.IntN(34)}
			s.Units = unitPtrs(units)
			if (&battle{s: s}).canStand(&u, u.Hex) == nil {
				break
			}
		}
		units = append(units, u)
	}
	s = mvBattle(t, m, units...)
	s.Sides[0].Mines = map[hex.Hex]int{}
	s.Sides[1].Mines = map[hex.Hex]int{}
	for range 30 {
		h := hex.Hex{X: rng.IntN(32), Y: rng.IntN(34)}
		if !m.At(h).Terrain.IsWater() {
			s.Sides[rng.IntN(2)].Mines[h] += 5 * (1 + rng.IntN(3))
		}
	}
	return s
}

// Ensure validMoves and move agree (the rules engine's "legal = listed"):
// on random battles every listed move is accepted and leaves a sound
// state, and every hex not listed is refused — for every unit of the
// phasing side, after moves, overburn and turns.
func TestMoveValidMovesAgree(t *testing.T) {
	seeds := uint64(3)
	if testing.Short() {
		seeds = 1
	}
	for seed := uint64(1); seed <= seeds; seed++ {
		t.Run(fmt.Sprint("seed", seed), func(t *testing.T) {
			t.Logf("seed %d", seed)
			s := mvRandomBattle(t, seed)
			rng := rand.New(rand.NewPCG(seed, 11))
			d := dice.New(dice.NewSeeded(seed))
			for round := range 5 {
				side := s.PhasingSide().ID
				var chosen []Action
				for i := range s.Units {
					u := s.Units[i]
					if u.Side != side {
						continue
					}
					valid := validMoves(&Legality{s: s}, u)
					listed := map[hex.Hex]bool{}
					for _, a := range valid {
						next, _, err := Apply(s, a, d)
						if err != nil {
							t.Fatalf("round %d: listed %s refused: %v", round, a, err)
						}
						mvCheck(t, next)
						if a.Kind == ActMove {
							listed[a.To] = true
						}
					}
					// Every hex it might reach, and a few beyond.
					for _, hx := range hex.Within(u.Hex, u.MPLeft+2) {
						if listed[hx] || !s.Map.Contains(hx) {
							continue
						}
						a := Action{Kind: ActMove, Side: side, Unit: u.ID, To: hx}
						if _, _, err := Apply(s, a, d); err == nil {
							t.Fatalf("round %d: %s accepted but not listed (%v %v at %s, %d MP)", round, a, u.Class, u.Status, u.Hex, u.MPLeft)
						} else if !errors.Is(err, ErrIllegal) {
							t.Fatalf("round %d: %s: %v", round, a, err)
						}
					}
					if len(valid) > 0 {
						chosen = append(chosen, valid[rng.IntN(len(valid))])
					}
				}
				// Play some of the chosen moves, twice over (split moves).
				for _, a := range chosen {
					for range 2 {
						if next, _, err := Apply(s, a, d); err == nil {
							mvCheck(t, next)
							s = next
						}
						if u := s.Unit(a.Unit); u != nil && u.Status == Active {
							if v := validMoves(&Legality{s: s}, u); len(v) > 0 {
								a = v[rng.IntN(len(v))]
							}
						}
					}
				}
				mvNextTurn(t, s, 1-s.Phasing)
			}
		})
	}
}

// BenchmarkValidMoves lists the moves of an MP 8 'Mech lance on a 32×34
// sector map (BENCHMARKS.md budget for movement: 200 µs): on random terrain,
// and on open ground, where it reaches the most hexes (217).
func BenchmarkValidMoves(b *testing.B) {
	for _, tc := range []struct {
		name string
		m    *mapgen.Map
	}{
		{"random", randomTerrain(9, 32, 34)},
		{"open", mapgen.New(32, 34)},
	} {
		b.Run(tc.name, func(b *testing.B) {
			tc.m.Set(h("1617"), mapgen.Cell{})
			s := mvBattle(b, tc.m, mvUnit("A1", "lancers", HeavyMech, "1617", Values{16, 16, 12}, 8))
			u := s.Unit("A1")
			b.ReportAllocs()
			n := 0
			for b.Loop() {
				n = len(validMoves(&Legality{s: s}, u))
			}
			b.ReportMetric(float64(n), "moves")
		})
	}
}
