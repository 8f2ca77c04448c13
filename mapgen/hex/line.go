package hex

// LineHex is one hex the straight line between two hex centres passes
// through. Where the line runs along the hexside between two hexes it
// passes through neither alone: Hex and Alt then name both, and the rules
// decide which counts (BattleTech: the defender chooses; ruling R3).
// Elsewhere Alt == Hex.
type LineHex struct {
	Hex, Alt Hex
}

// Tie reports whether the line runs along a hexside here.
func (l LineHex) Tie() bool { return l.Hex != l.Alt }

// Line returns the hexes the straight line from the centre of a to the
// centre of b passes through, both ends included, in order from a. It is
// the set a straight edge laid on the map crosses: a line that crosses a
// hexside at its midpoint passes through both hexes and lists both; a
// line that passes exactly through a hex corner only touches the third
// hex there and does not list it.
func Line(a, b Hex) []LineHex {
	return AppendLine(make([]LineHex, 0, 2*Distance(a, b)+1), a, b)
}

// unitDot[i][j] is the dot product of the cube vectors of directions i
// and j: 2 for the same, 1 for neighbours, -1 for 120° apart, -2 for
// opposites.
var unitDot = func() (t [6][6]int) {
	for i, a := range cubeDirections {
		for j, b := range cubeDirections {
			t[i][j] = dot(a, b)
		}
	}
	return t
}()

func dot(a, b Cube) int { return a.Q*b.Q + a.R*b.R + a.S*b.S }

// AppendLine appends Line(a, b) to dst and returns it, so that a caller
// that checks many lines can reuse one buffer.
//
// It walks the segment from hex to hex in exact integer arithmetic. In
// cube coordinates the hexside between hex c and its neighbour c+d is the
// set of points p with (p-c)·d = 1, so the segment a + t·D leaves c
// across that side at t = (1 - (a-c)·d) / (D·d); the smallest such t
// among the sides the segment moves towards is where it leaves c.
func AppendLine(dst []LineHex, a, b Hex) []LineHex {
	ca, cb := a.Cube(), b.Cube()
	dst = append(dst, LineHex{a, a})
	if ca == cb {
		return dst
	}
	D := cb.Sub(ca)
	// Only the sides the segment moves towards (D·d > 0) can be crossed:
	// three of the six, or two when D is parallel to a side; a missing
	// third gets a t so large it is never first.
	var dirs [3]int
	den := [3]int{1, 1, 1}
	num := [3]int{1 << 40, 1 << 40, 1 << 40}
	var inc [6][3]int // how num changes when c moves in each direction
	m := 0
	for i, d := range cubeDirections {
		if v := dot(D, d); v > 0 {
			dirs[m], den[m], num[m] = i, v, 1 // (a-c)·d is 0 while c is a
			m++
		}
	}
	for k := range 6 {
		for j := range m {
			inc[k][j] = unitDot[k][dirs[j]]
		}
	}
	c := ca
	limit := 4*D.Len() + 4
	for steps := 0; c != cb && steps < limit; steps++ {
		// The side crossed first, and a second one crossed at the same t
		// (the segment leaves through the corner the two share). Fractions
		// num/den compare by cross-multiplying; dens are > 0.
		first, second := 0, -1
		for i := 1; i < 3; i++ {
			switch l, r := num[i]*den[first], num[first]*den[i]; {
			case l < r:
				first, second = i, -1
			case l == r:
				second = i
			}
		}
		k := dirs[first]
		if second >= 0 {
			// Out through a corner into the two hexes beyond it. The side
			// between them has normal d2-d1: if the segment is parallel
			// to that side it runs along it, touching both, and then
			// enters the hex across the far corner.
			k2 := dirs[second]
			d1, d2 := cubeDirections[k], cubeDirections[k2]
			switch along := dot(D, d2.Sub(d1)); {
			case along == 0:
				dst = append(dst, LineHex{c.Add(d1).Hex(), c.Add(d2).Hex()})
				c = c.Add(d1)
				num[0], num[1], num[2] = num[0]+inc[k][0], num[1]+inc[k][1], num[2]+inc[k][2]
				k = k2
			case along > 0:
				k = k2
			}
		}
		c = c.Add(cubeDirections[k])
		num[0], num[1], num[2] = num[0]+inc[k][0], num[1]+inc[k][1], num[2]+inc[k][2]
		h := c.Hex()
		dst = append(dst, LineHex{h, h})
	}
	return dst
}
