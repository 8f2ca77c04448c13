package campaign

import (
	"fmt"
	"testing"
)

// Ensure Check names every unit out of place as it should, each error
// once, with the other side or battlegroup of a unit listed twice: a
// unit listed twice by its side, in two battlegroups, in another side as
// well, a member that is no unit, a lost unit still placed, a unit that
// names another battlegroup than its own, and all at once.
func TestCheckUnitsInBattlegroups(t *testing.T) {
	for _, tc := range []struct {
		name  string
		spoil func(c *Campaign)
		want  string
	}{
		{"listed twice", func(c *Campaign) {
			s := &c.Sides[0]
			s.Units = append(s.Units, s.Units[0])
		}, "[unit ID A1 used by sides crucis and crucis side crucis: active unit A1 is in no battlegroup]"},
		{"two battlegroups", func(c *Campaign) {
			s := &c.Sides[0]
			s.Battlegroups[1].Units = append(s.Battlegroups[1].Units, s.Battlegroups[0].Units[0])
		}, "[side crucis: unit A1 in battlegroups 1 and 2 side crucis: unit A1 says battlegroup 1 but stands in 2]"},
		{"three battlegroups", func(c *Campaign) {
			s := &c.Sides[1]
			u := s.Battlegroups[0].Units[1]
			s.Battlegroups[1].Units = append(s.Battlegroups[1].Units, u)
			s.Battlegroups[2].Units = append(s.Battlegroups[2].Units, u, u)
		}, "[side bandits: unit B2 in battlegroups 1 and 2 side bandits: unit B2 in battlegroups 2 and 3 side bandits: unit B2 in battlegroups 3 and 3 side bandits: unit B2 says battlegroup 1 but stands in 3]"},
		{"both sides", func(c *Campaign) {
			c.Sides[1].Units = append(c.Sides[1].Units, c.Sides[0].Units[2])
		}, "[unit ID A3 used by sides crucis and bandits side bandits: active unit A3 is in no battlegroup]"},
		{"unknown member", func(c *Campaign) {
			s := &c.Sides[1]
			s.Battlegroups[0].Units = append(s.Battlegroups[0].Units, "ghost")
		}, "[side bandits: battlegroup 1 holds unknown unit ghost]"},
		{"unknown members, in their battlegroups' order", func(c *Campaign) {
			s := &c.Sides[1]
			s.Battlegroups[0].Units = append(s.Battlegroups[0].Units, "ghost", "wraith", "shade", "ghost")
			s.Battlegroups[1].Units = append(s.Battlegroups[1].Units, "spectre", "phantom")
		}, "[side bandits: unit ghost in battlegroups 1 and 1 side bandits: battlegroup 1 holds unknown unit ghost side bandits: battlegroup 1 holds unknown unit wraith side bandits: battlegroup 1 holds unknown unit shade side bandits: battlegroup 2 holds unknown unit spectre side bandits: battlegroup 2 holds unknown unit phantom]"},
		{"lost and placed", func(c *Campaign) {
			c.Sides[0].Units[3].Status = UnitDestroyed
		}, "[side crucis: destroyed unit A4 is still in battlegroup 1]"},
		{"another battlegroup", func(c *Campaign) {
			c.Sides[0].Units[1].Battlegroup = c.Sides[0].Battlegroups[1].ID
		}, "[side crucis: unit A2 says battlegroup 2 but stands in 1]"},
		{"all at once", func(c *Campaign) {
			s := &c.Sides[0]
			s.Units = append(s.Units, s.Units[4], s.Units[4])
			s.Battlegroups[1].Units = append(s.Battlegroups[1].Units, s.Units[4].ID, "ghost")
			c.Sides[1].Units = append(c.Sides[1].Units, s.Units[4])
		}, "[side crucis: unit A5 in battlegroups 1 and 2 side crucis: unit A5 says battlegroup 1 but stands in 2 unit ID A5 used by sides crucis and crucis side crucis: active unit A5 is in no battlegroup unit ID A5 used by sides crucis and crucis side crucis: active unit A5 is in no battlegroup side crucis: battlegroup 2 holds unknown unit ghost unit ID A5 used by sides crucis and bandits side bandits: active unit A5 is in no battlegroup]"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := mustNewCampaign(t)
			tc.spoil(c)
			if got := fmt.Sprint(c.Check()); got != tc.want {
				t.Errorf("Check = %s\nwant %s", got, tc.want)
			}
			// A Checker kept from a sound campaign finds the same.
			var k Checker
			k.CheckLogVP(mustNewCampaign(t), nil)
			if got := fmt.Sprint(k.CheckLogVP(c, c.Log.VP())); got != tc.want {
				t.Errorf("a kept Checker = %s\nwant %s", got, tc.want)
			}
		})
	}
}
