package mapgen

import (
	"errors"
	"fmt"

	"bfbot/mapgen/hex"
)

// A BattleForce mapsheet is two BattleTech sheets side by side: 32 columns
// by 17 rows (ruling R2).
const (
	SheetWidth  = 32
	SheetHeight = 17
)

// Map is a rectangular hex map. Hex (0,0) is "0101" at the top left.
type Map struct {
	Name          string
	Width, Height int
	// Cells are in row order: hex (x, y) is Cells[y*Width+x].
	Cells []Cell
}

// New returns a map of open ground at level 0.
func New(width, height int) *Map {
	if width < 1 || height < 1 {
		width, height = max(width, 1), max(height, 1)
	}
	return &Map{Width: width, Height: height, Cells: make([]Cell, width*height)}
}

// Contains reports whether h is on the map.
func (m *Map) Contains(h hex.Hex) bool {
	return h.X >= 0 && h.Y >= 0 && h.X < m.Width && h.Y < m.Height
}

// At returns the cell at h, or open ground for a hex off the map.
func (m *Map) At(h hex.Hex) Cell {
	if !m.Contains(h) {
		return Cell{}
	}
	return m.Cells[h.Y*m.Width+h.X]
}

// Cell returns a pointer to the cell at h for changing it, or nil off the map.
func (m *Map) Cell(h hex.Hex) *Cell {
	if !m.Contains(h) {
		return nil
	}
	return &m.Cells[h.Y*m.Width+h.X]
}

// Set replaces the cell at h; hexes off the map are ignored.
func (m *Map) Set(h hex.Hex, c Cell) {
	if p := m.Cell(h); p != nil {
		*p = c
	}
}

// Hexes returns every hex of the map in row order.
func (m *Map) Hexes() []hex.Hex {
	out := make([]hex.Hex, 0, m.Width*m.Height)
	for y := range m.Height {
		for x := range m.Width {
			out = append(out, hex.Hex{X: x, Y: y})
		}
	}
	return out
}

// Neighbors returns the on-map neighbours of h, clockwise from north.
func (m *Map) Neighbors(h hex.Hex) []hex.Hex {
	out := make([]hex.Hex, 0, 6)
	for _, n := range h.Neighbors() {
		if m.Contains(n) {
			out = append(out, n)
		}
	}
	return out
}

// RoadConnects reports whether a road runs from h into its neighbour across
// hexside d: both hexes are road, and each has an exit toward the other or
// is pavement.
func (m *Map) RoadConnects(h hex.Hex, d hex.Direction) bool {
	n := h.Neighbor(d)
	if !m.Contains(h) || !m.Contains(n) {
		return false
	}
	a, b := m.At(h), m.At(n)
	if !a.Road || !b.Road {
		return false
	}
	return (a.Paved() || a.HasExit(d)) && (b.Paved() || b.HasExit(d.Opposite()))
}

// Clone returns a deep copy.
func (m *Map) Clone() *Map {
	c := *m
	c.Cells = append([]Cell(nil), m.Cells...)
	return &c
}

// Check walks the map and returns every broken invariant: size, elevation
// range, terrain values, road exits that lead off the map or to a hex that
// has no road.
func (m *Map) Check() []error {
	var errs []error
	if m.Width < 1 || m.Height < 1 || len(m.Cells) != m.Width*m.Height {
		return []error{fmt.Errorf("map is %d×%d but holds %d cells", m.Width, m.Height, len(m.Cells))}
	}
	for _, h := range m.Hexes() {
		c := m.At(h)
		if c.Terrain >= numTerrains {
			errs = append(errs, fmt.Errorf("hex %s: unknown terrain %d", h, c.Terrain))
		}
		if c.Elevation < 0 || c.Elevation > MaxElevation {
			errs = append(errs, fmt.Errorf("hex %s: elevation %d is outside 0–%d", h, c.Elevation, MaxElevation))
		}
		if !c.Road && c.RoadExits != 0 {
			errs = append(errs, fmt.Errorf("hex %s: road exits on a hex without a road", h))
			continue
		}
		for _, d := range hex.Directions {
			if !c.HasExit(d) {
				continue
			}
			n := h.Neighbor(d)
			if m.Contains(n) && !m.At(n).Road {
				errs = append(errs, fmt.Errorf("hex %s: road exit %v leads to %s, which has no road", h, d, n))
			}
		}
	}
	return errs
}

// Orientation says how two mapsheets join into a sector map.
type Orientation uint8

const (
	// Wide puts the sheets side by side: 64×17.
	Wide Orientation = iota
	// Tall stacks them: 32×34.
	Tall
)

func (o Orientation) String() string {
	if o == Tall {
		return "tall"
	}
	return "wide"
}

// ParseOrientation reads "wide" or "tall".
func ParseOrientation(s string) (Orientation, error) {
	switch s {
	case "wide", "":
		return Wide, nil
	case "tall":
		return Tall, nil
	}
	return 0, fmt.Errorf("orientation %q: use wide (sheets side by side, 64×17) or tall (stacked, 32×34)", s)
}

// ErrSheetSize is returned by Join for maps that are not single mapsheets.
var ErrSheetSize = errors.New("only two 32×17 mapsheets join into a sector map")

// Join puts two mapsheets together into a sector map (ruling R2). Both
// must be SheetWidth×SheetHeight. Columns keep their parity either way,
// so the hex grid runs on unbroken across the seam.
func Join(a, b *Map, o Orientation) (*Map, error) {
	for _, s := range []*Map{a, b} {
		if s.Width != SheetWidth || s.Height != SheetHeight {
			return nil, fmt.Errorf("%w: got %d×%d", ErrSheetSize, s.Width, s.Height)
		}
	}
	var out *Map
	var off hex.Hex
	if o == Tall {
		out, off = New(SheetWidth, 2*SheetHeight), hex.Hex{Y: SheetHeight}
	} else {
		out, off = New(2*SheetWidth, SheetHeight), hex.Hex{X: SheetWidth}
	}
	for _, h := range a.Hexes() {
		out.Set(h, a.At(h))
		out.Set(hex.Hex{X: h.X + off.X, Y: h.Y + off.Y}, b.At(h))
	}
	out.Name = a.Name
	return out, nil
}
