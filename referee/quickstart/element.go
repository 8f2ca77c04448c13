package quickstart

import "fmt"

// Bracket is a range bracket of the Range Table (002 lines 227–231).
type Bracket uint8

// The three range brackets.
const (
	Short Bracket = iota
	Medium
	Long
)

var bracketNames = [3]string{"short", "medium", "long"}

func (b Bracket) String() string {
	if b <= Long {
		return bracketNames[b]
	}
	return fmt.Sprintf("Bracket(%d)", uint8(b))
}

// Special is a set of special abilities (002 lines 484–500).
type Special uint8

const (
	// CASE: an ammo critical hit deals 1 damage instead of destroying the
	// Element (002 line 496).
	CASE Special = 1 << iota
	// ENE (energy weapons only): ammo critical hits are ignored (002 line 500).
	ENE
)

func (s Special) String() string {
	switch s {
	case 0:
		return "—"
	case CASE:
		return "CASE"
	case ENE:
		return "ENE"
	case CASE | ENE:
		return "CASE, ENE"
	}
	return fmt.Sprintf("Special(%d)", uint8(s))
}

// Element is one 'Mech of a record sheet, as printed: its columns MV,
// Sht/Med/Lng, Wt, ov, the Armor/Structure circles, Spc. Ablty and Points
// (002 lines 666–828).
type Element struct {
	Name string
	// MV is the ground Movement Value in MP; Jump the jumping MP, 0 for an
	// Element that cannot jump. "6j" is MV 6 and Jump 6, "7/4j" MV 7 and
	// Jump 4 (002 lines 136, 742).
	MV, Jump int
	// Damage is the Damage Value at Short, Medium and Long range; 0 is the
	// sheet's dash or zero: no attack at that range (002 line 225).
	Damage [3]int
	// Overheat is the Overheat Value, 0 for the sheet's dash (002 line 414).
	Overheat int
	// Weight is the weight class, 1 (light) to 4 (assault).
	Weight    int
	Armor     int
	Structure int
	// PV is the Point Value (002 line 598).
	PV       int
	Specials Special
}

// Has says whether the Element has special ability s.
func (e Element) Has(s Special) bool { return e.Specials&s != 0 }

// Check reports the first impossible value of a record sheet line.
func (e Element) Check() error {
	switch {
	case e.Name == "":
		return fmt.Errorf("element without a name")
	case e.MV < 0 || e.Jump < 0:
		return fmt.Errorf("element %s: MV %d and jump %d may not be negative", e.Name, e.MV, e.Jump)
	case e.Overheat < 0 || e.Overheat > maxHeat-1:
		return fmt.Errorf("element %s: Overheat Value %d is outside 0–%d (the heat scale)", e.Name, e.Overheat, maxHeat-1)
	case e.Weight < 1 || e.Weight > 4:
		return fmt.Errorf("element %s: weight class %d is outside 1–4", e.Name, e.Weight)
	case e.Armor < 0 || e.Structure < 1:
		return fmt.Errorf("element %s: armor %d and structure %d: armor may not be negative and structure must be at least 1", e.Name, e.Armor, e.Structure)
	case e.PV < 0:
		return fmt.Errorf("element %s: Point Value %d may not be negative", e.Name, e.PV)
	}
	for b, d := range e.Damage {
		if d < 0 {
			return fmt.Errorf("element %s: %s damage %d may not be negative", e.Name, Bracket(b), d)
		}
	}
	return nil
}

// Unit is a playing piece: four to six Elements, by faction, that move
// together (002 lines 37, 106).
type Unit struct {
	Name    string
	Faction string
	// Weight is the weight class printed on the record sheet.
	Weight   int
	Elements []Element
}

// PV is the Unit's Point Value, the sum of its Elements' (the sheets print
// it beside the Unit's name: 002 lines 670, 720, 754, 796).
func (u Unit) PV() int {
	pv := 0
	for _, e := range u.Elements {
		pv += e.PV
	}
	return pv
}

// Check reports the first impossible value of the Unit.
func (u Unit) Check() error {
	if n := len(u.Elements); n < 4 || n > 6 {
		return fmt.Errorf("unit %s has %d elements: a unit has 4, 5 or 6", u.Name, n)
	}
	for _, e := range u.Elements {
		if err := e.Check(); err != nil {
			return fmt.Errorf("unit %s: %w", u.Name, err)
		}
	}
	return nil
}
