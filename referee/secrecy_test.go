package referee

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"bfbot/mapgen"
	"bfbot/mapgen/hex"
)

// The secrecy property (ruling R10): over many random battles, nothing a
// side's View or its events hold tells it more than the rules let it know
// (000 lines 201, 205, 366–374: blinds, experience and step chits; 1040:
// mines written down in secret; 1050: hidden infantry; 1342: AEP).

// stSecrecySeed seeds every random battle; a failure names the battle and
// the sighting run, which replay from it alone.
const stSecrecySeed = 20250301

// stSecrecyBattle sets up a random battle: random terrain on a sheet, two
// or three sides of 5–10 units of every class (air and DropShips too) with
// random steps, experience, chits, statuses and hidden infantry, mines in
// hexes no unit ever uses, rubble, salvage, and night now and then.
func stSecrecyBattle(tb testing.TB, rng *rand.Rand, seed uint64) (*State, map[hex.Hex]bool) {
	tb.Helper()
	m := randomTerrain(seed, mapgen.SheetWidth, mapgen.SheetHeight)
	s := stBattle(tb, m)
	if rng.IntN(3) == 0 {
		s.Sides = append(s.Sides, Side{ID: "third", Name: "Third Party"})
	}
	s.Rules.Night = rng.IntN(5) == 0
	randomHex := func() hex.Hex { return hex.Hex{X: rng.IntN(m.Width), Y: rng.IntN(m.Height)} }
	// Mines take hexes of their own, so any appearance of such a hex name
	// in a view is a leak.
	mines := map[hex.Hex]bool{}
	for i := range s.Sides {
		s.Sides[i].Mines = map[hex.Hex]int{}
		for range rng.IntN(4) {
			at := randomHex()
			if mines[at] {
				continue // one side's mines to a hex, so each hex names one secret
			}
			s.Sides[i].Mines[at] = 5 * (1 + rng.IntN(3))
			mines[at] = true
		}
	}
	s.Rubble, s.Salvage = map[hex.Hex]bool{}, map[hex.Hex]int{}
	for range rng.IntN(4) {
		if at := randomHex(); !mines[at] {
			s.Rubble[at] = true
		}
	}
	for range rng.IntN(3) {
		if at := randomHex(); !mines[at] {
			s.Salvage[at] = 1 + rng.IntN(3)
		}
	}
	for si := range s.Sides {
		letter := strings.ToUpper(s.Sides[si].ID[:1])
		if s.Sides[si].ID == "third" {
			letter = "C"
		}
		for n := range 5 + rng.IntN(6) {
			class := Classes[rng.IntN(len(Classes))]
			u := unitOf(fmt.Sprintf("%s%d %s %v regular 10/10/8 @0101 name=\"test %[3]v\" r=3 mp=4 ob=13 mp-left=4", letter, n+1, s.Sides[si].ID, class))
			u.Experience = Experience(rng.IntN(4))
			steps := u.Class.Info().Steps
			u.Step = rng.IntN(min(steps, 4))
			u.Range = 1 + rng.IntN(6)
			u.Chits = Chits{
				Recon: rng.IntN(4) == 0, ExtraMech: rng.IntN(5) == 0, Jump: rng.IntN(2) * rng.IntN(3),
				Firepower: 2 * rng.IntN(2), Armor: 2 * rng.IntN(2), ECM: rng.IntN(4) == 0, AEP: rng.IntN(4) == 0,
			}
			if u.Class.Kind() == KindAir {
				u.Chits.Bomb = 5 * rng.IntN(3)
			}
			u.FirepowerUsed, u.ExtraMechUsed = rng.IntN(3) == 0, rng.IntN(3) == 0
			u.MPLeft, u.Overburning, u.Salvage = rng.IntN(6), rng.IntN(4) == 0, rng.IntN(2)
			switch r := rng.IntN(20); {
			case r == 0:
				u.Status, u.Step = Destroyed, steps
			case r == 1:
				u.Status = Reserve
			case r == 2:
				u.Status = Broken
			case r < 5:
				u.Status, u.Disrupted = Surrendered, true
			default:
				u.Disrupted = rng.IntN(5) == 0
			}
			u.Hidden = u.Status == Active && u.Class.Kind() == KindInfantry && rng.IntN(2) == 0
			s.Units = append(s.Units, &u)
		}
	}
	slices.SortFunc(s.Units, func(a, b *Unit) int { return strings.Compare(a.ID, b.ID) })
	for i := range s.Units {
		stPlace(rng, s, s.Units[i], mines)
	}
	if errs := s.Check(); len(errs) > 0 {
		tb.Fatalf("random battle %d breaks the invariants: %v", seed, errs)
	}
	return s, mines
}

// stPlace puts u in a random hex it may stand in, within the stacking
// limit and off the mined hexes.
func stPlace(rng *rand.Rand, s *State, u *Unit, mines map[hex.Hex]bool) {
	if !u.Status.OnMap() {
		return
	}
	for {
		at := hex.Hex{X: rng.IntN(s.Map.Width), Y: rng.IntN(s.Map.Height)}
		c := s.Cell(at)
		if mines[at] || (u.Class.Ground() && !u.CanJump() && c.Terrain.Info().Prohibited[u.Class.Info().Movement] && !c.Road) {
			continue
		}
		n := 0
		for _, v := range s.UnitsAt(at, true) {
			if v.ID != u.ID {
				n++
				if v.Class.Kind() == KindDropShip || u.Class.Kind() == KindDropShip {
					n = StackLimit // a DropShip stands alone (000 line 630)
				}
			}
		}
		if n < StackLimit {
			u.Hex = at
			return
		}
	}
}

// Ensure no view or event stream of a random battle holds a fact its side
// may not know.
func TestSecrecyRandomBattles(t *testing.T) {
	battles, runs := 200, 5
	if testing.Short() {
		battles = 40
	}
	t.Logf("seed %d, %d battles × %d sighting phases", stSecrecySeed, battles, runs)
	for i := range battles {
		rng := rand.New(rand.NewPCG(stSecrecySeed, uint64(i)))
		s, mines := stSecrecyBattle(t, rng, stSecrecySeed+uint64(i))
		where := fmt.Sprintf("seed %d battle %d", stSecrecySeed, i)
		// Deployment: nothing of the enemy shows (S14).
		s.Phase = PhaseDeploy
		stCheckViews(t, where+" deploy", s, nil)
		s.Phase = PhaseMovement
		var events []Event
		for r := range runs {
			if r > 0 {
				s = s.Clone()
				for j := range s.Units {
					u := s.Units[j]
					if u.Status == Active && !u.Hidden && rng.IntN(2) == 0 {
						stPlace(rng, s, u, mines)
					}
					if u.Status == Active && rng.IntN(6) == 0 {
						u.Disrupted = !u.Disrupted
					}
				}
			}
			next, evs := stSight(t, s)
			s = next
			events = append(events, evs...)
			// The damage announcements of the core go to the owner and the
			// probers only (audience.go).
			b := &battle{s: s}
			for j := range s.Units {
				u := s.Units[j]
				if u.Status.OnMap() && rng.IntN(3) == 0 {
					events = append(events, Event{Type: "damage", Unit: u.ID, Text: fmt.Sprintf("%s is now step %d", u.ID, u.Step), Audience: b.ownerAndProbers(u)})
				}
			}
			stCheckViews(t, fmt.Sprintf("%s run %d", where, r), s, events)
			if t.Failed() {
				return
			}
		}
	}
}

// stCheckViews checks every side's view and events, and a spectator's.
func stCheckViews(t *testing.T, where string, s *State, events []Event) {
	t.Helper()
	for _, sd := range append(slices.Clone(s.Sides), Side{ID: "press"}) {
		stCheckView(t, where+" side "+sd.ID, s, sd.ID)
		stCheckEvents(t, where+" side "+sd.ID, s, sd.ID, events)
	}
}

// stEntitled is what side may know of u: its own units in full; of an
// enemy, only a counter on the map that is not hidden once the battle has
// begun, with what sighting and probes taught, and an air unit's or
// DropShip's class. Worked out from the rules, not from KnownTo.
func stEntitled(s *State, side string, u *Unit) (shown bool, k Knowledge) {
	if u.Side == side {
		return true, KnowClass | KnowValues
	}
	if !u.Status.OnMap() || u.Hidden || s.Phase == PhaseDeploy {
		return false, 0
	}
	k = s.Known[side][u.ID]
	if k&KnowValues != 0 && k&KnowClass == 0 {
		panic("values known without the class")
	}
	if u.Class.Kind() == KindAir || u.Class.Kind() == KindDropShip {
		k |= KnowClass
	}
	return true, k
}

func stCheckView(t *testing.T, where string, s *State, side string) {
	t.Helper()
	v := s.View(side)
	// The map is the battle's public map itself; the rest is checked as
	// text without it (the terrain of a whole sheet would only slow the
	// scans down).
	if v.Map != s.Map {
		t.Errorf("%s: the view's map is not the battle's", where)
	}
	v.Map = nil
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatalf("%s: %v", where, err)
	}
	text := string(data)
	var raw struct {
		Units []map[string]json.RawMessage `json:"units"`
		Sides []map[string]json.RawMessage `json:"sides"`
	}
	if err := json.Unmarshal(data, &raw); err != nil {
		t.Fatalf("%s: %v", where, err)
	}
	str := func(m json.RawMessage) string {
		var v string
		_ = json.Unmarshal(m, &v)
		return v
	}

	// Every unit object carries exactly the keys its knowledge allows.
	seen := map[string]bool{}
	entitledValues, own := 0, 0
	for _, obj := range raw.Units {
		id := str(obj["id"])
		seen[id] = true
		u := s.Unit(id)
		if u == nil {
			t.Errorf("%s: view holds unknown unit %q", where, id)
			continue
		}
		shown, k := stEntitled(s, side, u)
		if !shown {
			t.Errorf("%s: view holds %s (%v, hidden %v), which the side may not see", where, id, u.Status, u.Hidden)
			continue
		}
		allowed := map[string]bool{"id": true, "side": true, "side_index": true, "kind": true, "status": true, "hex": true, "disrupted": true}
		if k&KnowClass != 0 {
			allowed["class"] = true
		}
		if k&KnowValues != 0 {
			allowed["values"] = true
			entitledValues++
		}
		if u.Side == side {
			allowed["own"], allowed["detail"] = true, true
			own++
		}
		for key := range obj {
			if !allowed[key] {
				t.Errorf("%s: %s carries %q = %s, which the side may not know", where, id, key, obj[key])
			}
		}
		if c, ok := obj["class"]; ok && str(c) != u.Class.String() {
			t.Errorf("%s: %s shown as class %s, is %v", where, id, c, u.Class)
		}
		if str(obj["kind"]) != u.Class.Kind().String() {
			t.Errorf("%s: %s shown as kind %s", where, id, obj["kind"])
		}
	}
	// And every unit it may see is there.
	for i := range s.Units {
		u := s.Units[i]
		if shown, _ := stEntitled(s, side, u); shown && !seen[u.ID] {
			t.Errorf("%s: view lacks %s", where, u.ID)
		}
	}
	// Step and experience chits appear once per unit whose values the side
	// may know, and the owner's record once per own unit.
	for key, want := range map[string]int{`"step":`: entitledValues, `"experience":`: entitledValues, `"detail":`: own, `"mp_left":`: own} {
		if got := strings.Count(text, key); got != want {
			t.Errorf("%s: %s appears %d times, want %d", where, key, got, want)
		}
	}
	// Mines and VP only for the side's own entry.
	for _, obj := range raw.Sides {
		if str(obj["id"]) == side {
			continue
		}
		for _, key := range []string{"mines", "vp"} {
			if _, ok := obj[key]; ok {
				t.Errorf("%s: side %s shows its %s", where, obj["id"], key)
			}
		}
	}

	// No secret appears anywhere in the text: a hidden unit's ID, an enemy
	// mine's hex, or the class name of an enemy unit the side has not
	// identified (unless some unit it may know has that class too, or the
	// name is also a kind, like "infantry").
	names := map[string]bool{}
	for _, k := range kindNames {
		names[k] = true
	}
	for i := range s.Units {
		u := s.Units[i]
		if shown, k := stEntitled(s, side, u); shown && k&KnowClass != 0 {
			names[u.Class.String()] = true
		}
	}
	for i := range s.Units {
		u := s.Units[i]
		if u.Side == side {
			continue
		}
		if u.Hidden && strings.Contains(text, `"`+u.ID+`"`) {
			t.Errorf("%s: hidden %s appears in the view", where, u.ID)
		}
		if c := u.Class.String(); !names[c] && strings.Contains(text, `"`+c+`"`) {
			t.Errorf("%s: the class %q of unidentified %s appears in the view", where, c, u.ID)
		}
	}
	for _, sd := range s.Sides {
		if sd.ID == side {
			continue
		}
		for at := range sd.Mines {
			if strings.Contains(text, `"`+at.String()+`"`) {
				t.Errorf("%s: %s's mine hex %s appears in the view", where, sd.ID, at)
			}
		}
	}
}

// stCheckEvents checks that EventsFor passes a side exactly the events
// addressed to it, and that none of them tells it of a unit it may not
// know.
func stCheckEvents(t *testing.T, where string, s *State, side string, events []Event) {
	t.Helper()
	got := EventsFor(events, side)
	want := 0
	for _, e := range events {
		if e.Audience == nil || slices.Contains(e.Audience, side) {
			want++
		}
	}
	if len(got) != want {
		t.Errorf("%s: EventsFor passes %d events, want %d", where, len(got), want)
	}
	for _, e := range got {
		if e.Audience != nil && !slices.Contains(e.Audience, side) {
			t.Errorf("%s: passed %s:%s addressed to %v", where, e.Type, e.Unit, e.Audience)
		}
		u := s.Unit(e.Unit)
		if u == nil || u.Side == side {
			continue
		}
		_, k := stEntitled(s, side, u)
		if u.Hidden {
			t.Errorf("%s: event %s names hidden %s", where, e.Type, u.ID)
		}
		switch e.Type {
		case "sighted":
			if k&KnowClass == 0 || e.Side != side {
				t.Errorf("%s: %q though the side does not know %s's class", where, e.Text, u.ID)
			}
		case "probed", "damage":
			if s.Known[side][u.ID]&KnowValues == 0 {
				t.Errorf("%s: %q though the side has not probed %s", where, e.Text, u.ID)
			}
		}
	}
}

// Ensure a side's view holds its own deployment zones and never the
// enemy's (each side is told its zones alone and deploys in secret,
// CB2), and the referee's holds every side's: the tactical map draws
// the zones from the view.
func TestViewZonesSecret(t *testing.T) {
	s := stBattle(t, mapgen.New(16, 17), stUnit("A1", "heavy-mech", "0105"), stUnit("A2", "hover", "0106"), stUnit("B1", "light-mech", "1605"))
	s.Campaign = &CampaignRules{Zones: map[string]Zone{
		"A1": {Edge: West, Depth: CampaignZoneDepth}, "A2": {Edge: West, Depth: CampaignZoneDepth},
		"B1": {Edge: East, Depth: CampaignZoneDepth},
	}}
	west := ViewZone{Side: "lancers", SideIndex: 0, Zone: Zone{Edge: West, Depth: CampaignZoneDepth}}
	east := ViewZone{Side: "bandits", SideIndex: 1, Zone: Zone{Edge: East, Depth: CampaignZoneDepth}}
	for _, tc := range []struct {
		name string
		v    View
		want []ViewZone
	}{
		{"lancers", s.View("lancers"), []ViewZone{west}},
		{"bandits", s.View("bandits"), []ViewZone{east}},
		{"referee", s.RefereeView(), []ViewZone{west, east}},
		{"spectator", s.View("nobody"), nil},
	} {
		if !slices.Equal(tc.v.Zones, tc.want) {
			t.Errorf("%s sees zones %+v, want %+v", tc.name, tc.v.Zones, tc.want)
		}
	}
	// The enemy's zone changing changes nothing the lancers see.
	before := s.View("lancers")
	s.Campaign.Zones["B1"] = Zone{Edge: North, Depth: CampaignZoneDepth}
	if after := s.View("lancers"); !slices.Equal(after.Zones, before.Zones) {
		t.Errorf("the bandits' zone moved and the lancers' view changed: %+v → %+v", before.Zones, after.Zones)
	}
	// While the sides deploy nothing of the enemy's set-up is in the
	// lancers' view, not even its retreat edge, the edge of its zone
	// (CB3; ruling TM1); once the battle is on, the edge is public (S13).
	s.Phase = PhaseDeploy
	s.Side("bandits").RetreatEdge = East
	before = s.View("lancers")
	s.Campaign.Zones["B1"] = Zone{Edge: South, Depth: CampaignZoneDepth}
	s.Side("bandits").RetreatEdge = South
	if after := s.View("lancers"); !reflect.DeepEqual(after, before) {
		t.Errorf("the bandits' zone and retreat edge moved while deploying and the lancers' view changed:\n%+v\n%+v", before.Sides, after.Sides)
	}
	s.Phase = PhaseMovement
	if got := s.View("lancers").Side("bandits").RetreatEdge; got != South.String() {
		t.Errorf("once the battle is on the lancers see the bandits' retreat edge %q, want %v", got, South)
	}
}

// Ensure the route a move preview draws is the one the move takes, and
// is planned from what the side knows: hidden enemy infantry across the
// cheapest route does not bend it (R10).
func TestCheapestPath(t *testing.T) {
	open := stBattle(t, mapgen.New(10, 6), stUnit("A1", "hover", "0103"), stUnit("B1", "light-mech", "0906"))
	hidden := stBattle(t, mapgen.New(10, 6), stUnit("A1", "hover", "0103"), stUnit("B1", "light-mech", "0906"), stUnit("B2", "infantry", "0303"))
	hidden.Unit("B2").Hidden = true
	to := hex.MustParse("0503")
	want, err := CheapestPath(open, "A1", to)
	if err != nil || len(want) == 0 || want[len(want)-1] != to {
		t.Fatalf("CheapestPath = %v, %v; want a route ending at %s", want, err, to)
	}
	if got, err := CheapestPath(hidden, "A1", to); err != nil || !slices.Equal(got, want) {
		t.Errorf("with hidden infantry on the way the preview's route is %v, %v; want %v", got, err, want)
	}
	// Nor do the enemy's mines, in every hex of the route and at its end.
	mined := open.Clone()
	mined.Side("bandits").Mines = map[hex.Hex]int{}
	for _, h := range want {
		mined.Side("bandits").Mines[h] = 10
	}
	if got, err := CheapestPath(mined, "A1", to); err != nil || !slices.Equal(got, want) {
		t.Errorf("with enemy mines on the way the preview's route is %v, %v; want %v", got, err, want)
	}
	// A hex the side sees half full, where hidden infantry makes it full,
	// is still a hex the route may end in: the move finds out.
	full := stBattle(t, mapgen.New(10, 6), stUnit("A1", "hover", "0103"), stUnit("A2", "light-mech", "0503"), stUnit("B1", "light-mech", "0906"), stUnit("B2", "infantry", "0503"))
	full.Unit("B2").Hidden = true
	if got, err := CheapestPath(full, "A1", to); err != nil || len(got) == 0 || got[len(got)-1] != to {
		t.Errorf("with hidden infantry filling the hex the preview's route is %v, %v; want one to %s", got, err, to)
	}
	next, _, err := Apply(open, Action{Kind: ActMove, Side: "lancers", Unit: "A1", To: to}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := next.Unit("A1").Hex; got != to {
		t.Errorf("A1 moved to %s, want %s", got, to)
	}
	if _, _, err := Apply(open, Action{Kind: ActMove, Side: "lancers", Unit: "A1", To: to, Path: want}, nil); err != nil {
		t.Errorf("the previewed route %v is refused: %v", want, err)
	}
	if _, err := CheapestPath(open, "A1", hex.MustParse("1006")); err == nil {
		t.Error("a hex beyond the MP left has a route")
	}
	if _, err := CheapestPath(open, "Z9", to); err == nil {
		t.Error("a unit not in the battle has a route")
	}
}
