package discord_test

import (
	"context"
	"strconv"
	"testing"
	"time"

	"bfbot/bot/discord"
)

// dscHeldStore is a MemoryStore whose status look-up of one key waits
// until released: an update of that key in flight.
type dscHeldStore struct {
	*discord.MemoryStore
	key     string
	held    chan struct{} // closed once the held look-up has begun
	release chan struct{}
}

func (s *dscHeldStore) StatusMessage(channelID, key string) (discord.StatusRef, bool, error) {
	if key == s.key {
		close(s.held)
		<-s.release
	}
	return s.MemoryStore.StatusMessage(channelID, key)
}

// Ensure a campaign's status update does not wait for another's in
// flight: before, one lock covered every status message, held across the
// store and Discord's calls, and a /campaign command's answer waits for
// its status.
func TestStatusLockPerMessage(t *testing.T) {
	t.Parallel()
	store := &dscHeldStore{MemoryStore: discord.NewMemoryStore(), key: "campaign-1", held: make(chan struct{}), release: make(chan struct{})}
	rig := dscStart(t, dscGuild, discord.WithStore(store))
	ch, _, _ := rig.fresh()
	other := ""
	for k := 2; other == "" && k < 100; k++ { // a key of another stripe: the lock is striped
		if key := "campaign-" + strconv.Itoa(k); !rig.bot.SameStatusLock(ch, store.key, ch, key) {
			other = key
		}
	}
	if other == "" {
		t.Fatal("every key shares campaign 1's lock")
	}
	ctx := context.Background()
	first := make(chan error, 1)
	go func() { first <- rig.bot.UpsertStatus(ctx, ch, store.key, "Campaign 1") }()
	<-store.held
	second := make(chan error, 1)
	go func() { second <- rig.bot.UpsertStatus(ctx, ch, other, "Campaign 2") }()
	select {
	case err := <-second:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(dscWait):
		close(store.release)
		t.Fatalf("campaign 2's status waited %v for campaign 1's", dscWait)
	}
	close(store.release)
	if err := <-first; err != nil {
		t.Fatal(err)
	}
	if msgs := rig.fake.Messages(ch); len(msgs) != 2 || msgs[0].Content != "Campaign 2" || msgs[1].Content != "Campaign 1" {
		t.Errorf("messages %+v, want campaign 2's status, then campaign 1's", msgs)
	}
}
