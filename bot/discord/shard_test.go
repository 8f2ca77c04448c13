package discord_test

import (
	"context"
	"log/slog"
	"strconv"
	"strings"
	"testing"

	"bfbot/bot/discord"
	"bfbot/bot/discordtest"
)

// Ensure a bot split into two gateway shards, two Bots on one fake
// Discord (two processes), serves every interaction once, on the shard
// Discord sends it to (a guild's on (guild_id >> 22) % 2, direct messages
// on shard 0); that each IDENTIFYs with its shard; and that only shard 0
// registers the commands.
func TestTwoShards(t *testing.T) {
	fake := discordtest.New(t)
	var ds [2]*dscDispatcher
	for i := range 2 {
		ds[i] = dscNewDispatcher()
		bot, err := discord.New(fake.Token(), fake.AppID(), "", ds[i], slog.New(slog.NewTextHandler(&dscLog{}, nil)),
			discord.WithHTTPClient(fake.Client()), discord.WithShard(i, 2))
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), dscWait)
		if err := bot.Open(ctx); err != nil {
			t.Fatal(err)
		}
		cancel()
		t.Cleanup(func() {
			ctx, cancel := context.WithTimeout(context.Background(), dscWait)
			defer cancel()
			bot.Close(ctx)
		})
	}
	if !fake.WaitShards(2, dscWait) {
		t.Fatal("the two shards did not both connect")
	}
	var shards []string
	for _, id := range fake.Identifies() {
		shards = append(shards, strconv.Itoa(id.Shard[0])+"/"+strconv.Itoa(id.Shard[1]))
	}
	if got := strings.Join(shards, " "); got != "0/2 1/2" {
		t.Errorf("IDENTIFY shards %q, want 0/2 1/2", got)
	}
	registered := 0
	for _, r := range fake.Requests() {
		if r.Method == "PUT" && strings.Contains(r.Path, "/commands") {
			registered++
		}
	}
	if registered != 1 {
		t.Errorf("the commands were registered %d times, want once (by shard 0)", registered)
	}
	// Guilds on either shard, and a DM.
	guilds := []string{"", strconv.FormatUint(1<<22*10, 10), strconv.FormatUint(1<<22*11, 10)}
	for i, g := range guilds {
		want := discordtest.ShardOf(g, 2)
		served := func(s int) int {
			ds[s].mu.Lock()
			defer ds[s].mu.Unlock()
			return len(ds[s].requests)
		}
		before := [2]int{served(0), served(1)}
		if _, err := fake.SendCommand(dscAlice, g, dscChannel, "ping", "", nil); err != nil {
			t.Fatal(err)
		}
		fake.Wait(dscWait, func() bool { return served(0)+served(1) > before[0]+before[1] })
		for s := range 2 {
			got := served(s) - before[s]
			if wantN := map[bool]int{true: 1, false: 0}[s == want]; got != wantN {
				t.Errorf("interaction %d (guild %q): shard %d served %d, want %d", i, g, s, got, wantN)
			}
		}
	}
}
