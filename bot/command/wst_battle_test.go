package command

import (
	"strconv"
	"strings"
	"testing"

	"bfbot/campaign"
	"bfbot/mapgen/hex"
	"bfbot/referee/dice"
)

// Ensure the mines option of /battle deploy reads hex:points pairs and
// refuses anything else with the expected form in the message; that it
// places mines alone; and that the old /battle mines says where it went.
func TestWstParseMines(t *testing.T) {
	t.Run("OK", func(t *testing.T) {
		got, err := parseMines(" 0807:10, 0910:5 ")
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != 2 || got[hex.MustParse("0807")] != 10 || got[hex.MustParse("0910")] != 5 {
			t.Errorf("got %v", got)
		}
	})
	for _, tt := range []struct{ name, in, want string }{
		{"ErrEmpty", "  ", "mines: none given"},
		{"ErrNoPoints", "0807", `"0807" has no points`},
		{"ErrBadHex", "08x7:10", `"08x7" is not a hex`},
		{"ErrBadPoints", "0807:ten", `"ten" is not a number`},
		{"ErrZeroPoints", "0807:0", `"0" is not a number of points above 0`},
		{"ErrTwice", "0807:5 0807:5", "0807 is given twice"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := parseMines(tt.in)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("err = %v, want %q", err, tt.want)
			}
			if err != nil && tt.name != "ErrTwice" && !strings.Contains(err.Error(), "0807:10 0910:5") {
				t.Errorf("err = %v: does not show the form", err)
			}
		})
	}
	t.Run("ErrThroughDispatch", func(t *testing.T) {
		f := cmdNewFixture(t, true)
		got := cmdTexts(f.cmdDo("alice", "battle", "deploy", "mines", "0807"))
		if !strings.Contains(got, "private alice") || !strings.Contains(got, "has no points") {
			t.Errorf("got:\n%s", got)
		}
		got = cmdTexts(f.cmdDo("alice", "battle", "deploy", "mines", "0807:10", "unit", "A1", "hex", "0807"))
		if !strings.Contains(got, "mines: places your mines alone") {
			t.Errorf("mines: with unit: and hex: got:\n%s", got)
		}
		got = cmdTexts(f.cmdDo("alice", "battle", "mines", "hexes", "0807:10"))
		if !strings.Contains(got, `/battle mines is now /battle deploy mines:"0807:10 0910:5"`) {
			t.Errorf("the old /battle mines: got:\n%s", got)
		}
	})
}

// Ensure the referee's notes (R11) reach the referee by direct message
// and no player: not the campaign channel, not a side's players.
func TestWstRefereeNoteReplies(t *testing.T) {
	f := cmdNewFixture(t, true)
	c, err := f.store.Get(t.Context(), 1)
	if err != nil {
		t.Fatal(err)
	}
	evs := []campaign.Event{
		{Turn: 1, Step: "contact", Type: "referee-note", Audience: []string{campaign.RefereeAudience}, Text: "judge the disaster"},
		{Turn: 1, Step: "contact", Type: "setup", Audience: []string{"crucis"}, Text: "crucis secret"},
	}
	out := EventReplies(c, evs)
	var toRef bool
	for _, r := range out {
		has := strings.Contains(r.Text, "judge the disaster")
		switch {
		case has && r.To == DM && r.User == "ref":
			toRef = true
		case has:
			t.Errorf("the note went %s to %q", r.To, r.User)
		}
	}
	if !toRef {
		t.Errorf("the referee did not get the note:\n%s", cmdTexts(out))
	}
}

// Ensure /battle refuse asks first, then ends the battle for a side the
// setup tables let refuse, and refuses a side they did not.
func TestWstBattleRefuse(t *testing.T) {
	f, id := wstBattle(t)
	bid := strconv.Itoa(id)
	err := f.store.Update(t.Context(), 1, func(c *campaign.Campaign, _ *dice.Dice) (*campaign.Campaign, error) {
		n := c.Clone()
		n.Battle(id).Refusal = []string{"crucis"}
		return n, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if got := cmdTexts(f.cmdDo("bob", "battle", "refuse", "battle", bid, "confirm", "true")); !strings.Contains(got, "may not refuse") {
		t.Errorf("bandits refused without the right:\n%s", got)
	}
	got := cmdTexts(f.cmdMust("alice", "battle", "refuse", "battle", bid))
	if c, _ := f.store.Get(t.Context(), 1); c.Battle(id).Over || !strings.Contains(got, "confirm:true") {
		t.Fatalf("refused without confirming:\n%s", got)
	}
	got = cmdTexts(f.cmdMust("alice", "battle", "refuse", "battle", bid, "confirm", "true"))
	if c, _ := f.store.Get(t.Context(), 1); !c.Battle(id).Over || !strings.Contains(got, "refuses the battle") {
		t.Errorf("the battle goes on after a refusal:\n%s", got)
	}
	if got := cmdTexts(f.cmdDo("alice", "battle", "deploy", "battle", bid, "mines", "0807:5")); !strings.Contains(got, "is over") {
		t.Errorf("mines placed in a battle that is over:\n%s", got)
	}
}

// wstBattle plays the players' contact orders (cmdContactOrders) and
// the campaign turns straight through the store (no command rate limits)
// until a battle waits to be fought.
func wstBattle(t *testing.T) (*cmdFixture, int) {
	t.Helper()
	f := cmdNewFixture(t, true)
	for range 2 {
		err := f.store.Update(t.Context(), 1, func(c *campaign.Campaign, d *dice.Dice) (*campaign.Campaign, error) {
			for _, s := range c.Sides {
				for _, o := range cmdContactOrders(t, c, s.ID) {
					n, _, err := campaign.GiveOrder(c, s.ID, o)
					if err != nil {
						return nil, err
					}
					c = n
				}
			}
			n, _, err := campaign.Advance(c, d)
			return n, err
		})
		if err != nil {
			t.Fatal(err)
		}
		c, err := f.store.Get(t.Context(), 1)
		if err != nil {
			t.Fatal(err)
		}
		if ids := campaign.Unfought(c); len(ids) > 0 {
			return f, ids[0]
		}
	}
	t.Fatal("the battalions sent to meet made no contact by turn 2")
	return nil, 0
}
