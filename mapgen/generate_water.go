package mapgen

import (
	"math/rand/v2"

	"bfbot/mapgen/hex"
)

// Map edges, clockwise from the top.
const (
	genEdgeTop = iota
	genEdgeRight
	genEdgeBottom
	genEdgeLeft
)

// edgeHex returns the hex at permille t (0..1000) along edge e.
func (g *terrainGen) edgeHex(e, t int) int32 {
	x, y := 0, 0
	switch e {
	case genEdgeTop, genEdgeBottom:
		x = t * (g.w - 1) / 1000
		if e == genEdgeBottom {
			y = g.h - 1
		}
	default:
		y = t * (g.h - 1) / 1000
		if e == genEdgeRight {
			x = g.w - 1
		}
	}
	return int32(y*g.w + x)
}

// longAxisEdges returns the two edges at the ends of the map's longer
// axis: left and right for a wide map, top and bottom for a tall one.
func (g *terrainGen) longAxisEdges() (int, int) {
	if g.h > g.w {
		return genEdgeTop, genEdgeBottom
	}
	return genEdgeLeft, genEdgeRight
}

// planRivers lays the rivers: each is the cheapest path from one map edge
// to another where low ground is cheap, so rivers find the valleys of the
// elevation noise, and a fine noise bends them. Every river hex is level 1
// water (000 line 161).
func (g *terrainGen) planRivers() {
	g.elev = g.noise(g.rng(genStreamElevation), g.p.hillCell, 3)
	rng := g.rng(genStreamRivers)
	count := 0
	if genChance(rng, g.p.riverChance) {
		count = 1
		if genChance(rng, g.p.secondRiver) {
			count = 2
		}
	}
	for k := range count {
		major := k == 0 && g.p.wideRiver > 0
		from, to, flow := g.riverEnds(rng, major)
		cost := func(_, j int32) int32 {
			c := 10 + g.elev[j]/8 + g.jitter[j]/24
			// A river that hugs the map edge is wasted water.
			if j != to && g.border(int(j)) {
				c += 40
			}
			return c
		}
		path := g.shortest([]int32{from}, func(i int32) bool { return i == to }, cost)
		for _, i := range path {
			g.river[i], g.water[i] = true, true
		}
		if major && genChance(rng, g.p.wideRiver) {
			g.widen(path, g.sideways(rng, flow))
		}
	}
	for i, r := range g.river {
		if r {
			g.m.Cells[i].Terrain = Water1
		}
	}
	g.toRiv = g.distanceFrom(func(i int) bool { return g.river[i] })
}

// riverEnds picks where a river enters and leaves the map: a major river
// runs the length of the map; others run between opposite edges more
// often than round a corner. Ends stay off the corners so that the two
// ends lie on distinct edges.
func (g *terrainGen) riverEnds(rng *rand.Rand, major bool) (from, to int32, flow int) {
	a, b := g.longAxisEdges()
	switch {
	case major:
	case genChance(rng, 60):
		if genChance(rng, 50) {
			a, b = (a+1)%4, (b+1)%4
		}
	default:
		a = rng.IntN(4)
		b = (a + 1 + 2*rng.IntN(2)) % 4 // a neighbouring edge
	}
	if genChance(rng, 50) {
		a, b = b, a
	}
	from = g.edgeHex(a, 200+rng.IntN(601))
	to = g.edgeHex(b, 200+rng.IntN(601))
	return from, to, a
}

// sideways picks a direction across a river's flow, to widen it.
func (g *terrainGen) sideways(rng *rand.Rand, fromEdge int) hex.Direction {
	if fromEdge == genEdgeLeft || fromEdge == genEdgeRight {
		return [2]hex.Direction{hex.N, hex.S}[rng.IntN(2)]
	}
	return [4]hex.Direction{hex.NE, hex.SE, hex.SW, hex.NW}[rng.IntN(4)]
}

// widen makes a river two hexes wide by adding each hex's neighbour on one
// side; each added hex touches its river hex, so the river stays whole.
func (g *terrainGen) widen(path []int32, side hex.Direction) {
	for _, i := range path {
		if j := g.nb[i][side]; j >= 0 {
			g.river[j], g.water[j] = true, true
		}
	}
}

// placeLakes puts the odd lake in low ground: a level 2 pool ringed with
// level 1 water, away from the map edges and at least one hex from any
// river, so that a lake never becomes part of a river line.
func (g *terrainGen) placeLakes() {
	rng := g.rng(genStreamLakes)
	for range g.o.Sheets {
		if !genChance(rng, g.p.lakeChance) {
			continue
		}
		best := int32(-1)
		for range 24 {
			i := int32(rng.IntN(len(g.nb)))
			if !g.lakeCentre(i) {
				continue
			}
			if best < 0 || g.elev[i] < g.elev[best] || g.elev[i] == g.elev[best] && i < best {
				best = i
			}
		}
		if best < 0 {
			continue
		}
		g.setLake(best, Water2)
		if !genChance(rng, 70) {
			g.m.Cells[best].Terrain = Water1
		}
		var shore []int32
		for _, j := range g.nb[best] {
			if g.lakeHex(j) && rng.IntN(3) > 0 {
				g.setLake(j, Water1)
				shore = append(shore, j)
			}
		}
		if g.p.riverCountry { // river country has bigger lakes
			for _, s := range shore {
				for _, j := range g.nb[s] {
					if g.lakeHex(j) && !g.water[j] && rng.IntN(3) == 0 {
						g.setLake(j, Water1)
					}
				}
			}
		}
	}
}

// lakeCentre reports low, flat, dry ground well inside the map and away
// from the rivers.
func (g *terrainGen) lakeCentre(i int32) bool {
	if g.water[i] || g.m.Cells[i].Elevation != 0 || g.toRiv[i] < 4 || g.edgeDistance(int(i)) < 3 {
		return false
	}
	for _, j := range g.nb[i] {
		if j < 0 || g.m.Cells[j].Elevation != 0 || g.water[j] {
			return false
		}
	}
	return true
}

// lakeHex reports a hex a lake may spread into: not on the map edge and
// not next to a river.
func (g *terrainGen) lakeHex(j int32) bool {
	return j >= 0 && !g.river[j] && g.toRiv[j] >= 2 && !g.border(int(j))
}

func (g *terrainGen) setLake(i int32, t Terrain) {
	g.water[i] = true
	g.m.Cells[i] = Cell{Terrain: t}
}
