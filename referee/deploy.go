package referee

import (
	"fmt"

	"bfbot/mapgen/hex"
)

// deploy places a reserve unit on the map before the battle starts, in a
// hex its ground may hold, within the stacking limit.
func (b *battle) deploy(a Action) error {
	if b.s.Phase != PhaseDeploy {
		return illegal("units deploy before the battle starts")
	}
	u := b.unit(a.Unit)
	if u.Status != Reserve {
		return illegal("%s is already on the map", u.ID)
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
	b.emit(Event{Type: "deploy", Unit: u.ID, Hex: hexp(a.To), Audience: []string{u.Side}, Text: fmt.Sprintf("%s deploys at %s", u.ID, a.To)})
	return nil
}

// canStand says why u may not stand in h at the end of a move or a
// deployment: off the map, prohibited terrain (unless on a road or
// jumping units, 000 lines 636–681), or a full hex (000 line 624).
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
		if v.ID != u.ID {
			n++
		}
	}
	if n >= StackLimit {
		return illegal("hex %s already holds %d units; no more than %d may stand in one hex", h, n, StackLimit)
	}
	return nil
}
