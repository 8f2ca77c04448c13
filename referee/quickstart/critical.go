package quickstart

import (
	"fmt"

	"bfbot/referee/dice"
)

// Critical is a result of the Determining Critical Hits Table.
type Critical uint8

// The table's results.
const (
	NoCritical Critical = iota
	AmmoHit
	EngineHit
	FireControlHit
	MPHit
	WeaponHit
	HeadBlownOff
)

var criticalNames = [...]string{"no critical hit", "ammo hit", "engine hit", "fire control hit", "MP hit", "weapon hit", "head blown off"}

func (c Critical) String() string {
	if int(c) < len(criticalNames) {
		return criticalNames[c]
	}
	return fmt.Sprintf("Critical(%d)", uint8(c))
}

// criticalTable is the Determining Critical Hits Table, 'Mech column,
// indexed by the 2D6 roll (002 lines 885–898; also 420–431 and 966–979).
var criticalTable = [13]Critical{
	2: AmmoHit, 3: EngineHit, 4: FireControlHit, 5: NoCritical, 6: WeaponHit,
	7: MPHit, 8: WeaponHit, 9: NoCritical, 10: FireControlHit, 11: EngineHit, 12: HeadBlownOff,
}

// CriticalFor is the table's result for a 2D6 roll of 2 to 12.
func CriticalFor(roll int) (Critical, error) {
	if roll < 2 || roll > 12 {
		return NoCritical, fmt.Errorf("a 2D6 roll is 2 to 12, not %d", roll)
	}
	return criticalTable[roll], nil
}

// CriticalResult is one roll on the table and what it did.
type CriticalResult struct {
	Roll     int
	Critical Critical
	// Effect says what happened, one of the Effect values.
	Effect Effect
}

// Effect is what a critical hit did to the Element.
type Effect uint8

// The effects of a critical hit (002 lines 374–404).
const (
	// Marked: the hit is on the record sheet and takes effect in the End
	// Phase (engine, fire control, MP and weapon hits).
	Marked Effect = iota
	// Nothing: no critical hit, or an ammo hit on an Element with ENE.
	Nothing
	// DestroyedBy: the hit destroyed the Element (ammo without CASE or
	// ENE, a second engine hit, head blown off).
	DestroyedBy
	// CaseDamage: an ammo hit on an Element with CASE dealt 1 damage,
	// which may roll again (002 line 382).
	CaseDamage
	// OneDamage: the hit could not apply and dealt 1 damage instead,
	// without a further roll (002 line 374).
	OneDamage
)

// critical rolls one critical hit on s and applies it. Damage it deals
// goes through takeStructure, so a CASE ammo hit may roll again.
func (s ElementState) critical(d *dice.Dice, purpose string) (ElementState, []CriticalResult, error) {
	roll, err := d.TwoD6("critical hit on " + s.Name + ": " + purpose)
	if err != nil {
		return s, nil, err
	}
	c, err := CriticalFor(roll)
	if err != nil {
		return s, nil, err
	}
	res := CriticalResult{Roll: roll, Critical: c, Effect: Marked}
	m := s.marked()
	oneDamage := func() {
		res.Effect = OneDamage
		s, _ = s.takeStructure(1)
	}
	switch c {
	case NoCritical:
		res.Effect = Nothing
	case AmmoHit:
		switch {
		case s.Has(ENE):
			res.Effect = Nothing
		case s.Has(CASE):
			res.Effect = CaseDamage
			var more []CriticalResult
			s, more, err = s.structureDamage(1, d, purpose)
			return s, append([]CriticalResult{res}, more...), err
		default:
			res.Effect, s.Destroyed = DestroyedBy, true
		}
	case EngineHit:
		if m.Engine > 0 {
			res.Effect, s.Destroyed = DestroyedBy, true
		} else {
			s.NewCrits.Engine++
		}
	case FireControlHit:
		s.NewCrits.FireControl++
	case MPHit:
		// Ruling QS5: the hit halves ground and jumping MP; it cannot apply
		// once both are 0.
		if afterMPHits(s.MV, m.MP) == 0 && afterMPHits(s.Jump, m.MP) == 0 {
			oneDamage()
		} else {
			s.NewCrits.MP++
		}
	case WeaponHit:
		if max(s.Damage[Short], s.Damage[Medium], s.Damage[Long]) <= m.Weapon {
			oneDamage()
		} else {
			s.NewCrits.Weapon++
		}
	case HeadBlownOff:
		res.Effect, s.Destroyed = DestroyedBy, true
	}
	return s, []CriticalResult{res}, nil
}
