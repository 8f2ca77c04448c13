package scenario

import (
	"strings"
	"testing"

	"bfbot/campaign/forces"
	"bfbot/mapgen/hex"
	"bfbot/referee"
	"bfbot/referee/ai"
	"bfbot/referee/dice"
)

// Buying a side's force by purchase points (000 lines 2116–2193 and
// each scenario's restrictions, lines 2209–2513).

// purCost is what quick lance generation makes of names at exp costs
// (forces.PurchaseCost, line 2124): the sum the tests expect.
func purCost(t *testing.T, exp referee.Experience, names ...string) int {
	t.Helper()
	l, err := forces.QuickLance(names, exp)
	if err != nil {
		t.Fatal(err)
	}
	return forces.PurchaseCost(l)
}

// purSide lists a side's units in the set-up.
func purSide(s *referee.State, side string) []referee.Unit {
	var out []referee.Unit
	for _, u := range s.Units {
		if u.Side == side {
			out = append(out, *u)
		}
	}
	return out
}

// Ensure a bought force replaces the fixed one, costs what the Values
// Table and the experience costs make it (lines 2124–2139), and sets up
// in the side's area.
func TestBuy(t *testing.T) {
	t.Run("OK", func(t *testing.T) {
		sc := scnBook(t, "surprise-encounter")
		bandits := len(purSide(sc.Setup, "bandits"))
		if err := Buy(sc, "lancers", "Atlas Atlas Stalker Zeus @veteran; Locust Wasp Stinger Wasp"); err != nil {
			t.Fatal(err)
		}
		got := purSide(sc.Setup, "lancers")
		if len(got) != 2 {
			t.Fatalf("%d lancers units, want the 2 bought", len(got))
		}
		o, err := sc.Purchases["lancers"].Order(sc.Setup, "Atlas Atlas Stalker Zeus @veteran; Locust Wasp Stinger Wasp")
		if err != nil {
			t.Fatal(err)
		}
		want := purCost(t, referee.Veteran, "Atlas", "Atlas", "Stalker", "Zeus") + purCost(t, referee.Regular, "Locust", "Wasp", "Stinger", "Wasp")
		if o.Points != want {
			t.Errorf("order costs %d, want %d", o.Points, want)
		}
		if got[0].Class != referee.AssaultMech || got[0].Experience != referee.Veteran || got[1].Class != referee.LightMech {
			t.Errorf("bought %v %v, %v", got[0].Class, got[0].Experience, got[1].Class)
		}
		for _, u := range got {
			if u.Status == referee.Reserve || u.Hex.X >= 3 {
				t.Errorf("%s at %s (%v): want within 3 hexes of the west edge", u.ID, u.Hex, u.Status)
			}
		}
		if n := len(purSide(sc.Setup, "bandits")); n != bandits {
			t.Errorf("bandits have %d units, want their %d", n, bandits)
		}
		for _, c := range sc.Commands {
			if c.Action.Side == "lancers" {
				t.Errorf("command %v of the fixed force kept", c)
			}
		}
		scnCheck(t, sc.Setup)
	})
	t.Run("SpecialPurchases", func(t *testing.T) {
		// The Steel Tip: drops at 5 a 'Mech (line 2227), the Highlanders'
		// free mines and hidden infantry kept (line 2231).
		sc := scnBook(t, "steel-tip")
		o, err := sc.Purchases["lancers"].Order(sc.Setup, "Atlas Atlas Stalker Zeus drop +recon")
		if err != nil {
			t.Fatal(err)
		}
		if want := purCost(t, referee.Regular, "Atlas", "Atlas", "Stalker", "Zeus") + 3 + 4*5; o.Points != want {
			t.Errorf("a dropped lance with ESR costs %d, want %d", o.Points, want)
		}
		// Air units cost their Air Attack Value (line 2124) and wait in
		// reserve.
		air, err := forces.QuickLance([]string{"Seydlitz", "Cheetah"}, referee.Veteran)
		if err != nil {
			t.Fatal(err)
		}
		if err := Buy(sc, "lancers", "Seydlitz Cheetah @veteran; Atlas Atlas Stalker Zeus"); err != nil {
			t.Fatal(err)
		}
		if u := sc.Setup.Unit("L1"); u == nil || u.Class.Kind() != referee.KindAir || u.Status != referee.Reserve {
			t.Errorf("L1 %+v: want the air lance in reserve", u)
		}
		if o, err := sc.Purchases["lancers"].Order(sc.Setup, "Seydlitz Cheetah @veteran"); err != nil || o.Points != air.AirAttack+5 {
			t.Errorf("air lance costs %d (%v), want %d", o.Points, err, air.AirAttack+5)
		}
		if err := Buy(sc, "highlanders", "Scorpion tank Scorpion tank Scorpion tank Scorpion tank; hidden infantry; mines 3010:10"); err != nil {
			t.Fatal(err)
		}
		s := sc.Setup
		for _, id := range []string{"I1", "I5"} {
			if u := s.Unit(id); u == nil || !u.Hidden {
				t.Errorf("free hidden infantry %s not kept", id)
			}
		}
		if m := s.Side("highlanders").Mines; len(m) != 11 || m[hex.Hex{X: 29, Y: 9}] != 10 {
			t.Errorf("mines %v: want the 10 free hexes and the bought 3010", m)
		}
		hidden := 0
		for _, u := range purSide(s, "highlanders") {
			if u.Hidden {
				hidden++
			}
		}
		if hidden != 6 {
			t.Errorf("%d hidden infantry, want 5 free and 1 bought", hidden)
		}
	})
	t.Run("Enter", func(t *testing.T) {
		// No Profit in Dying: the Sword of Light places its units on the
		// east edge on its first turn (line 2415).
		sc := scnBook(t, "no-profit-in-dying")
		if err := Buy(sc, "kurita", "Atlas Atlas Atlas Atlas @elite; Locust Locust Locust Locust drop"); err != nil {
			t.Fatal(err)
		}
		var got []referee.Unit
		for _, g := range sc.Setup.Scenario.Reinforcements {
			if g.Side == "kurita" {
				got = append(got, g.Units...)
			}
		}
		if len(got) != 1 || !referee.OnEdge(sc.Setup.Map, got[0].Hex, referee.East) || got[0].Experience != referee.Elite {
			t.Errorf("kurita reinforcements %+v: want the Atlas lance alone on the east edge", got)
		}
		if u := purSide(sc.Setup, "kurita"); len(u) != 1 || !u[0].Drop {
			t.Errorf("kurita units %+v: want the Locust lance kept in space", u)
		}
	})
}

// Ensure every refusal names the rule and the numbers.
func TestBuyRefused(t *testing.T) {
	cases := []struct {
		name, scenario, side, list, want string
	}{
		{"OverBudget", "surprise-encounter", "bandits", "Atlas Atlas Atlas Atlas @elite; Atlas Atlas Atlas Atlas @elite; Atlas Atlas Atlas Atlas @elite; Atlas Atlas Atlas Atlas @elite; Atlas Atlas Atlas Atlas @elite; Atlas Atlas Atlas Atlas @elite",
			"bandits: 210 points bought, the scenario allows 200: drop 10 points"},
		{"ForbiddenKind", "no-mech", "garrison", "Scorpion tank Scorpion tank Scorpion tank Scorpion tank; Atlas Atlas Atlas Atlas",
			"item 2 (Atlas, Atlas, Atlas, Atlas) is assault-mech (mech): the scenario allows only vehicle, infantry, air"},
		{"ForbiddenArtillery", "surprise-encounter", "lancers", "Long Tom Long Tom Long Tom Long Tom", "the scenario allows only mech, vehicle, infantry, air"},
		{"UnknownName", "surprise-encounter", "lancers", "Atlos Atlas Atlas Atlas", "did you mean Atlas?"},
		{"MinExperience", "steel-tip", "lancers", "Atlas Atlas Atlas Atlas @green", "is green: the scenario's mech units are regular or better"},
		{"NoDrops", "surprise-encounter", "lancers", "Atlas Atlas Atlas Atlas drop", "this scenario keeps no 'Mechs in space to drop"},
		{"DropLimit", "steel-tip", "lancers", "Locust Locust Locust Locust drop; Wasp Wasp Wasp Wasp drop", "8 'Mechs kept in space to drop, the scenario allows 6"},
		{"NoMines", "pounce", "raiders", "Locust Locust Locust Locust; mines 0512:10", "this scenario allows no mine attacks"},
		{"NoHidden", "pounce", "raiders", "hidden infantry", "this scenario allows no hidden infantry"},
		{"NoChits", "surprise-encounter", "lancers", "Locust Locust Locust Locust +ecm", "this scenario allows no variation chits"},
		{"MinesInFives", "hot-assault", "defender", "mines 0512:7", "buy them in groups of 5"},
		{"FixedForce", "dreaded-duty", "side-a", "Locust Locust Locust Locust", "fixed force, not purchase points"},
		{"NoSide", "surprise-encounter", "pirates", "Locust", `no side "pirates"`},
		{"Empty", "surprise-encounter", "lancers", " ", "the purchase list is empty"},
		{"EmptyItem", "surprise-encounter", "lancers", "Locust;;Wasp", "item 2 of the list is empty"},
		{"BadExperience", "surprise-encounter", "lancers", "Locust @ace", "item 1"},
		{"MixedLance", "surprise-encounter", "lancers", "Locust Scorpion tank", "item 1 (Locust Scorpion tank)"},
		{"OnlyMines", "hot-assault", "defender", "mines 0512:10", "defender: the list buys no units"},
		{"HiddenMech", "hot-assault", "defender", "Locust hidden", "only infantry is placed hidden"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			sc := scnBook(t, c.scenario)
			before := sc.Setup
			err := Buy(sc, c.side, c.list)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v, want an error with %q", err, c.want)
			}
			if sc.Setup != before {
				t.Error("a refused purchase changed the scenario")
			}
		})
	}
}

// Ensure count limits (max:) hold, by kind and by class.
func TestBuyMax(t *testing.T) {
	file := `map: {seed: 1, sheets: 1}
sides:
  - id: a
    purchase: {points: 500, max: {mech: 2, light-mech: 1}}
    units: [{id: A1, class: light-mech, values: {ra: 3, ca: 6, d: 5, r: 2, mp: 6}, hex: "0101"}]
  - id: b
    units: [{id: B1, class: light-mech, values: {ra: 3, ca: 6, d: 5, r: 2, mp: 6}, hex: "1601"}]
`
	for _, c := range []struct{ list, want string }{
		{"Locust Locust Locust Locust; Atlas Atlas Atlas Atlas", ""},
		{"Locust Locust Locust Locust; Wasp Wasp Wasp Wasp", "a: 2 light-mech counters bought, the scenario allows 1"},
		{"Atlas Atlas Atlas Atlas; Zeus Zeus Zeus Zeus; Locust Locust Locust Locust", "a: 3 mech counters bought, the scenario allows 2"},
	} {
		t.Run(c.list, func(t *testing.T) {
			sc, err := Parse([]byte(file), nil)
			if err != nil {
				t.Fatal(err)
			}
			err = Buy(sc, "a", c.list)
			if (c.want == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), c.want)) {
				t.Fatalf("got %v, want %q", err, c.want)
			}
		})
	}
}

// Ensure a purchase block with a mistake is refused with its line.
func TestPurchaseBlockErrors(t *testing.T) {
	for _, c := range []struct{ block, want string }{
		{"{kinds: [mech]}", "sides[0].purchase.points: missing"},
		{"{points: 100, kinds: [robots]}", `"robots": use a kind`},
		{"{points: 100, colour: red}", "unknown field"},
		{"{points: 100, keep: [Z9]}", `"Z9" is not a unit of a`},
		{"{points: 100, area: {edge: up}}", `edge "up"`},
		{"{points: 100, area: {edge: west}, enter: {edge: east}}", "not both"},
		{"{points: 100, min_experience: {mech: ace}}", "min_experience.mech"},
	} {
		t.Run(c.want, func(t *testing.T) {
			file := "map: {seed: 1, sheets: 1}\nsides:\n  - id: a\n    purchase: " + c.block + `
    units: [{id: A1, class: light-mech, values: {ra: 3, ca: 6, d: 5, r: 2, mp: 6}, hex: "0101"}]
  - id: b
    units: [{id: B1, class: light-mech, values: {ra: 3, ca: 6, d: 5, r: 2, mp: 6}, hex: "1601"}]
`
			_, err := Parse([]byte(file), nil)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v, want %q", err, c.want)
			}
		})
	}
}

// Ensure the shipped scenarios' purchase blocks carry the book's points
// (lines 2209, 2227–2229, 2271, 2479, 2509, and SC9's 300).
func TestBookPurchasePoints(t *testing.T) {
	want := map[string]map[string]int{
		"surprise-encounter":     {"lancers": 200, "bandits": 200},
		"no-mech":                {"garrison": 200, "bandits": 200},
		"steel-tip":              {"lancers": 350, "highlanders": 150},
		"pounce":                 {"raiders": 120},
		"no-profit-in-dying":     {"kurita": 700},
		"hot-assault":            {"attacker": 300, "defender": 300},
		"mechs-versus-non-mechs": {"lancers": 70, "bandits": 87},
		"dreaded-duty":           {},
	}
	for name, sides := range want {
		sc := scnBook(t, name)
		if len(sc.Purchases) != len(sides) {
			t.Errorf("%s: %d purchase blocks, want %d", name, len(sc.Purchases), len(sides))
		}
		for side, pts := range sides {
			if p := sc.Purchases[side]; p == nil || p.Points != pts {
				t.Errorf("%s/%s: purchase %+v, want %d points", name, side, p, pts)
			}
		}
	}
}

// Ensure a bought force plays a scenario to its end, AI against AI,
// leaving a consistent state.
func TestBuyPlaysOut(t *testing.T) {
	for _, c := range []struct{ scenario, side, list string }{
		{"surprise-encounter", "lancers", "Atlas Atlas Stalker Zeus @veteran; Locust Wasp Stinger Wasp; Shadow Hawk Griffin Wolverine Phoenix Hawk @elite"},
		{"no-profit-in-dying", "kurita", "Atlas Atlas Stalker Zeus @veteran; Marauder Marauder Warhammer Warhammer; Locust Wasp Stinger Wasp"},
	} {
		t.Run(c.scenario, func(t *testing.T) {
			sc := scnBook(t, c.scenario)
			if err := Buy(sc, c.side, c.list); err != nil {
				t.Fatal(err)
			}
			players := map[string]*ai.Player{}
			for i, sd := range sc.Setup.Sides {
				players[sd.ID] = ai.New(sd.ID, ai.Normal, uint64(7+i))
			}
			ends := 0
			out := Output{Event: func(e referee.Event) {
				if e.Type == "battle_end" {
					ends++
				}
			}}
			s, err := sc.RunAI(dice.New(dice.NewSeeded(7)), out, players, 12)
			if err != nil {
				t.Fatal(err)
			}
			if s.Phase != referee.PhaseOver || ends != 1 {
				t.Fatalf("phase %v, %d battle_end events", s.Phase, ends)
			}
			scnCheck(t, s)
		})
	}
}
