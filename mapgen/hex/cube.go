package hex

// Cube is a hex in cube coordinates (Q+R+S == 0), in which distance, rings
// and lines are simple vector arithmetic.
type Cube struct {
	Q, R, S int
}

// Cube converts an offset hex to cube coordinates. Odd 0-based columns sit
// half a hex lower (odd-q).
func (h Hex) Cube() Cube {
	q := h.X
	r := h.Y - (h.X-(h.X&1))/2
	return Cube{Q: q, R: r, S: -q - r}
}

// Hex converts cube coordinates back to the offset hex.
func (c Cube) Hex() Hex {
	return Hex{X: c.Q, Y: c.R + (c.Q-(c.Q&1))/2}
}

// Add returns the vector sum of two cube coordinates.
func (c Cube) Add(d Cube) Cube { return Cube{c.Q + d.Q, c.R + d.R, c.S + d.S} }

// Sub returns the vector difference of two cube coordinates.
func (c Cube) Sub(d Cube) Cube { return Cube{c.Q - d.Q, c.R - d.R, c.S - d.S} }

// Scale multiplies a cube vector by k.
func (c Cube) Scale(k int) Cube { return Cube{c.Q * k, c.R * k, c.S * k} }

// Len is the number of hex steps from the origin to c.
func (c Cube) Len() int { return max(abs(c.Q), abs(c.R), abs(c.S)) }

// Distance is the number of hexes counted from a to b, not counting a:
// the range as BattleForce counts it.
func Distance(a, b Hex) int { return a.Cube().Sub(b.Cube()).Len() }

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
