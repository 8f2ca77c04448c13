package campaign

import "bfbot/referee/dice"

// setUpBattle turns a contact in a sector into a battle appended to
// c.Battles (owner: the battles/upkeep engineer; replace this stub file).
func setUpBattle(c *Campaign, sector int, sides []BattleSide, d *dice.Dice) error {
	return errorf("battle set-up is not built yet")
}

// Upkeep runs steps 7–11 once every battle of the turn is over (stub).
func Upkeep(c *Campaign, d *dice.Dice) (*Campaign, []Event, error) {
	return nil, nil, errorf("upkeep is not built yet")
}
