package referee

import (
	"fmt"

	"bfbot/internal/cite"
	"bfbot/mapgen/hex"
)

// deploy places a reserve unit on the map before the battle starts, in a
// hex its zone holds and its ground may hold, within the stacking limit;
// a DropShip stands landed, alone on open ground (ruling DR22). A unit
// already deployed may be deployed again elsewhere until the battle
// starts: the enemy sees nothing of the deployment (ruling DP1). A unit
// dropping at the start is not placed: deploying it declares its drop hex
// (deployDrop).
func (b *battle) deploy(a Action) error {
	if b.s.Phase != PhaseDeploy {
		return illegal("units deploy before the battle starts")
	}
	u := b.unit(a.Unit)
	if u.Drop && u.Status == Reserve && u.Aboard == "" {
		return b.deployDrop(u, a.To)
	}
	var from *hex.Hex
	switch {
	case u.Status == Active && u.Hex == a.To:
		return illegal("%s already stands in %s", u.ID, a.To)
	case u.Status == Active && u.Class.Kind() != KindAir:
		from = hexp(u.Hex)
	case u.Status != Reserve:
		return illegal("%s is %v and does not deploy", u.ID, u.Status)
	}
	if err := b.s.SetupWait(u.Side); err != nil {
		return err
	}
	if u.Aboard != "" {
		return illegal("%s is aboard DropShip %s: it comes out by debarking once the ship has landed (%s)", u.ID, u.Aboard, bookCite{1253})
	}
	if err := b.deployError(u, a.To); err != nil {
		return err
	}
	u.Status, u.Hex, u.StartHex = Active, a.To, a.To
	text := fmt.Sprintf("%s deploys at %s", u.ID, a.To)
	if from != nil {
		text = fmt.Sprintf("%s deploys again, from %s to %s", u.ID, from, a.To)
	}
	b.emit(Event{Type: "deploy", Unit: u.ID, From: from, Hex: hexp(a.To), Audience: []string{u.Side}, Text: text})
	return nil
}

// deployError says why u may not be deployed in h: the weather, its zone,
// a DropShip off open level ground, or no room (canStand).
func (b *battle) deployError(u *Unit, h hex.Hex) error {
	if err := weatherDeployError(b.s, u); err != nil {
		return err
	}
	if err := b.zoneError(u, h); err != nil {
		return err
	}
	if u.Class.Kind() == KindDropShip {
		if err := dropShipGroundError(b.s, h); err != nil {
			return err
		}
	}
	return b.canStand(u, h)
}

// deployDrop declares, before the battle starts, the hex a unit dropping
// at the start lands on in turn 1 (000 line 2639; ruling DR21). The hex is
// secret from the enemy until the unit lands (DR1), and the enemy's
// deployment is secret from the dropping side, so only its own units
// count against the hex. Declared again, the new hex replaces the old.
func (b *battle) deployDrop(u *Unit, h hex.Hex) error {
	if !dropsAtStart(b.s, u) {
		return illegal("%s is kept in orbit: it drops with drop UNIT HEX (/battle drop) in your movement phase (%s)", u.ID, bookCite{735})
	}
	if err := dropTargetError(b.s, u, h, deployKnownAt(b.s, u.Side, h)); err != nil {
		return err
	}
	u.DropAt, u.DropTurn = h, 1
	b.emit(Event{Type: "drop_declared", Unit: u.ID, Hex: hexp(h), Audience: []string{u.Side},
		Text: fmt.Sprintf("%s will drop onto %s in turn 1 (%s)", u.ID, h, cite.Book(2639))})
	return nil
}

// deployKnownAt lists side's own units standing in h before the battle
// starts: the enemy's deployment is not yet known to it.
func deployKnownAt(s *State, side string, h hex.Hex) []*Unit {
	var out []*Unit
	for _, v := range s.UnitsAt(h, true) {
		if v.Side == side {
			out = append(out, v)
		}
	}
	return out
}

// canStand says why u may not stand in h at the end of a move, a
// deployment, a drop or a debarkation: off the map, prohibited terrain
// (unless on a road or jumping units, 000 lines 636–679), a DropShip's
// hex, a DropShip among other units, or a full hex (000 line 630).
func (b *battle) canStand(u *Unit, h hex.Hex) error { return b.standError(u, h, "") }

// canStandKnown is canStand from what u's side knows: the enemy's hidden
// units in h are left out (ruling M12), so a refusal never counts them.
func (b *battle) canStandKnown(u *Unit, h hex.Hex) error { return b.standError(u, h, u.Side) }

// revealFilling reveals the hidden units in h that alone keep u from
// standing there, as a side that sees where u ends up counts the hex: a
// side that sees room in h (its own hidden units counted, no other
// side's) would otherwise learn from u's going elsewhere that the
// others' hidden units fill it (ruling M12). u's own side sees where u
// ends up, so the enemy's hidden units are revealed to it; inSight is
// set when every side sees it (a drop's or a scatter's hex, a move's
// fall-back, public events), and then u's own side's hidden units are
// revealed too when they alone fill h as the enemy counts it.
func (b *battle) revealFilling(u *Unit, h hex.Hex, inSight bool) {
	if b.canStand(u, h) == nil {
		return
	}
	viewers := []string{u.Side}
	if inSight {
		viewers = viewers[:0]
		for _, sd := range b.s.Sides {
			viewers = append(viewers, sd.ID)
		}
	}
	reveal := map[string]bool{}
	for _, side := range viewers {
		if b.standError(u, h, side) != nil {
			continue
		}
		for _, v := range b.s.UnitsAt(h, true) {
			if v.Hidden && v.Side != side {
				reveal[v.ID] = true
			}
		}
	}
	for _, v := range b.s.UnitsAt(h, true) {
		switch {
		case !reveal[v.ID]:
		case v.Side == u.Side:
			b.unhide(v, fmt.Sprintf("hidden %v %s is revealed at %s, which %s of its own side finds full", v.Class.Kind(), v.ID, h, u.ID))
		default:
			b.unhide(v, fmt.Sprintf("hidden %v %s is revealed at %s as an enemy unit tries to enter", v.Class.Kind(), v.ID, h))
		}
	}
}

// tryStand reports whether u may stand in h, a hex a search for room
// tries: a fall-back along a path or a line, a drop's or a scatter's
// nearest hex, an entry edge. The hidden units that alone fill h are
// revealed (revealFilling, inSight as there), as where u ends up would
// otherwise tell a side that a hex it sees with room was full (ruling
// M12).
func (b *battle) tryStand(u *Unit, h hex.Hex, inSight bool) bool {
	if b.canStand(u, h) == nil {
		return true
	}
	b.revealFilling(u, h, inSight)
	return false
}

// standError is canStand as side counts h: the hidden units of every
// other side are left out ("" counts them all).
func (b *battle) standError(u *Unit, h hex.Hex, side string) error {
	s := b.s
	if !s.Map.Contains(h) {
		return illegal("hex %s is not on the map", h)
	}
	c := s.Cell(h)
	mv := u.Class.Info().Movement
	if u.Class.Ground() && c.Terrain.Info().Prohibited[mv] && !c.Road {
		return illegal("%s units may not enter %v (hex %s)", u.Class, c.Terrain, h)
	}
	n := 0
	for _, v := range s.UnitsAt(h, true) {
		if v.ID == u.ID || side != "" && v.Hidden && v.Side != side {
			continue
		}
		n++
		if v.Class.Kind() == KindDropShip {
			return illegal("no unit may enter hex %s: DropShip %s stands there (%s)", h, v.ID, bookCite{630})
		}
		if u.Hidden && v.Hidden && v.Side == u.Side {
			return illegal("hidden infantry %s already stands in %s: a hex holds at most one hidden infantry unit (%s)", v.ID, h, bookCite{1055})
		}
	}
	if u.Class.Kind() == KindDropShip && n > 0 {
		return illegal("no unit may share a DropShip's hex (%s); %s already holds %s", bookCite{630}, h, unitCount(n))
	}
	if n >= StackLimit {
		return illegal("hex %s already holds %d units; no more than %d may stand in one hex", h, n, StackLimit)
	}
	return nil
}
