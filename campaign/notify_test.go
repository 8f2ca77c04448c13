package campaign

import "testing"

// Ensure quiet hours hold from their first hour up to their last, across
// midnight too, and that equal hours are none.
func TestNotifyQuiet(t *testing.T) {
	for _, tc := range []struct {
		from, to int
		quiet    []int
		loud     []int
	}{
		{22, 7, []int{22, 23, 0, 6}, []int{7, 12, 21}},
		{1, 5, []int{1, 4}, []int{0, 5, 23}},
		{9, 9, nil, []int{0, 9, 23}},
	} {
		p := NotifyPrefs{QuietFrom: tc.from, QuietTo: tc.to}
		for _, h := range tc.quiet {
			if !p.Quiet(h) {
				t.Errorf("%d–%d: %d:00 is not quiet", tc.from, tc.to, h)
			}
		}
		for _, h := range tc.loud {
			if p.Quiet(h) {
				t.Errorf("%d–%d: %d:00 is quiet", tc.from, tc.to, h)
			}
		}
	}
}

// Ensure only members keep preferences, hours are checked, the old
// campaign is left as it was, and the defaults take no room.
func TestSetNotify(t *testing.T) {
	c, err := Join(mustNewCampaign(t), "crucis", "alice")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := SetNotify(c, "mallory", NotifyPrefs{NoPings: true}); err == nil {
		t.Error("a stranger kept preferences")
	}
	if _, err := SetNotify(c, "alice", NotifyPrefs{QuietFrom: 22, QuietTo: 24}); err == nil {
		t.Error("hour 24 was taken")
	}
	n, err := SetNotify(c, "alice", NotifyPrefs{NoDigest: true, QuietFrom: 22, QuietTo: 7})
	if err != nil {
		t.Fatal(err)
	}
	if got := n.NotifyOf("alice"); !got.NoDigest || got.QuietFrom != 22 || c.NotifyOf("alice") != (NotifyPrefs{}) {
		t.Errorf("alice's preferences %+v, the old campaign's %+v", got, c.NotifyOf("alice"))
	}
	if n, err = SetNotify(n, "alice", NotifyPrefs{}); err != nil || len(n.Notify) != 0 {
		t.Errorf("back to the defaults: %v, %d entries kept", err, len(n.Notify))
	}
}

// Ensure a player who leaves or hands his seat on leaves no preferences
// behind.
func TestNotifyGoesWithTheSeat(t *testing.T) {
	c, err := Join(mustNewCampaign(t), "crucis", "alice")
	if err != nil {
		t.Fatal(err)
	}
	if c, err = Join(c, "bandits", "bob"); err != nil {
		t.Fatal(err)
	}
	for _, u := range []string{"alice", "bob"} {
		if c, err = SetNotify(c, u, NotifyPrefs{NoPings: true}); err != nil {
			t.Fatal(err)
		}
	}
	left, _, err := Leave(c, "alice")
	if err != nil {
		t.Fatal(err)
	}
	if _, kept := left.Notify["alice"]; kept || !left.NotifyOf("bob").NoPings {
		t.Errorf("after alice left: %v", left.Notify)
	}
	handed, err := Replace(c, "bob", "carol", false)
	if err != nil {
		t.Fatal(err)
	}
	if _, kept := handed.Notify["bob"]; kept || handed.NotifyOf("carol").NoPings {
		t.Errorf("after bob handed his seat to carol: %v", handed.Notify)
	}
}
