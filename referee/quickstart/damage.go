package quickstart

import (
	"fmt"

	"bfbot/referee/dice"
)

// DamageReport is what one hit did to its target.
type DamageReport struct {
	// Armor and Structure are the circles the hit checked off, the point
	// a critical hit dealt included.
	Armor, Structure int
	// Criticals are the rolls on the Determining Critical Hits Table, in
	// order (a CASE ammo hit may lead to another).
	Criticals []CriticalResult
	// Destroyed: the hit destroyed the Element (marked now, removed in
	// the End Phase).
	Destroyed bool
}

// TakeDamage applies a hit of dmg points to the Element by the Applying
// Damage steps (002 lines 295–360): armor first, then structure; damage
// left over, or structure gone, destroys the Element; structure damaged
// and some left rolls once for a critical hit (002 line 370). A hit on an
// Element already destroyed changes nothing: it counts as a hit (002 line
// 193). purpose names the attack in the dice log.
func (s ElementState) TakeDamage(dmg int, d *dice.Dice, purpose string) (ElementState, DamageReport, error) {
	var rep DamageReport
	if dmg < 0 {
		return s, rep, fmt.Errorf("damage %d: a hit does 0 or more points", dmg)
	}
	if s.Destroyed {
		return s, rep, nil
	}
	rep.Armor = min(dmg, s.ArmorLeft)
	s.ArmorLeft -= rep.Armor
	before := s.StructureLeft
	next, crits, err := s.structureDamage(dmg-rep.Armor, d, purpose)
	if err != nil {
		return s, DamageReport{}, err
	}
	rep.Structure = before - next.StructureLeft
	rep.Criticals, rep.Destroyed = crits, next.Destroyed
	return next, rep, nil
}

// structureDamage applies dmg points to structure (steps 3–5) and rolls a
// critical hit when structure was damaged and some is left.
func (s ElementState) structureDamage(dmg int, d *dice.Dice, purpose string) (ElementState, []CriticalResult, error) {
	if dmg == 0 {
		return s, nil, nil
	}
	s, destroyed := s.takeStructure(dmg)
	if destroyed {
		return s, nil, nil
	}
	return s.critical(d, purpose)
}

// takeStructure checks off dmg structure circles, without a critical hit
// roll, and reports whether the Element is destroyed: damage left over or
// no structure left (steps 3–5).
func (s ElementState) takeStructure(dmg int) (ElementState, bool) {
	hit := min(dmg, s.StructureLeft)
	s.StructureLeft -= hit
	if dmg > hit || s.StructureLeft == 0 {
		s.Destroyed = true
	}
	return s, s.Destroyed
}
