package command

import (
	"strings"
	"testing"
)

// Ensure counts of one read "1 campaign", "1 page", not "1 campaigns",
// "1 pages" (english.Count).
func TestRepliesCountInTheSingular(t *testing.T) {
	reg := New(Deps{Store: NewMemStore(7), ErrorID: func() string { return "test" }, RateLimits: RateLimits{Off: true}, MaxCampaignsPerServer: 1})
	grCreate(reg, 0, "ref", "g", "c1", false) // growth_test.go
	if got := grCreate(reg, 0, "ref", "g", "c2", false); !strings.Contains(got, "This server already runs 1 campaign, as many as") {
		t.Errorf("a server at a cap of one:\n%s", got)
	}
	f := actFixture(t, actEdge) // battle_actions_test.go: a short record
	if got := cmdTexts(f.cmdDo("alice", "battle", "log", "battle", "1", "page", "2")); !strings.Contains(got, "battle 1's record for Lancers has 1 page") {
		t.Errorf("a page past a one-page record:\n%s", got)
	}
}
