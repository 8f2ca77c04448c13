package referee

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	"bfbot/mapgen"
	"bfbot/mapgen/hex"
	"bfbot/referee/dice"
)

// Rule references are to book 000, BattleForce; V1–V11 are the
// battle-end rulings of docs/rulings.md.

// vcBattle is a 32×17 sheet of open ground with two sides, the lancers
// (retreating west) moving first, and the units written in the records
// (the notation) or given; it is started.
func vcBattle(t *testing.T, records string, units ...Unit) *State {
	t.Helper()
	s := mustPosition(t, `map blank 32x17; turn 0 deploy lancers
		side lancers name="7th Crucis Lancers" retreat=west; side bandits name="Moore's Bandits" retreat=east
		`+records, units...)
	s, _, err := Start(s)
	if err != nil {
		t.Fatalf("Start: %v", err)
	}
	vcCheck(t, s)
	return s
}

// vcDice returns scripted dice.
func vcDice(t *testing.T, faces ...int) *dice.Dice {
	t.Helper()
	sc, err := dice.NewScript(faces...)
	if err != nil {
		t.Fatal(err)
	}
	return dice.New(sc)
}

func vcCheck(t *testing.T, s *State) {
	t.Helper()
	for _, err := range s.Check() {
		t.Errorf("invariant: %v", err)
	}
}

// vcDo applies an action given in text form for side and fails the test
// on an error.
func vcDo(t *testing.T, s *State, side, text string, d *dice.Dice) (*State, []Event) {
	t.Helper()
	a, err := ParseAction(text)
	if err != nil {
		t.Fatalf("%s: %v", text, err)
	}
	a.Side = side
	if d == nil {
		d = vcDice(t)
	}
	next, events, err := Apply(s, a, d)
	if err != nil {
		t.Fatalf("%s %s: %v", side, text, err)
	}
	vcCheck(t, next)
	return next, events
}

// vcRefuse applies an action that must be refused with a message holding
// want, and checks the state did not change.
func vcRefuse(t *testing.T, s *State, side, text, want string) {
	t.Helper()
	a, err := ParseAction(text)
	if err != nil {
		t.Fatalf("%s: %v", text, err)
	}
	a.Side = side
	next, events, err := Apply(s, a, vcDice(t))
	if err == nil || !errors.Is(err, ErrIllegal) || !strings.Contains(err.Error(), want) {
		t.Errorf("%s %s: error %v, want an illegal action saying %q", side, text, err, want)
	}
	if next != s || events != nil {
		t.Errorf("%s %s: a refused action changed the state", side, text)
	}
}

// vcLast returns the last event of the given type.
func vcLast(events []Event, typ string) *Event {
	for i := len(events) - 1; i >= 0; i-- {
		if events[i].Type == typ {
			return &events[i]
		}
	}
	return nil
}

// vcEndTurns ends n phases in turn order, whoever is phasing.
func vcEndTurns(t *testing.T, s *State, n int) (*State, []Event) {
	t.Helper()
	var all []Event
	for range n {
		var ev []Event
		s, ev = vcDo(t, s, s.PhasingSide().ID, "end", nil)
		all = append(all, ev...)
	}
	return s, all
}

// Ensure the Victory Point Table (000 lines 2162–2170) reads at every
// boundary, with ±150 and beyond still decisive (V9).
func TestVictoryLevel(t *testing.T) {
	for _, tc := range []struct {
		diff int
		want string
	}{
		{-1000, DecisiveDefeat}, {-151, DecisiveDefeat}, {-150, DecisiveDefeat}, {-100, DecisiveDefeat},
		{-99, MajorDefeat}, {-50, MajorDefeat}, {-49, MinorDefeat}, {-20, MinorDefeat},
		{-19, Draw}, {0, Draw}, {19, Draw},
		{20, MinorVictory}, {49, MinorVictory}, {50, MajorVictory}, {99, MajorVictory},
		{100, DecisiveVictory}, {147, DecisiveVictory}, {148, DecisiveVictory}, {150, DecisiveVictory}, {151, DecisiveVictory}, {1000, DecisiveVictory},
	} {
		if got := VictoryLevel(tc.diff); got != tc.want {
			t.Errorf("VictoryLevel(%d) = %q, want %q", tc.diff, got, tc.want)
		}
	}
}

// Ensure the example of 000 line 2173: the Lancers' 201 VP against the
// Bandits' 53 is a decisive victory. The book subtracts 53 from 200 and
// gets 147; the true margin is 148; both are decisive (V9).
func TestVictoryPointsTableExample(t *testing.T) {
	s := vcBattle(t, `
		unit A1 lancers heavy-mech regular 13/16/10 @0505 r=3 mp=4 ob=16
		unit B1 bandits heavy-mech regular 13/16/10 @2505 r=3 mp=4 ob=16`)
	s.Sides[0].VP, s.Sides[1].VP = 201, 53
	o := s.Outcome()
	if o.Winner != "lancers" || o.Diff != 148 || o.Level != DecisiveVictory {
		t.Errorf("201 vs 53: %+v, want the lancers by 148, a decisive victory", o)
	}
	if VictoryLevel(147) != DecisiveVictory {
		t.Error("the book's own margin of 147 is decisive too")
	}
	// The loser's view of the same margin.
	if VictoryLevel(-148) != DecisiveDefeat {
		t.Error("-148 is a decisive defeat")
	}
}

// Ensure the example of 000 lines 2153 and 2696: a destroyed Elite Heavy
// 'Mech lance with overburn RA 18 is worth 18 + 10 = 28 VP, and 3 more
// with a +2 Firepower chit; captured, twice that (000 line 2698, R8).
func TestVictoryPointsDestroyedAndCaptured(t *testing.T) {
	// The Heavy Type 2 counter of line 258 prints RA 14 and an overburn
	// row of 18 (R5 would derive 17: printed counters win).
	s := vcBattle(t, `
		unit A1 lancers assault-mech regular 16/20/10 @0505 r=3 mp=4 ob=20
		unit B1 bandits heavy-mech elite 14/18/10 @2505 r=3 mp=4 ob=18
		unit B2 bandits heavy-mech elite 14/18/10 @2506 r=3 mp=4 ob=18 chits=firepower2`)
	if heavy := s.Unit("B1"); heavy.Cost() != 28 {
		t.Fatalf("elite heavy lance: overburn %d, cost %d; want 18 and 28", heavy.OverburnRA, heavy.Cost())
	}
	s.Unit("B1").Status, s.Unit("B1").Step = Destroyed, 4
	if got := s.VictoryPoints(); got["lancers"] != 28 || got["bandits"] != 0 {
		t.Errorf("one destroyed elite heavy lance: %v, want lancers 28", got)
	}
	s.Unit("B2").Status = Captured
	if got := s.VictoryPoints(); got["lancers"] != 28+2*31 {
		t.Errorf("and a captured one with firepower+2: %v, want lancers %d", got, 28+2*31)
	}
}

// Ensure salvage counts 10 a counter (000 line 2157; V8): carried by
// one's own units whether on the map, withdrawn or fled; carried by enemy
// units one captured; lying on the map when one's units alone stand
// there; and not at all when the carrier was destroyed.
func TestVictoryPointsSalvage(t *testing.T) {
	s := vcBattle(t, `
		unit A1 lancers medium-mech regular 10/12/8 @0505 r=3 mp=4 ob=13
		unit A2 lancers medium-mech regular 10/12/8 @0506 r=3 mp=4 ob=13
		unit A3 lancers medium-mech regular 10/12/8 @0507 r=3 mp=4 ob=13
		unit B1 bandits truck regular 0/0/4 @2505 r=3 mp=4
		unit B2 bandits truck regular 0/0/4 @2506 r=3 mp=4`)
	s.Unit("A1").Salvage = 1 // on the map
	s.Unit("A2").Salvage, s.Unit("A2").Status = 1, Withdrawn
	s.Unit("A3").Salvage, s.Unit("A3").Status, s.Unit("A3").Step = 1, Destroyed, 4
	s.Unit("B1").Salvage = 1
	s.Salvage = map[hex.Hex]int{hex.MustParse("1010"): 2}
	got := s.VictoryPoints()
	// Both sides stand on the map: the counters at 1010 are nobody's.
	if got["lancers"] != 20 || got["bandits"] != 10+s.Unit("A3").Cost() {
		t.Errorf("both in the field: %v, want lancers 20, bandits 10 + %d", got, s.Unit("A3").Cost())
	}
	s.Unit("B1").Status, s.Unit("B2").Status = Captured, Captured
	got = s.VictoryPoints()
	want := 20 + 2*s.Unit("B1").Cost() + 10 + 2*s.Unit("B2").Cost() + 20
	if got["lancers"] != want {
		t.Errorf("lancers alone on the map: %v, want lancers %d (own 2, captured 1, field 2 counters)", got, want)
	}
}

// Ensure the battle ends in the end phase when only one side stands on
// the map (000 line 2661; V5), with docs/architecture.md's battle_end event last.
func TestBattleEndLastSideStanding(t *testing.T) {
	s := vcBattle(t, `
		unit A1 lancers assault-mech regular 16/20/10 @0505 r=3 mp=4 ob=20
		unit B1 bandits assault-mech elite 20/16/10 destroyed @2505 r=3 mp=4 ob=24 step=4 # cost 24 + 10
		unit B2 bandits light-mech regular 6/8/6 broken @2506 r=3 mp=4 ob=8 # fled: does not hold the field`)
	s, _ = vcEndTurns(t, s, 1)
	if s.Phase != PhaseAttack {
		t.Fatalf("the movement phase ended into %v", s.Phase)
	}
	s, events := vcEndTurns(t, s, 1)
	if s.Phase != PhaseOver || s.Winner != "lancers" {
		t.Fatalf("phase %v, winner %q; want over, lancers", s.Phase, s.Winner)
	}
	last := events[len(events)-1]
	if last.Type != "battle_end" {
		t.Fatalf("last event %q, want battle_end", last.Type)
	}
	raw, err := json.Marshal(last)
	if err != nil {
		t.Fatal(err)
	}
	var got map[string]any
	if err := json.Unmarshal(raw, &got); err != nil {
		t.Fatal(err)
	}
	cost := float64(s.Unit("B1").Cost())
	if got["type"] != "battle_end" || got["turn"] != 1.0 || got["side"] != "lancers" || got["winner"] != "lancers" ||
		got["level"] != MinorVictory {
		t.Errorf("battle_end = %s", raw)
	}
	if vp, _ := got["vp"].(map[string]any); vp["lancers"] != cost || vp["bandits"] != 0.0 {
		t.Errorf("battle_end vp = %v, want lancers %v, bandits 0", got["vp"], cost)
	}
	vcRefuse(t, s, "bandits", "end", "the battle is over")
}

// Ensure a turn limit ends the battle after the last side's turn of that
// game turn (V10), and a margin under 20 is a draw with no winner. The
// lances stand near enough to meet in the last turn: V17 does not end
// the battle before its limit.
func TestBattleEndTurnLimit(t *testing.T) {
	s := vcBattle(t, `
		unit A1 lancers medium-mech regular 10/12/8 @0505 r=3 mp=4 ob=13
		unit B1 bandits medium-mech regular 10/12/8 @1505 r=3 mp=4 ob=13`)
	s.Rules.TurnLimit = 2
	s, _ = vcEndTurns(t, s, 7) // turn 1: 4 phases; turn 2: lancers' 2, bandits' movement
	if s.Phase == PhaseOver || s.Turn != 2 {
		t.Fatalf("ended early: phase %v turn %d", s.Phase, s.Turn)
	}
	s, events := vcEndTurns(t, s, 1)
	e := vcLast(events, "battle_end")
	if s.Phase != PhaseOver || e == nil || *e.Winner != "" || e.Level != Draw || e.Turn != 2 || e.Side != "bandits" {
		t.Fatalf("after turn 2: phase %v, event %+v; want a draw announced in turn 2", s.Phase, e)
	}
	if !strings.Contains(e.Text, "turn limit") {
		t.Errorf("battle_end text %q does not say why", e.Text)
	}
}

// Ensure a broken unit rallies on 12 with its experience modifier (000
// line 968; V1, V2): Regular needs 12, Elite 9 (+3), Green never; once
// per turn; onto an Open hex beside an undisrupted friend.
func TestRally(t *testing.T) {
	setup := func(exp Experience) *State {
		a2 := scnUnit("A2", "lancers", MediumMech, "0505", 10, 12, 8)
		a2.Status, a2.Experience = Broken, exp
		friend := scnUnit("A1", "lancers", HeavyMech, "0808", 13, 16, 10)
		s := vcBattle(t, "", friend, a2, scnUnit("B1", "bandits", MediumMech, "2505", 10, 12, 8))
		s.Map = s.Map.Clone()
		s.Map.Set(hex.MustParse("0807"), mapgen.Cell{Terrain: mapgen.LightWoods})
		return s
	}
	t.Run("OK", func(t *testing.T) {
		s := setup(Regular)
		s, events := vcDo(t, s, "lancers", "rally A2 0809", vcDice(t, 6, 6))
		u := s.Unit("A2")
		if u.Status != Active || u.Hex != hex.MustParse("0809") || u.MPLeft != 0 {
			t.Errorf("after 6+6: %v at %s with %d MP left", u.Status, u.Hex, u.MPLeft)
		}
		if e := vcLast(events, "rally"); e == nil || *e.Result != "rallied" || events[0].Type != "roll" {
			t.Errorf("events %+v", events)
		}
		// Back on the board, it moves no further this turn (V2).
		vcRefuse(t, s, "lancers", "move A2 0810", "ended its movement")
	})
	t.Run("Failed", func(t *testing.T) {
		s := setup(Regular)
		s, events := vcDo(t, s, "lancers", "rally A2 0809", vcDice(t, 5, 6))
		if s.Unit("A2").Status != Broken || *vcLast(events, "rally").Result != "failed" {
			t.Errorf("11 rallied a regular unit")
		}
		vcRefuse(t, s, "lancers", "rally A2 0809", "already tried to rally this turn")
		// Next turn it may try again.
		s, _ = vcEndTurns(t, s, 4)
		vcDo(t, s, "lancers", "rally A2 0809", vcDice(t, 6, 6))
	})
	t.Run("Elite", func(t *testing.T) {
		s := setup(Elite)
		s, _ = vcDo(t, s, "lancers", "rally A2 0809", vcDice(t, 4, 5))
		if s.Unit("A2").Status != Active {
			t.Error("an elite unit rolling 9 (+3) did not rally")
		}
	})
	t.Run("Veteran", func(t *testing.T) {
		s := setup(Veteran)
		s, _ = vcDo(t, s, "lancers", "rally A2 0809", vcDice(t, 5, 5))
		if s.Unit("A2").Status != Broken {
			t.Error("a veteran unit rolling 10 (+1) rallied")
		}
	})
	t.Run("ErrGreen", func(t *testing.T) {
		vcRefuse(t, setup(Green), "lancers", "rally A2 0809", "cannot reach the 12")
	})
	t.Run("ErrHex", func(t *testing.T) {
		s := setup(Regular)
		vcRefuse(t, s, "lancers", "rally A2 0807", "Open hex")
		vcRefuse(t, s, "lancers", "rally A2 1010", "not beside")
		vcRefuse(t, s, "lancers", "rally A2 0808", "") // the friend stands there: fine, but it is not beside itself
		vcRefuse(t, s, "lancers", "rally A1 0809", "has not broken")
		vcRefuse(t, s, "bandits", "rally A2 0809", "turn")
	})
	// No unit rallies into a DropShip's hex (000 line 630): the rally
	// hex is checked as any hex a unit is placed in.
	t.Run("ErrDropShip", func(t *testing.T) {
		s := setup(Regular)
		ship := drpShip("D1", "bandits", Union, "0809")
		s.Units = append(s.Units, &ship)
		vcRefuse(t, s, "lancers", "rally A2 0809", "DropShip D1 stands there")
	})
	t.Run("ErrDisruptedFriend", func(t *testing.T) {
		s := setup(Regular)
		s.Unit("A1").Disrupted = true
		vcRefuse(t, s, "lancers", "rally A2 0809", "not beside any undisrupted unit")
	})
	t.Run("ErrFullHex", func(t *testing.T) {
		s := setup(Regular)
		b2 := scnUnit("B2", "bandits", LightMech, "0809", 6, 8, 6)
		b3 := scnUnit("B3", "bandits", LightMech, "0809", 6, 8, 6)
		s.Units = append(s.Units, &b2, &b3)
		vcRefuse(t, s, "lancers", "rally A2 0809", "already holds 2 units")
	})
	// A hex the lancers see holding one unit, filled by a hidden platoon
	// besides: no refusal counts the platoon (that would tell of it,
	// ruling M12); the try reveals it and is spent, unrolled.
	t.Run("HiddenFill", func(t *testing.T) {
		s := setup(Regular)
		b2 := scnUnit("B2", "bandits", LightMech, "0809", 6, 8, 6)
		b3 := unitOf("B3 bandits infantry veteran 3/6/5 @0809 r=1 mp=2 hidden")
		s.Units = append(s.Units, &b2, &b3)
		s, events := vcDo(t, s, "lancers", "rally A2 0809", vcDice(t))
		if u := s.Unit("A2"); u.Status != Broken || s.Unit("B3").Hidden {
			t.Errorf("A2 %v, B3 hidden %t: want A2 broken and B3 revealed", u.Status, s.Unit("B3").Hidden)
		}
		if e := vcLast(events, "revealed"); e == nil || e.Unit != "B3" {
			t.Errorf("events %+v: want B3 revealed", events)
		}
		vcRefuse(t, s, "lancers", "rally A2 0809", "already tried to rally this turn")
	})
	// Returning into a hidden platoon's hex enters it: the platoon is
	// revealed and attacks by close assault (ruling M14).
	t.Run("IntoHiddenPlatoon", func(t *testing.T) {
		s := setup(Regular)
		b3 := unitOf("B3 bandits infantry veteran 3/6/5 @0809 r=1 mp=2 hidden")
		s.Units = append(s.Units, &b3)
		s, events := vcDo(t, s, "lancers", "rally A2 0809", vcDice(t, 6, 6, 1, 1))
		if s.Unit("B3").Hidden || vcLast(events, "revealed") == nil || vcLast(events, "attack") == nil {
			t.Errorf("B3 hidden %t; events %+v", s.Unit("B3").Hidden, events)
		}
	})
	// Returning into a mined hex enters it: the mines go off (10 against
	// D 8, the +2 column, where a 3 is one step) and are spent (rulings
	// M13, M14).
	t.Run("IntoMines", func(t *testing.T) {
		s := setup(Regular)
		s.Side("bandits").Mines = map[hex.Hex]int{hex.MustParse("0809"): 10}
		s, events := vcDo(t, s, "lancers", "rally A2 0809", vcDice(t, 6, 6, 1, 2))
		if u := s.Unit("A2"); mnAttack(t, events) == nil || u.Status != Active || u.Step != 1 || s.MinesAt(hex.MustParse("0809")) != 0 {
			t.Errorf("A2 %v, step %d; events %+v", u.Status, u.Step, events)
		}
	})
	t.Run("ErrAttackPhase", func(t *testing.T) {
		s, _ := vcEndTurns(t, setup(Regular), 1)
		vcRefuse(t, s, "lancers", "rally A2 0809", "movement phase")
	})
}

// Ensure pickup (000 line 2647; V3): any ground unit takes one counter in
// its hex at no cost; it carries one at most; air units take none.
func TestPickup(t *testing.T) {
	s := vcBattle(t, `
		unit A1 lancers truck regular 0/0/4 @1010 r=3 mp=4
		unit A2 lancers light-air regular 6/0/6 @1010 r=3 mp=4
		unit B1 bandits medium-mech regular 10/12/8 @2505 r=3 mp=4 ob=13`)
	s.Salvage = map[hex.Hex]int{hex.MustParse("1010"): 2}
	s, events := vcDo(t, s, "lancers", "pickup A1", nil)
	if s.Unit("A1").Salvage != 1 || s.Salvage[hex.MustParse("1010")] != 1 || vcLast(events, "pickup") == nil || s.Unit("A1").MPLeft != 4 {
		t.Errorf("after pickup: carries %d, %d left in the hex, %d MP", s.Unit("A1").Salvage, s.Salvage[hex.MustParse("1010")], s.Unit("A1").MPLeft)
	}
	vcRefuse(t, s, "lancers", "pickup A1", "already carries")
	vcRefuse(t, s, "lancers", "pickup A2", "do not pick up")
	vcRefuse(t, s, "lancers", "pickup B1", "no unit B1")
	s.Unit("A1").Salvage = 0
	s, _ = vcDo(t, s, "lancers", "pickup A1", nil)
	if _, left := s.Salvage[hex.MustParse("1010")]; left {
		t.Error("the emptied hex stays in State.Salvage")
	}
	vcRefuse(t, s, "lancers", "pickup A1", "")
}

// Ensure a side may break off only after a unit of it was destroyed or
// three took step damage (000 line 2175; V4), once, and needs an edge.
func TestRetreat(t *testing.T) {
	units := func() []Unit {
		return []Unit{
			scnUnit("A1", "lancers", MediumMech, "0105", 10, 12, 8),
			scnUnit("A2", "lancers", MediumMech, "0506", 10, 12, 8),
			scnUnit("A3", "lancers", MediumMech, "0507", 10, 12, 8),
			scnUnit("B1", "bandits", MediumMech, "2505", 10, 12, 8),
		}
	}
	s := vcBattle(t, "", units()...)
	s.Unit("A1").Step, s.Unit("A2").Step = 1, 2
	vcRefuse(t, s, "lancers", "retreat", "only 2 have taken damage steps")
	vcRefuse(t, s, "bandits", "retreat", "turn")
	s.Unit("A3").Step = 1
	s, events := vcDo(t, s, "lancers", "retreat", nil)
	if !s.Side("lancers").Retreating || vcLast(events, "retreat") == nil {
		t.Error("three damaged units: no retreat")
	}
	vcRefuse(t, s, "lancers", "retreat", "already retreating")

	u := units()
	u[1].Status, u[1].Step = Destroyed, 4
	s = vcBattle(t, "", u...)
	if got := ValidSideActions(s, "lancers"); len(got) != 3 || got[0].Kind != ActRetreat || got[1].Kind != ActTruce {
		t.Errorf("ValidSideActions = %v, want retreat, truce and surrender", got)
	}
	s, _ = vcDo(t, s, "lancers", "retreat", nil)
	s.Sides[0].RetreatEdge = NoEdge
	s.Sides[0].Retreating = false
	vcRefuse(t, s, "lancers", "retreat", "no map edge")
}

// Ensure withdrawal (V6): after the retreat, by the side's edge, with
// movement left; a salvage carrier may leave by any edge at any time (000
// line 2647), but once its side retreats, leaving by another edge costs a
// die roll: 1–3 captured (000 line 2657).
func TestWithdraw(t *testing.T) {
	setup := func() *State {
		s := vcBattle(t, `
			unit A1 lancers medium-mech regular 10/12/8 @0105 r=3 mp=4 ob=13
			unit A2 lancers medium-mech regular 10/12/8 @0506 r=3 mp=4 ob=13
			unit A3 lancers medium-mech regular 10/12/8 @3207 r=3 mp=4 ob=13
			unit A4 lancers medium-mech regular 10/12/8 @0101 r=3 mp=4 ob=13
			unit B1 bandits medium-mech regular 10/12/8 @2505 r=3 mp=4 ob=13`)
		s.Unit("A3").Salvage = 1
		return s
	}
	s := setup()
	// A unit that leaves before its side declares a retreat is captured
	// (000 line 2655).
	early, _ := vcDo(t, s, "lancers", "withdraw A1", nil)
	if early.Unit("A1").Status != Captured {
		t.Errorf("A1 leaving before the retreat: %v, want captured", early.Unit("A1").Status)
	}
	// A salvage carrier leaves before any retreat, by the east edge.
	s, _ = vcDo(t, s, "lancers", "withdraw A3", nil)
	if s.Unit("A3").Status != Withdrawn || s.VictoryPoints()["lancers"] != 10 {
		t.Errorf("salvage carrier: %v, VP %v", s.Unit("A3").Status, s.VictoryPoints())
	}
	s.Unit("A2").Step = 4
	s.Unit("A2").Status = Destroyed
	s, _ = vcDo(t, s, "lancers", "retreat", nil)
	vcRefuse(t, s, "lancers", "withdraw B1", "no unit B1")
	s.Unit("A1").Disrupted = true
	vcRefuse(t, s, "lancers", "withdraw A1", "disrupted")
	s.Unit("A1").Disrupted = false
	s.Unit("A1").MPLeft = 0
	vcRefuse(t, s, "lancers", "withdraw A1", "no movement left")
	s.Unit("A1").MPLeft = 4
	if got := ValidActions(s, "A1"); !slices.ContainsFunc(got, func(a Action) bool { return a.Kind == ActWithdraw }) {
		t.Errorf("ValidActions(A1) = %v, want a withdraw", got)
	}
	s, events := vcDo(t, s, "lancers", "withdraw A1", nil)
	if s.Unit("A1").Status != Withdrawn || vcLast(events, "withdraw") == nil {
		t.Errorf("A1 on the west edge did not withdraw")
	}
	// A4 at 0101 is on the west edge too (a corner).
	vcDo(t, s, "lancers", "withdraw A4", nil)

	t.Run("WrongEdgeWithSalvage", func(t *testing.T) {
		for _, tc := range []struct {
			face int
			want Status
		}{{3, Captured}, {4, Withdrawn}} {
			s := setup()
			s.Unit("A2").Step, s.Unit("A2").Status = 4, Destroyed
			s, _ = vcDo(t, s, "lancers", "retreat", nil)
			s, _ = vcDo(t, s, "lancers", "withdraw A3", vcDice(t, tc.face))
			if s.Unit("A3").Status != tc.want {
				t.Errorf("east edge, rolled %d: %v, want %v", tc.face, s.Unit("A3").Status, tc.want)
			}
		}
	})
	t.Run("ErrNotOnEdge", func(t *testing.T) {
		s := setup()
		s.Unit("A2").Step, s.Unit("A2").Status = 4, Destroyed
		s, _ = vcDo(t, s, "lancers", "retreat", nil)
		s.Unit("A2").Step, s.Unit("A2").Status = 0, Active
		vcRefuse(t, s, "lancers", "withdraw A2", "must stand on an edge of the map")
	})
	// After the retreat, a unit leaving by another edge without salvage is
	// captured (000 line 2657).
	t.Run("WrongEdge", func(t *testing.T) {
		s := setup()
		s.Unit("A2").Step, s.Unit("A2").Status = 4, Destroyed
		s, _ = vcDo(t, s, "lancers", "retreat", nil)
		s.Unit("A3").Salvage = 0
		s, _ = vcDo(t, s, "lancers", "withdraw A3", nil)
		if s.Unit("A3").Status != Captured {
			t.Errorf("A3 leaving by the east edge: %v, want captured", s.Unit("A3").Status)
		}
	})
	t.Run("LastUnitOut", func(t *testing.T) {
		s := vcBattle(t, `
			unit A1 lancers medium-mech regular 10/12/8 @0105 r=3 mp=4 ob=13
			unit A2 lancers medium-mech regular 10/12/8 @0506 r=3 mp=4 ob=13
			unit B1 bandits medium-mech regular 10/12/8 @2505 r=3 mp=4 ob=13`)
		s.Unit("A2").Step, s.Unit("A2").Status = 4, Destroyed
		s, _ = vcDo(t, s, "lancers", "retreat", nil)
		s, _ = vcDo(t, s, "lancers", "withdraw A1", nil)
		s, events := vcEndTurns(t, s, 2)
		if e := vcLast(events, "battle_end"); s.Phase != PhaseOver || e == nil {
			t.Fatalf("every unit withdrawn: phase %v", s.Phase)
		}
	})
}

// Ensure a surrender (V7) captures the side's units on the map but not
// those that fled, ends the battle at once and lets the table decide.
func TestSurrender(t *testing.T) {
	b2 := scnUnit("B2", "bandits", LightMech, "2506", 6, 8, 6)
	b2.Status = Broken
	s := vcBattle(t, "", scnUnit("A1", "lancers", MediumMech, "0505", 10, 12, 8), scnUnit("B1", "bandits", HeavyMech, "2505", 13, 16, 10), b2)
	// Not their turn, but a side may give up at any time.
	s, events := vcDo(t, s, "bandits", "surrender", nil)
	if s.Phase != PhaseOver || s.Unit("B1").Status != Captured || s.Unit("B2").Status != Broken {
		t.Fatalf("after surrender: %v, B1 %v, B2 %v", s.Phase, s.Unit("B1").Status, s.Unit("B2").Status)
	}
	e := vcLast(events, "battle_end")
	want := 2 * s.Unit("B1").Cost()
	if e == nil || e.VP["lancers"] != want || *e.Winner != "lancers" || e.Level != VictoryLevel(want) || e.Side != "bandits" {
		t.Errorf("battle_end %+v, want lancers %d", e, want)
	}
	if events[len(events)-1].Type != "battle_end" {
		t.Error("battle_end is not the last event")
	}
}

// Ensure a unit that surrendered is captured at the end of the battle
// when its side has left the field, but stays its side's when the side
// still stands there (V7).
func TestBattleEndSurrenderedUnits(t *testing.T) {
	b1 := scnUnit("B1", "bandits", HeavyMech, "2505", 13, 16, 10)
	b1.Status, b1.Disrupted = Surrendered, true
	a2 := scnUnit("A2", "lancers", MediumMech, "0506", 10, 12, 8)
	a2.Status, a2.Disrupted = Surrendered, true
	s := vcBattle(t, "", scnUnit("A1", "lancers", MediumMech, "0505", 10, 12, 8), a2, b1)
	s, events := vcEndTurns(t, s, 2)
	if s.Phase != PhaseOver || s.Unit("B1").Status != Captured || s.Unit("A2").Status != Surrendered {
		t.Fatalf("phase %v, B1 %v, A2 %v", s.Phase, s.Unit("B1").Status, s.Unit("A2").Status)
	}
	if e := vcLast(events, "captured"); e == nil || e.Unit != "B1" {
		t.Errorf("no captured event for B1: %+v", events)
	}
}

// Ensure EndBattle (V11) counts the points as they stand.
func TestEndBattle(t *testing.T) {
	s := vcBattle(t, `
		unit A1 lancers medium-mech regular 10/12/8 @0505 r=3 mp=4 ob=13
		unit B1 bandits medium-mech regular 10/12/8 @2505 r=3 mp=4 ob=13`)
	s.Sides[1].VP = 25
	next, events, err := EndBattle(s, "the scenario's commands ran out")
	if err != nil || next.Phase != PhaseOver || next.Winner != "bandits" || len(events) != 1 || events[0].Level != MinorVictory {
		t.Fatalf("EndBattle: %v %v %+v", err, next.Phase, events)
	}
	if s.Phase == PhaseOver {
		t.Error("EndBattle changed the state it was given")
	}
	if _, _, err := EndBattle(next, "again"); err == nil {
		t.Error("EndBattle ended a battle twice")
	}
}

// Ensure every rally, pickup and withdraw action ValidActions lists is
// accepted by Apply, whatever the dice (the ValidActions contract).
func TestValidOtherAccepted(t *testing.T) {
	a2 := scnUnit("A2", "lancers", MediumMech, "0505", 10, 12, 8)
	a2.Status = Broken
	a3 := scnUnit("A3", "lancers", MediumMech, "0108", 10, 12, 8)
	a3.Salvage = 1
	s := vcBattle(t, "", scnUnit("A1", "lancers", HeavyMech, "0808", 13, 16, 10), a2, a3, scnUnit("A4", "lancers", Wheeled, "1010", 4, 4, 4), scnUnit("B1", "bandits", MediumMech, "2505", 10, 12, 8))
	s.Salvage = map[hex.Hex]int{hex.MustParse("1010"): 1}
	kinds := map[ActionKind]int{}
	for _, id := range []string{"A1", "A2", "A3", "A4", "B1"} {
		for _, a := range ValidActions(s, id) {
			if a.Kind != ActRally && a.Kind != ActPickup && a.Kind != ActWithdraw {
				continue
			}
			kinds[a.Kind]++
			for _, faces := range [][]int{{1, 1}, {6, 6}} {
				if _, _, err := Apply(s, a, vcDice(t, faces...)); err != nil {
					t.Errorf("listed %v refused with dice %v: %v", a, faces, err)
				}
			}
		}
	}
	// A2 may rally beside A1, A3 or A4: every open neighbour of theirs.
	beside := map[hex.Hex]bool{}
	for _, id := range []string{"A1", "A3", "A4"} {
		for _, h := range s.Map.Neighbors(s.Unit(id).Hex) {
			beside[h] = true
		}
	}
	if kinds[ActRally] != len(beside) || kinds[ActPickup] != 1 || kinds[ActWithdraw] != 1 {
		t.Errorf("listed %v; want %d rally hexes, 1 pickup (A4), 1 withdraw (A3 with salvage)", kinds, len(beside))
	}
}

// Ensure air lances alone hold no field in a campaign battle (ruling
// AIR13): the battle is fought until one side is gone or withdraws (000
// lines 2653, 2661), and a side left with air lances only against enemy
// ground units can neither pick up salvage (line 2647) nor stop flying
// (line 1097), so the battle ends in the first end phase, its air lances
// fly up and the side counts as withdrawn. Outside a campaign, and
// between air lances alone, the battle goes on.
func TestBattleEndAirAlone(t *testing.T) {
	setup := func(campaign bool, units ...Unit) *State {
		s := vcBattle(t, "", units...)
		if campaign {
			s.Campaign = &CampaignRules{WithdrawAfterSteps: 4}
		}
		return s
	}
	mech := func() Unit { return scnUnit("A1", "lancers", HeavyMech, "0505", 12, 14, 9) }
	air := func(id, side, at string) Unit {
		return airUnit(id, side, MediumAir, at, 10, 8, 8, 15, 15, Regular)
	}

	s := setup(true, mech(), air("B1", "bandits", "2505"))
	s, events := vcEndTurns(t, s, 2) // the lancers' movement and attack phases
	e := vcLast(events, "battle_end")
	if s.Phase != PhaseOver || e == nil || s.Turn != 1 {
		t.Fatalf("air lances against a 'Mech: phase %v turn %d, want over in turn 1", s.Phase, s.Turn)
	}
	if !strings.Contains(e.Text, "air lances alone cannot hold it") || *e.Winner != "" {
		t.Errorf("battle_end %q winner %q, want the reason and a 0–0 draw", e.Text, *e.Winner)
	}
	if u := s.Unit("B1"); u.Status != Withdrawn || !s.Side("bandits").Retreating || s.Side("lancers").Retreating {
		t.Errorf("B1 %v, bandits retreating %v, lancers %v: want B1 withdrawn and only the bandits retreating",
			u.Status, s.Side("bandits").Retreating, s.Side("lancers").Retreating)
	}
	if w := vcLast(events, "withdraw"); w == nil || w.Unit != "B1" {
		t.Errorf("no withdraw event for B1: %+v", w)
	}

	// A 'Mech and an air lance against air lances: the same, and the
	// salvage on the map goes to the side holding the ground.
	s = setup(true, mech(), air("A2", "lancers", "0510"), air("B1", "bandits", "2505"))
	s.Salvage = map[hex.Hex]int{h("1005"): 1}
	s, _ = vcDo(t, s, "lancers", "move A2 0512", nil)
	_, events = vcEndTurns(t, s, 2)
	if e := vcLast(events, "battle_end"); e == nil || e.VP["lancers"] != SalvageVP {
		t.Fatalf("battle_end %+v, want lancers scoring the salvage left on the map", e)
	}

	// Air cover over a lance still in orbit, its drop to come: the side
	// is coming down, and the battle goes on.
	orbit := scnUnit("A3", "lancers", HeavyMech, "0101", 12, 14, 9)
	orbit.Status, orbit.Drop, orbit.Hex = Reserve, true, hex.Hex{}
	s = setup(true, orbit, air("A2", "lancers", "0510"), scnUnit("B1", "bandits", HeavyMech, "2505", 12, 14, 9))
	s, _ = vcDo(t, s, "lancers", "move A2 0512", nil)
	if s, _ = vcEndTurns(t, s, 2); s.Phase == PhaseOver {
		t.Error("air cover over a lance in orbit: the battle ended")
	}

	// Outside a campaign the battle goes on (scenarios keep their own
	// rules), and so it does between air lances alone.
	for name, s := range map[string]*State{
		"scenario":  setup(false, mech(), air("B1", "bandits", "2505")),
		"air alone": setup(true, air("A2", "lancers", "0510"), air("B1", "bandits", "2505")),
	} {
		if name == "air alone" {
			s, _ = vcDo(t, s, "lancers", "move A2 0512", nil)
		}
		s, _ = vcEndTurns(t, s, 2)
		if s.Phase == PhaseOver {
			t.Errorf("%s: the battle ended", name)
		}
	}
}
