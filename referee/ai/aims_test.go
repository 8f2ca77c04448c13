package ai

import (
	"math/rand/v2"
	"testing"

	"bfbot/mapgen"
	"bfbot/mapgen/hex"
	"bfbot/referee"
	"bfbot/referee/dice"
)

// aixUnit is an active ground or DropShip unit of side at hex at ("" in
// reserve, off the map).
func aixUnit(id, side string, c referee.Class, at string, ra, d, rng, mp int) referee.Unit {
	u := referee.Unit{ID: id, Side: side, Class: c, Experience: referee.Regular, Status: referee.Active,
		Rows: referee.DeriveSteps(referee.Values{RA: ra, CA: ra, D: d}), Range: rng, MP: mp}
	if c.Kind() == referee.KindDropShip {
		v := referee.Values{RA: ra, D: d}
		u.Rows = [4]referee.Values{v, v, v, v}
	}
	if at == "" {
		u.Status = referee.Reserve
		return u
	}
	u.Hex = hex.MustParse(at)
	u.StartHex = u.Hex
	return u
}

// aixAboard puts u aboard DropShip ship.
func aixAboard(u referee.Unit, ship string) referee.Unit {
	u.Status, u.Aboard, u.Hex, u.StartHex = referee.Reserve, ship, hex.Hex{}, hex.Hex{}
	return u
}

// aixBattle starts a battle on an open 20×10 map (red moves first,
// retreating west; blue east) with water-1 in the water hexes, the
// scenario rules r and the units. It is this package's fixture builder:
// the position is read from the notation (referee.Position).
func aixBattle(t *testing.T, r *referee.ScenarioRules, water []string, units ...referee.Unit) *referee.State {
	t.Helper()
	text := `map blank 20x10; turn 0 deploy red
		side red name="Red" retreat=west; side blue name="Blue" retreat=east`
	for _, w := range water {
		text += "; cell " + w + " water-1"
	}
	return aixStart(t, text, r, units...)
}

// aixStart starts the battle the position text describes (units
// deployed, none placed), with the scenario rules r and the units.
func aixStart(t *testing.T, text string, r *referee.ScenarioRules, units ...referee.Unit) *referee.State {
	t.Helper()
	s, err := referee.ReadPosition(text, nil)
	if err != nil {
		t.Fatal(err)
	}
	s.Scenario = r
	for i := range units {
		s.Units = append(s.Units, &units[i])
	}
	sortUnits(s)
	if errs := s.Check(); len(errs) > 0 {
		t.Fatalf("test position breaks the invariants: %v", errs)
	}
	st, _, err := referee.Start(s)
	if err != nil {
		t.Fatal(err)
	}
	if errs := st.Check(); len(errs) > 0 {
		t.Fatal(errs)
	}
	return st
}

// aixPhase lets red's AI play until the phase changes (or the battle
// ends) and returns the actions it took, the events and the state.
func aixPhase(t *testing.T, s *referee.State, d *dice.Dice) ([]referee.Action, []referee.Event, *referee.State) {
	t.Helper()
	return aixPhaseAs(t, s, d, Normal)
}

// aixPhaseAs is aixPhase with red played at level.
func aixPhaseAs(t *testing.T, s *referee.State, d *dice.Dice, level Level) ([]referee.Action, []referee.Event, *referee.State) {
	t.Helper()
	p := New("red", level, 1)
	var acts []referee.Action
	var events []referee.Event
	phase, turn := s.Phase, s.PlayerTurn
	for n := 0; n < 200 && s.Phase == phase && s.PlayerTurn == turn; n++ {
		a := p.Next(s)
		next, ev, err := referee.Apply(s, a, d)
		if err != nil {
			t.Fatalf("%v refused: %v", a, err)
		}
		if errs := next.Check(); len(errs) > 0 {
			t.Fatalf("after %v: %v", a, errs)
		}
		acts, events, s = append(acts, a), append(events, ev...), next
	}
	return acts, events, s
}

func aixFind(acts []referee.Action, kind referee.ActionKind, unit string) *referee.Action {
	for i := range acts {
		if acts[i].Kind == kind && acts[i].Unit == unit {
			return &acts[i]
		}
	}
	return nil
}

// Ensure a 'Mech lance in orbit with no declared target drops in its
// side's movement phase: in reach of the enemy it sees but out of the
// hexes whose units fire at it as it comes down (000 line 741), and not
// into water.
func TestAimsDropTarget(t *testing.T) {
	s := aixBattle(t, nil, []string{"1004", "1005", "1006", "1104", "1105", "1106"},
		func() referee.Unit {
			u := aixUnit("R2", "red", referee.HeavyMech, "", 12, 9, 3, 4)
			u.Drop = true
			return u
		}(),
		aixUnit("R1", "red", referee.MediumMech, "0205", 9, 7, 3, 4),
		aixUnit("B1", "blue", referee.MediumMech, "1305", 9, 7, 3, 4))
	acts, _, _ := aixPhase(t, s, dice.New(dice.NewSeeded(1)))
	a := aixFind(acts, referee.ActDrop, "R2")
	if a == nil {
		t.Fatalf("R2 never dropped: %v", acts)
	}
	d := hex.Distance(a.To, hex.MustParse("1305"))
	if d < 2 || d > 3 {
		t.Errorf("R2 drops on %s, %d hexes from B1: want 2 to 3 (in range, not adjacent)", a.To, d)
	}
	if s.Map.At(a.To).Terrain.IsWater() {
		t.Errorf("R2 drops into water at %s", a.To)
	}
}

// Ensure a DropShip in orbit lands (000 line 1214) on open level-0
// ground near its side's units and out of the enemy's close reach; its
// load debarks in the next movement phase (000 line 1253).
func TestAimsDropShipLandsAndDebarks(t *testing.T) {
	ship := aixUnit("R9", "red", referee.Union, "", 13, 7, 6, 0)
	ship.Drop = true
	s := aixBattle(t, nil, nil, ship,
		aixAboard(aixUnit("R2", "red", referee.HeavyMech, "0101", 12, 9, 3, 4), "R9"),
		aixUnit("R1", "red", referee.MediumMech, "0405", 9, 7, 3, 4),
		aixUnit("B1", "blue", referee.MediumMech, "1805", 9, 7, 3, 4))
	d := dice.New(dice.NewSeeded(3))
	acts, _, s := aixPhase(t, s, d)
	a := aixFind(acts, referee.ActDrop, "R9")
	if a == nil {
		t.Fatalf("R9 never landed: %v", acts)
	}
	if got := hex.Distance(a.To, hex.MustParse("0405")); got > 4 {
		t.Errorf("R9 lands on %s, %d hexes from R1: want 4 or fewer", a.To, got)
	}
	if got := hex.Distance(a.To, hex.MustParse("1805")); got <= 1 {
		t.Errorf("R9 lands next to B1 at %s", a.To)
	}
	// On to red's next movement phase, blue passing.
	for n := 0; n < 10 && (s.PhasingSide().ID != "red" || s.Phase != referee.PhaseMovement || s.Turn < 2); n++ {
		next, _, err := referee.Apply(s, referee.Action{Kind: referee.ActEnd, Side: s.PhasingSide().ID}, d)
		if err != nil {
			t.Fatal(err)
		}
		s = next
	}
	if s.Unit("R9").Status != referee.Active {
		t.Skipf("R9 did not land (%v): the dice", s.Unit("R9").Status)
	}
	acts, _, _ = aixPhase(t, s, d)
	if aixFind(acts, referee.ActDebark, "R2") == nil {
		t.Errorf("R2 stayed aboard: %v", acts)
	}
}

// Ensure a landed DropShip fires in every arc that holds a target (000
// line 1265): three enemies in three arcs draw three attacks.
func TestAimsDropShipFiresEveryArc(t *testing.T) {
	s := aixBattle(t, nil, nil,
		aixUnit("R9", "red", referee.Union, "1005", 13, 7, 6, 0),
		aixUnit("B1", "blue", referee.MediumMech, "1304", 6, 5, 3, 4), // east
		aixUnit("B2", "blue", referee.MediumMech, "0907", 6, 5, 3, 4), // southwest
		aixUnit("B3", "blue", referee.MediumMech, "0903", 6, 5, 3, 4)) // northwest
	d := dice.New(dice.NewSeeded(5))
	_, _, s = aixPhase(t, s, d) // movement: nothing moves
	if s.Phase != referee.PhaseAttack {
		t.Fatalf("phase %v, want attack", s.Phase)
	}
	acts, _, _ := aixPhase(t, s, d)
	n := 0
	for _, a := range acts {
		if a.Kind == referee.ActAttack && a.Unit == "R9" {
			n++
		}
	}
	if n != 3 {
		t.Errorf("R9 attacked %d times, want 3 (one per arc): %v", n, acts)
	}
}

// Ensure a side the scenario pays for leaving by DropShip (No Profit in
// Dying, 000 line 2489; SC11) boards its units and lifts off.
func TestAimsEmbarkAndLiftoff(t *testing.T) {
	r := &referee.ScenarioRules{Exits: []referee.ExitAward{{Side: "red", VP: 10, Space: true, PerMech: true, MechsOnly: true}}, Stranded: "red"}
	s := aixBattle(t, r, nil,
		aixUnit("R9", "red", referee.Leopard, "0305", 8, 6, 6, 0),
		aixUnit("R1", "red", referee.MediumMech, "0405", 9, 7, 3, 4),
		aixUnit("B1", "blue", referee.MediumMech, "1805", 9, 7, 3, 4))
	acts, events, s := aixPhase(t, s, dice.New(dice.NewSeeded(1)))
	if aixFind(acts, referee.ActEmbark, "R1") == nil || aixFind(acts, referee.ActLiftoff, "R9") == nil {
		t.Fatalf("want R1 to board R9 and R9 to lift off: %v", acts)
	}
	if got := s.Unit("R1").Status; got != referee.Withdrawn {
		t.Errorf("R1 is %v, want withdrawn (carried off)", got)
	}
	if len(events) == 0 {
		t.Error("no events")
	}
}

// Ensure units that score by leaving the map by an edge (The Steel Tip,
// 000 line 2241; SC4) head for it and leave — at once for an award worth
// a step (exitBurnVP), once the turns left are just enough for a smaller
// one (it fights first) — and that a unit carrying salvage worth VP only
// once carried off (Dreaded Duty's scavenging, 000 lines 2389–2399)
// takes it off by the nearest edge.
func TestAimsExits(t *testing.T) {
	for _, tc := range []struct {
		name      string
		rules     *referee.ScenarioRules
		turnLimit int
		salv      int
		vp        int
	}{
		{"ExitAward", &referee.ScenarioRules{Exits: []referee.ExitAward{{Side: "red", Edge: referee.North, VP: 10}}}, 0, 0, 10},
		{"SmallAwardAtTheEnd", &referee.ScenarioRules{Exits: []referee.ExitAward{{Side: "red", Edge: referee.North, VP: 5}}}, 2, 0, 5},
		{"Scavenging", &referee.ScenarioRules{Scavenging: true, Salvage: referee.SalvageRules{VP: 15, Set: true, ExitedOnly: true}}, 0, 1, 15},
	} {
		t.Run(tc.name, func(t *testing.T) {
			u := aixUnit("R1", "red", referee.MediumMech, "0803", 9, 7, 3, 4)
			u.Salvage = tc.salv
			s := aixBattle(t, tc.rules, nil, u, aixUnit("B1", "blue", referee.MediumMech, "1909", 9, 7, 3, 4))
			s.Rules.TurnLimit = tc.turnLimit
			d := dice.New(dice.NewSeeded(2))
			var all []referee.Action
			for range 3 {
				if s.Phase == referee.PhaseOver {
					break
				}
				acts, _, next := aixPhase(t, s, d)
				all = append(all, acts...)
				s = next
				for n := 0; n < 10 && !(s.PhasingSide().ID == "red" && s.Phase == referee.PhaseMovement) && s.Phase != referee.PhaseOver; n++ {
					if s, _, _ = referee.Apply(s, referee.Action{Kind: referee.ActEnd, Side: s.PhasingSide().ID}, d); s == nil {
						t.Fatal("end refused")
					}
				}
			}
			if aixFind(all, referee.ActWithdraw, "R1") == nil {
				t.Fatalf("R1 never left the map: %v", all)
			}
			// A scavenger comes back a full turn later (SC6).
			if got := s.Unit("R1").Status; got != referee.Withdrawn && !tc.rules.Scavenging {
				t.Errorf("R1 is %v, want withdrawn", got)
			}
			if got := s.Side("red").VP; got != tc.vp {
				t.Errorf("red banked %d VP, want %d", got, tc.vp)
			}
		})
	}
}

// Ensure that near the end of the turn limit a unit goes to hold its
// side's objective hex, and to contest the enemy's (SC9).
func TestAimsObjectives(t *testing.T) {
	for _, side := range []string{"red", "blue"} {
		t.Run(side, func(t *testing.T) {
			obj := hex.MustParse("0501")
			r := &referee.ScenarioRules{Objectives: []referee.Objective{{Side: side, Hex: obj, VP: 50}}}
			s := aixBattle(t, r, nil, aixUnit("R1", "red", referee.MediumMech, "0505", 9, 7, 3, 5),
				aixUnit("B1", "blue", referee.MediumMech, "1909", 9, 7, 3, 4))
			s.Rules.TurnLimit = 1
			acts, _, s := aixPhase(t, s, dice.New(dice.NewSeeded(1)))
			if got := s.Unit("R1").Hex; got != obj {
				t.Errorf("R1 ends at %s, want the objective %s: %v", got, obj, acts)
			}
		})
	}
}

// Ensure the AI does not read what its side cannot know about drops,
// DropShips and the scenario: its choices are the same when the enemy's
// declared drop targets, the units aboard its DropShips, its
// reinforcements and its hidden units are different.
func TestNoCheatingDropShips(t *testing.T) {
	for seed := range uint64(3) {
		rng := rand.New(rand.NewPCG(seed, 41))
		redShip := aixUnit("R9", "red", referee.Union, "", 13, 7, 6, 0)
		redShip.Drop = true
		blueShip := aixUnit("B9", "blue", referee.Union, "1505", 13, 7, 6, 0)
		blueDrop := aixUnit("B8", "blue", referee.HeavyMech, "", 12, 9, 3, 4)
		blueDrop.Drop = true
		hidden := aixUnit("B7", "blue", referee.Infantry, "0906", 3, 5, 1, 2)
		hidden.Hidden = true
		r := &referee.ScenarioRules{
			Exits:          []referee.ExitAward{{Side: "red", Edge: referee.North, VP: 5}, {Side: "blue", VP: 10, Space: true}},
			Objectives:     []referee.Objective{{Side: "red", Hex: hex.MustParse("1003"), VP: 20}},
			Reinforcements: []referee.Reinforcement{{Side: "blue", Edge: referee.East, Turn: 3, Units: []referee.Unit{aixUnit("B6", "blue", referee.LightMech, "2005", 5, 5, 2, 6)}}},
		}
		s := aixBattle(t, r, nil, redShip,
			aixAboard(aixUnit("R2", "red", referee.HeavyMech, "0101", 12, 9, 3, 4), "R9"),
			aixUnit("R1", "red", referee.MediumMech, "0405", 9, 7, 3, 4),
			aixUnit("R3", "red", referee.LightMech, "0307", 5, 5, 2, 6),
			blueShip, blueDrop, hidden,
			aixAboard(aixUnit("B2", "blue", referee.AssaultMech, "0101", 15, 10, 3, 4), "B9"),
			aixUnit("B1", "blue", referee.MediumMech, "1605", 9, 7, 3, 4))
		s.Rules.TurnLimit = 6
		d := dice.New(dice.NewSeeded(seed))
		players := map[string]*Player{"red": New("red", Normal, seed), "blue": New("blue", Normal, seed+1)}
		checked := playComparing(t, seed, s, d, players, 300, 3, func(_ int, side string, s *referee.State) []*referee.State {
			return []*referee.State{aixPerturbDrops(t, s, side, rng)}
		})
		if checked < 10 {
			t.Fatalf("seed %d: only %d choices checked", seed, checked)
		}
	}
}

// aixPerturbDrops is perturb plus the secrets of drops and DropShips:
// the enemy's declared drop targets move, the values of the units aboard
// its DropShips and of its reinforcements change.
func aixPerturbDrops(t *testing.T, s *referee.State, side string, rng *rand.Rand) *referee.State {
	t.Helper()
	c := perturb(t, s, side, rng)
	for i := range c.Units {
		u := c.Units[i]
		if u.Side == side || u.Status != referee.Reserve {
			continue
		}
		if u.DropTurn > 0 {
			u.DropAt = hex.Hex{X: rng.IntN(c.Map.Width), Y: rng.IntN(c.Map.Height)}
		}
		if u.Aboard != "" || u.Drop {
			u.Rows = referee.DeriveSteps(referee.Values{RA: 2 + rng.IntN(18), CA: 2 + rng.IntN(20), D: 2 + rng.IntN(12)})
			u.MP = 2 + rng.IntN(7)
		}
	}
	if c.Scenario != nil {
		r := *c.Scenario
		r.Reinforcements = nil
		for _, g := range c.Scenario.Reinforcements {
			g.Units = append([]referee.Unit(nil), g.Units...)
			if g.Side != side {
				g.Turn += rng.IntN(3)
				for j := range g.Units {
					g.Units[j].Rows = referee.DeriveSteps(referee.Values{RA: 2 + rng.IntN(18), CA: 2 + rng.IntN(20), D: 2 + rng.IntN(12)})
				}
			}
			r.Reinforcements = append(r.Reinforcements, g)
		}
		c.Scenario = &r
	}
	if errs := c.Check(); len(errs) > 0 {
		t.Fatalf("perturbed state: %v", errs)
	}
	return c
}

// Ensure a small exit award (under exitBurnVP) by an edge past the enemy
// (The Steel Tip's 5 VP by the west edge, the Lancers' retreat edge
// being the east, 000 line 2241) is a breakthrough the unit fights for
// first, while the same award by the side's own retreat edge (Pounce's
// column, north, 000 line 2307) or a larger one is not.
func TestAimsSmallBreakthrough(t *testing.T) {
	for _, tc := range []struct {
		edge string
		vp   int
		want bool
	}{{"west", 5, true}, {"east", 5, false}, {"west", exitBurnVP, false}} {
		u := &referee.ViewUnit{ID: "R1"}
		pic := &picture{side: "red", v: referee.View{Sides: []referee.ViewSide{{ID: "red", RetreatEdge: "east"}}}}
		a := &aims{exitVP: map[string]int{"R1": tc.vp}, exitEdge: map[string]string{"R1": tc.edge}}
		if got := a.smallBreakthrough(pic, u); got != tc.want {
			t.Errorf("%d VP by the %s edge, retreat edge east: smallBreakthrough %v, want %v", tc.vp, tc.edge, got, tc.want)
		}
	}
}

// Ensure an enemy that scores by leaving by its own retreat edge (The
// Pounce's column, 000 line 2307) is closed on where it leaves, the hex
// of that edge straight ahead of it, not where it stands; one that
// scores by breaking through past the side (The Steel Tip's Lancers, by
// the edge it did not come from), by DropShip, or not at all for its
// kind, is closed on where it stands.
func TestAimsCutOffLeaving(t *testing.T) {
	exit := func(x referee.ExitAward) *referee.ScenarioRules {
		return &referee.ScenarioRules{Exits: []referee.ExitAward{x}}
	}
	for _, tc := range []struct {
		name  string
		rules *referee.ScenarioRules
		class referee.Class
		cut   bool
	}{
		{"ByItsRetreatEdge", exit(referee.ExitAward{Side: "blue", Edge: referee.East, VP: 5}), referee.Wheeled, true},
		{"BreakingThrough", exit(referee.ExitAward{Side: "blue", Edge: referee.West, VP: 5}), referee.Wheeled, false},
		{"ByDropShip", exit(referee.ExitAward{Side: "blue", Space: true, VP: 10}), referee.Wheeled, false},
		{"MechsOnly", exit(referee.ExitAward{Side: "blue", Edge: referee.East, VP: 5, MechsOnly: true}), referee.Wheeled, false},
		{"OwnAward", exit(referee.ExitAward{Side: "red", Edge: referee.West, VP: 5}), referee.Wheeled, false},
		{"NoScenario", nil, referee.Wheeled, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := aixBattle(t, tc.rules, nil, aixUnit("R1", "red", referee.MediumMech, "0205", 9, 7, 1, 4),
				aixUnit("B1", "blue", tc.class, "1005", 5, 4, 1, 6))
			pic := newPicture(s.View("red"), s.Rules.CRT, nil, nil)
			f := pic.approach(routeKey{mode: mapgen.Tracked, rng: 1})
			at := func(h string) int { x := hex.MustParse(h); return f[x.Y*pic.v.Map.Width+x.X] }
			// Within range 1 of the hex it stands in, or of the hex of
			// the east edge (x 19) straight ahead of it.
			atEnemy, atGate := at("0905"), at("1905")
			if tc.cut && (atGate != 0 || atEnemy == 0) {
				t.Errorf("the way from beside the enemy %d MP, from its exit hex %d: want it cut off at the exit (0 there)", atEnemy, atGate)
			}
			if !tc.cut && (atEnemy != 0 || atGate == 0) {
				t.Errorf("the way from beside the enemy %d MP, from its exit hex %d: want it closed on where it stands (0 beside it)", atEnemy, atGate)
			}
		})
	}
}
