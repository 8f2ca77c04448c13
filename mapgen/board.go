package mapgen

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"bfbot/mapgen/hex"
)

// MegaMek .board import and export: ReadBoard, WriteBoard.

// MaxBoardSide is the largest width or height ReadBoard accepts. MegaMek's
// own boards reach 100×100; the cap keeps a hostile file from asking for
// an enormous allocation.
const MaxBoardSide = 200

// MaxBoardBytes is the largest board file ReadBoard reads (RELIABILITY.md: a
// 100 MB file is refused, not parsed). A MaxBoardSide×MaxBoardSide board
// as WriteBoard writes it is under 2 MB; MegaMek's own largest are well
// under 1 MB.
const MaxBoardBytes = 4 << 20

// errBoardTooBig is what boardSizeLimit reads past MaxBoardBytes.
var errBoardTooBig = errors.New("board file too big")

// boardSizeLimit reads at most left bytes of r, then fails with
// errBoardTooBig if r holds more.
type boardSizeLimit struct {
	r    io.Reader
	left int64
}

func (l *boardSizeLimit) Read(p []byte) (int, error) {
	if l.left <= 0 {
		var one [1]byte
		n, err := l.r.Read(one[:])
		if n > 0 {
			return 0, errBoardTooBig
		}
		return 0, err
	}
	if int64(len(p)) > l.left {
		p = p[:l.left]
	}
	n, err := l.r.Read(p)
	l.left -= int64(n)
	return n, err
}

// maxBoardLine caps one line of a board file.
const maxBoardLine = 1 << 20

// maxBoardWarnings caps the warnings of one file, so that a huge or
// hostile file cannot make the list grow without end: no reader gets
// past a few hundred anyway.
const maxBoardWarnings = 10000

// boardNoHex marks a warning about the file rather than one hex.
var boardNoHex = hex.Hex{X: -1, Y: -1}

// BoardWarning reports a conversion ReadBoard made that loses or changes
// something the board said: the 1-based line of the file, the hex it
// concerns (X and Y are -1 for a warning about the file as a whole) and
// what was done.
type BoardWarning struct {
	Line int
	Hex  hex.Hex
	Msg  string
}

// String gives "line N: hex XXYY: message".
func (w BoardWarning) String() string {
	if w.Hex.X < 0 || w.Hex.Y < 0 {
		return fmt.Sprintf("line %d: %s", w.Line, w.Msg)
	}
	return fmt.Sprintf("line %d: hex %s: %s", w.Line, w.Hex, w.Msg)
}

// boardKindExamples is how many examples a BoardWarningKind keeps.
const boardKindExamples = 5

// BoardWarningKind is one kind of warning and how often ReadBoard gave
// it: Kind is the message without what is particular to one hex;
// Examples are the first few warnings of the kind, in line order.
type BoardWarningKind struct {
	Kind     string
	Count    int
	Examples []BoardWarning
}

// String gives "KIND: N hexes (0101 line 4, 0203 line 9, …)", or for
// warnings about the file rather than a hex "KIND: N times (lines 3, 9)".
func (k BoardWarningKind) String() string {
	var b strings.Builder
	b.WriteString(k.Kind)
	perHex := len(k.Examples) > 0 && k.Examples[0].Hex.X >= 0
	switch {
	case perHex && k.Count == 1:
		b.WriteString(": 1 hex (")
	case perHex:
		fmt.Fprintf(&b, ": %d hexes (", k.Count)
	case k.Count == 1:
		b.WriteString(" (")
	default:
		fmt.Fprintf(&b, ": %d times (", k.Count)
	}
	for i, w := range k.Examples {
		if i > 0 {
			b.WriteString(", ")
		}
		switch {
		case perHex:
			fmt.Fprintf(&b, "%s line %d", w.Hex, w.Line)
		case i == 0:
			fmt.Fprintf(&b, "line %d", w.Line)
		default:
			fmt.Fprintf(&b, "%d", w.Line)
		}
	}
	if k.Count > len(k.Examples) {
		b.WriteString(", …")
	}
	b.WriteString(")")
	return b.String()
}

// boardErr is an error naming the line of the board file.
func boardErr(line int, format string, args ...any) error {
	return fmt.Errorf("line %d: %s", line, fmt.Sprintf(format, args...))
}

// boardHex is one hex as read, before roads are joined up.
type boardHex struct {
	line int
	cell Cell
	// MegaMek road, bridge and pavement terrains; the cell's Road is set
	// for any of them.
	road, bridge, pavement bool
	// explicit exits given on road or bridge entries, and whether any of
	// those entries left its exits to be worked out from the neighbours.
	exits    uint8
	implicit bool
}

// ReadBoard reads a MegaMek .board file and converts it to a BattleForce
// map. Warnings list every conversion that changed or left out what the
// file said, in line order (ReadBoardReport also groups them by kind, for
// people to read). A file that is not a board, or is damaged,
// gives an error naming the line; ReadBoard never panics on bad input.
//
// # The format
//
// A board is text, one statement a line: "size W H", then W×H lines
//
//	hex XXYY ELEVATION "TERRAINS" "THEME"
//
// in row order (x fastest), then "end". TERRAINS is a semicolon-separated
// list of name:level or name:level:exits entries (woods:1;foliage_elev:2,
// road:1:18, building:2:9); exits are a bitmask of hexsides, bit d for
// hex.Direction d. MegaMek ignores the XXYY written on a hex line and
// places hexes by their order; so does ReadBoard. Other statements
// (option, description, tag, note) may come anywhere before "end". The
// file is split into tokens as MegaMek's loader splits it
// (board_tokens.go): '#' and '/' start comments, '"' and '\” quote, a
// quoted string left open ends at the end of its line, and exits are any
// integer, of which only the six hexside bits count. As in MegaMek,
// anything after "end" is ignored, a missing "end" is tolerated, and a
// hex line's missing fields take their defaults (level 0, no terrain). The first description becomes the map's Name (several are
// joined by a blank line, as MegaMek joins them).
//
// # Size
//
// A standard BattleTech board in MegaMek is 16×17; a BattleForce mapsheet
// is 32×17, two BattleTech sheets side by side (ruling R2). ReadBoard
// keeps the board's own size and never resizes or pads: a 16×17 board is
// a 16×17 map, and a caller that wants a mapsheet or a sector puts boards
// together itself (Join takes two 32×17 sheets). Sides above MaxBoardSide
// are refused (ruling B-MM2).
//
// # Conversion to BattleForce
//
// MegaMek describes BattleTech ground in far more detail than BattleForce
// has terrain for. Each hex becomes one Cell, following the book's map
// conversion (000 lines 119–123: level 3 → 2, level-0 water → level 1)
// and its terrain texts (lines 127–197). A warning names the line, hex
// and terrain wherever ReadBoard rounds a level, chooses between covers
// or leaves a terrain out; only bookkeeping with no effect on play (woods
// and building heights, construction factors, tile art, deployment zones:
// boardSilent) goes without one. The decisions are rulings B-MM1 to
// B-MM14 in docs/rulings.md.
func ReadBoard(r io.Reader) (*Map, []BoardWarning, error) {
	m, rep, err := ReadBoardReport(r)
	if err != nil {
		return nil, nil, err
	}
	return m, rep.Warnings, nil
}

// BoardReport is what ReadBoardReport says about a board it read.
type BoardReport struct {
	// Warnings lists every conversion in line order, up to 10,000.
	Warnings []BoardWarning
	// Kinds groups all the warnings, however many, by what happened: the
	// summary a person reads (a real board can give thousands of warnings
	// of a few kinds). Most frequent first.
	Kinds []BoardWarningKind
}

// ReadBoardReport is ReadBoard with the warnings also summarised by kind.
func ReadBoardReport(r io.Reader) (*Map, *BoardReport, error) {
	if l, ok := r.(interface{ Len() int }); ok && l.Len() > MaxBoardBytes {
		// bytes.Reader, strings.Reader, bytes.Buffer: refused unread.
		return nil, nil, boardErr(1, "the file is %d bytes, over the %d-byte (%d MB) limit: not a board bfbot reads", l.Len(), MaxBoardBytes, MaxBoardBytes>>20)
	}
	br := &boardReader{autoExit: true}
	if err := br.read(&boardSizeLimit{r: r, left: MaxBoardBytes}); err != nil {
		return nil, nil, err
	}
	m := br.finish()
	slices.SortStableFunc(br.warnings, func(a, b BoardWarning) int { return a.Line - b.Line })
	if errs := m.Check(); len(errs) > 0 {
		// The conversion is built never to get here; refuse rather than
		// hand on a map that breaks the package's invariants.
		return nil, nil, fmt.Errorf("line %d: the board converts to a broken map: %w", br.lastLine, errors.Join(errs...))
	}
	for i := range br.kinds {
		slices.SortStableFunc(br.kinds[i].Examples, func(a, b BoardWarning) int { return a.Line - b.Line })
	}
	slices.SortStableFunc(br.kinds, func(a, b BoardWarningKind) int {
		if a.Count != b.Count {
			return b.Count - a.Count
		}
		return a.Examples[0].Line - b.Examples[0].Line
	})
	return m, &BoardReport{Warnings: br.warnings, Kinds: br.kinds}, nil
}

type boardReader struct {
	width, height int
	sizeLine      int
	hexes         []boardHex
	n             int // hex lines read
	autoExit      bool
	name          []string
	warnings      []BoardWarning
	kinds         []BoardWarningKind
	kindIndex     map[string]int
	lastLine      int
}

func (br *boardReader) warn(line int, h hex.Hex, format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	br.warnKind(line, h, msg, msg)
}

// warnKind records a warning whose kind (what BoardWarningKind groups
// by) differs from its message: the message names something of this hex
// alone, such as the neighbour a road exit leads to.
func (br *boardReader) warnKind(line int, h hex.Hex, kind, msg string) {
	w := BoardWarning{Line: line, Hex: h, Msg: msg}
	switch {
	case len(br.warnings) < maxBoardWarnings:
		br.warnings = append(br.warnings, w)
	case len(br.warnings) == maxBoardWarnings:
		br.warnings = append(br.warnings, BoardWarning{Line: line, Hex: boardNoHex,
			Msg: fmt.Sprintf("more than %d warnings: the rest are not listed", maxBoardWarnings)})
	}
	// The tally by kind is never capped: it is what a person reads.
	i, ok := br.kindIndex[kind]
	if !ok {
		if br.kindIndex == nil {
			br.kindIndex = map[string]int{}
		}
		i = len(br.kinds)
		br.kindIndex[kind] = i
		br.kinds = append(br.kinds, BoardWarningKind{Kind: kind})
	}
	k := &br.kinds[i]
	k.Count++
	if len(k.Examples) < boardKindExamples {
		k.Examples = append(k.Examples, w)
	}
}

// read parses the file statement by statement up to "end", as MegaMek's
// loader walks its tokens: a keyword (size, option, hex, description,
// note, tag, end; any case) starts a statement, and every other token
// outside a statement is passed over.
func (br *boardReader) read(r io.Reader) error {
	data, err := io.ReadAll(r)
	if err != nil {
		line := bytes.Count(data, []byte{'\n'}) + 1
		if errors.Is(err, errBoardTooBig) {
			return boardErr(line, "the file is over the %d-byte (%d MB) limit: not a board bfbot reads", MaxBoardBytes, MaxBoardBytes>>20)
		}
		return boardErr(line, "reading: %v", err)
	}
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	if line := boardLongLine(data); line > 0 {
		return boardErr(line, "line longer than %d bytes: not a MegaMek board", maxBoardLine)
	}
	z := newBoardTokenizer(data)
	lineStart := true // the next token is the first of its line
	for {
		t := z.next()
		first := lineStart
		lineStart = t.kind == tokEOL
		if t.kind == tokEOF {
			break
		}
		if t.kind != tokWord {
			continue
		}
		last, ended, err := br.statement(z, t, first)
		if err != nil {
			return err
		}
		if ended {
			break
		}
		lineStart = last.kind == tokEOL
	}
	br.lastLine = max(z.line, 1)
	if z.i == len(data) && len(data) > 0 && (data[len(data)-1] == '\n' || data[len(data)-1] == '\r') {
		br.lastLine = max(z.line-1, 1) // the file's last line break starts no line
	}
	if br.sizeLine == 0 {
		return boardErr(br.lastLine, "no size line: not a MegaMek board")
	}
	if want := br.width * br.height; br.n != want {
		return boardErr(br.lastLine, "the %d×%d board needs %d hex lines, the file has %d", br.width, br.height, want, br.n)
	}
	return nil
}

// boardLongLine gives the first line longer than maxBoardLine, or 0.
func boardLongLine(data []byte) int {
	line := 1
	for len(data) > 0 {
		i := bytes.IndexAny(data, "\r\n")
		if i < 0 {
			i = len(data)
		}
		if i > maxBoardLine {
			return line
		}
		if i == len(data) {
			break
		}
		if data[i] == '\r' && i+1 < len(data) && data[i+1] == '\n' {
			i++
		}
		data = data[i+1:]
		line++
	}
	return 0
}

// boardArgs reads a statement's arguments: the words, double-quoted
// strings and numbers that follow, up to the first other token, which is
// used up and returned. A terminator other than the end of the line or
// file is warned about, since MegaMek stops reading the statement there
// and reads the rest of the line as if it stood alone.
func (br *boardReader) boardArgs(z *boardTokenizer, keyword boardToken) ([]string, boardToken) {
	var args []string
	for {
		t := z.next()
		switch t.kind {
		case tokWord, tokNumber, tokQuoted:
			args = append(args, t.arg())
			continue
		case tokEOL, tokEOF:
		default:
			br.warn(t.line, boardNoHex, "%s ends the %s line's fields, as MegaMek reads it: what follows is not part of it", t.describe(), strings.ToLower(keyword.text))
		}
		return args, t
	}
}

// statement handles one keyword and its arguments, returning the last
// token it used up; ended is true at "end". Keywords are
// case-insensitive. A line that starts with a word MegaMek does not know
// is warned about; the word is passed over, as MegaMek passes over it
// (ruling B-MM14).
func (br *boardReader) statement(z *boardTokenizer, kw boardToken, first bool) (last boardToken, ended bool, err error) {
	line := kw.line
	var f []string
	switch strings.ToLower(kw.text) {
	case "end":
		return kw, true, nil
	case "size":
		f, last = br.boardArgs(z, kw)
		return last, false, br.size(line, f)
	case "hex":
		f, last = br.boardArgs(z, kw)
		return last, false, br.hex(line, f)
	case "option":
		// The one option MegaMek reads: whether roads without explicit
		// exits also run into neighbouring pavement (default true).
		f, last = br.boardArgs(z, kw)
		if len(f) >= 2 && strings.EqualFold(f[0], "exit_roads_to_pavement") {
			br.autoExit = !strings.EqualFold(f[1], "false")
		}
		return last, false, nil
	case "description":
		// Only a double-quoted text counts, as in MegaMek.
		if last = z.next(); last.kind == tokQuoted {
			br.name = append(br.name, last.text)
		}
		return last, false, nil
	case "note":
		// "note XXYY "text"": a hex annotation, nothing to play.
		if last = z.next(); last.kind == tokNumber {
			last = z.next()
		}
		return last, false, nil
	case "tag":
		return z.next(), false, nil
	case "background", "room":
		// Presentation in some boards' headers: nothing to play.
	default:
		if first {
			br.warn(line, boardNoHex, "%q lines are not part of the board format: ignored", boardShort(kw.text))
		}
	}
	return kw, false, nil
}

func (br *boardReader) size(line int, f []string) error {
	if br.sizeLine != 0 {
		return boardErr(line, "a second size line (the first is on line %d)", br.sizeLine)
	}
	if len(f) != 2 {
		return boardErr(line, "the size line wants two numbers, width and height: size 16 17")
	}
	var wh [2]int
	for i, s := range f {
		v, err := strconv.Atoi(s)
		if err != nil {
			return boardErr(line, "size %q is not a whole number", s)
		}
		wh[i] = v
	}
	w, h := wh[0], wh[1]
	if w < 1 || h < 1 {
		return boardErr(line, "a %d×%d board: width and height must be at least 1", w, h)
	}
	if w > MaxBoardSide || h > MaxBoardSide {
		return boardErr(line, "a %d×%d board is larger than the %d×%d limit", w, h, MaxBoardSide, MaxBoardSide)
	}
	br.width, br.height, br.sizeLine = w, h, line
	br.hexes = make([]boardHex, w*h)
	return nil
}

// hex reads "hex XXYY ELEVATION TERRAINS THEME". As in MegaMek, fields
// left off take their defaults (elevation 0, no terrain, no theme); more
// than four is an error (MegaMek's loader fails on it).
func (br *boardReader) hex(line int, f []string) error {
	if br.sizeLine == 0 {
		return boardErr(line, "a hex line before the size line")
	}
	if br.n >= len(br.hexes) {
		return boardErr(line, "more hex lines than the %d×%d board holds (%d)", br.width, br.height, len(br.hexes))
	}
	if len(f) > 4 {
		return boardErr(line, "a hex line has %d fields after \"hex\", want at most 4: hex XXYY ELEVATION \"TERRAINS\" \"THEME\"", len(f))
	}
	f = append(f, []string{"", "0", "", ""}[len(f):]...)
	// f[0], the hex's own XXYY, is ignored as MegaMek ignores it; f[3],
	// the theme, only picks tile images.
	elev, err := strconv.Atoi(f[1])
	if err != nil {
		return boardErr(line, "elevation %q is not a whole number", f[1])
	}
	terrains, err := parseBoardTerrains(f[2])
	if err != nil {
		return boardErr(line, "%v", err)
	}
	h := hex.Hex{X: br.n % br.width, Y: br.n / br.width}
	bh := boardHex{line: line}
	bh.cell.Elevation = br.elevation(line, h, elev)
	br.convert(&bh, h, terrains)
	br.hexes[br.n] = bh
	br.n++
	return nil
}

// elevation converts a BattleTech level (000 lines 121, 141; ruling B-MM1).
func (br *boardReader) elevation(line int, h hex.Hex, e int) int {
	switch {
	case e < 0:
		br.warn(line, h, "elevation %d is below ground level: taken as 0", e)
		return 0
	case e == 3:
		return MaxElevation // the book's own conversion
	case e > MaxElevation:
		br.warn(line, h, "elevation %d is above level %d, the highest in BattleForce: taken as %d", e, MaxElevation, MaxElevation)
		return MaxElevation
	}
	return e
}

// boardExitMask keeps the six hexside bits of an exits field.
const boardExitMask = 1<<len(hex.Directions) - 1

// boardTerrain is one name:level[:exits] entry; exits are masked to the
// six hexsides.
type boardTerrain struct {
	text     string // as written, for messages
	name     string
	level    int
	exits    int
	hasExits bool
}

// parseBoardTerrains splits a hex's terrain list. Empty entries are
// skipped, as MegaMek's tokenizer skips them.
func parseBoardTerrains(s string) ([]boardTerrain, error) {
	var out []boardTerrain
	for part := range strings.SplitSeq(s, ";") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		bits := strings.Split(part, ":")
		for i := range bits {
			bits[i] = strings.TrimSpace(bits[i])
		}
		t := boardTerrain{text: part, name: strings.ToLower(bits[0])}
		if t.name == "" {
			return nil, fmt.Errorf("terrain %q has no name", part)
		}
		if len(bits) < 2 || bits[1] == "" {
			return nil, fmt.Errorf("terrain %q has no level: write name:level or name:level:exits", part)
		}
		if len(bits) > 3 {
			return nil, fmt.Errorf("terrain %q has too many colons: write name:level or name:level:exits", part)
		}
		lv, err := strconv.Atoi(bits[1])
		if err != nil {
			return nil, fmt.Errorf("terrain %q: level %q is not a whole number", part, bits[1])
		}
		t.level = lv
		if len(bits) == 3 {
			// MegaMek reads the exits field as any 32-bit integer and tests
			// only the bits of the six hexsides: the bits above pick tile
			// art (building:1:65 is a one-hex building with a roof picture;
			// fluff entries keep other numbers there), and a negative number
			// is its two's complement. So the field is masked, silently.
			ex, err := strconv.ParseInt(bits[2], 10, 32)
			if err != nil {
				return nil, fmt.Errorf("terrain %q: exits %q are not a whole number", part, bits[2])
			}
			t.exits, t.hasExits = int(ex)&boardExitMask, true
		}
		out = append(out, t)
	}
	return out, nil
}

// boardSilent are MegaMek terrains dropped without a warning: details of
// another terrain that BattleForce does not model (heights, strength,
// armour and class of buildings and bridges; woods height), tile art,
// automatic hexside markings and deployment zones (ruling B-MM12).
var boardSilent = map[string]bool{
	"foliage_elev": true, "bldg_cf": true, "bldg_elev": true, "bldg_armor": true,
	"bldg_basement_type": true, "bldg_base_collapsed": true, "bldg_fluff": true,
	"bridge_cf": true, "bridge_elev": true,
	"fuel_tank_cf": true, "fuel_tank_elev": true, "fuel_tank_magn": true,
	"fluff": true, "road_fluff": true, "ground_fluff": true, "water_fluff": true,
	"cliff_top": true, "cliff_bottom": true, "incline_top": true, "incline_bottom": true,
	"incline_high_top": true, "incline_high_bottom": true, "deployment_zone": true,
}

// boardUnsupported are MegaMek terrains with an effect on play that
// BattleForce has no terrain for: each gives a warning and the hex keeps
// the rest of its terrain (ruling B-MM11).
var boardUnsupported = map[string]bool{
	"sand": true, "tundra": true, "magma": true, "planted_fields": true,
	"heavy_industrial": true, "space": true, "mud": true, "rapids": true,
	"ice": true, "black_ice": true, "snow": true, "fire": true, "smoke": true,
	"geyser": true, "fuel_tank": true, "impassable": true, "elevator": true,
	// An improved position is not rough ground: it neither slows units
	// nor bars wheeled ones (ruling B-MM10).
	"fortified": true, "screen": true, "arms": true, "legs": true,
	"metal_deposit": true, "sky": true, "hazardous_liquid": true,
	"ultra_sublevel": true,
}

// Cover ranks: when MegaMek stacks several covers in one hex, the highest
// rank takes it (ruling B-MM9).
const (
	rankRough = iota + 1
	rankRubble
	rankWoods
	rankWater
	rankBuilding
)

type boardCover struct {
	t    Terrain
	rank int
	text string
}

// convert turns a hex's MegaMek terrains into its cell, warning about
// everything that changes on the way.
func (br *boardReader) convert(bh *boardHex, h hex.Hex, ts []boardTerrain) {
	line := bh.line
	warn := func(format string, args ...any) { br.warn(line, h, format, args...) }

	// A terrain given twice: MegaMek keeps the last.
	last := map[string]int{}
	for i, t := range ts {
		if j, ok := last[t.name]; ok {
			warn("%s given twice: the last (%s) counts", ts[j].text, t.text)
		}
		last[t.name] = i
	}
	var covers []boardCover
	add := func(t Terrain, rank int, text string) { covers = append(covers, boardCover{t, rank, text}) }
	bldgClass := 0
	if i, ok := last["bldg_class"]; ok {
		bldgClass = ts[i].level
	}
	for i, t := range ts {
		if last[t.name] != i {
			continue
		}
		switch t.name {
		case "woods", "jungle":
			// Jungle is woods to BattleForce; ultra-heavy growth is as
			// heavy as its woods get (ruling B-MM4).
			v, note := LightWoods, ""
			switch {
			case t.level == 2:
				v = HeavyWoods
			case t.level == 3:
				v, note = HeavyWoods, " (ultra-heavy)"
			case t.level > 3:
				v, note = HeavyWoods, " (level above 3)"
			case t.level < 1:
				note = " (level below 1)"
			}
			if note != "" || t.name == "jungle" {
				warn("%s%s taken as %s", t.text, note, v)
			}
			add(v, rankWoods, t.text)
		case "water":
			// Level-0 water is level 1 (000 line 123); BattleForce has two
			// depths (line 161; ruling B-MM3).
			v := Water1
			switch {
			case t.level < 0:
				warn("%s: negative depth taken as %s", t.text, v)
			case t.level >= 2:
				v = Water2
				if t.level > 2 {
					warn("%s is deeper than BattleForce's deepest water: taken as %s", t.text, v)
				}
			}
			add(v, rankWater, t.text)
		case "swamp":
			// Water hexes include swamps (000 line 161; ruling B-MM6).
			warn("%s taken as %s", t.text, Water1)
			add(Water1, rankWater, t.text)
		case "rough":
			// Ultra rough is still rough; a rubble level only records what
			// kind of building fell, ultra rubble aside (ruling B-MM5).
			if t.level != 1 {
				kind := "not level 1"
				if t.level == 2 {
					kind = "ultra rough"
				}
				warn("%s (%s) taken as %s", t.text, kind, Rough)
			}
			add(Rough, rankRough, t.text)
		case "rubble":
			if t.level == 6 {
				warn("%s (ultra rubble) taken as %s", t.text, Rubble)
			} else if t.level < 1 || t.level > 6 {
				warn("%s: level %d is not 1–6: taken as %s", t.text, t.level, Rubble)
			}
			add(Rubble, rankRubble, t.text)
		case "building":
			add(br.building(t, bldgClass, warn), rankBuilding, t.text)
		case "road":
			bh.road = true
			br.exits(bh, t)
		case "bridge":
			// A bridge is a road over whatever lies beneath (ruling B-MM8).
			bh.bridge = true
			br.exits(bh, t)
		case "pavement":
			bh.pavement = true
		case "bldg_class":
			// Read with the building; alone it means nothing.
		case "none":
			// MegaMek's terrain type 0, "no terrain": a real name whose
			// level has no meaning.
			warn("%s is MegaMek's empty terrain and sets nothing: ignored", t.text)
		default:
			switch {
			case boardSilent[t.name]:
			case boardUnsupported[t.name]:
				warn("%s has no BattleForce equivalent: ignored", t.text)
			default:
				warn("%s is not a MegaMek terrain: ignored", t.text)
			}
		}
	}
	if len(covers) > 0 {
		best := covers[0]
		for _, c := range covers[1:] {
			if c.rank > best.rank || (c.rank == best.rank && c.t > best.t) {
				best = c
			}
		}
		for _, c := range covers {
			if c != best {
				warn("%s dropped: %s takes the hex", c.text, best.t)
			}
		}
		bh.cell.Terrain = best.t
	}
	bh.cell.Road = bh.road || bh.bridge || bh.pavement
}

// building converts a building entry and the hex's building class
// (ruling B-MM7). MegaMek numbers building types as BattleForce numbers
// its classes: 1 light, 2 medium, 3 heavy, 4 hardened; 5 is a wall.
func (br *boardReader) building(t boardTerrain, class int, warn func(string, ...any)) Terrain {
	classes := [...]Terrain{LightBuilding, MediumBuilding, HeavyBuilding, HardenedBuilding}
	var v Terrain
	switch {
	case t.level >= 1 && t.level <= 4:
		v = classes[t.level-1]
	case t.level == 5:
		v = HardenedBuilding
		warn("%s (wall) taken as %s", t.text, v)
	case t.level < 1:
		v = LightBuilding
		warn("%s: type %d is not 1–5: taken as %s", t.text, t.level, v)
	default:
		v = HardenedBuilding
		warn("%s: type %d is not 1–5: taken as %s", t.text, t.level, v)
	}
	switch class {
	case 2:
		if v != HardenedBuilding {
			warn("bldg_class:2 (fortress): %s taken as %s", t.text, HardenedBuilding)
			v = HardenedBuilding
		}
	case 3:
		warn("bldg_class:3 (gun emplacement) taken as an ordinary %s", v)
	}
	return v
}

// exits records a road or bridge entry's exits, or that they must be
// worked out from the neighbours.
func (br *boardReader) exits(bh *boardHex, t boardTerrain) {
	if t.hasExits {
		bh.exits |= uint8(t.exits)
	} else {
		bh.implicit = true
	}
}

// finish builds the map and joins the roads up (ruling B-MM8): pavement
// has no exits; a road or bridge without exits in the file runs into every
// neighbouring road or bridge (and pavement, unless the board's option
// says otherwise), as MegaMek works them out; an explicit exit into an
// on-map hex with no road is dropped, since BattleForce roads must lead
// somewhere (Map.Check).
func (br *boardReader) finish() *Map {
	m := New(br.width, br.height)
	m.Name = strings.Join(br.name, "\n\n")
	for i, bh := range br.hexes {
		m.Cells[i] = bh.cell
	}
	for i, bh := range br.hexes {
		c := &m.Cells[i]
		if !c.Road || bh.pavement {
			continue
		}
		h := hex.Hex{X: i % br.width, Y: i / br.width}
		var exits uint8
		for _, d := range hex.Directions {
			n := h.Neighbor(d)
			bit := uint8(1) << d
			if !m.Contains(n) {
				exits |= bh.exits & bit // off the board: kept for a neighbour sheet
				continue
			}
			nb := br.hexes[n.Y*br.width+n.X]
			if bh.implicit && (nb.road || nb.bridge || (nb.pavement && br.autoExit)) {
				exits |= bit
			}
			if bh.exits&bit == 0 {
				continue
			}
			if m.At(n).Road {
				exits |= bit
			} else {
				br.warnKind(bh.line, h, "a road exit leads to a hex with no road: dropped",
					fmt.Sprintf("road exit %v leads to %s, which has no road: dropped", d, n))
			}
		}
		if exits == 0 && bh.exits != 0 {
			br.warn(bh.line, h, "no road exit is left: the hex is taken as pavement")
		}
		c.RoadExits = exits
	}
	return m
}

// quoteBoard writes s as a double-quoted string that MegaMek's tokenizer
// (and ours, board_tokens.go) reads back unchanged.
func quoteBoard(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '"', '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case '\n':
			b.WriteString(`\n`)
		case '\r':
			b.WriteString(`\r`)
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// Construction factors written for exported buildings and bridges:
// MegaMek's standard values for each type (it wants one on every
// building hex; BattleForce itself has no use for them).
var boardBuildingCF = [...]int{1: 15, 2: 40, 3: 90, 4: 120}

// WriteBoard writes m as a MegaMek .board file that MegaMek loads and
// ReadBoard reads back to the same map (ruling B-MM13). The map's Name
// becomes the board's description. A map that fails Check, or is larger
// than MaxBoardSide, is refused.
func WriteBoard(w io.Writer, m *Map) error {
	if m == nil {
		return errors.New("write board: no map")
	}
	if errs := m.Check(); len(errs) > 0 {
		return fmt.Errorf("write board: %w", errors.Join(errs...))
	}
	if m.Width > MaxBoardSide || m.Height > MaxBoardSide {
		return fmt.Errorf("write board: a %d×%d map is larger than the %d×%d board limit", m.Width, m.Height, MaxBoardSide, MaxBoardSide)
	}
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "size %d %d\n", m.Width, m.Height)
	if m.Name != "" {
		fmt.Fprintf(bw, "description %s\n", quoteBoard(m.Name))
	}
	var parts []string
	for _, h := range m.Hexes() {
		c := m.At(h)
		parts = boardTerrainsOf(m, h, c, parts[:0])
		fmt.Fprintf(bw, "hex %s %d \"%s\" \"\"\n", h, c.Elevation, strings.Join(parts, ";"))
	}
	bw.WriteString("end\n")
	return bw.Flush()
}

// boardTerrainsOf lists a cell's terrain in MegaMek's names.
func boardTerrainsOf(m *Map, h hex.Hex, c Cell, parts []string) []string {
	switch t := c.Terrain; {
	case t == LightWoods, t == HeavyWoods:
		// foliage_elev:2 is MegaMek's ordinary woods; it wants the entry
		// with every woods hex.
		lv := 1
		if t == HeavyWoods {
			lv = 2
		}
		parts = append(parts, fmt.Sprintf("woods:%d", lv), "foliage_elev:2")
	case t.IsWater():
		parts = append(parts, fmt.Sprintf("water:%d", t.Info().WaterDepth))
	case t == Rough:
		parts = append(parts, "rough:1")
	case t == Rubble:
		parts = append(parts, "rubble:1")
	case t.IsBuilding():
		// Exits join neighbouring hexes of the same class into one
		// building, as MegaMek's city boards do.
		class := t.Info().Building
		var exits uint8
		for _, d := range hex.Directions {
			if n := h.Neighbor(d); m.Contains(n) && m.At(n).Terrain == t {
				exits |= 1 << d
			}
		}
		parts = append(parts, fmt.Sprintf("building:%d:%d", class, exits),
			fmt.Sprintf("bldg_cf:%d", boardBuildingCF[class]), "bldg_elev:1")
	}
	if c.Road {
		switch {
		case c.Paved():
			parts = append(parts, "pavement:1")
		case c.Terrain.IsWater():
			// A road over water is a bridge in MegaMek; a plain road
			// there would be a ford closed to vehicles.
			parts = append(parts, fmt.Sprintf("bridge:2:%d", c.RoadExits), "bridge_cf:40", "bridge_elev:1")
		default:
			parts = append(parts, fmt.Sprintf("road:1:%d", c.RoadExits))
		}
	}
	return parts
}
