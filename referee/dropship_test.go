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

// drpShip is a DropShip of class c with the values table's RA and D (000
// lines 1810–1812) and range 6, at hex at (Active) or in orbit ("").
func drpShip(id, side string, c Class, at string) Unit {
	v := map[Class]string{Leopard: "8/0/6", Union: "13/0/7", Overlord: "16/0/9"}[c]
	where := "@" + at
	if at == "" {
		where = "reserve drop"
	}
	return unitOf(fmt.Sprintf("%s %s %v regular %s,%[4]s,%[4]s,%[4]s %s name=%[1]q r=6", id, side, c, v, where))
}

// drpAboard puts u aboard DropShip ship.
func drpAboard(u Unit, ship string) Unit {
	u.Status, u.Aboard, u.Hex, u.StartHex = Reserve, ship, hex.Hex{}, hex.Hex{}
	return u
}

// drpNear is the hex n steps from at in direction d.
func drpNear(at string, d hex.Direction, n int) string {
	x := h(at)
	for range n {
		x = x.Neighbor(d)
	}
	return x.String()
}

// Ensure the DropShip counter (000 lines 1183–1193): the Union's RA 13
// falls one a step to 6 at its eighth row while D stays 7 (ruling DR12);
// eight steps; +4 ESR; the load table (000 lines 1205–1210).
func TestDropShipValues(t *testing.T) {
	u := drpShip("D1", "lancers", Union, "1010")
	for step, ra := range []int{13, 12, 11, 10, 9, 8, 7, 6} {
		u.Step = step
		if got := u.Current(); got.RA != ra || got.D != 7 {
			t.Errorf("step %d: %+v, want RA %d D 7 (000 lines 1187–1191)", step, got, ra)
		}
	}
	for _, c := range []Class{Leopard, Union, Overlord} {
		if c.Info().Steps != 8 {
			t.Errorf("%v has %d steps, want 8 (000 line 1193)", c, c.Info().Steps)
		}
	}
	if got := sightRange(&u, false); got != 9 {
		t.Errorf("DropShip sensor range %d, want 5 + 4 (000 line 1193)", got)
	}
	for c, want := range map[Class]int{Leopard: 1, Union: 3, Overlord: 12, HeavyMech: 0} {
		if got := DropShipLoad(c); got != want {
			t.Errorf("DropShipLoad(%v) = %d, want %d", c, got, want)
		}
	}
}

// drpLanding is a Union in orbit carrying a Heavy 'Mech lance, with an
// enemy lance far off, its landing declared on target.
func drpLanding(t *testing.T, target string, extra ...Unit) *State {
	t.Helper()
	s := mustPosition(t, `map blank 32x17; cell 0505 heavy-woods; cell 0606 open level=1
		turn 1 movement lancers player=1
		side lancers name="7th Crucis Lancers"; side bandits name="Moore's Bandits"
		unit D1 lancers union regular 13/0/7,13/0/7,13/0/7,13/0/7 reserve drop r=6
		unit A1 lancers heavy-mech regular 16/16/10 reserve aboard=D1 r=3 mp=4 ob=20
		unit B9 bandits light-mech regular 6/6/6 @3016 r=3 mp=4 ob=8`, extra...)
	s, ev := drpDo(t, s, "lancers", "drop D1 "+target)
	if len(EventsFor(ev, "bandits")) != 0 {
		t.Errorf("the bandits hear of the declared landing: %+v", ev)
	}
	return s
}

// Ensure DropShip landings (000 lines 1214–1249) with scripted dice: 5 or
// better lands where planned; a failed roll reads the Failed Landing
// Table — a crash on 2 or 12 destroys the ship and its load and leaves 3
// + 1 salvage on the target; otherwise it scatters by 1D6 (DR4), takes
// the table's steps, and each ground unit aboard takes 1D6 + 2 + the
// ship's steps as its CRT column.
func TestDropShipLanding(t *testing.T) {
	type want struct {
		hex, a1 string // where D1 ends; A1's status
		step    int    // D1's damage steps
		a1Step  int
		salvage int // at the target hex
	}
	for _, tc := range []struct {
		name   string
		target string
		rolls  func(t *testing.T) []drpRoll
		want   want
	}{
		{"lands", "1010", func(*testing.T) []drpRoll { return []drpRoll{drpTwo(5)} }, want{"1010", "reserve", 0, 0, 0}},
		{"7 scatters 2 north", "1010", func(t *testing.T) []drpRoll {
			return []drpRoll{drpTwo(4), drpTwo(7), drpOne(1), drpOne(1), drpTwo(drpRollFor(t, 3, ""))}
		}, want{"1008", "reserve", 0, 0, 0}},
		{"9 scatters 3 south, 2 steps, load hit", "1010", func(t *testing.T) []drpRoll {
			// Column 6 + 2 + 2 steps = 10.
			return []drpRoll{drpTwo(2), drpTwo(9), drpOne(4), drpOne(6), drpTwo(drpRollFor(t, 10, "2"))}
		}, want{"1013", "reserve", 2, 2, 0}},
		{"2 crashes", "1010", func(*testing.T) []drpRoll { return []drpRoll{drpTwo(3), drpTwo(2)} }, want{"1010", "destroyed", 8, 4, 4}},
		{"12 crashes", "1010", func(*testing.T) []drpRoll { return []drpRoll{drpTwo(4), drpTwo(12)} }, want{"1010", "destroyed", 8, 4, 4}},
		{"11 scatters off the north edge, 4 steps", "1002", func(t *testing.T) []drpRoll {
			// Column 1 + 2 + 4 = 7: a D, which does nothing aboard.
			return []drpRoll{drpTwo(4), drpTwo(11), drpOne(1), drpOne(1), drpTwo(drpRollFor(t, 7, "D"))}
		}, want{"1001", "reserve", 4, 0, 0}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := drpLanding(t, tc.target)
			s, _ = drpDo(t, s, "lancers", "end", tc.rolls(t)...)
			d, a := s.Unit("D1"), s.Unit("A1")
			if d.Hex.String() != tc.want.hex || d.Step != tc.want.step || a.Status.String() != tc.want.a1 || a.Step != tc.want.a1Step {
				t.Errorf("D1 at %s step %d (%v), A1 %v step %d; want %+v", d.Hex, d.Step, d.Status, a.Status, a.Step, tc.want)
			}
			if got := s.Salvage[h(tc.target)]; got != tc.want.salvage {
				t.Errorf("salvage at %s: %d, want %d", tc.target, got, tc.want.salvage)
			}
			if d.Status == Active && d.LandedAt != s.PlayerTurn {
				t.Errorf("LandedAt %d", d.LandedAt)
			}
		})
	}
}

// Ensure a DropShip landing on enemy mines sets them off neither on
// itself nor on what it carries, and leaves them unspent (ruling DR17).
func TestDropShipLandingLeavesMines(t *testing.T) {
	s := drpLanding(t, "1010")
	s.Side("bandits").Mines = map[hex.Hex]int{h("1010"): 10}
	s, events := drpDo(t, s, "lancers", "end", drpTwo(5))
	if d := s.Unit("D1"); d.Hex != h("1010") || d.Step != 0 || d.Status != Active {
		t.Fatalf("D1 at %s step %d %v; want landed whole at 1010", d.Hex, d.Step, d.Status)
	}
	for _, e := range events {
		if e.Type == "attack" && e.Mode == "mine" {
			t.Errorf("a mine attack on the landing: %+v", e)
		}
	}
	if n := s.MinesAt(h("1010")); n != 10 {
		t.Errorf("%d mine points left at 1010, want the 10 unspent", n)
	}
}

// Ensure a scattering DropShip destroys the units where it comes down,
// with no salvage, while an air unit there moves aside (000 lines
// 1237–1239; DR18); hidden infantry on a planned landing hex is crushed
// too (DR17).
func TestDropShipScatterCrushes(t *testing.T) {
	enemy := cbUnit("B1", "bandits", MediumMech, "1008", Values{RA: 10, CA: 10, D: 8}, 3, Regular)
	air := airUnit("B2", "bandits", LightAir, "1008", 8, 6, 4, 5, 12, Regular)
	s := drpLanding(t, "1010", enemy, air)
	s, ev := drpDo(t, s, "lancers", "end", drpTwo(4), drpTwo(7), drpOne(1), drpOne(1), drpTwo(drpRollFor(t, 3, "")))
	if u := s.Unit("B1"); u.Status != Destroyed || len(s.Salvage) != 0 {
		t.Errorf("B1 %v, salvage %v: want destroyed, none left (000 line 1237)", u.Status, s.Salvage)
	}
	if u := s.Unit("B2"); u.Status != Active || u.Hex != h("1007") {
		t.Errorf("B2 %v at %s, want moved aside to 1007", u.Status, u.Hex)
	}
	if len(cbOf(ev, "crushed")) != 1 {
		t.Errorf("crushed events %+v", cbOf(ev, "crushed"))
	}
	// The rolls for the load are the owner's secret (DR19).
	for _, e := range EventsFor(ev, "bandits") {
		if e.Target == "A1" || e.Unit == "A1" || (e.Dice != nil && slices.Contains([]string{"landing damage column for A1 aboard D1"}, e.Dice.Purpose)) {
			t.Errorf("the bandits see %+v", e)
		}
	}

	t.Run("hidden", func(t *testing.T) {
		hid := cbUnit("B3", "bandits", Infantry, "1010", Values{RA: 3, CA: 6, D: 5}, 1, Regular)
		hid.Hidden = true
		s := drpLanding(t, "1010", hid)
		s, _ = drpDo(t, s, "lancers", "end", drpTwo(9))
		if u := s.Unit("B3"); u.Status != Destroyed || s.Unit("D1").Hex != h("1010") {
			t.Errorf("hidden B3 %v, D1 at %s", u.Status, s.Unit("D1").Hex)
		}
	})
	t.Run("aborted", func(t *testing.T) {
		s := drpLanding(t, "1010")
		s.Unit("B9").Hex = h("1010") // stands there now
		s, ev := drpDo(t, s, "lancers", "end")
		if d := s.Unit("D1"); d.Status != Reserve || !d.Drop || d.DropTurn != 0 || len(cbOf(ev, "drop_aborted")) != 1 {
			t.Errorf("D1 %v drop %v turn %d: want it still in orbit (DR17)", d.Status, d.Drop, d.DropTurn)
		}
	})
}

// Ensure where a DropShip may be declared to land (000 lines 1214, 1237).
func TestDropShipLandingRefusals(t *testing.T) {
	for _, tc := range []struct{ name, target, want string }{
		{"woods", "0505", "open ground at level 0"},
		{"hill", "0606", "open ground at level 0"},
		{"on a unit", "3016", "may not land on other units"},
		{"off the map", "9999", "not on the map"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := cbPosition(t, PhaseMovement, `cell 0505 heavy-woods; cell 0606 open level=1
				unit D1 lancers union regular 13/0/7,13/0/7,13/0/7,13/0/7 reserve drop r=6
				unit B9 bandits light-mech regular 6/6/6 @3016 r=3 mp=4 ob=8`)
			cbRefuse(t, s, "lancers", "drop D1 "+tc.target, tc.want)
		})
	}
}

// Ensure the firing arcs (000 lines 1263–1267; DR13): every hex around a
// DropShip is in exactly one of three arcs, four of each ring-2 hex; the
// ship fires once in each arc, its full RA at ground units with the usual
// shifts, and at an air unit in range in any free arc with no shifts.
func TestDropShipArcs(t *testing.T) {
	n := map[int]int{}
	for _, x := range hex.Ring(h("1010"), 2) {
		n[FiringArc(h("1010"), x)]++
	}
	if n[ArcEast] != 4 || n[ArcSouthwest] != 4 || n[ArcNorthwest] != 4 || FiringArc(h("1010"), h("1010")) != -1 {
		t.Errorf("ring-2 hexes per arc: %v", n)
	}
	for d, want := range map[hex.Direction]int{hex.NE: ArcEast, hex.SE: ArcEast, hex.S: ArcSouthwest, hex.SW: ArcSouthwest, hex.NW: ArcNorthwest, hex.N: ArcNorthwest} {
		if got := FiringArc(h("1010"), h("1010").Neighbor(d)); got != want {
			t.Errorf("%v neighbour in arc %s, want %s", d, ArcName(got), ArcName(want))
		}
	}

	ground := func(id, at string) Unit {
		return cbUnit(id, "bandits", MediumMech, at, Values{RA: 10, CA: 10, D: 8}, 3, Regular)
	}
	east1, east2 := ground("B1", drpNear("1010", hex.NE, 2)), ground("B2", drpNear("1010", hex.SE, 3))
	sw, nw := ground("B3", drpNear("1010", hex.SW, 2)), ground("B4", drpNear("1010", hex.N, 4))
	s := cbBattle(t, terrain(nil), PhaseAttack, drpShip("D1", "lancers", Union, "1010"), east1, east2, sw, nw)
	s.Unit("D1").Step = 2 // RA 11 (DR12)
	miss := drpRollFor(t, 3, "")
	s, ev := cbDo(t, s, "lancers", "attack D1 B1", miss)
	cbOneAttack(t, ev, cbAttack{"D1", "B1", "ranged", 11, 8, 3, miss, ""})
	cbRefuse(t, s, "lancers", "attack D1 B2", "east firing arc, which has already fired")
	cbRefuse(t, s, "lancers", "attack D1 B3 close", "no other mode")
	s, _ = cbDo(t, s, "lancers", "attack D1 B3", miss)
	s, _ = cbDo(t, s, "lancers", "attack D1 B4", miss)
	cbRefuse(t, s, "lancers", "attack D1 B2", "all three of its firing arcs")

	t.Run("air", func(t *testing.T) {
		air := airUnit("B5", "bandits", HeavyAir, drpNear("1010", hex.NE, 5), 15, 13, 10, 15, 10, Elite)
		s := cbBattle(t, terrain(nil), PhaseAttack, drpShip("D1", "lancers", Union, "1010"), air)
		m := drpRollFor(t, 3, "")
		for range 3 {
			var ev []Event
			s, ev = cbDo(t, s, "lancers", "attack D1 B5", m)
			cbOneAttack(t, ev, cbAttack{"D1", "B5", "ranged", 13, 10, 3, m, ""})
		}
		cbRefuse(t, s, "lancers", "attack D1 B5", "all three")
	})
	t.Run("valid", func(t *testing.T) {
		s := cbBattle(t, terrain(nil), PhaseAttack, drpShip("D1", "lancers", Union, "1010"), east1, east2, sw, nw)
		acts := ValidActions(s, "D1")
		if len(acts) != 4 {
			t.Errorf("offered %v, want one attack at each of the four", acts)
		}
		for _, a := range acts {
			if _, _, err := Apply(s, a, dice.New(dice.NewSeeded(5))); err != nil {
				t.Errorf("%v offered but refused: %v", a, err)
			}
		}
	})
}

// Ensure a DropShip ignores disruption (000 line 1269) and, by ruling
// DR14, the critical results that would make it flee or surrender; ground
// units attack it like any unit (K14 no longer refuses it).
func TestDropShipIgnoresDisruption(t *testing.T) {
	atk := cbUnit("B1", "bandits", AssaultMech, drpNear("1010", hex.N, 2), Values{RA: 10, CA: 20, D: 10}, 3, Regular)
	base := func() *State {
		s := cbBattle(t, terrain(nil), PhaseAttack, atk, drpShip("D1", "lancers", Union, "1010"))
		s.Phasing = 1
		return s
	}
	col := Column(10, 7)
	t.Run("D", func(t *testing.T) {
		s, _ := cbDo(t, base(), "bandits", "attack B1 D1", drpRollFor(t, col, "D"))
		if d := s.Unit("D1"); d.Disrupted || d.Step != 0 {
			t.Errorf("D1 disrupted %v step %d", d.Disrupted, d.Step)
		}
	})
	t.Run("C surrender", func(t *testing.T) {
		s, ev := cbDo(t, base(), "bandits", "attack B1 D1", drpRollFor(t, col, "C"), 3)
		if d := s.Unit("D1"); d.Status != Active || len(cbOf(ev, "critical")) != 1 || *cbOf(ev, "critical")[0].Result != "no effect" {
			t.Errorf("D1 %v after a surrender critical", d.Status)
		}
	})
}

// Ensure a destroyed DropShip takes its load with it and leaves three
// salvage counters plus one per unit aboard (000 line 1259).
func TestDropShipSalvage(t *testing.T) {
	s := cbPosition(t, PhaseAttack, `
		unit A1 lancers heavy-mech regular 16/16/10 reserve aboard=D1 r=3 mp=4 ob=20
		unit A2 lancers light-mech regular 6/6/6 reserve aboard=D1 r=3 mp=4 ob=8
		unit B1 bandits assault-mech regular 10/20/10 @1008 r=3 mp=4 ob=13
		unit D1 lancers union regular 13/0/7,13/0/7,13/0/7,13/0/7 @1010 r=6 step=7`)
	s.Phasing = 1 // the bandits' attack phase
	s, _ = cbDo(t, s, "bandits", "attack B1 D1", drpRollFor(t, Column(10, 7), "1"))
	if s.Unit("D1").Status != Destroyed || s.Unit("A1").Status != Destroyed || s.Unit("A2").Status != Destroyed {
		t.Errorf("D1 %v, A1 %v, A2 %v: all destroyed", s.Unit("D1").Status, s.Unit("A1").Status, s.Unit("A2").Status)
	}
	if got := s.Salvage[h("1010")]; got != 5 {
		t.Errorf("salvage %d, want 3 + 2", got)
	}
}

// Ensure embarking and debarking (000 lines 630, 1212, 1253–1259; DR16).
func TestDropShipEmbarkDebark(t *testing.T) {
	m := terrain(map[string]mapgen.Cell{drpNear("1010", hex.S, 1): level(1)})
	near := cbUnit("A1", "lancers", MediumMech, drpNear("1010", hex.N, 1), Values{RA: 10, CA: 10, D: 8}, 3, Regular)
	second := cbUnit("A2", "lancers", MediumMech, drpNear("1010", hex.NE, 1), Values{RA: 10, CA: 10, D: 8}, 3, Regular)
	far := cbUnit("A3", "lancers", MediumMech, drpNear("1010", hex.N, 3), Values{RA: 10, CA: 10, D: 8}, 3, Regular)
	low := cbUnit("A4", "lancers", MediumMech, drpNear("1010", hex.SE, 1), Values{RA: 10, CA: 10, D: 8}, 3, Regular)
	low.MPLeft = 0
	s := cbBattle(t, m, PhaseMovement, drpShip("D1", "lancers", Leopard, "1010"), near, second, far, low,
		cbUnit("B9", "bandits", LightMech, "3016", Values{RA: 6, CA: 6, D: 6}, 3, Regular))
	for i := range s.Units {
		if s.Units[i].Class != Leopard {
			s.Units[i].MPLeft = min(s.Units[i].MPLeft, 4)
		}
	}
	s.Unit("A1").MPLeft = 4
	s.Unit("A2").MPLeft = 4
	cbRefuse(t, s, "lancers", "embark A3 D1", "must stand next to D1")
	cbRefuse(t, s, "lancers", "embark A4 D1", "costs 1 MP; A4 has 0 left")
	cbRefuse(t, s, "lancers", "move A1 1010", "a DropShip stands there")
	if got := ValidActions(s, "A1"); !slices.ContainsFunc(got, func(a Action) bool { return a.Kind == ActEmbark && a.Target == "D1" }) {
		t.Errorf("A1 is not offered embark: %v", got)
	}
	s, _ = drpDo(t, s, "lancers", "embark A1 D1")
	if u := s.Unit("A1"); u.Status != Reserve || u.Aboard != "D1" {
		t.Fatalf("A1 %v aboard %q", u.Status, u.Aboard)
	}
	if s.View("bandits").Unit("A1") != nil {
		t.Error("the bandits see A1 inside the DropShip")
	}
	cbRefuse(t, s, "lancers", "embark A2 D1", "D1 is full")
	cbRefuse(t, s, "lancers", "debark A1 "+drpNear("1010", hex.N, 1), "A1 boarded D1, or tried to leave it, this turn")
	cbRefuse(t, s, "lancers", "attack A1 B9", "reserve and cannot attack")

	mvNextTurn(t, s, 0)
	cbRefuse(t, s, "lancers", "debark A1 "+drpNear("1010", hex.N, 2), "next to it")
	s, _ = drpDo(t, s, "lancers", "debark A1 "+drpNear("1010", hex.NW, 1))
	if u := s.Unit("A1"); u.Status != Active || u.Aboard != "" || u.MPLeft != u.MP || u.Moved {
		t.Errorf("A1 after debarking: %v aboard %q MP %d moved %v", u.Status, u.Aboard, u.MPLeft, u.Moved)
	}
	// It may move its whole allowance at once (000 line 1253).
	drpDo(t, s, "lancers", "move A1 "+drpNear(drpNear("1010", hex.NW, 1), hex.NW, 3))

	t.Run("storm", func(t *testing.T) {
		// A unit leaving its DropShip in a massive storm has its MP cut
		// like every other ground unit's (004 line 15; ST6).
		s := cbBattle(t, m, PhaseMovement, drpShip("D1", "lancers", Leopard, "1010"), drpAboard(near, "D1"))
		s.Rules.Weather = Weather{Kind: WeatherStorm}
		s, _ = drpDo(t, s, "lancers", "debark A1 "+drpNear("1010", hex.NW, 1))
		if u := s.Unit("A1"); u.MPLeft != u.MP-1 {
			t.Errorf("A1 debarked in a storm with %d MP, want %d", u.MPLeft, u.MP-1)
		}
	})
	t.Run("fighters stay aboard", func(t *testing.T) {
		air := drpAboard(airUnit("A5", "lancers", LightAir, "0101", 8, 6, 4, 5, 12, Regular), "D1")
		s := cbBattle(t, m, PhaseMovement, drpShip("D1", "lancers", Leopard, "1010"), air)
		cbRefuse(t, s, "lancers", "debark A5 "+drpNear("1010", hex.N, 1), "fighters carried by a DropShip cannot debark (BattleForce p. 30, Movement)")
	})
	t.Run("not the turn it landed", func(t *testing.T) {
		s := cbBattle(t, m, PhaseMovement, drpShip("D1", "lancers", Leopard, "1010"), drpAboard(near, "D1"))
		s.Unit("D1").LandedAt = s.PlayerTurn
		cbRefuse(t, s, "lancers", "debark A1 "+drpNear("1010", hex.N, 1), "after the landing")
	})
	// An enemy unit in sight and a hidden platoon with it: the debark is
	// refused for the enemy the lancers see, as it is without the
	// platoon, never for a full hex, which would tell of the platoon
	// (ruling M12).
	t.Run("enemy and hidden platoon", func(t *testing.T) {
		h := drpNear("1010", hex.N, 1)
		enemy := cbUnit("B1", "bandits", LightMech, h, Values{RA: 6, CA: 6, D: 6}, 3, Regular)
		platoon := unitOf("B2 bandits infantry veteran 3/6/5 @" + h + " r=1 mp=2 hidden")
		s := cbBattle(t, m, PhaseMovement, drpShip("D1", "lancers", Leopard, "1010"), drpAboard(near, "D1"), enemy, platoon)
		cbRefuse(t, s, "lancers", "debark A1 "+h, "where enemy unit B1 stands")
	})
	// A hex the lancers see holding their own A2 only: a hidden platoon
	// there besides fills it. The debark is no refusal that would count
	// the platoon: the platoon is revealed, without naming what left the
	// ship, and A1 stays aboard this turn (ruling M12).
	t.Run("own unit and hidden platoon", func(t *testing.T) {
		h := drpNear("1010", hex.N, 1)
		own := cbUnit("A2", "lancers", MediumMech, h, Values{RA: 10, CA: 10, D: 8}, 3, Regular)
		platoon := unitOf("B2 bandits infantry veteran 3/6/5 @" + h + " r=1 mp=2 hidden")
		s := cbBattle(t, m, PhaseMovement, drpShip("D1", "lancers", Leopard, "1010"), drpAboard(near, "D1"), own, platoon)
		ns, ev := drpDo(t, s, "lancers", "debark A1 "+h)
		if u := ns.Unit("A1"); u.Aboard != "D1" || ns.Unit("B2").Hidden {
			t.Errorf("A1 aboard %q, B2 hidden %t: want A1 aboard D1 and B2 revealed", u.Aboard, ns.Unit("B2").Hidden)
		}
		for _, e := range cbOf(ev, "revealed") {
			if strings.Contains(e.Text, "A1") {
				t.Errorf("the public reveal names what was aboard: %q", e.Text)
			}
		}
		cbRefuse(t, ns, "lancers", "debark A1 "+drpNear("1010", hex.NW, 1), "tried to leave it, this turn")
	})
	// Leaving the ship into a hidden platoon's hex enters it: the platoon
	// is revealed and attacks by close assault, and A1 stops (ruling M14).
	t.Run("into a hidden platoon", func(t *testing.T) {
		h := drpNear("1010", hex.N, 1)
		platoon := unitOf("B2 bandits infantry veteran 3/6/5 @" + h + " r=1 mp=2 hidden")
		s := cbBattle(t, m, PhaseMovement, drpShip("D1", "lancers", Leopard, "1010"), drpAboard(near, "D1"), platoon)
		ns, ev := drpDo(t, s, "lancers", "debark A1 "+h, drpTwo(2))
		if u := ns.Unit("A1"); u.Hex != hex.MustParse(h) || u.MPLeft != 0 || ns.Unit("B2").Hidden || len(cbOf(ev, "attack")) != 1 {
			t.Errorf("A1 at %s with %d MP, B2 hidden %t; events %+v", u.Hex, u.MPLeft, ns.Unit("B2").Hidden, ev)
		}
	})
	// Leaving the ship into a mined hex enters it: the mines go off (10
	// against D 8, the +2 column, where a 3 is one step), are spent, and
	// A1 moves no more this turn (rulings M13, M14).
	t.Run("into mines", func(t *testing.T) {
		h := hex.MustParse(drpNear("1010", hex.N, 1))
		s := cbBattle(t, m, PhaseMovement, drpShip("D1", "lancers", Leopard, "1010"), drpAboard(near, "D1"))
		s.Side("bandits").Mines = map[hex.Hex]int{h: 10}
		ns, ev := drpDo(t, s, "lancers", "debark A1 "+h.String(), drpTwo(3))
		if u := ns.Unit("A1"); mnAttack(t, ev) == nil || u.Hex != h || u.Step != 1 || u.MPLeft != 0 || ns.MinesAt(h) != 0 {
			t.Errorf("A1 at %s, step %d, %d MP; events %+v", u.Hex, u.Step, u.MPLeft, ev)
		}
	})
}

// Ensure a landed DropShip lifts off with its load (ruling DR16): the
// ship and the units aboard are withdrawn, and only the owner hears what
// it carried.
func TestDropShipLiftoff(t *testing.T) {
	a1 := drpAboard(cbUnit("A1", "lancers", HeavyMech, "0101", Values{RA: 16, CA: 16, D: 10}, 3, Regular), "D1")
	b1 := cbUnit("B1", "bandits", LightMech, "3016", Values{RA: 6, CA: 6, D: 6}, 3, Regular)
	base := func() *State {
		return cbBattle(t, terrain(nil), PhaseMovement, drpShip("D1", "lancers", Union, "1010"), a1, b1)
	}
	s, ev := drpDo(t, base(), "lancers", "liftoff D1")
	if s.Unit("D1").Status != Withdrawn || s.Unit("A1").Status != Withdrawn {
		t.Errorf("D1 %v, A1 %v", s.Unit("D1").Status, s.Unit("A1").Status)
	}
	for _, e := range EventsFor(ev, "bandits") {
		if e.Type == "liftoff_load" {
			t.Errorf("the bandits hear what D1 carried: %+v", e)
		}
	}
	if v := s.VictoryPoints(); v["bandits"] != 0 {
		t.Errorf("a lift-off gives the enemy %d VP", v["bandits"])
	}
	for _, tc := range []struct {
		name, text, want string
		mutate           func(*State)
	}{
		{"attack phase", "liftoff D1", "movement phase", func(s *State) { s.Phase = PhaseAttack }},
		{"not a DropShip", "liftoff B1", "you have no unit B1", nil},
		{"just landed", "liftoff D1", "landed this turn", func(s *State) { s.Unit("D1").LandedAt = s.PlayerTurn }},
		{"in orbit", "liftoff D1", "not on the map", func(s *State) { s.Unit("D1").Status = Reserve }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := base()
			if tc.mutate != nil {
				tc.mutate(s)
			}
			cbRefuse(t, s, "lancers", tc.text, tc.want)
		})
	}
	if a, err := ParseAction("liftoff D1"); err != nil || a.String() != "liftoff D1" {
		t.Errorf("round trip %v %v", a, err)
	}
	if a, err := ParseAction("embark A1 D1"); err != nil || a.Target != "D1" || a.String() != "embark A1 D1" {
		t.Errorf("round trip %v %v", a, err)
	}
}

// Ensure State.Check finds broken DropShip invariants.
func TestDropShipCheck(t *testing.T) {
	for _, tc := range []struct {
		name   string
		mutate func(*State)
		want   string
	}{
		{"overloaded", func(s *State) { s.Unit("A2").Aboard, s.Unit("A2").Status = "D1", Reserve }, "more than its load of 1"},
		{"aboard and on the map", func(s *State) { s.Unit("A2").Aboard = "D1" }, "aboard D1 but is active"},
		{"aboard a 'Mech", func(s *State) { s.Unit("A1").Aboard = "A2" }, "not a DropShip of its side"},
		{"sharing the hex", func(s *State) { s.Unit("A2").Hex = h("1010") }, "shares hex 1010"},
		{"declared on the map", func(s *State) { s.Unit("A2").DropTurn = 1 }, "has a drop declared"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a1 := drpAboard(cbUnit("A1", "lancers", HeavyMech, "0101", Values{RA: 16, CA: 16, D: 10}, 3, Regular), "D1")
			a2 := cbUnit("A2", "lancers", LightMech, "0505", Values{RA: 6, CA: 6, D: 6}, 3, Regular)
			s := cbBattle(t, terrain(nil), PhaseMovement, drpShip("D1", "lancers", Leopard, "1010"), a1, a2)
			if errs := s.Check(); len(errs) != 0 {
				t.Fatalf("clean state: %v", errs)
			}
			tc.mutate(s)
			found := false
			for _, err := range s.Check() {
				found = found || strings.Contains(err.Error(), tc.want)
			}
			if !found {
				t.Errorf("Check() = %v, want %q", s.Check(), tc.want)
			}
		})
	}
}
