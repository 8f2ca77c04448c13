package referee

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"bfbot/mapgen"
	"bfbot/mapgen/hex"
)

// Artillery (book 000, BattleForce): indirect fire through forward
// observers (lines 827–829), the Long Tom's minimum and maximum range and
// the Sniper's lack of a minimum (835, 358), target-hex terrain only for
// indirect fire units (898), the worked example of line 1275, and the
// Long Tom's movement allowance (1836: 7/0/4, R 5-40, MP 2T).

// arLongTom is a Long Tom battery as the values table prints it (line
// 1836): RA 7, CA 0, DV 4, range 5-40, 2 MP tracked; no red row.
func arLongTom(id, side, at string) Unit {
	return unitOf(fmt.Sprintf("%s %s long-tom regular 7/0/4 @%s name=%[1]q r=5-40 mp=2", id, side, at))
}

// arSniper is a Sniper battery. The book prints no Sniper values (only
// lines 358, 835, 1275 speak of it), so these are the test's own: weaker
// than the Long Tom (line 358), range 12, 2 MP tracked.
func arSniper(id, side, at string) Unit {
	return unitOf(fmt.Sprintf("%s %s sniper regular 5/0/4 @%s name=%[1]q r=12 mp=2", id, side, at))
}

// arWheeled is a Wheeled Scout platoon (values table, line 1829: 2/2/4, R 2, 7W).
func arWheeled(id, side, at string) Unit {
	return unitOf(fmt.Sprintf("%s %s wheeled regular 2/2/4 @%s name=%[1]q r=2 mp=7 ob=4", id, side, at))
}

// arWide is an open map wide enough for the Long Tom's 40 hexes.
func arWide(cells map[string]mapgen.Cell) *mapgen.Map {
	m := mapgen.New(60, mapgen.SheetHeight)
	for name, c := range cells {
		m.Set(h(name), c)
	}
	return m
}

// arValid reports whether validAttacks offers u's ranged attack on
// target, and with which observer.
func arValid(s *State, unit, target string) (ok bool, observer string) {
	for _, a := range validAttacks(&Legality{s: s}, s.Unit(unit)) {
		if a.Target == target && a.Mode == Ranged {
			return true, a.Observer
		}
	}
	return false, ""
}

// arExample is the worked example of line 1275: the Bandit 'Mech in
// 1205, the Sniper in 1003, the Wheeled observer in 1403. The text gives
// no hex for the Long Tom nor any terrain; here the Long Tom stands in
// 0905, 3 hexes from the target, and heavy woods in 1104 and 1105 cut
// both batteries' lines of sight, so both need the observer, as the text
// has them use it. The observer's line 1403–1304–1305–1205 is open. The
// Long Tom is as the values table prints it (line 1836: 7/0/4, R 5-40,
// 2 MP tracked), the Wheeled Scout too (line 1829: 2/2/4, R 2, 7W); the book prints
// no Sniper values (only lines 358, 835, 1275 speak of it), so these are
// the test's own: weaker than the Long Tom (line 358), range 12.
const arExample = `cell 1104 heavy-woods; cell 1105 heavy-woods
	unit L1 lancers long-tom regular 7/0/4 @0905 r=5-40 mp=2
	unit S1 lancers sniper regular 5/0/4 @1003 r=12 mp=2
	unit W1 lancers wheeled regular 2/2/4 @1403 r=2 mp=7
	unit B1 bandits medium-mech regular 10/12/8 @1205 r=3 mp=4 ob=13`

// Ensure the worked example of line 1275 plays through Apply: the Long Tom
// cannot fire at the 'Mech in 1205 (inside its minimum range, line 835),
// the Sniper in 1003 can, both through the Wheeled unit in 1403, which
// serves any number of indirect fire units.
func TestArtilleryWorkedExample(t *testing.T) {
	s := cbPosition(t, PhaseAttack, arExample)
	m := s.Map

	for _, c := range []struct {
		from string
		dist int
		see  bool
	}{{"0905", 3, false}, {"1003", 3, false}, {"1403", 3, true}} {
		if d := hex.Distance(h(c.from), h("1205")); d != c.dist {
			t.Fatalf("test layout: %s is %d from 1205, want %d", c.from, d, c.dist)
		}
		if l := LineOfSight(m, h(c.from), h("1205")); l.Clear != c.see {
			t.Fatalf("test layout: %s -> 1205 is %v", c.from, l)
		}
	}
	// The observer is beyond its own weapon range (R 2) of the target:
	// that does not matter (line 829).
	if w := s.Unit("W1"); hex.Distance(w.Hex, h("1205")) <= w.Range {
		t.Fatal("test layout: the observer should be out of its own range")
	}

	// The Long Tom cannot fire: the target is below the minimum range,
	// observer or none.
	cbRefuse(t, s, "lancers", "attack L1 B1 ranged observer W1", "inside its minimum range of 5")
	cbRefuse(t, s, "lancers", "attack L1 B1", "inside its minimum range of 5")
	if ok, _ := arValid(s, "L1", "B1"); ok {
		t.Error("validAttacks offers the Long Tom a target inside its minimum range")
	}

	// The Sniper can, through W1: 5 − 8 = −3, Regular, clear target hex,
	// the heavy woods between ignored (line 898) → −3. A 12 is D, and B1
	// then rolls 12 for disruption and holds.
	if ok, obs := arValid(s, "S1", "B1"); !ok || obs != "W1" {
		t.Errorf("validAttacks for the Sniper: offered %v through %q, want through W1", ok, obs)
	}
	ns, events := cbDo(t, s, "lancers", "attack S1 B1 ranged observer W1", 12, 12)
	e := cbOneAttack(t, events, cbAttack{"S1", "B1", "ranged", 5, 8, -3, 12, "D"})
	if !strings.Contains(e.Text, "forward observer W1") {
		t.Errorf("attack text %q does not name the observer", e.Text)
	}
	if d := cbOf(events, "disruption"); len(d) != 1 || ns.Unit("B1").Disrupted {
		t.Errorf("disruption: %+v, B1 disrupted %v", d, ns.Unit("B1").Disrupted)
	}
	// The observer is not used up: it is unchanged by spotting.
	if !reflect.DeepEqual(*ns.Unit("W1"), *s.Unit("W1")) {
		t.Errorf("spotting changed the observer:\n%+v\n%+v", *s.Unit("W1"), *ns.Unit("W1"))
	}
	// Unnamed, the referee picks the same observer (ruling K5).
	_, events = cbDo(t, s, "lancers", "attack S1 B1", 12, 12)
	if e := cbOneAttack(t, events, cbAttack{"S1", "B1", "ranged", 5, 8, -3, 12, "D"}); !strings.Contains(e.Text, "observer W1") {
		t.Errorf("automatic observer: %q, want W1", e.Text)
	}

	// Had the Long Tom stood at its minimum range, 5 hexes off in 0705
	// (its line crosses the heavy woods in 1105), it too could have fired
	// through W1 in the same turn, after the Sniper: 7 − 8 = −1 → −1.
	far := ns.Clone()
	far.Unit("L1").Hex = h("0705")
	if hex.Distance(h("0705"), h("1205")) != 5 || LineOfSight(m, h("0705"), h("1205")).Clear {
		t.Fatal("test layout: 0705 should be 5 hexes from 1205, unsighted")
	}
	_, events = cbDo(t, far, "lancers", "attack L1 B1 ranged observer W1", 7)
	cbOneAttack(t, events, cbAttack{"L1", "B1", "ranged", 7, 8, -1, 7, ""})
}

// Ensure the Long Tom's range is 5 to 40 hexes (lines 835, 1836; ruling
// K6), for units and buildings, with or without an observer, and that
// validAttacks agrees.
func TestArtilleryLongTomRange(t *testing.T) {
	m := arWide(map[string]mapgen.Cell{"0408": {Terrain: mapgen.MediumBuilding}})
	units := []Unit{arLongTom("L1", "lancers", "0108"), arWheeled("W1", "lancers", "0308")}
	for _, c := range []struct {
		id, at string
		dist   int
	}{{"B1", "0208", 1}, {"B4", "0508", 4}, {"B5", "0608", 5}, {"B6", "4108", 40}, {"B7", "4208", 41}} {
		if d := hex.Distance(h("0108"), h(c.at)); d != c.dist {
			t.Fatalf("test layout: %s is %d hexes off, want %d", c.at, d, c.dist)
		}
		units = append(units, cbUnit(c.id, "bandits", MediumMech, c.at, Values{RA: 10, CA: 12, D: 8}, 3, Regular))
	}
	s := cbBattle(t, m, PhaseAttack, units...)
	cbCheck(t, s)

	// Inside the minimum: refused for every mode, observer or none.
	cbRefuse(t, s, "lancers", "attack L1 B1 close", "inside its minimum range of 5")
	cbRefuse(t, s, "lancers", "attack L1 B1 ranged", "inside its minimum range of 5")
	cbRefuse(t, s, "lancers", "attack L1 B4 ranged observer W1", "inside its minimum range of 5")
	cbRefuse(t, s, "lancers", "attack L1 0408 ranged", "inside its minimum range of 5")
	// Beyond the maximum.
	cbRefuse(t, s, "lancers", "attack L1 B7 ranged", "beyond its range of 40")
	// Exactly 5 and exactly 40 hexes are in range: its own line of sight
	// is clear, so it fires directly.
	for _, target := range []string{"B5", "B6"} {
		_, events := cbDo(t, s, "lancers", "attack L1 "+target+" ranged", 7)
		if e := cbOneAttack(t, events, cbAttack{"L1", target, "ranged", 7, 8, -1, 7, ""}); e.Text != "" {
			t.Errorf("direct fire names an observer: %q", e.Text)
		}
	}
	for target, want := range map[string]bool{"B1": false, "B4": false, "B5": true, "B6": true, "B7": false, "0408": false} {
		if ok, _ := arValid(s, "L1", target); ok != want {
			t.Errorf("validAttacks offers L1 -> %s: %v, want %v", target, ok, want)
		}
	}
}

// Ensure the Sniper has no minimum range: it fires at any hex out to its
// full range (line 835), its own and the adjacent hex included, and no
// farther.
func TestArtillerySniperNoMinimum(t *testing.T) {
	s1 := arSniper("S1", "lancers", "1008")
	b0 := cbUnit("B0", "bandits", MediumMech, "1008", Values{RA: 10, CA: 12, D: 8}, 3, Regular)
	b1 := cbUnit("B1", "bandits", MediumMech, "1108", Values{RA: 10, CA: 12, D: 8}, 3, Regular)
	b12 := cbUnit("B12", "bandits", MediumMech, "2208", Values{RA: 10, CA: 12, D: 8}, 3, Regular)
	b13 := cbUnit("B13", "bandits", MediumMech, "2308", Values{RA: 10, CA: 12, D: 8}, 3, Regular)
	s := cbBattle(t, terrain(nil), PhaseAttack, s1, b0, b1, b12, b13)
	if hex.Distance(h("1008"), h("2208")) != 12 || hex.Distance(h("1008"), h("2308")) != 13 {
		t.Fatal("test layout: distances")
	}
	for _, target := range []string{"B0", "B1", "B12"} {
		_, events := cbDo(t, s, "lancers", "attack S1 "+target+" ranged", 7)
		cbOneAttack(t, events, cbAttack{"S1", target, "ranged", 5, 8, -3, 7, ""})
		if ok, _ := arValid(s, "S1", target); !ok {
			t.Errorf("validAttacks does not offer S1 -> %s", target)
		}
	}
	cbRefuse(t, s, "lancers", "attack S1 B13 ranged", "beyond its range of 12")
}

// Ensure one forward observer serves any number of indirect fire units in
// the same turn (line 1275), and may itself move and fire that turn (line
// 829): two Long Toms, a Sniper and a Fire 'Mech lance all fire through W1
// after W1 has moved and attacked, and spotting never marks W1.
func TestArtilleryOneObserverManyBatteries(t *testing.T) {
	m := terrain(map[string]mapgen.Cell{"0908": heavyWoods, "0907": heavyWoods, "0909": heavyWoods})
	w1 := arWheeled("W1", "lancers", "1608")
	w1.Range, w1.MPLeft = 3, 7
	f1 := cbUnit("F1", "lancers", FireMech, "0408", Values{RA: 9, CA: 6, D: 6}, 8, Regular)
	units := []Unit{
		arLongTom("L1", "lancers", "0208"), arLongTom("L2", "lancers", "0308"),
		arSniper("S1", "lancers", "0508"), f1, w1,
		cbUnit("B1", "bandits", HeavyMech, "1108", Values{RA: 12, CA: 12, D: 12}, 3, Regular),
	}
	s := cbBattle(t, m, PhaseMovement, units...)
	for _, id := range []string{"L1", "L2", "S1", "F1"} {
		if LineOfSight(m, s.Unit(id).Hex, h("1108")).Clear {
			t.Fatalf("test layout: %s sees B1", id)
		}
	}
	// W1 moves two hexes closer, then attacks B1 itself: 2 − 12 → −10.
	s, _ = cbDo(t, s, "lancers", "move W1 1408")
	if !s.Unit("W1").Moved {
		t.Fatal("W1 did not move")
	}
	s, events := cbDo(t, s, "lancers", "attack W1 B1 ranged", 7)
	cbOneAttack(t, events, cbAttack{"W1", "B1", "ranged", 2, 12, -10, 7, ""})
	before := *s.Unit("W1")
	for _, c := range []struct {
		id           string
		value, col   int
		named, valid bool
	}{
		{"L1", 7, -5, true, true},  // 7 − 12
		{"L2", 7, -5, false, true}, // the referee picks W1
		{"S1", 5, -7, true, true},  // 5 − 12
		{"F1", 9, -3, false, true}, // 9 − 12
	} {
		if ok, obs := arValid(s, c.id, "B1"); !ok || obs != "W1" {
			t.Errorf("validAttacks for %s: %v through %q, want through W1", c.id, ok, obs)
		}
		text := "attack " + c.id + " B1 ranged"
		if c.named {
			text += " observer W1"
		}
		s, events = cbDo(t, s, "lancers", text, 7)
		e := cbOneAttack(t, events, cbAttack{c.id, "B1", "ranged", c.value, 12, c.col, 7, ""})
		if !strings.Contains(e.Text, "forward observer W1") {
			t.Errorf("%s: attack text %q, want observer W1", c.id, e.Text)
		}
		if !reflect.DeepEqual(*s.Unit("W1"), before) {
			t.Errorf("%s's attack changed the observer", c.id)
		}
	}
}

// Ensure indirect fire units count only the target hex's terrain (line
// 898; ruling K5), both through an observer and over their own clear line
// of sight, while a direct-fire unit on the same line counts the terrain
// between as well.
func TestArtilleryTargetHexTerrainOnly(t *testing.T) {
	m := terrain(map[string]mapgen.Cell{"0908": lightWoods, "1008": lightWoods})
	s1 := arSniper("S1", "lancers", "0808")
	s1.Rows[0].RA = 10
	m1 := cbUnit("M1", "lancers", MediumMech, "0807", Values{RA: 10, CA: 12, D: 8}, 3, Regular)
	b1 := cbUnit("B1", "bandits", MediumMech, "1008", Values{RA: 10, CA: 12, D: 8}, 3, Regular)
	s := cbBattle(t, m, PhaseAttack, s1, m1, b1)
	for _, from := range []string{"0808", "0807"} {
		if l := LineOfSight(m, h(from), h("1008")); !l.Clear || l.Shift != -1 {
			t.Fatalf("test layout: %s -> 1008 is %v with shift %d, want clear past one light woods hex", from, l, l.Shift)
		}
	}
	// Sniper, own line of sight: 10 − 8 = +2, light woods target −1 → +1.
	_, events := cbDo(t, s, "lancers", "attack S1 B1 ranged", 7)
	cbOneAttack(t, events, cbAttack{"S1", "B1", "ranged", 10, 8, 1, 7, ""})
	// The 'Mech lance beside it: +2 −1 (target) −1 (between) → 0.
	_, events = cbDo(t, s, "lancers", "attack M1 B1 ranged", 7)
	cbOneAttack(t, events, cbAttack{"M1", "B1", "ranged", 10, 8, 0, 7, ""})
	// Through an observer the Sniper's column is the same: the heavy woods
	// now between do not count, the light woods target does.
	blind := s.Clone()
	blind.Map = m.Clone()
	blind.Map.Set(h("0908"), mapgen.Cell{Terrain: mapgen.HeavyWoods})
	blind.Unit("M1").Hex = h("1108")
	_, events = cbDo(t, blind, "lancers", "attack S1 B1 ranged observer M1", 7)
	cbOneAttack(t, events, cbAttack{"S1", "B1", "ranged", 10, 8, 1, 7, ""})
}

// Ensure artillery moves: the Long Tom has 2 tracked MP (line 1836) and
// nothing in the rules stops it firing after it moves.
func TestArtilleryMoves(t *testing.T) {
	l1 := arLongTom("L1", "lancers", "0508")
	b1 := cbUnit("B1", "bandits", MediumMech, "1308", Values{RA: 10, CA: 12, D: 8}, 3, Regular)
	s := mvBattle(t, nil, l1, b1)
	if u := s.Unit("L1"); u.MPLeft != 2 {
		t.Fatalf("L1 starts with %d MP, want 2", u.MPLeft)
	}
	mvRefuse(t, s, "lancers", "move L1 0808", "MP")
	s, _ = mvDo(t, s, "lancers", "move L1 0708", mvDice(t))
	if u := s.Unit("L1"); u.Hex != h("0708") || u.MPLeft != 0 {
		t.Errorf("L1 at %s with %d MP left, want 0708 with 0", u.Hex, u.MPLeft)
	}
	// Now 6 hexes from B1, past its minimum: 7 − 8 → −1.
	_, events := cbDo(t, s, "lancers", "attack L1 B1 ranged", 7)
	cbOneAttack(t, events, cbAttack{"L1", "B1", "ranged", 7, 8, -1, 7, ""})
}
