package mapgen

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"bfbot/mapgen/hex"
)

// GenOptions chooses what Generate makes. The same options always give the
// same map, cell for cell, on every machine: the generator uses integer
// arithmetic only, so no floating-point rounding can differ between CPUs.
type GenOptions struct {
	Seed  uint64
	Theme Theme
	// Sheets is 1 (one 32×17 mapsheet) or 2 (a sector, ruling R2); 0 means 1.
	Sheets int
	// Orientation joins the two sheets of a sector; ignored for one sheet.
	Orientation Orientation
}

// size returns the map's width and height, or an error a person can act on.
func (o GenOptions) size() (w, h int, err error) {
	if o.Theme >= numThemes {
		return 0, 0, fmt.Errorf("map theme %d does not exist: use one of %s", uint8(o.Theme), strings.Join(themeNames[:], ", "))
	}
	switch o.Sheets {
	case 0, 1:
		return SheetWidth, SheetHeight, nil
	case 2:
		switch o.Orientation {
		case Wide:
			return 2 * SheetWidth, SheetHeight, nil
		case Tall:
			return SheetWidth, 2 * SheetHeight, nil
		}
		return 0, 0, fmt.Errorf("map orientation %d does not exist: use wide (64×17) or tall (32×34)", uint8(o.Orientation))
	}
	return 0, 0, fmt.Errorf("a map of %d mapsheets cannot be generated: use 1 (one 32×17 mapsheet) or 2 (a sector of 64×17 or 32×34)", o.Sheets)
}

// Generate makes a whole map of terrain at once at its full size, so that
// rivers and roads run unbroken across the seam of a sector's two sheets.
//
// The layers are laid in an order where each can see the ones below it:
// rivers first (they pick the low ground and then carve their valleys),
// elevation, lakes, rough ground on the slopes, woods, towns and the road
// network that links them to the map edges, buildings along the roads, and
// last a tidy pass that keeps woods in clusters.
func Generate(o GenOptions) (*Map, error) {
	w, h, err := o.size()
	if err != nil {
		return nil, err
	}
	if o.Sheets == 0 {
		o.Sheets = 1
	}
	g := newTerrainGen(o, w, h)
	g.planRivers()
	g.shapeElevation()
	g.placeLakes()
	g.fixSlopes()
	g.placeRough()
	g.placeWoods()
	g.placeTowns()
	g.buildRoads()
	g.placeBuildings()
	g.tidyWoods()
	g.m.Name = fmt.Sprintf("%s-%d", o.Theme, o.Seed)
	return g.m, nil
}

// Layer streams: each layer draws from its own PCG stream, so a change to
// how one layer spends random numbers leaves the others as they were.
const (
	genStreamElevation = iota + 1
	genStreamRivers
	genStreamLakes
	genStreamRough
	genStreamWoods
	genStreamTowns
	genStreamRoads
	genStreamBuildings
	genStreamJitter
)

// terrainGen holds one map while it is being made. Hexes are addressed by
// their index in Map.Cells, and nb holds each index's six neighbours in
// hex.Direction order (-1 off the map), so the hot loops need no hex
// arithmetic.
type terrainGen struct {
	o    GenOptions
	p    *genThemeParams
	m    *Map
	w, h int
	nb   [][6]int32

	elev   []int32 // smooth elevation noise, 0..1023
	jitter []int32 // fine noise that bends rivers and roads, 0..1023
	water  []bool  // river or lake: fixed at level 0
	river  []bool
	toRiv  []int32 // hexes to the nearest river hex (large when none)
	towns  []genTown
	zone   []int8 // genZoneNone, genZoneVillage, genZoneCityEdge, genZoneCityCore
	townOf []int8 // index into towns, -1 outside every town

	net []bool // road hexes joined to the network
	pf  genPathfinder
	// seen marks hexes visited by a flood fill with the current stamp,
	// so fills need no clearing.
	seen  []int32
	stamp int32
}

func newTerrainGen(o GenOptions, w, h int) *terrainGen {
	n := w * h
	g := &terrainGen{
		o: o, p: &genThemeTable[o.Theme], m: New(w, h), w: w, h: h,
		nb:     make([][6]int32, n),
		water:  make([]bool, n),
		river:  make([]bool, n),
		zone:   make([]int8, n),
		townOf: make([]int8, n),
		net:    make([]bool, n),
		seen:   make([]int32, n),
	}
	for i := range n {
		x, y := i%w, i/w
		for d, nh := range (hex.Hex{X: x, Y: y}).Neighbors() {
			if g.m.Contains(nh) {
				g.nb[i][d] = int32(nh.Y*w + nh.X)
			} else {
				g.nb[i][d] = -1
			}
		}
		g.townOf[i] = -1
	}
	g.pf = newGenPathfinder(n)
	g.jitter = g.noise(g.rng(genStreamJitter), 3, 2)
	return g
}

// rng returns the random stream of one layer, seeded from the options.
func (g *terrainGen) rng(stream uint64) *rand.Rand {
	key := uint64(g.o.Theme)<<8 | uint64(g.w)<<16 | uint64(g.h)<<32
	return rand.New(rand.NewPCG(g.o.Seed, key^stream*0x9E3779B97F4A7C15))
}

func (g *terrainGen) hexOf(i int) hex.Hex { return hex.Hex{X: i % g.w, Y: i / g.w} }

func (g *terrainGen) index(h hex.Hex) int { return h.Y*g.w + h.X }

// border reports a hex on the outermost row or column.
func (g *terrainGen) border(i int) bool {
	x, y := i%g.w, i/g.w
	return x == 0 || y == 0 || x == g.w-1 || y == g.h-1
}

// edgeDistance is the number of hexes between i and the nearest map edge
// (0 on the border).
func (g *terrainGen) edgeDistance(i int) int {
	x, y := i%g.w, i/g.w
	return min(x, y, g.w-1-x, g.h-1-y)
}

// distanceFrom returns, for every hex, the number of steps to the nearest
// hex where from is true (1<<20 when there is none).
func (g *terrainGen) distanceFrom(from func(i int) bool) []int32 {
	n := len(g.nb)
	dist := make([]int32, n)
	queue := make([]int32, 0, n)
	for i := range n {
		if from(i) {
			queue = append(queue, int32(i))
		} else {
			dist[i] = 1 << 20
		}
	}
	for k := 0; k < len(queue); k++ {
		i := queue[k]
		for _, j := range g.nb[i] {
			if j >= 0 && dist[j] > dist[i]+1 {
				dist[j] = dist[i] + 1
				queue = append(queue, j)
			}
		}
	}
	return dist
}

// genTopByScore returns the k candidates with the highest score, ties broken
// by index so that the order never depends on the sort algorithm.
func genTopByScore(cands []int32, score func(i int32) int32, k int) []int32 {
	k = min(max(k, 0), len(cands))
	slices.SortFunc(cands, func(a, b int32) int {
		sa, sb := score(a), score(b)
		if sa != sb {
			if sa > sb {
				return -1
			}
			return 1
		}
		return int(a - b)
	})
	return cands[:k]
}

// genBetween returns a uniform whole number in [r[0], r[1]].
func genBetween(rng *rand.Rand, r [2]int) int {
	if r[1] <= r[0] {
		return r[0]
	}
	return r[0] + rng.IntN(r[1]-r[0]+1)
}

// genChance reports true with the given percent probability.
func genChance(rng *rand.Rand, percent int) bool { return rng.IntN(100) < percent }
