package mapgen

import "bfbot/mapgen/hex"

// MaxElevation is the highest ground level in BattleForce: level 2 is 24
// meters or more (000 line 141). BattleTech level 3 maps to 2 (line 121).
const MaxElevation = 2

// ElevationMP is the movement cost of each level climbed or descended
// (000 line 636). A unit climbs or descends at most one level per hex it
// enters.
const ElevationMP = 2

// Cell is everything the map says about one hex.
type Cell struct {
	Terrain Terrain
	// Elevation is the ground level, 0 to MaxElevation. For water it is the
	// level of the surface.
	Elevation int
	// Road is set for road and pavement hexes. Roads let units ignore
	// terrain costs and cross prohibited terrain (000 line 653).
	Road bool
	// RoadExits has bit d set when the road leaves through hexside d
	// (hex.Direction, the numbering MegaMek uses). A road hex with no exits
	// is pavement: it joins every neighbouring road or pavement hex.
	RoadExits uint8
}

// HasExit reports whether the road leaves the hex through hexside d.
func (c Cell) HasExit(d hex.Direction) bool { return c.RoadExits&(1<<d) != 0 }

// Paved reports a road hex without exits: pavement, open to every side.
func (c Cell) Paved() bool { return c.Road && c.RoadExits == 0 }

// BlockingHeight is how high the hex stands for line of sight: its
// elevation, plus one for rough, woods and buildings (000 line 117;
// rulings R4, B16).
func (c Cell) BlockingHeight() int {
	if c.Terrain.Info().Tall {
		return c.Elevation + 1
	}
	return c.Elevation
}
