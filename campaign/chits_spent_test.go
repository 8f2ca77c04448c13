package campaign

import (
	"testing"

	"bfbot/referee"
)

// Ensure chits used in a battle do not come back in the next (ruling
// CB16): A6's Firepower chit, fired once (000 line 1318), and A7's Extra
// 'Mech chit, which absorbed a step and "is removed" (line 1304), are
// gone from the worksheet; B9's bomb load, dropped, is gone; B8's Extra
// 'Mech chit, never used, stays.
func TestChitsSpent(t *testing.T) {
	c, b := btlContact(t)
	cru, ban := c.Side("crucis"), c.Side("bandits")
	cru.Unit("A6").Lance.Chits.Firepower = 2
	cru.Unit("A7").Lance.Chits.ExtraMech = true
	ban.Unit("B8").Lance.Chits.ExtraMech = true
	ban.Unit("B9").Lance.Chits.Bomb = 10
	n := btlEnd(t, c, b.ID, "1", func(st *referee.State) {
		a6, a7, b8, b9 := st.Unit("A6"), st.Unit("A7"), st.Unit("B8"), st.Unit("B9")
		a6.Chits.Firepower, a6.FirepowerUsed = 2, true
		a7.Chits.ExtraMech, a7.ExtraMechUsed = true, true
		b8.Chits.ExtraMech = true
		b9.Chits.Bomb, b9.BombDropped = 10, true
	})
	mustCheck(t, n)
	if ch := n.Side("crucis").Unit("A6").Lance.Chits; ch.Firepower != 0 {
		t.Errorf("A6 keeps its spent Firepower chit: %+v", ch)
	}
	if ch := n.Side("crucis").Unit("A7").Lance.Chits; ch.ExtraMech {
		t.Errorf("A7 keeps its absorbed Extra 'Mech chit: %+v", ch)
	}
	if ch := n.Side("bandits").Unit("B8").Lance.Chits; !ch.ExtraMech {
		t.Errorf("B8 lost its unused Extra 'Mech chit: %+v", ch)
	}
	if ch := n.Side("bandits").Unit("B9").Lance.Chits; ch.Bomb != 0 {
		t.Errorf("B9 keeps its dropped bombs: %+v", ch)
	}
}
