package mapgen

// genPathfinder finds cheapest paths over the map's hexes (Dijkstra with a
// binary heap). Its buffers are reused from one search to the next.
type genPathfinder struct {
	dist []int32
	prev []int32
	heap []genPathItem
}

type genPathItem struct{ cost, i int32 }

const genUnreachable = int32(1 << 30)

func newGenPathfinder(n int) genPathfinder {
	return genPathfinder{dist: make([]int32, n), prev: make([]int32, n)}
}

// less orders the heap by cost, then by hex index, so that equal-cost
// paths are always chosen the same way.
func (a genPathItem) less(b genPathItem) bool {
	return a.cost < b.cost || a.cost == b.cost && a.i < b.i
}

func (pf *genPathfinder) push(it genPathItem) {
	h := append(pf.heap, it)
	for k := len(h) - 1; k > 0; {
		p := (k - 1) / 2
		if !h[k].less(h[p]) {
			break
		}
		h[k], h[p] = h[p], h[k]
		k = p
	}
	pf.heap = h
}

func (pf *genPathfinder) pop() genPathItem {
	h := pf.heap
	top := h[0]
	last := len(h) - 1
	h[0] = h[last]
	h = h[:last]
	for k := 0; ; {
		l, r, m := 2*k+1, 2*k+2, k
		if l < len(h) && h[l].less(h[m]) {
			m = l
		}
		if r < len(h) && h[r].less(h[m]) {
			m = r
		}
		if m == k {
			break
		}
		h[k], h[m] = h[m], h[k]
		k = m
	}
	pf.heap = h
	return top
}

// shortest returns the cheapest path from any source to the nearest hex
// for which target is true, source first, or nil when no target can be
// reached. cost gives the price of stepping from one hex into its
// neighbour; a negative price forbids the step.
func (g *terrainGen) shortest(sources []int32, target func(i int32) bool, cost func(from, to int32) int32) []int32 {
	pf := &g.pf
	for i := range pf.dist {
		pf.dist[i], pf.prev[i] = genUnreachable, -1
	}
	pf.heap = pf.heap[:0]
	for _, s := range sources {
		pf.dist[s] = 0
		pf.push(genPathItem{0, s})
	}
	for len(pf.heap) > 0 {
		it := pf.pop()
		if it.cost != pf.dist[it.i] {
			continue
		}
		if target(it.i) {
			var path []int32
			for i := it.i; i >= 0; i = pf.prev[i] {
				path = append(path, i)
			}
			for a, b := 0, len(path)-1; a < b; a, b = a+1, b-1 {
				path[a], path[b] = path[b], path[a]
			}
			return path
		}
		for _, j := range g.nb[it.i] {
			if j < 0 {
				continue
			}
			c := cost(it.i, j)
			if c < 0 {
				continue
			}
			if nc := it.cost + c; nc < pf.dist[j] {
				pf.dist[j], pf.prev[j] = nc, it.i
				pf.push(genPathItem{nc, j})
			}
		}
	}
	return nil
}
