package referee

import (
	"fmt"
	"slices"

	"bfbot/mapgen/hex"
)

// What a hex does to a ground unit that enters it, beyond its cost:
// surrendered units are captured or righted (000 line 970), mines go off
// (000 lines 1040–1046), hidden infantry springs its close assault (000
// lines 1048–1055). Jumping units meet all of this only where they land
// (000 line 1044; rulings M10, M11). Every way a ground unit comes to
// stand in a hex is entering it (meet; rulings M14, DR8).

// capturable reports a surrendered unit that an enemy entering its hex
// captures: one no friendly unit has reached first (000 line 970).
func capturable(v *Unit) bool { return v.Status == Surrendered && !v.Righting }

// MinesAt is the attack value of every mine in h, all sides' together
// (000 line 1042; ruling M13).
func (s *State) MinesAt(h hex.Hex) int {
	n := 0
	for i := range s.Sides {
		n += s.Sides[i].Mines[h]
	}
	return n
}

// surrendered captures the surrendered enemy units in h and sets the
// friendly ones righting, as u enters (000 line 970).
func (b *battle) surrendered(u *Unit, h hex.Hex) {
	for i, v := range b.s.Units {
		if v.Hex != h || v.ID == u.ID || !capturable(v) {
			continue
		}
		v = b.s.own(i)
		if v.Side != u.Side {
			b.capture(v, fmt.Sprintf("%s entered its hex", u.ID))
			continue
		}
		v.Righting = true
		b.emit(Event{Type: "righting", Unit: v.ID, Side: v.Side, Hex: hexp(h),
			Text: fmt.Sprintf("%s reaches %s, which will right itself next turn", u.ID, v.ID)})
	}
}

// mines sets off the mines in h under u: one attack with all their points
// against u's D, no modifiers, and every mine in the hex is spent (000
// line 1042; ruling M13). Mines never lie in water (000 line 1046). It
// reports whether the mines went off: a unit that survives them moves no
// more this turn (000 line 1042).
func (b *battle) mines(u *Unit, h hex.Hex) (bool, error) {
	s := b.s
	if s.Cell(h).Terrain.IsWater() {
		return false, nil
	}
	points := s.MinesAt(h)
	if points <= 0 {
		return false, nil
	}
	for i := range s.Sides {
		delete(s.Sides[i].Mines, h)
	}
	d := u.Current().D
	b.emit(Event{Type: "mines", Unit: u.ID, Hex: hexp(h), Value: intp(points),
		Text: fmt.Sprintf("%s sets off mines at %s (attack value %d)", u.ID, h, points)})
	e := Event{Attacker: "mines", Mode: "mine", Value: intp(points), Defense: intp(d), Column: intp(Column(points, d))}
	return true, b.attackRoll(e, u)
}

// hiddenInfantry reveals the hidden enemy units in h as u enters, and each
// that can attacks u at once with a close assault: the +5 column with its
// experience shift, after which it takes two damage steps (000 lines 1013,
// 1050–1053); a side in State.Asked chooses first (ambush.go; ruling
// M14). It reports whether any was there: u's move ends, for it has
// entered an enemy-held hex (000 line 626).
func (b *battle) hiddenInfantry(u *Unit, h hex.Hex) (bool, error) {
	var found []string
	for _, v := range b.s.Units {
		if v.Hidden && v.Hex == h && v.Side != u.Side && v.Status.OnMap() && v.Class.Ground() {
			found = append(found, v.ID)
		}
	}
	for _, id := range found {
		v := b.s.Unit(id)
		b.unhide(v, fmt.Sprintf("hidden %v %s is revealed at %s as %s enters", v.Class.Kind(), v.ID, h, u.ID))
		if !canAmbush(v, u) {
			continue
		}
		if slices.Contains(b.s.Asked, v.Side) {
			// Its owner chooses (ambush.go).
			b.s.Ambushes = append(b.s.Ambushes, Ambush{Infantry: v.ID, Target: u.ID})
			continue
		}
		if err := b.closeAssault(v, u); err != nil {
			return true, err
		}
	}
	return len(found) > 0, nil
}

// meet applies what h holds for u as u comes to stand in it, however it
// came: a step or a jump's landing (enter), a rally, a debark, a 'Mech's
// landing after a drop, a scenario's reinforcement or returning scavenger.
// Each is entering the hex (rulings M14, DR8, SC2): the surrendered units
// there are captured or righted, the mines go off and the hidden infantry
// is revealed and may attack. Only a land unit meets any of it: Air Units
// set off no mines (000 line 1044) and fly over the rest (ruling AIR1).
// It reports whether u may move no more this turn: mines went off (000
// line 1042) or hidden infantry was there.
func (b *battle) meet(u *Unit, h hex.Hex) (halt bool, err error) {
	if !u.Class.Ground() {
		return false, nil
	}
	b.surrendered(u, h)
	if halt, err = b.mines(u, h); err != nil || u.Status != Active {
		return true, err
	}
	ambushed, err := b.hiddenInfantry(u, h)
	return halt || ambushed, err
}

// enter applies everything that happens as u steps into h: what the hex
// holds (meet), and the enemy it meets there, which it overruns when it
// planned to (overrun set) or else stops for. It reports whether u's move
// ends in h.
func (b *battle) enter(u *Unit, h hex.Hex, overrun bool) (halt bool, err error) {
	if halt, err = b.meet(u, h); err != nil || u.Status != Active {
		return true, err
	}
	enemies := b.enemiesAt(u, h)
	if len(enemies) == 0 {
		return halt, nil
	}
	if halt || u.Status != Active || u.Disrupted {
		return true, nil
	}
	if overrun && overrunCost(u.Experience) <= u.MPLeft {
		if def := overrunTarget(b.s, u); def != nil && slices.Contains(enemies, def) {
			goOn, err := b.overrun(u, def)
			return !goOn, err
		}
	}
	b.emit(Event{Type: "stop", Unit: u.ID, Hex: hexp(h), Text: fmt.Sprintf("%s stops at %s, held by the enemy", u.ID, h)})
	return true, nil
}

// enemiesAt lists the active enemy ground units in h that u now knows of.
func (b *battle) enemiesAt(u *Unit, h hex.Hex) []*Unit {
	var out []*Unit
	for i, v := range b.s.Units {
		if v.Hex == h && v.Side != u.Side && v.Status == Active && !v.Hidden && v.Class.Ground() {
			out = append(out, b.s.own(i))
		}
	}
	return out
}
