package hex

// Ring returns the hexes exactly r hexes from center, clockwise starting
// from the hex r steps to the north. Ring(c, 0) is just c.
func Ring(center Hex, r int) []Hex {
	if r < 0 {
		return nil
	}
	if r == 0 {
		return []Hex{center}
	}
	out := make([]Hex, 0, 6*r)
	// Start r steps north, then walk r steps along each side, turning
	// clockwise: from the north corner the first side runs south-east.
	c := center.Cube().Add(N.Cube().Scale(r))
	for side := range 6 {
		step := Directions[(side+2)%6].Cube()
		for range r {
			out = append(out, c.Hex())
			c = c.Add(step)
		}
	}
	return out
}

// Within returns every hex at most r hexes from center (center first, then
// ring by ring).
func Within(center Hex, r int) []Hex {
	if r < 0 {
		return nil
	}
	out := make([]Hex, 0, 1+3*r*(r+1))
	for k := 0; k <= r; k++ {
		out = append(out, Ring(center, k)...)
	}
	return out
}
