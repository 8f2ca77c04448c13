package referee

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"bfbot/mapgen"
	"bfbot/mapgen/hex"
	"bfbot/referee/dice"
)

// Line numbers below are of book 000 (BattleForce); DR ids are the drop
// and DropShip rulings (the report of this work).

// drpFaces turns a list of rolls into dice faces: an int below 10 is one
// die's face, a roll written as 2D6 sum is given with drpTwo.
type drpRoll []int

// drpTwo is a 2D6 roll of sum r.
func drpTwo(r int) drpRoll { return drpRoll(cbFaces(r)) }

// drpOne is a single die.
func drpOne(f int) drpRoll { return drpRoll{f} }

// drpDice scripts the rolls given, in order.
func drpDice(tb testing.TB, rolls ...drpRoll) (*dice.Dice, *dice.Script) {
	tb.Helper()
	var faces []int
	for _, r := range rolls {
		faces = append(faces, r...)
	}
	src, err := dice.NewScript(faces...)
	if err != nil {
		tb.Fatal(err)
	}
	return dice.New(src), src
}

// drpDo applies the text of an action for side with the scripted rolls,
// which must all be used, and checks the invariants.
func drpDo(tb testing.TB, s *State, side, text string, rolls ...drpRoll) (*State, []Event) {
	tb.Helper()
	d, src := drpDice(tb, rolls...)
	return cbDoWith(tb, s, side, text, d, src)
}

// drpRollFor finds a 2D6 roll giving want on column col of the rulebook
// CRT.
func drpRollFor(tb testing.TB, col int, want string) int {
	tb.Helper()
	for r := 2; r <= 12; r++ {
		if res, _ := RulebookCRT.Lookup(col, r); res.String() == want {
			return r
		}
	}
	tb.Fatalf("no roll gives %q on column %d", want, col)
	return 0
}

// Ensure the Landing Modifiers Table (000 lines 751–761): 5 or better,
// +5 when damaged in the drop, Green +1, Veteran −1, Elite −2 — the
// modifiers raise the roll needed, as the example at line 765 shows.
func TestLandingTarget(t *testing.T) {
	for _, tc := range []struct {
		e       Experience
		damaged bool
		want    int
	}{
		{Green, false, 6}, {Regular, false, 5}, {Veteran, false, 4}, {Elite, false, 3},
		{Green, true, 11}, {Regular, true, 10}, {Veteran, true, 9}, {Elite, true, 8},
	} {
		t.Run(tc.e.String(), func(t *testing.T) {
			if got := LandingTarget(tc.e, tc.damaged); got != tc.want {
				t.Errorf("LandingTarget(%v, damaged %v) = %d, want %d", tc.e, tc.damaged, got, tc.want)
			}
		})
	}
}

// Ensure the Failed Landing Table (000 lines 1218–1231) reads as printed.
func TestFailedLandingTable(t *testing.T) {
	want := map[int]FailedLanding{
		2: {Crash: true}, 3: {false, 6, 4}, 4: {false, 5, 3}, 5: {false, 4, 2}, 6: {false, 3, 1}, 7: {false, 2, 0},
		8: {false, 2, 1}, 9: {false, 3, 2}, 10: {false, 4, 3}, 11: {false, 5, 4}, 12: {Crash: true},
	}
	for r := 2; r <= 12; r++ {
		if got, err := FailedLandingRow(r); err != nil || got != want[r] {
			t.Errorf("roll %d: %+v, %v; want %+v", r, got, err, want[r])
		}
	}
	for _, r := range []int{1, 13} {
		if _, err := FailedLandingRow(r); err == nil {
			t.Errorf("roll %d accepted", r)
		}
	}
}

// Ensure scatter directions run clockwise from north on the die (ruling
// DR4) and a scatter stops at the map's edge.
func TestScatter(t *testing.T) {
	m := terrain(nil)
	for _, tc := range []struct {
		face int
		n    int
		from string
		want string
	}{
		{1, 2, "1407", "1405"}, {4, 2, "1407", "1409"}, {2, 2, "1407", "1606"}, {6, 2, "1407", "1206"},
		{3, 1, "1407", "1508"}, {5, 1, "1407", "1308"},
		{1, 6, "1403", "1401"}, // off the north edge: stops on it
		{4, 6, "0115", "0117"},
	} {
		d := ScatterDirection(tc.face)
		if got := scatterHex(m, h(tc.from), d, tc.n); got != h(tc.want) {
			t.Errorf("face %d (%v), %d hexes from %s: %s, want %s", tc.face, d, tc.n, tc.from, got, tc.want)
		}
	}
}

// drpExample is the drop example's battle (000 line 765): the Elite Heavy
// Lance of Christoph's Company in orbit over hex 1407, a Bandit lance in
// the adjacent 1406 that fires at it as it comes down.
func drpExample(t *testing.T) *State {
	t.Helper()
	s := mustPosition(t, `map blank 32x17; turn 1 movement lancers player=1
		side lancers name="7th Crucis Lancers"; side bandits name="Moore's Bandits"
		unit A1 lancers heavy-mech elite 16/18/10 reserve drop r=3 mp=4 ob=20
		unit B1 bandits medium-mech regular 20/12/9 @1406 r=3 mp=4 ob=24`)
	s, ev := drpDo(t, s, "lancers", "drop A1 1407")
	if e := cbOf(ev, "drop_declared"); len(e) != 1 || !slices.Equal(e[0].Audience, []string{"lancers"}) {
		t.Fatalf("declaration events %+v: want one, for the lancers only (DR1)", ev)
	}
	return s
}

// Ensure the drop example of 000 line 765: the Elite Heavy Lance is fired
// on as it drops into 1407 and takes a step, so it needs 8 (5 + 5 − 2) to
// land. On 8 it lands where it meant to and may fire; on 7 it takes
// another step, scatters by the Failed Landing Table and rolls for
// disruption.
func TestDropLandingExample(t *testing.T) {
	// B1 fires from the adjacent hex: 20 − 10, −4 adjacent (000 line 741),
	// no terrain; a roll that deals the example's one step.
	col := Column(20, 10, DropAdjacentShift)
	hit := drpRollFor(t, col, "1")

	t.Run("OK", func(t *testing.T) {
		s := drpExample(t)
		s, ev := drpDo(t, s, "lancers", "end", drpTwo(hit), drpTwo(8))
		cbOneAttack(t, ev, cbAttack{"B1", "A1", "ranged", 20, 10, col, hit, "1"})
		land := cbOf(ev, "landing")
		if len(land) != 1 || *land[0].Result != "passed" {
			t.Fatalf("landing events %+v", land)
		}
		need := cbOf(ev, "landing_target")
		if len(need) != 1 || *need[0].Value != 8 || !slices.Equal(need[0].Audience, []string{"lancers"}) {
			t.Errorf("landing target events %+v: want 8 (5 + 5 − 2), told to the lancers only", need)
		}
		u := s.Unit("A1")
		if u.Status != Active || u.Hex != h("1407") || u.Step != 1 || u.HardLanding || u.Drop || u.DropTurn != 0 {
			t.Errorf("A1 after landing: %v at %s step %d hard %v drop %v/%d", u.Status, u.Hex, u.Step, u.HardLanding, u.Drop, u.DropTurn)
		}
		if s.Phase != PhaseAttack {
			t.Fatalf("phase %v", s.Phase)
		}
		// It may fire in the combat phase (000 line 763).
		a1 := s.Unit("A1")
		miss := drpRollFor(t, Column(a1.Current().RA, 9, ExperienceShift(Elite)), "")
		s, _ = cbDo(t, s, "lancers", "attack A1 B1", miss)
		if !s.Unit("A1").Attacked {
			t.Error("A1 did not fire")
		}
	})
	t.Run("HardLanding", func(t *testing.T) {
		s := drpExample(t)
		// Landing 7 fails; Failed Landing Table 7: scatter 2 hexes; die 4:
		// south; the Disruption Roll: Elite 4, −1 damaged, 6 holds.
		s, ev := drpDo(t, s, "lancers", "end", drpTwo(hit), drpTwo(7), drpTwo(7), drpOne(4), drpTwo(6))
		u := s.Unit("A1")
		if u.Status != Active || u.Hex != h("1409") || u.Step != 2 || !u.HardLanding || u.Disrupted {
			t.Errorf("A1 after a hard landing: %v at %s step %d hard %v disrupted %v; want active at 1409, step 2", u.Status, u.Hex, u.Step, u.HardLanding, u.Disrupted)
		}
		types := []string{}
		for _, e := range ev {
			if e.Type == "damage" || e.Type == "scatter" || e.Type == "disruption" {
				types = append(types, e.Type)
			}
		}
		if want := []string{"damage", "damage", "scatter", "disruption"}; !slices.Equal(types, want) {
			t.Errorf("event order %v, want %v (the step, the table, then disruption: line 765)", types, want)
		}
		// A unit that lands hard may not fire that turn, nor sight.
		cbRefuse(t, s, "lancers", "attack A1 B1", "landed hard this turn")
		if s.KnownTo("lancers", s.Unit("B1"))&KnowClass != 0 {
			t.Error("A1 sighted B1 after a hard landing (000 line 763)")
		}
	})
	t.Run("Crash", func(t *testing.T) {
		s := drpExample(t)
		s, _ = drpDo(t, s, "lancers", "end", drpTwo(hit), drpTwo(7), drpTwo(12))
		if u := s.Unit("A1"); u.Status != Destroyed || s.Salvage[h("1407")] != 1 {
			t.Errorf("A1 %v, salvage %v: a 12 on the Failed Landing Table destroys it (000 line 737)", u.Status, s.Salvage)
		}
	})
}

// Ensure a lance that lands gently may not move that turn (000 line 763)
// and a lance dropped out of the sky by fire makes no landing roll.
func TestDropLandedCannotMove(t *testing.T) {
	s := cbPosition(t, PhaseMovement, `
		unit A1 lancers medium-mech regular 10/10/8 reserve drop r=3 mp=4 ob=13
		unit B1 bandits light-mech regular 6/6/6 @3015 r=3 mp=4 ob=8`)
	s, _ = drpDo(t, s, "lancers", "drop A1 0808")
	s, _ = drpDo(t, s, "lancers", "end", drpTwo(5))
	if got := s.Unit("A1"); got.Hex != h("0808") || got.Status != Active {
		t.Fatalf("A1 %v at %s", got.Status, got.Hex)
	}
	// Back to the movement phase of the same player turn, as if it were.
	s.Phase = PhaseMovement
	cbRefuse(t, s, "lancers", "move A1 0809", "ended its movement for this turn")
}

// Ensure who fires at a dropping 'Mech (000 lines 741–743; ruling DR6,
// DR7): air units with it in range, then ground units in the same or an
// adjacent hex, each once a segment; not from two hexes, not hidden, not
// disrupted; a DropShip does not.
func TestDropFire(t *testing.T) {
	const position = `
		unit A1 lancers medium-mech regular 10/10/8 reserve drop r=3 mp=4 ob=13
		unit A2 lancers medium-mech regular 10/10/8 reserve drop r=3 mp=4 ob=13
		unit B1 bandits light-air regular 8/6/4 @1010 r=5 mp=12 mp-left=12
		unit B2 bandits medium-mech veteran 10/10/8 @1407 r=3 mp=4 ob=13
		unit B3 bandits medium-mech regular 10/10/8 @1409 r=3 mp=4 ob=13
		unit B4 bandits infantry regular 3/6/5 @1406 r=1 mp=4 hidden
		unit B5 bandits medium-mech regular 10/10/8 @1306 r=3 mp=4 ob=13 disrupted
		unit B6 bandits union regular 13/0/7 @1507 r=6`
	s := cbPosition(t, PhaseMovement, position)
	s, _ = drpDo(t, s, "lancers", "drop A1 1407")
	s, _ = drpDo(t, s, "lancers", "drop A2 1408")
	// A1 drops first: B1 (air, 1010 is 4 hexes away, range 5) fires its AA
	// 8 − 8 with no shift; then B2 from the same hex, 10 − 8 + 1 Veteran.
	// A2 at 1408: B1 and B2 have fired; B3 is adjacent now: 10 − 8 − 4.
	m0, m3, m2 := drpTwo(drpRollFor(t, 0, "")), drpTwo(drpRollFor(t, 3, "")), drpTwo(drpRollFor(t, -2, ""))
	s, ev := drpDo(t, s, "lancers", "end", m0, m3, drpTwo(5), m2, drpTwo(5))
	var got []cbAttack
	for _, e := range cbOf(ev, "attack") {
		a := cbAttackOf(e)
		a.Roll, a.Result = 0, ""
		got = append(got, a)
	}
	want := []cbAttack{
		{"B1", "A1", "ranged", 8, 8, 0, 0, ""},
		{"B2", "A1", "ranged", 10, 8, 3, 0, ""},
		{"B3", "A2", "ranged", 10, 8, -2, 0, ""},
	}
	if !slices.Equal(got, want) {
		t.Errorf("fire at the dropping 'Mechs\n got %+v\nwant %+v", got, want)
	}
	if s.Unit("B1").DropFireAt != s.PlayerTurn || s.Unit("B5").DropFireAt != 0 {
		t.Error("DropFireAt not kept")
	}
	// The fire costs nothing: B2 may still fire in its own turn (line 743).
	t.Run("OwnerChooses", func(t *testing.T) {
		// Bandits' players are asked (line 741: the fire is optional): A1
		// lands once they have chosen B2 alone; then A2 waits for theirs,
		// B1 still free to fire, and they hold their fire.
		s := cbPosition(t, PhaseMovement, position)
		s.Asked = []string{"bandits"}
		s, _ = drpDo(t, s, "lancers", "drop A1 1407")
		s, _ = drpDo(t, s, "lancers", "drop A2 1408")
		s, ev := drpDo(t, s, "lancers", "end")
		if len(cbOf(ev, "attack")) != 0 || len(s.DropFires) != 1 || s.DropFires[0].Mech != "A1" || !slices.Equal(s.DropFires[0].Shooters, []string{"B1", "B2"}) || s.Phase != PhaseMovement {
			t.Fatalf("after the end: %d attacks, choices %+v, phase %v; want A1's fire by B1 or B2 waiting", len(cbOf(ev, "attack")), s.DropFires, s.Phase)
		}
		// The lancers wait without learning which bandits may fire
		// (ruling SE7); the bandits are told what they choose.
		cbRefuse(t, s, "lancers", "end", "the battle waits for a choice of Moore's Bandits")
		if err := s.waitError("lancers"); err == nil || strings.Contains(err.Error(), "B1") || strings.Contains(err.Error(), "fire") {
			t.Errorf("the lancers' refusal tells the choice: %v", err)
		}
		if err := s.waitError("bandits"); err == nil || !strings.Contains(err.Error(), "chooses first which of its units fire at dropping A1") {
			t.Errorf("the bandits' refusal: %v", err)
		}
		if _, _, err := ResolveDropFire(s, "A1", []string{"B3"}, nil); err == nil {
			t.Error("B3, two hexes away, was let fire at A1")
		}
		d, src := drpDice(t, m3, drpTwo(5))
		s, ev, err := ResolveDropFire(s, "A1", []string{"B2"}, d)
		if err != nil {
			t.Fatal(err)
		}
		if got := cbOf(ev, "attack"); len(got) != 1 || got[0].Attacker != "B2" || s.Unit("A1").Status != Active || len(s.DropFires) != 1 || s.DropFires[0].Mech != "A2" || !slices.Equal(s.DropFires[0].Shooters, []string{"B1", "B3"}) {
			t.Fatalf("after choosing B2: attacks %v, choices %+v; want B2's fire, A1 landed, A2's choice of B1 or B3", got, s.DropFires)
		}
		d2, src2 := drpDice(t, drpTwo(5))
		s, ev, err = ResolveDropFire(s, "A2", nil, d2)
		if err != nil {
			t.Fatal(err)
		}
		if len(cbOf(ev, "attack")) != 0 || len(cbOf(ev, "hold_fire")) != 1 || s.Phase != PhaseAttack || len(s.DropFires) != 0 {
			t.Errorf("holding fire at A2: %d attacks, phase %v, choices %+v; want none, the attack phase", len(cbOf(ev, "attack")), s.Phase, s.DropFires)
		}
		if src.Remaining() != 0 || src2.Remaining() != 0 {
			t.Errorf("dice left: %d and %d", src.Remaining(), src2.Remaining())
		}
	})
}

// Ensure a drop is a secret until it lands (ruling DR1): the enemy's view
// shows neither the unit in orbit nor its target; its own view does.
func TestDropSecret(t *testing.T) {
	s := cbPosition(t, PhaseMovement, `
		unit A1 lancers medium-mech regular 10/10/8 reserve drop r=3 mp=4 ob=13
		unit B1 bandits light-mech regular 6/6/6 @3015 r=3 mp=4 ob=8`)
	s, ev := drpDo(t, s, "lancers", "drop A1 0808")
	if len(EventsFor(ev, "bandits")) != 0 {
		t.Errorf("the bandits hear of the declared drop: %+v", EventsFor(ev, "bandits"))
	}
	if s.View("bandits").Unit("A1") != nil {
		t.Error("the bandits see A1 in orbit")
	}
	own := s.View("lancers").Unit("A1")
	if own == nil || own.Detail == nil || own.Detail.DropAt == nil || *own.Detail.DropAt != h("0808") || !own.Detail.Drop {
		t.Errorf("own view of A1: %+v", own)
	}
	_, ev = drpDo(t, s, "lancers", "end", drpTwo(9))
	if e := cbOf(EventsFor(ev, "bandits"), "drop"); len(e) != 1 || strings.Contains(e[0].Text, "medium") {
		t.Errorf("the landing is public but names only the kind: %+v", e)
	}
}

// Ensure the drop refusals name their rule.
func TestDropRefusals(t *testing.T) {
	base := func() *State {
		return cbPosition(t, PhaseMovement, `
			unit A1 lancers medium-mech regular 10/10/8 reserve drop r=3 mp=4 ob=13
			unit A2 lancers light-mech regular 6/6/6 reserve r=3 mp=4 ob=8
			unit B1 bandits light-mech regular 6/6/6 @2010 r=3 mp=4 ob=8
			unit B2 bandits light-mech regular 6/6/6 @2010 r=3 mp=4 ob=8
			unit B6 bandits union regular 13/0/7 @1507 r=6`)
	}
	for _, tc := range []struct {
		name, text, want string
		mutate           func(*State)
	}{
		{"not kept in orbit", "drop A2 0808", "BattleForce p. 15, Dropping", nil},
		{"attack phase", "drop A1 0808", "movement phase", func(s *State) { s.Phase = PhaseAttack }},
		{"on the map", "drop A1 0808", "not in orbit", func(s *State) { u := s.Unit("A1"); u.Status, u.Hex = Active, h("0505") }},
		{"off the map", "drop A1 4040", "not on the map", nil},
		{"DropShip hex", "drop A1 1507", "BattleForce p. 12, Stacking", nil},
		{"full hex", "drop A1 2010", "already holds 2 units", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := base()
			if tc.mutate != nil {
				tc.mutate(s)
			}
			cbRefuse(t, s, "lancers", tc.text, tc.want)
		})
	}
	t.Run("ErrParse", func(t *testing.T) {
		for _, text := range []string{"drop A1", "drop A1 0808 0909", "drop A1 zz"} {
			if _, err := ParseAction(text); err == nil {
				t.Errorf("%q parsed", text)
			}
		}
	})
}

// Ensure a drop on a hex that filled up since the declaration comes down
// on the nearest hex with room (ruling DR3).
func TestDropNoRoom(t *testing.T) {
	s := cbPosition(t, PhaseMovement, `
		unit A1 lancers medium-mech regular 10/10/8 reserve drop r=3 mp=4 ob=13
		unit A2 lancers light-mech regular 6/6/6 @0606 r=3 mp=4 ob=8
		unit A3 lancers light-mech regular 6/6/6 @0606 r=3 mp=4 ob=8`)
	s, _ = drpDo(t, s, "lancers", "drop A1 0505")
	s.Unit("A2").Hex, s.Unit("A3").Hex = h("0505"), h("0505")
	s, _ = drpDo(t, s, "lancers", "end", drpTwo(9))
	if got := s.Unit("A1").Hex; got != h("0504") {
		t.Errorf("A1 came down at %s, want 0504 (north of the full hex)", got)
	}
	// Filled by a hidden platoon beside the unit the lancers see: the
	// platoon is revealed, as the drop that finds no room tells of it
	// (ruling M12).
	s = cbPosition(t, PhaseMovement, `
		unit A1 lancers medium-mech regular 10/10/8 reserve drop r=3 mp=4 ob=13
		unit A2 lancers light-mech regular 6/6/6 @0505 r=3 mp=4 ob=8
		unit B1 bandits infantry veteran 3/6/5 @0505 r=1 mp=2 hidden`)
	s, _ = drpDo(t, s, "lancers", "drop A1 0505")
	// Revealed next to 0504, the platoon fires at the drop (a 3).
	s, _ = drpDo(t, s, "lancers", "end", drpTwo(3), drpTwo(9))
	if got := s.Unit("A1").Hex; got != h("0504") || s.Unit("B1").Hidden {
		t.Errorf("A1 came down at %s, B1 hidden %t: want 0504 and B1 revealed", got, s.Unit("B1").Hidden)
	}
	// The hex north of the full target holds A4 and a hidden platoon: the
	// search for room passes it, and reveals the platoon, as where A1 comes
	// down would otherwise tell that 0504 was full (ruling M12).
	s = cbPosition(t, PhaseMovement, `
		unit A1 lancers medium-mech regular 10/10/8 reserve drop r=3 mp=4 ob=13
		unit A2 lancers light-mech regular 6/6/6 @0606 r=3 mp=4 ob=8
		unit A3 lancers light-mech regular 6/6/6 @0606 r=3 mp=4 ob=8
		unit A4 lancers light-mech regular 6/6/6 @0504 r=3 mp=4 ob=8
		unit B1 bandits infantry veteran 3/6/5 @0504 r=1 mp=2 hidden`)
	s, _ = drpDo(t, s, "lancers", "drop A1 0505")
	s.Unit("A2").Hex, s.Unit("A3").Hex = h("0505"), h("0505")
	s, ev := drpDo(t, s, "lancers", "end", drpTwo(3), drpTwo(9))
	if got := s.Unit("A1").Hex; got == h("0504") || got == h("0505") || s.Unit("B1").Hidden {
		t.Errorf("A1 came down at %s, B1 hidden %t: want beside 0504 and B1 revealed; events %+v", got, s.Unit("B1").Hidden, ev)
	}
}

// Ensure a 'Mech scattered onto a hex a unit its side sees and a hidden
// platoon fill reveals the platoon as it is placed beyond it: "2 hexes N
// to 0502" would otherwise tell that 0503 was full (rulings DR3, M12).
func TestDropScatterHiddenFill(t *testing.T) {
	s := cbPosition(t, PhaseMovement, `
		unit A1 lancers medium-mech regular 10/10/8 reserve drop r=3 mp=4 ob=13
		unit A2 lancers light-mech regular 6/6/6 @2010 r=3 mp=4 ob=8
		unit B1 bandits infantry veteran 3/6/5 @0503 r=1 mp=2 hidden
		unit B3 bandits medium-mech regular 8/8/8 @0503 r=3 mp=4 ob=10`)
	s, _ = drpDo(t, s, "lancers", "drop A1 0505")
	// A 3 fails the landing: a step, the Failed Landing Table's 7 scatters
	// it 2 hexes, north (a 1), and a Disruption Roll.
	s, ev := drpDo(t, s, "lancers", "end", drpTwo(3), drpTwo(7), drpOne(1), drpTwo(12))
	if s.Unit("A1").Hex != h("0502") || s.Unit("B1").Hidden || !slices.ContainsFunc(cbOf(ev, "revealed"), func(e Event) bool { return e.Unit == "B1" && len(e.Audience) == 0 }) {
		t.Errorf("A1 at %s, B1 hidden %t; events %+v", s.Unit("A1").Hex, s.Unit("B1").Hidden, ev)
	}
	// The scatter says where it fell and why it came down elsewhere.
	const want = "A1 scatters 2 hexes N from 0505 to 0503, which has no room, and comes down in 0502"
	if sc := cbOf(ev, "scatter"); len(sc) != 1 || sc[0].Text != want {
		t.Errorf("scatter events %+v, want one reading %q", sc, want)
	}
}

// Ensure drops set up for a turn (the campaign's drop on turn 1) need no
// action: Start accepts the units in orbit, and they come down when their
// side's movement phase ends, even when the player just ends it; a side
// whose every unit is still to drop holds the field meanwhile.
func TestDropSetUp(t *testing.T) {
	s := mustPosition(t, `map blank 32x17; turn 0 deploy lancers
		side lancers name="Lancers"; side bandits name="Bandits"
		unit A1 lancers light-mech regular 6/6/6 @0505 r=3 mp=4 ob=8
		unit B1 bandits heavy-mech veteran 16/16/10 reserve drop drop-at=2010 drop-turn=1 r=3 mp=4 ob=20
		unit B2 bandits heavy-mech veteran 16/16/10 reserve drop r=3 mp=4 ob=20`)
	s, _, err := Start(s)
	if err != nil {
		t.Fatal(err)
	}
	cbCheck(t, s)
	s, _ = drpDo(t, s, "lancers", "end")
	s, _ = drpDo(t, s, "lancers", "end")
	if s.Phase == PhaseOver {
		t.Fatal("the battle ended before the bandits dropped")
	}
	if got := ValidActions(s, "B2"); len(got) == 0 || got[0].Kind != ActDrop {
		t.Errorf("B2 in orbit is offered %v", got)
	}
	s, _ = drpDo(t, s, "bandits", "end", drpTwo(9))
	if u := s.Unit("B1"); u.Status != Active || u.Hex != h("2010") {
		t.Errorf("B1 %v at %s", u.Status, u.Hex)
	}
	if u := s.Unit("B2"); u.Status != Reserve || !u.Drop {
		t.Errorf("B2, never declared, is %v", u.Status)
	}
}

// Ensure every drop action ValidActions offers is accepted, and that only
// hexes the unit may land in are offered.
func TestDropValidActions(t *testing.T) {
	s := cbPosition(t, PhaseMovement, `cell 0303 water-2
		unit A1 lancers medium-mech regular 10/10/8 reserve drop r=3 mp=4 ob=13
		unit B6 bandits union regular 13/0/7 @1507 r=6`)
	m := s.Map
	acts := ValidActions(s, "A1")
	if len(acts) != m.Width*m.Height-1 {
		t.Errorf("%d drop hexes offered, want every hex but the DropShip's", len(acts))
	}
	for _, a := range acts {
		if a.Kind != ActDrop || a.To == h("1507") {
			t.Fatalf("offered %v", a)
		}
		if _, _, err := Apply(s, a, nil); err != nil {
			t.Fatalf("%v offered but refused: %v", a, err)
		}
	}
	if txt := acts[0].String(); txt != "drop A1 0101" {
		t.Errorf("text form %q", txt)
	}
	if a, err := ParseAction("drop A1 0808"); err != nil || a.Kind != ActDrop || a.To != h("0808") || a.String() != "drop A1 0808" {
		t.Errorf("round trip: %+v %v", a, err)
	}
}

// drpRandomArrivals gives a random-play battle (randomplay_test.go) units
// that arrive from orbit: now and then a 'Mech lance kept for a drop and a
// DropShip, landed on an empty open hex of its side's third of the map or
// in orbit, with a lance aboard. Those in orbit have a drop set up for one
// of the first turns, so that their hundreds of drop hexes do not crowd
// the random choice for long. s may have started: the units are sorted in.
func drpRandomArrivals(rng interface{ IntN(int) int }, s *State) {
	defer sortUnits(s)
	m := s.Map
	for si := range s.Sides {
		side := s.Sides[si].ID
		letter := side[0] - 32
		if rng.IntN(2) == 0 {
			u := Unit{ID: fmt.Sprintf("%cD1", letter), Side: side, Class: HeavyMech, Experience: Experience(rng.IntN(4)),
				Rows: DeriveSteps(Values{RA: 14, CA: 16, D: 9}), OverburnRA: 17, Range: 3, MP: 4, Status: Reserve, Drop: true}
			u.DropAt, u.DropTurn = hex.Hex{X: rng.IntN(m.Width), Y: rng.IntN(m.Height)}, 1+rng.IntN(3)
			s.Units = append(s.Units, &u)
		}
		if rng.IntN(2) != 0 {
			continue
		}
		v := Values{RA: 8 + rng.IntN(9), D: 6 + rng.IntN(4)}
		ship := Unit{ID: fmt.Sprintf("%cS1", letter), Side: side, Class: []Class{Leopard, Union, Overlord}[rng.IntN(3)],
			Rows: [4]Values{v, v, v, v}, Range: 6, Experience: Regular, Status: Reserve, Drop: true,
			DropAt: hex.Hex{X: rng.IntN(m.Width), Y: rng.IntN(m.Height)}, DropTurn: 1 + rng.IntN(3)}
		if rng.IntN(2) == 0 {
			xlo := 0
			if si == 1 {
				xlo = m.Width - m.Width/3
			}
			for range 200 {
				h := hex.Hex{X: xlo + rng.IntN(m.Width/3), Y: rng.IntN(m.Height)}
				if c := s.Cell(h); c.Terrain == mapgen.Open && c.Elevation == 0 && len(s.UnitsAt(h, true)) == 0 {
					ship.Status, ship.Drop, ship.DropTurn, ship.Hex, ship.StartHex = Active, false, 0, h, h
					break
				}
			}
		}
		s.Units = append(s.Units, &ship,
			&Unit{ID: fmt.Sprintf("%cS2", letter), Side: side, Class: MediumMech, Experience: Regular,
				Rows: DeriveSteps(Values{RA: 10, CA: 12, D: 8}), OverburnRA: 13, Range: 3, MP: 5, Status: Reserve, Aboard: ship.ID})
	}
}

// Ensure drops come down before any attack (ruling DR9): while a drop is
// pending no attack is offered in the movement phase, and an attack made
// then brings the drops down first.
func TestDropBeforeAttack(t *testing.T) {
	s := cbPosition(t, PhaseMovement, `
		unit A1 lancers medium-mech regular 10/10/8 reserve drop r=3 mp=4 ob=13
		unit A2 lancers medium-mech regular 10/10/8 @0505 r=3 mp=4 ob=13
		unit B1 bandits light-mech regular 6/6/6 @0507 r=3 mp=4 ob=8`)
	if !slices.ContainsFunc(ValidActions(s, "A2"), func(a Action) bool { return a.Kind == ActAttack }) {
		t.Fatal("no attack offered with no drop pending")
	}
	s, _ = drpDo(t, s, "lancers", "drop A1 2010")
	if slices.ContainsFunc(ValidActions(s, "A2"), func(a Action) bool { return a.Kind == ActAttack }) {
		t.Error("an attack is offered while a drop is pending")
	}
	miss := drpTwo(drpRollFor(t, Column(10, 6), ""))
	s, ev := drpDo(t, s, "lancers", "attack A2 B1", drpTwo(9), miss)
	if i, j := slices.IndexFunc(ev, func(e Event) bool { return e.Type == "drop" }), slices.IndexFunc(ev, func(e Event) bool { return e.Type == "attack" }); i < 0 || j < i {
		t.Errorf("events %+v: want the drop before the attack", ev)
	}
	if s.Unit("A1").Status != Active {
		t.Errorf("A1 %v", s.Unit("A1").Status)
	}
}

// Ensure a 'Mech enters the hex it comes down in: hidden infantry there
// is revealed to both sides and attacks it, or its owner chooses
// (BattleForce, Dropping; Hidden Infantry; rulings DR8, M14); a 'Mech
// that scatters away from the hidden platoon on its target never entered
// that hex, and one that scatters onto a hidden platoon has.
func TestDropIntoHiddenPlatoon(t *testing.T) {
	setup := func(platoon string) *State {
		return cbPosition(t, PhaseMovement, `
			unit A1 lancers medium-mech regular 10/10/8 reserve drop r=3 mp=4 ob=13
			unit A2 lancers light-mech regular 6/6/6 @2010 r=3 mp=4 ob=8
			unit B1 bandits infantry veteran 3/6/5 @`+platoon+` r=1 mp=2 hidden
			unit B2 bandits medium-mech regular 8/8/8 @2510 r=3 mp=4 ob=10`)
	}
	t.Run("Landed", func(t *testing.T) {
		s, _ := drpDo(t, setup("0505"), "lancers", "drop A1 0505")
		// The hidden platoon does not fire at the drop (DR7); A1 lands (a
		// 9), and B1, revealed, close-assaults it (a 7; A1 stays steady on
		// a 12).
		s, ev := drpDo(t, s, "lancers", "end", drpTwo(9), drpTwo(7), drpTwo(12))
		if s.Unit("A1").Hex != h("0505") || s.Unit("B1").Hidden || cbOf(ev, "revealed") == nil || cbOf(ev, "attack") == nil {
			t.Fatalf("A1 at %s, B1 hidden %t; events %+v", s.Unit("A1").Hex, s.Unit("B1").Hidden, ev)
		}
		for _, e := range cbOf(ev, "revealed") {
			if len(e.Audience) != 0 {
				t.Errorf("the reveal is told only to %v", e.Audience)
			}
		}
		if !slices.ContainsFunc(s.View("lancers").Units, func(u ViewUnit) bool { return u.ID == "B1" }) {
			t.Error("the lancers' view does not show the revealed platoon")
		}
	})
	t.Run("Asked", func(t *testing.T) {
		s, _ := drpDo(t, setup("0505"), "lancers", "drop A1 0505")
		s.Asked = []string{"bandits"}
		s, _ = drpDo(t, s, "lancers", "end", drpTwo(9))
		if s.Unit("B1").Hidden || len(s.Ambushes) != 1 || s.Ambushes[0] != (Ambush{Infantry: "B1", Target: "A1"}) {
			t.Fatalf("B1 hidden %t, ambushes %v", s.Unit("B1").Hidden, s.Ambushes)
		}
		d, _ := drpDice(t, drpTwo(7), drpTwo(12))
		s, ev, err := ResolveAmbush(s, "B1", true, d)
		if err != nil || cbOf(ev, "attack") == nil || len(s.Ambushes) != 0 {
			t.Fatalf("ambush: %v, %d waiting; events %+v", err, len(s.Ambushes), ev)
		}
	})
	t.Run("AskedBeforeTheNextDrop", func(t *testing.T) {
		// The ambush is resolved the moment A1 enters (000 line 590): A3's
		// drop, the sighting and the attack phase wait for the answer
		// (ruling DEC6), which carries the end of the movement phase on.
		s := cbPosition(t, PhaseMovement, `
			unit A1 lancers medium-mech regular 10/10/8 reserve drop r=3 mp=4 ob=13
			unit A3 lancers medium-mech regular 10/10/8 reserve drop r=3 mp=4 ob=13
			unit B1 bandits infantry veteran 3/6/5 @0505 r=1 mp=2 hidden`)
		s, _ = drpDo(t, s, "lancers", "drop A1 0505")
		s, _ = drpDo(t, s, "lancers", "drop A3 1510")
		s.Asked = []string{"bandits"}
		s, _ = drpDo(t, s, "lancers", "end", drpTwo(9))
		if len(s.Ambushes) != 1 || s.Unit("A3").Status != Reserve || s.Phase != PhaseMovement {
			t.Fatalf("ambushes %v, A3 %v, phase %v: want A3 in orbit, the movement phase ending, until the bandits answer", s.Ambushes, s.Unit("A3").Status, s.Phase)
		}
		d, _ := drpDice(t, drpTwo(9))
		s, ev, err := ResolveAmbush(s, "B1", false, d)
		if err != nil || s.Unit("A3").Status != Active || s.Phase != PhaseAttack || cbOf(ev, "hold_fire") == nil || cbOf(ev, "drop") == nil {
			t.Fatalf("after the answer: %v, A3 %v, phase %v; events %+v", err, s.Unit("A3").Status, s.Phase, ev)
		}
	})
	t.Run("ScatteredAway", func(t *testing.T) {
		s, _ := drpDo(t, setup("0505"), "lancers", "drop A1 0505")
		// A 3 fails the landing: a step, the Failed Landing Table's 7
		// scatters it 2 hexes, north (a 1), and a Disruption Roll.
		s, ev := drpDo(t, s, "lancers", "end", drpTwo(3), drpTwo(7), drpOne(1), drpTwo(12))
		if s.Unit("A1").Hex != h("0503") || !s.Unit("B1").Hidden || cbOf(ev, "revealed") != nil {
			t.Errorf("A1 at %s, B1 hidden %t; events %+v", s.Unit("A1").Hex, s.Unit("B1").Hidden, ev)
		}
	})
	t.Run("ScatteredOnto", func(t *testing.T) {
		s, _ := drpDo(t, setup("0503"), "lancers", "drop A1 0505")
		s, ev := drpDo(t, s, "lancers", "end", drpTwo(3), drpTwo(7), drpOne(1), drpTwo(12), drpTwo(7), drpTwo(12))
		if s.Unit("A1").Hex != h("0503") || s.Unit("B1").Hidden || cbOf(ev, "attack") == nil {
			t.Errorf("A1 at %s, B1 hidden %t; events %+v", s.Unit("A1").Hex, s.Unit("B1").Hidden, ev)
		}
	})
}

// Ensure a dropping 'Mech enters the hex it comes down in once its
// landing roll is made, as a jumping unit enters the hex it ends its
// move in (BattleForce, Dropping; Mine Attacks; rulings DR8, M13,
// M11): the mines there, the enemy's or its own side's, go off at it,
// after the landing roll, and are spent; a surrendered enemy there is
// captured, a surrendered friend set righting (000 line 970). Scattered away from its
// target, it never entered that hex, whose mines stay.
func TestDropIntoMines(t *testing.T) {
	setup := func(lancers, bandits map[hex.Hex]int) *State {
		s := cbPosition(t, PhaseMovement, `
			unit A1 lancers medium-mech regular 10/10/8 reserve drop r=3 mp=4 ob=13
			unit A2 lancers light-mech regular 6/6/6 @2010 r=3 mp=4 ob=8
			unit B2 bandits medium-mech regular 8/8/8 @2510 r=3 mp=4 ob=10`)
		s.Sides[0].Mines, s.Sides[1].Mines = lancers, bandits
		return s
	}
	mined := func(at string) map[hex.Hex]int { return map[hex.Hex]int{h(at): 10} }
	for _, tc := range []struct {
		name             string
		lancers, bandits map[hex.Hex]int
	}{
		{"EnemyMines", nil, mined("0505")},
		{"OwnMines", mined("0505"), nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, ev := drpDo(t, setup(tc.lancers, tc.bandits), "lancers", "drop A1 0505")
			if mnAttack(t, ev) != nil {
				t.Fatal("the mines went off at the declaration")
			}
			// A1 lands (a 9); 10 points against D 8 is the +2 column,
			// where a 3 is one step.
			s, ev = drpDo(t, s, "lancers", "end", drpTwo(9), drpTwo(3))
			a := mnAttack(t, ev)
			if a == nil || *a.Value != 10 || *a.Defense != 8 || *a.Column != 2 || a.Target != "A1" {
				t.Fatalf("mine attack %+v; events %+v", a, ev)
			}
			landed := slices.IndexFunc(ev, func(e Event) bool { return e.Type == "landing" })
			if landed < 0 || landed > slices.IndexFunc(ev, func(e Event) bool { return e.Type == "mines" }) {
				t.Errorf("the mines went off before the landing roll: %+v", ev)
			}
			if u := s.Unit("A1"); u.Hex != h("0505") || u.Step != 1 || s.MinesAt(h("0505")) != 0 {
				t.Errorf("A1 at %s, step %d, %d mine points left; want one step at 0505, the mines spent", u.Hex, u.Step, s.MinesAt(h("0505")))
			}
		})
	}
	t.Run("ScatteredAway", func(t *testing.T) {
		s, _ := drpDo(t, setup(nil, mined("0505")), "lancers", "drop A1 0505")
		// A 3 fails the landing: a step, the Failed Landing Table's 7
		// scatters it 2 hexes, north (a 1), and a Disruption Roll.
		s, ev := drpDo(t, s, "lancers", "end", drpTwo(3), drpTwo(7), drpOne(1), drpTwo(12))
		if s.Unit("A1").Hex != h("0503") || mnAttack(t, ev) != nil || s.MinesAt(h("0505")) != 10 {
			t.Errorf("A1 at %s, %d mine points left at 0505; events %+v", s.Unit("A1").Hex, s.MinesAt(h("0505")), ev)
		}
	})
	t.Run("ScatteredOnto", func(t *testing.T) {
		s, _ := drpDo(t, setup(nil, mined("0503")), "lancers", "drop A1 0505")
		hurt := *s.Unit("A1")
		hurt.Step = 1
		col := Column(10, hurt.Current().D)
		s, ev := drpDo(t, s, "lancers", "end", drpTwo(3), drpTwo(7), drpOne(1), drpTwo(12), drpTwo(drpRollFor(t, col, "1")))
		if a := mnAttack(t, ev); a == nil || s.Unit("A1").Step != 2 || s.MinesAt(h("0503")) != 0 {
			t.Errorf("mine attack %+v, A1 step %d, %d mine points left; events %+v", a, s.Unit("A1").Step, s.MinesAt(h("0503")), ev)
		}
	})
	for _, tc := range []struct{ rec, want string }{
		{"A3 lancers", "righting"},
		{"B3 bandits", "captured"},
	} {
		t.Run("Surrendered "+tc.rec, func(t *testing.T) {
			s := setup(nil, nil)
			u := unitOf(tc.rec + " light-mech regular 6/6/6 @0505 r=3 mp=4 ob=8")
			u.Status, u.Disrupted = Surrendered, true
			s.Units = append(s.Units, &u)
			slices.SortFunc(s.Units, func(a, b *Unit) int { return strings.Compare(a.ID, b.ID) })
			s, _ = drpDo(t, s, "lancers", "drop A1 0505")
			s, ev := drpDo(t, s, "lancers", "end", drpTwo(9))
			v := s.Unit(u.ID)
			done := v.Righting
			if tc.want == "captured" {
				done = v.Status == Captured
			}
			if !done || len(cbOf(ev, tc.want)) != 1 {
				t.Errorf("%s %v, righting %t; events %+v", u.ID, v.Status, v.Righting, ev)
			}
		})
	}
}

// Ensure a 'Mech scattered onto a hex its own side's hidden platoon and a
// unit the enemy sees fill reveals the platoon: the scatter's hex is worked
// out from public rolls, so coming down beyond it would tell the enemy,
// who sees one unit there, that the hex was full (ruling M12).
func TestDropScatterOwnHiddenFill(t *testing.T) {
	s := cbPosition(t, PhaseMovement, `
		unit A1 lancers medium-mech regular 10/10/8 reserve drop r=3 mp=4 ob=13
		unit A2 lancers light-mech regular 6/6/6 @0503 r=3 mp=4 ob=8
		unit A5 lancers infantry veteran 3/6/5 @0503 r=1 mp=2 hidden
		unit B3 bandits medium-mech regular 8/8/8 @2010 r=3 mp=4 ob=10`)
	s, _ = drpDo(t, s, "lancers", "drop A1 0505")
	s, ev := drpDo(t, s, "lancers", "end", drpTwo(3), drpTwo(7), drpOne(1), drpTwo(12))
	if s.Unit("A1").Hex != h("0502") || s.Unit("A5").Hidden || !slices.ContainsFunc(cbOf(ev, "revealed"), func(e Event) bool { return e.Unit == "A5" && len(e.Audience) == 0 }) {
		t.Errorf("A1 at %s, A5 hidden %t; events %+v", s.Unit("A1").Hex, s.Unit("A5").Hidden, ev)
	}
}
