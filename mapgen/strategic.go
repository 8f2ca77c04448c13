package mapgen

import "fmt"

// ObjectiveKind is what makes a place in a sector worth holding.
type ObjectiveKind uint8

// The kinds of objective a campaign awards victory points for.
const (
	City ObjectiveKind = iota
	Spaceport
	Installation
)

var objectiveNames = []string{"city", "spaceport", "installation"}

func (k ObjectiveKind) String() string {
	if int(k) < len(objectiveNames) {
		return objectiveNames[k]
	}
	return fmt.Sprintf("ObjectiveKind(%d)", uint8(k))
}

// Objective is a named place in a sector with its victory points.
type Objective struct {
	Kind ObjectiveKind
	Name string
	VP   int
}

// Sector is one area of the strategic map: two mapsheets of tactical
// ground (ruling R2), generated from its own seed and theme.
type Sector struct {
	ID          int // 1-based, row by row
	Name        string
	Col, Row    int // 0-based position in the strategic grid
	Theme       Theme
	Seed        uint64
	Orientation Orientation
	Objectives  []Objective
}

// Strategic is the campaign's strategic map: a grid of sectors. The
// players may arrange sectors as they like (000 line 2551), so a grid
// place may be empty (a hole); a generated map fills every place.
type Strategic struct {
	Name       string
	Cols, Rows int
	Sectors    []Sector // row by row, Sectors[i].ID == i+1; a full grid has the sector at (col,row) at Sectors[row*Cols+col]
}

// At returns the sector at grid position (col, row), or nil (outside the
// grid or a hole).
func (s *Strategic) At(col, row int) *Sector {
	if s == nil || col < 0 || row < 0 || col >= s.Cols || row >= s.Rows {
		return nil
	}
	if i := row*s.Cols + col; len(s.Sectors) == s.Cols*s.Rows && s.Sectors[i].Col == col && s.Sectors[i].Row == row {
		return &s.Sectors[i] // a full grid
	}
	for i := range s.Sectors {
		if s.Sectors[i].Col == col && s.Sectors[i].Row == row {
			return &s.Sectors[i]
		}
	}
	return nil
}

// ByID returns the sector with the given ID, or nil (also on a nil map,
// which a campaign read from a damaged JSON file may have).
func (s *Strategic) ByID(id int) *Sector {
	if s == nil || id < 1 || id > len(s.Sectors) {
		return nil
	}
	return &s.Sectors[id-1]
}

// Adjacent reports whether two sectors share an edge; sectors that meet
// only at a corner are not adjacent.
func (s *Strategic) Adjacent(a, b int) bool {
	sa, sb := s.ByID(a), s.ByID(b)
	if sa == nil || sb == nil {
		return false
	}
	dc, dr := sa.Col-sb.Col, sa.Row-sb.Row
	return dc*dc+dr*dr == 1
}

// Neighbors returns the IDs of the sectors that share an edge with id.
func (s *Strategic) Neighbors(id int) []int {
	sec := s.ByID(id)
	if sec == nil {
		return nil
	}
	var out []int
	for _, d := range [4][2]int{{0, -1}, {1, 0}, {0, 1}, {-1, 0}} {
		if n := s.At(sec.Col+d[0], sec.Row+d[1]); n != nil {
			out = append(out, n.ID)
		}
	}
	return out
}
