package render

import (
	"image"
	"math"

	"bfbot/mapgen/hex"
)

// facingAngle is the screen angle (radians, y down) from a hex's centre to
// the middle of its hexside d: north is straight up, each hexside 60° on
// clockwise, as the map is printed.
func facingAngle(d hex.Direction) float64 {
	return (float64(d%6)*60 - 90) * math.Pi / 180
}

// drawFacing marks the hexside a counter faces (rules where a unit
// faces a hexside, such as the Quick-Start rules'): a white tick with a
// dark rim from the counter's edge out toward that hexside. c is the
// counter's side, (x, y) its top-left corner.
func drawFacing(img *image.RGBA, x, y, c float64, k Counter) {
	if !k.HasFacing {
		return
	}
	x0, y0, x1, y1 := facingTick(x, y, c, k.Facing)
	line(img, x0, y0, x1, y1, 0.2*c, colDark, 255)
	a := facingAngle(k.Facing)
	cx, cy := x+c/2, y+c/2
	dx, dy := math.Cos(a), math.Sin(a)
	line(img, x0, y0, cx+(0.66*c-0.04*c)*dx, cy+(0.66*c-0.04*c)*dy, 0.11*c, colWhite, 255)
}

// facingTick is the rim of the facing mark of a counter of side c with
// its top-left corner at (x, y): from the counter's edge out toward
// hexside d, 0.2 c wide.
func facingTick(x, y, c float64, d hex.Direction) (x0, y0, x1, y1 float64) {
	a := facingAngle(d)
	cx, cy := x+c/2, y+c/2
	dx, dy := math.Cos(a), math.Sin(a)
	r0, r1 := 0.38*c, 0.66*c
	return cx + r0*dx, cy + r0*dy, cx + r1*dx, cy + r1*dy
}
