package command

import (
	"context"
	"strings"
	"testing"

	"bfbot/campaign"
	"bfbot/referee/dice"
)

// raceStore is a Store whose Update number at (from 1) first runs
// between: what commits after a command read its campaign and before the
// command's own transaction, such as a deadline resolving the turn, comes
// there every time, not by a scheduler's luck.
type raceStore struct {
	Store
	at      int
	between func()
	updates int
}

func (s *raceStore) Update(ctx context.Context, id int64, fn func(*campaign.Campaign, *dice.Dice) (*campaign.Campaign, error)) error {
	if s.updates++; s.updates == s.at {
		s.between()
	}
	return s.Store.Update(ctx, id, fn)
}

// raceFixture is the started fixture (turn 1's orders open) whose
// registry runs on a raceStore over its MemStore.
func raceFixture(t *testing.T) (*cmdFixture, *raceStore) {
	t.Helper()
	f := cmdNewFixture(t, true)
	rs := &raceStore{Store: f.store}
	f.reg = New(Deps{Store: rs, ErrorID: func() string { return "test" }, RateLimits: RateLimits{Off: true}})
	return f, rs
}

// resolveTurn is the order deadline's work on campaign 1, committed by
// itself: the open phase closes (campaign.Advance).
func (f *cmdFixture) resolveTurn() {
	f.tb.Helper()
	err := f.store.Update(context.Background(), 1, func(c *campaign.Campaign, d *dice.Dice) (*campaign.Campaign, error) {
		n, _, err := campaign.Advance(c, d)
		return n, err
	})
	if err != nil {
		f.tb.Fatal(err)
	}
}

// Ensure a command about the campaign turn that the turn's resolution
// overtakes is refused, not carried into the next turn (ruling SRV4):
// the command reads turn 1's orders phase, the turn resolves (no contact
// on the fixture's map in turn 1: the upkeep opens turn 2), then the
// command's transaction runs. Nothing of it is done in turn 2, and the
// refusal tells only which phase closed and which is open (secrecy: the
// same words whatever the resolution did).
func TestOrderOvertakenByTheTurn(t *testing.T) {
	const refused = "⚠ turn 1's orders phase closed while your command was on its way: it was not carried out. " +
		"It is turn 2's orders phase now: give it again if it still stands."
	for _, tc := range []struct {
		name      string
		user      string
		cmd       []string
		untouched func(c *campaign.Campaign) bool
	}{
		{"hold", "alice", []string{"orders", "hold", "bg", "3"},
			func(c *campaign.Campaign) bool { return len(c.Side("crucis").Orders.Holds) == 0 }},
		{"ready", "alice", []string{"orders", "ready"},
			func(c *campaign.Campaign) bool { return !c.Side("crucis").Orders.Ready }},
		{"rename", "alice", []string{"bg", "rename", "bg", "3", "name", "Late"},
			func(c *campaign.Campaign) bool { return c.Side("crucis").Battlegroup(3).Name != "Late" }},
		{"buy", "alice", []string{"force", "buy", "units", "A1"},
			func(c *campaign.Campaign) bool { return c.Side("crucis").VPSpent == 0 }},
		{"advance", "ref", []string{"campaign", "advance"},
			func(c *campaign.Campaign) bool { return turnsClosed(c, 2) == 0 }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, rs := raceFixture(t)
			rs.at, rs.between = 1, f.resolveTurn
			got := cmdTexts(f.cmdDo(tc.user, tc.cmd[0], tc.cmd[1], tc.cmd[2:]...))
			c, _ := f.store.Get(t.Context(), 1)
			if c.Turn != 2 || c.Phase != campaign.PhaseOrders {
				t.Fatalf("the resolution left turn %d's %s phase, want turn 2's orders", c.Turn, c.Phase)
			}
			if want := "private " + tc.user + ": " + refused + "\n"; got != want {
				t.Errorf("/%s overtaken by the turn answered\n%s\nwant\n%s", strings.Join(tc.cmd, " "), got, want)
			}
			if !tc.untouched(c) {
				t.Errorf("/%s overtaken by the turn was carried into turn 2", strings.Join(tc.cmd, " "))
			}
		})
	}
}

// Ensure a set-up command that the start overtakes names the set-up as
// the players know it, before the start, not as "turn 0" (ruling SRV4).
func TestSetupOvertakenByTheStart(t *testing.T) {
	f := cmdNewFixture(t, false)
	rs := &raceStore{Store: f.store}
	f.reg = New(Deps{Store: rs, ErrorID: func() string { return "test" }, RateLimits: RateLimits{Off: true}})
	rs.at, rs.between = 1, func() {
		err := f.store.Update(t.Context(), 1, func(c *campaign.Campaign, d *dice.Dice) (*campaign.Campaign, error) {
			return campaign.Start(c, d)
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	got := cmdTexts(f.cmdDo("alice", "bg", "rename", "bg", "3", "name", "Late"))
	if want := "private alice: ⚠ the set-up before the start closed while your command was on its way: it was not carried out. " +
		"It is turn 1's orders phase now: give it again if it still stands.\n"; got != want {
		t.Errorf("/bg rename overtaken by the start answered\n%s\nwant\n%s", got, want)
	}
}

// Ensure a change committed between a command's read and its
// transaction that leaves the turn and phase as they were refuses
// nothing: the teammate's or the enemy's orders are no reason.
func TestOrderAfterAnotherOrderOfTheTurn(t *testing.T) {
	f, rs := raceFixture(t)
	rs.at, rs.between = 1, func() { f.cmdMust("bob", "orders", "ready") }
	f.cmdMust("alice", "orders", "hold", "bg", "3")
	if c, _ := f.store.Get(t.Context(), 1); len(c.Side("crucis").Orders.Holds) != 1 || !c.Side("bandits").Orders.Ready {
		t.Errorf("the hold and the enemy's seal: crucis holds %v, bandits ready %v", c.Side("crucis").Orders.Holds, c.Side("bandits").Orders.Ready)
	}
}

// Ensure the Ready button of turn 1's message, pressed as the turn
// resolves, seals nothing in turn 2.
func TestReadyButtonOvertakenByTheTurn(t *testing.T) {
	f, ready := readyAtStart(t)
	rs := &raceStore{Store: f.store, at: 1, between: f.resolveTurn}
	f.reg = New(Deps{Store: rs, ErrorID: func() string { return "test" }, RateLimits: RateLimits{Off: true}})
	got := cmdTexts(f.press("alice", ready))
	if want := "this button was for turn 1's orders phase, which has closed: it was not carried out. It is turn 2's orders phase now"; !strings.Contains(got, want) {
		t.Errorf("the Ready pressed as the turn resolved: %q, want %q", got, want)
	}
	if c, _ := f.store.Get(t.Context(), 1); c.Turn != 2 || c.Side("crucis").Orders.Ready {
		t.Errorf("turn %d, crucis ready %v: want turn 2's orders not sealed", c.Turn, c.Side("crucis").Orders.Ready)
	}
}

// Ensure the last seal with early_resolution, whose turn a deadline
// resolves between the seal and the early resolution, resolves nothing
// more: the next turn's orders, not yet given, are not resolved with it.
func TestEarlyResolutionOvertakenByTheTurn(t *testing.T) {
	f, rs := raceFixture(t)
	f.cmdMust("ref", "campaign", "settings", "early_resolution", "true")
	f.cmdMust("bob", "orders", "ready")
	// Update 1 seals alice's orders; the deadline comes before update 2,
	// the early resolution.
	rs.at, rs.between = rs.updates+2, f.resolveTurn
	got := cmdTexts(f.cmdMust("alice", "orders", "ready"))
	c, _ := f.store.Get(t.Context(), 1)
	if c.Turn != 2 || c.Phase != campaign.PhaseOrders || turnsClosed(c, 2) != 0 {
		t.Errorf("turn %d's %s phase, turn 2 closed %d times: want turn 2's orders open", c.Turn, c.Phase, turnsClosed(c, 2))
	}
	if strings.Contains(got, "could not resolve") {
		t.Errorf("the early resolution overtaken by the deadline said it failed:\n%s", got)
	}
}

// turnsClosed counts the log's "orders are closed" events of a turn.
func turnsClosed(c *campaign.Campaign, turn int) int {
	n := 0
	for _, e := range c.Log.All() {
		if e.Turn == turn && e.Step == "movement" && e.Type == "resolve" {
			n++
		}
	}
	return n
}

// Ensure the refusal of a command its turn overtook says what is open
// in every phase the turn may have reached, in words made of the turn
// and phase alone (both public): nothing else of the campaign.
func TestTurnMovedSaysWhatIsOpen(t *testing.T) {
	const head = "turn 1's orders phase closed while your command was on its way: it was not carried out. "
	for _, tc := range []struct {
		turn  int
		phase campaign.Phase
		want  string
	}{
		{1, campaign.PhaseSearches, "It is turn 1's search step now (drops were made): only searches may be given (/orders search) and sealed (/orders ready)."},
		{1, campaign.PhaseBattles, "It is turn 1's battles phase now: orders open again once its battles are over."},
		{2, campaign.PhaseOrders, "It is turn 2's orders phase now: give it again if it still stands."},
		{1, campaign.PhaseOver, "The campaign is over."},
	} {
		x := &call{Request: &Request{}, turn: "1-orders"}
		err := x.turnStillAsked(&campaign.Campaign{Turn: tc.turn, Phase: tc.phase})
		if err == nil || err.Error() != head+tc.want {
			t.Errorf("turn %d's %s phase: %v, want %q", tc.turn, tc.phase, err, head+tc.want)
		}
	}
	x := &call{Request: &Request{}, turn: "1-orders"}
	if err := x.turnStillAsked(&campaign.Campaign{Turn: 1, Phase: campaign.PhaseOrders}); err != nil {
		t.Errorf("in the turn and phase it came in: %v", err)
	}
}
