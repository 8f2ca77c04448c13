package render

import (
	"errors"
	"fmt"
	"image/png"
	"slices"

	"bfbot/mapgen"
	"bfbot/mapgen/hex"
)

// Counter is a unit counter as the viewer knows it.
type Counter struct {
	Hex  hex.Hex
	Side int // 0, 1, … picks the side colour
	// Kind is always known to a viewer who sees the counter at all: one of
	// ("mech", "vehicle", "infantry", "artillery", "air", "dropship",
	// "truck").
	Kind string
	// Class is known only once the unit is sighted: one of the
	// docs/architecture.md classes ("heavy-mech", "hover", "long-tom", …). "" is an information blind,
	// drawn with the Kind symbol and a question mark.
	Class string
	Label string // short label, e.g. "A3"
	// Own marks the viewer's own unit: Step and Experience are drawn.
	Own bool
	// Step is the damage step, 0–3, drawn as pips for own units or when the
	// view learned it (by AEP) and so set it.
	Step int
	// Experience is "green", "regular", "veteran", "elite" or "" (unknown),
	// drawn as its initial.
	Experience string
	Disrupted  bool
	// HasFacing marks a counter that faces a hexside, Facing (drawn as a
	// tick toward it: drawFacing).
	HasFacing bool
	Facing    hex.Direction
}

// HighlightKind says how a Highlight marks its hexes.
type HighlightKind int

const (
	// Reachable tags the hexes a unit may move to (a yellow tag behind
	// each one's number).
	Reachable HighlightKind = iota
	// LineOfFire draws a line through the centres of Hexes in order
	// (attacker first, target last).
	LineOfFire
	// Deployment hatches a side's deployment zone in its colour.
	Deployment
	// Selected rings the hexes (the unit being ordered).
	Selected
	// Path draws a movement path through the centres of Hexes in order, in
	// the side colour.
	Path
	// Blocked draws a line of sight that does not get through (a dashed
	// grey line with a cross at the end).
	Blocked
	// Objective rings the hexes of a side's objectives and headquarters
	// counters (Quick-Start) in its colour.
	Objective
	numHighlightKinds
)

var highlightNames = [numHighlightKinds]string{"reachable", "line-of-fire", "deployment", "selected", "path", "blocked", "objective"}

func (k HighlightKind) String() string {
	if k >= 0 && k < numHighlightKinds {
		return highlightNames[k]
	}
	return fmt.Sprintf("HighlightKind(%d)", int(k))
}

// Highlight marks hexes for the viewer: his reachable hexes, a line of
// fire, a deployment zone. Side picks the colour where one is used
// (Deployment, Path, Objective).
type Highlight struct {
	Kind  HighlightKind
	Hexes []hex.Hex
	Side  int
}

// Tactical is one viewer's picture of a battle map.
type Tactical struct {
	Map        *mapgen.Map
	Counters   []Counter
	Highlights []Highlight
	// Edges are the sides' retreat edges the viewer knows, drawn as a bar
	// in the side colour beside that edge of the map.
	Edges  []EdgeMark
	Title  string
	Viewer string // the player (or side) the picture is for
}

// MapEdge is a side of the map.
type MapEdge int

// The map edges, as the referee names them.
const (
	North MapEdge = iota
	East
	South
	West
	numMapEdges
)

var mapEdgeNames = [numMapEdges]string{"north", "east", "south", "west"}

func (e MapEdge) String() string {
	if e >= 0 && e < numMapEdges {
		return mapEdgeNames[e]
	}
	return fmt.Sprintf("MapEdge(%d)", int(e))
}

// EdgeMark is a side's retreat edge.
type EdgeMark struct {
	Edge MapEdge
	Side int
}

// Options say how big and with what extras a map is drawn.
type Options struct {
	// HexSize is the distance from a hex's centre to a corner in pixels,
	// MinHexSize to MaxHexSize; 0 means DefaultHexSize. (Column step and
	// hex height are rounded to whole pixels.) The strategic map scales
	// with it too.
	HexSize float64
	// HexNumbers prints each hex's XXYY name at its top, which players need
	// to give orders. Tactical maps only.
	HexNumbers bool
	// Rulers also numbers the columns and rows in the margins, in
	// numerals sized to be read when Discord shows the whole map in a
	// phone's chat (with HexNumbers; a replay, cropped to the action,
	// leaves them out).
	Rulers bool
	// Legend adds terrain (or theme and objective) swatches to the title
	// strip.
	Legend bool
	// Compression is the PNG compression level of the pictures image/png
	// writes: a close-up (the tactical and strategic maps are written by
	// the package's own deflate, mapcode.go, strategic_base.go). DefaultOptions takes png.BestSpeed, since the budget
	// is time and Discord recompresses previews anyway; the zero value is
	// png.DefaultCompression.
	Compression png.CompressionLevel
}

// Size limits. A 20 px hex draws a 64×17 sector map about 2070×760 pixels
// with its rulers, which Discord shows whole (about 550 pixels wide on a
// phone) and opens at full size; below MinHexSize the
// hex numbers cannot be read, and MaxPixels keeps a big imported board from
// asking for hundreds of megabytes.
const (
	DefaultHexSize = 20
	MinHexSize     = 8
	MaxHexSize     = 64
	MaxPixels      = 40_000_000
)

// DefaultOptions are the options the bot posts maps with.
func DefaultOptions() Options {
	return Options{HexSize: DefaultHexSize, HexNumbers: true, Rulers: true, Legend: true, Compression: png.BestSpeed}
}

// Errors returned for a view that cannot be drawn.
var (
	// ErrNoMap: the view has no map.
	ErrNoMap = errors.New("render: the view has no map")
	// ErrHexSize: Options.HexSize is outside MinHexSize–MaxHexSize.
	ErrHexSize = fmt.Errorf("render: hex size must be %d to %d pixels", MinHexSize, MaxHexSize)
	// ErrTooLarge: the picture would exceed MaxPixels.
	ErrTooLarge = fmt.Errorf("render: picture larger than %d pixels; use a smaller hex size", MaxPixels)
	// ErrOffMap: a counter or highlight names a hex the map does not hold.
	ErrOffMap = errors.New("render: hex is off the map")
	// ErrCounter: a counter's Kind, Class, Step or Experience is not one
	// the package knows.
	ErrCounter = errors.New("render: bad counter")
	// ErrSector: a sector mark names a sector the map does not hold.
	ErrSector = errors.New("render: no such sector")
)

// kinds are the counter kinds a viewer always knows.
var kinds = []string{"mech", "vehicle", "infantry", "artillery", "air", "dropship", "truck"}

// classKinds are the unit classes of docs/architecture.md, each with the Kind it
// belongs to.
var classKinds = map[string]string{
	"light-mech": "mech", "medium-mech": "mech", "heavy-mech": "mech", "assault-mech": "mech", "fire-mech": "mech",
	"tracked": "vehicle", "hover": "vehicle", "wheeled": "vehicle",
	"infantry": "infantry", "motorized-infantry": "infantry", "jump-infantry": "infantry", "heavy-infantry": "infantry",
	"long-tom": "artillery", "sniper": "artillery",
	"truck":     "truck",
	"light-air": "air", "medium-air": "air", "heavy-air": "air",
	"leopard": "dropship", "union": "dropship", "overlord": "dropship",
}

var experiences = []string{"", "green", "regular", "veteran", "elite"}

// ClassKind returns the Kind a unit class belongs to ("hover" → "vehicle"),
// and false for a name that is not a docs/architecture.md class.
func ClassKind(class string) (kind string, ok bool) {
	kind, ok = classKinds[class]
	return kind, ok
}

// options fills in defaults and checks the size.
func (o Options) resolved() (Options, error) {
	if o.HexSize == 0 {
		o.HexSize = DefaultHexSize
	}
	if !(o.HexSize >= MinHexSize && o.HexSize <= MaxHexSize) { // NaN fails too
		return o, fmt.Errorf("%w: got %g", ErrHexSize, o.HexSize)
	}
	return o, nil
}

// check validates the view against its map before any pixel is drawn, so
// a bad view fails whole instead of giving half a picture.
func (v *Tactical) check() error {
	m := v.Map
	if m == nil {
		return ErrNoMap
	}
	if m.Width < 1 || m.Height < 1 || len(m.Cells) != m.Width*m.Height {
		return fmt.Errorf("render: map is %d×%d but holds %d cells", m.Width, m.Height, len(m.Cells))
	}
	for i, c := range v.Counters {
		if !m.Contains(c.Hex) {
			return fmt.Errorf("%w: counter %d (%q) at %s on a %d×%d map", ErrOffMap, i, c.Label, c.Hex, m.Width, m.Height)
		}
		if err := c.check(); err != nil {
			return fmt.Errorf("counter %d (%q): %w", i, c.Label, err)
		}
	}
	for i, e := range v.Edges {
		if e.Edge < 0 || e.Edge >= numMapEdges {
			return fmt.Errorf("render: edge mark %d: unknown edge %d", i, int(e.Edge))
		}
	}
	for i, hl := range v.Highlights {
		if hl.Kind < 0 || hl.Kind >= numHighlightKinds {
			return fmt.Errorf("render: highlight %d: unknown kind %d", i, int(hl.Kind))
		}
		for _, h := range hl.Hexes {
			if !m.Contains(h) {
				return fmt.Errorf("%w: %s hex %s of highlight %d", ErrOffMap, hl.Kind, h, i)
			}
		}
	}
	return nil
}

func (c *Counter) check() error {
	if !slices.Contains(kinds, c.Kind) {
		return fmt.Errorf("%w: unknown kind %q", ErrCounter, c.Kind)
	}
	if c.Class != "" {
		if _, ok := classKinds[c.Class]; !ok {
			return fmt.Errorf("%w: unknown class %q", ErrCounter, c.Class)
		}
	}
	if c.Step < 0 || c.Step > 3 {
		return fmt.Errorf("%w: step %d is outside 0–3", ErrCounter, c.Step)
	}
	if !slices.Contains(experiences, c.Experience) {
		return fmt.Errorf("%w: unknown experience %q", ErrCounter, c.Experience)
	}
	return nil
}
