package referee

import (
	"fmt"
	"strconv"
	"strings"
)

// The Combat Results Table runs from column -10 to +15. A column past
// either end reads the end column: the raw attack-minus-defense column is
// clamped before shifts and again after, as the bomb example does (000
// line 1167).
const (
	MinColumn = -10
	MaxColumn = 15
)

// ResultKind is what a cell of the Combat Results Table says.
type ResultKind uint8

// The kinds of combat result (000 line 886–890).
const (
	Miss       ResultKind = iota // a blank cell
	Disruption                   // D: the defender makes a Disruption Roll
	Critical                     // C: a critical hit
	Steps                        // a number of damage steps
)

// Result is one cell of the Combat Results Table.
type Result struct {
	Kind  ResultKind
	Steps int // for Kind == Steps: 1 to 4
}

// String is the cell as printed: "" for a miss, "D", "C", or the number of
// steps — the `result` field of the JSON event output (docs/architecture.md).
func (r Result) String() string {
	switch r.Kind {
	case Disruption:
		return "D"
	case Critical:
		return "C"
	case Steps:
		return strconv.Itoa(r.Steps)
	}
	return ""
}

// CRT names one printing of the Combat Results Table (ruling R1).
type CRT uint8

const (
	// RulebookCRT is the table in the combat rules (000 line 871): the
	// default.
	RulebookCRT CRT = iota
	// ReferenceCRT is the table on the reference card at the back of the
	// book (000 line 3636), a campaign option.
	ReferenceCRT
)

func (t CRT) String() string {
	if t == ReferenceCRT {
		return "reference"
	}
	return "rulebook"
}

// MarshalText implements encoding.TextMarshaler ("rulebook", "reference").
func (t CRT) MarshalText() ([]byte, error) { return []byte(t.String()), nil }

// UnmarshalText implements encoding.TextUnmarshaler.
func (t *CRT) UnmarshalText(b []byte) error {
	v, err := ParseCRT(string(b))
	if err != nil {
		return err
	}
	*t = v
	return nil
}

// ParseCRT reads "rulebook" or "reference", the names used in files.
func ParseCRT(s string) (CRT, error) {
	switch s {
	case "rulebook", "":
		return RulebookCRT, nil
	case "reference":
		return ReferenceCRT, nil
	}
	return 0, fmt.Errorf("crt %q: use rulebook (the combat chapter's table, the default) or reference (the reference card's)", s)
}

// crtText is both printings cell for cell, one row per 2D6 roll from 2 to
// 12, columns -10 to +15; "." is a blank cell. They differ in 34 cells.
var crtText = [2][11]string{
	RulebookCRT: { // 000 lines 874–884
		"C C C C C C C C C C C C C C C 2 2 2 3 3 3 4 4 4 4 4",
		". . . . D D D D D D D 1 1 1 1 2 2 2 2 3 3 3 4 4 4 4",
		". . . . . . . . . D D D D 1 1 1 1 2 2 2 3 3 3 4 4 4",
		". . . . . . . . . . . D D D D 1 1 1 2 2 2 3 3 3 4 4",
		". . . . . . . . . . . . D D D D 1 1 1 2 2 2 3 3 4 4",
		". . . . . . . . . . . . . . . D D D 1 1 1 2 2 2 3 3",
		". . . . . . . . . . . . . . . . D D 1 1 1 2 2 2 3 3",
		". . . . . . . . . . . . D D D D 1 1 1 2 2 2 3 3 4 4",
		". . . . . . . . . D D D D 1 1 1 1 2 2 2 3 3 3 4 4 4",
		". . . . . D D D D D 1 1 1 1 1 2 2 2 3 3 3 4 4 4 4 4",
		". . D D D D D D D D D 1 1 1 1 2 2 2 3 3 3 4 4 4 4 4",
	},
	ReferenceCRT: { // 000 lines 3639–3649
		"C C C C C C C C C C C C C C C C 2 2 2 3 3 3 4 4 4 4",
		". . . . D D D D D 1 1 1 1 1 1 2 2 2 2 3 3 3 4 4 4 4",
		". . . . . . . . . D D D D 1 1 1 1 2 2 2 3 3 3 4 4 4",
		". . . . . . . . . . . . D D D D 1 1 1 2 2 2 3 3 3 4",
		". . . . . . . . . . . . . D D D 1 1 1 2 2 2 3 3 3 4",
		". . . . . . . . . . . . . . D D D 1 1 1 2 2 2 3 3 4",
		". . . . . . . . . . . . . . . D D 1 1 1 2 2 2 3 3 4",
		". . . . . . . . . . . . . D D D D 1 1 1 2 2 2 3 3 4",
		". . . . . . . . . D D D D 1 1 1 1 2 2 2 3 3 3 4 4 4",
		". . . . D D D D D 1 1 1 1 1 1 2 2 2 2 3 3 3 4 4 4 4",
		". D D D D D D D D D 1 1 1 1 2 2 2 2 3 3 3 4 4 4 4 4",
	},
}

const crtColumns = MaxColumn - MinColumn + 1

// crtCells is crtText parsed: [printing][roll-2][column-MinColumn].
var crtCells = func() (t [2][11][crtColumns]Result) {
	for p, rows := range crtText {
		for r, row := range rows {
			cells := strings.Fields(row)
			if len(cells) != crtColumns {
				panic(fmt.Sprintf("CRT %v row %d has %d cells", CRT(p), r+2, len(cells)))
			}
			for c, s := range cells {
				switch s {
				case ".":
				case "D":
					t[p][r][c] = Result{Kind: Disruption}
				case "C":
					t[p][r][c] = Result{Kind: Critical}
				default:
					n, err := strconv.Atoi(s)
					if err != nil || n < 1 || n > 4 {
						panic(fmt.Sprintf("CRT %v row %d cell %q", CRT(p), r+2, s))
					}
					t[p][r][c] = Result{Kind: Steps, Steps: n}
				}
			}
		}
	}
	return t
}()

// ClampColumn keeps a column on the table.
func ClampColumn(c int) int { return min(max(c, MinColumn), MaxColumn) }

// Column is the column an attack is resolved on: attack value minus
// defensive value, clamped to the table, then every column shift, clamped
// again (000 lines 851–853, 1167).
func Column(attack, defense int, shifts ...int) int {
	c := ClampColumn(attack - defense)
	for _, s := range shifts {
		c += s
	}
	return ClampColumn(c)
}

// Lookup reads the cell for a column and a 2D6 roll. The column is clamped
// to the table; a roll outside 2–12 is an error, since it cannot come
// from two dice.
func (t CRT) Lookup(column, roll int) (Result, error) {
	if roll < 2 || roll > 12 {
		return Result{}, fmt.Errorf("combat results: a 2D6 roll is 2 to 12, not %d", roll)
	}
	if t > ReferenceCRT {
		return Result{}, fmt.Errorf("combat results: no printing %d", t)
	}
	return crtCells[t][roll-2][ClampColumn(column)-MinColumn], nil
}
