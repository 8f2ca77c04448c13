package referee

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"bfbot/mapgen"
	"bfbot/mapgen/hex"
)

// Position is a battle State written as text, the battle-state notation:
// what FEN is to chess, a compact record of one moment of a battle that a
// person can read and write, used by tests to set up positions and by
// people to report them. It wraps the State rather than being a method of
// it because a State is stored as JSON (campaign documents), and a
// TextMarshaler on State would change that storage format.
//
// # Grammar
//
// A position is a list of records, one a line or separated by ";" (a
// record never runs on to the next line). A record is a keyword and its
// tokens, separated by spaces; "#" starts a comment to the end of the
// line; a name is a Go-quoted string
// (name="7th Crucis Lancers"). IDs of sides and units are single words.
// Numbers are whole and not negative unless said. Every attribute in
// brackets may be left out and is then zero (no, none, 0), except a
// unit's status (active when left out) and start hex (its own hex).
//
//	map blank WxH [name="…"]
//	    open ground at level 0, W hexes wide and H high (at most 999×999)
//	map gen THEME-SEED WxH
//	    the map mapgen.Generate makes from the theme and seed: 32x17 is one
//	    mapsheet, 64x17 a wide sector and 32x34 a tall one (ruling R2)
//	cell HEX TERRAIN [level=N] [road[=DIRS]]
//	    a hex that differs from the map reference: its terrain
//	    (mapgen terrain names), level (may be negative), road with the
//	    hexsides it leaves by as digits 0–5 (none: pavement)
//	rules [crt=reference] [morale] [night] [weather=KIND] [fortified=SIDE] [turn-limit=N]
//	turn N PHASE SIDE [player=N] [closed=N] [winner=SIDE]
//	    game turn N, the phase (deploy, movement, attack, over), the
//	    phasing side; player: player turns begun; closed: the player
//	    turn same-hex combat closed in (ruling K10)
//	side ID [name="…"] [retreat=EDGE] [retreating] [asked] [vp=N] [mines=HEX:N,…]
//	    one record a side, in initiative order; EDGE is north, east,
//	    south or west; asked: its players are asked the choices in the
//	    middle of a turn (State.Asked)
//	unit ID SIDE CLASS EXPERIENCE VALUES [STATUS] [@HEX] [attribute…]
//	    CLASS as in files (heavy-mech, hover, long-tom…); EXPERIENCE
//	    green, regular, veteran or elite; VALUES the full-strength
//	    RA/CA/D, whose rows follow the step table (000 line 1528), or
//	    the four printed rows RA/CA/D,RA/CA/D,RA/CA/D,RA/CA/D; STATUS
//	    reserve, active (the default), broken, surrendered, captured,
//	    destroyed or withdrawn; @HEX where it stands (left out for
//	    0101, the hex a unit off the map keeps)
//	rubble HEX…
//	salvage HEX:N…
//	known SIDE [UNIT:KNOWLEDGE…]
//	    what the side has learnt of enemy units: class, values,
//	    class+values or none
//	campaign [withdraw=N] [setup-first=SIDE] [zone=UNIT:EDGE:DEPTH[:drop][:EDGE-N…]…] [start=UNIT:N…]
//	    a campaign battle's rules: each unit's deployment zone (EDGE
//	    none: the prepared position; drop: it drops in turn 1; EDGE-N:
//	    the first N hexes in from that edge left out), the
//	    damage steps that allow a withdrawal and those each unit had
//	    when the battle began, the side that sets up first
//	ambush INFANTRY TARGET
//	probe UNIT targets=ID,…
//	drop-fire MECH SIDE shooters=ID,… [before=N]
//	    choices waiting for a side's players, in order
//	    (notation_choices.go)
//
// A unit's attributes, each present only when not zero:
//
//	name="…"                     the counter's name
//	r=N, r=MIN-N                 range, and the Long Tom's minimum range
//	mp=N                         movement allowance
//	ob=N                         the red row's RA (overburn)
//	jump, indirect               the counter says JUMP, fires indirectly
//	chits=LIST                   recon, ecm, aep, extra-mech, jumpN,
//	                             firepowerN, armorN, bombN (N: how much)
//	step=N                       damage steps taken
//	disrupted, disrupted-at=N    toppled, and in which player turn
//	hidden, righting             hidden infantry; rights itself next turn
//	start=HEX                    the hex it began this player turn in
//	                             (when left out: the hex it stands in)
//	mp-left=N, overburning, moved, attacked, halted, road-bonus,
//	move-turn=N, overran=ID,…    this turn's movement bookkeeping
//	firepower-used, extra-mech-used, bomb-dropped
//	                             once-a-battle chits and bombs spent
//	carries=N                    salvage counters carried
//	rallied-at=N                 player turn of its last rally roll
//	drop, drop-at=HEX, drop-turn=N, landed-at=N, hard-landing,
//	drop-fire-at=N, aboard=ID, arcs-at=N, arcs=N
//	                             drops, DropShips and what they carry
//	                             (arcs: the bit set of firing arcs used)
//
// For example, the Lancers' first movement phase with one Heavy 'Mech
// lance facing a hidden platoon:
//
//	map blank 32x17
//	turn 1 movement lancers player=1
//	side lancers name="7th Crucis Lancers" retreat=west
//	side bandits name="Moore's Bandits" retreat=east
//	unit A1 lancers heavy-mech regular 14/16/12 @0505 r=3 mp=4 ob=17
//	unit B1 bandits infantry veteran 3/6/5 @0908 r=1 mp=2 hidden
//
// Units are sorted by ID when read. The notation carries every field of a
// State except scenario special rules (ScenarioRules): a position with
// them is refused by MarshalText, since a scenario file describes them.
type Position struct{ State *State }

// mapLimit is the largest width or height a position's map may have:
// hex names run to three digits a coordinate.
const mapLimit = 999

// MarshalText writes the position in the notation, one record a line.
func (p Position) MarshalText() ([]byte, error) {
	s := p.State
	if s == nil || s.Map == nil {
		return nil, fmt.Errorf("position has no battle map to write")
	}
	if s.Scenario != nil {
		return nil, fmt.Errorf("position has scenario special rules, which the notation does not carry: describe them in a scenario file")
	}
	if len(s.Sides) == 0 || s.Phasing < 0 || s.Phasing >= len(s.Sides) {
		return nil, fmt.Errorf("position's phasing side %d is not one of its %d sides", s.Phasing, len(s.Sides))
	}
	w := &notationWriter{}
	w.writeMap(s.Map)
	w.writeRules(s)
	w.record("turn", strconv.Itoa(s.Turn), s.Phase.String(), s.Sides[s.Phasing].ID,
		w.num("player", s.PlayerTurn), w.num("closed", s.SameHexClosed), w.word("winner", w.optID(s.Winner)))
	for _, sd := range s.Sides {
		w.record("side", w.id(sd.ID), w.quoted("name", sd.Name), w.word("retreat", sd.RetreatEdge.String()),
			w.flag("retreating", sd.Retreating), w.flag("truce", sd.OffersTruce), w.flag("asked", slices.Contains(s.Asked, sd.ID)), w.num("vp", sd.VP), w.word("mines", hexCounts(sd.Mines)))
	}
	for i := range s.Units {
		w.writeUnit(s.Units[i])
	}
	if slices.Contains(slices.Collect(maps.Values(s.Rubble)), true) {
		var tok []string
		for _, h := range slices.SortedFunc(maps.Keys(s.Rubble), hexOrder) {
			if s.Rubble[h] {
				tok = append(tok, w.hex(h))
			}
		}
		w.record("rubble", tok...)
	}
	if len(s.Salvage) > 0 {
		w.record("salvage", strings.Split(hexCounts(s.Salvage), ",")...)
	}
	for _, side := range slices.Sorted(maps.Keys(s.Known)) {
		k := s.Known[side]
		tok := []string{w.id(side)}
		for _, u := range slices.Sorted(maps.Keys(k)) {
			tok = append(tok, w.id(u)+":"+w.knowledge(k[u]))
		}
		w.record("known", tok...)
	}
	w.writeChoices(s)
	if c := s.Campaign; c != nil {
		tok := []string{w.num("withdraw", c.WithdrawAfterSteps), w.word("setup-first", w.optID(c.SetupFirst))}
		for _, u := range slices.Sorted(maps.Keys(c.Zones)) {
			z := c.Zones[u]
			drop := ""
			if z.Drop {
				drop = ":drop"
			}
			for e := North; e <= West; e++ {
				if n := z.Off[e-1]; n > 0 {
					drop += fmt.Sprintf(":%v-%d", e, n)
				}
			}
			tok = append(tok, fmt.Sprintf("zone=%s:%s:%d%s", w.id(u), edgeWord(z.Edge), z.Depth, drop))
		}
		for _, u := range slices.Sorted(maps.Keys(c.StartSteps)) {
			tok = append(tok, fmt.Sprintf("start=%s:%d", w.id(u), c.StartSteps[u]))
		}
		w.record("campaign", tok...)
	}
	if w.err != nil {
		return nil, w.err
	}
	return []byte(w.b.String()), nil
}

// notationWriter builds the text; the first thing that cannot be written
// is kept in err.
type notationWriter struct {
	b   strings.Builder
	err error
}

// record writes one line, leaving out empty tokens.
func (w *notationWriter) record(keyword string, tokens ...string) {
	w.b.WriteString(keyword)
	for _, t := range tokens {
		if t != "" {
			w.b.WriteByte(' ')
			w.b.WriteString(t)
		}
	}
	w.b.WriteByte('\n')
}

func (w *notationWriter) fail(format string, a ...any) {
	if w.err == nil {
		w.err = fmt.Errorf(format, a...)
	}
}

// id checks that an ID is one word of the notation.
func (w *notationWriter) id(s string) string {
	if !isNotationWord(s) {
		w.fail("ID %q cannot be written in the notation: an ID is one word without spaces or any of ;=:,@\"#", s)
	}
	return s
}

// optID is id for an ID that may be empty.
func (w *notationWriter) optID(s string) string {
	if s == "" {
		return ""
	}
	return w.id(s)
}

func (w *notationWriter) hex(h hex.Hex) string {
	b, err := h.MarshalText()
	if err != nil {
		w.fail("%v", err)
	}
	return string(b)
}

func (w *notationWriter) num(key string, n int) string {
	if n == 0 {
		return ""
	}
	return key + "=" + strconv.Itoa(n)
}

func (w *notationWriter) flag(key string, on bool) string {
	if !on {
		return ""
	}
	return key
}

func (w *notationWriter) word(key, v string) string {
	if v == "" {
		return ""
	}
	return key + "=" + v
}

func (w *notationWriter) quoted(key, v string) string {
	if v == "" {
		return ""
	}
	return key + "=" + strconv.Quote(v)
}

func (w *notationWriter) knowledge(k Knowledge) string {
	switch k {
	case 0:
		return "none"
	case KnowClass:
		return "class"
	case KnowValues:
		return "values"
	case KnowClass | KnowValues:
		return "class+values"
	}
	w.fail("knowledge %d has no name in the notation", k)
	return ""
}

// writeMap writes the map reference and every cell that differs from it.
func (w *notationWriter) writeMap(m *mapgen.Map) {
	if m.Width < 1 || m.Height < 1 || m.Width > mapLimit || m.Height > mapLimit || len(m.Cells) != m.Width*m.Height {
		w.fail("battle map of %d×%d hexes with %d cells cannot be written: the notation takes 1×1 to %d×%d", m.Width, m.Height, len(m.Cells), mapLimit, mapLimit)
		return
	}
	size := fmt.Sprintf("%dx%d", m.Width, m.Height)
	base := genMapOf(m.Name, m.Width, m.Height)
	if base != nil {
		w.record("map", "gen", m.Name, size)
	} else {
		base = mapgen.New(m.Width, m.Height)
		w.record("map", "blank", size, w.quoted("name", m.Name))
	}
	for i, c := range m.Cells {
		if c == base.Cells[i] {
			continue
		}
		road := ""
		if !c.Road && c.RoadExits != 0 {
			w.fail("hex %s has road exits but no road: the notation writes exits only on a road", hex.Hex{X: i % m.Width, Y: i / m.Width})
		}
		if c.Road {
			road = "road"
			if c.RoadExits != 0 {
				road += "="
				for d := range 8 {
					if c.RoadExits&(1<<d) != 0 {
						road += strconv.Itoa(d)
					}
				}
			}
		}
		t, err := c.Terrain.MarshalText()
		if err != nil {
			w.fail("%v", err)
		}
		level := ""
		if c.Elevation != 0 {
			level = "level=" + strconv.Itoa(c.Elevation)
		}
		w.record("cell", w.hex(hex.Hex{X: i % m.Width, Y: i / m.Width}), string(t), level, road)
	}
}

// genMapOf regenerates the map a generated map's name ("woods-42") and
// size stand for, or nil when they stand for none.
func genMapOf(name string, width, height int) *mapgen.Map {
	theme, seed, ok := strings.Cut(name, "-")
	if !ok {
		return nil
	}
	o := mapgen.GenOptions{}
	var err error
	if o.Theme, err = mapgen.ParseTheme(theme); err != nil || strings.TrimSpace(theme) != theme {
		return nil
	}
	if o.Seed, err = strconv.ParseUint(seed, 10, 64); err != nil || strconv.FormatUint(o.Seed, 10) != seed {
		return nil
	}
	switch {
	case width == mapgen.SheetWidth && height == mapgen.SheetHeight:
		o.Sheets = 1
	case width == 2*mapgen.SheetWidth && height == mapgen.SheetHeight:
		o.Sheets, o.Orientation = 2, mapgen.Wide
	case width == mapgen.SheetWidth && height == 2*mapgen.SheetHeight:
		o.Sheets, o.Orientation = 2, mapgen.Tall
	default:
		return nil
	}
	m, err := mapgen.Generate(o)
	if err != nil || m.Name != name {
		return nil
	}
	return m
}

func (w *notationWriter) writeRules(s *State) {
	r := s.Rules
	crt := ""
	if r.CRT > ReferenceCRT {
		w.fail("combat results table %d does not exist", r.CRT)
	}
	if r.CRT != RulebookCRT {
		b, _ := r.CRT.MarshalText()
		crt = "crt=" + string(b)
	}
	weather := ""
	if r.Weather.Kind != WeatherNormal {
		b, err := r.Weather.Kind.MarshalText()
		if err != nil {
			w.fail("%v", err)
		}
		weather = "weather=" + string(b)
	}
	tok := []string{crt, w.flag("morale", r.MoraleCheck), w.flag("night", r.Night), weather,
		w.word("fortified", w.optID(r.Weather.Fortified)), w.num("turn-limit", r.TurnLimit)}
	if strings.Join(tok, "") != "" {
		w.record("rules", tok...)
	}
}

func (w *notationWriter) writeUnit(u *Unit) {
	class, err := u.Class.MarshalText()
	if err != nil {
		w.fail("unit %s: %v", u.ID, err)
	}
	exp, err := u.Experience.MarshalText()
	if err != nil {
		w.fail("unit %s: %v", u.ID, err)
	}
	if int(u.Status) >= len(statusNames) {
		w.fail("unit %s: status %d does not exist", u.ID, u.Status)
	}
	status := ""
	if u.Status != Active {
		status = u.Status.String()
	}
	at := ""
	if u.Hex != (hex.Hex{}) {
		at = "@" + w.hex(u.Hex)
	}
	rng := ""
	if u.MinRange != 0 {
		rng = fmt.Sprintf("r=%d-%d", u.MinRange, u.Range)
	} else {
		rng = w.num("r", u.Range)
	}
	hexAttr := func(key string, h hex.Hex) string {
		if h == (hex.Hex{}) {
			return ""
		}
		return key + "=" + w.hex(h)
	}
	startText := "" // the hex it began its turn in: its own hex unless said
	if u.StartHex != u.Hex {
		startText = "start=" + w.hex(u.StartHex)
	}
	for _, id := range u.Overrun {
		w.id(id)
	}
	w.record("unit", w.id(u.ID), w.id(u.Side), string(class), string(exp), rowsText(u.Rows), status, at,
		w.quoted("name", u.Name), rng, w.num("mp", u.MP), w.num("ob", u.OverburnRA),
		w.flag("jump", u.Jump), w.flag("indirect", u.Indirect), w.word("chits", chitsText(u.Chits)),
		w.num("step", u.Step), w.flag("disrupted", u.Disrupted), w.num("disrupted-at", u.DisruptedAt),
		w.flag("hidden", u.Hidden), w.flag("righting", u.Righting),
		w.num("mp-left", u.MPLeft), w.flag("overburning", u.Overburning), w.flag("moved", u.Moved),
		w.flag("attacked", u.Attacked), w.flag("halted", u.Halted), w.flag("road-bonus", u.RoadBonus),
		startText, w.num("move-turn", u.MoveTurn), w.word("overran", strings.Join(u.Overrun, ",")),
		w.flag("firepower-used", u.FirepowerUsed), w.flag("extra-mech-used", u.ExtraMechUsed),
		w.flag("bomb-dropped", u.BombDropped), w.num("carries", u.Salvage), w.num("rallied-at", u.RalliedAt),
		w.flag("drop", u.Drop), hexAttr("drop-at", u.DropAt), w.num("drop-turn", u.DropTurn),
		w.num("landed-at", u.LandedAt), w.flag("hard-landing", u.HardLanding), w.num("drop-fire-at", u.DropFireAt),
		w.word("aboard", w.optID(u.Aboard)), w.num("arcs-at", u.ArcsAt), w.num("arcs", int(u.Arcs)))
}

// rowsText is the full-strength values when the rows follow the step
// table from them, else the four rows.
func rowsText(rows [4]Values) string {
	row := func(v Values) string { return fmt.Sprintf("%d/%d/%d", v.RA, v.CA, v.D) }
	if rows == DeriveSteps(rows[0]) {
		return row(rows[0])
	}
	out := make([]string, len(rows))
	for i, v := range rows {
		out[i] = row(v)
	}
	return strings.Join(out, ",")
}

// chitsText lists the chits held, "" for none.
func chitsText(c Chits) string {
	var out []string
	for _, f := range []struct {
		name string
		n    int
	}{{"recon", b2i(c.Recon)}, {"ecm", b2i(c.ECM)}, {"aep", b2i(c.AEP)}, {"extra-mech", b2i(c.ExtraMech)}} {
		if f.n != 0 {
			out = append(out, f.name)
		}
	}
	for _, f := range []struct {
		name string
		n    int
	}{{"jump", c.Jump}, {"firepower", c.Firepower}, {"armor", c.Armor}, {"bomb", c.Bomb}} {
		if f.n != 0 {
			out = append(out, f.name+strconv.Itoa(f.n))
		}
	}
	return strings.Join(out, ",")
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// hexCounts is "HEX:N,…" in hex order, "" for none.
func hexCounts(m map[hex.Hex]int) string {
	out := make([]string, 0, len(m))
	for _, h := range slices.SortedFunc(maps.Keys(m), hexOrder) {
		out = append(out, fmt.Sprintf("%s:%d", h, m[h]))
	}
	return strings.Join(out, ",")
}

func hexOrder(a, b hex.Hex) int {
	if a.X != b.X {
		return a.X - b.X
	}
	return a.Y - b.Y
}

// edgeWord names an edge, "none" for NoEdge.
func edgeWord(e Edge) string {
	if e == NoEdge {
		return "none"
	}
	return e.String()
}

// isNotationWord reports a token the notation can carry as an ID.
func isNotationWord(s string) bool {
	return s != "" && !strings.ContainsAny(s, " \t\r\n;=:,@\"#")
}
