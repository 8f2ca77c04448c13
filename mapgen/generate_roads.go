package mapgen

import (
	"math/rand/v2"
	"slices"

	"bfbot/mapgen/hex"
)

// buildRoads lays one road network: it starts at a point on a map edge and
// grows by cheapest paths to each town and to the other edge points, so
// every road joins the network and the network reaches the edge. Then the
// towns get their streets. Every step of a path sets the road exits of
// both hexes, so the exits always agree (Map.Check).
func (g *terrainGen) buildRoads() {
	rng := g.rng(genStreamRoads)
	ends := g.roadEnds(rng, genBetween(rng, g.p.roadEnds))
	g.startRoad(ends[0])
	towns := make([]int, len(g.towns))
	for k := range towns {
		towns[k] = k
	}
	first := g.hexOf(int(ends[0].i))
	slices.SortStableFunc(towns, func(a, b int) int {
		return hex.Distance(first, g.hexOf(int(g.towns[a].centre))) - hex.Distance(first, g.hexOf(int(g.towns[b].centre)))
	})
	for _, k := range towns {
		c := g.towns[k].centre
		g.connect(func(i int32) bool { return i == c })
	}
	for _, e := range ends[1:] {
		if g.connect(func(i int32) bool { return i == e.i }) {
			g.exitMap(e)
		}
	}
	for _, k := range towns {
		if g.towns[k].city {
			continue
		}
		// Side streets: a village is more than a bend in the road.
		for range 1 + rng.IntN(2) {
			c := g.hexOf(int(g.towns[k].centre)).Cube()
			d := hex.Directions[rng.IntN(6)]
			h := c.Add(d.Cube().Scale(g.towns[k].radius)).Hex()
			if !g.m.Contains(h) {
				continue
			}
			t := int32(g.index(h))
			if !g.water[t] && !g.m.Cells[t].Road {
				g.connect(func(i int32) bool { return i == t })
			}
		}
	}
	if g.p.city {
		g.layStreets(rng)
	}
}

type genRoadEnd struct {
	i    int32
	edge int
}

// roadEnds picks where roads leave the map: the first two on opposite
// edges (usually the ends of the long axis, so a road crosses the map),
// the rest on any edge, spread apart and never in water.
func (g *terrainGen) roadEnds(rng *rand.Rand, n int) []genRoadEnd {
	a, b := g.longAxisEdges()
	if genChance(rng, 40) {
		a, b = (a+1)%4, (b+1)%4
	}
	sides := []int{a, b}
	for len(sides) < n {
		sides = append(sides, rng.IntN(4))
	}
	var ends []genRoadEnd
	for k, e := range sides {
		for try := 0; try < 8; try++ {
			i := g.dryEdgeHex(e, 150+rng.IntN(701))
			if i < 0 {
				continue
			}
			far := true
			for _, o := range ends {
				if hex.Distance(g.hexOf(int(i)), g.hexOf(int(o.i))) < 8 {
					far = false
				}
			}
			if far || k == 0 {
				ends = append(ends, genRoadEnd{i, e})
				break
			}
		}
	}
	if len(ends) == 0 { // a map edge entirely under water: start anywhere dry
		ends = append(ends, genRoadEnd{g.nearestDry(0), genEdgeTop})
	}
	return ends
}

// dryEdgeHex returns the hex at permille t along edge e, slid along the
// edge off any water, or -1.
func (g *terrainGen) dryEdgeHex(e, t int) int32 {
	length := g.w
	if e == genEdgeLeft || e == genEdgeRight {
		length = g.h
	}
	step := 1000 / (length - 1)
	for k := range length {
		for _, s := range [2]int{t + k*step, t - k*step} {
			if s < 0 || s > 1000 {
				continue
			}
			if i := g.edgeHex(e, s); !g.water[i] {
				return i
			}
		}
	}
	return -1
}

func (g *terrainGen) startRoad(e genRoadEnd) {
	g.m.Cells[e.i].Road = true
	g.net[e.i] = true
	g.exitMap(e)
}

// exitMap gives an edge hex a road exit off the map, so the road is seen
// to lead somewhere (Map.Check allows exits off the map).
func (g *terrainGen) exitMap(e genRoadEnd) {
	if !g.border(int(e.i)) {
		return
	}
	d := [4]hex.Direction{genEdgeTop: hex.N, genEdgeRight: hex.NE, genEdgeBottom: hex.S, genEdgeLeft: hex.NW}[e.edge]
	if g.nb[e.i][d] < 0 {
		g.m.Cells[e.i].RoadExits |= 1 << d
	}
}

// roadCost prices a step for a road builder: climbing and heavy woods are
// dear, a bridge dearer, level 2 water impossible; running beside another
// road or along the map edge costs a little, so roads spread out instead
// of doubling up.
func (g *terrainGen) roadCost(from, to int32) int32 {
	c := &g.m.Cells[to]
	if c.Road {
		if g.net[to] {
			return 1
		}
		return 2 // joining a street that is not yet on the network
	}
	cost := 10 + g.jitter[to]/128
	switch c.Terrain {
	case Water2:
		return -1
	case Water1:
		cost += 45
	case HeavyWoods:
		cost += 60
	case LightWoods, Rough:
		cost += 12
	}
	if dz := c.Elevation - g.m.Cells[from].Elevation; dz != 0 {
		cost += 25
	}
	if g.border(int(to)) {
		cost += 20
	}
	for _, j := range g.nb[to] {
		if j >= 0 && j != from && g.m.Cells[j].Road {
			cost += 8
			break
		}
	}
	return cost
}

// connect lays the cheapest road from the network to the nearest target
// hex and reports whether one was found.
func (g *terrainGen) connect(target func(i int32) bool) bool {
	var sources []int32
	for i, on := range g.net {
		if on {
			sources = append(sources, int32(i))
		}
	}
	path := g.shortest(sources, target, g.roadCost)
	if path == nil {
		return false
	}
	for k := 1; k < len(path); k++ {
		g.link(path[k-1], path[k])
	}
	g.joinNetwork(path)
	return true
}

// link joins two neighbouring hexes by road, with an exit on each side.
func (g *terrainGen) link(a, b int32) {
	for d, j := range g.nb[a] {
		if j == b {
			g.m.Cells[a].Road, g.m.Cells[b].Road = true, true
			g.m.Cells[a].RoadExits |= 1 << d
			g.m.Cells[b].RoadExits |= 1 << hex.Direction(d).Opposite()
			return
		}
	}
}

// joinNetwork marks the road hexes reachable from the given hexes as part
// of the network: a new path may have touched a street laid earlier, and
// that street may reach others only through hexes already on the network.
func (g *terrainGen) joinNetwork(from []int32) {
	g.stamp++
	queue := slices.Clone(from)
	for _, i := range queue {
		g.seen[i] = g.stamp
	}
	for k := 0; k < len(queue); k++ {
		i := queue[k]
		g.net[i] = true
		for d, j := range g.nb[i] {
			if j >= 0 && g.seen[j] != g.stamp && g.m.RoadConnects(g.hexOf(int(i)), hex.Direction(d)) {
				g.seen[j] = g.stamp
				queue = append(queue, j)
			}
		}
	}
}

// Street spacing in a city: a street down every fifth column leaves no
// hex more than two from a street; cross streets along every tenth
// north-east diagonal tie the columns together.
const (
	genStreetColumns   = 5
	genStreetDiagonals = 10
)

// layStreets gives the cities a grid of straight streets, then joins each
// piece of the grid to the network by its cheapest link.
func (g *terrainGen) layStreets(rng *rand.Rand) {
	qa, sa := rng.IntN(genStreetColumns), rng.IntN(genStreetDiagonals)
	street := func(i int32) (alongColumn, alongDiagonal bool) {
		if i < 0 || g.zone[i] < genZoneCityEdge || g.water[i] {
			return false, false
		}
		c := g.hexOf(int(i)).Cube()
		return genMod(c.Q-qa, genStreetColumns) == 0, genMod(c.S-sa, genStreetDiagonals) == 0
	}
	for i := range g.nb {
		col, diag := street(int32(i))
		if n := g.nb[i][hex.N]; col {
			if ncol, _ := street(n); ncol {
				g.link(int32(i), n)
			}
		}
		if n := g.nb[i][hex.NE]; diag {
			if _, ndiag := street(n); ndiag {
				g.link(int32(i), n)
			}
		}
	}
	for i := range g.nb {
		if !g.m.Cells[i].Road || g.net[i] {
			continue
		}
		members := g.roadComponent(int32(i))
		stamp := g.stamp
		if !g.connect(func(j int32) bool { return g.seen[j] == stamp }) {
			g.removeRoad(members)
		}
	}
}

func genMod(v, n int) int { return (v%n + n) % n }

// roadComponent returns every road hex joined to i, and leaves them marked
// in seen with the current stamp.
func (g *terrainGen) roadComponent(i int32) []int32 {
	g.stamp++
	queue := []int32{i}
	g.seen[i] = g.stamp
	for k := 0; k < len(queue); k++ {
		a := queue[k]
		for d, j := range g.nb[a] {
			if j >= 0 && g.seen[j] != g.stamp && g.m.RoadConnects(g.hexOf(int(a)), hex.Direction(d)) {
				g.seen[j] = g.stamp
				queue = append(queue, j)
			}
		}
	}
	return queue
}

// removeRoad takes up a piece of street that cannot be joined to the
// network (cut off by deep water), so that the network stays one piece.
func (g *terrainGen) removeRoad(members []int32) {
	for _, i := range members {
		g.m.Cells[i].Road, g.m.Cells[i].RoadExits = false, 0
	}
}
