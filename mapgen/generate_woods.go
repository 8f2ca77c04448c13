package mapgen

// placeWoods grows stands of trees from a noise field: the highest noise
// becomes woods, and the highest of that heavy woods, so heavy woods sit in
// the middle of light woods as the rules describe them (000 line 155).
func (g *terrainGen) placeWoods() {
	rng := g.rng(genStreamWoods)
	field := g.noise(rng, g.p.woodsCell, 2)
	score := func(i int32) int32 {
		s := field[i]
		if g.p.riverCountry && g.toRiv[i] <= 2 {
			s += 300
		}
		return s
	}
	n := len(g.nb)
	var cands []int32
	for i := range n {
		if g.m.Cells[i].Terrain == Open {
			cands = append(cands, int32(i))
		}
	}
	woods := genTopByScore(cands, score, genBetween(rng, g.p.woods)*n/100)
	heavy := len(woods) * genBetween(rng, g.p.heavy) / 100
	for k, i := range woods {
		if k < heavy {
			g.m.Cells[i].Terrain = HeavyWoods
		} else {
			g.m.Cells[i].Terrain = LightWoods
		}
	}
}

// tidyWoods runs last, after towns and roads have cut into the stands: a
// heavy-woods hex with no woods beside it thins to light woods, a
// light-woods hex standing alone is cleared, and open ground next to heavy
// woods becomes light woods. Afterwards every woods hex has woods beside
// it and heavy woods never border open ground.
func (g *terrainGen) tidyWoods() {
	cells := g.m.Cells
	woodsBeside := func(i int) bool {
		for _, j := range g.nb[i] {
			if j >= 0 && cells[j].Terrain.IsWoods() {
				return true
			}
		}
		return false
	}
	for i := range cells {
		if cells[i].Terrain == HeavyWoods && !woodsBeside(i) {
			cells[i].Terrain = LightWoods
		}
	}
	for i := range cells {
		if cells[i].Terrain == LightWoods && !woodsBeside(i) {
			cells[i].Terrain = Open
		}
	}
	for i := range cells {
		if cells[i].Terrain != HeavyWoods {
			continue
		}
		for _, j := range g.nb[i] {
			if j >= 0 && cells[j].Terrain == Open {
				cells[j].Terrain = LightWoods
			}
		}
	}
}
