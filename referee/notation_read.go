package referee

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"bfbot/mapgen"
	"bfbot/mapgen/hex"
)

// UnmarshalText reads a position in the notation (the grammar is on
// Position). An error names the record, the token and how to fix it; the
// position is left as it was. The State read is not checked against the
// invariants: State.Check does that.
func (p *Position) UnmarshalText(text []byte) error {
	s, err := ReadPosition(string(text), nil)
	if err != nil {
		return err
	}
	p.State = s
	return nil
}

// ReadPosition reads a position in the notation. When m is not nil it is
// the battle's map and the text has no map or cell record (a map a test
// or a board file made); otherwise the text must have one map record.
func ReadPosition(text string, m *mapgen.Map) (*State, error) {
	records, err := splitNotation(text)
	if err != nil {
		return nil, err
	}
	pr := &positionReader{s: &State{Map: m}, given: m != nil}
	for _, r := range records {
		if err := pr.read(r); err != nil {
			return nil, err
		}
	}
	if err := pr.finish(); err != nil {
		return nil, err
	}
	return pr.s, nil
}

// notationRecord is one record: its tokens, with its number (from 1) and
// text for errors.
type notationRecord struct {
	n    int
	text string
	tok  []string
}

// errf is an error about token tok of the record.
func (r notationRecord) errf(tok, format string, a ...any) error {
	return fmt.Errorf("position record %d %q: %q: %s", r.n, notationShort(r.text), tok, fmt.Sprintf(format, a...))
}

func notationShort(s string) string {
	if len(s) > 60 {
		return s[:57] + "..."
	}
	return s
}

// splitNotation cuts text into records and tokens: records end at ";" or
// a new line, tokens at spaces, both except inside a quoted name; "#"
// starts a comment.
func splitNotation(text string) ([]notationRecord, error) {
	var (
		out     []notationRecord
		tok     []string
		cur     strings.Builder
		start   int
		n       = 1
		inQuote bool
	)
	endTok := func() {
		if cur.Len() > 0 {
			tok = append(tok, cur.String())
			cur.Reset()
		}
	}
	endRecord := func(end int) {
		endTok()
		if len(tok) > 0 {
			out = append(out, notationRecord{n: n, text: strings.TrimSpace(text[start:end]), tok: tok})
			n++
		}
		tok, start = nil, end+1
	}
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case inQuote:
			cur.WriteByte(c)
			if c == '\\' && i+1 < len(text) {
				i++
				cur.WriteByte(text[i])
			} else if c == '"' {
				inQuote = false
			} else if c == '\n' {
				return nil, fmt.Errorf("position record %d: a quoted name runs past the end of its line: close it with \"", n)
			}
		case c == '"':
			inQuote = true
			cur.WriteByte(c)
		case c == '#':
			endTok()
			for i+1 < len(text) && text[i+1] != '\n' {
				i++
			}
		case c == ';' || c == '\n':
			endRecord(i)
		case c == ' ' || c == '\t' || c == '\r':
			endTok()
		default:
			cur.WriteByte(c)
		}
	}
	if inQuote {
		return nil, fmt.Errorf("position record %d: a quoted name is not closed: end it with \"", n)
	}
	endRecord(len(text))
	return out, nil
}

// positionReader holds a position being read; references to sides are
// resolved when every record is read.
type positionReader struct {
	s       *State
	given   bool // the map was given, not read
	mapRec  *notationRecord
	cells   []notationRecord
	phasing string
	turnRec *notationRecord
}

func (pr *positionReader) read(r notationRecord) error {
	switch r.tok[0] {
	case "map":
		return pr.readMap(r)
	case "cell":
		if pr.given {
			return r.errf("cell", "the map is given with the position: leave out its cells")
		}
		pr.cells = append(pr.cells, r)
		return nil
	case "rules":
		return pr.readRules(r)
	case "turn":
		return pr.readTurn(r)
	case "side":
		return pr.readSide(r)
	case "unit":
		return pr.readUnit(r)
	case "rubble":
		return r.attrs(1, func(t, _, _ string) error {
			h, err := readHex(t)
			if err != nil {
				return err
			}
			if pr.s.Rubble == nil {
				pr.s.Rubble = map[hex.Hex]bool{}
			}
			pr.s.Rubble[h] = true
			return nil
		})
	case "salvage":
		return r.attrs(1, func(t, _, _ string) error { return readHexCount(t, &pr.s.Salvage) })
	case "known":
		return pr.readKnown(r)
	case "campaign":
		return pr.readCampaign(r)
	case "ambush", "probe", "drop-fire":
		return pr.readChoice(r)
	}
	return r.errf(r.tok[0], "no such record: begin each record with map, cell, rules, turn, side, unit, rubble, salvage, known, campaign, ambush, probe or drop-fire")
}

func (pr *positionReader) readMap(r notationRecord) error {
	if pr.given {
		return r.errf("map", "the map is given with the position: leave out the map record")
	}
	if pr.mapRec != nil {
		return r.errf("map", "a second map record (the first is record %d): keep one", pr.mapRec.n)
	}
	pr.mapRec = &r
	if len(r.tok) < 3 {
		return r.errf(r.text, "write map blank WxH or map gen THEME-SEED WxH")
	}
	switch r.tok[1] {
	case "blank":
		w, h, err := readSize(r, r.tok[2])
		if err != nil {
			return err
		}
		pr.s.Map = mapgen.New(w, h)
		return r.attrs(3, func(t, k, v string) error {
			if k != "name" {
				return fmt.Errorf("a blank map takes only name=\"…\"")
			}
			pr.s.Map.Name, err = readQuoted(v)
			return err
		})
	case "gen":
		if len(r.tok) != 4 {
			return r.errf(r.text, "write map gen THEME-SEED WxH, e.g. map gen woods-42 32x17")
		}
		w, h, err := readSize(r, r.tok[3])
		if err != nil {
			return err
		}
		if pr.s.Map = genMapOf(r.tok[2], w, h); pr.s.Map == nil {
			return r.errf(r.tok[2]+" "+r.tok[3], "no generated map: give a theme (%s), a dash and a seed, and a size of 32x17, 64x17 or 32x34", themeList())
		}
		return nil
	}
	return r.errf(r.tok[1], "no such map: use blank or gen")
}

func themeList() string {
	var out []string
	for _, t := range mapgen.Themes {
		out = append(out, t.String())
	}
	return strings.Join(out, ", ")
}

func readSize(r notationRecord, t string) (int, int, error) {
	ws, hs, ok := strings.Cut(t, "x")
	w, err1 := strconv.Atoi(ws)
	h, err2 := strconv.Atoi(hs)
	if !ok || err1 != nil || err2 != nil || w < 1 || h < 1 || w > mapLimit || h > mapLimit {
		return 0, 0, r.errf(t, "a map size is WIDTHxHEIGHT in hexes, each 1 to %d, e.g. 32x17", mapLimit)
	}
	return w, h, nil
}

func (pr *positionReader) readCell(r notationRecord) error {
	if len(r.tok) < 3 {
		return r.errf(r.text, "write cell HEX TERRAIN [level=N] [road[=DIRS]], e.g. cell 0505 heavy-woods level=1")
	}
	h, err := readHex(r.tok[1])
	if err != nil {
		return r.errf(r.tok[1], "%v", err)
	}
	if !pr.s.Map.Contains(h) {
		return r.errf(r.tok[1], "hex is off the %d×%d map", pr.s.Map.Width, pr.s.Map.Height)
	}
	var c mapgen.Cell
	if c.Terrain, err = mapgen.ParseTerrain(r.tok[2]); err != nil || strings.TrimSpace(r.tok[2]) != r.tok[2] {
		return r.errf(r.tok[2], "%v", err)
	}
	err = r.attrs(3, func(t, k, v string) error {
		switch {
		case k == "level" && t != k:
			if c.Elevation, err = strconv.Atoi(v); err != nil || strconv.Itoa(c.Elevation) != v {
				return fmt.Errorf("a level is a whole number, e.g. level=1")
			}
		case t == "road":
			c.Road = true
		case k == "road":
			c.Road = true
			for _, d := range v {
				if d < '0' || d > '5' || c.RoadExits&(1<<(d-'0')) != 0 {
					return fmt.Errorf("road exits are hexside digits 0 to 5, each once, e.g. road=03 (road alone: pavement)")
				}
				c.RoadExits |= 1 << (d - '0')
			}
			if v == "" {
				return fmt.Errorf("write road for pavement, or road=03 for exits")
			}
		default:
			return fmt.Errorf("a cell takes level=N and road[=DIRS]")
		}
		return nil
	})
	pr.s.Map.Set(h, c)
	return err
}

func (pr *positionReader) readRules(r notationRecord) error {
	rules := &pr.s.Rules
	return r.attrs(1, func(t, k, v string) (err error) {
		switch k {
		case "crt":
			if v == "" || v != strings.TrimSpace(v) {
				err = fmt.Errorf("write crt=reference")
			} else {
				err = rules.CRT.UnmarshalText([]byte(v))
			}
		case "morale":
			rules.MoraleCheck, err = readFlag(t, k)
		case "night":
			rules.Night, err = readFlag(t, k)
		case "weather":
			if v == "" || v != strings.TrimSpace(v) || strings.ToLower(v) != v {
				err = fmt.Errorf("write weather=KIND, e.g. weather=fog")
			} else {
				err = rules.Weather.Kind.UnmarshalText([]byte(v))
			}
		case "fortified":
			rules.Weather.Fortified, err = readWord(t, v)
		case "turn-limit":
			rules.TurnLimit, err = readNat(t, v)
		default:
			err = fmt.Errorf("rules take crt=, morale, night, weather=, fortified= and turn-limit=")
		}
		return err
	})
}

func (pr *positionReader) readTurn(r notationRecord) error {
	if pr.turnRec != nil {
		return r.errf("turn", "a second turn record (the first is record %d): keep one", pr.turnRec.n)
	}
	pr.turnRec = &r
	if len(r.tok) < 4 {
		return r.errf(r.text, "write turn N PHASE SIDE, e.g. turn 1 movement lancers player=1")
	}
	s := pr.s
	var err error
	if s.Turn, err = readNat(r.tok[1], r.tok[1]); err != nil {
		return r.errf(r.tok[1], "the game turn: %v", err)
	}
	i := slices.Index(phaseNames[:], r.tok[2])
	if i < 0 {
		return r.errf(r.tok[2], "no such phase: use %s", strings.Join(phaseNames[:], ", "))
	}
	s.Phase = Phase(i)
	if pr.phasing, err = readWord(r.tok[3], r.tok[3]); err != nil {
		return r.errf(r.tok[3], "the phasing side: %v", err)
	}
	return r.attrs(4, func(t, k, v string) (err error) {
		if n := map[string]*int{"player": &s.PlayerTurn, "closed": &s.SameHexClosed}[k]; n != nil {
			*n, err = readNat(t, v)
			return err
		}
		if k != "winner" {
			return fmt.Errorf("a turn takes player=, closed= and winner=")
		}
		s.Winner, err = readWord(t, v)
		return err
	})
}

func (pr *positionReader) readSide(r notationRecord) error {
	if len(r.tok) < 2 {
		return r.errf(r.text, "write side ID [name=\"…\"] [retreat=EDGE], e.g. side lancers retreat=west")
	}
	sd := Side{}
	var err error
	if sd.ID, err = readWord(r.tok[1], r.tok[1]); err != nil {
		return r.errf(r.tok[1], "the side's ID: %v", err)
	}
	if pr.s.Side(sd.ID) != nil {
		return r.errf(r.tok[1], "side %s appears twice: give each side one record", sd.ID)
	}
	err = r.attrs(2, func(t, k, v string) (err error) {
		switch k {
		case "name":
			sd.Name, err = readQuoted(v)
		case "retreat":
			sd.RetreatEdge, err = readEdge(v, false)
		case "retreating":
			sd.Retreating, err = readFlag(t, k)
		case "truce":
			sd.OffersTruce, err = readFlag(t, k)
		case "asked":
			if _, err = readFlag(t, k); err == nil {
				pr.s.Asked = append(pr.s.Asked, sd.ID)
			}
		case "vp":
			sd.VP, err = readNat(t, v)
		case "mines":
			for _, m := range strings.Split(v, ",") {
				if err == nil {
					err = readHexCount(m, &sd.Mines)
				}
			}
		default:
			err = fmt.Errorf("a side takes name=, retreat=, retreating, asked, vp= and mines=")
		}
		return err
	})
	pr.s.Sides = append(pr.s.Sides, sd)
	return err
}

func (pr *positionReader) readKnown(r notationRecord) error {
	if len(r.tok) < 2 {
		return r.errf(r.text, "write known SIDE UNIT:KNOWLEDGE…, e.g. known lancers B2:class")
	}
	side, err := readWord(r.tok[1], r.tok[1])
	if err != nil {
		return r.errf(r.tok[1], "the side: %v", err)
	}
	if pr.s.Known == nil {
		pr.s.Known = map[string]map[string]Knowledge{}
	}
	if pr.s.Known[side] != nil {
		return r.errf(r.tok[1], "a second known record for %s: keep one", side)
	}
	k := map[string]Knowledge{}
	pr.s.Known[side] = k
	for _, t := range r.tok[2:] {
		u, what, ok := strings.Cut(t, ":")
		if _, err := readWord(t, u); err != nil || !ok {
			return r.errf(t, "write UNIT:KNOWLEDGE, e.g. B2:class")
		}
		kn, found := map[string]Knowledge{"none": 0, "class": KnowClass, "values": KnowValues, "class+values": KnowClass | KnowValues}[what]
		if !found {
			return r.errf(t, "knowledge is class, values, class+values or none")
		}
		if _, dup := k[u]; dup {
			return r.errf(t, "unit %s is named twice: name it once", u)
		}
		k[u] = kn
	}
	return nil
}

func (pr *positionReader) readCampaign(r notationRecord) error {
	if pr.s.Campaign != nil {
		return r.errf("campaign", "a second campaign record: keep one")
	}
	c := &CampaignRules{}
	pr.s.Campaign = c
	return r.attrs(1, func(t, k, v string) (err error) {
		switch k {
		case "withdraw":
			c.WithdrawAfterSteps, err = readNat(t, v)
		case "setup-first":
			c.SetupFirst, err = readWord(t, v)
		case "zone":
			parts := strings.Split(v, ":")
			var z Zone
			for len(parts) > 3 {
				e, n, off := strings.Cut(parts[len(parts)-1], "-")
				if !off {
					break
				}
				edge, err := readEdge(e, false)
				if err != nil {
					return err
				}
				if z.Off[edge-1], err = readNat(t, n); err != nil {
					return err
				}
				parts = parts[:len(parts)-1]
			}
			if len(parts) == 4 && parts[3] == "drop" {
				parts, z.Drop = parts[:3], true
			}
			if len(parts) != 3 {
				return fmt.Errorf("write zone=UNIT:EDGE:DEPTH, e.g. zone=A1:west:3 (EDGE none: away from every edge; :drop after it for a drop in turn 1; :north-3 after those to leave out the first 3 hexes in from the north edge)")
			}
			if _, err = readWord(t, parts[0]); err == nil {
				if z.Edge, err = readEdge(parts[1], true); err == nil {
					z.Depth, err = readNat(t, parts[2])
				}
			}
			if _, dup := c.Zones[parts[0]]; dup && err == nil {
				err = fmt.Errorf("unit %s has two zones: give it one", parts[0])
			}
			if c.Zones == nil {
				c.Zones = map[string]Zone{}
			}
			c.Zones[parts[0]] = z
		case "start":
			u, n, ok := strings.Cut(v, ":")
			if _, err = readWord(t, u); err == nil && !ok {
				err = fmt.Errorf("write start=UNIT:STEPS, e.g. start=A1:1")
			}
			if err == nil {
				if _, dup := c.StartSteps[u]; dup {
					err = fmt.Errorf("unit %s has two start= steps: give it one", u)
				}
			}
			if c.StartSteps == nil {
				c.StartSteps = map[string]int{}
			}
			if err == nil {
				c.StartSteps[u], err = readNat(t, n)
			}
		default:
			err = fmt.Errorf("campaign rules take withdraw=, setup-first=, zone= and start=")
		}
		return err
	})
}

// finish builds the map's cells and resolves the references to sides.
func (pr *positionReader) finish() error {
	s := pr.s
	if s.Map == nil {
		return fmt.Errorf("position has no map record: begin it with map blank WxH (open ground) or map gen THEME-SEED WxH")
	}
	for _, r := range pr.cells {
		if err := pr.readCell(r); err != nil {
			return err
		}
	}
	if len(s.Sides) == 0 {
		return fmt.Errorf("position has no side record: add one a side, in initiative order, e.g. side lancers")
	}
	if pr.turnRec == nil {
		return fmt.Errorf("position has no turn record: add one, e.g. turn 1 movement %s player=1", s.Sides[0].ID)
	}
	s.Phasing = slices.IndexFunc(s.Sides, func(sd Side) bool { return sd.ID == pr.phasing })
	if s.Phasing < 0 {
		return pr.turnRec.errf(pr.phasing, "no side record for the phasing side: add side %s or name one of the sides", pr.phasing)
	}
	for _, u := range s.Units {
		if s.Side(u.Side) == nil {
			return fmt.Errorf("position: unit %s belongs to side %q, which has no side record: add side %s", u.ID, u.Side, u.Side)
		}
	}
	slices.SortStableFunc(s.Units, func(a, b *Unit) int { return strings.Compare(a.ID, b.ID) })
	for i := 1; i < len(s.Units); i++ {
		if s.Units[i].ID == s.Units[i-1].ID {
			return fmt.Errorf("position: unit %s appears twice: give each unit its own ID", s.Units[i].ID)
		}
	}
	return nil
}

func readHex(t string) (hex.Hex, error) {
	h, err := hex.Parse(t)
	if err != nil {
		return hex.Hex{}, fmt.Errorf("a hex is XXYY (column then row, from 01), e.g. 0505")
	}
	return h, nil
}

// readHexCount reads "HEX:N" into *m.
func readHexCount(t string, m *map[hex.Hex]int) error {
	hs, ns, ok := strings.Cut(t, ":")
	if !ok {
		return fmt.Errorf("write HEX:N, e.g. 0505:10")
	}
	h, err := readHex(hs)
	if err != nil {
		return err
	}
	n, err := readNat(t, ns)
	if err != nil {
		return err
	}
	if *m == nil {
		*m = map[hex.Hex]int{}
	}
	if _, dup := (*m)[h]; dup {
		return fmt.Errorf("hex %s is named twice: name it once", h)
	}
	(*m)[h] = n
	return nil
}

// readNat reads a whole number, 0 or more, written plainly.
func readNat(tok, v string) (int, error) {
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 || strconv.Itoa(n) != v {
		return 0, fmt.Errorf("%q is not a whole number 0 or more (in %s)", v, tok)
	}
	return n, nil
}

// readFlag checks that a flag carries no value.
func readFlag(tok, key string) (bool, error) {
	if tok != key {
		return false, fmt.Errorf("%s takes no value: write %s alone", key, key)
	}
	return true, nil
}

func readWord(tok, v string) (string, error) {
	if !isNotationWord(v) {
		return "", fmt.Errorf("an ID is one word without spaces or any of ;=:,@\"# (in %s)", tok)
	}
	return v, nil
}

func readQuoted(v string) (string, error) {
	q, err := strconv.Unquote(v)
	if err != nil || !strings.HasPrefix(v, `"`) || q == "" {
		return "", fmt.Errorf("a name is in double quotes and not empty, e.g. name=\"7th Crucis Lancers\"")
	}
	return q, nil
}

// attrs reads the record's tokens from the first on as attributes: read
// gets each token, its key and its value (after "="), and its error is
// reported against the token.
func (r notationRecord) attrs(first int, read func(t, k, v string) error) error {
	for _, t := range r.tok[min(first, len(r.tok)):] {
		k, v, _ := strings.Cut(t, "=")
		if err := read(t, k, v); err != nil {
			return r.errf(t, "%v", err)
		}
	}
	return nil
}

// readEdge reads an edge name; "none" only when allowed.
func readEdge(v string, none bool) (Edge, error) {
	if none && v == "none" {
		return NoEdge, nil
	}
	for e := North; e <= West; e++ {
		if e.String() == v {
			return e, nil
		}
	}
	if none {
		return 0, errors.New("an edge is north, east, south, west or none")
	}
	return 0, errors.New("an edge is north, east, south or west")
}

// readUnit reads unit ID SIDE CLASS EXPERIENCE VALUES [STATUS] [@HEX]
// [attribute…].
func (pr *positionReader) readUnit(r notationRecord) error {
	u, err := readUnitRecord(r)
	if err != nil {
		return err
	}
	pr.s.Units = append(pr.s.Units, &u)
	return nil
}

// readUnitRecord reads the unit of one unit record.
func readUnitRecord(r notationRecord) (Unit, error) {
	if len(r.tok) < 6 {
		return Unit{}, r.errf(r.text, "write unit ID SIDE CLASS EXPERIENCE RA/CA/D …, e.g. unit A1 lancers heavy-mech regular 14/16/12 @0505 r=3 mp=4")
	}
	u := Unit{Status: Active}
	var err error
	if u.ID, err = readWord(r.tok[1], r.tok[1]); err != nil {
		return Unit{}, r.errf(r.tok[1], "the unit's ID: %v", err)
	}
	if u.Side, err = readWord(r.tok[2], r.tok[2]); err != nil {
		return Unit{}, r.errf(r.tok[2], "the unit's side: %v", err)
	}
	if c := r.tok[3]; strings.ToLower(c) != c || u.Class.UnmarshalText([]byte(c)) != nil {
		_, err := ParseClass(c)
		if err == nil {
			err = fmt.Errorf("write the class as in files, e.g. heavy-mech")
		}
		return Unit{}, r.errf(c, "%v", err)
	}
	if e := r.tok[4]; strings.ToLower(e) != e || u.Experience.UnmarshalText([]byte(e)) != nil {
		return Unit{}, r.errf(e, "experience is green, regular, veteran or elite")
	}
	if u.Rows, err = readRows(r.tok[5]); err != nil {
		return Unit{}, r.errf(r.tok[5], "%v", err)
	}
	seen := map[string]bool{}
	for _, t := range r.tok[6:] {
		k, v, _ := strings.Cut(t, "=")
		if strings.HasPrefix(t, "@") {
			k, v = "@", t[1:]
		}
		if seen[k] {
			return Unit{}, r.errf(t, "%s is given twice: give it once", k)
		}
		seen[k] = true
		if i := slices.Index(statusNames[:], t); i >= 0 {
			if seen["status"] {
				return Unit{}, r.errf(t, "a second status: give one")
			}
			seen["status"] = true
			u.Status = Status(i)
			continue
		}
		if err := readUnitAttr(r, &u, t, k, v); err != nil {
			return Unit{}, err
		}
	}
	if !seen["start"] {
		u.StartHex = u.Hex
	}
	return u, nil
}

// readUnitAttr reads one attribute of a unit.
func readUnitAttr(r notationRecord, u *Unit, t, k, v string) error {
	num := map[string]*int{"mp": &u.MP, "ob": &u.OverburnRA, "step": &u.Step, "disrupted-at": &u.DisruptedAt,
		"mp-left": &u.MPLeft, "move-turn": &u.MoveTurn, "carries": &u.Salvage, "rallied-at": &u.RalliedAt,
		"drop-turn": &u.DropTurn, "landed-at": &u.LandedAt, "drop-fire-at": &u.DropFireAt, "arcs-at": &u.ArcsAt}
	flags := map[string]*bool{"jump": &u.Jump, "indirect": &u.Indirect, "disrupted": &u.Disrupted, "hidden": &u.Hidden,
		"righting": &u.Righting, "overburning": &u.Overburning, "moved": &u.Moved, "attacked": &u.Attacked,
		"halted": &u.Halted, "road-bonus": &u.RoadBonus, "firepower-used": &u.FirepowerUsed,
		"extra-mech-used": &u.ExtraMechUsed, "bomb-dropped": &u.BombDropped, "drop": &u.Drop, "hard-landing": &u.HardLanding}
	hexes := map[string]*hex.Hex{"@": &u.Hex, "start": &u.StartHex, "drop-at": &u.DropAt}
	var err error
	switch {
	case num[k] != nil:
		*num[k], err = readNat(t, v)
	case flags[k] != nil:
		*flags[k], err = readFlag(t, k)
	case hexes[k] != nil:
		*hexes[k], err = readHex(v)
	case k == "name":
		u.Name, err = readQuoted(v)
	case k == "r":
		lo, hi, isMin := strings.Cut(v, "-")
		if !isMin {
			u.Range, err = readNat(t, v)
		} else if u.MinRange, err = readNat(t, lo); err == nil {
			u.Range, err = readNat(t, hi)
		}
	case k == "arcs":
		var n int
		if n, err = readNat(t, v); err == nil && n > 255 {
			err = fmt.Errorf("arcs is a bit set of 0 to 255")
		}
		u.Arcs = uint8(n)
	case k == "aboard":
		u.Aboard, err = readWord(t, v)
	case k == "overran":
		for _, id := range strings.Split(v, ",") {
			if _, err = readWord(t, id); err != nil {
				break
			}
			u.Overrun = append(u.Overrun, id)
		}
	case k == "chits":
		u.Chits, err = readChits(v)
	default:
		return r.errf(t, "no such unit attribute: the attributes are listed on referee.Position (e.g. r=3 mp=4 ob=17 step=1 hidden)")
	}
	if err != nil {
		return r.errf(t, "%v", err)
	}
	return nil
}

// readRows reads RA/CA/D (rows by the step table) or the four rows.
func readRows(t string) ([4]Values, error) {
	var rows [4]Values
	parts := strings.Split(t, ",")
	if len(parts) != 1 && len(parts) != 4 {
		return rows, fmt.Errorf("values are RA/CA/D at full strength, or four rows RA/CA/D,RA/CA/D,RA/CA/D,RA/CA/D")
	}
	for i, p := range parts {
		f := strings.Split(p, "/")
		if len(f) != 3 {
			return rows, fmt.Errorf("values are RA/CA/D, e.g. 14/16/12")
		}
		var n [3]int
		for j := range f {
			var err error
			if n[j], err = readNat(t, f[j]); err != nil {
				return rows, err
			}
		}
		rows[i] = Values{RA: n[0], CA: n[1], D: n[2]}
	}
	if len(parts) == 1 {
		rows = DeriveSteps(rows[0])
	}
	return rows, nil
}

// readChits reads recon,ecm,aep,extra-mech,jumpN,firepowerN,armorN,bombN.
func readChits(v string) (Chits, error) {
	var c Chits
	seen := map[string]bool{}
	for _, name := range strings.Split(v, ",") {
		kind := strings.TrimRight(name, "0123456789")
		if seen[kind] {
			return c, fmt.Errorf("chit %s is listed twice: list it once", kind)
		}
		seen[kind] = true
		flag := map[string]*bool{"recon": &c.Recon, "ecm": &c.ECM, "aep": &c.AEP, "extra-mech": &c.ExtraMech}[kind]
		count := map[string]*int{"jump": &c.Jump, "firepower": &c.Firepower, "armor": &c.Armor, "bomb": &c.Bomb}[kind]
		switch {
		case flag != nil && kind == name:
			*flag = true
		case count != nil:
			n, err := readNat(name, name[len(kind):])
			if err != nil || n == 0 {
				return c, fmt.Errorf("chit %s needs how much, e.g. %s2", kind, kind)
			}
			*count = n
		default:
			return c, fmt.Errorf("no such chit %q: the chits are recon, ecm, aep, extra-mech, jumpN, firepowerN, armorN, bombN", name)
		}
	}
	return c, nil
}
