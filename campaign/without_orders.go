package campaign

import "slices"

// WithoutOrders lists the side's battlegroups that no order of this turn
// moves, holds or drops (the RBG counts as ordered when its DropShips
// lift off). Such a battlegroup is no mistake: it stays where it stands,
// without a prepared position. /orders ready names them so a forgotten
// one is noticed before the orders are sealed.
func WithoutOrders(c *Campaign, side string) []Battlegroup {
	s := c.Side(side)
	if s == nil {
		return nil
	}
	var out []Battlegroup
	for _, b := range s.Battlegroups {
		ordered := slices.Contains(s.Orders.Holds, b.ID) ||
			slices.ContainsFunc(s.Orders.Moves, func(m Move) bool { return m.Battlegroup == b.ID }) ||
			slices.ContainsFunc(s.Orders.Drops, func(d Drop) bool { return d.Battlegroup == b.ID }) ||
			b.RBG && s.Orders.LiftOff
		if !ordered {
			out = append(out, b)
		}
	}
	return out
}
