package mapgen

import (
	"fmt"
	"strings"
)

// Terrain is the ground cover of a hex (000 lines 127–197). Elevation and
// roads are separate properties of a Cell: a road may run through woods,
// and woods may stand on a hill.
type Terrain uint8

// The terrain types of BattleForce.
const (
	Open Terrain = iota
	Rough
	LightWoods
	HeavyWoods
	Water1 // level 1 water: every river hex is level 1 (000 line 161)
	Water2 // level 2 water: over a 'Mech's head
	LightBuilding
	MediumBuilding
	HeavyBuilding
	HardenedBuilding
	Rubble
	numTerrains
)

// Terrains lists every terrain type in order.
var Terrains = func() []Terrain {
	t := make([]Terrain, numTerrains)
	for i := range t {
		t[i] = Terrain(i)
	}
	return t
}()

// Movement is a unit's way of moving over the ground, which decides the
// terrain it may not enter (000 lines 632–679). Jumping units ignore
// terrain altogether and are not a Movement: the referee checks jump first.
type Movement uint8

// The ground movement modes.
const (
	Walk    Movement = iota // 'Mechs
	Tracked                 // tracked vehicles
	Wheeled                 // wheeled vehicles
	Hover                   // hovercraft
	Foot                    // infantry on foot
	numMovements
)

var movementNames = [numMovements]string{"walk", "tracked", "wheeled", "hover", "foot"}

func (m Movement) String() string {
	if m < numMovements {
		return movementNames[m]
	}
	return fmt.Sprintf("Movement(%d)", uint8(m))
}

// Sight is how terrain in a hex between two units acts on line of sight
// (000 line 780; ruling R4).
type Sight uint8

const (
	// SeeThrough terrain never blocks.
	SeeThrough Sight = iota
	// Thin terrain (light woods, buildings) blocks from the third such hex
	// the line crosses.
	Thin
	// Blocking terrain (heavy woods) blocks alone.
	Blocking
)

// TerrainInfo is what the rules say about one terrain type.
type TerrainInfo struct {
	Name string // the name used in files and commands
	// MP is the additional movement cost to enter (000 line 636).
	MP int
	// Prohibited lists the movement modes that may not enter (000 line 636
	// and the movement-mode texts, 000 lines 657–673).
	Prohibited [numMovements]bool
	// Shift is the column shift on the Combat Results Table for the
	// target's hex or an intervening hex (000 line 902). Level 2 water's
	// -6 applies only to a defender in the hex (ShiftTargetOnly).
	Shift           int
	ShiftTargetOnly bool
	// Tall terrain is at least one 'Mech tall (12 meters): it adds one
	// level to the hex's blocking height for line of sight. 000 line 117 makes
	// every terrain but open ground and rubble that tall; water is a depth,
	// not a height (rulings R4, B5, B16).
	Tall  bool
	Sight Sight
	// HidesMechs and HidesOthers: a unit of that kind in the hex keeps its
	// information blind until an enemy is in the same or an adjacent hex
	// (000 line 784; light buildings hide everything but 'Mechs, line
	// 173; rubble hides vehicles and infantry, line 197).
	HidesMechs, HidesOthers bool
	// Building is the building class, 1 (light) to 4 (hardened), or 0.
	Building int
	// WaterDepth is 1 or 2 for water, else 0.
	WaterDepth int
}

// prohibit builds a Prohibited set.
func prohibit(ms ...Movement) (p [numMovements]bool) {
	for _, m := range ms {
		p[m] = true
	}
	return p
}

// terrainTable is the terrain data, indexed by Terrain.
//
// Sources, book 000 (BattleForce): terrain texts lines 127–197,
// movement Terrain Modifiers Table line 636, movement modes lines 657–673,
// combat Terrain Modifiers Table line 902, sighting lines 780–792.
// Water is prohibited to wheeled, tracked and infantry units: the terrain
// text (line 161) names infantry although the movement table omits it
// (ruling B3 in docs/rulings.md).
var terrainTable = [numTerrains]TerrainInfo{
	Open:             {Name: "open"},
	Rough:            {Name: "rough", MP: 1, Prohibited: prohibit(Wheeled), Shift: -1, Tall: true},
	LightWoods:       {Name: "light-woods", MP: 1, Prohibited: prohibit(Wheeled, Hover), Shift: -1, Tall: true, Sight: Thin},
	HeavyWoods:       {Name: "heavy-woods", MP: 2, Prohibited: prohibit(Wheeled, Hover, Tracked), Shift: -2, Tall: true, Sight: Blocking, HidesMechs: true, HidesOthers: true},
	Water1:           {Name: "water-1", MP: 2, Prohibited: prohibit(Wheeled, Tracked, Foot), WaterDepth: 1},
	Water2:           {Name: "water-2", MP: 4, Prohibited: prohibit(Wheeled, Tracked, Foot), Shift: -6, ShiftTargetOnly: true, HidesMechs: true, HidesOthers: true, WaterDepth: 2},
	LightBuilding:    {Name: "light-building", MP: 1, Shift: -2, Tall: true, Sight: Thin, HidesOthers: true, Building: 1},
	MediumBuilding:   {Name: "medium-building", MP: 2, Shift: -3, Tall: true, Sight: Thin, HidesMechs: true, HidesOthers: true, Building: 2},
	HeavyBuilding:    {Name: "heavy-building", MP: 3, Shift: -4, Tall: true, Sight: Thin, HidesMechs: true, HidesOthers: true, Building: 3},
	HardenedBuilding: {Name: "hardened-building", MP: 3, Shift: -6, Tall: true, Sight: Thin, HidesMechs: true, HidesOthers: true, Building: 4},
	Rubble:           {Name: "rubble", MP: 1, Prohibited: prohibit(Wheeled), Shift: -1, HidesOthers: true},
}

// Info returns the rules data of the terrain type.
func (t Terrain) Info() *TerrainInfo {
	if t < numTerrains {
		return &terrainTable[t]
	}
	return &terrainTable[Open]
}

// String returns the terrain's name as used in files and commands.
func (t Terrain) String() string {
	if t < numTerrains {
		return terrainTable[t].Name
	}
	return fmt.Sprintf("Terrain(%d)", uint8(t))
}

// IsWoods reports light or heavy woods.
func (t Terrain) IsWoods() bool { return t == LightWoods || t == HeavyWoods }

// IsWater reports level 1 or level 2 water.
func (t Terrain) IsWater() bool { return t == Water1 || t == Water2 }

// IsBuilding reports any class of building.
func (t Terrain) IsBuilding() bool { return t.Info().Building > 0 }

// ParseTerrain reads a terrain name ("heavy-woods"); case, spaces and
// underscores are forgiven.
func ParseTerrain(s string) (Terrain, error) {
	n := strings.ToLower(strings.TrimSpace(s))
	n = strings.NewReplacer("_", "-", " ", "-").Replace(n)
	for i, info := range terrainTable {
		if info.Name == n {
			return Terrain(i), nil
		}
	}
	names := make([]string, len(terrainTable))
	for i, info := range terrainTable {
		names[i] = info.Name
	}
	return 0, fmt.Errorf("unknown terrain %q: use one of %s", s, strings.Join(names, ", "))
}

// MarshalText implements encoding.TextMarshaler.
func (t Terrain) MarshalText() ([]byte, error) {
	if t >= numTerrains {
		return nil, fmt.Errorf("terrain %d does not exist", uint8(t))
	}
	return []byte(t.String()), nil
}

// UnmarshalText implements encoding.TextUnmarshaler.
func (t *Terrain) UnmarshalText(b []byte) error {
	v, err := ParseTerrain(string(b))
	if err != nil {
		return err
	}
	*t = v
	return nil
}
