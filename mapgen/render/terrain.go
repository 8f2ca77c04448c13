package render

import (
	"image"
	"image/color"
	"math"

	"bfbot/mapgen"
	"bfbot/mapgen/hex"
)

// The terrain palette follows the printed BattleTech mapsheets a player
// knows: green clear ground, darker greens for woods, blue water darker
// with depth, browns for higher ground, grey roads and buildings.
var (
	colBackground = rgb(0x2b, 0x2f, 0x33) // around the map: Discord's dark theme
	colClear      = rgb(0xa4, 0xc6, 0x72)
	colRough      = rgb(0xbf, 0xb6, 0x9c) // grey-beige: apart from level 1 khaki
	colRoughMark  = rgb(0x7d, 0x6d, 0x45)
	colLightWoods = rgb(0x7f, 0xae, 0x55)
	colHeavyWoods = rgb(0x55, 0x86, 0x3b)
	colTree       = rgb(0x35, 0x66, 0x2a)
	colTreeDark   = rgb(0x22, 0x4a, 0x1c)
	colWater1     = rgb(0x74, 0xaa, 0xdc)
	colWater2     = rgb(0x3e, 0x74, 0xb6)
	colWave       = rgb(0xd8, 0xea, 0xf8)
	colLevel1     = rgb(0xc9, 0xa8, 0x6c) // ground at level 1 mixes toward this
	colLevel2     = rgb(0x9e, 0x74, 0x44)
	colContour    = rgb(0x5a, 0x3a, 0x1a)
	colLot        = rgb(0xcd, 0xc8, 0xbb) // ground under buildings
	colRubbleLot  = rgb(0xbe, 0xb8, 0xaa)
	colRubble     = rgb(0x6a, 0x66, 0x60)
	colPavement   = rgb(0xa9, 0xa9, 0xa6)
	colRoad       = rgb(0x9c, 0x9c, 0x98)
	colRoadEdge   = rgb(0x55, 0x55, 0x52)
	colGrid       = rgb(0x1e, 0x26, 0x18)
	colBuilding   = [5]color.RGBA{{}, rgb(0xa6, 0x9a, 0x8a), rgb(0x85, 0x78, 0x6a), rgb(0x60, 0x56, 0x4c), rgb(0x3e, 0x3a, 0x38)}
	colDark       = rgb(0x1a, 0x1a, 0x1a)
	colWhite      = rgb(0xff, 0xff, 0xff)
)

// elevationMix is how far level 1 and 2 ground shades toward brown.
var elevationMix = [3]float64{0, 0.45, 0.7}

// groundColor is a hex's base fill: terrain, darkened toward brown by
// elevation (water keeps its blue: its elevation is its surface).
func groundColor(c mapgen.Cell) color.RGBA {
	var base color.RGBA
	switch c.Terrain {
	case mapgen.Rough:
		base = colRough
	case mapgen.LightWoods:
		base = colLightWoods
	case mapgen.HeavyWoods:
		base = colHeavyWoods
	case mapgen.Water1:
		return colWater1
	case mapgen.Water2:
		return colWater2
	case mapgen.Rubble:
		base = colRubbleLot
	default:
		if c.Terrain.IsBuilding() {
			base = colLot
		} else {
			base = colClear
		}
	}
	if c.Paved() {
		base = colPavement
	}
	e := min(max(c.Elevation, 0), mapgen.MaxElevation)
	switch e {
	case 1:
		return mix(base, colLevel1, elevationMix[1])
	case 2:
		return mix(base, colLevel2, elevationMix[2])
	}
	return base
}

// noise is a small deterministic hash of a hex and a salt.
func noise(h hex.Hex, salt uint32) uint32 {
	x := uint32(h.X)*0x9e3779b1 ^ uint32(h.Y)*0x85ebca77 ^ salt*0xc2b2ae3d
	x ^= x >> 15
	x *= 0x2c1b3c6d
	x ^= x >> 12
	x *= 0x297a2d39
	x ^= x >> 15
	return x
}

// scatters is how many ways a hex's trees, rough marks and rubble are
// scattered: each hex takes one by a hash of its place (scatterOf), the
// same in every picture of it, so neighbouring hexes seldom look alike;
// few, so that a map's hexes are copied from tiles painted once for
// many maps (tiles.go).
const scatters = 4

// scatterOf is the scatter of hex h's marks.
func scatterOf(h hex.Hex) uint8 { return uint8(noise(h, 0) % scatters) }

// jitter is a deterministic offset in [−1, 1) from a hash.
func jitter(n uint32, shift uint) float64 {
	return float64((n>>shift)&0xff)/128 - 1
}

// Tree positions inside a hex, in hex sizes from its centre: a sparse
// triangle for light woods and a dense cluster for heavy woods. They keep
// clear of the top of the hex, where the hex number goes.
var (
	lightTrees = [][2]float64{{-0.36, -0.16}, {0.34, -0.06}, {-0.02, 0.38}}
	heavyTrees = [][2]float64{
		{-0.34, -0.27}, {0.02, -0.3}, {0.36, -0.24},
		{-0.54, 0.08}, {-0.18, 0.06}, {0.18, 0.1}, {0.54, 0.08},
		{-0.22, 0.44}, {0.2, 0.46},
	}
)

// drawFeatures draws what stands in a hex on top of its fill: trees,
// rough-ground marks, waves, building blocks, rubble, scattered as
// scatter (of scatters) has them. Marks are placed on whole pixels so
// each is one sprite draw. They keep inside the hex's own pixels
// (TestFeaturesInsideHex), so that a hex's tile holds all of them.
func drawFeatures(img *image.RGBA, sp *sprites, s float64, scatter uint8, c mapgen.Cell, cx, cy float64) {
	h := hex.Hex{X: int(scatter)} // what the marks' hashes are made from
	at := func(x, y float64) (int, int) { return int(math.Floor(x)), int(math.Floor(y)) }
	switch c.Terrain {
	case mapgen.LightWoods, mapgen.HeavyWoods:
		trees, tree := lightTrees, sp.lightTree
		if c.Terrain == mapgen.HeavyWoods {
			trees, tree = heavyTrees, sp.heavyTree
		}
		n := noise(h, 1)
		for i, t := range trees {
			jx := jitter(n, uint(i*4)%24) * 0.06 * s
			jy := jitter(n, uint(i*4+9)%24) * 0.06 * s
			tx, ty := at(cx+t[0]*s+jx, cy+t[1]*s+jy)
			tree.draw(img, tx, ty)
		}
	case mapgen.Rough:
		n := noise(h, 2)
		for i := range 5 {
			x := cx + jitter(n, uint(i*5)%24)*0.5*s
			y := cy + jitter(n, uint(i*5+3)%24)*0.4*s
			mx, my := at(x, y)
			sp.roughMark.draw(img, mx, my)
		}
	case mapgen.Water1, mapgen.Water2:
		wx, wy := at(cx, cy)
		sp.waves.draw(img, wx, wy)
	case mapgen.Rubble:
		n := noise(h, 3)
		for i := range 9 {
			x := cx + jitter(n^uint32(i)*0x45d9f3b, 0)*0.55*s
			y := cy + jitter(n^uint32(i)*0x45d9f3b, 8)*0.45*s
			disc(img, x, y, (0.05+0.03*float64(i%3))*s, colRubble, 255)
		}
	default:
		if cls := c.Terrain.Info().Building; cls > 0 {
			drawBuilding(img, cls, cx, cy, s)
		}
	}
}

// drawBuilding draws a building block: larger and darker with each class,
// the hardened class with a thick black border.
func drawBuilding(img *image.RGBA, cls int, cx, cy, s float64) {
	half := []float64{0, 0.3, 0.38, 0.46, 0.52}[cls] * s
	// Floor, not int(): a band of the picture may put the block above
	// its row 0, where int() would round the other way.
	round := func(v float64) int { return int(math.Floor(v + 0.5)) }
	x0, y0 := round(cx-half), round(cy-half)
	x1, y1 := round(cx+half), round(cy+half)
	fillRect(img, x0, y0, x1, y1, colBuilding[cls])
	border := 1
	if cls == 4 {
		border = max(2, int(0.12*s))
	}
	frame(img, x0, y0, x1, y1, border, colDark)
	if cls >= 2 {
		// Roof lines make medium and heavy blocks read as built-up,
		// not as grey squares. (>>1 halves rounding down, also above
		// a band's row 0.)
		fillRect(img, x0+border+1, (y0+y1)>>1, x1-border-1, (y0+y1)>>1+1, mix(colBuilding[cls], colDark, 0.5))
	}
}

// frame draws a rectangle's border, b pixels thick, inside [x0,x1)×[y0,y1).
func frame(img *image.RGBA, x0, y0, x1, y1, b int, c color.RGBA) {
	for _, r := range frameSides(x0, y0, x1, y1, b) {
		fillRect(img, r[0], r[1], r[2], r[3], c)
	}
}

// frameSides are the four sides of a rectangle's border, b pixels
// thick, inside [x0,x1)×[y0,y1), each as x0, y0, x1, y1: the top, the
// bottom, the left, the right.
func frameSides(x0, y0, x1, y1, b int) [4][4]int {
	return [4][4]int{{x0, y0, x1, y0 + b}, {x0, y1 - b, x1, y1}, {x0, y0, x0 + b, y1}, {x1 - b, y0, x1, y1}}
}

// drawRoads draws a road hex: a grey band from the centre through the
// midpoint of each hexside it leaves by (sides, roadSides), under a
// darker edge so it reads on grey pavement and light ground alike.
func drawRoads(img *image.RGBA, st *stamp, sides uint8, ax, ay int, edge bool) {
	for _, d := range hex.Directions {
		if sides&(1<<d) == 0 {
			continue
		}
		if edge {
			st.roadEdge[d].draw(img, ax, ay)
		} else {
			st.road[d].draw(img, ax, ay)
		}
	}
}

// roadSides are the hexsides a road hex's road is drawn to, bit d:
// its exits; pavement (no exits) is its fill, with joins drawn toward
// connecting roads. 0 off the road.
func roadSides(m *mapgen.Map, h hex.Hex) uint8 {
	c := m.At(h)
	if !c.Road {
		return 0
	}
	var out uint8
	for _, d := range hex.Directions {
		if c.HasExit(d) || (c.Paved() && m.RoadConnects(h, d)) {
			out |= 1 << d
		}
	}
	return out
}
