package mapgen

import (
	"math/rand/v2"

	"bfbot/mapgen/hex"
)

// Town zones. A city has a core of heavy buildings and an edge of light
// ones; a village is a few light and medium buildings along its road.
const (
	genZoneNone int8 = iota
	genZoneVillage
	genZoneCityEdge
	genZoneCityCore
)

type genTown struct {
	centre int32
	radius int
	city   bool
}

// placeTowns marks where towns stand, before the roads are laid so that
// the roads can be routed through them.
func (g *terrainGen) placeTowns() {
	rng := g.rng(genStreamTowns)
	if g.p.city {
		g.placeCities(rng)
	}
	toWater := g.distanceFrom(func(i int) bool { return g.water[i] })
	for range g.o.Sheets {
		if genChance(rng, g.p.villageChance) {
			g.placeVillage(rng, toWater)
		}
	}
}

// placeCities puts one city on each mapsheet, near the sheet's middle,
// with a ragged outline from a noise field. Woods and rough ground inside
// are cleared: the city has built over them.
func (g *terrainGen) placeCities(rng *rand.Rand) {
	ragged := g.noise(rng, 3, 1)
	for s := range g.o.Sheets {
		x0, y0, sw, sh := 0, 0, g.w, g.h
		if g.o.Sheets == 2 {
			if g.o.Orientation == Tall {
				sh = g.h / 2
				y0 = s * sh
			} else {
				sw = g.w / 2
				x0 = s * sw
			}
		}
		c := hex.Hex{X: x0 + sw/2 - 3 + rng.IntN(7), Y: y0 + sh/2 - 2 + rng.IntN(5)}
		centre := g.nearestDry(int32(g.index(c)))
		t := genTown{centre: centre, radius: 7 + rng.IntN(3), city: true}
		id := int8(len(g.towns))
		g.towns = append(g.towns, t)
		ch := g.hexOf(int(centre))
		for i := range g.nb {
			d := hex.Distance(ch, g.hexOf(i))
			wobble := int(ragged[i]-512) / 200
			z := genZoneNone
			switch {
			case d <= t.radius/2+wobble/2:
				z = genZoneCityCore
			case d <= t.radius+wobble:
				z = genZoneCityEdge
			}
			if z > g.zone[i] {
				g.zone[i], g.townOf[i] = z, id
			}
		}
	}
	for i, z := range g.zone {
		if z != genZoneNone && !g.water[i] {
			g.m.Cells[i].Terrain = Open
		}
	}
}

// nearestDry returns i, or the nearest hex to it that is not water.
func (g *terrainGen) nearestDry(i int32) int32 {
	h := g.hexOf(int(i))
	for r := range g.w + g.h {
		for _, n := range hex.Ring(h, r) {
			if g.m.Contains(n) && !g.water[g.index(n)] {
				return int32(g.index(n))
			}
		}
	}
	return i
}

// placeVillage picks the best of a few random sites: low, flat, dry ground
// clear of the map edge and of other towns (river country likes its
// villages by the water). The village clears its woods for fields.
func (g *terrainGen) placeVillage(rng *rand.Rand, toWater []int32) {
	radius := 2 + rng.IntN(2)
	best, bestScore := int32(-1), 0
	for range 40 {
		i := int32(rng.IntN(len(g.nb)))
		score := rng.IntN(40)
		if !g.villageSite(i, radius, toWater) {
			continue
		}
		c := g.m.Cells[i]
		score -= 40 * c.Elevation
		if g.onSlope(i) {
			score -= 40
		}
		if c.Terrain != Open {
			score -= 30
		}
		if g.p.riverCountry && g.toRiv[i] <= 4 {
			score += 60
		}
		if best < 0 || score > bestScore {
			best, bestScore = i, score
		}
	}
	if best < 0 {
		return
	}
	id := int8(len(g.towns))
	g.towns = append(g.towns, genTown{centre: best, radius: radius})
	for _, h := range hex.Within(g.hexOf(int(best)), radius) {
		if !g.m.Contains(h) {
			continue
		}
		i := g.index(h)
		if g.water[i] || g.zone[i] != genZoneNone {
			continue
		}
		g.zone[i], g.townOf[i] = genZoneVillage, id
		if g.m.Cells[i].Terrain.IsWoods() {
			g.m.Cells[i].Terrain = Open
		}
	}
}

func (g *terrainGen) villageSite(i int32, radius int, toWater []int32) bool {
	if g.water[i] || toWater[i] < 2 || g.edgeDistance(int(i)) < radius+1 || g.zone[i] != genZoneNone {
		return false
	}
	h := g.hexOf(int(i))
	for _, t := range g.towns {
		if hex.Distance(h, g.hexOf(int(t.centre))) < t.radius+radius+6 {
			return false
		}
	}
	return true
}

// placeBuildings fills the towns once the streets are down. Every building
// stands within two hexes of a road: a town is built along its streets.
// City cores are medium and heavy buildings with the odd hardened one;
// city edges and villages are mostly light.
func (g *terrainGen) placeBuildings() {
	rng := g.rng(genStreamBuildings)
	cells := g.m.Cells
	toRoad := g.distanceFrom(func(i int) bool { return cells[i].Road })
	built := make([]int, len(g.towns))
	for i, z := range g.zone {
		if z == genZoneNone || g.water[i] || cells[i].Road || toRoad[i] > 2 {
			continue
		}
		r := rng.IntN(100)
		t := Open
		switch z {
		case genZoneVillage:
			if toRoad[i] == 1 && r < 60 || r < 15 {
				t = pickTerrain(rng, LightBuilding, 75, MediumBuilding)
			}
		case genZoneCityEdge:
			switch {
			case r < 4:
				t = Rubble
			case r < 74:
				t = pickTerrain(rng, LightBuilding, 60, MediumBuilding)
			}
		case genZoneCityCore:
			switch {
			case r < 4:
				t = Rubble
			case r < 90:
				t = pickTerrain(rng, MediumBuilding, 50, HeavyBuilding)
				if rng.IntN(100) < 5 {
					t = HardenedBuilding
				}
			}
		}
		if t != Open {
			cells[i].Terrain = t
		}
		if t.IsBuilding() {
			built[g.townOf[i]]++
		}
	}
	for k, t := range g.towns {
		if t.city {
			g.harden(k)
		} else if built[k] < 2 {
			g.fillVillage(k, toRoad)
		}
	}
}

// pickTerrain returns a with the given percent chance, else b.
func pickTerrain(rng *rand.Rand, a Terrain, percent int, b Terrain) Terrain {
	if genChance(rng, percent) {
		return a
	}
	return b
}

// harden makes sure a city holds at least one hardened building, in its
// core nearest the centre: a city is worth fighting over for its forts.
func (g *terrainGen) harden(k int) {
	cells := g.m.Cells
	best, bestD := -1, 0
	ch := g.hexOf(int(g.towns[k].centre))
	for i := range cells {
		if int(g.townOf[i]) != k || !cells[i].Terrain.IsBuilding() {
			continue
		}
		if cells[i].Terrain == HardenedBuilding {
			return
		}
		if d := hex.Distance(ch, g.hexOf(i)); best < 0 || d < bestD {
			best, bestD = i, d
		}
	}
	if best >= 0 {
		cells[best].Terrain = HardenedBuilding
	}
}

// fillVillage builds on the village hexes beside its road nearest the
// centre until the village has two buildings, so that a village is never
// just a crossroads.
func (g *terrainGen) fillVillage(k int, toRoad []int32) {
	cells := g.m.Cells
	ch := g.hexOf(int(g.towns[k].centre))
	count := 0
	for _, h := range hex.Within(ch, g.towns[k].radius) {
		if !g.m.Contains(h) {
			continue
		}
		i := g.index(h)
		if cells[i].Terrain.IsBuilding() && int(g.townOf[i]) == k {
			count++
		}
	}
	for _, h := range hex.Within(ch, g.towns[k].radius) {
		if count >= 2 {
			return
		}
		if !g.m.Contains(h) {
			continue
		}
		i := g.index(h)
		if int(g.townOf[i]) != k || cells[i].Road || g.water[i] || toRoad[i] != 1 || cells[i].Terrain.IsBuilding() {
			continue
		}
		cells[i].Terrain = LightBuilding
		count++
	}
}
