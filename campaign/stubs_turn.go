package campaign

import "bfbot/referee/dice"

// Order is one sealed order or worksheet change a player gives
// (owner: the orders/turn engineer; replace this stub file).
type Order struct {
	Kind        string   `json:"kind"` // move, drop, hold, liftoff, search, ready, split, merge, recon, rename
	Battlegroup int      `json:"battlegroup,omitempty"`
	Sectors     []int    `json:"sectors,omitempty"`
	Units       []string `json:"units,omitempty"`
	Name        string   `json:"name,omitempty"`
}

// GiveOrder validates and records an order for side (stub).
func GiveOrder(c *Campaign, side string, o Order) (*Campaign, []Event, error) {
	return nil, nil, errorf("orders are not built yet")
}

// ResolveTurn runs steps 1–5 of the campaign turn (stub).
func ResolveTurn(c *Campaign, d *dice.Dice) (*Campaign, []Event, error) {
	return nil, nil, errorf("turn resolution is not built yet")
}
