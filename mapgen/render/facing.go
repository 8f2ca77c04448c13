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
	a := facingAngle(k.Facing)
	cx, cy := x+c/2, y+c/2
	dx, dy := math.Cos(a), math.Sin(a)
	r0, r1 := 0.38*c, 0.66*c
	line(img, cx+r0*dx, cy+r0*dy, cx+r1*dx, cy+r1*dy, 0.2*c, colDark, 255)
	line(img, cx+r0*dx, cy+r0*dy, cx+(r1-0.04*c)*dx, cy+(r1-0.04*c)*dy, 0.11*c, colWhite, 255)
}
