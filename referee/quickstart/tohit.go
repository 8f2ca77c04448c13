package quickstart

import "bfbot/mapgen"

// BaseToHit is the Base To-Hit number of every attack (002 line 243).
const BaseToHit = 4

// MaxRange is the longest range, the end of the Long bracket (002 line 231).
const MaxRange = 8

// BracketAt is the range bracket of a distance in hexes (Range Table, 002
// lines 227–231), and false beyond Long range.
func BracketAt(distance int) (Bracket, bool) {
	switch {
	case distance < 0 || distance > MaxRange:
		return 0, false
	case distance <= 1:
		return Short, true
	case distance <= 4:
		return Medium, true
	}
	return Long, true
}

// rangeModifier is the To-Hit Modifiers Table's Range rows (002 lines
// 307–310).
var rangeModifier = [3]int{Short: 0, Medium: 2, Long: 4}

// MovementModifier is the Target Movement modifier for a target's
// available MP (002 lines 311–317).
func MovementModifier(mp int) int {
	switch {
	case mp <= 2:
		return 0
	case mp <= 4:
		return 1
	case mp <= 6:
		return 2
	case mp <= 9:
		return 3
	case mp <= 17:
		return 4
	}
	return 5
}

// terrainModifier is the Terrain rows, for the target's hex (002 lines
// 318–320, note 2 at 332). Other terrain of 002 (clear, rough) adds 0.
func terrainModifier(t mapgen.Terrain) int {
	switch t {
	case mapgen.LightWoods:
		return 1
	case mapgen.HeavyWoods:
		return 2
	}
	return 0
}

// Modifier is one line of a to-hit computation.
type Modifier struct {
	Name  string
	Value int
}

// ToHitNumber is a Modified To-Hit Number with the modifiers that make it,
// base number first.
type ToHitNumber struct {
	Number    int
	Bracket   Bracket
	Modifiers []Modifier
}

// Impossible says whether no 2D6 roll reaches the number: the attack may
// be aborted (002 line 191).
func (n ToHitNumber) Impossible() bool { return n.Number > 12 }

// ToHit is the Modified To-Hit Number of attacker's attack on target at
// distance hexes, the target standing in terrain (002 lines 239–245,
// To-Hit Modifiers Table 305–336). Line of sight and firing arc are
// checked apart (LineOfSight, InFiringArc). It refuses an attacker that is
// shut down, a target out of range, and a range at which the attacker has
// no Damage Value (002 line 225).
func ToHit(attacker, target ElementState, distance int, terrain mapgen.Terrain) (ToHitNumber, error) {
	b, ok := BracketAt(distance)
	switch {
	case attacker.Shutdown:
		return ToHitNumber{}, errorf("%s is shut down and cannot attack", attacker.Name)
	case !ok:
		return ToHitNumber{}, errorf("%s is %d hexes away: the longest range is %d", target.Name, distance, MaxRange)
	case attacker.DamageAt(b) == 0:
		return ToHitNumber{}, errorf("%s has no damage at %s range (%d hexes) and cannot attack there", attacker.Name, b, distance)
	}
	n := ToHitNumber{Bracket: b, Modifiers: []Modifier{{"base", BaseToHit}}}
	add := func(name string, v int) {
		if v != 0 {
			n.Modifiers = append(n.Modifiers, Modifier{name, v})
		}
	}
	add(b.String()+" range", rangeModifier[b])
	if target.Immobile() {
		// Shut down or immobile: -4, and neither the movement nor the jump
		// modifier (002 lines 245, 468; ruling QS4).
		add("target shut down or immobile", -4)
	} else {
		// Ruling QS3: the available MP is the larger of ground and jumping.
		add("target movement", MovementModifier(max(target.MP(), target.JumpMP())))
		if target.JumpMP() > 0 {
			add("target jump-capable", 1)
		}
	}
	add("target in "+terrain.String(), terrainModifier(terrain))
	add("fire control hits", 2*attacker.Crits.FireControl)
	add("heat level", attacker.Heat)
	for _, m := range n.Modifiers {
		n.Number += m.Value
	}
	return n, nil
}

// AttackDamage is the damage a hit does: the Damage Value at the bracket,
// plus the overheat declared (002 line 414), plus 1 from the rear (002
// line 287).
func AttackDamage(attacker ElementState, b Bracket, rear bool) int {
	dmg := attacker.DamageAt(b)
	if dmg == 0 {
		return 0
	}
	dmg += attacker.OverheatUsed
	if rear {
		dmg++
	}
	return dmg
}
