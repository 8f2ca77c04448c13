package hex

import "fmt"

// Direction is one of the six hexsides of a flat-topped hex, clockwise
// from north. MegaMek numbers road and building exits the same way
// (bit 0 north, bit 1 north-east, … bit 5 north-west).
type Direction uint8

// The six directions, clockwise from north.
const (
	N Direction = iota
	NE
	SE
	S
	SW
	NW
)

// Directions lists the six directions in clockwise order from north.
var Directions = [6]Direction{N, NE, SE, S, SW, NW}

var directionNames = [6]string{"N", "NE", "SE", "S", "SW", "NW"}

// cubeDirections are the cube vectors of the six directions.
var cubeDirections = [6]Cube{
	N:  {0, -1, 1},
	NE: {1, -1, 0},
	SE: {1, 0, -1},
	S:  {0, 1, -1},
	SW: {-1, 1, 0},
	NW: {-1, 0, 1},
}

// String returns the compass name (N, NE, SE, S, SW, NW).
func (d Direction) String() string {
	if d < 6 {
		return directionNames[d]
	}
	return fmt.Sprintf("Direction(%d)", uint8(d))
}

// Opposite is the direction pointing back the other way.
func (d Direction) Opposite() Direction { return (d + 3) % 6 }

// Cube is the unit cube vector of the direction.
func (d Direction) Cube() Cube { return cubeDirections[d%6] }

// Neighbor is the adjacent hex across hexside d.
func (h Hex) Neighbor(d Direction) Hex { return h.Cube().Add(d.Cube()).Hex() }

// Neighbors returns the six adjacent hexes in clockwise order from north.
func (h Hex) Neighbors() [6]Hex {
	c := h.Cube()
	var out [6]Hex
	for i, d := range cubeDirections {
		out[i] = c.Add(d).Hex()
	}
	return out
}

// DirectionTo returns the direction from h to an adjacent hex b, and false
// when b is not adjacent.
func (h Hex) DirectionTo(b Hex) (Direction, bool) {
	d := b.Cube().Sub(h.Cube())
	for i, v := range cubeDirections {
		if v == d {
			return Direction(i), true
		}
	}
	return 0, false
}
