package quickstart

import (
	"errors"
	"slices"
	"testing"

	"bfbot/mapgen"
	"bfbot/mapgen/hex"
	"bfbot/referee/dice"
)

// combat is a battle in its Combat Phase with Blake (the Initiative
// loser) to act: Divine Fire in 0810 facing north, the Fire Support Star
// two hexes north in 0808 facing f.
func combat(t *testing.T, f hex.Direction, faces ...int) State {
	t.Helper()
	s, _, err := NewBattle(mapgen.New(16, 17), [2]string{"blake", "bears"}, [2]string{}, []UnitState{
		unitOn("DF", 0, DivineFire(), "0810", hex.N),
		unitOn("AF", 1, AlphaFire(), "0808", f),
	}, scripted(t, 1, 1, 6, 6))
	if err != nil {
		t.Fatal(err)
	}
	d := scripted(t, faces...)
	s = mustApply(t, s, Action{Kind: Done}, d)
	return mustApply(t, s, Action{Kind: Done}, d)
}

func declare(unit string, el int, target string, tel, overheat int) Action {
	return Action{Kind: Declare, Attack: Attack{Unit: unit, Element: el, Target: target, TargetElement: tel, Overheat: overheat}}
}

// Ensure a Combat Phase (002 lines 174–193, 247–291): attacks declared,
// then resolved in order when the side is done; a rear hit does 1 more;
// an attack on an Element already destroyed counts as a hit without a
// roll; an impossible attack is aborted and is no weapon attack (ruling
// QS12); the destroyed Vulture fires back in the winner's part of the
// phase and leaves play in the End Phase.
func TestCombatPhase(t *testing.T) {
	s := combat(t, hex.N)
	if s.Phase != CombatPhase || s.Acting != 0 {
		t.Fatalf("%v acting %d", s.Phase, s.Acting)
	}
	d := scripted(t, 4, 4, 2, 3, 6, 6, 1, 1, 6, 6)
	s.Units[s.unit("DF")].Elements[0].Crits.FireControl = 3
	for _, a := range []Action{
		declare("DF", 2, "AF", 3, 1), // Cicada 3P: 4 +2 medium +2 target MP 5 = 8; 3+1 overheat +1 rear
		declare("DF", 4, "AF", 3, 0), // Clint 6S: 3 +1 rear
		declare("DF", 5, "AF", 3, 0), // Hermes 4M: the Vulture is gone by then
		declare("DF", 0, "AF", 0, 0), // Malak Infernus with 3 fire control hits: 14
	} {
		s = mustApply(t, s, a, d)
	}
	if _, _, err := Apply(s, declare("DF", 2, "AF", 1, 0), d); !errors.Is(err, ErrIllegal) || !contains(err.Error(), "already attacked") {
		t.Errorf("a second attack by the Cicada: %v", err)
	}
	s, ev, err := Apply(s, Action{Kind: Done}, d)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"DF/3 at AF/4 overheat 1: needs 8, rolls 8: hit from the rear for 5 (armor 4, structure 1); critical roll 5: no critical hit",
		"DF/5 at AF/4: needs 8, rolls 12: hit from the rear for 4 (armor 0, structure 2); destroyed",
		"DF/6 at AF/4: the target is already destroyed; the attack counts as a hit",
		"DF/1 at AF/1: to-hit 14 is impossible; aborted",
	}
	if len(ev) != len(want) {
		t.Fatalf("events %+v", ev)
	}
	for i := range want {
		if ev[i].Text != want[i] {
			t.Errorf("event %d: %q\n want %q", i, ev[i].Text, want[i])
		}
	}
	if s.Acting != 1 || s.Phase != CombatPhase {
		t.Fatalf("the winner's part of the Combat Phase: %v acting %d", s.Phase, s.Acting)
	}
	v := s.Units[s.unit("AF")].Elements[3]
	if !v.Destroyed || v.Removed {
		t.Errorf("Vulture C: destroyed %v removed %v; want destroyed, still in play", v.Destroyed, v.Removed)
	}
	if len(d.Log()) != 3 {
		t.Errorf("rolls %v: want the two attack rolls and one critical roll", d.Log())
	}
	// The bears face away from Divine Fire: out of their firing arc.
	if _, _, err := Apply(s, declare("AF", 3, "DF", 0, 0), d); err == nil || !contains(err.Error(), "firing arc") {
		t.Errorf("attack out of the arc: %v", err)
	}
	s = mustApply(t, s, Action{Kind: Done}, d)
	df := s.Units[s.unit("DF")]
	if !s.Units[s.unit("AF")].Elements[3].Removed || df.Elements[2].Heat != 1 || df.Elements[0].Heat != 0 {
		t.Errorf("End Phase: Vulture removed %v, Cicada heat %d (overheat 1), Malak heat %d (aborted: none)",
			s.Units[s.unit("AF")].Elements[3].Removed, df.Elements[2].Heat, df.Elements[0].Heat)
	}
}

// Ensure a destroyed Element returns fire before the End Phase (002
// line 86), and an attack from the front does no extra damage.
func TestDestroyedElementFiresBack(t *testing.T) {
	s := combat(t, hex.S)
	d := scripted(t, 6, 6, 6, 6, 6, 6, 1, 1, 6, 6)
	s = mustApply(t, s, declare("DF", 2, "AF", 3, 1), d) // 3+1 from the front: armor 4 → 0
	s = mustApply(t, s, declare("DF", 4, "AF", 3, 0), d) // 3: structure 3 → 0, destroyed
	s, ev, err := Apply(s, Action{Kind: Done}, d)
	if err != nil {
		t.Fatal(err)
	}
	if len(ev) != 2 || !contains(ev[0].Text, "front for 4 (armor 4, structure 0)") || !contains(ev[1].Text, "destroyed") {
		t.Fatalf("events %+v", ev)
	}
	s = mustApply(t, s, declare("AF", 3, "DF", 0, 0), d)
	s, ev, err = Apply(s, Action{Kind: Done}, d)
	if err != nil {
		t.Fatal(err)
	}
	if len(ev) != 2 || ev[1].Type != "initiative" || !contains(ev[0].Text, "AF/4 at DF/1") || !contains(ev[0].Text, "hit from the front for 6") {
		t.Errorf("the Vulture's return fire: %+v", ev)
	}
	if s.Turn != 2 || !s.Units[s.unit("AF")].Elements[3].Removed {
		t.Errorf("turn %d, Vulture removed %v", s.Turn, s.Units[s.unit("AF")].Elements[3].Removed)
	}
}

// alongHexsides is blake's Combat Phase on m, DF in 0810 facing NE and AR
// due east of it, the line between them along hexsides, the target's
// player asked when ask; and dice with no faces.
func alongHexsides(t *testing.T, m *mapgen.Map, ask bool) (State, *dice.Dice) {
	t.Helper()
	blake := hex.MustParse("0810")
	east := blake.Neighbor(hex.NE).Neighbor(hex.SE)
	s, _, err := NewBattle(m, [2]string{"blake", "bears"}, [2]string{}, []UnitState{
		unitOn("DF", 0, DivineFire(), blake.String(), hex.NE),
		unitOn("AR", 1, AlphaRecon(), east.String(), hex.NW),
	}, scripted(t, 1, 1, 6, 6))
	if err != nil {
		t.Fatal(err)
	}
	s.AskHexside = ask
	d := scripted(t)
	return mustApply(t, mustApply(t, s, Action{Kind: Done}, d), Action{Kind: Done}, d), d
}

// Ensure ruling QS11: where the line between two Units runs along
// hexsides, the target's side takes the side that denies the attack, and
// the pick holds both ways for the turn.
func TestHexsideChoice(t *testing.T) {
	blake := hex.MustParse("0810")
	s, d := alongHexsides(t, mapgen.New(16, 17), false)
	// On a clear map, facing NE, both sides of the line see and are in
	// the arc: nothing to deny.
	if _, _, err := Apply(s, declare("DF", 0, "AR", 0, 0), d); err != nil {
		t.Errorf("clear line inside the arc: %v", err)
	}
	// Woods on the north (left) hex of the line: the bears pick it.
	m2 := mapgen.New(16, 17)
	m2.Cell(blake.Neighbor(hex.NE)).Terrain = mapgen.LightWoods
	s.Map = m2
	if _, _, err := Apply(s, declare("DF", 0, "AR", 0, 0), d); err == nil || !contains(err.Error(), "no line of sight") {
		t.Fatalf("woods on one side of the hexside: %v", err)
	}
	c := s.Clone()
	side, _ := c.lineSide(c.unit("DF"), c.unit("AR"))
	if side != Left || len(c.Hexsides) != 1 {
		t.Fatalf("pick %v, %+v; want left, kept", side, c.Hexsides)
	}
	// The same pick, seen from the other Unit, is its right.
	if back, _ := c.lineSide(c.unit("AR"), c.unit("DF")); back != Right || len(c.Hexsides) != 1 {
		t.Errorf("from the bears: %v, %+v; want right, the same choice", back, c.Hexsides)
	}
}

// Ensure the target's player is asked (002 line 197) when the battle asks
// him (AskHexside): DF's declaration at AR along the hexsides due east
// waits, the bears acting, who see the two Units and the hexes on each
// side but not the declared Element; their choice holds for the rest of
// the turn both ways; the woods side denies the attack, which then is
// not declared and leaves the Element free; Done takes the automatic
// pick (ruling QS11), the woods.
func TestHexsideAsked(t *testing.T) {
	blake := hex.MustParse("0810")
	north, south := blake.Neighbor(hex.NE), blake.Neighbor(hex.SE)
	m := mapgen.New(16, 17)
	m.Cell(north).Terrain = mapgen.LightWoods
	s, d := alongHexsides(t, m, true)
	asked, ev, err := Apply(s, declare("DF", 2, "AR", 0, 1), d)
	if err != nil {
		t.Fatal(err)
	}
	q := asked.Question
	if q == nil || asked.Acting != 1 || len(ev) != 1 || ev[0].Text != "the line from DF to AR runs along hexsides: bears chooses which hexes lie along it" {
		t.Fatalf("the declaration at AR: question %+v, %d acting, events %+v", q, asked.Acting, ev)
	}
	if !slices.Equal(q.Hexes[Left], []hex.Hex{north}) || !slices.Equal(q.Hexes[Right], []hex.Hex{south}) {
		t.Errorf("the hexes asked about: %v", q.Hexes)
	}
	if errs := asked.Check(); len(errs) > 0 {
		t.Fatal(errs)
	}
	if v := ViewOf(asked, 1); v.Question == nil || len(v.OwnAttacks) > 0 {
		t.Errorf("the bears' view: question %+v, attacks %v", v.Question, v.OwnAttacks)
	}
	if n := len(ValidActions(asked)); n != 3 {
		t.Errorf("%d valid actions while asked: left, right and Done", n)
	}
	if _, _, err := Apply(asked, declare("AR", 0, "DF", 0, 0), d); err == nil || !contains(err.Error(), "bears first chooses which hexes lie along the line from DF to AR") {
		t.Errorf("the bears attack while asked: %v", err)
	}
	// The clear side: the attack is declared; the choice holds for DF's
	// next Element without a question.
	clear := mustApply(t, asked, Action{Kind: ChooseHexside, Hexside: Right}, d)
	if clear.Acting != 0 || clear.Question != nil || len(clear.Declared) != 1 || clear.Declared[0].Overheat != 1 {
		t.Fatalf("after the bears chose the clear side: %d acting, declared %v", clear.Acting, clear.Declared)
	}
	clear = mustApply(t, clear, declare("DF", 3, "AR", 0, 0), d)
	if clear.Question != nil || len(clear.Declared) != 2 {
		t.Errorf("the second attack asked again or was not declared: %+v", clear.Declared)
	}
	// The woods: no attack, and DF's Element may still attack elsewhere.
	woods, ev, err := Apply(asked, Action{Kind: ChooseHexside, Hexside: Left}, d)
	if err != nil {
		t.Fatal(err)
	}
	if len(woods.Declared) != 0 || woods.Units[woods.unit("DF")].Elements[2].Fired || len(ev) != 2 || !contains(ev[1].Text, "DF cannot attack AR") {
		t.Errorf("after the bears chose the woods: declared %v, events %+v", woods.Declared, ev)
	}
	if _, _, err := Apply(woods, declare("DF", 2, "AR", 0, 0), d); err == nil || !contains(err.Error(), "no line of sight") {
		t.Errorf("the choice does not hold: %v", err)
	}
	auto := mustApply(t, asked, Action{Kind: Done}, d)
	if side, _ := auto.lineSide(auto.unit("DF"), auto.unit("AR")); len(auto.Hexsides) != 1 || side != Left || len(auto.Declared) != 0 {
		t.Errorf("Done's automatic pick: %+v, declared %v", auto.Hexsides, auto.Declared)
	}
}

// Ensure HexsideBlocks says what each choice of hexes would mean for the
// attack waiting (002 lines 197–215): nothing on a clear map in the arc;
// the woods north of the line stop it on the left; facing north, the
// line due east runs along the arc's edge and the south hexes are
// behind DF (the hex-C example, 002 line 271); both together stop it
// either way.
func TestHexsideBlocks(t *testing.T) {
	blake := hex.MustParse("0810")
	north := blake.Neighbor(hex.NE)
	for _, c := range []struct {
		woods  bool
		facing hex.Direction
		want   [2]string
	}{
		{false, hex.NE, [2]string{"", ""}},
		{true, hex.NE, [2]string{"woods in " + north.String(), ""}},
		{false, hex.N, [2]string{"", "AR outside DF's firing arc"}},
		{true, hex.N, [2]string{"woods in " + north.String(), "AR outside DF's firing arc"}},
	} {
		m := mapgen.New(16, 17)
		if c.woods {
			m.Cell(north).Terrain = mapgen.HeavyWoods
		}
		s, d := alongHexsides(t, m, true)
		s.Units[s.unit("DF")].Facing = c.facing
		asked := mustApply(t, s, declare("DF", 0, "AR", 0, 0), d)
		if asked.Question == nil {
			t.Fatalf("woods %t, facing %v: not asked", c.woods, c.facing)
		}
		if got := HexsideBlocks(asked); got != c.want {
			t.Errorf("woods %t, facing %v: %q, want %q", c.woods, c.facing, got, c.want)
		}
	}
}
