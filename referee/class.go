package referee

import (
	"fmt"
	"strings"

	"bfbot/mapgen"
)

// Kind is what an enemy always knows of a counter: the letter the
// information blind leaves visible (000 lines 201, 374).
type Kind uint8

// The kinds of counter.
const (
	KindMech Kind = iota
	KindVehicle
	KindInfantry
	KindArtillery
	KindAir
	KindDropShip
)

var kindNames = [...]string{"mech", "vehicle", "infantry", "artillery", "air", "dropship"}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// Class is a unit's type: Heavy 'Mech lance, Hover platoon and so on (000
// lines 282–360). An enemy learns it only by sighting (ESR) or by being in
// the same or an adjacent hex.
type Class uint8

// The unit classes, named as in files and commands (docs/architecture.md).
const (
	LightMech Class = iota
	MediumMech
	HeavyMech
	AssaultMech
	FireMech
	Tracked
	Hover
	Wheeled
	Infantry
	MotorizedInfantry
	JumpInfantry
	HeavyInfantry
	LongTom
	Sniper
	Truck
	LightAir
	MediumAir
	HeavyAir
	Leopard
	Union
	Overlord
	numClasses
)

// ClassInfo is what the rules say about a class as a whole. A unit's own
// values (RA, CA, D, R, MP) come from its counter, not from here.
type ClassInfo struct {
	Name string
	Kind Kind
	// Movement decides the terrain the class may not enter (mapgen).
	Movement mapgen.Movement
	// Jump: the whole class jumps (jump infantry); 'Mech lances jump when
	// their counter or a Jump chit says so.
	Jump bool
	// Indirect: may fire indirectly through a forward observer (Fire
	// 'Mechs and artillery, 000 line 827).
	Indirect bool
	// Overburn: may declare overburn ('Mechs and vehicles, 000 line 689).
	Overburn bool
	// Salvage: leaves a salvage counter when destroyed ('Mechs only, 000
	// line 514).
	Salvage bool
	// NoCombat: has no combat ability (trucks, 000 line 847).
	NoCombat bool
	// Steps is how many damage steps destroy it: four, two for air
	// lances, eight for DropShips (000 lines 276, 1163).
	Steps int
}

// classTable is indexed by Class. Motorized infantry moves as wheeled
// vehicles (ruling B13).
var classTable = [numClasses]ClassInfo{
	LightMech:         {Name: "light-mech", Kind: KindMech, Movement: mapgen.Walk, Overburn: true, Salvage: true, Steps: 4},
	MediumMech:        {Name: "medium-mech", Kind: KindMech, Movement: mapgen.Walk, Overburn: true, Salvage: true, Steps: 4},
	HeavyMech:         {Name: "heavy-mech", Kind: KindMech, Movement: mapgen.Walk, Overburn: true, Salvage: true, Steps: 4},
	AssaultMech:       {Name: "assault-mech", Kind: KindMech, Movement: mapgen.Walk, Overburn: true, Salvage: true, Steps: 4},
	FireMech:          {Name: "fire-mech", Kind: KindMech, Movement: mapgen.Walk, Indirect: true, Overburn: true, Salvage: true, Steps: 4},
	Tracked:           {Name: "tracked", Kind: KindVehicle, Movement: mapgen.Tracked, Overburn: true, Steps: 4},
	Hover:             {Name: "hover", Kind: KindVehicle, Movement: mapgen.Hover, Overburn: true, Steps: 4},
	Wheeled:           {Name: "wheeled", Kind: KindVehicle, Movement: mapgen.Wheeled, Overburn: true, Steps: 4},
	Infantry:          {Name: "infantry", Kind: KindInfantry, Movement: mapgen.Foot, Steps: 4},
	MotorizedInfantry: {Name: "motorized-infantry", Kind: KindInfantry, Movement: mapgen.Wheeled, Steps: 4},
	JumpInfantry:      {Name: "jump-infantry", Kind: KindInfantry, Movement: mapgen.Foot, Jump: true, Steps: 4},
	HeavyInfantry:     {Name: "heavy-infantry", Kind: KindInfantry, Movement: mapgen.Foot, Steps: 4},
	LongTom:           {Name: "long-tom", Kind: KindArtillery, Movement: mapgen.Tracked, Indirect: true, Steps: 4},
	Sniper:            {Name: "sniper", Kind: KindArtillery, Movement: mapgen.Tracked, Indirect: true, Steps: 4},
	Truck:             {Name: "truck", Kind: KindVehicle, Movement: mapgen.Wheeled, NoCombat: true, Steps: 4},
	LightAir:          {Name: "light-air", Kind: KindAir, Steps: 2},
	MediumAir:         {Name: "medium-air", Kind: KindAir, Steps: 2},
	HeavyAir:          {Name: "heavy-air", Kind: KindAir, Steps: 2},
	Leopard:           {Name: "leopard", Kind: KindDropShip, Steps: 8},
	Union:             {Name: "union", Kind: KindDropShip, Steps: 8},
	Overlord:          {Name: "overlord", Kind: KindDropShip, Steps: 8},
}

// Classes lists every class in order.
var Classes = func() []Class {
	out := make([]Class, numClasses)
	for i := range out {
		out[i] = Class(i)
	}
	return out
}()

// Info returns the rules data of the class.
func (c Class) Info() *ClassInfo {
	if c < numClasses {
		return &classTable[c]
	}
	return &classTable[Infantry]
}

func (c Class) String() string {
	if c < numClasses {
		return classTable[c].Name
	}
	return fmt.Sprintf("Class(%d)", uint8(c))
}

// Kind is the counter's always-visible kind.
func (c Class) Kind() Kind { return c.Info().Kind }

// Ground reports a class that fights on the ground (not air, not DropShip).
func (c Class) Ground() bool { k := c.Kind(); return k != KindAir && k != KindDropShip }

// ParseClass reads a class name ("heavy-mech"); case, spaces, underscores
// and the apostrophe of 'Mech are forgiven.
func ParseClass(s string) (Class, error) {
	n := strings.ToLower(strings.TrimSpace(s))
	if strings.ContainsAny(n, "_ '") { // the replacer costs more than the rest: the AI reads a class at every move
		n = strings.NewReplacer("_", "-", " ", "-", "'", "").Replace(n)
	}
	for i, info := range classTable {
		if info.Name == n {
			return Class(i), nil
		}
	}
	names := make([]string, len(classTable))
	for i, info := range classTable {
		names[i] = info.Name
	}
	return 0, fmt.Errorf("unknown unit class %q: use one of %s", s, strings.Join(names, ", "))
}

// MarshalText implements encoding.TextMarshaler.
func (c Class) MarshalText() ([]byte, error) {
	if c >= numClasses {
		return nil, fmt.Errorf("unit class %d does not exist", uint8(c))
	}
	return []byte(c.String()), nil
}

// UnmarshalText implements encoding.TextUnmarshaler. A class's own name,
// as MarshalText writes it, is found without copying b to a string: the
// store reads one for every unit of a campaign it loads.
func (c *Class) UnmarshalText(b []byte) error {
	for i, info := range classTable {
		if string(b) == info.Name {
			*c = Class(i)
			return nil
		}
	}
	v, err := ParseClass(string(b))
	if err != nil {
		return err
	}
	*c = v
	return nil
}
