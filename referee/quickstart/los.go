package quickstart

import (
	"bfbot/mapgen"
	"bfbot/mapgen/hex"
)

// LineOfSight says whether a Unit in from sees one in to on m: no woods
// hex, light or heavy, lies along the straight line between their centres;
// their own hexes never count, nor do other Units (002 lines 195–207).
// Where the line runs along a hexside, the hex on side of it is the one
// that lies along it (002 line 197).
func LineOfSight(m *mapgen.Map, from, to hex.Hex, side Side) bool {
	v := to.Cube().Sub(from.Cube())
	for _, lh := range hex.Line(from, to) {
		h := lh.Hex
		if lh.Tie() {
			if s, _ := sideOf(v, lh.Alt.Cube().Sub(from.Cube())); s == side {
				h = lh.Alt
			}
		}
		if h != from && h != to && m.At(h).Terrain.IsWoods() {
			return false
		}
	}
	return true
}
