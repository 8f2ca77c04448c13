package campaign

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"bfbot/campaign/forces"
	"bfbot/mapgen"
	"bfbot/referee"
	"bfbot/referee/dice"
)

// plcNew makes the built-in regiments' campaign on a cols×rows map with
// the given settings changes.
func plcNew(tb testing.TB, cols, rows int, change func(*Settings)) *Campaign {
	tb.Helper()
	c, err := plcTryNew(cols, rows, change)
	if err != nil {
		tb.Fatal(err)
	}
	mustCheck(tb, c)
	return c
}

func plcTryNew(cols, rows int, change func(*Settings)) (*Campaign, error) {
	m, err := mapgen.GenerateStrategic(1, cols, rows)
	if err != nil {
		return nil, err
	}
	var regs []forces.Regiment
	for _, id := range forces.BuiltInIDs {
		r, err := forces.BuiltIn(id)
		if err != nil {
			return nil, err
		}
		// Every 'Mech lance is kept ready to drop (a special purchase,
		// 000 lines 2040–2042), so any 'Mech battlegroup may be held in orbit
		// (ruling DR24).
		for _, u := range r.Units {
			if u.Lance.Class.Kind() == referee.KindMech {
				r.Special.Drops = append(r.Special.Drops, forces.UnitLabel(u))
			}
		}
		regs = append(regs, r)
	}
	st := DefaultSettings()
	st.MapCols, st.MapRows = cols, rows
	if change != nil {
		change(&st)
	}
	return New(1, "placement", st, m, regs)
}

// plcMechBG is the ID of side's first non-RBG battlegroup of 'Mech
// lances only (Vanur's Battalion for crucis, Ellis' for bandits).
func plcMechBG(tb testing.TB, c *Campaign, side string) int {
	tb.Helper()
	s := c.Side(side)
	for i := range s.Battlegroups {
		if b := &s.Battlegroups[i]; !b.RBG && orbitRefusal(s, b) == nil {
			return b.ID
		}
	}
	tb.Fatalf("side %s has no 'Mech battlegroup", side)
	return 0
}

// plcMixedBG is the ID of side's first non-RBG battlegroup holding a unit
// that is not a 'Mech lance.
func plcMixedBG(tb testing.TB, c *Campaign, side string) int {
	tb.Helper()
	s := c.Side(side)
	for i := range s.Battlegroups {
		if b := &s.Battlegroups[i]; !b.RBG && orbitRefusal(s, b) != nil {
			return b.ID
		}
	}
	tb.Fatalf("side %s has no mixed battlegroup", side)
	return 0
}

func plcPlace(tb testing.TB, c *Campaign, side string, bg, sector int) *Campaign {
	tb.Helper()
	n, _, err := Place(c, side, bg, sector)
	if err != nil {
		tb.Fatalf("Place(%s, %d, %d): %v", side, bg, sector, err)
	}
	mustCheck(tb, n)
	return n
}

// Ensure each side's placement sectors are its end column with
// deployment ends (ruling PL1), its half of the map with deployment
// sectors (ruling PL2), or the designated ones, rearmost first.
func TestPlacementSectors(t *testing.T) {
	for _, tc := range []struct {
		name       string
		cols, rows int
		change     func(*Settings)
		west, east []int
	}{
		{"Ends", 4, 3, nil, []int{1, 5, 9}, []int{4, 8, 12}},
		{"Halves", 4, 3, func(s *Settings) { s.Deployment = "sectors" }, []int{1, 5, 9, 2, 6, 10}, []int{4, 8, 12, 3, 7, 11}},
		// 5 columns: the middle one (sectors 3 and 8) is no man's land.
		{"HalvesOdd", 5, 2, func(s *Settings) { s.Deployment = "sectors" }, []int{1, 6, 2, 7}, []int{5, 10, 4, 9}},
		// One column: halved by rows.
		{"HalvesOneColumn", 1, 4, func(s *Settings) { s.Deployment = "sectors" }, []int{1, 2}, []int{3, 4}},
		{"Designated", 4, 3, func(s *Settings) {
			s.Deployment = "sectors"
			s.DesignatedSectors = map[string][]int{"crucis": {6, 1, 2}, "bandits": {12, 7}}
		}, []int{1, 2, 6}, []int{12, 7}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := plcNew(t, tc.cols, tc.rows, tc.change)
			for side, want := range map[string][]int{"crucis": tc.west, "bandits": tc.east} {
				got, err := PlacementSectors(c, side)
				if err != nil {
					t.Fatal(err)
				}
				if !slices.Equal(got, want) {
					t.Errorf("%s: placement sectors %v, want %v", side, got, want)
				}
				// New already stands every battlegroup in them, so Start
				// needs no placement.
				for _, b := range c.Side(side).Battlegroups {
					if !slices.Contains(want, b.Sector) {
						t.Errorf("%s battlegroup %d starts in sector %d, outside %v", side, b.ID, b.Sector, want)
					}
				}
			}
			if _, err := Start(c, nil); err != nil {
				t.Fatalf("Start after New: %v", err)
			}
		})
	}
	t.Run("ErrNoSide", func(t *testing.T) {
		if _, err := PlacementSectors(mustNewCampaign(t), "kurita"); err == nil {
			t.Fatal("placement sectors of an unknown side")
		}
	})
}

// Ensure New refuses designated sectors it cannot honour (ruling PL3).
func TestDesignatedSectorsRefused(t *testing.T) {
	for _, tc := range []struct {
		name, want string
		deploy     string
		sectors    map[string][]int
	}{
		{"ErrWithEnds", "only counts with deployment sectors", "ends", map[string][]int{"crucis": {1}, "bandits": {4}}},
		{"ErrSideMissing", "names no sector for side bandits", "sectors", map[string][]int{"crucis": {1}}},
		{"ErrUnknownSide", `side "kurita"`, "sectors", map[string][]int{"crucis": {1}, "bandits": {4}, "kurita": {6}}},
		{"ErrOffMap", "sector 13, which is not on", "sectors", map[string][]int{"crucis": {1, 13}, "bandits": {4}}},
		{"ErrShared", "given to both crucis and bandits", "sectors", map[string][]int{"crucis": {1, 6}, "bandits": {4, 6}}},
		{"ErrTwice", "listed twice", "sectors", map[string][]int{"crucis": {1, 1}, "bandits": {4}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := plcTryNew(4, 3, func(s *Settings) { s.Deployment, s.DesignatedSectors = tc.deploy, tc.sectors })
			var e *Error
			if !errors.As(err, &e) || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("New: error %v, want a refusal saying %q", err, tc.want)
			}
		})
	}
}

// Ensure a side may place its battlegroups in its own sectors and its
// 'Mech battlegroups in orbit before the start, and every other placement
// is refused with a player-facing error.
func TestPlace(t *testing.T) {
	c := plcNew(t, 4, 3, nil)
	mech, mixed := plcMechBG(t, c, "crucis"), plcMixedBG(t, c, "crucis")
	rbg := c.Side("crucis").RBG().ID
	started, err := Start(c, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, side string
		c          *Campaign
		bg, sector int
		want       string
	}{
		{"ErrWrongPhase", "crucis", started, mech, 5, "placement is over"},
		{"ErrNoSide", "kurita", c, mech, 5, "no side"},
		{"ErrNotYourBattlegroup", "crucis", c, 99, 5, "you have no battlegroup 99"},
		{"ErrSectorNotAllowed", "crucis", c, mech, 4, "not one of your deployment sectors"},
		{"ErrEnemyEnd", "bandits", c, plcMechBG(t, c, "bandits"), 1, "not one of your deployment sectors"},
		{"ErrOffMap", "crucis", c, mech, 13, "there is no sector 13"},
		{"ErrNonMechInOrbit", "crucis", c, mixed, 0, "only 'Mech battlegroups"},
		{"ErrRBGInOrbit", "crucis", c, rbg, 0, "regimental battlegroup starts on the ground"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := Place(tc.c, tc.side, tc.bg, tc.sector)
			var e *Error
			if !errors.As(err, &e) || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("Place: error %v, want a refusal saying %q", err, tc.want)
			}
		})
	}
	t.Run("ErrOrderWithoutSector", func(t *testing.T) {
		if _, _, err := GiveOrder(c, "crucis", Order{Kind: OrderPlace, Battlegroup: mech}); err == nil {
			t.Fatal("a place order without a sector was accepted")
		}
	})
	t.Run("OK", func(t *testing.T) {
		n := plcPlace(t, c, "crucis", mech, 0)
		n = plcPlace(t, n, "crucis", mixed, 9)
		n = plcPlace(t, n, "crucis", rbg, 1)
		s := n.Side("crucis")
		if got := []int{s.Battlegroup(mech).Sector, s.Battlegroup(mixed).Sector, s.Battlegroup(rbg).Sector}; !slices.Equal(got, []int{0, 9, 1}) {
			t.Fatalf("sectors after placing = %v, want [0 9 1]", got)
		}
		if c.Side("crucis").Battlegroup(mech).Sector == 0 {
			t.Fatal("Place changed the campaign it was given")
		}
		n, err := Start(n, nil)
		if err != nil {
			t.Fatalf("Start: %v", err)
		}
		mustCheck(t, n)
	})
	t.Run("ThroughGiveOrder", func(t *testing.T) {
		n, evs, err := GiveOrder(c, "crucis", Order{Kind: OrderPlace, Battlegroup: mech, Sectors: []int{0}})
		if err != nil {
			t.Fatal(err)
		}
		mustCheck(t, n)
		if n.Side("crucis").Battlegroup(mech).Sector != 0 || len(evs) != 1 || evs[0].Type != "place" {
			t.Fatalf("GiveOrder place: events %+v", evs)
		}
	})
}

// Ensure a placement is secret (ruling R10): the enemy's view and a
// spectator's are the same before and after it, and the placing side's
// event is addressed to it alone.
func TestPlacementSecrecy(t *testing.T) {
	c := plcNew(t, 4, 3, func(s *Settings) { s.Deployment = "sectors" })
	before := map[string]string{"bandits": plcViewJSON(t, c, "bandits"), "": plcViewJSON(t, c, "")}
	n := plcPlace(t, c, "crucis", plcMechBG(t, c, "crucis"), 0)
	n = plcPlace(t, n, "crucis", plcMixedBG(t, c, "crucis"), 6)
	n, _, err := GiveOrder(n, "crucis", Order{Kind: OrderRename, Battlegroup: n.Side("crucis").RBG().ID, Name: "Base"})
	if err != nil {
		t.Fatal(err)
	}
	for viewer, want := range before {
		if got := plcViewJSON(t, n, viewer); got != want {
			t.Errorf("view of %q changed with crucis's placement:\nbefore %s\nafter  %s", viewer, want, got)
		}
	}
	for _, e := range n.Log.Since(c.Log.Len()) {
		if !slices.Equal(e.Audience, []string{"crucis"}) {
			t.Errorf("set-up event %q is addressed to %v, want crucis only", e.Text, e.Audience)
		}
	}
	if got := View(n, "crucis").Own.Battlegroup(plcMechBG(t, c, "crucis")).Sector; got != 0 {
		t.Errorf("crucis sees its 'Mech battlegroup in sector %d, want orbit", got)
	}
}

func plcViewJSON(tb testing.TB, c *Campaign, side string) string {
	tb.Helper()
	b, err := json.Marshal(View(c, side))
	if err != nil {
		tb.Fatal(err)
	}
	return string(b)
}

// Ensure a side can form battlegroups in the set-up phase (split, merge,
// rename) and place them, while sealed orders wait for turn 1.
func TestSetupWorksheet(t *testing.T) {
	c := plcNew(t, 4, 3, nil)
	s := c.Side("crucis")
	mixed := s.Battlegroup(plcMixedBG(t, c, "crucis"))
	var mechs []string
	for _, id := range mixed.Units {
		if s.Unit(id).Lance.Class.Kind() == referee.KindMech {
			mechs = append(mechs, id)
		}
	}
	give := func(c *Campaign, o Order) *Campaign {
		t.Helper()
		n, evs, err := GiveOrder(c, "crucis", o)
		if err != nil {
			t.Fatalf("%s: %v", o.Kind, err)
		}
		mustCheck(t, n)
		for _, e := range evs {
			if e.Step != "setup" || !slices.Equal(e.Audience, []string{"crucis"}) {
				t.Errorf("%s: event %+v, want a secret set-up event", o.Kind, e)
			}
		}
		return n
	}
	newID := s.NextBattlegroup
	n := give(c, Order{Kind: OrderSplit, Battlegroup: mixed.ID, Units: mechs, Name: "Drop Group"})
	n = give(n, Order{Kind: OrderPlace, Battlegroup: newID, Sectors: []int{0}})
	n = give(n, Order{Kind: OrderRename, Battlegroup: mixed.ID, Name: "Air and Scouts"})
	second := n.Side("crucis").NextBattlegroup
	n = give(n, Order{Kind: OrderSplit, Battlegroup: newID, Units: mechs[:1]})
	if got := n.Side("crucis").Battlegroup(second).Sector; got != 0 {
		t.Fatalf("a battlegroup split off in orbit stands in sector %d, want orbit", got)
	}
	n = give(n, Order{Kind: OrderMerge, Battlegroup: newID, With: []int{second}})
	if _, err := Start(n, nil); err != nil {
		t.Fatalf("Start: %v", err)
	}
	for _, kind := range []OrderKind{OrderMove, OrderDrop, OrderHold, OrderSearch, OrderReady, OrderRecon, OrderLiftOff} {
		t.Run("Err"+string(kind), func(t *testing.T) {
			_, _, err := GiveOrder(n, "crucis", Order{Kind: kind, Battlegroup: newID, Sectors: []int{6}, ESR: true})
			if err == nil || !strings.Contains(err.Error(), "has not started") {
				t.Fatalf("%s in set-up: error %v", kind, err)
			}
		})
	}
	t.Run("ErrMergeAcrossOrbit", func(t *testing.T) {
		if _, _, err := GiveOrder(n, "crucis", Order{Kind: OrderMerge, Battlegroup: mixed.ID, With: []int{newID}}); err == nil {
			t.Fatal("a battlegroup on the ground merged with one in orbit")
		}
	})
}

// Ensure Start refuses a battlegroup standing outside its side's sectors
// or held in orbit against the rules, however it got there (a settings
// change, or a hand-edited campaign).
func TestStartChecksPlacement(t *testing.T) {
	c := plcNew(t, 4, 3, nil)
	for _, tc := range []struct {
		name   string
		change func(*Campaign)
	}{
		{"ErrOutsideEnd", func(n *Campaign) { n.Side("bandits").Battlegroups[1].Sector = 7 }},
		{"ErrRBGInOrbit", func(n *Campaign) { n.Side("crucis").RBG().Sector = 0 }},
		{"ErrMixedInOrbit", func(n *Campaign) { n.Side("crucis").Battlegroup(plcMixedBG(t, c, "crucis")).Sector = 0 }},
		{"ErrDesignatedElsewhere", func(n *Campaign) {
			n.Settings.Deployment = "sectors"
			n.Settings.DesignatedSectors = map[string][]int{"crucis": {2, 6}, "bandits": {3, 7}}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			n := c.Clone()
			tc.change(n)
			_, err := Start(n, nil)
			var e *Error
			if !errors.As(err, &e) || !strings.Contains(err.Error(), "cannot start") {
				t.Fatalf("Start: error %v, want a placement refusal", err)
			}
		})
	}
}

// Ensure a battlegroup held in orbit at set-up drops in turn 1 (000
// lines 2589, 2639): the drop is public, the enemy notes it as intel, and
// the battlegroup lands in the sector.
func TestOrbitDrop(t *testing.T) {
	c := plcNew(t, 4, 3, nil)
	mech := plcMechBG(t, c, "crucis")
	c = plcPlace(t, c, "crucis", mech, 0)
	c, err := Start(c, nil)
	if err != nil {
		t.Fatal(err)
	}
	mustCheck(t, c)
	dropsAt := func(v SideView) []int {
		for _, o := range aiOrders(v, 1) {
			if o.Kind == OrderDrop && o.Battlegroup == mech {
				return o.Sectors
			}
		}
		return nil
	}
	// The AI waits in orbit for intel of an enemy it can beat, then
	// drops on him: not on a search's find, which may be a battalion as
	// big as its own, but where a battle ended with 3 enemy units left.
	if got := dropsAt(View(c, "crucis")); got != nil {
		t.Errorf("the AI drops into %v with no intel of the enemy", got)
	}
	seen := c.Clone()
	seen.Side("crucis").Intel = append(seen.Side("crucis").Intel, Intel{Turn: 1, Sector: 7, Present: true})
	if got := dropsAt(View(seen, "crucis")); got != nil {
		t.Errorf("the AI drops into %v onto a battalion as big as its own", got)
	}
	v := View(c, "crucis")
	v.Battles = append(v.Battles, BattleView{ID: 1, Turn: 1, Sector: 7, Own: []int{1}, Over: true, EnemyLeft: aiLeft(3, "mech", "")})
	if got := dropsAt(v); !slices.Equal(got, []int{7}) {
		t.Errorf("the AI drops into %v, want 7 where it saw 3 enemy units left", got)
	}
	c, _, err = GiveOrder(c, "crucis", Order{Kind: OrderDrop, Battlegroup: mech, Sectors: []int{6}})
	if err != nil {
		t.Fatal(err)
	}
	mustCheck(t, c)
	before := c.Log.Len()
	n, _, err := Advance(c, dice.New(dice.NewSeeded(1)))
	if err != nil {
		t.Fatal(err)
	}
	mustCheck(t, n)
	if got := n.Side("crucis").Battlegroup(mech).Sector; got != 6 {
		t.Fatalf("battlegroup %d stands in sector %d after its drop, want 6", mech, got)
	}
	var public []Event
	for _, e := range n.Log.Since(before) {
		if e.Type == "drop" && len(e.Audience) == 0 && e.Sector == 6 && e.Side == "crucis" {
			public = append(public, e)
		}
	}
	if len(public) != 1 {
		t.Fatalf("public drop events = %d, want 1", len(public))
	}
	enemy := View(n, "bandits")
	if !slices.ContainsFunc(enemy.Events, func(e Event) bool { return e.Type == "drop" && e.Sector == 6 }) {
		t.Error("the enemy's view does not show the drop")
	}
	if !slices.ContainsFunc(n.Side("bandits").Intel, func(in Intel) bool { return in.Turn == 1 && in.Sector == 6 && in.Drop }) {
		t.Errorf("bandits intel %+v has no drop in sector 6", n.Side("bandits").Intel)
	}
	for _, e := range enemy.Events {
		if strings.Contains(e.Text, c.Side("crucis").Battlegroup(mech).Name) {
			t.Errorf("the enemy learns which battlegroup dropped: %q", e.Text)
		}
	}
}

// Ensure the AI's placements are deterministic, read only the side's
// view, pass GiveOrder, and let the campaign start: RBG in the middle; no
// battlegroup in orbit without lances kept ready to drop (ruling DR24);
// with some, they split off and are held in orbit.
func TestAIPlacement(t *testing.T) {
	for _, deploy := range []string{"ends", "sectors"} {
		for _, ready := range []int{0, 2} {
			t.Run(fmt.Sprintf("%s/%d-ready", deploy, ready), func(t *testing.T) {
				c := plcNew(t, 4, 3, func(s *Settings) { s.Deployment = deploy })
				for _, side := range []string{"crucis", "bandits"} {
					marked := plcDropReady(c, side, ready)
					os := AIPlacement(c, side, 7)
					if !slices.EqualFunc(os, AIPlacement(c, side, 7), func(a, b Order) bool { return fmt.Sprint(a) == fmt.Sprint(b) }) {
						t.Fatalf("%s: AIPlacement differs for the same seed", side)
					}
					orbit := 0
					for _, o := range os {
						n, _, err := GiveOrder(c, side, o)
						c = btlMust(t, n, err)
						if o.Kind == OrderPlace && o.Sectors[0] == 0 {
							orbit = o.Battlegroup
						}
					}
					if ready == 0 && orbit != 0 || ready > 0 && (orbit == 0 || !slices.Equal(c.Side(side).Battlegroup(orbit).Units, marked)) {
						t.Errorf("%s: battlegroup %d in orbit, want %d lances kept ready to drop %v", side, orbit, ready, marked)
					}
					if want := map[string]int{"crucis": 5, "bandits": 8}[side]; deploy == "ends" && c.Side(side).RBG().Sector != want {
						t.Errorf("%s: RBG in sector %d, want the middle of its end, %d", side, c.Side(side).RBG().Sector, want)
					}
				}
				n, err := Start(c, nil)
				if err != nil {
					t.Fatalf("Start after the AI's placements: %v", err)
				}
				mustCheck(t, n)
				if got := AIPlacement(n, "crucis", 7); got != nil {
					t.Errorf("AIPlacement after the start = %v, want none", got)
				}
				if v := View(n, "crucis"); v.Placement != nil {
					t.Errorf("view after the start lists placement sectors %v", v.Placement)
				}
			})
		}
	}
}

// plcDropReady keeps only the first n 'Mech lances of side's first
// battlegroup other than the RBG ready to drop (a special purchase, 000
// lines 2040–2042) and returns their IDs.
func plcDropReady(c *Campaign, side string, n int) []string {
	s := c.Side(side)
	for i := range s.Units {
		s.Units[i].DropReady = false
	}
	var out []string
	for _, b := range s.Battlegroups {
		if b.RBG {
			continue
		}
		for _, id := range b.Units {
			if u := s.Unit(id); len(out) < n && u.Lance.Class.Kind() == referee.KindMech {
				u.DropReady = true
				out = append(out, id)
			}
		}
		break
	}
	return out
}

// Ensure a battlegroup may be held in orbit only if every lance in it is
// kept ready to drop, the special purchase of 10 points a 'Mech (000 line
// 2040; ruling DR24): the refusal names the lance and the cost, at
// placement and at the start, and New reads the purchase from the
// regiment's drops.
func TestOrbitNeedsDropReadiness(t *testing.T) {
	c := plcNew(t, 4, 3, nil)
	mech := plcMechBG(t, c, "crucis")
	s := c.Side("crucis")
	for _, id := range s.Battlegroup(mech).Units {
		if !s.Unit(id).DropReady {
			t.Fatalf("unit %s, named in the regiment's drops, is not ready to drop", id)
		}
	}
	lance := s.Battlegroup(mech).Units[1]
	s.Unit(lance).DropReady = false
	_, _, err := GiveOrder(c, "crucis", Order{Kind: OrderPlace, Battlegroup: mech, Sectors: []int{0}})
	if err == nil || !strings.Contains(err.Error(), "unit "+lance+" is not kept ready to drop") || !strings.Contains(err.Error(), "40 points") || !strings.Contains(err.Error(), "BattleForce p. 48, Special Purchases") {
		t.Errorf("orbit with %s not ready: %v", lance, err)
	}
	s.Battlegroup(mech).Sector = 0
	if _, err := Start(c, nil); err == nil || !strings.Contains(err.Error(), "not kept ready to drop") {
		t.Errorf("Start with %s in orbit, not ready: %v", lance, err)
	}
}
