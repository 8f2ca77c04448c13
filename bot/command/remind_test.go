package command

import (
	"context"
	"strings"
	"testing"
)

// Ensure /orders remind keeps each player's choice: off until he asks,
// on after state:on, off again after state:off, and one player's choice
// is not another's.
func TestOrdersRemind(t *testing.T) {
	f := cmdNewFixture(t, true)
	steps := []struct {
		name, user, state string
		want              map[string]bool
		text              string
	}{
		{"DefaultOff", "alice", "", map[string]bool{}, "Reminders are off"},
		{"On", "alice", "on", map[string]bool{"alice": true}, "Reminders on"},
		{"ShowOn", "alice", "", map[string]bool{"alice": true}, "Reminders are on"},
		{"OtherPlayerOn", "bob", "on", map[string]bool{"alice": true, "bob": true}, "Reminders on"},
		{"Off", "alice", "off", map[string]bool{"bob": true}, "Reminders off"},
	}
	for _, s := range steps {
		t.Run(s.name, func(t *testing.T) {
			var kv []string
			if s.state != "" {
				kv = []string{"state", s.state}
			}
			got := cmdTexts(f.cmdMust(s.user, "orders", "remind", kv...))
			if !strings.Contains(got, s.text) {
				t.Errorf("reply %q, want it to say %q", got, s.text)
			}
			on, err := f.store.Reminded(context.Background(), 1)
			if err != nil {
				t.Fatal(err)
			}
			if !polSameSet(on, s.want) {
				t.Errorf("reminded %v, want %v", on, s.want)
			}
		})
	}
	t.Run("ErrReferee", func(t *testing.T) {
		if got := cmdTexts(f.cmdDo("ref", "orders", "remind", "state", "on")); !strings.Contains(got, refusedWho) {
			t.Errorf("the referee opting in: %q, want a refusal", got)
		}
	})
}

func polSameSet(a, b map[string]bool) bool {
	if len(a) != len(b) {
		return false
	}
	for k := range a {
		if !b[k] {
			return false
		}
	}
	return true
}
