package ai

import (
	"fmt"
	"slices"
	"testing"

	"bfbot/mapgen/hex"
	"bfbot/referee"
	"bfbot/referee/dice"
)

// Ensure a Long Tom next to an enemy steps back to where it may fire: its
// minimum range bars every attack closer than two hexes, close attacks
// included (000 line 835; ruling K6), so counting its CA there it stood
// beside an enemy Long Tom, neither able to harm the other, to the turn
// limit. Played stalled (nobody has attacked for stallTurns turns) and
// not.
func TestLongTomStepsBack(t *testing.T) {
	for _, turn := range []int{2, 1 + stallTurns + 1} {
		red := aixUnit("R1", "red", referee.LongTom, "1005", 12, 7, 10, 4)
		blue := aixUnit("B1", "blue", referee.LongTom, "1105", 12, 7, 10, 4)
		red.MinRange, blue.MinRange = 2, 2
		s := aixBattle(t, nil, nil, red, blue)
		s.Turn = turn
		acts, _, _ := aixPhase(t, s, dice.New(dice.NewSeeded(1)))
		mv := aixFind(acts, referee.ActMove, "R1")
		if mv == nil || hex.Distance(mv.To, blue.Hex) < 2 {
			t.Errorf("turn %d: R1 stays within its minimum range of B1: %v", turn, acts)
		}
	}
}

// Ensure the AI traces a line of sight as the referee does at night:
// light woods block it then as heavy woods do (000 line 2381; ruling
// K15). M1 is in range of B1 across two light woods hexes, which leave
// the line clear by day. Judging it by day at night, units stood where
// they could not fire, counting an attack they could never make, to the
// turn limit (a Long Tom and its observer five hexes from the enemy's).
func TestNightLightWoodsBlock(t *testing.T) {
	for _, night := range []bool{false, true} {
		text := `map blank 20x10; turn 0 deploy red
			side red name="Red" retreat=west; side blue name="Blue" retreat=east
			cell 0504 light-woods; cell 0505 light-woods`
		if night {
			text += "; rules night"
		}
		red := aixUnit("M1", "red", referee.MediumMech, "0503", 12, 7, 4, 4)
		blue := aixUnit("B1", "blue", referee.MediumMech, "0506", 4, 7, 4, 4)
		s := aixStart(t, text, nil, red, blue)
		s, _, err := referee.Apply(s, referee.Action{Kind: referee.ActEnd, Side: "red"}, dice.New(dice.NewSeeded(1)))
		if err != nil {
			t.Fatal(err)
		}
		fires := false
		for _, a := range referee.ValidActions(s, "M1") {
			fires = fires || a.Kind == referee.ActAttack && a.Target == "B1"
		}
		pic := newPicture(s.View("red"), s.Rules.CRT, nil, nil)
		if clear := pic.los(red.Hex, blue.Hex).clear; clear != fires || fires == night {
			t.Errorf("night %v: the AI's line of sight from M1 to B1 is clear %v; the referee offers M1 an attack on B1 %v", night, clear, fires)
		}
	}
}

// Ensure a side that cannot attack at all retreats: trucks (000 line
// 847) in a battle without scenario aims can win nothing by staying, and
// waiting for a slow enemy to come and destroy them kept a battle going
// to the turn limit with nothing happening.
func TestTrucksAloneRetreat(t *testing.T) {
	truck := aixUnit("T1", "red", referee.Truck, "1005", 13, 13, 3, 3)
	mech := aixUnit("B1", "blue", referee.MediumMech, "1305", 12, 10, 5, 2)
	// A lance lost already: the side may break off (000 line 2175).
	lost := aixUnit("R9", "red", referee.MediumMech, "", 12, 10, 5, 4)
	lost.Status, lost.Step = referee.Destroyed, 4
	acts, _, _ := aixPhase(t, aixBattle(t, nil, nil, truck, lost, mech), dice.New(dice.NewSeeded(1)))
	if len(acts) == 0 || acts[0].Kind != referee.ActRetreat {
		t.Errorf("red, a truck alone, does not retreat from B1: %v", acts)
	}
	// A lance beside the truck fights on.
	lance := aixUnit("R1", "red", referee.MediumMech, "1006", 12, 10, 5, 4)
	acts, _, _ = aixPhase(t, aixBattle(t, nil, nil, truck, lost, lance, mech), dice.New(dice.NewSeeded(1)))
	if a := aixFind(acts, referee.ActRetreat, ""); a != nil {
		t.Errorf("red, a truck and a lance, retreats from B1: %v", acts)
	}
}

// Ensure a lone Long Tom goes where it sees its enemy: it fires
// indirectly only through an observer of its side (000 line 827), so
// with none it fires only where its line of sight is clear. Counting
// indirect fire without one, it waited in range behind woods, and two
// Long Toms five hexes apart stood to the turn limit. Here a band of
// light woods three hexes deep hides B1 from every hex north of it; R1,
// at 2 MP in a heavy building, needs two turns to reach the band, and
// sets out.
func TestLoneLongTomSeeksSight(t *testing.T) {
	text := `map blank 20x10; turn 0 deploy red
		side red name="Red" retreat=west; side blue name="Blue" retreat=east
		cell 0502 heavy-building`
	for x := 1; x <= 20; x++ {
		for y := 5; y <= 7; y++ {
			text += fmt.Sprintf("; cell %02d%02d light-woods", x, y)
		}
	}
	red := aixUnit("R1", "red", referee.LongTom, "0502", 12, 7, 10, 2)
	blue := aixUnit("B1", "blue", referee.LongTom, "0509", 12, 7, 10, 2)
	red.MinRange, blue.MinRange = 2, 2
	s := aixStart(t, text, nil, red, blue)
	s.Turn = 1 + stallTurns + 1
	acts, _, _ := aixPhase(t, s, dice.New(dice.NewSeeded(1)))
	if aixFind(acts, referee.ActMove, "R1") == nil {
		t.Errorf("R1 waits out of sight of B1: %v", acts)
	}
}

// Ensure a side left with nothing but an empty landed DropShip lifts it
// off once the battle is stalled: it cannot move (000 line 1201), and an
// enemy that keeps out of its range would leave it there to the turn
// limit. Before the stall it stays.
func TestIdleShipLiftsOff(t *testing.T) {
	for _, turn := range []int{2, 1 + stallTurns + 1} {
		ship := aixUnit("R9", "red", referee.Union, "0505", 13, 7, 6, 0)
		mech := aixUnit("B1", "blue", referee.MediumMech, "1805", 12, 10, 5, 2)
		s := aixBattle(t, nil, nil, ship, mech)
		s.Turn = turn
		acts, _, _ := aixPhase(t, s, dice.New(dice.NewSeeded(1)))
		if lifted := aixFind(acts, referee.ActLiftoff, "R9") != nil; lifted != (turn > stallTurns) {
			t.Errorf("turn %d: R9 lifts off %v: %v", turn, lifted, acts)
		}
	}
}

// Ensure the lines of sight a Player keeps for the battle follow the
// night when it falls during the battle (referee.JudgeWeather): traced
// by day, the line from M1 to B1 across light woods stays clear after
// dark, and units wait where they cannot fire.
func TestSightMemoFollowsNightfall(t *testing.T) {
	text := `map blank 20x10; turn 0 deploy red
		side red name="Red" retreat=west; side blue name="Blue" retreat=east
		cell 0504 light-woods; cell 0505 light-woods`
	red := aixUnit("M1", "red", referee.MediumMech, "0503", 12, 7, 4, 4)
	blue := aixUnit("B1", "blue", referee.MediumMech, "0506", 4, 7, 4, 4)
	day := aixStart(t, text, nil, red, blue)
	var c cache
	c.legality(day)
	if !newPicture(day.View("red"), day.Rules.CRT, c.sight, nil).los(red.Hex, blue.Hex).clear {
		t.Fatal("by day the line from M1 to B1 across light woods is blocked")
	}
	night, _, err := referee.JudgeWeather(day, referee.WeatherNormal, true, "nightfall")
	if err != nil {
		t.Fatal(err)
	}
	c.legality(night)
	if newPicture(night.View("red"), night.Rules.CRT, c.sight, nil).los(red.Hex, blue.Hex).clear {
		t.Error("after nightfall the kept line from M1 to B1 across light woods is still clear")
	}
}

// Ensure a retreating unit goes home by the way its mode may take: heavy
// woods down column 3, which tracked units may not enter (000 line 636),
// but for a gap at the bottom of the map, stand between R1 and its
// retreat edge. Scored by hexes from the edge, the hexes beside the woods
// looked nearest: a unit penned in a pocket of rough ground stepped to
// and fro between its two hexes nearest the edge to the turn limit.
func TestRetreatGoesRound(t *testing.T) {
	text := `map blank 20x10; turn 0 deploy red
		side red name="Red" retreat=west; side blue name="Blue" retreat=east`
	for y := 1; y <= 8; y++ {
		text += fmt.Sprintf("; cell 03%02d heavy-woods", y)
	}
	red := aixUnit("R1", "red", referee.Tracked, "0503", 6, 7, 4, 4)
	blue := aixUnit("B1", "blue", referee.MediumMech, "1905", 4, 7, 4, 4)
	s := aixStart(t, text, nil, red, blue)
	s.Side("red").Retreating = true
	acts, _, _ := aixPhase(t, s, dice.New(dice.NewSeeded(1)))
	mv := aixFind(acts, referee.ActMove, "R1")
	if mv == nil || mv.To.Y < red.Hex.Y+3 {
		t.Errorf("R1 at %v does not head for the gap below the woods: %v", red.Hex, acts)
	}
}

// Ensure a stall is not broken by attacks that harm nobody: two
// motorized platoons that closed in only while the battle was stalled
// traded a shot that missed, each fell back out of the other's reach as
// soon as it was not, and they stepped to and fro to the turn limit
// (small 141). Once stalled, a battle stays so until an attack takes a
// step; one that never stalled is not by a miss.
func TestStallOutlastsAMiss(t *testing.T) {
	attack := func(turn int, steps string) referee.Event {
		return referee.Event{Type: "attack", Turn: turn, Attacker: "B1", Target: "R1", Result: &steps}
	}
	p := New("red", Normal, 1)
	p.Observe([]referee.Event{attack(2, "0")})
	if p.stalled(3, 0) {
		t.Error("turn 3, a miss in turn 2: stalled")
	}
	if !p.stalled(5, 0) {
		t.Error("turn 5, nothing since turn 2: not stalled")
	}
	p.Observe([]referee.Event{attack(5, "0")})
	if !p.stalled(6, 0) {
		t.Error("turn 6, stalled and a miss in turn 5: not stalled")
	}
	p.Observe([]referee.Event{attack(6, "1")})
	if p.stalled(7, 0) {
		t.Error("turn 7, a step taken in turn 6: stalled")
	}
}

// Ensure a battle near its turn limit stalls after one game turn without
// an attack: waiting stallTurns there, it stalled only in its last turn,
// too late for anyone to close in (air 80: a tracked lance that had
// fired in turn 17 of 20 sat out turns 18 and 19).
func TestStallNearTheLimit(t *testing.T) {
	steps := "1"
	p := New("blue", Normal, 1)
	p.Observe([]referee.Event{{Type: "attack", Turn: 17, Attacker: "B1", Target: "R1", Result: &steps}})
	if p.stalled(17, 20) {
		t.Error("turn 17 of 20, a step taken in turn 17: stalled")
	}
	if !p.stalled(18, 20) {
		t.Error("turn 18 of 20, nothing since turn 17: not stalled")
	}
	q := New("blue", Normal, 1)
	q.Observe([]referee.Event{{Type: "attack", Turn: 12, Attacker: "B1", Target: "R1", Result: &steps}})
	if q.stalled(13, 20) {
		t.Error("turn 13 of 20, a step taken in turn 12: stalled")
	}
}

// Ensure a player knows auto-resolve's turn limit (ruling CB4) as it
// knows a battle's own: a lost battle in game turn 19 of 20 is fought
// out, not a retreat begun that cannot reach the edge before the end
// (No 'Mech, played to the tournament's 30 turns, stalled with
// retreats started in turn 24–27). Without a limit near, the same side
// retreats.
func TestAutoResolveLimitKnown(t *testing.T) {
	for _, limit := range []int{20, 40} {
		red := aixUnit("R1", "red", referee.LightMech, "1005", 4, 5, 3, 4)
		lost := aixUnit("R9", "red", referee.MediumMech, "", 12, 10, 5, 4)
		lost.Status, lost.Step = referee.Destroyed, 4
		var blue []referee.Unit
		for i, at := range []string{"1505", "1506", "1507", "1508"} {
			blue = append(blue, aixUnit(fmt.Sprintf("B%d", i+1), "blue", referee.AssaultMech, at, 20, 16, 6, 3))
		}
		s := aixBattle(t, nil, nil, append([]referee.Unit{red, lost}, blue...)...)
		s.Turn = 19
		// A player given as a bare value, made on its first move, is
		// told the limit too.
		for _, red := range []*Player{New("red", Normal, 1), {Side: "red", Level: Normal}} {
			players := map[string]*Player{"red": red, "blue": New("blue", Normal, 2)}
			_, events, err := AutoResolveLimit(s, dice.New(dice.NewSeeded(1)), players, limit, nil)
			if err != nil {
				t.Fatal(err)
			}
			retreats := false
			for _, e := range events {
				retreats = retreats || e.Type == "retreat" && e.Turn == 19
			}
			if retreats != (limit == 40) {
				t.Errorf("limit %d, red %p: red retreats in turn 19 %v, want %v", limit, red, retreats, limit == 40)
			}
		}
	}
}

// Ensure a side whose retreat would bring its units to the edge only
// after the turn limit fights on: the retreat saves nobody. R1, a light
// 'Mech of 2 MP, is lost against four assault 'Mechs with six turns
// left; 16 hexes from its edge, eight turns' walk, it stays; 2 hexes
// from it, it retreats. A side of trucks alone, which otherwise retreats
// whatever the odds (TestTrucksAloneRetreat), alike: a truck 27 hexes
// from its edge with seven turns left broke off and fled from an
// assault 'Mech as fast as itself to the turn limit, nothing happening
// (large battle 13 of the tournament).
func TestNoRetreatPastTheLimit(t *testing.T) {
	for _, tc := range []struct {
		class   referee.Class
		at      string
		retreat bool
	}{{referee.LightMech, "1705", false}, {referee.LightMech, "0305", true}, {referee.Truck, "1705", false}, {referee.Truck, "0305", true}} {
		red := aixUnit("R1", "red", tc.class, tc.at, 4, 5, 3, 2)
		acts := stlLostRetreat(t, []referee.Unit{red}, []string{"1905", "1906", "1907", "1908"}, 6)
		if got := aixFind(acts, referee.ActRetreat, "") != nil; got != tc.retreat {
			t.Errorf("R1, %v, at %s, six turns left: retreats %v, want %v (%v)", tc.class, tc.at, got, tc.retreat, acts)
		}
	}
}

// stlLostRetreat plays red's phase in game turn 10 with left turns to
// the limit, red (the units given and a destroyed medium 'Mech) against
// an assault 'Mech lance of blue's at each of blue's hexes: a battle red
// has lost, whose retreat the turns left decide.
func stlLostRetreat(t *testing.T, red []referee.Unit, blue []string, left int) []referee.Action {
	t.Helper()
	lost := aixUnit("R9", "red", referee.MediumMech, "", 12, 10, 5, 4)
	lost.Status, lost.Step = referee.Destroyed, 4
	units := append(slices.Clone(red), lost)
	for i, at := range blue {
		units = append(units, aixUnit(fmt.Sprintf("B%d", i+1), "blue", referee.AssaultMech, at, 20, 16, 6, 3))
	}
	s := aixBattle(t, nil, nil, units...)
	s.Turn = 10
	s.Rules.TurnLimit = s.Turn + left - 1
	acts, _, _ := aixPhase(t, s, dice.New(dice.NewSeeded(1)))
	return acts
}

// Ensure a retreat is begun only if the last of the side's units can
// leave before the turn limit, not the mean of them: in No 'Mech played
// to 30 turns a side broke off with its units' mean turns home in time
// and was still walking to its edge at the end (battles 79, 86, 175).
// R1 and R2, two weak light lances, are lost against six assault
// 'Mechs with four turns left: with R2 beside its edge too, the side
// retreats; with R2, of 2 MP, 11 hexes from the edge (six turns to
// leave), it fights on, though the mean of their turns to reach the
// edge, three and a half, fits; with 20 turns left it retreats.
func TestNoRetreatPastTheLimitForAny(t *testing.T) {
	for _, tc := range []struct {
		r2      string
		left    int
		retreat bool
	}{{"0306", 4, true}, {"1206", 4, false}, {"1206", 20, true}} {
		red := aixUnit("R1", "red", referee.LightMech, "0205", 1, 1, 1, 6)
		slow := aixUnit("R2", "red", referee.LightMech, tc.r2, 1, 1, 1, 2)
		acts := stlLostRetreat(t, []referee.Unit{red, slow}, []string{"1903", "1904", "1905", "1906", "1907", "1908"}, tc.left)
		if got := aixFind(acts, referee.ActRetreat, "") != nil; got != tc.retreat {
			t.Errorf("R2 at %s, %d turns left: retreats %v, want %v (%v)", tc.r2, tc.left, got, tc.retreat, acts)
		}
	}
}

// Ensure a retreating unit that can stand on its edge this turn with a
// MP left goes there by its cheapest way and leaves at once: it went
// where the move scorer liked best on the edge, with no MP left, and
// left a turn later (No 'Mech: units on their edge at the end of the
// battle). R1, 4 MP, three hexes from the west edge, leaves this turn;
// four hexes from it (no MP left on arrival), it only gets there.
func TestRetreatLeavesAtOnce(t *testing.T) {
	for _, tc := range []struct {
		at     string
		leaves bool
	}{{"0405", true}, {"0505", false}} {
		red := aixUnit("R1", "red", referee.MediumMech, tc.at, 9, 7, 3, 4)
		blue := aixUnit("B1", "blue", referee.AssaultMech, "1505", 20, 16, 6, 3)
		s := aixBattle(t, nil, nil, red, blue)
		s.Side("red").Retreating = true
		acts, _, after := aixPhase(t, s, dice.New(dice.NewSeeded(1)))
		if got := aixFind(acts, referee.ActWithdraw, "R1") != nil; got != tc.leaves {
			t.Errorf("R1 at %s, 4 MP: leaves %v, want %v (%v)", tc.at, got, tc.leaves, acts)
		}
		if u := after.Unit("R1"); !tc.leaves && (u.Hex.X != 0) {
			t.Errorf("R1 from %s ends at %v, not on its edge (%v)", tc.at, u.Hex, acts)
		}
	}
}

// Ensure the turns a unit needs to leave by its edge count a MP left to
// leave with and the MP it has left this turn (ruling V6).
func TestTurnsToLeave(t *testing.T) {
	for _, tc := range []struct{ way, left, mp, want int }{
		{0, 4, 4, 1}, {3, 4, 4, 1}, {4, 4, 4, 2}, {0, 0, 4, 2}, {5, 0, 5, 3}, {19, 5, 5, 4}, {3, 0, 0, 5},
	} {
		if got := turnsToLeave(tc.way, tc.left, tc.mp); got != tc.want {
			t.Errorf("turnsToLeave(%d MP away, %d left, %d a turn) = %d, want %d", tc.way, tc.left, tc.mp, got, tc.want)
		}
	}
}

// Ensure an indirect-fire unit in a stalled battle counts its indirect
// fire only on an enemy a friend of it sees now (picture.spotted): a
// Sniper three hexes from a platoon behind heavy woods waited in range
// for an observer none of its friends could be (Normal–Greedy dropships
// 132). R1, a Sniper, stands three hexes north of B1 across two rows of
// heavy woods that end at column 12; R2 stands east of them, out of
// B1's sight: R1 sets out round the woods, to where it sees B1. With R2
// on B1's row, in sight of it, R1 stays in range to fire through R2.
func TestStalledIndirectFireNeedsASpotter(t *testing.T) {
	for _, tc := range []struct {
		r2     string
		rounds bool
	}{{"1802", true}, {"0806", false}} {
		text := `map blank 20x10; turn 0 deploy red
		side red name="Red" retreat=west; side blue name="Blue" retreat=east`
		for x := 1; x <= 12; x++ {
			text += fmt.Sprintf("; cell %02d04 heavy-woods; cell %02d05 heavy-woods", x, x)
		}
		sniper := aixUnit("R1", "red", referee.Sniper, "0503", 8, 7, 3, 3)
		mate := aixUnit("R2", "red", referee.Infantry, tc.r2, 1, 7, 1, 1)
		blue := aixUnit("B1", "blue", referee.Infantry, "0506", 4, 9, 1, 1)
		s := aixStart(t, text, nil, sniper, mate, blue)
		s.Turn = 1 + stallTurns + 1
		_, _, after := aixPhase(t, s, dice.New(dice.NewSeeded(1)))
		at := after.Unit("R1").Hex
		if rounds := hex.Distance(at, blue.Hex) > 3 && at.X > sniper.Hex.X; rounds != tc.rounds {
			t.Errorf("R2 at %s: R1 ends its move at %v, going round the woods %v, want %v", tc.r2, at, rounds, tc.rounds)
		}
	}
}

// Ensure an air lance comes in on a stalled battle whatever the fire it
// draws, as the ground units close in: weighing it, two air lances each
// kept out of the reach of the other and of the infantry beside its
// target (close assaults of 20 at −4 on it, 000 line 1157) to the turn
// limit, their sides' trucks unable to fight (air battle 158 of the
// tournament). Before the stall RA1 keeps out of the platoons' reach;
// stalled it flies next to them and strafes.
func TestAirClosesInStalled(t *testing.T) {
	for _, turn := range []int{2, 1 + stallTurns + 1} {
		truck := aixUnit("R1", "red", referee.Truck, "2001", 5, 9, 3, 3)
		air := aixUnit("RA1", "red", referee.LightAir, "0501", 8, 6, 3, 10)
		air.Rows = [4]referee.Values{{RA: 8, CA: 10, D: 6}, {RA: 6, CA: 7, D: 4}}
		units := []referee.Unit{truck, air}
		// The platoons' close assaults the side has seen (Observe).
		var seen []referee.Event
		for i, at := range []string{"0509", "0510"} {
			inf := aixUnit(fmt.Sprintf("B%d", i+1), "blue", referee.Infantry, at, 3, 5, 1, 8)
			inf.Rows = referee.DeriveSteps(referee.Values{RA: 3, CA: 20, D: 5})
			units = append(units, inf)
			value, defense := 20, 9
			seen = append(seen, referee.Event{Type: "attack", Attacker: inf.ID, Target: "R9", Mode: referee.Close.String(), Value: &value, Defense: &defense})
		}
		s := aixBattle(t, nil, nil, units...)
		s.Turn = turn
		p := New("red", Normal, 1)
		p.Observe(seen)
		d := dice.New(dice.NewSeeded(1))
		var acts []referee.Action
		// Red's player turn: its movement and attack phases.
		for n := 0; n < 50 && s.Phasing == 0 && s.Phase != referee.PhaseOver; n++ {
			a := p.Next(s)
			next, _, err := referee.Apply(s, a, d)
			if err != nil {
				t.Fatalf("turn %d: %v refused: %v", turn, a, err)
			}
			acts, s = append(acts, a), next
		}
		mv := aixFind(acts, referee.ActMove, "RA1")
		if mv == nil {
			t.Fatalf("turn %d: RA1 does not fly: %v", turn, acts)
		}
		stalled := turn > stallTurns
		if near := hex.Distance(mv.To, hex.MustParse("0509")) <= 1; near != stalled {
			t.Errorf("turn %d: RA1 flies to %s, next to B1 %v, want %v", turn, mv.To, near, stalled)
		}
		if strafed := aixFind(acts, referee.ActStrafe, "RA1") != nil; strafed != stalled {
			t.Errorf("turn %d: RA1 strafes %v, want %v: %v", turn, strafed, stalled, acts)
		}
	}
}

// Ensure a retreat counts only the units it may bring home: a unit with
// no way to its edge at all, penned in by terrain its mode may not
// enter, is not saved by one. Counted by its hexes from the edge, a
// tracked sniper penned in a pocket behind heavy woods broke off alone
// against three units and stood in the pocket to the turn limit (small
// battle 187 of the tournament). R1, tracked, is ringed by heavy woods
// (000 line 636): it fights on; with the ring open on its west, towards its edge, it
// retreats.
func TestPennedNoRetreat(t *testing.T) {
	at := hex.MustParse("0505")
	for _, open := range []bool{false, true} {
		text := `map blank 20x10; turn 0 deploy red
			side red name="Red" retreat=west; side blue name="Blue" retreat=east`
		for _, n := range at.Neighbors() {
			if open && n.X < at.X {
				continue
			}
			text += "; cell " + n.String() + " heavy-woods"
		}
		red := aixUnit("R1", "red", referee.Tracked, at.String(), 4, 5, 3, 2)
		lost := aixUnit("R9", "red", referee.MediumMech, "", 12, 10, 5, 4)
		lost.Status, lost.Step = referee.Destroyed, 4
		units := []referee.Unit{red, lost}
		for i, b := range []string{"1905", "1906", "1907", "1908"} {
			units = append(units, aixUnit(fmt.Sprintf("B%d", i+1), "blue", referee.AssaultMech, b, 20, 16, 6, 3))
		}
		acts, _, _ := aixPhase(t, aixStart(t, text, nil, units...), dice.New(dice.NewSeeded(1)))
		if got := aixFind(acts, referee.ActRetreat, "") != nil; got != open {
			t.Errorf("ring open %v: red retreats %v, want %v (%v)", open, got, open, acts)
		}
	}
}

// Ensure a unit of a stalled battle goes out of its way for salvage and
// picks the counter up in the movement phase it reaches it: salvage a
// unit carries scores for its side, and what lies on the map scores for
// nobody while both sides hold the field. Left lying
// beside a 'Mech walking past it (and picked up a turn late once
// reached), a counter kept a battle of a truck against a truck and a
// 'Mech too far off going to its turn limit (Normal–Easy small 110;
// ruling V17 goes on while a unit could reach one).
func TestStalledUnitPicksUpSalvage(t *testing.T) {
	s := aixBattle(t, nil, nil,
		aixUnit("R1", "red", referee.MediumMech, "0205", 4, 4, 2, 4),
		aixUnit("B1", "blue", referee.MediumMech, "1905", 4, 4, 2, 4))
	s.Salvage = map[hex.Hex]int{hex.MustParse("0405"): 1}
	s.Turn = 6 // a player told of no attack takes the battle for stalled
	acts, _, after := aixPhase(t, s, dice.New(dice.NewSeeded(1)))
	if u := after.Unit("R1"); u.Hex != hex.MustParse("0405") || u.Salvage != 1 {
		t.Errorf("R1 ends the phase at %v carrying %d salvage, want at 0405 carrying 1 (actions %v)", u.Hex, u.Salvage, acts)
	}
}

// Ensure an air lance that can strike nothing this turn ends its flight
// where its next flight lines up on its target: it flies one straight
// line a turn (000 line 1097), so a hex nearer by the count of hexes may
// lie on no line to the target at all. Pulled by the hexes alone, the
// lance of air battle 141 (Normal–Normal), its side's last hope of an
// attack, ended its flights two hexes and more from a 2-MP wheeled
// lance it never struck before the turn limit. Here RA1, 10 MP, is too
// far from the platoon B1 to strike it this turn, and the hex of its
// flights nearest B1 lies on no line to it.
func TestAirLinesUp(t *testing.T) {
	for _, c := range []struct{ from, at string }{{"0106", "1609"}, {"0106", "1709"}, {"0106", "1808"}, {"0105", "1703"}, {"0105", "1803"}} {
		at := c.at
		truck := aixUnit("R1", "red", referee.Truck, "0110", 5, 9, 3, 3)
		air := aixUnit("RA1", "red", referee.LightAir, c.from, 8, 6, 3, 10)
		air.Rows = [4]referee.Values{{RA: 8, CA: 10, D: 6}, {RA: 6, CA: 7, D: 4}}
		inf := aixUnit("B1", "blue", referee.Infantry, at, 3, 5, 1, 1)
		s := aixBattle(t, nil, nil, truck, air, inf)
		acts, _, _ := aixPhase(t, s, dice.New(dice.NewSeeded(1)))
		mv := aixFind(acts, referee.ActMove, "RA1")
		if mv == nil {
			t.Fatalf("RA1 at %s, B1 at %s: RA1 does not fly: %v", c.from, at, acts)
		}
		if target := hex.MustParse(at); !airCovers(mv.To.Cube(), target.Cube(), 10, s.Map) {
			t.Errorf("RA1 at %s, B1 at %s: RA1 flies to %s, from which no flight ends in or next to %s", c.from, at, mv.To, at)
		}
	}
}

// Ensure airCovers, which the line-up scores by, says what the
// referee's own flights allow: a hex is covered from h exactly when
// some flight the referee offers a lance in h (straight, AirMinMove
// hexes or more, within its MP and the map) ends in it or next to it.
// The lance stands in the middle, beside an edge and in a corner of
// the map, where the lines are cut short.
func TestAirCoversAsTheReferee(t *testing.T) {
	for _, from := range []string{"1005", "0105", "0101", "2010", "0402"} {
		air := aixUnit("RA1", "red", referee.LightAir, from, 8, 6, 3, 6)
		inf := aixUnit("B1", "blue", referee.Infantry, "1810", 3, 5, 1, 1)
		s := aixBattle(t, nil, nil, air, inf)
		if s.PhasingSide().ID != "red" {
			t.Fatalf("lance at %s: %s moves first, want red", from, s.PhasingSide().ID)
		}
		h := hex.MustParse(from)
		var ends []hex.Hex
		mp := 0
		for _, a := range referee.ValidActions(s, "RA1") {
			if a.Kind == referee.ActMove {
				ends = append(ends, a.To)
				mp = max(mp, hex.Distance(h, a.To))
			}
		}
		if len(ends) == 0 {
			t.Fatalf("lance at %s: the referee offers no flight", from)
		}
		for y := range s.Map.Height {
			for x := range s.Map.Width {
				target := hex.Hex{X: x, Y: y}
				want := false
				for _, e := range ends {
					want = want || hex.Distance(e, target) <= 1
				}
				if got := airCovers(h.Cube(), target.Cube(), mp, s.Map); got != want {
					t.Errorf("lance at %s (%d MP), target %s: airCovers %v, the referee's flights %v", from, mp, target, got, want)
				}
			}
		}
	}
}
