package mapgen

import "math/rand/v2"

// Noise and path costs are whole numbers: the Go compiler may fuse
// floating-point multiply-adds on some CPUs and not on others, and a map
// must come out the same everywhere its seed is replayed.

// Hex centres in fixed point, 1024 units to the distance between the
// centres of two hexes in a column. Columns are 0.866 of that apart, and
// odd (0-based) columns sit half a hex lower (ruling B1).
const (
	noiseOne    = 1024
	noiseColumn = 887 // 1024·√3/2
)

// noise returns smooth value noise for every hex, 0..1023: random heights
// at lattice points cell hexes apart, blended with a smoothstep, summed
// over octaves that each halve the spacing and the weight.
func (g *terrainGen) noise(rng *rand.Rand, cell, octaves int) []int32 {
	n := g.w * g.h
	sum := make([]int64, n)
	total := int64(0)
	for k := range octaves {
		cs := max(cell*noiseOne>>k, noiseOne)
		weight := int64(noiseOne >> k)
		total += weight
		// A random origin keeps lattice lines from lining up with the
		// map's rows in every map.
		ox, oy := rng.IntN(cs), rng.IntN(cs)
		cols := ((g.w-1)*noiseColumn+ox)/cs + 2
		rows := (g.h*noiseOne+noiseOne/2+oy)/cs + 2
		lattice := make([]int64, cols*rows)
		for i := range lattice {
			lattice[i] = int64(rng.IntN(noiseOne))
		}
		for i := range n {
			x, y := i%g.w, i/g.w
			px := x*noiseColumn + ox
			py := y*noiseOne + (x&1)*noiseOne/2 + oy
			ix, iy := px/cs, py/cs
			sx := noiseSmoothstep(int64(px%cs) * noiseOne / int64(cs))
			sy := noiseSmoothstep(int64(py%cs) * noiseOne / int64(cs))
			a, b := lattice[iy*cols+ix], lattice[iy*cols+ix+1]
			c, d := lattice[(iy+1)*cols+ix], lattice[(iy+1)*cols+ix+1]
			top := a*noiseOne + (b-a)*sx
			bottom := c*noiseOne + (d-c)*sx
			v := (top*noiseOne + (bottom-top)*sy) / (noiseOne * noiseOne)
			sum[i] += v * weight
		}
	}
	out := make([]int32, n)
	for i, v := range sum {
		out[i] = int32(v / total)
	}
	return out
}

// noiseSmoothstep maps t in 0..1024 to 3t²−2t³ in the same scale, so that the
// blend between lattice points has no creases.
func noiseSmoothstep(t int64) int64 {
	return t * t * (3*noiseOne - 2*t) / (noiseOne * noiseOne)
}
