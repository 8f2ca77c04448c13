package scenario

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
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
)

// MaxFileSize is the largest scenario file Parse reads.
const MaxFileSize = 1 << 20

// MaxUnits is the most counters a scenario's sides may list in all: two
// full regiments with their support are about 160, the book's largest
// scenario about 70. A file over it is refused before any unit is read.
const MaxUnits = 500

// Scenario is a battle read from a file, set up and ready to play.
type Scenario struct {
	Name string
	// Setup is the battle after deployment, before the first turn: every
	// unit with a hex stands on it, Phase is Deploy. Run starts it.
	Setup *referee.State
	// Commands are the file's console lines, in order.
	Commands []Command
	// deployed are the events of the deployment, which Run announces.
	deployed []referee.Event
	// rollInitiative: the file names no side to move first, so Run rolls
	// for it (000 line 564).
	rollInitiative bool
	// Purchases are the sides that may buy their own force instead of
	// the file's (purchase.go, Buy), by side ID.
	Purchases map[string]*Purchase
}

// Command is one console line of the file and the action it asks for.
type Command struct {
	Line   int    // the file's line
	Text   string // the line as written
	Action referee.Action
}

func (c Command) String() string { return fmt.Sprintf("line %d: %q", c.Line, c.Text) }

// BoardLoader reads a MegaMek .board file named by a scenario's board
// field (the caller decides what the path is relative to).
type BoardLoader func(path string) (*mapgen.Map, error)

// Parse reads a scenario file (docs/architecture.md, "Scenario files and event
// output") and sets up its battle. loadBoard reads the board a file names
// with board:; it may be nil when no file names one. Every error is an
// *Error naming the line and field.
func Parse(data []byte, loadBoard BoardLoader) (*Scenario, error) {
	root, err := readDocument(data)
	if err != nil {
		return nil, err
	}
	p := &parser{loadBoard: loadBoard}
	sc, err := p.scenario(root)
	return sc, asError(err)
}

// readDocument reads a scenario file's one YAML document.
func readDocument(data []byte) (*yaml.Node, error) {
	if len(data) > MaxFileSize {
		return nil, &Error{Msg: fmt.Sprintf("the file is %d bytes; a scenario is at most %d", len(data), MaxFileSize)}
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, &Error{Msg: strings.TrimPrefix(err.Error(), "yaml: ")}
	}
	if doc.Kind != yaml.DocumentNode || len(doc.Content) != 1 {
		return nil, &Error{Msg: "the file is empty: a scenario has map (or board), sides and commands"}
	}
	return doc.Content[0], nil
}

type parser struct {
	loadBoard BoardLoader
	sc        *Scenario
	s         *referee.State
	// placements are the units' hexes in file order, with where each was
	// written, for the errors deployment finds after the units are read.
	placements []placement
	// late are checks that need the sides read (victory.stranded, …).
	late []func() error
}

type placement struct {
	unit string
	at   hex.Hex
	node *yaml.Node
	path string
}

func (p *parser) scenario(root *yaml.Node) (*Scenario, error) {
	f, err := fields(root, "", "name", "map", "board", "terrain", "rules", "first", "victory", "salvage", "sides", "commands")
	if err != nil {
		return nil, err
	}
	p.sc = &Scenario{}
	p.s = &referee.State{}
	if v, ok := f["name"]; ok {
		if p.sc.Name, err = yn.Name(v.Value, "name", usertext.Scenario); err != nil {
			return nil, err
		}
	}
	if err := p.readMap(root, f); err != nil {
		return nil, err
	}
	if v, ok := f["terrain"]; ok {
		if err := p.terrain(v.Value); err != nil {
			return nil, err
		}
	}
	if v, ok := f["rules"]; ok {
		if err := p.rules(v.Value); err != nil {
			return nil, err
		}
	}
	if v, ok := f["victory"]; ok {
		if err := p.victory(v.Value); err != nil {
			return nil, err
		}
	}
	sides, ok := f["sides"]
	if !ok {
		return nil, errorf(root, "sides", "missing: a battle needs two sides, each with its units")
	}
	if err := p.sides(sides.Value); err != nil {
		return nil, err
	}
	for _, f := range p.late {
		if err := f(); err != nil {
			return nil, err
		}
	}
	if v, ok := f["first"]; ok {
		if err := p.first(v.Value); err != nil {
			return nil, err
		}
	} else {
		p.sc.rollInitiative = true
	}
	if v, ok := f["salvage"]; ok {
		if err := p.salvage(v.Value); err != nil {
			return nil, err
		}
	}
	if err := p.deploy(); err != nil {
		return nil, err
	}
	if v, ok := f["commands"]; ok {
		if err := p.commands(v.Value); err != nil {
			return nil, err
		}
	}
	if errs := p.s.Check(); len(errs) > 0 {
		return nil, &Error{Msg: fmt.Sprintf("the battle as set up is inconsistent: %v", errors.Join(errs...))}
	}
	p.sc.Setup = p.s
	return p.sc, nil
}

// readMap makes the map: generated (map: {seed, theme, sheets,
// orientation}) or read from a board file (board: path, at the top or in
// map:).
func (p *parser) readMap(root *yaml.Node, top map[string]field) error {
	var boardNode *yaml.Node
	if v, ok := top["board"]; ok {
		boardNode = v.Value
	}
	m, hasMap := top["map"]
	if hasMap {
		f, err := fields(m.Value, "map", "seed", "theme", "sheets", "orientation", "board")
		if err != nil {
			return err
		}
		if v, ok := f["board"]; ok {
			if boardNode != nil {
				return errorf(v.Key, "map.board", "the board is given twice (also at the top)")
			}
			if len(f) > 1 {
				return errorf(v.Key, "map.board", "a board file is the whole map: drop seed, theme, sheets and orientation")
			}
			boardNode = v.Value
		} else {
			if boardNode != nil {
				return errorf(m.Key, "map", "give either map: {seed, theme, …} or board: FILE, not both")
			}
			return p.generate(m.Value, f)
		}
	}
	if boardNode == nil {
		return errorf(root, "map", "missing: give map: {seed: 7, theme: plains, sheets: 1} or board: FILE.board")
	}
	path, err := yn.Str(boardNode, "board")
	if err != nil {
		return err
	}
	if p.loadBoard == nil {
		return errorf(boardNode, "board", "this caller cannot read board files")
	}
	mp, err := p.loadBoard(path)
	if err != nil {
		return errorf(boardNode, "board", "%v", err)
	}
	if mp == nil || len(mp.Cells) != mp.Width*mp.Height || mp.Width < 1 {
		return errorf(boardNode, "board", "%s holds no map", path)
	}
	p.s.Map = mp.Clone()
	return nil
}

func (p *parser) generate(n *yaml.Node, f map[string]field) error {
	var o mapgen.GenOptions
	o.Sheets = 1
	if v, ok := f["seed"]; ok {
		s, err := yn.Str(v.Value, "map.seed")
		if err != nil {
			return err
		}
		if o.Seed, err = strconv.ParseUint(s, 10, 64); err != nil {
			return errorf(v.Value, "map.seed", "want a whole number of 0 or more, found %q", s)
		}
	}
	if v, ok := f["theme"]; ok {
		s, err := yn.Str(v.Value, "map.theme")
		if err != nil {
			return err
		}
		if o.Theme, err = mapgen.ParseTheme(s); err != nil {
			return wrap(v.Value, "map.theme", err)
		}
	}
	if v, ok := f["sheets"]; ok {
		s, err := yn.Int(v.Value, "map.sheets", 1, 2)
		if err != nil {
			return err
		}
		o.Sheets = s
	}
	if v, ok := f["orientation"]; ok {
		s, err := yn.Str(v.Value, "map.orientation")
		if err != nil {
			return err
		}
		if o.Orientation, err = mapgen.ParseOrientation(s); err != nil {
			return wrap(v.Value, "map.orientation", err)
		}
	}
	m, err := mapgen.Generate(o)
	if err != nil {
		return errorf(n, "map", "%v", err)
	}
	p.s.Map = m
	return nil
}

// hexAt reads a hex name that must lie on the map.
func (p *parser) hexAt(n *yaml.Node, path string) (hex.Hex, error) {
	s, err := yn.Str(n, path)
	if err != nil {
		return hex.Hex{}, err
	}
	h, err := hex.Parse(s)
	if err != nil {
		return h, wrap(n, path, err)
	}
	if !p.s.Map.Contains(h) {
		return h, errorf(n, path, "hex %s is off the %d×%d map", h, p.s.Map.Width, p.s.Map.Height)
	}
	return h, nil
}

// terrain applies per-hex overrides: terrain, elevation, road. Fields not
// given keep the map's.
func (p *parser) terrain(n *yaml.Node) error {
	list, err := yn.Entries(n, "terrain")
	if err != nil {
		return err
	}
	for _, e := range list {
		path := fmt.Sprintf("terrain[%q]", e.Key.Value)
		h, err := p.hexAt(e.Key, path)
		if err != nil {
			return err
		}
		f, err := fields(e.Value, path, "terrain", "elevation", "road")
		if err != nil {
			return err
		}
		c := p.s.Map.At(h)
		if v, ok := f["terrain"]; ok {
			s, err := yn.Str(v.Value, path+".terrain")
			if err != nil {
				return err
			}
			if c.Terrain, err = mapgen.ParseTerrain(s); err != nil {
				return wrap(v.Value, path+".terrain", err)
			}
		}
		if v, ok := f["elevation"]; ok {
			if c.Elevation, err = yn.Int(v.Value, path+".elevation", 0, mapgen.MaxElevation); err != nil {
				return err
			}
		}
		if v, ok := f["road"]; ok {
			road, err := yn.Bool(v.Value, path+".road")
			if err != nil {
				return err
			}
			if road != c.Road {
				// A new road is pavement, open to every road neighbour.
				c.Road, c.RoadExits = road, 0
			}
		}
		p.s.Map.Set(h, c)
	}
	// A road removed here may leave a neighbour's exit pointing at it.
	if errs := p.s.Map.Check(); len(errs) > 0 {
		return errorf(n, "terrain", "the map is inconsistent after the overrides: %v", errs[0])
	}
	return nil
}

func (p *parser) rules(n *yaml.Node) error {
	f, err := fields(n, "rules", "crt", "night", "morale", "initiative", "scavenging")
	if err != nil {
		return err
	}
	r := &p.s.Rules
	if v, ok := f["crt"]; ok {
		s, err := yn.Str(v.Value, "rules.crt")
		if err != nil {
			return err
		}
		if r.CRT, err = referee.ParseCRT(s); err != nil {
			return wrap(v.Value, "rules.crt", err)
		}
	}
	if v, ok := f["night"]; ok {
		if r.Night, err = yn.Bool(v.Value, "rules.night"); err != nil {
			return err
		}
	}
	if v, ok := f["morale"]; ok {
		if r.MoraleCheck, err = yn.Bool(v.Value, "rules.morale"); err != nil {
			return err
		}
	}
	if v, ok := f["initiative"]; ok {
		s, err := yn.Str(v.Value, "rules.initiative")
		if err != nil {
			return err
		}
		switch strings.ToLower(s) {
		case "each-turn":
			p.special().InitiativeEachTurn = true
		case "once":
		default:
			return errorf(v.Value, "rules.initiative", "%q: use once (the usual) or each-turn (2D6 every game turn)", s)
		}
	}
	if v, ok := f["scavenging"]; ok {
		on, err := yn.Bool(v.Value, "rules.scavenging")
		if err != nil {
			return err
		}
		if on {
			p.special().Scavenging = true
		}
	}
	return nil
}

// victory reads the victory conditions: turns, the turn limit (ruling
// V10); salvage, what salvage counters are worth; end_when_salvage_gone;
// stranded, the side whose units left on the map at the end are
// captured (special.go).
func (p *parser) victory(n *yaml.Node) error {
	f, err := fields(n, "victory", "turns", "salvage", "end_when_salvage_gone", "stranded", "end_when_lifted_off")
	if err != nil {
		return err
	}
	if v, ok := f["turns"]; ok {
		if p.s.Rules.TurnLimit, err = yn.Int(v.Value, "victory.turns", 1, 1000); err != nil {
			return err
		}
	}
	if v, ok := f["salvage"]; ok {
		if err := p.victorySalvage(v.Value); err != nil {
			return err
		}
	}
	if v, ok := f["end_when_salvage_gone"]; ok {
		on, err := yn.Bool(v.Value, "victory.end_when_salvage_gone")
		if err != nil {
			return err
		}
		if on {
			p.special().EndWhenSalvageGone = true
		}
	}
	if v, ok := f["stranded"]; ok {
		p.late = append(p.late, func() error {
			id, err := p.sideID(v.Value, "victory.stranded")
			p.special().Stranded = id
			return err
		})
	}
	if v, ok := f["end_when_lifted_off"]; ok {
		p.late = append(p.late, func() error {
			id, err := p.sideID(v.Value, "victory.end_when_lifted_off")
			p.special().EndWhenLiftedOff = id
			return err
		})
	}
	return nil
}

var edges = map[string]referee.Edge{"north": referee.North, "east": referee.East, "south": referee.South, "west": referee.West}

func (p *parser) sides(n *yaml.Node) error {
	items, err := yn.List(n, "sides")
	if err != nil {
		return err
	}
	if len(items) < 2 {
		return errorf(n, "sides", "a battle needs at least two sides, found %d", len(items))
	}
	unitSeen := map[string]string{}
	listed := 0 // units listed so far, all sides (MaxUnits)
	for i, sn := range items {
		path := yamlnode.Index("sides", i)
		f, err := fields(sn, path, "id", "name", "retreat", "vp", "units", "mines", "exit", "bounty", "objectives", "reinforcements", "purchase")
		if err != nil {
			return err
		}
		id, idf, err := sideID(f, sn, path)
		if err != nil {
			return err
		}
		if p.s.Side(id) != nil {
			return errorf(idf.Value, path+".id", "side %q is given twice", id)
		}
		side := referee.Side{ID: id, Name: id}
		if v, ok := f["name"]; ok {
			if side.Name, err = yn.Name(v.Value, path+".name", usertext.Side); err != nil {
				return err
			}
		}
		if v, ok := f["retreat"]; ok {
			s, err := yn.Str(v.Value, path+".retreat")
			if err != nil {
				return err
			}
			e, ok := edges[strings.ToLower(s)]
			if !ok {
				return errorf(v.Value, path+".retreat", "edge %q: use north, east, south or west", s)
			}
			side.RetreatEdge = e
		}
		if v, ok := f["vp"]; ok {
			if side.VP, err = yn.Int(v.Value, path+".vp", -10000, 10000); err != nil {
				return err
			}
		}
		p.s.Sides = append(p.s.Sides, side)
		_, reinforced := f["reinforcements"]
		var units []*yaml.Node
		un, ok := f["units"]
		if ok {
			if units, err = yn.List(un.Value, path+".units"); err != nil {
				return err
			}
		}
		switch {
		case !ok && !reinforced:
			return errorf(sn, path+".units", "missing: each side has at least one unit")
		case ok && len(units) == 0 && !reinforced:
			return errorf(un.Value, path+".units", "each side has at least one unit")
		}
		if listed += len(units); listed > MaxUnits {
			return errorf(un.Value, path+".units", "the sides list %d units or more; a scenario has at most %d", listed, MaxUnits)
		}
		for j, n := range units {
			upath := yamlnode.Index(path+".units", j)
			u, idNode, err := p.unit(n, upath, id)
			if err != nil {
				return err
			}
			if other, dup := unitSeen[u.ID]; dup {
				return errorf(idNode, upath+".id", "unit %s is also in %s: unit IDs are unique in the battle", u.ID, other)
			}
			unitSeen[u.ID] = upath
			p.s.Units = append(p.s.Units, &u)
		}
		if v, ok := f["mines"]; ok {
			if err := p.mines(v.Value, path+".mines", &p.s.Sides[len(p.s.Sides)-1]); err != nil {
				return err
			}
		}
		if err := p.sideSpecial(f, path, id, unitSeen); err != nil {
			return err
		}
		if v, ok := f["purchase"]; ok {
			if err := p.purchase(v.Value, path+".purchase", id); err != nil {
				return err
			}
		}
	}
	sort.SliceStable(p.s.Units, func(i, j int) bool { return p.s.Units[i].ID < p.s.Units[j].ID })
	return nil
}

// sideID reads a side's id: the @name of its commands, not one the bot
// keeps for its own addressees (ruling SE3).
func sideID(f map[string]field, sn *yaml.Node, path string) (string, field, error) {
	idf, ok := f["id"]
	if !ok {
		return "", idf, errorf(sn, path+".id", "missing: each side has an id, the @name its commands use")
	}
	id, err := yn.Name(idf.Value, path+".id", usertext.ID)
	if err != nil {
		return "", idf, err
	}
	if !consoleline.ValidName(id) {
		return "", idf, errorf(idf.Value, path+".id", "%q: use letters, digits, - and _ (it is the @name of the side's commands)", id)
	}
	if err := referee.ReservedSideIDError(id); err != nil {
		return "", idf, errorf(idf.Value, path+".id", "%v", err)
	}
	return id, idf, nil
}

// first puts the side that moves first at the head of the initiative
// order; the others follow in the file's order (ruling V12).
func (p *parser) first(n *yaml.Node) error {
	id, err := yn.Str(n, "first")
	if err != nil {
		return err
	}
	for i, s := range p.s.Sides {
		if s.ID == id {
			p.s.Sides = append([]referee.Side{s}, append(p.s.Sides[:i:i], p.s.Sides[i+1:]...)...)
			return nil
		}
	}
	return errorf(n, "first", "no side %q: use %s", id, p.sideList())
}

func (p *parser) sideList() string {
	ids := make([]string, len(p.s.Sides))
	for i, s := range p.s.Sides {
		ids[i] = s.ID
	}
	return strings.Join(ids, " or ")
}

// mines are a side's secret mine attacks per hex: 5 a mine (000 line
// 1042), bought in fives (line 2181), never in water (line 1046).
func (p *parser) mines(n *yaml.Node, path string, side *referee.Side) error {
	list, err := yn.Entries(n, path)
	if err != nil {
		return err
	}
	side.Mines = map[hex.Hex]int{}
	for _, e := range list {
		hpath := fmt.Sprintf("%s[%q]", path, e.Key.Value)
		h, err := p.hexAt(e.Key, hpath)
		if err != nil {
			return err
		}
		v, err := yn.Int(e.Value, hpath, 5, 1000)
		if err != nil {
			return err
		}
		if v%5 != 0 {
			return errorf(e.Value, hpath, "%d: mines come 5 attack points each (%s)", v, cite.Book(1042))
		}
		if c := p.s.Map.At(h); c.Terrain.IsWater() {
			return errorf(e.Key, hpath, "hex %s is %v: mines are not laid in water (%s)", h, c.Terrain, cite.Book(1046))
		}
		side.Mines[h] = v
	}
	return nil
}

// salvage places salvage counters on the map at the start.
func (p *parser) salvage(n *yaml.Node) error {
	list, err := yn.Entries(n, "salvage")
	if err != nil {
		return err
	}
	p.s.Salvage = map[hex.Hex]int{}
	for _, e := range list {
		hpath := fmt.Sprintf("salvage[%q]", e.Key.Value)
		h, err := p.hexAt(e.Key, hpath)
		if err != nil {
			return err
		}
		if p.s.Salvage[h], err = yn.Int(e.Value, hpath, 1, 100); err != nil {
			return err
		}
	}
	return nil
}

// deploy places every unit that has a hex, in file order, through the
// referee's own deployment so that terrain and stacking are checked as in
// play (ruling V12). Air units and DropShips without a hex stay in
// reserve.
func (p *parser) deploy() error {
	none, _ := dice.NewScript() // deployment throws no dice
	d := dice.New(none)
	for _, pl := range p.placements {
		u := p.s.Unit(pl.unit)
		next, events, err := referee.Apply(p.s, referee.Action{Kind: referee.ActDeploy, Side: u.Side, Unit: u.ID, To: pl.at}, d)
		if err != nil {
			return errorf(pl.node, pl.path, "%s", strings.TrimPrefix(err.Error(), referee.ErrIllegal.Error()+": "))
		}
		p.s = next
		p.sc.deployed = append(p.sc.deployed, events...)
	}
	for _, u := range p.s.Units {
		if u.Status == referee.Reserve && u.Class.Ground() && !u.Drop && u.Aboard == "" {
			return &Error{Msg: fmt.Sprintf("unit %s has no hex: ground units start on the map", u.ID)}
		}
	}
	return nil
}

// commands reads the console lines.
func (p *parser) commands(n *yaml.Node) error {
	items, err := yn.List(n, "commands")
	if err != nil {
		return err
	}
	for i, c := range items {
		path := yamlnode.Index("commands", i)
		if c.Kind != yaml.ScalarNode {
			return errorf(c, path, "want a console line in quotes, e.g. \"@%s /battle end\"", p.s.Sides[0].ID)
		}
		l, err := consoleline.ParseLine(c.Value)
		if err != nil {
			return errorf(c, path, "%q: %v", c.Value, err)
		}
		if l == nil {
			continue // a comment
		}
		a, err := BattleAction(l)
		if err != nil {
			return errorf(c, path, "%q: %v", c.Value, err)
		}
		if p.s.Side(a.Side) == nil {
			return errorf(c, path, "%q: @%s is not a side: use @%s", c.Value, a.Side, strings.Join(strings.Split(p.sideList(), " or "), " or @"))
		}
		p.sc.Commands = append(p.sc.Commands, Command{Line: c.Line, Text: c.Value, Action: a})
	}
	return nil
}
