package campaign

import (
	"fmt"
	"slices"
	"testing"

	"bfbot/mapgen"
	"bfbot/referee"
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

// Ensure a kept Checker places the units again when the campaign it
// checks differs in anything placing them reads from the last one it
// found sound (a side's units, battlegroups, their members and their
// fields placing reads, the map, the battlegroup IDs), in new lists or
// changed in place, and then finds what a fresh Check finds, again on a
// second look. Each case spoils a copy of a sound campaign as a change
// does, sharing what it does not change.
func TestCheckerPlacesAgain(t *testing.T) {
	small, err := mapgen.GenerateStrategic(1, 2, 2)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		spoil func(c *Campaign)
	}{
		{"a unit", func(c *Campaign) {
			s := &c.Sides[0]
			s.Units = slices.Clone(s.Units)
			s.Units[3].Status = UnitDestroyed
		}},
		{"a unit's status in place", func(c *Campaign) { c.Sides[0].Units[3].Status = UnitDestroyed }},
		{"a unit's battlegroup", func(c *Campaign) { c.Sides[0].Units[1].Battlegroup = c.Sides[0].Battlegroups[1].ID }},
		{"a unit's ID", func(c *Campaign) { c.Sides[1].Units[0].ID = c.Sides[0].Units[0].ID }},
		{"a unit's step", func(c *Campaign) { c.Sides[1].Units[2].Step = 99 }},
		{"a unit's class", func(c *Campaign) { c.Sides[0].Units[0].Lance.Class = referee.LightAir }},
		{"fewer units", func(c *Campaign) {
			s := &c.Sides[1]
			s.Units = s.Units[:len(s.Units)-1]
		}},
		{"a battlegroup", func(c *Campaign) {
			s := &c.Sides[1]
			s.Battlegroups = slices.Clone(s.Battlegroups)
			s.Battlegroups[0].Units = s.Battlegroups[0].Units[1:]
		}},
		{"a member in place", func(c *Campaign) { c.Sides[1].Battlegroups[0].Units[0] = "ghost" }},
		{"a battlegroup's ID", func(c *Campaign) { c.Sides[0].Battlegroups[2].ID = c.Sides[0].NextBattlegroup }},
		{"a battlegroup's sector", func(c *Campaign) { c.Sides[0].Battlegroups[0].Sector = 99 }},
		{"a second RBG", func(c *Campaign) { c.Sides[1].Battlegroups[0].RBG, c.Sides[1].Battlegroups[1].RBG = true, true }},
		{"fewer battlegroups", func(c *Campaign) {
			s := &c.Sides[0]
			s.Battlegroups = s.Battlegroups[:len(s.Battlegroups)-1]
		}},
		{"the map", func(c *Campaign) { c.Map = small }},
		{"battlegroup IDs", func(c *Campaign) { c.Sides[0].NextBattlegroup = 2 }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := mustNewCampaign(t)
			far := len(c.Map.Sectors)
			c.Sides[0].Battlegroups[1].Sector = far // on the map, not on the small one
			u := &c.Sides[0].Units[0]
			u.Step = 3 // in range for its class (a ground unit's four steps), not for an aerospace unit's two
			var k Checker
			if errs := k.CheckLogVP(c, c.Log.VP()); len(errs) > 0 {
				t.Fatalf("the campaign is not sound: %v", errs)
			}
			n := *c
			n.Sides = slices.Clone(c.Sides)
			tc.spoil(&n)
			want := fmt.Sprint(n.Check())
			if want == "[]" {
				t.Fatal("the spoiled campaign passes Check: the case tests nothing")
			}
			if got := fmt.Sprint(k.CheckLogVP(&n, n.Log.VP())); got != want {
				t.Errorf("the kept Checker = %s\nwant %s", got, want)
			}
			// Nor is a campaign found unsound taken for sound after.
			if got := fmt.Sprint(k.CheckLogVP(&n, n.Log.VP())); got != want {
				t.Errorf("the kept Checker, again = %s\nwant %s", got, want)
			}
		})
	}
}
