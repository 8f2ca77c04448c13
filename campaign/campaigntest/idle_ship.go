// Package campaigntest holds campaigns that tests of more than one
// package play with. It is for tests only.
package campaigntest

import (
	"testing"

	"bfbot/campaign"
	"bfbot/referee"
)

// IdleShip is a scenario campaign whose battle (number 1) is in game
// turn 5, red's movement: red has nothing left but an empty landed
// DropShip, out of the enemy's way, which the AI lifts off once the
// battle has stalled (nobody has attacked for three game turns). The
// battle's record holds a step a blue 'Mech took off a red 'Mech in game
// turn 4, so it has not stalled: an AI told the record keeps the ship
// where it is, one made afresh and told nothing lifts it off.
func IdleShip(tb testing.TB) *campaign.Campaign {
	tb.Helper()
	st, err := referee.ReadPosition(`map blank 20x10
		turn 5 movement red player=9
		side red name="Red" retreat=west; side blue name="Blue" retreat=east
		unit R9 red union regular 13/0/7,13/0/7,13/0/7,13/0/7 @0505 r=6
		unit B1 blue medium-mech regular 12/12/10 @1805 r=5 mp=2`, nil)
	if err != nil {
		tb.Fatal(err)
	}
	c, err := campaign.NewScenarioBattle(7, "test", st, "surprise-encounter", 1)
	if err != nil {
		tb.Fatal(err)
	}
	one := "1"
	b := c.Battle(1)
	b.Log = append(b.Log, campaign.LoggedEvent{Event: referee.Event{Type: "attack", Turn: 4, Side: "blue", Attacker: "B1", Target: "R1", Mode: "ranged", Result: &one}})
	return c
}
