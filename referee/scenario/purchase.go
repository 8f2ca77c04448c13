package scenario

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"bfbot/campaign/forces"
	"bfbot/internal/cite"
	"bfbot/internal/yamlnode"
	"bfbot/mapgen/hex"
	"bfbot/referee"
	"bfbot/referee/dice"
)

// Buying a force by purchase points (000 lines 2116–2193): the book's
// scenarios give each side points, not units, with restrictions on what
// may be bought. A side's purchase: block holds them; Buy replaces the
// side's fixed units (ruling SC1) with a bought list:
//
//	purchase:
//	  points: 200                     # what the side may spend; leftovers are lost (line 2120)
//	  kinds: [mech, vehicle, air]     # kinds or classes that may be bought (default: any)
//	  min_experience: {mech: regular} # per kind or class (or all:)
//	  max: {mech: 20}                 # most counters per kind or class
//	  drops: 6                        # 'Mechs that may be kept in space (default 0)
//	  drop_cost: 5                    # per 'Mech (default 10, line 2180)
//	  mines: true                     # mine attacks may be bought
//	  hidden: true                    # hidden infantry may be bought
//	  chits: true                     # variation chits may be bought
//	  keep: [I1, mines]               # the file's free units (and mines) stay
//	  area: {edge: west, depth: 3}    # where bought units set up
//	  enter: {edge: east, turn: 1}    # or: they arrive as reinforcements
//
// A list is lances separated by ";": catalog names (quick lance
// generation, 000 lines 1697–1711), then optional "@experience", "+chit"
// ("+recon", "+firepower+2") and "drop"; "infantry" or "jump-infantry"
// (ruling SC10's values), "hidden infantry"; "mines HEX:N …".
//
//	Atlas Atlas Stalker Zeus @veteran; Locust Wasp Stinger Wasp +recon

// Purchase is what a side may buy (000 lines 2116–2193 and the
// scenario's restrictions).
type Purchase struct {
	Side   string
	Points int
	// Kinds that may be bought, by kind ("mech") or class ("hover")
	// name; empty: any.
	Kinds []string
	// MinExperience: the lowest level per kind or class name ("all").
	MinExperience map[string]referee.Experience
	// Max: the most counters per kind or class name.
	Max map[string]int
	// Drops is how many 'Mechs may be kept in space; DropCost what each
	// costs (line 2180; a scenario may change it, line 2130).
	Drops, DropCost     int
	Mines, Hidden, Chit bool
	// Keep are the file's units that stay (given free by the scenario);
	// KeepMines keeps the file's mines.
	Keep      []string
	KeepMines bool
	// Area: the bought units set up within Depth hexes of Edge; without
	// one, near the hexes the fixed units held (fixedHexes).
	Area      bool
	AreaEdge  referee.Edge
	AreaDepth int
	// Enter: the bought ground units arrive at this edge on this turn
	// (reinforcements, ruling SC2) instead of setting up.
	Enter     bool
	EnterEdge referee.Edge
	EnterTurn int

	fixedHexes []hex.Hex
}

// purchase reads a side's purchase: block.
func (p *parser) purchase(n *yaml.Node, path, side string) error {
	f, err := fields(n, path, "points", "kinds", "min_experience", "max", "drops", "drop_cost", "mines", "hidden", "chits", "keep", "area", "enter")
	if err != nil {
		return err
	}
	pr := &Purchase{Side: side, DropCost: 10}
	v, ok := f["points"]
	if !ok {
		return errorf(n, path+".points", "missing: the purchase points the side may spend")
	}
	if pr.Points, err = yn.Int(v.Value, path+".points", 1, 100000); err != nil {
		return err
	}
	if v, ok := f["kinds"]; ok {
		names, nodes, err := stringList(v.Value, path+".kinds")
		if err != nil {
			return err
		}
		for i, s := range names {
			if !purKindName(s) {
				return errorf(nodes[i], yamlnode.Index(path+".kinds", i), "%q: use a kind (mech, vehicle, infantry, artillery, air, dropship) or a unit class", s)
			}
			pr.Kinds = append(pr.Kinds, strings.ToLower(s))
		}
	}
	if v, ok := f["min_experience"]; ok {
		list, err := yn.Entries(v.Value, path+".min_experience")
		if err != nil {
			return err
		}
		pr.MinExperience = map[string]referee.Experience{}
		for _, e := range list {
			k := strings.ToLower(e.Key.Value)
			epath := path + ".min_experience." + k
			if k != "all" && !purKindName(k) {
				return errorf(e.Key, epath, "%q: use all, a kind or a unit class", k)
			}
			s, err := yn.Str(e.Value, epath)
			if err != nil {
				return err
			}
			if pr.MinExperience[k], err = referee.ParseExperience(s); err != nil {
				return wrap(e.Value, epath, err)
			}
		}
	}
	if v, ok := f["max"]; ok {
		list, err := yn.Entries(v.Value, path+".max")
		if err != nil {
			return err
		}
		pr.Max = map[string]int{}
		for _, e := range list {
			k := strings.ToLower(e.Key.Value)
			if !purKindName(k) {
				return errorf(e.Key, path+".max."+k, "%q: use a kind or a unit class", k)
			}
			if pr.Max[k], err = yn.Int(e.Value, path+".max."+k, 0, 1000); err != nil {
				return err
			}
		}
	}
	for name, ptr := range map[string]*int{"drops": &pr.Drops, "drop_cost": &pr.DropCost} {
		if v, ok := f[name]; ok {
			if *ptr, err = yn.Int(v.Value, path+"."+name, 0, 1000); err != nil {
				return err
			}
		}
	}
	for name, ptr := range map[string]*bool{"mines": &pr.Mines, "hidden": &pr.Hidden, "chits": &pr.Chit} {
		if v, ok := f[name]; ok {
			if *ptr, err = yn.Bool(v.Value, path+"."+name); err != nil {
				return err
			}
		}
	}
	if v, ok := f["keep"]; ok {
		names, nodes, err := stringList(v.Value, path+".keep")
		if err != nil {
			return err
		}
		for i, id := range names {
			if strings.EqualFold(id, "mines") {
				pr.KeepMines = true
				continue
			}
			kpath, node := yamlnode.Index(path+".keep", i), nodes[i]
			pr.Keep = append(pr.Keep, id)
			p.late = append(p.late, func() error {
				if u := p.s.Unit(id); u == nil || u.Side != side {
					return errorf(node, kpath, "%q is not a unit of %s", id, side)
				}
				return nil
			})
		}
	}
	_, hasArea := f["area"]
	_, hasEnter := f["enter"]
	if hasArea && hasEnter {
		return errorf(n, path, "give area (where bought units set up) or enter (the edge they arrive by), not both")
	}
	if v, ok := f["area"]; ok {
		af, err := fields(v.Value, path+".area", "edge", "depth")
		if err != nil {
			return err
		}
		e, ok := af["edge"]
		if !ok {
			return errorf(v.Value, path+".area.edge", "missing: the map edge the side sets up along")
		}
		if pr.AreaEdge, err = edge(e.Value, path+".area.edge"); err != nil {
			return err
		}
		pr.Area, pr.AreaDepth = true, 3
		if d, ok := af["depth"]; ok {
			if pr.AreaDepth, err = yn.Int(d.Value, path+".area.depth", 1, 100); err != nil {
				return err
			}
		}
	}
	if v, ok := f["enter"]; ok {
		ef, err := fields(v.Value, path+".enter", "edge", "turn")
		if err != nil {
			return err
		}
		e, ok := ef["edge"]
		if !ok {
			return errorf(v.Value, path+".enter.edge", "missing: the map edge bought units arrive by")
		}
		if pr.EnterEdge, err = edge(e.Value, path+".enter.edge"); err != nil {
			return err
		}
		pr.Enter, pr.EnterTurn = true, 1
		if t, ok := ef["turn"]; ok {
			if pr.EnterTurn, err = yn.Int(t.Value, path+".enter.turn", 1, 1000); err != nil {
				return err
			}
		}
	}
	for _, pl := range p.placements {
		if strings.HasPrefix(pl.path, path[:len(path)-len(".purchase")]+".units") {
			pr.fixedHexes = append(pr.fixedHexes, pl.at)
		}
	}
	if p.sc.Purchases == nil {
		p.sc.Purchases = map[string]*Purchase{}
	}
	p.sc.Purchases[side] = pr
	return nil
}

// purKindName reports a kind or class name.
func purKindName(s string) bool {
	s = strings.ToLower(s)
	if slices.Contains([]string{"mech", "vehicle", "infantry", "artillery", "air", "dropship"}, s) {
		return true
	}
	_, err := referee.ParseClass(s)
	return err == nil
}

// purMatches reports whether name (a kind or class) covers unit u.
func purMatches(name string, u referee.Unit) bool {
	return name == "all" || name == u.Class.Kind().String() || name == u.Class.String()
}

// Bought is one counter of a purchase list and what it costs.
type Bought struct {
	Unit referee.Unit
	Cost int
	Item int // the list's item, from 1
}

// Order is a parsed purchase list: the counters and the mines.
type Order struct {
	Units []Bought
	Mines map[hex.Hex]int
	// Points is the total cost.
	Points int
}

// Infantry values (ruling SC10): the counter sheet is not in the text.
var purInfantry = map[referee.Class]referee.Unit{
	referee.Infantry:     {Class: referee.Infantry, Rows: referee.DeriveSteps(referee.Values{RA: 3, CA: 6, D: 5}), Range: 1, MP: 1},
	referee.JumpInfantry: {Class: referee.JumpInfantry, Rows: referee.DeriveSteps(referee.Values{RA: 4, CA: 7, D: 5}), Range: 1, MP: 3, Jump: true},
}

// Buy replaces side's units with the force bought by list, within the
// side's purchase points and the scenario's restrictions, placed in its
// set-up area (or made reinforcements when the scenario has the side
// enter later). The side's commands in the file, which name the fixed
// units, are dropped (ruling PU3). On error sc is unchanged.
func Buy(sc *Scenario, side, list string) error {
	if sc == nil || sc.Setup == nil {
		return errors.New("no scenario to buy for")
	}
	if sc.Setup.Side(side) == nil {
		ids := make([]string, len(sc.Setup.Sides))
		for i, s := range sc.Setup.Sides {
			ids[i] = s.ID
		}
		return fmt.Errorf("no side %q: use %s", side, strings.Join(ids, " or "))
	}
	pr := sc.Purchases[side]
	if pr == nil {
		return fmt.Errorf("%s: this scenario gives %s a fixed force, not purchase points", side, side)
	}
	o, err := pr.Order(sc.Setup, list)
	if err != nil {
		return err
	}
	s, deployed, err := pr.place(sc, o)
	if err != nil {
		return err
	}
	sc.Setup, sc.deployed = s, deployed
	cmds := sc.Commands[:0:0]
	for _, c := range sc.Commands {
		if c.Action.Side != side {
			cmds = append(cmds, c)
		}
	}
	sc.Commands = cmds
	return nil
}

// Order parses list and checks it against the points and restrictions;
// s is the battle as set up (for unit IDs and mine hexes).
func (pr *Purchase) Order(s *referee.State, list string) (Order, error) {
	var o Order
	taken := map[string]bool{}
	for _, u := range s.Units {
		if u.Side != pr.Side || slices.Contains(pr.Keep, u.ID) {
			taken[u.ID] = true
		}
	}
	if r := s.Scenario; r != nil {
		for _, g := range r.Reinforcements {
			for _, u := range g.Units {
				taken[u.ID] = true
			}
		}
	}
	prefix := strings.ToUpper(string([]rune(pr.Side)[:1]))
	next := 1
	newID := func() string {
		for taken[prefix+strconv.Itoa(next)] {
			next++
		}
		taken[prefix+strconv.Itoa(next)] = true
		return prefix + strconv.Itoa(next)
	}
	items := strings.Split(list, ";")
	if strings.TrimSpace(list) == "" {
		return o, fmt.Errorf("%s: the purchase list is empty: name lances, e.g. \"Atlas Atlas Stalker Zeus @veteran; Locust Wasp Stinger Wasp\"", pr.Side)
	}
	for i, item := range items {
		words := strings.Fields(item)
		if len(words) == 0 {
			return o, fmt.Errorf("%s: item %d of the list is empty (two \";\" in a row?)", pr.Side, i+1)
		}
		if strings.EqualFold(words[0], "mines") {
			if err := pr.buyMines(s, &o, words[1:], i+1); err != nil {
				return o, err
			}
			continue
		}
		b, err := pr.counter(words, i+1)
		if err != nil {
			return o, err
		}
		b.Unit.ID = newID()
		o.Units = append(o.Units, b)
		o.Points += b.Cost
	}
	if len(o.Units) == 0 && len(pr.Keep) == 0 {
		return o, fmt.Errorf("%s: the list buys no units: a side has at least one", pr.Side)
	}
	return o, pr.check(o)
}

// counter reads one lance: names, @experience, +chits, drop, hidden.
func (pr *Purchase) counter(words []string, item int) (Bought, error) {
	b := Bought{Item: item}
	exp := referee.Regular
	var names, chitNames []string
	drop, hidden := false, false
	for _, w := range words {
		lw := strings.ToLower(w)
		switch {
		case strings.HasPrefix(w, "@"):
			e, err := referee.ParseExperience(w[1:])
			if err != nil {
				return b, fmt.Errorf("%s: item %d: %v", pr.Side, item, err)
			}
			exp = e
		case strings.HasPrefix(w, "+"):
			chitNames = append(chitNames, w[1:])
		case lw == "drop":
			drop = true
		case lw == "hidden":
			hidden = true
		default:
			names = append(names, w)
		}
	}
	joined := strings.ToLower(strings.Join(names, "-"))
	names = purNames(names)
	var u referee.Unit
	if c, err := referee.ParseClass(joined); err == nil && purInfantry[c].MP > 0 {
		u = purInfantry[c]
		u.Name = c.Info().Name
	} else {
		if len(names) == 0 {
			return b, fmt.Errorf("%s: item %d names no machines", pr.Side, item)
		}
		l, err := forces.QuickLance(names, exp)
		if err != nil {
			return b, fmt.Errorf("%s: item %d (%s): %w", pr.Side, item, strings.Join(names, " "), err)
		}
		if l.Class == referee.Sniper {
			l.Class = referee.LongTom // as scenario files have it (lance.go)
		}
		u = l.Unit("", pr.Side)
		u.Name = strings.Join(l.Members, ", ")
		if u.Class.Kind() == referee.KindAir {
			u.Rows[0].RA = l.AirAttack
		}
	}
	u.Side, u.Experience, u.Status = pr.Side, exp, referee.Reserve
	if len(chitNames) > 0 {
		if !pr.Chit {
			return b, fmt.Errorf("%s: item %d: this scenario allows no variation chits (%s)", pr.Side, item, cite.Book(2185))
		}
		c, _, err := referee.ParseChits(chitNames, u.Class)
		if err != nil {
			return b, fmt.Errorf("%s: item %d: %v", pr.Side, item, err)
		}
		u.Chits = c
	}
	l := forces.Lance{Class: u.Class, Rows: u.Rows, OverburnRA: u.OverburnRA, Experience: u.Experience, Chits: u.Chits}
	if u.Class.Kind() == referee.KindAir {
		l.AirAttack = u.Rows[0].RA
	}
	b.Cost = forces.PurchaseCost(l)
	if hidden {
		if u.Class.Kind() != referee.KindInfantry {
			return b, fmt.Errorf("%s: item %d: only infantry is placed hidden (%s); this is %v", pr.Side, item, cite.Book(1050), u.Class)
		}
		if !pr.Hidden {
			return b, fmt.Errorf("%s: item %d: this scenario allows no hidden infantry", pr.Side, item)
		}
		u.Hidden = true
		b.Cost = forces.HiddenInfantryCost(l)
	}
	if drop {
		if u.Class.Kind() != referee.KindMech {
			return b, fmt.Errorf("%s: item %d: only 'Mech lances are kept in space to drop (%s); this is %v", pr.Side, item, cite.Book(2180), u.Class)
		}
		u.Drop = true
		b.Cost += pr.DropCost * purMechs(u)
	}
	b.Unit = u
	return b, nil
}

// purMechs is how many 'Mechs a lance holds: four, five with an Extra
// 'Mech chit (ruling F13).
func purMechs(u referee.Unit) int {
	if u.Chits.ExtraMech {
		return forces.LanceSize + 1
	}
	return forces.LanceSize
}

// buyMines reads "mines HEX:N …".
func (pr *Purchase) buyMines(s *referee.State, o *Order, words []string, item int) error {
	if !pr.Mines {
		return fmt.Errorf("%s: item %d: this scenario allows no mine attacks", pr.Side, item)
	}
	if len(words) == 0 {
		return fmt.Errorf("%s: item %d: say where: mines 0812:20 1112:10", pr.Side, item)
	}
	if o.Mines == nil {
		o.Mines = map[hex.Hex]int{}
	}
	for _, w := range words {
		hs, ns, ok := strings.Cut(w, ":")
		n, err := strconv.Atoi(ns)
		if !ok || err != nil {
			return fmt.Errorf("%s: item %d: %q: write HEX:ATTACK, e.g. 0812:20", pr.Side, item, w)
		}
		h, err := hex.Parse(hs)
		if err != nil || !s.Map.Contains(h) {
			return fmt.Errorf("%s: item %d: %q is not a hex of the %d×%d map", pr.Side, item, hs, s.Map.Width, s.Map.Height)
		}
		if c := s.Map.At(h); c.Terrain.IsWater() {
			return fmt.Errorf("%s: item %d: hex %s is %v: mines are not laid in water (%s)", pr.Side, item, h, c.Terrain, cite.Book(1046))
		}
		cost, err := forces.MineCost(n)
		if err != nil || n == 0 {
			return fmt.Errorf("%s: item %d: %d mine points at %s: buy them in groups of 5", pr.Side, item, n, h)
		}
		o.Mines[h] += n
		o.Points += cost
	}
	return nil
}

// check holds the order to the scenario's restrictions and points.
func (pr *Purchase) check(o Order) error {
	count := map[string]int{}
	mechs := 0
	for _, b := range o.Units {
		u := b.Unit
		if len(pr.Kinds) > 0 && !slices.ContainsFunc(pr.Kinds, func(k string) bool { return purMatches(k, u) }) {
			return fmt.Errorf("%s: item %d (%s) is %v (%v): the scenario allows only %s", pr.Side, b.Item, u.Name, u.Class, u.Class.Kind(), strings.Join(pr.Kinds, ", "))
		}
		for k, min := range pr.MinExperience {
			if purMatches(k, u) && u.Experience < min {
				return fmt.Errorf("%s: item %d (%s) is %v: the scenario's %s units are %v or better", pr.Side, b.Item, u.Name, u.Experience, k, min)
			}
		}
		count[u.Class.Kind().String()]++
		if u.Class.String() != u.Class.Kind().String() {
			count[u.Class.String()]++
		}
		if u.Drop {
			mechs += purMechs(u)
		}
	}
	keys := make([]string, 0, len(pr.Max))
	for k := range pr.Max {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if count[k] > pr.Max[k] {
			return fmt.Errorf("%s: %d %s counters bought, the scenario allows %d", pr.Side, count[k], k, pr.Max[k])
		}
	}
	if mechs > pr.Drops {
		if pr.Drops == 0 {
			return fmt.Errorf("%s: this scenario keeps no 'Mechs in space to drop", pr.Side)
		}
		return fmt.Errorf("%s: %d 'Mechs kept in space to drop, the scenario allows %d (a lance is %d 'Mechs)", pr.Side, mechs, pr.Drops, forces.LanceSize)
	}
	if o.Points > pr.Points {
		return fmt.Errorf("%s: %d points bought, the scenario allows %d: drop %d points", pr.Side, o.Points, pr.Points, o.Points-pr.Points)
	}
	return nil
}

// place makes the battle with the side's bought force: the fixed units
// (bar Keep) removed, the bought ones deployed in the set-up area, in
// reserve (air, drops) or as reinforcements.
func (pr *Purchase) place(sc *Scenario, o Order) (*referee.State, []referee.Event, error) {
	s := sc.Setup.Clone()
	gone := map[string]bool{}
	units := s.Units[:0:0]
	for _, u := range s.Units {
		if u.Side == pr.Side && !slices.Contains(pr.Keep, u.ID) {
			gone[u.ID] = true
			continue
		}
		units = append(units, u)
	}
	s.Units = units
	side := s.Side(pr.Side)
	if !pr.KeepMines {
		side.Mines = nil
	}
	if len(o.Mines) > 0 {
		if side.Mines == nil {
			side.Mines = map[hex.Hex]int{}
		}
		for h, n := range o.Mines {
			side.Mines[h] += n
		}
	}
	var deployed []referee.Event
	for _, e := range sc.deployed {
		if !gone[e.Unit] {
			deployed = append(deployed, e)
		}
	}
	if pr.Enter && s.Scenario != nil {
		rs := s.Scenario.Reinforcements[:0:0]
		for _, g := range s.Scenario.Reinforcements {
			if g.Side != pr.Side {
				rs = append(rs, g)
			}
		}
		s.Scenario.Reinforcements = rs
	}
	if r := s.Scenario; r != nil && r.Bounty != nil {
		for id := range gone {
			delete(r.Bounty, id)
		}
	}
	var ground []referee.Unit
	for _, b := range o.Units {
		u := b.Unit
		if u.Class.Ground() && !u.Drop {
			ground = append(ground, u)
			continue
		}
		s.Units = append(s.Units, &u) // air units and drops wait in reserve
	}
	if pr.Enter {
		return pr.enter(s, ground, deployed)
	}
	none, _ := dice.NewScript() // deployment throws no dice
	d := dice.New(none)
	spots := pr.spots(s)
	for i := range ground {
		s.Units = append(s.Units, &ground[i])
	}
	// State.Unit finds units by ID in sorted order.
	sort.SliceStable(s.Units, func(i, j int) bool { return s.Units[i].ID < s.Units[j].ID })
	for _, u := range ground {
		placed := false
		for _, h := range spots {
			next, events, err := referee.Apply(s, referee.Action{Kind: referee.ActDeploy, Side: u.Side, Unit: u.ID, To: h}, d)
			if err == nil {
				s, placed = next, true
				deployed = append(deployed, events...)
				break
			}
		}
		if !placed {
			return nil, nil, fmt.Errorf("%s: no hex of the set-up area takes %s (%v): buy fewer ground units", pr.Side, u.ID, u.Class)
		}
	}
	sort.SliceStable(s.Units, func(i, j int) bool { return s.Units[i].ID < s.Units[j].ID })
	if errs := s.Check(); len(errs) > 0 {
		return nil, nil, fmt.Errorf("%s: the bought force leaves the battle inconsistent: %w", pr.Side, errors.Join(errs...))
	}
	return s, deployed, nil
}

// enter makes the ground units one reinforcement group at the entry
// edge, each given the next hex of the edge (SC2 moves a unit whose hex
// is taken to the nearest free one).
func (pr *Purchase) enter(s *referee.State, ground []referee.Unit, deployed []referee.Event) (*referee.State, []referee.Event, error) {
	if len(ground) > 0 {
		var edgeHexes []hex.Hex
		for _, h := range s.Map.Hexes() {
			if referee.OnEdge(s.Map, h, pr.EnterEdge) {
				edgeHexes = append(edgeHexes, h)
			}
		}
		g := referee.Reinforcement{Side: pr.Side, Edge: pr.EnterEdge, Turn: pr.EnterTurn}
		for i, u := range ground {
			u.Hex = edgeHexes[i%len(edgeHexes)]
			g.Units = append(g.Units, u)
		}
		if s.Scenario == nil {
			s.Scenario = &referee.ScenarioRules{}
		}
		s.Scenario.Reinforcements = append(s.Scenario.Reinforcements, g)
	}
	sort.SliceStable(s.Units, func(i, j int) bool { return s.Units[i].ID < s.Units[j].ID })
	if errs := s.Check(); len(errs) > 0 {
		return nil, nil, fmt.Errorf("%s: the bought force leaves the battle inconsistent: %w", pr.Side, errors.Join(errs...))
	}
	return s, deployed, nil
}

// spots are the hexes bought units try, in order (ruling PU2): the
// fixed units' hexes as the file gave them, then the others by distance
// to the nearest of them (ties in map order); with an area, only its
// hexes.
func (pr *Purchase) spots(s *referee.State) []hex.Hex {
	in := func(h hex.Hex) bool {
		if !pr.Area {
			return true
		}
		switch pr.AreaEdge {
		case referee.West:
			return h.X < pr.AreaDepth
		case referee.East:
			return h.X >= s.Map.Width-pr.AreaDepth
		case referee.North:
			return h.Y < pr.AreaDepth
		case referee.South:
			return h.Y >= s.Map.Height-pr.AreaDepth
		}
		return false
	}
	var out []hex.Hex
	seen := map[hex.Hex]bool{}
	for _, h := range pr.fixedHexes {
		if in(h) && !seen[h] {
			seen[h] = true
			out = append(out, h)
		}
	}
	var rest []hex.Hex
	dist := map[hex.Hex]int{}
	for _, h := range s.Map.Hexes() {
		if seen[h] || !in(h) {
			continue
		}
		d := 1 << 30
		for _, f := range pr.fixedHexes {
			d = min(d, hex.Distance(h, f))
		}
		dist[h] = d
		rest = append(rest, h)
	}
	sort.SliceStable(rest, func(i, j int) bool { return dist[rest[i]] < dist[rest[j]] })
	return append(out, rest...)
}

// purNames joins the words of a lance into machine names: "Shadow Hawk
// Griffin" is two names. Commas separate names outright; otherwise the
// longest run of words the catalog knows is one name, and a word it does
// not know stays alone, so that Lookup's error suggests a spelling.
func purNames(words []string) []string {
	joined := strings.Join(words, " ")
	if strings.Contains(joined, ",") {
		var out []string
		for _, n := range strings.Split(joined, ",") {
			if n = strings.TrimSpace(n); n != "" {
				out = append(out, n)
			}
		}
		return out
	}
	var out []string
	for i := 0; i < len(words); {
		j := min(i+4, len(words))
		for ; j > i+1; j-- {
			if _, err := forces.Lookup(strings.Join(words[i:j], " ")); err == nil {
				break
			}
		}
		out = append(out, strings.Join(words[i:j], " "))
		i = j
	}
	return out
}
