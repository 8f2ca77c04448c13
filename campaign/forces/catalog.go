package forces

import (
	_ "embed" // the values table ships inside the binary
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"bfbot/referee"
)

// The unit catalog is the BattleForce Values Table of the quick lance
// generation method (000 lines 1697–1853): one row per 'Mech,
// AeroSpace Fighter, DropShip and vehicle of the Technical Readouts, each
// already converted to BattleForce values. It lives as text in
// data/values.tsv (with aliases in data/aliases.tsv) so that it can be
// checked against the book row by row; every row keeps its seed line.
//
// The rulings behind cells that were garbled, silent or odd are C1–C13
// in docs/rulings.md; rows and aliases name them in their note column.

//go:embed data/values.tsv
var valuesTSV string

//go:embed data/aliases.tsv
var aliasesTSV string

// Kind is the kind of machine a catalog row describes; the values table
// lists each kind in its own block with its own columns.
type Kind int

// The kinds, in the order of the values table. The zero Kind is none of
// them, so that "no kind given" needs no extra flag.
const (
	KindMech Kind = iota + 1
	KindFighter
	KindDropShip
	KindVehicle
)

// String gives the book's word for the kind.
func (k Kind) String() string {
	switch k {
	case KindMech:
		return "'Mech"
	case KindFighter:
		return "AeroSpace fighter"
	case KindDropShip:
		return "DropShip"
	case KindVehicle:
		return "vehicle"
	}
	return "Kind(" + strconv.Itoa(int(k)) + ")"
}

// qualifier is the word that tells apart units sharing a name (ruling C13).
func (k Kind) qualifier() string {
	if k == KindFighter {
		return "fighter"
	}
	return k.String()
}

// ParseKind reads a kind as players and files write it: "mech", "'Mech",
// "BattleMech", "fighter", "aerospace", "ASF", "DropShip", "vehicle",
// "tank" (case, spacing and punctuation do not matter).
func ParseKind(s string) (Kind, error) {
	if k, ok := kindWord(foldUnitName(s)); ok {
		return k, nil
	}
	return 0, fmt.Errorf("unknown unit kind %q: use mech, fighter, dropship or vehicle", s)
}

func kindWord(folded string) (Kind, bool) {
	switch folded {
	case "mech", "mechs", "battlemech", "battlemechs":
		return KindMech, true
	case "fighter", "fighters", "aerospace", "aerospacefighter", "aerospacefighters", "asf", "aero":
		return KindFighter, true
	case "dropship", "dropships":
		return KindDropShip, true
	case "vehicle", "vehicles", "tank", "tanks":
		return KindVehicle, true
	}
	return 0, false
}

// Motive is a vehicle's movement mode, which decides the terrain it may
// enter (lines 636–673). 'Mechs, fighters and DropShips have none.
type Motive int

// Movement modes of the vehicle MP codes H, T and W (ruling C7).
const (
	MotiveHover Motive = iota + 1
	MotiveTracked
	MotiveWheeled
)

// String gives the mode as unit class names spell it ("hover", "tracked",
// "wheeled"); "" for no mode.
func (m Motive) String() string {
	switch m {
	case MotiveHover:
		return "hover"
	case MotiveTracked:
		return "tracked"
	case MotiveWheeled:
		return "wheeled"
	}
	return ""
}

// ParseMotive reads a movement mode name (hover, tracked, wheeled; any
// case).
func ParseMotive(s string) (Motive, error) {
	for _, m := range []Motive{MotiveHover, MotiveTracked, MotiveWheeled} {
		if strings.EqualFold(s, m.String()) {
			return m, nil
		}
	}
	return 0, fmt.Errorf("%q is not a movement mode: use hover, tracked or wheeled", s)
}

// Class is the vehicle platoon class of the movement mode.
func (m Motive) Class() referee.Class {
	switch m {
	case MotiveHover:
		return referee.Hover
	case MotiveTracked:
		return referee.Tracked
	}
	return referee.Wheeled
}

// Entry is one row of the BattleForce Values Table: the full-strength
// values of a single machine, which quick lance generation adds up and
// divides by 4 (line 1703). Values the table does not give for a kind are 0.
type Entry struct {
	// ID names the unit uniquely in files and commands: Name, with the kind
	// in parentheses where two kinds share the name (ruling C13).
	ID string
	// Name as the table prints it, misprints corrected (C3, C4).
	Name string
	Kind Kind
	// Section is the heading the row is listed under, e.g. "Heavy 'Mechs",
	// "Light AeroSpace Fighters", "DropShips", "Vehicles".
	Section string
	// Tons is the weight in whole tons (0 for DropShips, C11); HalfTon adds
	// half a ton (C8).
	Tons    int
	HalfTon bool

	RA int // Ranged Attack Value
	CA int // Close Attack Value
	D  int // Defensive Value (vehicles: the table's DV)
	R  int // Range in hexes (fighters: air combat range; DropShips: RN)
	// MinRange is the range below which the unit cannot fire (Long Tom, C5).
	MinRange int
	// MP is the movement allowance: BattleTech walking MP for 'Mechs
	// (line 1516), the table's M for fighters (C9), 0 for DropShips.
	MP int
	// Jump marks the table's "(J)"; JumpMP is how far the unit jumps (C1).
	Jump   bool
	JumpMP int
	// Indirect marks the table's "(I)": the unit may fire indirectly with a
	// forward observer (line 827; Long Tom by C6).
	Indirect bool

	AV int // fighters: Air Attack Value (the counter's AA, C9)
	ST int // fighters: Strafing Attack Value

	Motive Motive // vehicles: hover, tracked or wheeled (C7)

	// Line is the seed line of the row; Rulings lists the ids of the catalog
	// rulings that touch it, space-separated.
	Line    int
	Rulings string
}

// Weight is the unit's weight in tons, halves included.
func (e Entry) Weight() float64 {
	w := float64(e.Tons)
	if e.HalfTon {
		w += 0.5
	}
	return w
}

// All returns every catalog row in the order of the book.
func All() []Entry {
	c, err := loadCatalog()
	if err != nil {
		return nil
	}
	return slices.Clone(c.entries)
}

// ByKind returns the rows of one kind in the order of the book.
func ByKind(k Kind) []Entry {
	c, err := loadCatalog()
	if err != nil {
		return nil
	}
	var out []Entry
	for _, e := range c.entries {
		if e.Kind == k {
			out = append(out, e)
		}
	}
	return out
}

// unitCatalog is the parsed table with its name index.
type unitCatalog struct {
	entries []Entry
	// index maps a folded name, ID or alias to the rows it names; more than
	// one row means the name is ambiguous.
	index map[string][]int
	// aliases keeps each alias for suggestions and tests.
	aliases []aliasRow
}

type aliasRow struct {
	text    string
	targets []int
}

// loadCatalog parses the embedded table at first use; a broken table is a
// build defect that the tests catch, so the error is kept, not retried.
var loadCatalog = sync.OnceValues(func() (*unitCatalog, error) {
	return parseCatalog(valuesTSV, aliasesTSV)
})

var valueColumns = []string{"line", "kind", "section", "name", "tons", "ra", "ca", "d", "r", "mp", "av", "st", "note"}

// kindSections lists the headings each kind may be listed under.
var kindSections = map[Kind][]string{
	KindMech:     {"Light 'Mechs", "Medium 'Mechs", "Heavy 'Mechs", "Assault 'Mechs"},
	KindFighter:  {"Light AeroSpace Fighters", "Medium AeroSpace Fighters", "Heavy AeroSpace Fighters"},
	KindDropShip: {"DropShips"},
	KindVehicle:  {"Vehicles"},
}

// parseCatalog reads both data files and reports every problem it finds,
// each with its file and line, rather than stopping at the first.
func parseCatalog(values, aliases string) (*unitCatalog, error) {
	c := &unitCatalog{index: map[string][]int{}}
	var errs []error
	for _, row := range tsvRows("values.tsv", values, valueColumns, &errs) {
		e, err := parseCatalogRow(row.cells)
		if err != nil {
			errs = append(errs, fmt.Errorf("values.tsv:%d: %s: %w", row.line, row.cells[3], err))
			continue
		}
		c.entries = append(c.entries, e)
	}

	// Names shared by two kinds get the kind in their ID (C13); the same
	// name twice within a kind is a data error.
	byName := map[string][]int{}
	for i, e := range c.entries {
		k := foldUnitName(e.Name)
		if k == "" {
			errs = append(errs, fmt.Errorf("values.tsv: seed line %d: name %q has no letters", e.Line, e.Name))
			continue
		}
		for _, j := range byName[k] {
			if c.entries[j].Kind == e.Kind {
				errs = append(errs, fmt.Errorf("values.tsv: seed line %d: %q repeats %q of seed line %d", e.Line, e.Name, c.entries[j].Name, c.entries[j].Line))
			}
		}
		byName[k] = append(byName[k], i)
	}
	for i := range c.entries {
		e := &c.entries[i]
		k := foldUnitName(e.Name)
		e.ID = e.Name
		if len(byName[k]) > 1 {
			e.ID = e.Name + " (" + e.Kind.qualifier() + ")"
			c.index[foldUnitName(e.ID)] = []int{i}
		}
		c.index[k] = append(c.index[k], i)
	}

	byID := map[string]int{}
	for i, e := range c.entries {
		byID[e.ID] = i
	}
	for _, row := range tsvRows("aliases.tsv", aliases, []string{"alias", "unit", "why"}, &errs) {
		text := row.cells[0]
		var targets []int
		for _, id := range strings.Split(row.cells[1], "|") {
			id = strings.TrimSpace(id)
			i, ok := byID[id]
			if !ok {
				errs = append(errs, fmt.Errorf("aliases.tsv:%d: %q names no unit ID %q", row.line, text, id))
				continue
			}
			targets = append(targets, i)
		}
		k := foldUnitName(text)
		if _, taken := c.index[k]; taken || k == "" {
			errs = append(errs, fmt.Errorf("aliases.tsv:%d: %q is already a name or alias", row.line, text))
			continue
		}
		if len(targets) == 0 || strings.TrimSpace(row.cells[2]) == "" {
			errs = append(errs, fmt.Errorf("aliases.tsv:%d: %q needs a unit and a reason", row.line, text))
			continue
		}
		c.index[k] = targets
		c.aliases = append(c.aliases, aliasRow{text: text, targets: targets})
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return c, nil
}

type tsvRow struct {
	line  int
	cells []string
}

// tsvRows splits a tab-separated file that starts with "#" comments and a
// header row; blank lines separate blocks for the eye only. A row may omit
// its last cell when empty (editors strip trailing tabs).
func tsvRows(file, text string, header []string, errs *[]error) []tsvRow {
	var rows []tsvRow
	sawHeader := false
	for n, line := range strings.Split(text, "\n") {
		line = strings.TrimRight(line, "\r")
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		cells := strings.Split(line, "\t")
		if !sawHeader {
			sawHeader = true
			if !slices.Equal(cells, header) {
				*errs = append(*errs, fmt.Errorf("%s:%d: header is %q, want %q", file, n+1, cells, header))
				return nil
			}
			continue
		}
		if len(cells) > len(header) {
			*errs = append(*errs, fmt.Errorf("%s:%d: %d cells, want at most %d", file, n+1, len(cells), len(header)))
			continue
		}
		if len(cells) < len(header)-1 {
			*errs = append(*errs, fmt.Errorf("%s:%d: only %d cells", file, n+1, len(cells)))
			continue
		}
		for len(cells) < len(header) {
			cells = append(cells, "")
		}
		for i := range cells {
			cells[i] = strings.TrimSpace(cells[i])
		}
		rows = append(rows, tsvRow{line: n + 1, cells: cells})
	}
	if !sawHeader {
		*errs = append(*errs, fmt.Errorf("%s: no header row", file))
	}
	return rows
}

// parseCatalogRow reads one row; each kind has its own columns (see the
// header of data/values.tsv), and a cell the kind does not use must be "-".
func parseCatalogRow(cells []string) (Entry, error) {
	line, kindCell, section, name := cells[0], cells[1], cells[2], cells[3]
	tons, ra, ca, d, r, mp, av, st, note := cells[4], cells[5], cells[6], cells[7], cells[8], cells[9], cells[10], cells[11], cells[12]
	var e Entry
	var err error
	if e.Line, err = cellNumber("line", line); err != nil {
		return e, err
	}
	switch kindCell {
	case "mech":
		e.Kind = KindMech
	case "fighter":
		e.Kind = KindFighter
	case "dropship":
		e.Kind = KindDropShip
	case "vehicle":
		e.Kind = KindVehicle
	default:
		return e, fmt.Errorf("kind %q is not mech, fighter, dropship or vehicle", kindCell)
	}
	if !slices.Contains(kindSections[e.Kind], section) {
		return e, fmt.Errorf("section %q is not one of %q", section, kindSections[e.Kind])
	}
	e.Section = section
	if name == "" {
		return e, errors.New("no name")
	}
	e.Name = name
	for _, id := range strings.Fields(note) {
		if len(id) < 2 || id[0] != 'C' || !allDigits(id[1:]) {
			return e, fmt.Errorf("note %q: want ruling ids like C1", note)
		}
	}
	e.Rulings = strings.Join(strings.Fields(note), " ")

	// Which cells each kind fills: the table's columns differ per block.
	uses := map[string]bool{"tons": true, "ra": true, "ca": true, "mp": true}
	switch e.Kind {
	case KindFighter:
		uses = map[string]bool{"tons": true, "mp": true, "av": true, "st": true}
	case KindDropShip:
		uses = map[string]bool{"ra": true}
	}
	for _, c := range [][2]string{{"tons", tons}, {"ra", ra}, {"ca", ca}, {"mp", mp}, {"av", av}, {"st", st}} {
		if !uses[c[0]] && c[1] != "-" {
			return e, fmt.Errorf("%s %q: %s rows have no %s, want \"-\"", c[0], c[1], e.Kind, c[0])
		}
	}

	if uses["tons"] {
		whole, half := strings.CutSuffix(tons, ".5")
		if e.Tons, err = cellNumber("tons", whole); err != nil {
			return e, err
		}
		e.HalfTon = half
	}
	if uses["ra"] {
		value, indirect := strings.CutSuffix(ra, " (I)")
		if e.RA, err = cellNumber("ra", value); err != nil {
			return e, err
		}
		e.Indirect = indirect
	}
	if uses["ca"] {
		if e.CA, err = cellNumber("ca", ca); err != nil {
			return e, err
		}
	}
	if e.D, err = cellNumber("d", d); err != nil {
		return e, err
	}
	if lo, hi, ok := strings.Cut(r, "-"); ok && e.Kind == KindVehicle {
		if e.MinRange, err = cellNumber("r", lo); err != nil {
			return e, err
		}
		if e.R, err = cellNumber("r", hi); err != nil {
			return e, err
		}
		if e.MinRange >= e.R {
			return e, fmt.Errorf("r %q: minimum range not below maximum", r)
		}
	} else if e.R, err = cellNumber("r", r); err != nil {
		return e, err
	}
	if uses["av"] {
		if e.AV, err = cellNumber("av", av); err != nil {
			return e, err
		}
		if e.ST, err = cellNumber("st", st); err != nil {
			return e, err
		}
	}

	switch e.Kind {
	case KindMech:
		value, jump := strings.CutSuffix(mp, " (J)")
		walk, leap, lower := strings.Cut(value, "/")
		if lower && !jump {
			return e, fmt.Errorf("mp %q: a second number without (J)", mp)
		}
		if e.MP, err = cellNumber("mp", walk); err != nil {
			return e, err
		}
		e.Jump = jump
		if jump {
			e.JumpMP = e.MP
		}
		if lower {
			if e.JumpMP, err = cellNumber("mp", leap); err != nil {
				return e, err
			}
		}
	case KindVehicle:
		if mp == "" {
			return e, errors.New("mp is empty")
		}
		switch mp[len(mp)-1] {
		case 'H':
			e.Motive = MotiveHover
		case 'T':
			e.Motive = MotiveTracked
		case 'W':
			e.Motive = MotiveWheeled
		default:
			return e, fmt.Errorf("mp %q: want H, T or W after the number", mp)
		}
		if e.MP, err = cellNumber("mp", mp[:len(mp)-1]); err != nil {
			return e, err
		}
	case KindFighter:
		if e.MP, err = cellNumber("mp", mp); err != nil {
			return e, err
		}
	}
	return e, nil
}

// cellNumber reads a whole number of digits only, so that a stray sign,
// letter or space in the data is an error rather than a silent zero.
func cellNumber(col, cell string) (int, error) {
	if cell == "" || len(cell) > 4 || !allDigits(cell) {
		return 0, fmt.Errorf("%s %q is not a whole number", col, cell)
	}
	n, err := strconv.Atoi(cell)
	if err != nil {
		return 0, fmt.Errorf("%s %q: %w", col, cell, err)
	}
	return n, nil
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}
