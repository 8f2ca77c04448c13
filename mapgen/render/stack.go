package render

import (
	"math"

	"bfbot/mapgen/hex"
)

// counterPlace says where counters stand in their hex: in the slot
// below the hex number (the whole hex without numbers), centred across
// the hex, so a counter covers neither its own hex's number nor a
// neighbour's. A lone counter fills the slot's height (up to 1.5 hex
// sizes, the printed counter's proportion); two or more are drawn
// smaller, side by side in rows of two, so every counter of a stack
// shows whole.
type counterPlace struct {
	g    grid
	top  float64 // from a hex's top to the slot's
	slot float64 // the slot's height
	size float64 // a lone counter's side
	// half is how far from the hex's centre line a counter and its
	// shadow may reach across: short of the numbers of the hexes to the
	// lower left and right, whose tops are level with this hex's middle.
	half float64
}

// counters is the counter placement of the layout.
func (l layout) counters() counterPlace {
	top := 1.0
	if l.numbers != nil {
		top = float64(l.numberTop + 2)
	}
	// The slot ends two pixels above the hex's bottom; the shadow may
	// fall on the hexside, clear of the number of the hex below.
	slot := l.g.height - top - 2
	half := l.g.size - 1
	if l.numbers != nil {
		last := hexName(l.g.w-1, l.g.h-1)
		half = math.Min(half, l.g.step-float64(l.numbers.width(last))/2-1)
	}
	// The shadow falls up to 2 pixels right of the counter.
	size := math.Min(math.Min(math.Round(1.5*l.g.size), math.Floor(slot)), math.Floor(2*(half-2)))
	// An even side, so the counter sits on the hex's centre line (at
	// whole pixels).
	size = 2 * math.Floor(size/2)
	return counterPlace{g: l.g, top: top, slot: slot, size: math.Max(4, size), half: half}
}

// hexName is the number of hex (x, y), as printed on it.
func hexName(x, y int) string { return hex.Hex{X: x, Y: y}.String() }

// counterBox is a counter's top-left corner and side in pixels.
type counterBox struct{ x, y, size float64 }

// boxes places n counters in hex h, in drawing order.
func (cp counterPlace) boxes(h hex.Hex, n int) []counterBox {
	cx, cy := cp.g.center(h)
	mid := cy - cp.g.height/2 + cp.top + cp.slot/2
	if n == 1 {
		return []counterBox{{math.Round(cx - cp.size/2), math.Round(mid - cp.size/2), cp.size}}
	}
	rows := (n + 1) / 2
	// Two abreast, a pixel apart, within half of the centre line.
	c := math.Min(math.Round(0.72*cp.size), math.Floor((2*(cp.half-2)-1)/2))
	c = math.Max(4, math.Min(c, math.Floor((cp.slot-float64(rows-1))/float64(rows))))
	x0, y0 := cx-c-0.5, mid-(float64(rows)*c+float64(rows-1))/2
	out := make([]counterBox, n)
	for i := range out {
		out[i] = counterBox{math.Round(x0 + float64(i%2)*(c+1)), math.Round(y0 + float64(i/2)*(c+1)), c}
	}
	return out
}
