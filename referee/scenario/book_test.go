package scenario

import (
	"os"
	"slices"
	"strings"
	"testing"

	"bfbot/campaign/forces"
	"bfbot/mapgen/hex"
	"bfbot/referee"
	"bfbot/referee/ai"
	"bfbot/referee/dice"
)

// The book's scenarios (000 lines 2199–2513)
// as shipped files: their forces' points, their special rules and
// victory conditions, and AI-against-AI play to the end. SC1–SC12 are
// the rulings of the report that added them.

// scnBook parses a shipped scenario.
func scnBook(t *testing.T, name string) *Scenario {
	t.Helper()
	data, err := BuiltIn(name)
	if err != nil {
		t.Fatal(err)
	}
	sc, err := Parse(data, nil)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return sc
}

// scnCost is what a unit costs to buy (forces.PurchaseCost, 000 line
// 2124 and the Special Purchases Table, lines 2180–2182): plus 10 for hidden
// infantry and 10 a 'Mech kept in space to drop (ruling F13), or what
// the scenario's purchase block makes a drop cost (drop_cost, line
// 2130; ruling SC13).
func scnCost(sc *Scenario, u referee.Unit) int {
	l := forces.Lance{Class: u.Class, Rows: u.Rows, OverburnRA: u.OverburnRA, Experience: u.Experience, Chits: u.Chits}
	if u.Class.Kind() == referee.KindAir {
		l.AirAttack = u.Rows[0].RA
	}
	c := forces.PurchaseCost(l)
	if u.Hidden {
		c = forces.HiddenInfantryCost(l)
	}
	if u.Drop && u.Class.Kind() == referee.KindMech {
		d := forces.DropCost(l)
		if pr := sc.Purchases[u.Side]; pr != nil {
			d = d / 10 * pr.DropCost
		}
		c += d
	}
	return c
}

// scnStart starts a copy of the scenario's set-up with side moving first
// and the scripted dice.
func scnStart(t *testing.T, setup *referee.State, side string, d *dice.Dice, edit func(s *referee.State)) *referee.State {
	t.Helper()
	s := setup.Clone()
	i := slices.IndexFunc(s.Sides, func(sd referee.Side) bool { return sd.ID == side })
	s.Sides[0], s.Sides[i] = s.Sides[i], s.Sides[0]
	if edit != nil {
		edit(s)
	}
	s, _, err := referee.StartWithDice(s, d)
	if err != nil {
		t.Fatal(err)
	}
	scnCheck(t, s)
	return s
}

func scnCheck(t *testing.T, s *referee.State) {
	t.Helper()
	for _, err := range s.Check() {
		t.Errorf("invariant: %v", err)
	}
}

// scnApply applies one action in text form for the phasing side.
func scnApply(t *testing.T, s *referee.State, text string, d *dice.Dice) (*referee.State, []referee.Event) {
	t.Helper()
	a, err := referee.ParseAction(text)
	if err != nil {
		t.Fatal(err)
	}
	a.Side = s.PhasingSide().ID
	if d == nil {
		d = scripted(t)
	}
	next, events, err := referee.Apply(s, a, d)
	if err != nil {
		t.Fatalf("%s: %v", text, err)
	}
	scnCheck(t, next)
	return next, events
}

func scnHas(events []referee.Event, typ, text string) bool {
	return slices.ContainsFunc(events, func(e referee.Event) bool { return e.Type == typ && strings.Contains(e.Text, text) })
}

// Ensure the fixed forces of the book's scenarios keep within their
// purchase points (ruling SC1; lines 2227–2231, 2271, 2479, and this
// project's Hot Assault), leftover points being lost (line 2120), and
// obey the scenarios' restrictions.
func TestBookScenarioPoints(t *testing.T) {
	cases := []struct {
		name string
		// points per side (or "side+": its reinforcements), and the total
		// the file's comments give.
		budget, want map[string]int
		check        func(t *testing.T, u referee.Unit, reinforcement bool)
	}{
		{"steel-tip", map[string]int{"lancers": 350, "highlanders": 150, "highlanders+": 100},
			map[string]int{"lancers": 350, "highlanders": 150, "highlanders+": 100},
			func(t *testing.T, u referee.Unit, _ bool) {
				// Lancers: 'Mechs only, Regular or better (line 2227).
				if u.Side == "lancers" && (u.Class.Kind() != referee.KindMech || u.Experience < referee.Regular) {
					t.Errorf("%s: %v %v", u.ID, u.Class, u.Experience)
				}
			}},
		{"pounce", map[string]int{"raiders": 120}, map[string]int{"raiders": 118},
			func(t *testing.T, u referee.Unit, _ bool) {
				if u.Side == "raiders" && (u.Drop || u.Hidden) {
					t.Errorf("%s: no drops or hidden infantry (line 2271)", u.ID)
				}
			}},
		{"hot-assault", map[string]int{"attacker": 300, "defender": 300}, map[string]int{"attacker": 297, "defender": 299},
			func(t *testing.T, u referee.Unit, _ bool) {
				if u.Side == "attacker" && (u.Class.Kind() != referee.KindMech || !u.Drop) {
					t.Errorf("%s: the attacker drops 'Mechs (line 2513)", u.ID)
				}
			}},
		{"no-profit-in-dying", map[string]int{"kurita+": 700}, map[string]int{"kurita+": 690},
			func(t *testing.T, u referee.Unit, reinforcement bool) {
				if u.Side == "kurita" && (u.Hidden || !reinforcement) {
					t.Errorf("%s: the Sword of Light sets up nothing and buys no hidden infantry (lines 2415, 2479)", u.ID)
				}
			}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			sc := scnBook(t, c.name)
			got := map[string]int{}
			for _, u := range sc.Setup.Units {
				c.check(t, *u, false)
				if u.Hidden && c.name == "steel-tip" {
					continue // free (line 2231)
				}
				got[u.Side] += scnCost(sc, *u)
			}
			if r := sc.Setup.Scenario; r != nil {
				for _, g := range r.Reinforcements {
					for _, u := range g.Units {
						c.check(t, u, true)
						got[u.Side+"+"] += scnCost(sc, u)
					}
				}
			}
			for _, sd := range sc.Setup.Sides {
				for h, n := range sd.Mines {
					cost, err := forces.MineCost(n)
					if err != nil {
						t.Fatalf("mines at %s: %v", h, err)
					}
					if c.name != "steel-tip" { // free (line 2231)
						got[sd.ID] += cost
					}
				}
			}
			for side, want := range c.want {
				if got[side] != want || got[side] > c.budget[side] {
					t.Errorf("%s costs %d, want %d (budget %d)", side, got[side], want, c.budget[side])
				}
			}
		})
	}
}

// Ensure the book's fixed lists are shipped as printed: The Pounce's
// supply column (lines 2275–2297), Dreaded Duty's two parties (lines
// 2331–2362) and the Osaka Legion (lines 2419–2471), by class,
// experience and damage.
func TestBookScenarioFixedForces(t *testing.T) {
	count := func(units []referee.Unit, side string) map[string]int {
		out := map[string]int{}
		for _, u := range units {
			if u.Side == side {
				out[u.Class.String()+"/"+u.Experience.String()+"/"+string(rune('0'+u.Step))]++
			}
		}
		return out
	}
	all := func(sc *Scenario) []referee.Unit {
		var units []referee.Unit
		for _, u := range sc.Setup.Units {
			units = append(units, *u)
		}
		if sc.Setup.Scenario != nil {
			for _, g := range sc.Setup.Scenario.Reinforcements {
				units = append(units, g.Units...)
			}
		}
		return units
	}
	cases := []struct {
		name, side string
		want       map[string]int
	}{
		{"pounce", "column", map[string]int{
			"truck/regular/0": 6, "truck/veteran/0": 2, "wheeled/green/0": 3, "hover/regular/0": 1,
			"medium-mech/veteran/3": 1, "heavy-mech/regular/3": 1, "light-mech/regular/2": 1, "light-mech/green/1": 1,
			"light-mech/regular/0": 2, "medium-mech/regular/0": 1}},
		{"dreaded-duty", "side-a", map[string]int{
			"hover/regular/0": 1, "hover/green/0": 2, "light-mech/green/0": 1, "medium-mech/veteran/0": 1,
			"light-mech/regular/0": 1, "tracked/veteran/0": 1, "tracked/regular/0": 2, "wheeled/green/0": 1}},
		{"dreaded-duty", "side-b", map[string]int{
			"jump-infantry/regular/0": 4, "tracked/green/0": 2, "tracked/regular/0": 1, "medium-mech/veteran/0": 2, "medium-mech/regular/0": 1}},
		{"no-profit-in-dying", "osaka", map[string]int{
			"heavy-mech/veteran/2": 1, "medium-mech/veteran/0": 3, "medium-mech/regular/1": 1, "light-mech/regular/0": 1,
			"light-mech/regular/2": 1, "heavy-mech/elite/0": 1, "assault-mech/elite/1": 1, "assault-mech/elite/2": 1,
			"heavy-mech/veteran/3": 1, "light-mech/regular/3": 1, "light-mech/green/0": 1, "light-mech/regular/1": 1,
			"light-air/veteran/0": 1, "medium-air/veteran/0": 1, "heavy-air/veteran/1": 1,
			"union/regular/0": 3, "leopard/regular/0": 3, "overlord/regular/0": 1,
			"long-tom/veteran/0": 1, "long-tom/regular/0": 1, "wheeled/regular/0": 1,
			"assault-mech/veteran/0": 1, "medium-mech/regular/0": 1}},
	}
	for _, c := range cases {
		t.Run(c.name+"/"+c.side, func(t *testing.T) {
			got := count(all(scnBook(t, c.name)), c.side)
			for k, n := range c.want {
				if got[k] != n {
					t.Errorf("%s: %d, want %d", k, got[k], n)
				}
			}
			for k, n := range got {
				if _, ok := c.want[k]; !ok {
					t.Errorf("%s: %d not in the book's list", k, n)
				}
			}
		})
	}
	// Every unit of The Pounce's column holds an ECM chit; the damaged
	// 'Mechs carry salvage (line 2291).
	for _, u := range all(scnBook(t, "pounce")) {
		if !strings.HasPrefix(u.ID, "S") {
			continue
		}
		if !u.Chits.ECM || (u.Class.Kind() == referee.KindMech) != (u.Salvage == 1) {
			t.Errorf("%s: ECM %v, salvage %d", u.ID, u.Chits.ECM, u.Salvage)
		}
	}
	if u := scnBook(t, "no-profit-in-dying").Setup.Unit("F1"); u.Chits.Bomb != 30 {
		t.Errorf("the Light AeroSpace carries %d points of bombs, want 30 (line 2455)", u.Chits.Bomb)
	}
}

// Ensure The Steel Tip's special rule and victory conditions (lines
// 2235–2245): the Highlanders' reinforcements come on 11+ at the west
// edge; a Lancers unit leaving by the west edge scores 5; each Lancers
// unit destroyed is worth 10 more to the Highlanders.
func TestBookSteelTip(t *testing.T) {
	sc := scnBook(t, "steel-tip")
	r := sc.Setup.Scenario
	if len(r.Reinforcements) != 1 || r.Reinforcements[0].Roll != 11 || r.Reinforcements[0].Edge != referee.West || len(r.Reinforcements[0].Units) != 10 {
		t.Fatalf("reinforcements %+v", r.Reinforcements)
	}
	if sc.Setup.Sides[0].ID != "lancers" {
		t.Error("the Lancers do not move first (line 2223)")
	}
	for _, u := range sc.Setup.Units {
		if u.Side == "lancers" && u.Hex.X < sc.Setup.Map.Width-6 {
			t.Errorf("%s sets up at %s, beyond six hexes of the east edge", u.ID, u.Hex)
		}
	}
	t.Run("Reinforcements", func(t *testing.T) {
		// The Lancers' turn 1 (two phases), then the Highlanders roll
		// 4+6 = 10: nothing; in turn 2 they roll 6+5 = 11.
		s := scnStart(t, sc.Setup, "lancers", scripted(t), nil)
		d := scripted(t, 4, 6)
		s, _ = scnApply(t, s, "end", d)
		s, ev := scnApply(t, s, "end", d)
		if !scnHas(ev, "reinforcements", "do not come") || s.Unit("R1") != nil {
			t.Fatalf("events %v", ev)
		}
		for range 3 { // the Highlanders' turn 1, the Lancers' movement
			s, _ = scnApply(t, s, "end", scripted(t))
		}
		s, ev = scnApply(t, s, "end", scripted(t, 6, 5))
		if !scnHas(ev, "reinforcements", "arrive") {
			t.Fatalf("events %v", ev)
		}
		for _, g := range r.Reinforcements[0].Units {
			u := s.Unit(g.ID)
			if u == nil || u.Status != referee.Active || u.Hex.X != 0 {
				t.Errorf("%s did not enter at the west edge", g.ID)
			}
		}
	})
	t.Run("ExitAndBounty", func(t *testing.T) {
		s := scnStart(t, sc.Setup, "lancers", scripted(t), func(s *referee.State) {
			s.Unit("L1").Hex = hex.MustParse("0101")
			l2 := s.Unit("L2")
			l2.Status, l2.Step = referee.Destroyed, 4
		})
		s, ev := scnApply(t, s, "withdraw L1", nil)
		if s.Unit("L1").Status != referee.Withdrawn || !scnHas(ev, "exit", "5 VP") {
			t.Fatalf("L1 %v: %v", s.Unit("L1").Status, ev)
		}
		vp := s.VictoryPoints()
		if vp["lancers"] != 5 || vp["highlanders"] != s.Unit("L2").Cost()+10 {
			t.Errorf("VP %v, want lancers 5, highlanders %d", vp, s.Unit("L2").Cost()+10)
		}
	})
}

// Ensure The Pounce's victory conditions (lines 2299–2309): the column
// enters two a turn up the road; a destroyed carrier leaves two salvage
// counters; counters left on the map go to the raiders; trucks are worth
// 10 more; the column scores 5 a unit and 10 a counter off the north edge.
func TestBookPounce(t *testing.T) {
	sc := scnBook(t, "pounce")
	r := sc.Setup.Scenario
	if len(r.Reinforcements) != 7 || r.Reinforcements[0].Turn != 2 || r.Reinforcements[6].Turn != 8 {
		t.Fatalf("the column follows in %d groups", len(r.Reinforcements))
	}
	if r.Salvage.LeftTo != "raiders" || !r.Salvage.ExitedOnly || r.Salvage.CarrierLeaves != 2 {
		t.Errorf("salvage rules %+v", r.Salvage)
	}
	s := scnStart(t, sc.Setup, "column", scripted(t), func(s *referee.State) {
		s.Unit("S1").Hex = hex.MustParse("3901") // the road at the north edge
		s.Unit("E3").Hex = hex.MustParse("4001")
		s.Unit("E3").Salvage = 1
		for _, id := range []string{"S2", "A1"} { // a truck destroyed; a raider lance lost
			u := s.Unit(id)
			u.Status, u.Step = referee.Destroyed, u.Class.Info().Steps
		}
		s.Salvage = map[hex.Hex]int{hex.MustParse("2010"): 1}
	})
	s, _ = scnApply(t, s, "withdraw S1", nil)
	s, _ = scnApply(t, s, "withdraw E3", nil)
	vp := s.VictoryPoints()
	if want := 5 + 5 + 10 + s.Unit("A1").Cost(); vp["column"] != want {
		t.Errorf("column %d, want %d", vp["column"], want)
	}
	if want := s.Unit("S2").Cost() + 10 + 10; vp["raiders"] != want {
		t.Errorf("raiders %d, want %d (truck + bounty + one counter on the map)", vp["raiders"], want)
	}
	// A unit carrying a counter, destroyed, leaves two: escort E1 has
	// picked one up and has one step left; a raider closes with a 12.
	s = scnStart(t, sc.Setup, "raiders", scripted(t), func(s *referee.State) {
		e := s.Unit("E1")
		e.Hex, e.Step, e.Salvage = hex.MustParse("3816"), 3, 1
		s.Unit("A5").Hex = hex.MustParse("3815")
	})
	s, _ = scnApply(t, s, "end", nil)
	s, ev := scnApply(t, s, "attack A5 E1 close", scripted(t, 6, 6))
	if u := s.Unit("E1"); u.Status != referee.Destroyed || s.Salvage[hex.MustParse("3816")] != 2 {
		t.Errorf("E1 %v, %d counters at 3816: %v", u.Status, s.Salvage[hex.MustParse("3816")], ev)
	}
}

// Ensure Dreaded Duty's rules (lines 2315–2399): salvage on the 25
// listed hexes, night, scavenging, initiative every turn, counters worth
// 15 once carried off, and the end when none is left.
func TestBookDreadedDuty(t *testing.T) {
	sc := scnBook(t, "dreaded-duty")
	s := sc.Setup
	r := s.Scenario
	n := 0
	for _, c := range s.Salvage {
		n += c
	}
	if n != 25 || s.Salvage[hex.MustParse("2912")] != 1 || s.Salvage[hex.MustParse("3309")] != 1 || s.Salvage[hex.MustParse("4008")] != 1 {
		t.Errorf("%d salvage counters: %v", n, s.Salvage)
	}
	if !s.Rules.Night || !r.Scavenging || !r.InitiativeEachTurn || !r.EndWhenSalvageGone || r.Salvage.VP != 15 || !r.Salvage.ExitedOnly {
		t.Errorf("rules %+v, scenario %+v", s.Rules, r)
	}
	for _, u := range s.Units {
		lo := map[string]int{"side-a": 29, "side-b": 32}[u.Side] // 0-based columns 30–32, 33–35
		if u.Hex.X < lo || u.Hex.X > lo+2 {
			t.Errorf("%s of %s sets up at %s", u.ID, u.Side, u.Hex)
		}
	}
	// B8 carries a counter off the north edge and banks 15; with no
	// counter left on the map the game ends with that player turn.
	st := scnStart(t, s, "side-b", scripted(t), func(s *referee.State) {
		b := s.Unit("B8")
		b.Hex, b.Salvage = hex.MustParse("3401"), 1
		s.Salvage = nil // none left lying: the game ends when B8 is off
	})
	st, ev := scnApply(t, st, "withdraw B8", nil)
	if st.Side("side-b").VP != 15 || !scnHas(ev, "exit", "with 1 salvage") {
		t.Errorf("VP %d: %v", st.Side("side-b").VP, ev)
	}
	st, _ = scnApply(t, st, "end", nil)
	st, ev = scnApply(t, st, "end", nil)
	if st.Phase != referee.PhaseOver || !scnHas(ev, "battle_end", "carried off") {
		t.Errorf("phase %v: %v", st.Phase, ev)
	}
}

// Ensure No Profit in Dying's victory conditions (lines 2489–2493): 'Mechs
// carried into space score 10 a 'Mech; salvage counts nothing; what the
// Legion leaves behind is captured at its cost; the Sword of Light
// arrives on the east edge in its first turn.
func TestBookNoProfitInDying(t *testing.T) {
	sc := scnBook(t, "no-profit-in-dying")
	r := sc.Setup.Scenario
	if r.Stranded != "osaka" || r.EndWhenLiftedOff != "osaka" || !r.Salvage.Set || r.Salvage.VP != 0 {
		t.Fatalf("rules %+v", r)
	}
	s := scnStart(t, sc.Setup, "kurita", scripted(t), nil)
	on := 0
	for _, u := range s.Units {
		if u.Side == "kurita" && u.Status == referee.Active {
			on++
			if u.Hex.X != s.Map.Width-1 {
				t.Errorf("%s enters at %s, not the east edge", u.ID, u.Hex)
			}
		}
	}
	if on < 20 {
		t.Errorf("only %d Sword of Light units entered in turn 1", on)
	}
	// H1 (a 'Mech lance) aboard DS7, which lifts off; the rest are left.
	s = scnStart(t, sc.Setup, "osaka", scripted(t), func(s *referee.State) {
		h := s.Unit("H1")
		h.Status, h.Aboard = referee.Reserve, "DS7"
		s.Salvage = map[hex.Hex]int{hex.MustParse("3010"): 3}
	})
	s, _ = scnApply(t, s, "liftoff DS7", nil)
	if got := s.VictoryPoints()["osaka"]; got != 40 {
		t.Errorf("osaka %d VP, want 40 for one 'Mech lance in space", got)
	}
	end, _, err := referee.EndBattle(s, "test")
	if err != nil {
		t.Fatal(err)
	}
	want := 0
	for _, u := range end.Units {
		if u.Side == "osaka" && u.Status == referee.Captured {
			want += u.Cost()
		}
		if u.Side == "osaka" && u.Class.Ground() && u.Status == referee.Active {
			t.Errorf("%s is still on the map", u.ID)
		}
	}
	if got := end.VictoryPoints()["kurita"]; got != want || want == 0 {
		t.Errorf("kurita %d VP, want %d", got, want)
	}
}

// Ensure Hot Assault's drops come down in turn 1 and its objective (hex
// 1014, 50 VP) scores for the attacker alone in it.
func TestBookHotAssault(t *testing.T) {
	sc := scnBook(t, "hot-assault")
	s := scnStart(t, sc.Setup, "attacker", dice.New(dice.NewSeeded(3)), nil)
	d := dice.New(dice.NewSeeded(3))
	s, ev := scnApply(t, s, "end", d)
	landed := 0
	for _, u := range s.Units {
		if u.Side == "attacker" && u.Status.OnMap() {
			landed++
		}
	}
	if landed == 0 {
		t.Fatalf("no drop came down: %v", ev)
	}
	s = s.Clone()
	var a *referee.Unit
	for i := range s.Units {
		if u := s.Units[i]; u.Side == "attacker" && u.Status == referee.Active && a == nil {
			a = u
		}
	}
	base := s.VictoryPoints()["attacker"]
	a.Hex = hex.MustParse("1014")
	if got := s.VictoryPoints()["attacker"]; got != base+50 {
		t.Errorf("holding 1014: %d, want %d", got, base+50)
	}
}

// Ensure every shipped scenario plays to its end AI against AI without
// an error or a broken invariant: 10 seeds each, 3 with -short, 200 with
// BFBOT_LONG=1 (State.Check runs after every action in ai.AutoResolve).
func TestBookScenariosPlayOut(t *testing.T) {
	seeds := 10
	switch {
	case os.Getenv("BFBOT_LONG") == "1":
		seeds = 200
	case testing.Short():
		seeds = 3
	}
	for _, name := range BuiltIns() {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			data, err := BuiltIn(name)
			if err != nil {
				t.Fatal(err)
			}
			for seed := 1; seed <= seeds; seed++ {
				sc, err := Parse(data, nil)
				if err != nil {
					t.Fatal(err)
				}
				players := map[string]*ai.Player{}
				for i, sd := range sc.Setup.Sides {
					players[sd.ID] = ai.New(sd.ID, ai.Normal, uint64(seed*1000003+i))
				}
				ends := 0
				out := Output{Event: func(e referee.Event) {
					if e.Type == "battle_end" {
						ends++
					}
				}}
				s, err := sc.RunAI(dice.New(dice.NewSeeded(uint64(seed))), out, players, 30)
				if err != nil {
					t.Fatalf("seed %d: %v", seed, err)
				}
				if s.Phase != referee.PhaseOver || ends != 1 {
					t.Fatalf("seed %d: phase %v, %d battle_end events", seed, s.Phase, ends)
				}
				for _, err := range s.Check() {
					t.Errorf("seed %d: %v", seed, err)
				}
			}
		})
	}
}
