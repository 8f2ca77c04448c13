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

// Line numbers below are of book 000 (BattleForce); K ids are the combat
// rulings (docs/rulings.md).

// cbUnit is an active unit at full strength whose rows follow the step
// table from its full values.
func cbUnit(id, side string, c Class, at string, full Values, r int, e Experience) Unit {
	return unitOf(fmt.Sprintf("%s %s %v %v %d/%d/%d @%s name=%q r=%d mp=4 ob=%d",
		id, side, c, e, full.RA, full.CA, full.D, at, id, r, full.RA+StepDecrement(full.RA)))
}

// cbBattle is the Lancers' (side 0's) player turn 1 on map m, in the given
// phase.
func cbBattle(tb testing.TB, m *mapgen.Map, phase Phase, units ...Unit) *State {
	tb.Helper()
	return mustPositionOn(tb, m, cbHead(phase), units...)
}

// cbPosition is cbBattle on open ground with the units (and any other
// records) written in the notation.
func cbPosition(tb testing.TB, phase Phase, records string) *State {
	tb.Helper()
	return mustPosition(tb, "map blank 32x17; "+cbHead(phase)+"\n"+records)
}

// cbHead is the turn and the sides of cbBattle.
func cbHead(phase Phase) string {
	return fmt.Sprintf(`turn 1 %v lancers player=1
		side lancers name="7th Crucis Lancers"; side bandits name="Moore's Bandits"`, phase)
}

// cbFaces are the two dice faces that make a 2D6 roll.
func cbFaces(rolls ...int) []int {
	var f []int
	for _, r := range rolls {
		a := min(6, r-1)
		f = append(f, a, r-a)
	}
	return f
}

// cbDice scripts the 2D6 rolls given, in order.
func cbDice(tb testing.TB, rolls ...int) (*dice.Dice, *dice.Script) {
	tb.Helper()
	src, err := dice.NewScript(cbFaces(rolls...)...)
	if err != nil {
		tb.Fatal(err)
	}
	return dice.New(src), src
}

// cbCheck fails the test on any broken invariant of s.
func cbCheck(tb testing.TB, s *State) {
	tb.Helper()
	for _, err := range s.Check() {
		tb.Error(err)
	}
}

// cbDo applies the text of an action for side with the scripted rolls,
// which must all be used.
func cbDo(tb testing.TB, s *State, side, text string, rolls ...int) (*State, []Event) {
	tb.Helper()
	d, src := cbDice(tb, rolls...)
	return cbDoWith(tb, s, side, text, d, src)
}

// cbDoWith applies the text of an action for side with the dice d, whose
// script src must be used up, and checks the invariants.
func cbDoWith(tb testing.TB, s *State, side, text string, d *dice.Dice, src *dice.Script) (*State, []Event) {
	tb.Helper()
	a, err := ParseAction(text)
	if err != nil {
		tb.Fatal(err)
	}
	a.Side = side
	ns, events, err := Apply(s, a, d)
	if err != nil {
		tb.Fatalf("%s: %v", text, err)
	}
	if src.Remaining() != 0 {
		tb.Errorf("%s: %d dice faces left over", text, src.Remaining())
	}
	cbCheck(tb, ns)
	return ns, events
}

// cbRefuse applies the text of an action and wants an ErrIllegal whose
// message holds want; it returns the message.
func cbRefuse(tb testing.TB, s *State, side, text, want string) string {
	tb.Helper()
	a, err := ParseAction(text)
	if err != nil {
		tb.Fatal(err)
	}
	a.Side = side
	d, _ := cbDice(tb, 7, 7, 7, 7)
	ns, events, err := Apply(s, a, d)
	if err == nil {
		tb.Fatalf("%s: accepted (%d events), want refused with %q", text, len(events), want)
	}
	if !errors.Is(err, ErrIllegal) || !strings.Contains(err.Error(), want) {
		tb.Errorf("%s: %v, want ErrIllegal with %q", text, err, want)
	}
	if ns != s || events != nil {
		tb.Errorf("%s: a refused action changed the state or announced events", text)
	}
	return err.Error()
}

// cbOf returns the events of one type.
func cbOf(events []Event, typ string) []Event {
	var out []Event
	for _, e := range events {
		if e.Type == typ {
			out = append(out, e)
		}
	}
	return out
}

// cbAttack is an attack event's numbers, for comparing.
type cbAttack struct {
	Attacker, Target, Mode       string
	Value, Defense, Column, Roll int
	Result                       string
}

func cbAttackOf(e Event) cbAttack {
	n := func(p *int) int {
		if p == nil {
			return -99
		}
		return *p
	}
	r := "<nil>"
	if e.Result != nil {
		r = *e.Result
	}
	return cbAttack{e.Attacker, e.Target, e.Mode, n(e.Value), n(e.Defense), n(e.Column), n(e.Roll), r}
}

// cbOneAttack wants exactly one attack event, equal to want.
func cbOneAttack(tb testing.TB, events []Event, want cbAttack) Event {
	tb.Helper()
	attacks := cbOf(events, "attack")
	if len(attacks) != 1 {
		tb.Fatalf("%d attack events, want 1: %+v", len(attacks), events)
	}
	if got := cbAttackOf(attacks[0]); got != want {
		tb.Errorf("attack event\n got %+v\nwant %+v", got, want)
	}
	if attacks[0].Audience != nil {
		tb.Errorf("attack event audience %v, want public", attacks[0].Audience)
	}
	return attacks[0]
}

// cbExample is the position of the combat examples (lines 926–936):
// Lexington's Company and the Bandits of line 926 in the Lancers'
// movement phase (or the given phase), with the values the examples use:
// Assault CA 20 Elite (928), Medium Veteran (932), Fire lance RA 18, 15
// at step 1, Regular (934, 936); Heavy D 12, 10 at step 1 (928, 934);
// Medium Bandit D 8 (932). The ground: the Medium Bandit lance in heavy
// woods at 0512 behind light woods at 0513 (line 930); heavy woods at
// 0315 stand between the Fire lance in 0316 and every enemy, so it has no
// clear line of sight (line 934). The Heavy Bandit lance stands in b1;
// extra is more records.
func cbExample(tb testing.TB, phase Phase, b1, extra string) *State {
	tb.Helper()
	return mustPosition(tb, fmt.Sprintf(`map blank 32x17
		cell 0513 light-woods; cell 0512 heavy-woods; cell 0315 heavy-woods
		turn 1 %v lancers player=1
		side lancers name="7th Crucis Lancers"; side bandits name="Moore's Bandits"
		unit A1 lancers assault-mech elite 16/20/10 @0314 r=3 mp=4 ob=20
		unit M1 lancers medium-mech veteran 11/14/9 @0514 r=3 mp=4 ob=14
		unit F1 lancers fire-mech regular 18/10/9,15/8/7,12/6/5,9/4/3 @0316 step=1 r=6 mp=4 ob=22
		unit B1 bandits heavy-mech regular 14/16/12,11/13/10,8/10/7,5/7/4 @%s r=3 mp=4 ob=18
		unit B2 bandits medium-mech regular 10/12/8 @0512 r=3 mp=4 ob=13
		%s`, phase, b1, extra))
}

// Ensure the three combat examples of lines 926–936 play through Apply on
// the map their text lays out, the Lancers firing first after moving: the
// first on the rulebook table, the third on the reference card (ruling
// B9), as the examples only fit those printings.
func TestAttackExamples(t *testing.T) {
	s := cbExample(t, PhaseMovement, "0313", "")

	// Line 928: the Elite Assault lance close-attacks the Heavy lance
	// beside it: 20 − 12 = +8, Elite +2 → +10; a 7 is one step. The first
	// attack ends the Lancers' movement (docs/architecture.md).
	s, events := cbDo(t, s, "lancers", "attack A1 B1 close", 7)
	if s.Phase != PhaseAttack || len(cbOf(events, "phase")) != 1 || events[len(events)-1].Type == "phase" {
		t.Errorf("the first attack should end movement before it is rolled: phase %v, events %+v", s.Phase, events)
	}
	cbOneAttack(t, events, cbAttack{"A1", "B1", "close", 20, 12, 10, 7, "1"})
	if b1 := s.Unit("B1"); b1.Step != 1 || b1.Current().D != 10 {
		t.Errorf("B1 after example 1: step %d D %d, want step 1 and D 10", b1.Step, b1.Current().D)
	}

	// Line 932: the Veteran Medium lance declares 9 against D 8 in heavy
	// woods past light woods: +1, +1, −2, −1 → −1; a 7 misses.
	s, events = cbDo(t, s, "lancers", "attack M1 B2 ranged value 9", 7)
	cbOneAttack(t, events, cbAttack{"M1", "B2", "ranged", 9, 8, -1, 7, ""})
	if b2 := s.Unit("B2"); b2.Step != 0 || b2.Disrupted {
		t.Errorf("B2 after a miss: %+v", b2)
	}

	// Line 934: the Fire lance has no line of sight to any enemy ...
	for _, target := range []string{"0313", "0512"} {
		if l := LineOfSight(s.Map, h("0316"), h(target)); l.Clear {
			t.Fatalf("the example map lets the Fire lance see %s", target)
		}
	}
	// ... and fires through the Assault lance: RA 15 at step 1 against the
	// damaged Heavy's D 10 is +5, Regular, open ground, no intervening
	// terrain; a 5 is D on the reference card (line 936), and the Heavy
	// lance rolls for disruption at once: 6, −1 for its damage, fails.
	ref := s.Clone()
	ref.Rules.CRT = ReferenceCRT
	s3, events := cbDo(t, ref, "lancers", "attack F1 B1 ranged observer A1", 5, 6)
	e := cbOneAttack(t, events, cbAttack{"F1", "B1", "ranged", 15, 10, 5, 5, "D"})
	if !strings.Contains(e.Text, "forward observer A1") {
		t.Errorf("indirect attack text %q does not name the observer", e.Text)
	}
	if d := cbOf(events, "disruption"); len(d) != 1 || *d[0].Result != "failed" || !s3.Unit("B1").Disrupted {
		t.Errorf("example 3 disruption: %+v", d)
	}
	// Without a named observer the referee finds the same one (K5).
	_, events = cbDo(t, ref, "lancers", "attack F1 B1", 5, 6)
	if e := cbOneAttack(t, events, cbAttack{"F1", "B1", "ranged", 15, 10, 5, 5, "D"}); !strings.Contains(e.Text, "observer A1") {
		t.Errorf("automatic observer: %q, want A1", e.Text)
	}
	// On the default rulebook table the same roll is one step (B9).
	s, events = cbDo(t, s, "lancers", "attack F1 B1 ranged observer A1", 5)
	cbOneAttack(t, events, cbAttack{"F1", "B1", "ranged", 15, 10, 5, 5, "1"})
	if s.Unit("B1").Step != 2 {
		t.Errorf("B1 step %d, want 2", s.Unit("B1").Step)
	}
}

// Ensure the aside of line 928: had the Heavy lance stood in 0213, one
// level higher, the Assault lance could not have used its Close Attack
// Value; it may still fire its Ranged Attack Value (line 837).
func TestAttackExampleElevation(t *testing.T) {
	s := cbExample(t, PhaseAttack, "0213", "cell 0213 open level=1")
	if hex.Distance(h("0314"), h("0213")) != 1 {
		t.Fatal("0213 is not beside 0314")
	}
	cbRefuse(t, s, "lancers", "attack A1 B1 close", "BattleForce p. 19, Range")
	// 16 − 12 = +4, Elite +2 → +6; an 8 on the rulebook table is D, and
	// B1 holds on a 7.
	_, events := cbDo(t, s, "lancers", "attack A1 B1 ranged", 8, 7)
	cbOneAttack(t, events, cbAttack{"A1", "B1", "ranged", 16, 12, 6, 8, "D"})
}

// Ensure the overburn combat example (lines 1019–1036): a Medium lance at
// step 1 that overburns fights with its full-strength row, the close
// attack never above it; at full strength overburn lifts only RA, to the
// red row. The counter is the one printed at lines 1025–1030 (overburn RA
// 14; 11/14/9, 9/11/7, 7/8/5, 5/5/3). The text's "Full Strength Attack
// Value of 8" matches no full-strength value of that counter; the counter
// is followed (ruling K19). The step it loses afterwards is the end
// phase's (movement.go), not tested here.
func TestAttackOverburnExample(t *testing.T) {
	for _, tc := range []struct {
		step     int
		overburn bool
		ra, ca   int
	}{
		{1, true, 11, 14},
		{1, false, 9, 11},
		{0, true, 14, 14},
		{2, true, 9, 11},
	} {
		m1 := cbUnit("M1", "lancers", MediumMech, "0505", Values{}, 3, Regular)
		m1.OverburnRA = 14
		m1.Rows = [4]Values{{RA: 11, CA: 14, D: 9}, {RA: 9, CA: 11, D: 7}, {RA: 7, CA: 8, D: 5}, {RA: 5, CA: 5, D: 3}}
		m1.Step, m1.Overburning = tc.step, tc.overburn
		// D 30 keeps every column on the far left, where a 7 misses.
		b1 := cbUnit("B1", "bandits", AssaultMech, "0506", Values{RA: 10, CA: 10, D: 30}, 3, Regular)
		s := cbBattle(t, terrain(nil), PhaseAttack, m1, b1)
		for mode, want := range map[string]int{"ranged": tc.ra, "close": tc.ca} {
			_, events := cbDo(t, s, "lancers", "attack M1 B1 "+mode, 7)
			if got := cbAttackOf(cbOf(events, "attack")[0]); got.Value != want {
				t.Errorf("step %d overburn %v: %s value %d, want %d", tc.step, tc.overburn, mode, got.Value, want)
			}
		}
	}
}

// cbDuelMap has, beside 0605, rough (0606), heavy woods (0506), a medium
// building (0706) and level-2 water (0604) to stand in; light woods at
// 0504; a hill at 0610; heavy woods at 1105.
func cbDuelMap() *mapgen.Map {
	return terrain(map[string]mapgen.Cell{
		"0504": lightWoods,
		"0606": {Terrain: mapgen.Rough}, "0506": heavyWoods, "0706": {Terrain: mapgen.MediumBuilding},
		"0604": {Terrain: mapgen.Water2}, "0610": level(1),
		"1105": heavyWoods,
	})
}

// Ensure the column of an attack on a unit: value − D clamped, then
// experience, the target hex's terrain (close attacks too, K4), the
// terrain between (not for indirect fire units, K5), +2 against a
// disrupted unit (lines 916, 980), −2 for ranged fire at night (line
// 2383); armor chits raise D (line 1326).
func TestAttackColumns(t *testing.T) {
	for _, tc := range []struct {
		name    string
		edit    func(a, b *Unit, s *State)
		action  string
		value   int
		defense int
		column  int
	}{
		{"open ground", nil, "attack A1 B1 ranged", 12, 8, 4},
		{"green", func(a, b *Unit, s *State) { a.Experience = Green }, "attack A1 B1 ranged", 12, 8, 3},
		{"elite", func(a, b *Unit, s *State) { a.Experience = Elite }, "attack A1 B1 ranged", 12, 8, 6},
		{"rough", func(a, b *Unit, s *State) { b.Hex = h("0606") }, "attack A1 B1 ranged", 12, 8, 3},
		{"heavy woods", func(a, b *Unit, s *State) { b.Hex = h("0506") }, "attack A1 B1 ranged", 12, 8, 2},
		{"medium building", func(a, b *Unit, s *State) { b.Hex = h("0706") }, "attack A1 B1 ranged", 12, 8, 1},
		{"level 2 water", func(a, b *Unit, s *State) { b.Hex = h("0604") }, "attack A1 B1 ranged", 12, 8, -2},
		{"close into rough (K4)", func(a, b *Unit, s *State) { b.Hex = h("0606") }, "attack A1 B1 close", 10, 8, 1},
		{"close in the same hex", func(a, b *Unit, s *State) { b.Hex = a.Hex }, "attack A1 B1 close", 10, 8, 2},
		{"light woods between", func(a, b *Unit, s *State) { a.Hex = h("0503") }, "attack A1 B1 ranged", 12, 8, 3},
		{"indirect unit ignores the woods between (K5)", func(a, b *Unit, s *State) { a.Hex, a.Indirect = h("0503"), true }, "attack A1 B1 ranged", 12, 8, 4},
		{"disrupted target", func(a, b *Unit, s *State) { b.Disrupted = true }, "attack A1 B1 ranged", 12, 8, 6},
		{"armor chit", func(a, b *Unit, s *State) { b.Chits.Armor = 2 }, "attack A1 B1 ranged", 12, 10, 2},
		{"damaged attacker", func(a, b *Unit, s *State) { a.Step = 2 }, "attack A1 B1 ranged", 6, 8, -2},
		{"damaged target", func(a, b *Unit, s *State) { b.Step = 1 }, "attack A1 B1 ranged", 12, 6, 6},
		{"night, ranged", func(a, b *Unit, s *State) { s.Rules.Night = true }, "attack A1 B1 ranged", 12, 8, 2},
		{"night, close", func(a, b *Unit, s *State) { s.Rules.Night = true }, "attack A1 B1 close", 10, 8, 2},
		{"declared value", nil, "attack A1 B1 ranged value 3", 3, 8, -5},
		{"clamped before shifts", func(a, b *Unit, s *State) { b.Rows[0].D = 30; b.Disrupted = true }, "attack A1 B1 ranged", 12, 30, -8},
		{"clamped after shifts", func(a, b *Unit, s *State) { b.Rows[0].D = 0; b.Disrupted = true; a.Experience = Elite }, "attack A1 B1 ranged", 12, 0, 15},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a1 := cbUnit("A1", "lancers", HeavyMech, "0605", Values{RA: 12, CA: 10, D: 9}, 3, Regular)
			b1 := cbUnit("B1", "bandits", MediumMech, "0505", Values{RA: 8, CA: 8, D: 8}, 3, Regular)
			s := cbBattle(t, cbDuelMap(), PhaseAttack, a1, b1)
			if tc.edit != nil {
				tc.edit(s.Unit("A1"), s.Unit("B1"), s)
			}
			p, err := planAttack(s, newSightlines(s), s.Unit("A1"), mustAction(t, tc.action))
			if err != nil {
				t.Fatal(err)
			}
			if p.value != tc.value || p.defense != tc.defense || p.column != tc.column {
				t.Errorf("value %d defense %d column %d, want %d %d %d", p.value, p.defense, p.column, tc.value, tc.defense, tc.column)
			}
		})
	}
}

func mustAction(tb testing.TB, text string) Action {
	tb.Helper()
	a, err := ParseAction(text)
	if err != nil {
		tb.Fatal(err)
	}
	a.Side = "lancers"
	return a
}

// Ensure every refusal names its rule and leaves the state as it was.
func TestAttackRefusals(t *testing.T) {
	base := func() *State {
		return cbBattle(t, cbDuelMap(), PhaseAttack,
			cbUnit("A1", "lancers", HeavyMech, "0605", Values{RA: 12, CA: 10, D: 9}, 3, Regular),
			cbUnit("A2", "lancers", MediumMech, "0705", Values{RA: 8, CA: 8, D: 8}, 3, Regular),
			cbUnit("B1", "bandits", MediumMech, "0505", Values{RA: 8, CA: 8, D: 8}, 3, Regular),
			cbUnit("B2", "bandits", MediumMech, "1405", Values{RA: 8, CA: 8, D: 8}, 3, Regular),
		)
	}
	for _, tc := range []struct {
		name   string
		edit   func(s *State)
		action string
		want   string
	}{
		{"deployment", func(s *State) { s.Phase = PhaseDeploy }, "attack A1 B1", "after deployment"},
		{"disrupted attacker", func(s *State) { s.Unit("A1").Disrupted = true }, "attack A1 B1", "BattleForce p. 24, Disruption Effects"},
		{"truck", func(s *State) { s.Unit("A1").Class = Truck }, "attack A1 B1", "BattleForce p. 20, Attacking"},
		{"second attack", func(s *State) { s.Unit("A1").Attacked = true }, "attack A1 B1", "ruling K1"},
		{"surrendered attacker", func(s *State) { s.Unit("A1").Status = Surrendered }, "attack A1 B1", "surrendered and cannot attack"},
		{"hidden attacker", func(s *State) { s.Unit("A1").Hidden = true }, "attack A1 B1", "BattleForce p. 24, Special Combat Rules"},
		{"air attacker", func(s *State) { s.Unit("A1").Class = LightAir }, "attack A1 B1", "by strafing or bombing a hex"},
		{"air target", func(s *State) { s.Unit("B1").Class, s.Unit("B1").Hex = HeavyAir, h("0405") }, "attack A1 B1", "only in the same or an adjacent hex (BattleForce p. 28, Combat)"},
		{"own unit", nil, "attack A1 A2", "your own unit"},
		{"surrendered target", func(s *State) { s.Unit("B1").Status = Surrendered }, "attack A1 B1", "ruling K3"},
		{"destroyed target", func(s *State) { b := s.Unit("B1"); b.Status, b.Step = Destroyed, 4 }, "attack A1 B1", "you have no target B1 in sight"},
		{"out of range", nil, "attack A1 B2", "beyond its range of 3 (BattleForce p. 19, Range)"},
		{"blocked", func(s *State) { s.Unit("A1").Range = 10 }, "attack A1 B2", "no clear line of sight to B2: blocked by heavy woods at 1105 (BattleForce p. 19, Line-Of-Sight)"},
		{"night", func(s *State) { s.Unit("A1").Hex = h("0503"); s.Rules.Night = true }, "attack A1 B1", "blocked by heavy woods at 0504 (BattleForce p. 19, Line-Of-Sight; at night light woods block"},
		{"close at range 2", func(s *State) { s.Unit("B1").Hex = h("0405") }, "attack A1 B1 close", "BattleForce p. 19, Combat"},
		{"close uphill", func(s *State) { s.Unit("B1").Hex = h("0610"); s.Unit("A1").Hex = h("0611") }, "attack A1 B1 close", "BattleForce p. 19, Range"},
		{"declared too high", nil, "attack A1 B1 ranged value 13", "BattleForce p. 20, Attacking"},
		{"declared too high, close", nil, "attack A1 B1 close value 11", "BattleForce p. 20, Attacking"},
		{"assault by a 'Mech", func(s *State) { s.Unit("B1").Hex = h("0605") }, "attack A1 B1 assault", "only infantry"},
		{"assault from next door", func(s *State) { s.Unit("A1").Class = Infantry }, "attack A1 B1 assault", "own hex"},
		{"assault with a value", func(s *State) { s.Unit("A1").Class = Infantry; s.Unit("B1").Hex = h("0605") }, "attack A1 B1 assault value 3", "declare no value"},
		{"observer for direct fire", nil, "attack A1 B1 ranged observer A2", "BattleForce p. 19, Indirect Fire"},
		{"observer for a close attack", func(s *State) { s.Unit("A1").Class = FireMech }, "attack A1 B1 close observer A2", "only ranged attacks"},
		{"enemy observer", func(s *State) { s.Unit("A1").Class = FireMech }, "attack A1 B1 observer B2", "you have no unit B2"},
		{"self observer", func(s *State) { s.Unit("A1").Class = FireMech }, "attack A1 B1 observer A1", "its own forward observer"},
		{"disrupted observer", func(s *State) { s.Unit("A1").Class = FireMech; s.Unit("A2").Disrupted = true }, "attack A1 B1 observer A2", "BattleForce p. 24, Disruption Effects"},
		{"blind observer", func(s *State) {
			s.Unit("A1").Class, s.Unit("A2").Hex = FireMech, h("1205")
		}, "attack A1 B1 observer A2", "forward observer A2 has no clear line of sight"},
		{"indirect without any observer", func(s *State) {
			s.Unit("A1").Class, s.Unit("A1").Range = FireMech, 10
			s.Unit("A2").Disrupted = true
		}, "attack A1 B2", "ruling K5"},
		{"Long Tom too close", func(s *State) {
			a := s.Unit("A1")
			a.Class, a.Range, a.MinRange = LongTom, 40, 5
		}, "attack A1 B1", "inside its minimum range of 5"},
		{"Long Tom close attack", func(s *State) {
			a := s.Unit("A1")
			a.Class, a.Range, a.MinRange = LongTom, 40, 5
		}, "attack A1 B1 close", "BattleForce p. 19, Range"},
		{"not a building", nil, "attack A1 0606", "holds no building"},
		{"already rubble", func(s *State) { s.Rubble = map[hex.Hex]bool{h("0706"): true} }, "attack A1 0706", "already rubble"},
		{"off the map", nil, "attack A1 9999", "not on the map"},
		{"assault on a building", func(s *State) { s.Unit("A1").Class = Infantry }, "attack A1 0706 assault", "close assault is an infantry attack on a unit"},
		{"same hex after other hexes", func(s *State) {
			s.Unit("A1").Class = Infantry
			s.Unit("B1").Hex = h("0605")
			s.SameHexClosed = s.PlayerTurn
		}, "attack A1 B1 assault", "ruling K10"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := base()
			if tc.edit != nil {
				tc.edit(s)
			}
			cbRefuse(t, s, "lancers", tc.action, tc.want)
		})
	}
	// Only the phasing side attacks (apply.go).
	cbRefuse(t, base(), "bandits", "attack B1 A1", "turn")
}

// Ensure the Extra 'Mech chit (line 1304; ruling K20): while unused, the
// lance fires its overburn Ranged Attack Value (the row above its own)
// without overburning; its close attack is unchanged; once the chit has
// absorbed a step, the lance fires its own row.
func TestAttackExtraMech(t *testing.T) {
	for _, tc := range []struct {
		step     int
		used     bool
		overburn bool
		ra, ca   int
	}{
		{0, false, false, 14, 14},
		{1, false, false, 11, 11},
		{1, false, true, 11, 14},
		{1, true, false, 9, 11},
		{0, true, false, 11, 14},
	} {
		m1 := cbUnit("M1", "lancers", MediumMech, "0505", Values{}, 3, Regular)
		m1.OverburnRA = 14
		m1.Rows = [4]Values{{RA: 11, CA: 14, D: 9}, {RA: 9, CA: 11, D: 7}, {RA: 7, CA: 8, D: 5}, {RA: 5, CA: 5, D: 3}}
		m1.Chits.ExtraMech = true
		m1.Step, m1.ExtraMechUsed, m1.Overburning = tc.step, tc.used, tc.overburn
		b1 := cbUnit("B1", "bandits", AssaultMech, "0506", Values{RA: 10, CA: 10, D: 30}, 3, Regular)
		s := cbBattle(t, terrain(nil), PhaseAttack, m1, b1)
		for mode, want := range map[string]int{"ranged": tc.ra, "close": tc.ca} {
			_, events := cbDo(t, s, "lancers", "attack M1 B1 "+mode, 7)
			if got := cbAttackOf(cbOf(events, "attack")[0]); got.Value != want {
				t.Errorf("step %d used %v overburn %v: %s value %d, want %d", tc.step, tc.used, tc.overburn, mode, got.Value, want)
			}
		}
	}
}

// Ensure a target the side cannot attack at all — hidden infantry, a unit
// off the map — is refused in the very words used for a unit that does
// not exist, so the refusal reveals nothing (R10; ruling K2), and that
// validAttacks never offers it.
func TestAttackHiddenTarget(t *testing.T) {
	const a1 = "unit A1 lancers heavy-mech regular 12/10/9 @0605 r=3 mp=4 ob=15\n"
	const b3 = "unit B3 bandits infantry regular 2/4/2 @0606 mp=4"
	none := cbRefuse(t, cbPosition(t, PhaseAttack, a1), "lancers", "attack A1 B3", "no target B3 in sight")
	s := cbPosition(t, PhaseAttack, a1+b3+" hidden")
	if got := cbRefuse(t, s, "lancers", "attack A1 B3", "no target"); got != none {
		t.Errorf("hidden target: %q; a missing unit: %q", got, none)
	}
	if got := cbRefuse(t, cbPosition(t, PhaseAttack, a1+b3+" reserve"), "lancers", "attack A1 B3", "no target"); got != none {
		t.Errorf("reserve target: %q; a missing unit: %q", got, none)
	}
	for _, a := range validAttacks(&Legality{s: s}, s.Unit("A1")) {
		if a.Target == "B3" {
			t.Errorf("validAttacks offers the hidden unit: %v", a)
		}
	}
	// Units whose type the side has not sighted may be fired on (line 776,
	// 784): only hidden infantry is off the board.
	cbDo(t, cbPosition(t, PhaseAttack, a1+b3), "lancers", "attack A1 B3", 7)
}

// Ensure each unit attacks once a turn (ruling K1) while a target may be
// fired on any number of times (line 817).
func TestAttackOncePerTurn(t *testing.T) {
	s := cbPosition(t, PhaseAttack, `
		unit A1 lancers heavy-mech regular 12/10/9 @0605 r=3 mp=4 ob=15
		unit A2 lancers heavy-mech regular 12/10/9 @0705 r=3 mp=4 ob=15
		unit B1 bandits assault-mech regular 8/8/30 @0505 r=3 mp=4 ob=10`)
	s, _ = cbDo(t, s, "lancers", "attack A1 B1", 7)
	if !s.Unit("A1").Attacked {
		t.Error("A1 is not marked as having attacked")
	}
	cbRefuse(t, s, "lancers", "attack A1 B1 close", "ruling K1")
	if got := validAttacks(&Legality{s: s}, s.Unit("A1")); len(got) != 0 {
		t.Errorf("validAttacks after A1 attacked: %v", got)
	}
	cbDo(t, s, "lancers", "attack A2 B1", 7)
}

// Ensure an attack in the movement phase ends movement (sighting first),
// and a refused one leaves the phase alone (docs/architecture.md).
func TestAttackEndsMovement(t *testing.T) {
	s := cbPosition(t, PhaseMovement, `
		unit A1 lancers heavy-mech regular 12/10/9 @0605 r=3 mp=4 ob=15
		unit B1 bandits assault-mech regular 8/8/30 @0505 r=3 mp=4 ob=10
		unit B2 bandits assault-mech regular 8/8/30 @2005 r=3 mp=4 ob=10`)
	cbRefuse(t, s, "lancers", "attack A1 B2", "beyond its range")
	ns, events := cbDo(t, s, "lancers", "attack A1 B1", 7)
	if ns.Phase != PhaseAttack {
		t.Errorf("phase %v after the first attack, want attack", ns.Phase)
	}
	if i := slices.IndexFunc(events, func(e Event) bool { return e.Type == "phase" }); i < 0 || i > slices.IndexFunc(events, func(e Event) bool { return e.Type == "attack" }) {
		t.Errorf("the attack phase should open before the attack: %+v", events)
	}
	if ns.Known["lancers"]["B1"]&KnowClass == 0 {
		t.Errorf("sighting did not run before the attack: %v", ns.Known)
	}
}

// Ensure combat within a hex comes before all other combat (lines
// 602–606; ruling K10): infantry may close-assault first and others fire
// after, but not the other way round.
func TestAttackSameHexFirst(t *testing.T) {
	s := cbPosition(t, PhaseAttack, `
		unit A1 lancers heavy-mech regular 12/10/9 @0605 r=3 mp=4 ob=15
		unit B1 bandits assault-mech regular 8/8/30 @0505 r=3 mp=4 ob=10
		unit I1 lancers infantry regular 2/4/2 @0505 r=1 mp=4`)
	later, _ := cbDo(t, s, "lancers", "attack A1 B1", 7)
	if later.SameHexClosed != later.PlayerTurn {
		t.Errorf("SameHexClosed %d, want %d", later.SameHexClosed, later.PlayerTurn)
	}
	cbRefuse(t, later, "lancers", "attack I1 B1 assault", "ruling K10")
	cbRefuse(t, later, "lancers", "attack I1 B1 close", "ruling K10")
	if got := validAttacks(&Legality{s: later}, later.Unit("I1")); len(got) != 0 {
		t.Errorf("validAttacks after other-hex fire offers %v", got)
	}
	// Same hex first: 5 + Regular 0 → +5; an 8 misses on the rulebook
	// table; the infantry pays its two steps.
	s, _ = cbDo(t, s, "lancers", "attack I1 B1 assault", 8)
	if s.SameHexClosed != 0 {
		t.Error("a same-hex attack closed same-hex combat")
	}
	cbDo(t, s, "lancers", "attack A1 B1", 7)
	// The next turn opens same-hex combat again.
	s = later.Clone()
	s.PlayerTurn++
	s.Unit("I1").Attacked = false
	cbDo(t, s, "lancers", "attack I1 B1 assault", 8)
}

// Ensure the close assault (lines 1011–1015; ruling K9): infantry in the
// target's hex attacks on the +5 column whatever D and terrain, adds its
// experience (and +2 on a disrupted target, line 980), and takes two
// damage steps after the result.
func TestAttackCloseAssault(t *testing.T) {
	m := terrain(map[string]mapgen.Cell{"0505": {Terrain: mapgen.HardenedBuilding}})
	for _, tc := range []struct {
		name      string
		exp       Experience
		disrupted bool
		column    int
		roll      int
		result    string
		rolls     []int // further rolls the result calls for
	}{
		{"regular", Regular, false, 5, 8, "", nil},
		{"veteran", Veteran, false, 6, 6, "1", nil},
		{"green", Green, false, 4, 7, "", nil},
		{"elite on a disrupted target", Elite, true, 9, 7, "1", nil},
		{"regular, disruption", Regular, false, 5, 7, "D", []int{9}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			i1 := cbUnit("I1", "lancers", Infantry, "0505", Values{RA: 2, CA: 4, D: 2}, 1, tc.exp)
			b1 := cbUnit("B1", "bandits", AssaultMech, "0505", Values{RA: 20, CA: 24, D: 14}, 3, Regular)
			b1.Disrupted = tc.disrupted
			s := cbBattle(t, m, PhaseAttack, i1, b1)
			s, events := cbDo(t, s, "lancers", "attack I1 B1 assault", append([]int{tc.roll}, tc.rolls...)...)
			cbOneAttack(t, events, cbAttack{"I1", "B1", "assault", CloseAssaultColumn, 0, tc.column, tc.roll, tc.result})
			if got := s.Unit("I1").Step; got != 2 {
				t.Errorf("infantry step %d after its close assault, want 2", got)
			}
			last := cbOf(events, "damage")
			if len(last) == 0 || last[len(last)-1].Unit != "I1" {
				t.Errorf("the infantry's own steps should come last: %+v", events)
			}
		})
	}
	// Infantry at step 2 is destroyed by its own assault; infantry leaves
	// no salvage (line 514).
	i1 := cbUnit("I1", "lancers", Infantry, "0505", Values{RA: 2, CA: 4, D: 2}, 1, Regular)
	i1.Step = 2
	b1 := cbUnit("B1", "bandits", AssaultMech, "0505", Values{RA: 20, CA: 24, D: 14}, 3, Regular)
	s, _ := cbDo(t, cbBattle(t, m, PhaseAttack, i1, b1), "lancers", "attack I1 B1 assault", 8)
	if s.Unit("I1").Status != Destroyed || len(s.Salvage) != 0 {
		t.Errorf("I1 %v, salvage %v", s.Unit("I1").Status, s.Salvage)
	}
}

// Ensure the Firepower chit (line 1318; ruling K7): +N to ranged attacks
// until the first ranged attack that uses it, at full value or a declared
// value above the plain RA; close attacks neither use nor spend it.
func TestAttackFirepower(t *testing.T) {
	s := cbPosition(t, PhaseAttack, `
		unit A1 lancers heavy-mech regular 12/10/9 @0605 r=3 mp=4 ob=15 chits=firepower2
		unit B1 bandits assault-mech regular 8/8/30 @0505 r=3 mp=4 ob=10`)
	for _, tc := range []struct {
		action string
		value  int
		spent  bool
	}{
		{"attack A1 B1", 14, true},
		{"attack A1 B1 ranged value 14", 14, true},
		{"attack A1 B1 ranged value 13", 13, true},
		{"attack A1 B1 ranged value 12", 12, false},
		{"attack A1 B1 close", 10, false},
	} {
		ns, events := cbDo(t, s, "lancers", tc.action, 7)
		if got := cbAttackOf(cbOf(events, "attack")[0]).Value; got != tc.value {
			t.Errorf("%s: value %d, want %d", tc.action, got, tc.value)
		}
		fp := cbOf(events, "firepower")
		if ns.Unit("A1").FirepowerUsed != tc.spent || (len(fp) == 1) != tc.spent {
			t.Errorf("%s: spent %v (events %v), want %v", tc.action, ns.Unit("A1").FirepowerUsed, fp, tc.spent)
		}
		if len(fp) == 1 && !slices.Equal(fp[0].Audience, []string{"lancers"}) {
			t.Errorf("the chit is secret (line 1351): audience %v", fp[0].Audience)
		}
	}
	cbRefuse(t, s, "lancers", "attack A1 B1 ranged value 15", "full ranged value of 14")
	// Spent, it is gone for the rest of the battle.
	s, _ = cbDo(t, s, "lancers", "attack A1 B1", 7)
	s.PlayerTurn += 2
	s.Unit("A1").Attacked = false
	_, events := cbDo(t, s, "lancers", "attack A1 B1", 7)
	if got := cbAttackOf(cbOf(events, "attack")[0]).Value; got != 12 {
		t.Errorf("after the chit is spent: value %d, want 12", got)
	}
}

// Ensure indirect fire (lines 827–829, 898; ruling K5): through a named
// or automatic observer that need be neither in weapon nor sensor range;
// within the firing unit's own range and minimum range; the target hex's
// terrain counts, the terrain between never does.
func TestAttackIndirect(t *testing.T) {
	m := terrain(map[string]mapgen.Cell{
		"1005": heavyWoods, "1105": lightWoods, "1205": {Terrain: mapgen.Rough},
	})
	lt := cbUnit("L1", "lancers", LongTom, "0305", Values{RA: 20, CA: 0, D: 4}, 40, Regular)
	lt.MinRange = 5
	sn := cbUnit("S1", "lancers", Sniper, "0405", Values{RA: 10, CA: 0, D: 4}, 12, Veteran)
	o1 := cbUnit("O1", "lancers", LightMech, "1216", Values{RA: 4, CA: 4, D: 6}, 3, Regular)
	b1 := cbUnit("B1", "bandits", HeavyMech, "1205", Values{RA: 12, CA: 12, D: 12}, 3, Regular)
	s := cbBattle(t, m, PhaseAttack, lt, sn, o1, b1)
	if hex.Distance(h("1216"), h("1205")) <= 5 || !LineOfSight(m, h("1216"), h("1205")).Clear {
		t.Fatal("the observer should see B1 from beyond ESR")
	}
	if LineOfSight(m, h("0305"), h("1205")).Clear {
		t.Fatal("the Long Tom should not see B1")
	}
	// 20 − 12 = +8, Regular, rough −1 → +7; the heavy and light woods
	// between do not count. A 6 is one step.
	_, events := cbDo(t, s, "lancers", "attack L1 B1 ranged observer O1", 6)
	cbOneAttack(t, events, cbAttack{"L1", "B1", "ranged", 20, 12, 7, 6, "1"})
	_, events = cbDo(t, s, "lancers", "attack L1 B1", 6)
	if e := cbOneAttack(t, events, cbAttack{"L1", "B1", "ranged", 20, 12, 7, 6, "1"}); !strings.Contains(e.Text, "observer O1") {
		t.Errorf("automatic observer: %q", e.Text)
	}
	// The Sniper: 10 − 12 = −2, Veteran +1, rough −1 → −2.
	_, events = cbDo(t, s, "lancers", "attack S1 B1", 7)
	cbOneAttack(t, events, cbAttack{"S1", "B1", "ranged", 10, 12, -2, 7, ""})
	// Without an observer there is no indirect fire.
	blind := s.Clone()
	blind.Map = m.Clone()
	blind.Map.Set(h("1210"), heavyWoods)
	if LineOfSight(blind.Map, h("1216"), h("1205")).Clear {
		t.Fatal("test layout: O1 still sees B1")
	}
	cbRefuse(t, blind, "lancers", "attack L1 B1", "no friendly unit can act as its forward observer")
	// Indirect fire reaches only the unit's own range (line 833).
	far := s.Clone()
	far.Unit("S1").Range = 7
	cbRefuse(t, far, "lancers", "attack S1 B1 observer O1", "beyond its range of 7")
	// An indirect unit with its own line of sight fires directly.
	see := s.Clone()
	see.Unit("S1").Hex = h("1207")
	_, events = cbDo(t, see, "lancers", "attack S1 B1", 7)
	if e := cbOneAttack(t, events, cbAttack{"S1", "B1", "ranged", 10, 12, -2, 7, ""}); e.Text != "" {
		t.Errorf("direct fire names an observer: %q", e.Text)
	}
}

// cbRandomBattle is a battle on random terrain with random ground units
// of both sides, in the Lancers' movement or attack phase, for property
// tests. Wheeled units never stand in buildings (a collapse would strand
// them on rubble, which State.Check does not yet allow; see the report).
func cbRandomBattle(tb testing.TB, seed uint64) *State {
	tb.Helper()
	rng := rand.New(rand.NewPCG(seed, 77))
	m := randomTerrain(seed, 24, 17)
	phase := PhaseAttack
	if rng.IntN(3) == 0 {
		phase = PhaseMovement
	}
	s := cbBattle(tb, m, phase)
	s.Rules.Night = rng.IntN(5) == 0
	if rng.IntN(2) == 0 {
		s.Rules.CRT = ReferenceCRT
	}
	s.Rules.MoraleCheck = rng.IntN(3) == 0
	if rng.IntN(4) == 0 {
		s.SameHexClosed = s.PlayerTurn
	}
	for _, hx := range m.Hexes() {
		if m.At(hx).Terrain.IsBuilding() && rng.IntN(4) == 0 {
			if s.Rubble == nil {
				s.Rubble = map[hex.Hex]bool{}
			}
			s.Rubble[hx] = true
		}
	}
	ground := slices.DeleteFunc(slices.Clone(Classes), func(c Class) bool { return !c.Ground() })
	stack := map[hex.Hex]int{}
	n := 8 + rng.IntN(10)
	for i := range n {
		c := ground[rng.IntN(len(ground))]
		if rng.IntN(12) == 0 {
			c = LightAir
		}
		side := s.Sides[i%2].ID
		full := Values{RA: rng.IntN(20), CA: rng.IntN(20), D: 2 + rng.IntN(14)}
		u := cbUnit(fmt.Sprintf("%c%d", 'A'+i%2, i), side, c, "0101", full, rng.IntN(9), Experience(rng.IntN(4)))
		if c == LongTom {
			u.Range, u.MinRange = 40, 5
		}
		u.Indirect = rng.IntN(8) == 0
		u.Step = rng.IntN(c.Info().Steps)
		u.Disrupted = rng.IntN(6) == 0
		u.Attacked = rng.IntN(8) == 0
		u.Hidden = c.Kind() == KindInfantry && rng.IntN(4) == 0
		u.Overburning = c.Info().Overburn && rng.IntN(5) == 0
		if rng.IntN(4) == 0 {
			u.Chits.Firepower = 2
		}
		if rng.IntN(4) == 0 {
			u.Chits.ExtraMech = true
		}
		if rng.IntN(15) == 0 {
			u.Status = Surrendered
		}
		for {
			hx := hex.Hex{X: rng.IntN(m.Width), Y: rng.IntN(m.Height)}
			if rng.IntN(3) == 0 && i > 0 {
				hx = s.Units[rng.IntN(len(s.Units))].Hex // share hexes often
				if rng.IntN(2) == 0 {
					hx = hx.Neighbor(hex.Direction(rng.IntN(6)))
				}
			}
			cell := s.Cell(hx)
			mv := c.Info().Movement
			if !m.Contains(hx) || stack[hx] >= StackLimit ||
				(c.Ground() && cell.Terrain.Info().Prohibited[mv] && !cell.Road && !u.CanJump()) ||
				(mv == mapgen.Wheeled && (cell.Terrain.IsBuilding() || cell.Terrain == mapgen.Rubble)) {
				continue
			}
			u.Hex, u.StartHex = hx, hx
			stack[hx]++
			break
		}
		s.Units = append(s.Units, &u)
	}
	slices.SortFunc(s.Units, func(a, b *Unit) int { return strings.Compare(a.ID, b.ID) })
	return s
}

// Ensure legal means listed (notnil/chess's ValidMoves habit): every
// attack validAttacks lists is accepted by Apply with any dice and leaves
// a state that passes Check; and every plain attack (no declared value,
// no observer) on any unit or hex, in any mode, is accepted exactly when
// it is listed. The random battles are seeded by number (1 to 40; 8 with
// -short), printed on failure.
func TestAttackValidAttacksProperty(t *testing.T) {
	listed, accepted := 0, 0
	kinds := map[string]int{}
	seeds := uint64(40)
	if testing.Short() {
		seeds = 8
	}
	for seed := uint64(1); seed <= seeds; seed++ {
		s := cbRandomBattle(t, seed)
		if errs := s.Check(); len(errs) > 0 {
			t.Fatalf("seed %d: bad random battle: %v", seed, errs)
		}
		var targets []string
		for _, v := range s.Units {
			targets = append(targets, v.ID)
		}
		for _, hx := range s.Map.Hexes() {
			if s.Map.At(hx).Terrain.IsBuilding() || (hx.X%7 == 0 && hx.Y%4 == 0) {
				targets = append(targets, hx.String())
			}
		}
		targets = append(targets, "Z9", "9999")
		for i := range s.Units {
			u := s.Units[i]
			valid := validAttacks(&Legality{s: s}, u)
			in := map[string]bool{}
			for j, a := range valid {
				listed++
				in[a.Target+" "+a.Mode.String()] = true
				kind := a.Mode.String()
				if a.Observer != "" {
					kind = "indirect"
				}
				if s.Unit(a.Target) == nil {
					kind += " building"
				}
				kinds[kind]++
				ns, _, err := Apply(s, a, dice.New(dice.NewSeeded(seed*100+uint64(j))))
				if err != nil {
					t.Fatalf("seed %d: listed %v refused: %v", seed, a, err)
				}
				if errs := ns.Check(); len(errs) > 0 {
					t.Fatalf("seed %d: %v leaves %v", seed, a, errs)
				}
				if !ns.Unit(u.ID).Attacked {
					t.Fatalf("seed %d: %v did not mark the attacker", seed, a)
				}
			}
			for _, target := range targets {
				for _, mode := range []AttackMode{Ranged, Close, CloseAssault} {
					a := Action{Kind: ActAttack, Side: u.Side, Unit: u.ID, Target: target, Mode: mode}
					_, _, err := Apply(s, a, dice.New(dice.NewSeeded(seed)))
					if err != nil && !errors.Is(err, ErrIllegal) {
						t.Fatalf("seed %d: %v: %v is not a rules refusal", seed, a, err)
					}
					if got, want := err == nil, in[target+" "+mode.String()]; got != want {
						t.Fatalf("seed %d: %v accepted %v, listed %v (err %v)", seed, a, got, want, err)
					}
					if err == nil {
						accepted++
					}
				}
			}
		}
	}
	t.Logf("%d listed attacks (%v), %d plain attacks accepted", listed, kinds, accepted)
	if listed < 15*int(seeds) {
		t.Errorf("only %d attacks listed: the random battles test too little", listed)
	}
}

// Ensure ValidActions includes the attacks.
func TestAttackValidActions(t *testing.T) {
	s := cbPosition(t, PhaseAttack, `
		unit A1 lancers heavy-mech regular 12/10/9 @0605 r=3 mp=4 ob=15
		unit B1 bandits assault-mech regular 8/8/30 @0505 r=3 mp=4 ob=10`)
	var got []string
	for _, a := range ValidActions(s, "A1") {
		if a.Kind == ActAttack {
			got = append(got, a.String())
		}
	}
	if want := []string{"attack A1 B1 ranged", "attack A1 B1 close"}; !slices.Equal(got, want) {
		t.Errorf("attacks %v, want %v", got, want)
	}
	if got := validAttacks(&Legality{s: s}, s.Unit("B1")); got != nil {
		t.Errorf("the non-phasing side may not attack: %v", got)
	}
}
