package ai

import (
	"maps"
	"reflect"
	"slices"
	"strings"
	"testing"

	"bfbot/mapgen/hex"
	"bfbot/referee"
	"bfbot/referee/dice"
)

// Ensure a stalled side that sees no enemy hunts for the hidden infantry
// that keeps the battle going (ruling V5): a red lance by the enemy's
// edge, where it would wait for the turn limit, turns back to search the
// middle of the map, and the hexes its units go through count as
// searched.
func TestHuntHiddenInfantry(t *testing.T) {
	hidden := aixUnit("BH", "blue", referee.Infantry, "1205", 3, 5, 1, 1)
	hidden.Hidden = true
	s := aixBattle(t, nil, nil, aixUnit("R1", "red", referee.MediumMech, "1805", 9, 7, 3, 5), hidden)
	s.Turn = 1 + stallTurns + 1 // nobody has attacked for longer than stallTurns
	acts, events, _ := aixPhase(t, s, dice.New(dice.NewSeeded(1)))
	start := hex.MustParse("1805")
	mv := aixFind(acts, referee.ActMove, "R1")
	if mv == nil || mv.To.X >= start.X {
		t.Fatalf("R1 does not turn back from the enemy's edge: %v", acts)
	}
	// Every hex of the way counts as searched, not only its ends.
	p := New("red", Normal, 1)
	p.Observe(events)
	if !p.swept[start] || !p.swept[mv.To] || len(p.swept) < hex.Distance(start, mv.To)+1 {
		t.Errorf("searched %v after the move to %s", p.swept, mv.To)
	}
}

// Ensure the hunt reads nothing of the hidden unit it looks for: with the
// platoon in another hex the side makes the same first move, whether it
// hunts because the battle is stalled or because its fight is over.
func TestHuntNoCheating(t *testing.T) {
	for _, c := range []struct {
		name            string
		turn, lastFight int
		jump            bool // R1 jumps: it hops (picture.hop)
	}{{"stalled", 1 + stallTurns + 1, 0, false}, {"after a fight", 2, 1, false}, {"hopping", 2, 1, true}} {
		var first []referee.Action
		for _, at := range []string{"1205", "1508", "1102"} {
			hidden := aixUnit("BH", "blue", referee.Infantry, at, 3, 5, 1, 1)
			hidden.Hidden = true
			r1 := aixUnit("R1", "red", referee.MediumMech, "1805", 9, 7, 3, 5)
			r1.Jump = c.jump
			s := aixBattle(t, nil, nil, r1, aixUnit("R2", "red", referee.LightMech, "1707", 6, 5, 3, 6), hidden)
			s.Turn = c.turn
			// The first move only: a later one may find the platoon on
			// its way, which is the point.
			p := New("red", Normal, 1)
			p.lastFight = c.lastFight
			acts := []referee.Action{p.Next(s)}
			if first == nil {
				first = acts
			} else if !reflect.DeepEqual(acts, first) {
				t.Errorf("%s: with the platoon at %s red plays %v, elsewhere %v", c.name, at, acts, first)
			}
		}
	}
}

// Ensure a side whose fight is over hunts at once, not only once the
// battle has stalled: the enemy's last visible unit fell last turn, and
// the red lance by the enemy's edge turns back to search.
func TestHuntAfterFight(t *testing.T) {
	hidden := aixUnit("BH", "blue", referee.Infantry, "1205", 3, 5, 1, 1)
	hidden.Hidden = true
	s := aixBattle(t, nil, nil, aixUnit("R1", "red", referee.MediumMech, "1805", 9, 7, 3, 5), hidden)
	s.Turn = 2
	p := New("red", Normal, 1)
	p.lastFight = 1
	a := p.Next(s)
	if a.Kind != referee.ActMove || a.Unit != "R1" || a.To.X >= 18 {
		t.Fatalf("R1 does not turn back from the enemy's edge: %v", a)
	}
}

// Ensure a jump searches only the hex it lands in: hidden infantry is met
// where a jumping unit lands, never in the hexes it leaps over (000 line
// 1044; ruling M10), so those stay to be searched.
func TestHuntJumpSearchesLanding(t *testing.T) {
	hidden := aixUnit("BH", "blue", referee.Infantry, "0205", 3, 5, 1, 1)
	hidden.Hidden = true
	jumper := aixUnit("R1", "red", referee.MediumMech, "1805", 9, 7, 3, 5)
	jumper.Jump = true
	s := aixBattle(t, nil, nil, jumper, hidden)
	s.Turn = 1 + stallTurns + 1
	p := New("red", Normal, 1)
	p.Next(s) // the player learns that R1 jumps (leap)
	// A jump of three hexes (a hunter hops to its nearest hex, TestHuntHops).
	a := referee.Action{Kind: referee.ActMove, Side: "red", Unit: "R1", To: hex.MustParse("1505")}
	_, events, err := referee.Apply(s, a, dice.New(dice.NewSeeded(1)))
	if err != nil {
		t.Fatal(err)
	}
	p.Observe(events)
	start := hex.MustParse("1805")
	if !p.swept[start] || !p.swept[a.To] || len(p.swept) != 2 {
		t.Errorf("searched %v after the jump from %s to %s: only those two", p.swept, start, a.To)
	}
}

// Ensure a hunting move is worth more for each hex not yet searched on
// its way: with every hex searched but a line of them going west and one
// beside it, R1 walks down the line rather than stop in the nearest.
func TestHuntWalksUnsearchedHexes(t *testing.T) {
	hidden := aixUnit("BH", "blue", referee.Infantry, "0205", 3, 5, 1, 1)
	hidden.Hidden = true
	s := aixBattle(t, nil, nil, aixUnit("R1", "red", referee.MediumMech, "1805", 9, 7, 3, 5), hidden)
	s.Turn = 1 + stallTurns + 1
	start := hex.MustParse("1805")
	left := map[hex.Hex]bool{hex.MustParse("1904"): true}
	for _, l := range hex.Line(start, hex.MustParse("1405"))[1:] {
		left[l.Hex] = true
	}
	p := New("red", Normal, 1)
	p.swept = map[hex.Hex]bool{}
	for y := range s.Map.Height {
		for x := range s.Map.Width {
			if h := (hex.Hex{X: x, Y: y}); !left[h] {
				p.swept[h] = true
			}
		}
	}
	a := p.Next(s)
	if a.Kind != referee.ActMove || !left[a.To] || hex.Distance(start, a.To) < 3 {
		t.Fatalf("R1 does not walk the hexes not yet searched %v: %v", left, a)
	}
}

// Ensure the side's hunting units spread over the hexes not yet searched
// instead of heading for the same nearest one: two units side by side,
// with the unsearched hexes in two groups north and south of them, are
// given one group each.
func TestHuntSpreadsUnits(t *testing.T) {
	hidden := aixUnit("BH", "blue", referee.Infantry, "1502", 3, 5, 1, 1)
	hidden.Hidden = true
	s := aixBattle(t, nil, nil, aixUnit("R1", "red", referee.MediumMech, "1204", 9, 7, 3, 5),
		aixUnit("R2", "red", referee.MediumMech, "1206", 9, 7, 3, 5), hidden)
	s.Turn = 2
	left := map[hex.Hex]bool{}
	for _, h := range []string{"1501", "1502", "1601", "1509", "1510", "1610"} {
		left[hex.MustParse(h)] = true
	}
	swept := map[hex.Hex]bool{}
	for y := range s.Map.Height {
		for x := range s.Map.Width {
			if h := (hex.Hex{X: x, Y: y}); !left[h] {
				swept[h] = true
			}
		}
	}
	pic := newPicture(s.View("red"), s.Rules.CRT, nil, nil)
	pic.hunt = pic.huntHexes(swept, true)
	pic.assignHunt(nil)
	north, south := pic.huntTo["R1"], pic.huntTo["R2"]
	if len(north) != 3 || len(south) != 3 || north[0].Y > 2 || south[0].Y < 8 {
		t.Errorf("R1 hunts through %v, R2 through %v: want the north three and the south three", north, south)
	}
}

// Ensure hidden infantry comes out of its ambush once it is all its side
// has left on the ground, or its side retreats (a hidden unit that moves
// is revealed, ruling M15), and not before: otherwise an AI battle runs
// to its turn limit with nothing happening.
func TestHiddenLeavesAmbush(t *testing.T) {
	for _, c := range []struct {
		name       string
		others     bool
		retreating bool
		want       bool
	}{{"beside a lance", true, false, false}, {"alone", false, false, true}, {"retreating", true, true, true}} {
		hidden := aixUnit("RH", "red", referee.Infantry, "0905", 3, 5, 1, 2)
		hidden.Hidden = true
		units := []referee.Unit{hidden, aixUnit("B1", "blue", referee.MediumMech, "1805", 9, 7, 3, 5)}
		if c.others {
			units = append(units, aixUnit("R1", "red", referee.MediumMech, "0208", 9, 7, 3, 5))
		}
		s := aixBattle(t, nil, nil, units...)
		s.Sides[0].Retreating = c.retreating
		pic := newPicture(s.View("red"), s.Rules.CRT, nil, nil)
		if got := pic.leavesAmbush(); got != c.want {
			t.Errorf("%s: leaves its ambush %v, want %v", c.name, got, c.want)
		}
	}
}

// Ensure a hunting unit names its way through the hexes not yet searched
// rather than leave the path to the referee's cheapest: with only a bent
// row of them left, south then west of it, R1's move enters them all, the
// referee accepts the path, and they count as searched.
func TestHuntSweepsItsPath(t *testing.T) {
	hidden := aixUnit("BH", "blue", referee.Infantry, "0102", 3, 5, 1, 1)
	hidden.Hidden = true
	s := aixBattle(t, nil, nil, aixUnit("R1", "red", referee.MediumMech, "1503", 9, 7, 3, 5), hidden)
	s.Turn = 2
	bent := []hex.Hex{hex.MustParse("1504"), hex.MustParse("1505"), hex.MustParse("1405"), hex.MustParse("1305")}
	p := New("red", Normal, 1)
	p.lastFight = 1
	p.swept = map[hex.Hex]bool{}
	for y := range s.Map.Height {
		for x := range s.Map.Width {
			if h := (hex.Hex{X: x, Y: y}); !slices.Contains(bent, h) {
				p.swept[h] = true
			}
		}
	}
	a := p.Next(s)
	if a.Kind != referee.ActMove || len(a.Path) == 0 {
		t.Fatalf("R1 names no path: %v", a)
	}
	_, events, err := referee.Apply(s, a, dice.New(dice.NewSeeded(1)))
	if err != nil {
		t.Fatalf("the referee refuses R1's path %v: %v", a.Path, err)
	}
	p.Observe(events)
	for _, h := range bent {
		if !p.swept[h] {
			t.Errorf("R1 moved by %v and did not search %s", a.Path, h)
		}
	}
}

// Ensure a jump-capable unit that hunts searches a hex for each jump and
// jumps again while it has MP left (ruling M19: moves may be split), so
// that it finds a platoon that never moves in the far corner of the
// enemy's half (100 hexes to search) within huntHopTurns game turns: one
// jump a turn, landing in one hex, would search a hex a turn.
func TestHuntHops(t *testing.T) {
	const huntHopTurns = 25
	for _, at := range []string{"2010", "2001", "1310"} {
		hidden := aixUnit("BH", "blue", referee.Infantry, at, 3, 5, 1, 1)
		hidden.Hidden = true
		jumper := aixUnit("R1", "red", referee.MediumMech, "1005", 9, 7, 3, 5)
		jumper.Jump = true
		s := aixBattle(t, nil, nil, jumper, hidden)
		red := New("red", Normal, 1)
		red.lastFight = 1 // its fight is over: it hunts at once
		players := map[string]*Player{"red": red, "blue": New("blue", Greedy, 2)}
		_, events, err := AutoResolve(s, dice.New(dice.NewSeeded(1)), players, huntHopTurns)
		if err != nil {
			t.Fatal(err)
		}
		found := 0
		for _, e := range events {
			if e.Unit == "BH" && strings.Contains(e.Text, "revealed") && found == 0 {
				found = e.Turn
			}
		}
		if found == 0 {
			t.Errorf("the platoon at %s is not found in %d turns; red searched %d hexes", at, huntHopTurns, len(red.swept))
		} else {
			t.Logf("the platoon at %s found in turn %d", at, found)
		}
	}
}

// Ensure the units the enemy's last units in sight do not need hunt
// while the side fights them: of five red medium 'Mechs (RA 9, 36 of
// strength each), all hunt with no blue unit in sight; with one blue
// medium lance (estimated 4 steps by CA 10, 80; huntOdds keep 160) the
// three nearest stay and two hunt; with two blue lances none; with one
// blue infantry platoon, weak, huntKeep alone stay and three hunt.
func TestHuntSpareUnits(t *testing.T) {
	hidden := aixUnit("BH", "blue", referee.Infantry, "1602", 3, 5, 1, 1)
	hidden.Hidden = true
	red := []referee.Unit{
		aixUnit("R1", "red", referee.MediumMech, "0905", 9, 7, 3, 5),
		aixUnit("R2", "red", referee.MediumMech, "0806", 9, 7, 3, 5),
		aixUnit("R3", "red", referee.MediumMech, "0402", 9, 7, 3, 5),
		aixUnit("R4", "red", referee.MediumMech, "0309", 9, 7, 3, 5),
		aixUnit("R5", "red", referee.MediumMech, "0205", 9, 7, 3, 5),
	}
	for _, c := range []struct {
		class referee.Class
		blue  []string
		hunts []string
	}{
		{referee.MediumMech, nil, []string{"R1", "R2", "R3", "R4", "R5"}},
		{referee.MediumMech, []string{"1105"}, []string{"R4", "R5"}},
		{referee.MediumMech, []string{"1105", "1005"}, nil},
		{referee.Infantry, []string{"1105"}, []string{"R3", "R4", "R5"}},
	} {
		units := append(slices.Clone(red), hidden)
		for i, at := range c.blue {
			units = append(units, aixUnit("B"+string(rune('1'+i)), "blue", c.class, at, 9, 7, 3, 5))
		}
		s := aixBattle(t, nil, nil, units...)
		pic := newPicture(s.View("red"), s.Rules.CRT, nil, nil)
		pic.hunt = pic.huntHexes(nil, true)
		pic.assignHunt(nil)
		var hunts []string
		for id := range pic.huntTo {
			hunts = append(hunts, id)
		}
		slices.Sort(hunts)
		if !slices.Equal(hunts, c.hunts) {
			t.Errorf("with blue in sight at %v: %v hunt, want %v", c.blue, hunts, c.hunts)
		}
	}
}

// Ensure the hunt keeps to the near part of the enemy's half while any
// of it is left (huntNear): on a 40×20 map with every hex of it
// searched but one, the band reaches huntBand deeper than that hex and
// no further, rather than as deep as a hundred hexes take.
func TestHuntNearFirst(t *testing.T) {
	hidden := aixUnit("BH", "blue", referee.Infantry, "2304", 3, 5, 1, 1)
	hidden.Hidden = true
	s := aixStart(t, `map blank 40x20; turn 0 deploy red
		side red name="Red" retreat=west; side blue name="Blue" retreat=east`, nil,
		aixUnit("R1", "red", referee.MediumMech, "1910", 9, 7, 3, 5), hidden)
	hole := hex.MustParse("2304")
	swept := map[hex.Hex]bool{}
	for y := range s.Map.Height {
		for x := range 28 {
			if h := (hex.Hex{X: x, Y: y}); h != hole {
				swept[h] = true
			}
		}
	}
	pic := newPicture(s.View("red"), s.Rules.CRT, nil, nil)
	band := pic.huntHexes(swept, true)
	deepest := 0
	for _, h := range band {
		deepest = max(deepest, h.X)
	}
	// The hole lies at depth 2×22 − 39 = 5; huntBand deeper is depth 17,
	// column 28.
	if !slices.Contains(band, hole) || deepest != 28 {
		t.Errorf("the band holds the hole %v: %v, and reaches column %d, want 28", hole, slices.Contains(band, hole), deepest)
	}
}

// Ensure the hunters sweep lanes across the way to the enemy's edge,
// each its own rows, in their order along the edge: three red units
// side by side in the south, with the enemy's half not yet searched,
// are given its north, middle and south rows, the north edge's row
// included (the lanes meet in a row), rather than each the hexes
// nearest it, which left the far ones to whoever had fewest.
func TestHuntLanes(t *testing.T) {
	hidden := aixUnit("BH", "blue", referee.Infantry, "1601", 3, 5, 1, 1)
	hidden.Hidden = true
	s := aixBattle(t, nil, nil,
		aixUnit("R1", "red", referee.MediumMech, "0907", 9, 7, 3, 5),
		aixUnit("R2", "red", referee.MediumMech, "0908", 9, 7, 3, 5),
		aixUnit("R3", "red", referee.MediumMech, "0909", 9, 7, 3, 5), hidden)
	pic := newPicture(s.View("red"), s.Rules.CRT, nil, nil)
	pic.hunt = pic.huntHexes(nil, true)
	pic.assignHunt(nil)
	last := -1
	for _, id := range []string{"R1", "R2", "R3"} {
		rows := map[int]bool{}
		for _, h := range pic.huntTo[id] {
			rows[h.Y] = true
		}
		lo, hi := slices.Min(slices.Collect(maps.Keys(rows))), slices.Max(slices.Collect(maps.Keys(rows)))
		if lo < last {
			t.Errorf("%s hunts rows %d–%d, into the lane before it (to row %d)", id, lo, hi, last)
		}
		last = hi
	}
	if n := len(pic.huntTo["R1"]) + len(pic.huntTo["R2"]) + len(pic.huntTo["R3"]); n != len(pic.hunt) {
		t.Errorf("%d of the %d hexes hunted are given out", n, len(pic.hunt))
	}
	if r := pic.huntTo["R1"]; !slices.ContainsFunc(r, func(h hex.Hex) bool { return h.Y == 0 }) {
		t.Errorf("R1, the northernmost, does not hunt the north edge's row: %v", r)
	}
}

// Ensure a hex stays with the unit it went to while the same units hunt:
// the lanes of TestHuntLanes, after R1 and R3 have swapped places, are
// still R1's north and R3's south rather than cut afresh by where the
// units now stand, which handed hexes from one unit to the next as they
// moved; with a unit more they are cut afresh.
func TestHuntLanesKept(t *testing.T) {
	hidden := aixUnit("BH", "blue", referee.Infantry, "1601", 3, 5, 1, 1)
	hidden.Hidden = true
	lanes := func(kept *huntShares, at ...string) (*picture, *huntShares) {
		var units []referee.Unit
		for i, h := range at {
			units = append(units, aixUnit("R"+string(rune('1'+i)), "red", referee.MediumMech, h, 9, 7, 3, 5))
		}
		s := aixBattle(t, nil, nil, append(units, hidden)...)
		pic := newPicture(s.View("red"), s.Rules.CRT, nil, nil)
		pic.hunt = pic.huntHexes(nil, true)
		return pic, pic.assignHunt(kept)
	}
	first, kept := lanes(nil, "0907", "0908", "0909")
	swapped, _ := lanes(kept, "0909", "0908", "0907")
	afresh, _ := lanes(nil, "0909", "0908", "0907")
	for _, id := range []string{"R1", "R3"} {
		if !slices.Equal(swapped.huntTo[id], first.huntTo[id]) {
			t.Errorf("%s, moved, hunts %d hexes, %d of them its before", id, len(swapped.huntTo[id]), len(first.huntTo[id]))
		}
		if slices.Equal(afresh.huntTo[id], first.huntTo[id]) {
			t.Errorf("%s's lane cut afresh after the move is its lane before: the test shows nothing", id)
		}
	}
	more, _ := lanes(kept, "0909", "0908", "0907", "0906")
	if slices.Equal(more.huntTo["R1"], first.huntTo["R1"]) {
		t.Errorf("with a fourth hunter R1 keeps all its hexes: the lanes are not cut afresh")
	}
}

// Ensure the units kept on the enemy's last unit in sight are those that
// can fire at it soonest, by the way there, not by hexes alone: a
// wheeled lance two hexes from the blue platoon but ringed by water it
// may not enter, or a truck beside it (no combat ability, 000 line 847),
// stayed on the platoon while the medium 'Mechs that could reach it
// hunted, and neither fought (large battle 147, dropships battle 52;
// BENCHMARKS.md, "Stalls: keepers that can fire"). Two medium 'Mechs
// are enough for the platoon (TestHuntSpareUnits), so the third unit is
// spare: the one that cannot fight it (the wheeled lance, penned, then
// searches nothing: assignHunt gives a unit only hexes it has a way to).
func TestHuntKeepsWhoCanFire(t *testing.T) {
	hidden := aixUnit("BH", "blue", referee.Infantry, "1602", 3, 5, 1, 1)
	hidden.Hidden = true
	var ring []string
	for _, h := range hex.MustParse("0905").Neighbors() {
		ring = append(ring, h.String())
	}
	for _, c := range []struct {
		class referee.Class
		water []string
	}{
		{referee.Wheeled, ring},
		{referee.Truck, nil},
	} {
		s := aixBattle(t, nil, c.water,
			aixUnit("R1", "red", c.class, "0905", 9, 7, 1, 5),
			aixUnit("R2", "red", referee.MediumMech, "0605", 9, 7, 3, 5),
			aixUnit("R3", "red", referee.MediumMech, "0405", 9, 7, 3, 5),
			aixUnit("B1", "blue", referee.Infantry, "1105", 9, 7, 3, 5), hidden)
		pic := newPicture(s.View("red"), s.Rules.CRT, nil, nil)
		var spare []string
		for _, u := range pic.spare(pic.own) {
			spare = append(spare, u.ID)
		}
		if !slices.Equal(spare, []string{"R1"}) {
			t.Errorf("R1 a %v two hexes from B1 (water around it: %v): %v spare, want [R1]", c.class, c.water != nil, spare)
		}
	}
}
