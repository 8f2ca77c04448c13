package mapgen

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"bfbot/internal/usertext"
	"bfbot/internal/yamlnode"

	"go.yaml.in/yaml/v3"
)

// Strategic map files: ReadStrategic and WriteStrategic.
//
// A campaign's strategic map can be written by hand (000 line 2551: the
// players sketch their own arrangement of sectors) as YAML:
//
//	name: Harlech Valley          # optional
//	seed: 42                      # optional: sectors without a seed derive one from it
//	cols: 4                       # the grid, 1 to 8 each way
//	rows: 3
//	sectors:                      # any arrangement; a grid place left out is a hole
//	  - {col: 1, row: 1, name: Kessel Flats, theme: plains}
//	  - col: 2
//	    row: 1
//	    name: Port Arthur
//	    theme: urban
//	    orientation: tall         # wide (default) or tall
//	    seed: 7                   # the sector's own map seed
//	    objectives:
//	      - {kind: city, name: Port Arthur, vp: 10}   # vp defaults by kind
//
// col and row count from 1 like hex names. Sectors are numbered from 1
// row by row over the sectors given, as GenerateStrategic numbers them, so
// a full grid gets the same numbers either way. The nodes are read with
// internal/yamlnode, as design and scenario files are; the wording of some
// messages is this file's own.

// MaxStrategicFileBytes is the largest strategic map file ReadStrategic
// reads: an 8×8 map with long names and objectives needs well under 64 KB.
const MaxStrategicFileBytes = 1 << 20

// Bounds on hand-written values.
const (
	maxObjectives = 8 // per sector
	// maxKeptObjectiveVP bounds an objective's value in a map already
	// made: files keep to MinObjectiveVP–MaxObjectiveVP, but maps stored
	// before that rule hold smaller values and still load.
	maxKeptObjectiveVP = 10000
)

// ErrStrategicFile matches every error ReadStrategic returns.
var ErrStrategicFile = errors.New("bad strategic map file")

// StrategicFileError is a mistake in a strategic map file: the line
// (0 when the file as a whole is wrong), the field's path
// ("sectors[2].theme") and what to do about it. It has yamlnode.Error's
// fields, so each converts to the other.
type StrategicFileError struct {
	Line  int
	Field string
	Msg   string
}

func (e *StrategicFileError) Error() string {
	return "strategic map: " + (*yamlnode.Error)(e).Error()
}

// Unwrap makes every StrategicFileError match ErrStrategicFile.
func (e *StrategicFileError) Unwrap() error { return ErrStrategicFile }

// sm reads strategic map files' nodes. A found value is cut to 40
// characters in messages, so a long line in the wrong place does not
// flood them.
var sm = yamlnode.Reader{Short: func(v string) string {
	if r := []rune(v); len(r) > 40 {
		return string(r[:40]) + "…"
	}
	return v
}}

// smErr is a StrategicFileError at node n.
func smErr(n *yaml.Node, field, format string, a ...any) error {
	return (*StrategicFileError)(yamlnode.Errorf(n, field, format, a...))
}

// ReadStrategic reads a strategic map file. Files over
// MaxStrategicFileBytes and grids over 8×8 are refused before the
// sectors are read. Every error is a *StrategicFileError naming the line
// and field.
func ReadStrategic(data []byte) (*Strategic, error) {
	s, err := readStrategic(data)
	if e, ok := err.(*yamlnode.Error); ok {
		// The shared readers' errors become StrategicFileErrors here, so
		// every error matches ErrStrategicFile.
		return nil, (*StrategicFileError)(e)
	}
	return s, err
}

// readStrategic is ReadStrategic, its errors from the shared readers not
// yet StrategicFileErrors.
func readStrategic(data []byte) (*Strategic, error) {
	if len(data) > MaxStrategicFileBytes {
		return nil, &StrategicFileError{Msg: fmt.Sprintf("the file is %d bytes, over the %d-byte limit: an 8×8 map needs far less, so this is not a strategic map file", len(data), MaxStrategicFileBytes)}
	}
	root, err := yamlnode.Document(data,
		"the file is empty: give cols, rows and a sectors list",
		"a second YAML document (---): a file holds one strategic map")
	if err != nil {
		return nil, err
	}
	fs, err := smFields(root, "", "name", "seed", "cols", "rows", "sectors")
	if err != nil {
		return nil, err
	}
	s := &Strategic{}
	if f, ok := fs["name"]; ok {
		if s.Name, err = smName(f, "name", usertext.Map); err != nil {
			return nil, err
		}
	}
	var mapSeed uint64
	if f, ok := fs["seed"]; ok {
		if mapSeed, err = smUint(f, "seed"); err != nil {
			return nil, err
		}
	}
	for _, k := range []string{"cols", "rows"} {
		f, ok := fs[k]
		if !ok {
			return nil, smErr(root, "", "no %s: give the grid's size, e.g. cols: 4 and rows: 3", k)
		}
		v, err := smInt(f, k, 1, maxStrategicSide)
		if err != nil {
			return nil, err
		}
		if k == "cols" {
			s.Cols = v
		} else {
			s.Rows = v
		}
	}
	f, ok := fs["sectors"]
	if !ok {
		return nil, smErr(root, "", "no sectors: list the sectors, each with col, row, name and theme")
	}
	if f.Kind != yaml.SequenceNode {
		return nil, smErr(f, "sectors", "want a list of sectors (- col: 1 …), found %s", sm.Describe(f))
	}
	if len(f.Content) == 0 {
		return nil, smErr(f, "sectors", "the list is empty: give at least one sector")
	}
	if len(f.Content) > s.Cols*s.Rows {
		return nil, smErr(f, "sectors", "%d sectors do not fit a %d×%d grid: raise cols or rows, or remove sectors",
			len(f.Content), s.Cols, s.Rows)
	}
	at := map[[2]int]int{} // grid place → index in f.Content
	var secs []Sector
	seeded := make([]bool, len(f.Content)) // the sector gave its own seed
	for i, item := range f.Content {
		path := yamlnode.Index("sectors", i)
		sec, own, err := readStrategicSector(item, path, s.Cols, s.Rows)
		if err != nil {
			return nil, err
		}
		seeded[i] = own
		if prev, dup := at[[2]int{sec.Col, sec.Row}]; dup {
			return nil, smErr(item, path, "col %d row %d is already sectors[%d] (line %d): give each sector its own place",
				sec.Col+1, sec.Row+1, prev, f.Content[prev].Line)
		}
		at[[2]int{sec.Col, sec.Row}] = i
		secs = append(secs, sec)
	}
	// Number the sectors row by row, as GenerateStrategic does.
	for row := range s.Rows {
		for col := range s.Cols {
			i, ok := at[[2]int{col, row}]
			if !ok {
				continue
			}
			sec := secs[i]
			sec.ID = len(s.Sectors) + 1
			if !seeded[i] {
				sec.Seed = sectorSeed(mapSeed, sec.ID)
			}
			s.Sectors = append(s.Sectors, sec)
		}
	}
	if err := s.Check(); err != nil {
		// Point at the sector the mistake is about when there is one.
		var se *strategicCheckError
		if errors.As(err, &se) && se.sector > 0 {
			i := at[[2]int{s.Sectors[se.sector-1].Col, s.Sectors[se.sector-1].Row}]
			return nil, smErr(f.Content[i], fmt.Sprintf("sectors[%d]", i), "%s", se.msg)
		}
		return nil, smErr(f, "sectors", "%v", err)
	}
	return s, nil
}

// readStrategicSector reads one sector mapping; own reports whether it
// gave its own seed. Its ID is set by the caller.
func readStrategicSector(n *yaml.Node, path string, cols, rows int) (sec Sector, own bool, err error) {
	fs, err := smFields(n, path, "col", "row", "name", "theme", "orientation", "seed", "objectives")
	if err != nil {
		return sec, false, err
	}
	for _, k := range []string{"col", "row", "name", "theme"} {
		if _, ok := fs[k]; !ok {
			return sec, false, smErr(n, path, "no %s: a sector needs col, row, name and theme", k)
		}
	}
	if sec.Col, err = smInt(fs["col"], path+".col", 1, cols); err != nil {
		return sec, false, err
	}
	if sec.Row, err = smInt(fs["row"], path+".row", 1, rows); err != nil {
		return sec, false, err
	}
	sec.Col, sec.Row = sec.Col-1, sec.Row-1
	if sec.Name, err = smName(fs["name"], path+".name", usertext.Sector); err != nil {
		return sec, false, err
	}
	t, err := smStr(fs["theme"], path+".theme")
	if err != nil {
		return sec, false, err
	}
	if sec.Theme, err = ParseTheme(t); err != nil {
		return sec, false, smErr(fs["theme"], path+".theme", "%q is not a theme: use one of %s", t, strings.Join(themeNames[:], ", "))
	}
	if f, ok := fs["orientation"]; ok {
		o, err := smStr(f, path+".orientation")
		if err != nil {
			return sec, false, err
		}
		if sec.Orientation, err = ParseOrientation(o); err != nil {
			return sec, false, smErr(f, path+".orientation", "%q: use wide (sheets side by side, 64×17) or tall (stacked, 32×34)", o)
		}
	}
	if f, ok := fs["seed"]; ok {
		if sec.Seed, err = smUint(f, path+".seed"); err != nil {
			return sec, false, err
		}
		own = true
	}
	if f, ok := fs["objectives"]; ok {
		if sec.Objectives, err = readObjectives(f, path+".objectives"); err != nil {
			return sec, false, err
		}
	}
	return sec, own, nil
}

// readObjectives reads a sector's list of objectives; an empty list is no
// objectives.
func readObjectives(n *yaml.Node, path string) ([]Objective, error) {
	if n.Kind != yaml.SequenceNode {
		return nil, smErr(n, path, "want a list of objectives (- {kind: city, name: …}), found %s", sm.Describe(n))
	}
	if len(n.Content) > maxObjectives {
		return nil, smErr(n, path, "%d objectives: a sector holds at most %d", len(n.Content), maxObjectives)
	}
	var out []Objective
	for i, item := range n.Content {
		p := yamlnode.Index(path, i)
		fs, err := smFields(item, p, "kind", "name", "vp")
		if err != nil {
			return nil, err
		}
		for _, k := range []string{"kind", "name"} {
			if _, ok := fs[k]; !ok {
				return nil, smErr(item, p, "no %s: an objective needs kind and name (vp is optional)", k)
			}
		}
		var ob Objective
		k, err := smStr(fs["kind"], p+".kind")
		if err != nil {
			return nil, err
		}
		if ob.Kind, err = parseObjectiveKind(k); err != nil {
			return nil, smErr(fs["kind"], p+".kind", "%v", err)
		}
		if ob.Name, err = smName(fs["name"], p+".name", usertext.Objective); err != nil {
			return nil, err
		}
		ob.VP = DefaultObjectiveVP(ob.Kind)
		if f, ok := fs["vp"]; ok {
			if ob.VP, err = smInt(f, p+".vp", MinObjectiveVP, MaxObjectiveVP); err != nil {
				return nil, err
			}
		}
		out = append(out, ob)
	}
	return out, nil
}

func parseObjectiveKind(s string) (ObjectiveKind, error) {
	n := strings.ToLower(s)
	for i, name := range objectiveNames {
		if name == n {
			return ObjectiveKind(i), nil
		}
	}
	return 0, fmt.Errorf("%q is not an objective kind: use one of %s", s, strings.Join(objectiveNames, ", "))
}

// smFields reads a mapping whose keys are among allowed, each at most
// once. It words unknown and repeated keys as this file always has,
// where yamlnode's Fields words them for design files.
func smFields(n *yaml.Node, path string, allowed ...string) (map[string]*yaml.Node, error) {
	if err := yamlnode.Plain(n, path); err != nil {
		return nil, err
	}
	out := map[string]*yaml.Node{}
	keyLine := map[string]int{}
	err := sm.Each(n, path, func(k, v *yaml.Node, p string) error {
		if !slices.Contains(allowed, k.Value) {
			return smErr(k, p, "unknown field: use %s", strings.Join(allowed, ", "))
		}
		if line, dup := keyLine[k.Value]; dup {
			return smErr(k, p, "given twice (first at line %d): keep one", line)
		}
		keyLine[k.Value] = k.Line
		out[k.Value] = v
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// smStr reads a non-empty scalar, trimmed. Its values come from
// smFields, which has refused anchors and aliases on them.
func smStr(n *yaml.Node, path string) (string, error) {
	if n.Kind != yaml.ScalarNode {
		return "", smErr(n, path, "want a value, found %s", sm.Describe(n))
	}
	s := strings.TrimSpace(n.Value)
	if n.Tag == "!!null" || s == "" {
		return "", smErr(n, path, "is empty: give a value")
	}
	return s, nil
}

// smName reads a name of kind k, checked by usertext like every name
// people write.
func smName(n *yaml.Node, path string, k usertext.Kind) (string, error) {
	return sm.Name(n, path, k)
}

// nameProblem says what is wrong with a stored name of kind k, "" if
// nothing: what usertext refuses, or spaces around it.
func nameProblem(k usertext.Kind, s string) string {
	t, err := k.Clean("", s)
	if e, ok := err.(*usertext.Error); ok {
		return e.Problem
	}
	if t != s {
		return fmt.Sprintf("%q starts or ends with spaces: remove them", s)
	}
	return ""
}

// smInt reads a whole number from lo to hi.
func smInt(n *yaml.Node, path string, lo, hi int) (int, error) {
	s, err := smStr(n, path)
	if err != nil {
		return 0, err
	}
	v, err := strconv.Atoi(s)
	if err != nil || len(s) > 10 {
		return 0, smErr(n, path, "want a whole number from %d to %d, found %s", lo, hi, sm.Describe(n))
	}
	if v < lo || v > hi {
		return 0, smErr(n, path, "%d is out of range: use %d to %d", v, lo, hi)
	}
	return v, nil
}

// smUint reads a seed: a whole number from 0 to 18446744073709551615.
func smUint(n *yaml.Node, path string) (uint64, error) {
	s, err := smStr(n, path)
	if err != nil {
		return 0, err
	}
	v, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		return 0, smErr(n, path, "want a seed, a whole number from 0 to %d, found %s", uint64(1<<64-1), sm.Describe(n))
	}
	return v, nil
}

// strategicCheckError is a broken invariant of a Strategic; sector is the
// ID of the sector it is about, 0 for the map as a whole.
type strategicCheckError struct {
	sector int
	msg    string
}

func (e *strategicCheckError) Error() string {
	if e.sector > 0 {
		return fmt.Sprintf("sector %d: %s", e.sector, e.msg)
	}
	return e.msg
}

// Check reports the first broken invariant of a strategic map: grid 1 to
// 8 each way; sectors numbered 1.. row by row, each in its own place of
// the grid; every column and row in use (ruling SM2); all sectors joined
// through shared edges (ruling SM3); names unique, printable and short;
// themes, orientations and objectives that exist. Every generated map and
// every map ReadStrategic returns passes; a caller holding a map from
// elsewhere (a campaign's JSON) can ask.
func (s *Strategic) Check() error {
	if s == nil {
		return errors.New("no strategic map")
	}
	bad := func(id int, format string, a ...any) error {
		return &strategicCheckError{sector: id, msg: fmt.Sprintf(format, a...)}
	}
	if s.Cols < 1 || s.Rows < 1 || s.Cols > maxStrategicSide || s.Rows > maxStrategicSide {
		return bad(0, "a %d×%d grid: use 1 to %d columns and rows", s.Cols, s.Rows, maxStrategicSide)
	}
	if len(s.Sectors) == 0 || len(s.Sectors) > s.Cols*s.Rows {
		return bad(0, "%d sectors on a %d×%d grid: give 1 to %d", len(s.Sectors), s.Cols, s.Rows, s.Cols*s.Rows)
	}
	if msg := nameProblem(usertext.Map, s.Name); s.Name != "" && msg != "" {
		return bad(0, "map name: %s", msg)
	}
	usedCol, usedRow := make([]bool, s.Cols), make([]bool, s.Rows)
	names := map[string]int{}
	for i, sec := range s.Sectors {
		switch {
		case sec.ID != i+1:
			return bad(0, "sector number %d in place %d: sectors are numbered 1 to %d row by row", sec.ID, i+1, len(s.Sectors))
		case sec.Col < 0 || sec.Row < 0 || sec.Col >= s.Cols || sec.Row >= s.Rows:
			return bad(sec.ID, "col %d row %d lies outside the %d×%d grid", sec.Col+1, sec.Row+1, s.Cols, s.Rows)
		case i > 0 && sec.Row*s.Cols+sec.Col <= s.Sectors[i-1].Row*s.Cols+s.Sectors[i-1].Col:
			return bad(sec.ID, "col %d row %d is out of row-by-row order or taken twice", sec.Col+1, sec.Row+1)
		case sec.Theme >= numThemes:
			return bad(sec.ID, "theme %d does not exist", uint8(sec.Theme))
		case sec.Orientation != Wide && sec.Orientation != Tall:
			return bad(sec.ID, "orientation %d does not exist: use wide or tall", uint8(sec.Orientation))
		case len(sec.Objectives) > maxObjectives:
			return bad(sec.ID, "%d objectives: a sector holds at most %d", len(sec.Objectives), maxObjectives)
		}
		if msg := nameProblem(usertext.Sector, sec.Name); msg != "" {
			return bad(sec.ID, "name: %s", msg)
		}
		key := strings.ToLower(sec.Name)
		if other, dup := names[key]; dup {
			return bad(sec.ID, "the name %q is sector %d's too: give each sector its own name, since players and reports tell them apart by it", sec.Name, other)
		}
		names[key] = sec.ID
		for _, ob := range sec.Objectives {
			if int(ob.Kind) >= len(objectiveNames) {
				return bad(sec.ID, "objective kind %d does not exist", uint8(ob.Kind))
			}
			if msg := nameProblem(usertext.Objective, ob.Name); msg != "" {
				return bad(sec.ID, "objective name: %s", msg)
			}
			if ob.VP < 0 || ob.VP > maxKeptObjectiveVP {
				return bad(sec.ID, "objective %q is worth %d VP: use 0 to %d", ob.Name, ob.VP, maxKeptObjectiveVP)
			}
		}
		usedCol[sec.Col], usedRow[sec.Row] = true, true
	}
	for c, used := range usedCol {
		if !used {
			return bad(0, "column %d holds no sector: shrink the grid (cols) or put a sector there", c+1)
		}
	}
	for r, used := range usedRow {
		if !used {
			return bad(0, "row %d holds no sector: shrink the grid (rows) or put a sector there", r+1)
		}
	}
	// Every sector reachable from sector 1 across shared edges.
	seen := map[int]bool{1: true}
	queue := []int{1}
	for len(queue) > 0 {
		id := queue[0]
		queue = queue[1:]
		for _, nb := range s.Neighbors(id) {
			if !seen[nb] {
				seen[nb] = true
				queue = append(queue, nb)
			}
		}
	}
	for _, sec := range s.Sectors {
		if !seen[sec.ID] {
			return bad(sec.ID, "%q (col %d row %d) shares no edge with the rest of the map: sectors meeting only at a corner are not adjacent, so fill the gap",
				sec.Name, sec.Col+1, sec.Row+1)
		}
	}
	return nil
}

// strategicDoc is the file form WriteStrategic writes.
type strategicDoc struct {
	Name    string      `yaml:"name,omitempty"`
	Cols    int         `yaml:"cols"`
	Rows    int         `yaml:"rows"`
	Sectors []sectorDoc `yaml:"sectors"`
}

type sectorDoc struct {
	Col         int            `yaml:"col"`
	Row         int            `yaml:"row"`
	Name        string         `yaml:"name"`
	Theme       string         `yaml:"theme"`
	Orientation string         `yaml:"orientation"`
	Seed        uint64         `yaml:"seed"`
	Objectives  []objectiveDoc `yaml:"objectives,omitempty"`
}

type objectiveDoc struct {
	Kind string `yaml:"kind"`
	Name string `yaml:"name"`
	VP   int    `yaml:"vp"`
}

// WriteStrategic writes s as a strategic map file that ReadStrategic
// reads back to the same map. Every sector's seed is written out, so the
// file does not depend on a map seed. A map that breaks the invariants
// ReadStrategic enforces is refused.
func WriteStrategic(s *Strategic) ([]byte, error) {
	if s == nil {
		return nil, errors.New("strategic map: nothing to write")
	}
	if err := s.Check(); err != nil {
		return nil, fmt.Errorf("strategic map cannot be written: %w", err)
	}
	doc := strategicDoc{Name: s.Name, Cols: s.Cols, Rows: s.Rows}
	for _, sec := range s.Sectors {
		sd := sectorDoc{Col: sec.Col + 1, Row: sec.Row + 1, Name: sec.Name, Theme: sec.Theme.String(),
			Orientation: sec.Orientation.String(), Seed: sec.Seed}
		for _, ob := range sec.Objectives {
			sd.Objectives = append(sd.Objectives, objectiveDoc{Kind: ob.Kind.String(), Name: ob.Name, VP: ob.VP})
		}
		doc.Sectors = append(doc.Sectors, sd)
	}
	var buf bytes.Buffer
	enc := yaml.NewEncoder(&buf)
	enc.SetIndent(2)
	if err := enc.Encode(doc); err != nil {
		return nil, fmt.Errorf("strategic map: %w", err)
	}
	if err := enc.Close(); err != nil {
		return nil, fmt.Errorf("strategic map: %w", err)
	}
	return buf.Bytes(), nil
}
