package campaign

import (
	"fmt"
	"slices"
	"sort"

	"bfbot/mapgen"
	"bfbot/mapgen/hex"
	"bfbot/referee"
)

// Carrying a SetupResult into a battle that contact has set up (ruling
// R11). The battle engineer calls Apply on the state in its deployment
// phase, after building it, when Settings.SetupTables is on.

// MineAttack is the attack value of one mine (000 line 1042).
const MineAttack = 5

// Apply returns a copy of s, a battle in its deployment phase, with the
// setup tables' results in it:
//   - the weather in Rules.Weather, natural fortifications in
//     Rules.Weather.Fortified; night is not Rules.Night: 004's night
//     only halves infantry at set-up and leaves major units alone (004
//     line 7), so 000's night-fighting rules (000 lines 2377–2383) stay
//     off (ruling ST2);
//   - counters kept out of the battle (Absent, air lances that never
//     come) start Withdrawn: they are not lost and go back to their
//     battlegroups (ruling ST2);
//   - late counters (Arrival, AirArrival after turn 1) wait as scenario
//     reinforcements at the edge of their deployment zone (or their
//     side's retreat edge) and enter on that game turn;
//   - detailed counts in State.Known (KnowClass), hidden infantry found by
//     a survey unhidden, minefields found cleared;
//   - mines and installations placed (MineHexes, InstallationHexes);
//   - prior setup: the defender deploys anywhere, its infantry hidden.
//
// s is not changed. Units the result names that s lacks are skipped.
func (r SetupResult) Apply(s *referee.State) *referee.State {
	ns, _ := r.ApplyInstalled(s)
	return ns
}

// ApplyInstalled is Apply that also returns the installation hexes it
// built on the map, which a campaign keeps with the battle so that
// Restore can build them again (WithInstallations).
func (r SetupResult) ApplyInstalled(s *referee.State) (*referee.State, []hex.Hex) {
	ns := s.Clone()
	ns.Rules.Weather = r.Weather
	if r.Fortified && r.Defender != "" {
		ns.Rules.Weather.Fortified = r.Defender
	}

	// Prior setup before reveals: the survey may still find the infantry.
	if r.PriorSetup && r.Defender != "" {
		if ns.Campaign != nil {
			cr := *ns.Campaign
			cr.Zones = map[string]referee.Zone{}
			anywhere, ok := priorSetupZone(ns, r.Defender)
			for id, z := range ns.Campaign.Zones {
				if u := ns.Unit(id); ok && u != nil && u.Side == r.Defender && !z.Drop {
					// A lance coming down from orbit still drops
					// (ruling DR21).
					z = anywhere
				}
				cr.Zones[id] = z
			}
			ns.Campaign = &cr
		}
		for _, u := range ns.Units {
			if u.Side == r.Defender && u.Class.Kind() == referee.KindInfantry {
				u.Hidden = true
			}
		}
	}
	for i := range ns.Units {
		if r.Revealed[ns.Units[i].ID] {
			ns.Units[i].Hidden = false
		}
		if r.BombsSpent[ns.Units[i].ID] {
			ns.Units[i].BombDropped = true
		}
	}

	// Out of the battle.
	for _, u := range ns.Units {
		out := r.Absent[u.ID] != ""
		if t, ok := r.AirArrival[u.ID]; ok && t == 0 {
			out = true
		}
		if out && (u.Status == referee.Reserve || u.Status == referee.Active) {
			u.Status, u.Hidden = referee.Withdrawn, false
		}
	}

	// Late arrivals.
	late := map[string]int{}
	for id, t := range r.Arrival {
		late[id] = t
	}
	for id, t := range r.AirArrival {
		if t > 1 {
			late[id] = t
		}
	}
	r.delay(ns, late)

	// Knowledge.
	for side, ok := range r.KnowClasses {
		if !ok || ns.Side(side) == nil {
			continue
		}
		if ns.Known == nil {
			ns.Known = map[string]map[string]referee.Knowledge{}
		}
		if ns.Known[side] == nil {
			ns.Known[side] = map[string]referee.Knowledge{}
		}
		for _, u := range ns.Units {
			if u.Side != side {
				ns.Known[side][u.ID] |= referee.KnowClass
			}
		}
	}

	// Mines: found ones are cleared first, then the tables' are laid.
	for i := range ns.Sides {
		sd := &ns.Sides[i]
		if r.ClearMines[sd.ID] {
			sd.Mines = nil
		}
	}
	for side, hexes := range r.MineHexes(ns) {
		sd := ns.Side(side)
		if sd.Mines == nil {
			sd.Mines = map[hex.Hex]int{}
		}
		for _, h := range hexes {
			sd.Mines[h] += MineAttack
		}
	}

	// Installations.
	hs := r.InstallationHexes(ns)
	if len(hs) > 0 {
		ns.Map = WithInstallations(ns.Map, hs)
	}
	return ns, hs
}

// WithInstallations returns a copy of m with a hardened building in each
// of hexes (004 line 130; ruling ST12); m is not changed. A battle's map
// is regenerated from its sector when a campaign is loaded (Restore), so
// whoever restores a battle whose setup placed installations must call
// this again with the hexes Apply used (InstallationHexes, computed
// before the battle began).
func WithInstallations(m *mapgen.Map, hexes []hex.Hex) *mapgen.Map {
	out := m.Clone()
	for _, h := range hexes {
		if !out.Contains(h) {
			continue
		}
		c := out.At(h)
		c.Terrain, c.Road, c.RoadExits = mapgen.HardenedBuilding, false, 0
		out.Set(h, c)
	}
	return out
}

// delay moves the late units of ns into scenario reinforcements, one
// group per side, edge and turn.
func (r SetupResult) delay(ns *referee.State, late map[string]int) {
	if len(late) == 0 {
		return
	}
	type key struct {
		side string
		edge referee.Edge
		turn int
	}
	groups := map[key][]referee.Unit{}
	var keys []key
	keep := ns.Units[:0:0]
	for _, u := range ns.Units {
		t := late[u.ID]
		edge := r.entryEdge(ns, u)
		if t <= 1 || edge == referee.NoEdge || (u.Status != referee.Reserve && u.Status != referee.Active) {
			keep = append(keep, u)
			continue
		}
		w := *u // the state's unit stays as it was: the copy waits
		w.Status, w.Hex = referee.Reserve, edgeMiddle(ns.Map, edge)
		k := key{u.Side, edge, t}
		if _, ok := groups[k]; !ok {
			keys = append(keys, k)
		}
		groups[k] = append(groups[k], w)
	}
	if len(keys) == 0 {
		return
	}
	var sc referee.ScenarioRules
	if ns.Scenario != nil {
		sc = *ns.Scenario
	}
	sc.Reinforcements = slices.Clone(sc.Reinforcements)
	sort.Slice(keys, func(i, j int) bool {
		a, b := keys[i], keys[j]
		if a.turn != b.turn {
			return a.turn < b.turn
		}
		if a.side != b.side {
			return a.side < b.side
		}
		return a.edge < b.edge
	})
	for _, k := range keys {
		sc.Reinforcements = append(sc.Reinforcements, referee.Reinforcement{Side: k.side, Edge: k.edge, Turn: k.turn, Units: groups[k]})
	}
	ns.Scenario = &sc
	ns.Units = keep
}

// entryEdge is the edge a late unit enters by: its deployment zone's,
// else its side's retreat edge (its home edge, R7).
func (r SetupResult) entryEdge(ns *referee.State, u *referee.Unit) referee.Edge {
	if ns.Campaign != nil {
		if z, ok := ns.Campaign.Zones[u.ID]; ok && z.Edge != referee.NoEdge {
			return z.Edge
		}
	}
	if sd := ns.Side(u.Side); sd != nil {
		return sd.RetreatEdge
	}
	return referee.NoEdge
}

// edgeMiddle is the middle hex of an edge of m.
func edgeMiddle(m *mapgen.Map, e referee.Edge) hex.Hex {
	switch e {
	case referee.North:
		return hex.Hex{X: m.Width / 2, Y: 0}
	case referee.South:
		return hex.Hex{X: m.Width / 2, Y: m.Height - 1}
	case referee.West:
		return hex.Hex{X: 0, Y: m.Height / 2}
	}
	return hex.Hex{X: m.Width - 1, Y: m.Height / 2}
}

// MineHexes are where each side's mines go in s (ruling ST12): one mine
// a hex, on open, rough or wooded ground off the roads nearest the map's
// centre, where
// the battle is fought (004 line 164), no two adjacent. Deterministic, so
// a battle restored from storage places them again the same way.
func (r SetupResult) MineHexes(s *referee.State) map[string][]hex.Hex {
	out := map[string][]hex.Hex{}
	sides := make([]string, 0, len(r.Mines))
	for side, n := range r.Mines {
		if n > 0 && s.Side(side) != nil {
			sides = append(sides, side)
		}
	}
	sort.Strings(sides)
	for _, side := range sides {
		out[side] = pickHexes(s, r.Mines[side], func(h hex.Hex) bool { return s.Side(side).Mines[h] == 0 })
	}
	return out
}

// InstallationHexes are the defender's hardened buildings in s (004 line
// 130; ruling ST12): in the defender's deployment zone, on open, rough
// or wooded ground nearest the map's centre, no two adjacent, none where
// a unit stands.
func (r SetupResult) InstallationHexes(s *referee.State) []hex.Hex {
	if r.Installations <= 0 || r.Defender == "" {
		return nil
	}
	var zones []referee.Zone
	if s.Campaign != nil {
		for id, z := range s.Campaign.Zones {
			if u := s.Unit(id); u != nil && u.Side == r.Defender && !slices.Contains(zones, z) {
				zones = append(zones, z)
			}
		}
	}
	return pickHexes(s, r.Installations, func(h hex.Hex) bool {
		if len(s.UnitsAt(h, true)) > 0 {
			return false
		}
		if len(zones) == 0 {
			return true
		}
		for _, z := range zones {
			if z.Contains(s.Map, h) {
				return true
			}
		}
		return false
	})
}

// pickHexes picks up to n hexes of s's map that pass ok, on open, rough
// or wooded ground off the roads, nearest the centre first (ties by column then row),
// none adjacent to another picked.
func pickHexes(s *referee.State, n int, ok func(hex.Hex) bool) []hex.Hex {
	if n <= 0 {
		return nil
	}
	m := s.Map
	centre := hex.Hex{X: m.Width / 2, Y: m.Height / 2}
	var cands []hex.Hex
	for _, h := range m.Hexes() {
		if s.Cell(h).Road {
			continue // roads stay open: a building would cut them
		}
		switch s.Cell(h).Terrain {
		case mapgen.Open, mapgen.Rough, mapgen.LightWoods, mapgen.HeavyWoods:
		default:
			continue
		}
		if ok(h) {
			cands = append(cands, h)
		}
	}
	sort.SliceStable(cands, func(i, j int) bool {
		di, dj := hex.Distance(centre, cands[i]), hex.Distance(centre, cands[j])
		if di != dj {
			return di < dj
		}
		if cands[i].X != cands[j].X {
			return cands[i].X < cands[j].X
		}
		return cands[i].Y < cands[j].Y
	})
	var out []hex.Hex
	for _, h := range cands {
		if len(out) == n {
			break
		}
		if slices.ContainsFunc(out, func(o hex.Hex) bool { return hex.Distance(o, h) <= 1 }) {
			continue
		}
		out = append(out, h)
	}
	return out
}

// String summarises the result for logs and tests.
func (r SetupResult) String() string {
	return fmt.Sprintf("weather %v night %v defender %q defense %v absent %d late %d air %v", r.Weather.Kind, r.Night, r.Defender, r.Defense, len(r.Absent), len(r.Arrival), r.AirArrival)
}

// priorSetupZone is where a defender with prior setup deploys: anywhere
// on the map (004 line 145) but the attacker's zones (ruling CB18). The
// book has the attackers enter by the side the defender names; here they
// set up by their edges at once with him and in secret, and a hex
// refused as full would tell one side where the other's counters stand.
// So the defender's ground is the map beyond the attacker's edge, or
// inside the attacker's edges when they hold more than one; the whole map
// when the attacker has only drops. When the attacker holds a prepared
// position (no edge) it is none (false): the defender keeps the zones the
// contact gave him, already kept off the attacker's.
func priorSetupZone(s *referee.State, defender string) (referee.Zone, bool) {
	edges, depth, prepared := map[referee.Edge]bool{}, 0, false
	for id, z := range s.Campaign.Zones {
		u := s.Unit(id)
		switch {
		case u == nil || z.Drop || u.Side == defender:
		case z.Edge == referee.NoEdge:
			prepared = true
		default:
			edges[z.Edge], depth = true, max(depth, z.Depth)
		}
	}
	switch {
	case prepared:
		return referee.Zone{}, false
	case len(edges) == 0:
		return referee.Zone{}, true
	case len(edges) == 1:
		for e := range edges {
			across := s.Map.Width
			if e == referee.North || e == referee.South {
				across = s.Map.Height
			}
			return referee.Zone{Edge: e.Opposite(), Depth: across - depth}, true
		}
	}
	return referee.Zone{Depth: depth}, true
}
