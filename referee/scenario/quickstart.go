package scenario

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"

	"bfbot/internal/cite"
	"bfbot/internal/consoleline"
	"bfbot/internal/usertext"
	"bfbot/internal/yamlnode"
	"bfbot/mapgen"
	"bfbot/mapgen/hex"
	"bfbot/referee"
	"bfbot/referee/dice"
	"bfbot/referee/quickstart"
)

// RulesetQuickStart is the value of a scenario file's ruleset: field that
// makes it a battle of the BattleForce Quick-Start rules (book 002,
// package referee/quickstart) instead of the 1987 rules.
const RulesetQuickStart = "quickstart"

// QuickStart is a Quick-Start battle read from a file: the map, the two
// sides with their record sheet Units placed and facing, the Veteran
// Training Scenario's counters, and the players' commands.
type QuickStart struct {
	Name  string
	Map   *mapgen.Map
	Sides [2]QuickStartSide
	// Units are every side's Units as placed, sorted by ID.
	Units []quickstart.UnitState
	// Counters are the objectives and Headquarters, with their values.
	Counters []quickstart.Counter
	// TurnLimit ends the battle after that turn's End Phase, by victory
	// points (ruling QS16); 0 for none.
	TurnLimit int
	// SetUp: the file's setup: veteran. Begin starts the Veteran set-up
	// (quickstart.NewVeteranBattle): home edges, counters and Units are
	// placed then, not by the file.
	SetUp bool
	// Green: the file's setup: green. Begin starts the Green scenario's
	// deployment (quickstart.NewGreenBattle): the players place the
	// Units, the first side first, each in its zone; the hexes and
	// facings the file gives are the bot's choices (ruling QS23).
	Green bool
	// OnBoard: the file's start: on-board, the Units set up on the map
	// at the end of the set-up (002 line 578); else they enter from
	// their home edges in game turn 1 (ruling QS22).
	OnBoard bool
	// Commands are the file's commands; the set-up's (/battle place)
	// come first.
	Commands []QuickStartCommand
	// Warnings are what converting a generated or board map to the
	// Quick-Start terrain changed.
	Warnings []string
}

// QuickStartSide is one side of a Quick-Start scenario.
type QuickStartSide struct {
	ID, Name string
	// Home is the side's home map edge; Zone its Deployment Zone, the
	// first Zone hexes from Home (002 lines 520, 528, 572).
	Home  referee.Edge
	Zone  int
	Units []string
}

// QuickStartCommand is one console line of the file and its action.
type QuickStartCommand struct {
	Line   int
	Text   string
	Side   int
	Action quickstart.Action
}

func (c QuickStartCommand) String() string { return fmt.Sprintf("line %d: %q", c.Line, c.Text) }

// Ruleset says which rules a scenario file is written for: "" for the
// 1987 rules, RulesetQuickStart for the Quick-Start rules. A file that
// cannot be read is the 1987 rules' (Parse then says what is wrong).
func Ruleset(data []byte) string {
	var top struct {
		Ruleset string `yaml:"ruleset"`
	}
	if len(data) > MaxFileSize || yaml.Unmarshal(data, &top) != nil {
		return ""
	}
	return strings.ToLower(strings.TrimSpace(top.Ruleset))
}

// recordSheetUnits are the record sheets' Units by the name a file gives
// them.
var recordSheetUnits = map[string]func() quickstart.Unit{
	"divine-fire":        quickstart.DivineFire,
	"peaceful-cleansing": quickstart.PeacefulCleansing,
	"alpha-recon":        quickstart.AlphaRecon,
	"alpha-fire":         quickstart.AlphaFire,
}

func recordSheetNames() string {
	names := make([]string, 0, len(recordSheetUnits))
	for n := range recordSheetUnits {
		names = append(names, n)
	}
	slices.Sort(names)
	return strings.Join(names, ", ")
}

// ParseQuickStart reads a scenario file with ruleset: quickstart. Its
// fields: name; map (width and height with light-woods and heavy-woods
// hex lists, or a generated map's seed, theme and sheets) or board;
// setup (veteran: the Veteran set-up places everything; green: the
// players place the Units, the first side all of its own first, the
// hexes and facings given being the bot's choices); start (with
// veteran); victory.turns; two sides, each with id, name, home (its map
// edge), zone (the depth of its Deployment Zone), units (id, unit: a
// record sheet Unit, hex, facing) and counters (kind objective or
// headquarters, hex: the side's own, which the enemy attacks; none with
// green, whose scenario has none); and commands. Every error is an *Error naming the line and field.
func ParseQuickStart(data []byte, loadBoard BoardLoader) (*QuickStart, error) {
	root, err := readDocument(data)
	if err != nil {
		return nil, err
	}
	qs, err := readQuickStart(root, loadBoard)
	return qs, asError(err)
}

func readQuickStart(root *yaml.Node, loadBoard BoardLoader) (*QuickStart, error) {
	f, err := fields(root, "", "name", "ruleset", "map", "board", "setup", "start", "victory", "sides", "commands")
	if err != nil {
		return nil, err
	}
	qs := &QuickStart{}
	rs, ok := f["ruleset"]
	if !ok {
		return nil, errorf(root, "ruleset", "missing: a Quick-Start scenario says ruleset: %s", RulesetQuickStart)
	}
	if s, err := yn.Str(rs.Value, "ruleset"); err != nil {
		return nil, err
	} else if strings.ToLower(s) != RulesetQuickStart {
		return nil, errorf(rs.Value, "ruleset", "%q: use %s (or leave the field out for the 1987 rules)", s, RulesetQuickStart)
	}
	if v, ok := f["name"]; ok {
		if qs.Name, err = yn.Name(v.Value, "name", usertext.Scenario); err != nil {
			return nil, err
		}
	}
	if qs.Map, qs.Warnings, err = quickStartMap(root, f, loadBoard); err != nil {
		return nil, err
	}
	if v, ok := f["setup"]; ok {
		s, err := yn.Str(v.Value, "setup")
		if err != nil {
			return nil, err
		}
		switch strings.ToLower(s) {
		case "veteran":
			qs.SetUp = true
		case "green":
			qs.Green = true
		default:
			return nil, errorf(v.Value, "setup", "%q: use veteran (the Veteran Training Scenario's set-up, played at the start), green (the players place the Units, the first side first), or leave it out and place everything in the file", s)
		}
	}
	if v, ok := f["start"]; ok {
		s, err := yn.Str(v.Value, "start")
		if err != nil {
			return nil, err
		}
		switch strings.ToLower(s) {
		case "on-board":
			qs.OnBoard = true
		case "off-board":
		default:
			return nil, errorf(v.Value, "start", "%q: use off-board (the Units enter from their home edges in turn 1) or on-board (they set up on the map)", s)
		}
		if !qs.SetUp {
			return nil, errorf(v.Key, "start", "only setup: veteran chooses how the Units start; this file places them itself: drop start")
		}
	} else {
		qs.OnBoard = !qs.SetUp
	}
	if v, ok := f["victory"]; ok {
		vf, err := fields(v.Value, "victory", "turns")
		if err != nil {
			return nil, err
		}
		if t, ok := vf["turns"]; ok {
			if qs.TurnLimit, err = yn.Int(t.Value, "victory.turns", 1, 1000); err != nil {
				return nil, err
			}
		}
	}
	sides, ok := f["sides"]
	if !ok {
		return nil, errorf(root, "sides", "missing: a battle needs two sides, each with its units")
	}
	if err := qs.readSides(sides.Value); err != nil {
		return nil, err
	}
	if v, ok := f["commands"]; ok {
		if err := qs.readCommands(v.Value); err != nil {
			return nil, err
		}
	}
	return qs, nil
}

// quickStartMap makes the map: drawn (width, height and the woods hexes),
// generated, or a board file; terrain the Quick-Start rules do not know
// becomes clear, and elevation and roads are dropped, each with a warning
// (the rules know clear, rough, light and heavy woods: 002 lines 57,
// 138–148).
func quickStartMap(root *yaml.Node, top map[string]field, loadBoard BoardLoader) (*mapgen.Map, []string, error) {
	mv, hasMap := top["map"]
	bv, hasBoard := top["board"]
	switch {
	case hasMap && hasBoard:
		return nil, nil, errorf(bv.Key, "board", "give either map: or board:, not both")
	case !hasMap && !hasBoard:
		return nil, nil, errorf(root, "map", "missing: give map: {width: 15, height: 17, light-woods: […], heavy-woods: […]} or board: FILE.board")
	}
	var m *mapgen.Map
	if hasBoard {
		p := &parser{loadBoard: loadBoard, s: &referee.State{}}
		if err := p.readMap(root, top); err != nil {
			return nil, nil, err
		}
		m = p.s.Map
	} else {
		f, err := fields(mv.Value, "map", "width", "height", "light-woods", "heavy-woods", "rough", "seed", "theme", "sheets", "orientation")
		if err != nil {
			return nil, nil, err
		}
		_, w := f["width"]
		_, h := f["height"]
		if w || h {
			if m, err = drawnMap(mv.Value, f); err != nil {
				return nil, nil, err
			}
		} else {
			for _, k := range []string{"light-woods", "heavy-woods", "rough"} {
				if v, ok := f[k]; ok {
					return nil, nil, errorf(v.Key, "map."+k, "a generated map takes no hex lists: give width and height to draw the map")
				}
			}
			p := &parser{s: &referee.State{}}
			if err := p.generate(mv.Value, f); err != nil {
				return nil, nil, err
			}
			m = p.s.Map
		}
	}
	return toQuickStartTerrain(m)
}

// drawnMap is a map of clear hexes with the woods and rough hexes listed.
func drawnMap(n *yaml.Node, f map[string]field) (*mapgen.Map, error) {
	size := func(k string, maxN int) (int, error) {
		v, ok := f[k]
		if !ok {
			return 0, errorf(n, "map."+k, "missing: a drawn map gives width and height in hexes (the training map is 15 by 17)")
		}
		return yn.Int(v.Value, "map."+k, 2, maxN)
	}
	w, err := size("width", 99)
	if err != nil {
		return nil, err
	}
	h, err := size("height", 99)
	if err != nil {
		return nil, err
	}
	for _, k := range []string{"seed", "theme", "sheets", "orientation"} {
		if v, ok := f[k]; ok {
			return nil, errorf(v.Key, "map."+k, "a drawn map (width and height) is not generated: drop %s", k)
		}
	}
	m := mapgen.New(w, h)
	for _, k := range []struct {
		key string
		t   mapgen.Terrain
	}{{"rough", mapgen.Rough}, {"light-woods", mapgen.LightWoods}, {"heavy-woods", mapgen.HeavyWoods}} {
		v, ok := f[k.key]
		if !ok {
			continue
		}
		names, nodes, err := stringList(v.Value, "map."+k.key)
		if err != nil {
			return nil, err
		}
		for i, s := range names {
			path := yamlnode.Index("map."+k.key, i)
			x, err := hex.Parse(s)
			if err != nil {
				return nil, wrap(nodes[i], path, err)
			}
			if !m.Contains(x) {
				return nil, errorf(nodes[i], path, "hex %s is off the %d×%d map", x, w, h)
			}
			if t := m.At(x).Terrain; t != mapgen.Open {
				return nil, errorf(nodes[i], path, "hex %s is listed twice (also %v)", x, t)
			}
			m.Set(x, mapgen.Cell{Terrain: k.t})
		}
	}
	return m, nil
}

// toQuickStartTerrain keeps clear, rough and woods, and makes every other
// hex clear, flat and roadless, saying what it changed.
func toQuickStartTerrain(m *mapgen.Map) (*mapgen.Map, []string, error) {
	out := m.Clone()
	changed := map[string][]string{}
	var order []string
	note := func(what string, h hex.Hex) {
		if _, ok := changed[what]; !ok {
			order = append(order, what)
		}
		changed[what] = append(changed[what], h.String())
	}
	for _, h := range out.Hexes() {
		c := out.At(h)
		if _, err := quickstart.EnterCost(c.Terrain); err != nil {
			note(c.Terrain.String()+" made clear", h)
			c.Terrain = mapgen.Open
		}
		if c.Elevation != 0 {
			note("elevation dropped", h)
		}
		if c.Road {
			note("road dropped", h)
		}
		out.Set(h, mapgen.Cell{Terrain: c.Terrain})
	}
	var warnings []string
	for _, what := range order {
		hexes := changed[what]
		list := strings.Join(hexes[:min(len(hexes), 8)], " ")
		if len(hexes) > 8 {
			list += fmt.Sprintf(" and %d more", len(hexes)-8)
		}
		warnings = append(warnings, fmt.Sprintf("the Quick-Start rules know clear, rough, light and heavy woods only: %s in %d hexes (%s)", what, len(hexes), list))
	}
	if errs := out.Check(); len(errs) > 0 {
		return nil, nil, &Error{Msg: fmt.Sprintf("the map is inconsistent: %v", errs[0])}
	}
	return out, warnings, nil
}

func (qs *QuickStart) readSides(n *yaml.Node) error {
	items, err := yn.List(n, "sides")
	if err != nil {
		return err
	}
	if len(items) != 2 {
		return errorf(n, "sides", "a Quick-Start battle has two sides, found %d", len(items))
	}
	seen := map[string]string{}
	type placed struct {
		node *yaml.Node
		path string
	}
	where := map[string]placed{}
	for i, sn := range items {
		path := yamlnode.Index("sides", i)
		f, err := fields(sn, path, "id", "name", "home", "zone", "units", "counters")
		if err != nil {
			return err
		}
		id, idf, err := sideID(f, sn, path)
		if err != nil {
			return err
		}
		if i == 1 && id == qs.Sides[0].ID {
			return errorf(idf.Value, path+".id", "side %q is given twice", id)
		}
		side := QuickStartSide{ID: id, Name: id}
		if v, ok := f["name"]; ok {
			if side.Name, err = yn.Name(v.Value, path+".name", usertext.Side); err != nil {
				return err
			}
		}
		hv, ok := f["home"]
		switch {
		case qs.SetUp && ok:
			return errorf(hv.Key, path+".home", "setup: veteran chooses the home edges: drop home")
		case !qs.SetUp && !ok:
			return errorf(sn, path+".home", "missing: the side's home map edge, north, east, south or west")
		case ok:
			s, err := yn.Str(hv.Value, path+".home")
			if err != nil {
				return err
			}
			if side.Home, ok = edges[strings.ToLower(s)]; !ok {
				return errorf(hv.Value, path+".home", "edge %q: use north, east, south or west", s)
			}
		}
		side.Zone = 1
		if qs.SetUp {
			side.Zone = quickstart.ZoneDepth
		}
		if v, ok := f["zone"]; ok {
			if side.Zone, err = yn.Int(v.Value, path+".zone", 1, 99); err != nil {
				return err
			}
		}
		un, ok := f["units"]
		if !ok {
			return errorf(sn, path+".units", "missing: each side has at least one unit")
		}
		units, err := yn.List(un.Value, path+".units")
		if err != nil {
			return err
		}
		if len(units) == 0 || len(units) > 20 {
			return errorf(un.Value, path+".units", "a side has 1 to 20 units, found %d", len(units))
		}
		for j, u := range units {
			upath := yamlnode.Index(path+".units", j)
			us, err := qs.readUnit(u, upath, i, side)
			if err != nil {
				return err
			}
			if other, dup := seen[us.ID]; dup {
				return errorf(u, upath+".id", "unit %s is also in %s: unit IDs are unique in the battle", us.ID, other)
			}
			seen[us.ID] = upath
			where[us.ID] = placed{u, upath}
			side.Units = append(side.Units, us.ID)
			qs.Units = append(qs.Units, us)
		}
		qs.Sides[i] = side
		if v, ok := f["counters"]; ok {
			if qs.Green { // the Green Training Scenario has none (002 lines 504–536)
				return errorf(v.Key, path+".counters", "setup: green (the Green Training Scenario) has no objectives or Headquarters: drop counters, or use setup: veteran")
			}
			if err := qs.readCounters(v.Value, path+".counters", i); err != nil {
				return err
			}
		}
	}
	slices.SortFunc(qs.Units, func(a, b quickstart.UnitState) int { return strings.Compare(a.ID, b.ID) })
	if err := qs.setCounterValues(); err != nil || qs.SetUp {
		return err // the set-up places the pieces at the start
	}
	// The battle as set up, checked by the rules' own invariants and
	// stacking (002 line 168) and the counters' (002 line 582); with
	// setup: green, the deployment's zones too.
	s := quickstart.State{Map: qs.Map, Sides: qs.sideIDs(), Names: qs.sideNames(), Units: qs.Units, Turn: 1, Winner: -1, Counters: qs.Counters}
	if errs := s.Check(); len(errs) > 0 {
		return &Error{Msg: fmt.Sprintf("the battle as set up is inconsistent: %v", errors.Join(errs...))}
	}
	if qs.Green {
		if _, _, err := qs.greenBattle(); err != nil {
			return &Error{Msg: err.Error()}
		}
	}
	for _, c := range qs.Counters {
		for _, u := range qs.Units {
			if u.Hex == c.Hex && u.Side == c.Owner {
				p := where[u.ID]
				return errorf(p.node, p.path+".hex", "unit %s stands on its own side's %v in %s: a side's Units never occupy its own counters' hexes (%s)", u.ID, c.Kind, c.Hex, cite.QuickStart(582))
			}
		}
	}
	return nil
}

func (qs *QuickStart) readUnit(n *yaml.Node, path string, side int, s QuickStartSide) (quickstart.UnitState, error) {
	var u quickstart.UnitState
	f, err := fields(n, path, "id", "unit", "hex", "facing")
	if err != nil {
		return u, err
	}
	idf, ok := f["id"]
	if !ok {
		return u, errorf(n, path+".id", "missing: each unit has an id, e.g. DF")
	}
	if u.ID, err = yn.Name(idf.Value, path+".id", usertext.ID); err != nil {
		return u, err
	}
	if !consoleline.ValidName(u.ID) {
		return u, errorf(idf.Value, path+".id", "%q: use letters, digits, - and _ (commands name the unit by it)", u.ID)
	}
	uf, ok := f["unit"]
	if !ok {
		return u, errorf(n, path+".unit", "missing: the record sheet Unit, one of %s", recordSheetNames())
	}
	name, err := yn.Str(uf.Value, path+".unit")
	if err != nil {
		return u, err
	}
	mk, ok := recordSheetUnits[strings.ToLower(name)]
	if !ok {
		return u, errorf(uf.Value, path+".unit", "no record sheet Unit %q: use one of %s", name, recordSheetNames())
	}
	u = quickstart.Place(u.ID, side, mk(), hex.Hex{}, 0)
	hf, ok := f["hex"]
	if qs.SetUp {
		for _, k := range []string{"hex", "facing"} {
			if v, ok := f[k]; ok {
				return u, errorf(v.Key, path+"."+k, "setup: veteran places the Units: drop %s", k)
			}
		}
		return u, nil
	}
	if !ok {
		return u, errorf(n, path+".hex", "missing: the hex the unit starts in, within %d hexes of the %v edge", s.Zone, s.Home)
	}
	p := &parser{s: &referee.State{Map: qs.Map}}
	if u.Hex, err = p.hexAt(hf.Value, path+".hex"); err != nil {
		return u, err
	}
	if d := quickstart.EdgeDepth(qs.Map, u.Hex, s.Home); d > s.Zone {
		return u, errorf(hf.Value, path+".hex", "hex %s is %d hexes from the %v edge: side %s deploys within %d of its home edge (%s)", u.Hex, d, s.Home, s.ID, s.Zone, cite.QuickStart(520, 528, 572))
	}
	u.Facing = quickstart.FacingAway(s.Home)
	if v, ok := f["facing"]; ok {
		fs, err := yn.Str(v.Value, path+".facing")
		if err != nil {
			return u, err
		}
		if u.Facing, err = ParseFacing(fs); err != nil {
			return u, wrap(v.Value, path+".facing", err)
		}
	}
	return u, nil
}

// ParseFacing reads a hexside a Unit faces: N, NE, SE, S, SW or NW (any
// case).
func ParseFacing(s string) (hex.Direction, error) {
	for _, d := range hex.Directions {
		if strings.EqualFold(strings.TrimSpace(s), d.String()) {
			return d, nil
		}
	}
	return 0, fmt.Errorf("facing %q: use N, NE, SE, S, SW or NW", s)
}

// readCounters reads a side's own objectives and Headquarters: the
// Veteran Training Scenario's two objectives and one Headquarters in its
// Deployment Zone (002 lines 572–574).
func (qs *QuickStart) readCounters(n *yaml.Node, path string, owner int) error {
	items, err := yn.List(n, path)
	if err != nil {
		return err
	}
	if len(items) > 10 {
		return errorf(n, path, "a side has at most 10 counters, found %d", len(items))
	}
	s := qs.Sides[owner]
	for i, cn := range items {
		cpath := yamlnode.Index(path, i)
		f, err := fields(cn, cpath, "kind", "hex")
		if err != nil {
			return err
		}
		var c quickstart.Counter
		c.Owner = owner
		kv, ok := f["kind"]
		if !ok {
			return errorf(cn, cpath+".kind", "missing: objective or headquarters")
		}
		k, err := yn.Str(kv.Value, cpath+".kind")
		if err != nil {
			return err
		}
		switch strings.ToLower(k) {
		case "objective":
			c.Kind = quickstart.Objective
		case "headquarters", "hq":
			c.Kind = quickstart.Headquarters
		default:
			return errorf(kv.Value, cpath+".kind", "%q: use objective or headquarters", k)
		}
		hv, ok := f["hex"]
		switch {
		case qs.SetUp && ok:
			return errorf(hv.Key, cpath+".hex", "setup: veteran places the counters: drop hex")
		case qs.SetUp:
			qs.Counters = append(qs.Counters, c)
			continue
		case !ok:
			return errorf(cn, cpath+".hex", "missing: the counter's hex, in side %s's Deployment Zone", s.ID)
		}
		p := &parser{s: &referee.State{Map: qs.Map}}
		if c.Hex, err = p.hexAt(hv.Value, cpath+".hex"); err != nil {
			return err
		}
		if d := quickstart.EdgeDepth(qs.Map, c.Hex, s.Home); d > s.Zone {
			return errorf(hv.Value, cpath+".hex", "hex %s is %d hexes from the %v edge, outside side %s's Deployment Zone of %d (%s)", c.Hex, d, s.Home, s.ID, s.Zone, cite.QuickStart(572, 574))
		}
		for _, o := range qs.Counters {
			if o.Hex == c.Hex {
				return errorf(hv.Value, cpath+".hex", "hex %s already holds a counter: put each in a hex of its own", c.Hex)
			}
		}
		qs.Counters = append(qs.Counters, c)
	}
	return nil
}

// setCounterValues gives each counter its victory Point Value from its
// owner's Force: an objective the Force's Point Value × 0.66 over the
// owner's objectives (002 line 608), a Headquarters the Force's × 0.33
// (002 line 614: the Force of the player it belongs to, as Brian and Tom
// reckon it, 002 lines 616–638).
func (qs *QuickStart) setCounterValues() error {
	var pv, objectives [2]int
	for _, u := range qs.Units {
		for _, e := range u.Elements {
			pv[u.Side] += e.PV
		}
	}
	for _, c := range qs.Counters {
		if c.Kind == quickstart.Objective {
			objectives[c.Owner]++
		}
	}
	for i, c := range qs.Counters {
		var err error
		if c.Kind == quickstart.Objective {
			qs.Counters[i].Value, err = quickstart.ObjectiveValue(pv[c.Owner], objectives[c.Owner])
		} else {
			qs.Counters[i].Value, err = quickstart.HeadquartersValue(pv[c.Owner])
		}
		if err != nil {
			return &Error{Msg: err.Error()}
		}
	}
	return nil
}

// Begin starts the battle with dice d, and leaves qs as it is. With
// setup: veteran the State waits in the set-up phase for its choices
// (quickstart.NewVeteranBattle), the Units starting on the map or off it
// as onBoard says; else the first turn's Initiative is rolled.
func (qs *QuickStart) Begin(d *dice.Dice, onBoard bool) (quickstart.State, []quickstart.Event, error) {
	sides, names := qs.sideIDs(), qs.sideNames()
	var s quickstart.State
	var ev []quickstart.Event
	var err error
	switch {
	case qs.SetUp:
		s, ev, err = quickstart.NewVeteranBattle(qs.Map, sides, names, qs.Units, qs.Counters, onBoard, d)
	case qs.Green:
		s, ev, err = qs.greenBattle()
	default:
		s, ev, err = quickstart.NewBattle(qs.Map, sides, names, qs.Units, d)
		s.Counters = slices.Clone(qs.Counters)
	}
	if err != nil {
		return s, nil, err
	}
	s.TurnLimit = qs.TurnLimit
	if errs := s.Check(); len(errs) > 0 {
		return s, nil, fmt.Errorf("the battle as set up is inconsistent: %w", errors.Join(errs...))
	}
	return s, ev, nil
}

// greenBattle starts the Green scenario's deployment: the sides' home
// edges and zones as the file gives them, the first side placing first.
func (qs *QuickStart) greenBattle() (quickstart.State, []quickstart.Event, error) {
	return quickstart.NewGreenBattle(qs.Map, qs.sideIDs(), qs.sideNames(), qs.Units,
		[2]referee.Edge{qs.Sides[0].Home, qs.Sides[1].Home}, [2]int{qs.Sides[0].Zone, qs.Sides[1].Zone})
}

// sideIDs are the sides' IDs; sideNames their names, which the players
// read in the battle's events and refusals.
func (qs *QuickStart) sideIDs() [2]string { return [2]string{qs.Sides[0].ID, qs.Sides[1].ID} }

func (qs *QuickStart) sideNames() [2]string { return [2]string{qs.Sides[0].Name, qs.Sides[1].Name} }

// SideIndex is the index of the side with id, or -1.
func (qs *QuickStart) SideIndex(id string) int {
	for i, s := range qs.Sides {
		if s.ID == id {
			return i
		}
	}
	return -1
}

func (qs *QuickStart) readCommands(n *yaml.Node) error {
	items, err := yn.List(n, "commands")
	if err != nil {
		return err
	}
	for i, c := range items {
		path := yamlnode.Index("commands", i)
		if c.Kind != yaml.ScalarNode {
			return errorf(c, path, "want a console line in quotes, e.g. \"@%s /battle end\"", qs.Sides[0].ID)
		}
		l, err := consoleline.ParseLine(c.Value)
		if err != nil {
			return errorf(c, path, "%q: %v", c.Value, err)
		}
		if l == nil {
			continue // a comment
		}
		side := qs.SideIndex(l.User)
		a, err := QuickStartAction(l)
		if err != nil {
			return errorf(c, path, "%q: %v", c.Value, err)
		}
		if side < 0 {
			return errorf(c, path, "%q: @%s is not a side: use @%s or @%s", c.Value, l.User, qs.Sides[0].ID, qs.Sides[1].ID)
		}
		if IsSetUpAction(a) {
			switch {
			case qs.Green && a.Kind != quickstart.PlaceUnit:
				return errorf(c, path, "%q: setup: green has the players place their Units (/battle place unit: hex: facing:) and nothing else", c.Value)
			case !qs.SetUp && !qs.Green:
				return errorf(c, path, "%q: only setup: veteran or green has a set-up to play; this file places everything itself", c.Value)
			}
			if len(qs.Commands) > 0 && !IsSetUpAction(qs.Commands[len(qs.Commands)-1].Action) {
				return errorf(c, path, "%q: the set-up comes before the battle's first command: move it up", c.Value)
			}
		}
		qs.Commands = append(qs.Commands, QuickStartCommand{Line: c.Line, Text: c.Value, Side: side, Action: a})
	}
	return nil
}
