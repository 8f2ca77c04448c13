package mapgen

// Valleys: ground near a river is pulled down so that the river runs
// between slopes rather than through a trench.
const (
	genValleyWidth = 4   // hexes either side of the river
	genValleyDepth = 100 // noise units per hex nearer the river
)

// shapeElevation turns the elevation noise into levels 0–2. The theme sets
// what share of the map is raised; ranking the noise (rather than cutting
// it at fixed heights) gives each map exactly that share, in the shape of
// the noise's hills.
func (g *terrainGen) shapeElevation() {
	for i, d := range g.toRiv {
		if d < genValleyWidth {
			g.elev[i] -= (genValleyWidth - d) * genValleyDepth
		}
	}
	rng := g.rng(genStreamElevation + 100)
	n := len(g.nb)
	raised := genBetween(rng, g.p.elevated) * n / 100
	high := min(genBetween(rng, g.p.high)*n/100, raised)
	cands := make([]int32, 0, n)
	for i := range n {
		if !g.water[i] {
			cands = append(cands, int32(i))
		}
	}
	top := genTopByScore(cands, func(i int32) int32 { return g.elev[i] }, raised)
	for k, i := range top {
		if k < high {
			g.m.Cells[i].Elevation = 2
		} else {
			g.m.Cells[i].Elevation = 1
		}
	}
}

// fixSlopes makes neighbouring hexes differ by at most one level, so the
// map has slopes and no cliffs. Water stays at level 0 (the low ground it
// lies in), so ground next to water is lowered; elsewhere the low side is
// raised, which widens hills into slopes. Levels only move toward 1, so
// the loop ends within a few sweeps.
func (g *terrainGen) fixSlopes() {
	cells := g.m.Cells
	for changed := true; changed; {
		changed = false
		for i := range cells {
			for _, j := range g.nb[i] {
				if j < 0 || cells[i].Elevation-cells[j].Elevation < 2 {
					continue
				}
				if g.water[j] {
					cells[i].Elevation = cells[j].Elevation + 1
				} else {
					cells[j].Elevation = cells[i].Elevation - 1
				}
				changed = true
			}
		}
	}
}

// placeRough puts broken ground on slopes, where the rules expect it (next
// to cliffs and bluffs, 000 line 135), in patches from a noise field.
func (g *terrainGen) placeRough() {
	rng := g.rng(genStreamRough)
	patches := g.noise(rng, 4, 2)
	var slopes []int32
	for i := range g.nb {
		if !g.water[i] && g.onSlope(int32(i)) {
			slopes = append(slopes, int32(i))
		}
	}
	for _, i := range genTopByScore(slopes, func(i int32) int32 { return patches[i] }, len(slopes)*g.p.rough/100) {
		g.m.Cells[i].Terrain = Rough
	}
}

// onSlope reports a hex next to a change of level.
func (g *terrainGen) onSlope(i int32) bool {
	e := g.m.Cells[i].Elevation
	for _, j := range g.nb[i] {
		if j >= 0 && g.m.Cells[j].Elevation != e {
			return true
		}
	}
	return false
}
