package campaign

import "fmt"

// Victory points (000 lines 2694–2706), upkeep step 9. The battles have
// already scored destroyed units (R8), captured ones (×2) and salvage (10
// a counter) as they ended (battle_end.go); here come the regimental
// battlegroup's elimination and the campaign objectives.

// RBGEliminatedVP is what eliminating the enemy's regimental battlegroup
// is worth, beyond its units' own costs (000 line 2703).
const RBGEliminatedVP = 200

// scoreVictoryPoints runs step 9, changing c in place.
func (c *Campaign) scoreVictoryPoints() {
	for i := range c.Sides {
		s := &c.Sides[i]
		enemy := c.Enemy(s.ID)
		if s.RBG() != nil || c.rbgScored(enemy.ID) {
			continue
		}
		// Its units were destroyed, captured or flew off the planet (line
		// 2703); the battles have counted the costs of those lost.
		c.emit(Event{Step: "vp", Type: "rbg_eliminated", Side: enemy.ID, VP: RBGEliminatedVP,
			Text: fmt.Sprintf("the regimental battlegroup of %s is eliminated: %s scores %d victory points", s.Name, enemy.Name, RBGEliminatedVP)})
	}
	c.scoreObjectives()
}

// rbgScored reports whether side has already scored the enemy RBG.
func (c *Campaign) rbgScored(side string) bool {
	for _, e := range c.Log.All() {
		if e.Type == "rbg_eliminated" && e.Side == side {
			return true
		}
	}
	return false
}
