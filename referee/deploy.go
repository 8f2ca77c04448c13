package referee

import (
	"fmt"

	"bfbot/mapgen/hex"
)

// deploy places a reserve unit on the map before the battle starts, in a
// hex its ground may hold, within the stacking limit. A unit already
// deployed may be deployed again elsewhere until the battle starts: the
// enemy sees nothing of the deployment (ruling DP1).
func (b *battle) deploy(a Action) error {
	if b.s.Phase != PhaseDeploy {
		return illegal("units deploy before the battle starts")
	}
	u := b.unit(a.Unit)
	var from *hex.Hex
	switch {
	case u.Status == Active && u.Hex == a.To:
		return illegal("%s already stands in %s", u.ID, a.To)
	case u.Status == Active && u.Class.Ground():
		from = hexp(u.Hex)
	case u.Status != Reserve:
		return illegal("%s is %v and does not deploy", u.ID, u.Status)
	}
	if u.Aboard != "" {
		return illegal("%s is aboard DropShip %s: it comes out by debarking once the ship has landed (000 line 1253)", u.ID, u.Aboard)
	}
	if err := weatherDeployError(b.s, u); err != nil {
		return err
	}
	if err := b.zoneError(u, a.To); err != nil {
		return err
	}
	if err := b.canStand(u, a.To); err != nil {
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

// canStand says why u may not stand in h at the end of a move or a
// deployment: off the map, prohibited terrain (unless on a road or
// jumping units, 000 lines 636–681), or a full hex (000 line 630).
func (b *battle) canStand(u *Unit, h hex.Hex) error {
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
		if v.ID == u.ID {
			continue
		}
		n++
		if u.Hidden && v.Hidden && v.Side == u.Side {
			return illegal("hidden infantry %s already stands in %s: only one infantry unit may be hidden in a hex (000 line 1055)", v.ID, h)
		}
	}
	if n >= StackLimit {
		return illegal("hex %s already holds %d units; no more than %d may stand in one hex", h, n, StackLimit)
	}
	return nil
}
