package discord

import (
	"testing"
	"unsafe"
)

// Ensure the DM channels remember a copy of the user's ID, not the
// caller's string: a reply's user is a campaign's, which may be its
// stored document's memory, and a key holding it kept the whole
// document alive as long as the bot ran (30 KB a player).
func TestDMChannelsKeepACopy(t *testing.T) {
	doc := []byte(`{"players":["300000000000000002"]}`)
	user := unsafe.String(&doc[13], 18)
	var c dmChannels
	c.set(user, "42")
	if id, ok := c.get("300000000000000002"); !ok || id != "42" {
		t.Fatalf("get = %q, %v; want 42, true", id, ok)
	}
	for k := range c.ids {
		if unsafe.StringData(k) == unsafe.StringData(user) {
			t.Error("the key is the caller's string, which keeps its document")
		}
	}
}
