package command

import (
	"strconv"
	"strings"
	"testing"

	"bfbot/campaign"
	"bfbot/referee"
	"bfbot/referee/dice"
)

// Ensure a drop at a contact through the commands (000 line 2639; ruling
// DR21): the Lancers hold a battlegroup kept ready to drop in orbit, drop
// it into the sector of a Bandits battlegroup and find it; in the battle
// the lance's drop hex, declared with /battle deploy, is told to the
// Lancers alone: no reply the Bandits see — their view, record, maps
// and their descriptions, decisions — names it or the lance, and their
// /battle view does not show it, until it lands.
func TestDropHexSecret(t *testing.T) {
	f := cmdNewFixture(t, false)
	var lance string
	err := f.store.Update(t.Context(), 1, func(c *campaign.Campaign, _ *dice.Dice) (*campaign.Campaign, error) {
		n := c.Clone()
		s := n.Side("crucis")
		bg := s.Battlegroup(2)
		for _, id := range bg.Units {
			s.Unit(id).DropReady = true
		}
		lance = bg.Units[0]
		return n, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	f.cmdMust("alice", "bg", "place", "bg", "2", "sector", "orbit")
	f.cmdMust("ref", "campaign", "start")
	c := f.scdCampaign(1)
	var target int
	for _, b := range c.Side("bandits").Battlegroups {
		if !b.RBG {
			target = b.Sector
			break
		}
	}
	sector := strconv.Itoa(target)
	f.cmdMust("alice", "orders", "drop", "bg", "2", "sector", sector)
	f.cmdMust("alice", "orders", "search", "sectors", sector)
	f.cmdMust("alice", "orders", "ready")
	f.cmdMust("bob", "orders", "ready")
	f.cmdMust("ref", "campaign", "advance")
	// The drop opens the search step (ruling CO10); alice's search, given
	// with her orders, stands.
	if c = f.scdCampaign(1); c.Phase != campaign.PhaseSearches {
		t.Fatalf("phase %s after a turn with a drop, want the search step", c.Phase)
	}
	f.cmdMust("ref", "campaign", "advance")
	c = f.scdCampaign(1)
	var battle *campaign.Battle
	for i := range c.Battles {
		if st := c.Battles[i].State; st.Unit(lance) != nil {
			battle = &c.Battles[i]
		}
	}
	if battle == nil || !battle.State.Campaign.Zones[lance].Drop {
		t.Fatalf("no battle with %s dropping at the start: %+v", lance, c.Battles)
	}
	id := strconv.Itoa(battle.ID)
	f.cmdSetUpTogether(battle.ID)
	var bobSaw []Reply
	see := func(rs []Reply) {
		for _, r := range rs {
			if r.To == Public || r.User == "bob" {
				bobSaw = append(bobSaw, r)
			}
		}
	}
	h := "1009"
	out := f.cmdMust("alice", "battle", "deploy", "battle", id, "unit", lance, "hex", h)
	if got := cmdTexts(out); !strings.Contains(got, lance+" will drop onto "+h) {
		t.Errorf("the Lancers are not told the drop hex:\n%s", got)
	}
	see(out)
	see(f.cmdMust("bob", "battle", "view", "battle", id))
	// His record, his maps in words and pictures, his decisions.
	for _, q := range [][2]string{{"battle", "log"}, {"map", "describe"}, {"map", "tactical"}, {"battle", "status"}} {
		see(f.cmdMust("bob", q[0], q[1], "battle", id))
	}
	see(f.cmdDo("bob", "map", "tactical", "battle", id, "zoom", "action"))
	see(f.cmdMust("bob", "map", "tactical", "battle", id, "zoom", "0505"))
	see(f.cmdMust("bob", "campaign", "decide"))
	see(f.cmdMust("bob", "campaign", "status"))
	if st := f.scdCampaign(1).Battle(battle.ID).State; st.View("bandits").Unit(lance) != nil {
		t.Errorf("the Bandits' view holds %s in orbit", lance)
	}
	for _, r := range bobSaw {
		text := r.Text
		for _, f := range r.Files {
			text += "\n" + f.Description
		}
		if strings.Contains(text, lance) || strings.Contains(text, h) {
			t.Errorf("a reply the Bandits see names the drop: %s %s: %s", r.To, r.User, text)
		}
	}
	if u := f.scdCampaign(1).Battle(battle.ID).State.Unit(lance); u.DropAt.String() != h || u.Status != referee.Reserve {
		t.Errorf("%s: drop at %s, %v", lance, u.DropAt, u.Status)
	}
}
