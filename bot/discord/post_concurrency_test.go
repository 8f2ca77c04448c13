package discord_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"

	"bfbot/bot/command"
	"bfbot/bot/discord"
	"bfbot/bot/discordtest"
)

// skfGatedStore is a ThreadStore whose SetBattleThread holds, for the
// battles given a gate, until the test closes the gate: a database writer
// kept busy by other campaigns.
type skfGatedStore struct {
	*discord.MemoryStore
	gates   map[int64]chan struct{} // battle → closed to let its Set finish
	entered chan int64              // receives a battle when its Set starts
	looked  chan struct{}           // receives one value per lookup
}

func skfNewGatedStore(gated ...int64) *skfGatedStore {
	s := &skfGatedStore{
		MemoryStore: discord.NewMemoryStore(),
		gates:       map[int64]chan struct{}{},
		entered:     make(chan int64, 64),
		looked:      make(chan struct{}, 64),
	}
	for _, b := range gated {
		s.gates[b] = make(chan struct{})
	}
	return s
}

func (s *skfGatedStore) BattleThread(campaign, battle int64) (string, bool, error) {
	s.looked <- struct{}{}
	return s.MemoryStore.BattleThread(campaign, battle)
}

func (s *skfGatedStore) SetBattleThread(campaign, battle int64, threadID string) error {
	s.entered <- battle
	if g, ok := s.gates[battle]; ok {
		<-g
	}
	return s.MemoryStore.SetBattleThread(campaign, battle, threadID)
}

// skfEntered waits until the store's Set of battle starts.
func skfEntered(tb testing.TB, s *skfGatedStore, battle int64) {
	tb.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), dscWait)
	defer cancel()
	select {
	case got := <-s.entered:
		if got != battle {
			tb.Fatalf("Set of battle %d started, want %d", got, battle)
		}
	case <-ctx.Done():
		tb.Fatalf("Set of battle %d never started", battle)
	}
}

func skfBattleReply(battle int64, text string) []command.Reply {
	return []command.Reply{{To: command.Public, Campaign: 1, Battle: battle, Text: text}}
}

// Ensure posts racing to a battle that has no thread yet start one thread
// between them, all their messages in it, while the first one's store
// write is still in progress when the others arrive.
func TestPostBattleConcurrentOneThread(t *testing.T) {
	store := skfNewGatedStore(1)
	rig := dscStart(t, dscGuild, discord.WithStore(store))
	ch, _, _ := rig.fresh()
	ctx, cancel := context.WithTimeout(context.Background(), dscWait)
	defer cancel()

	const racers = 8
	errs := make(chan error, racers+1)
	go func() { errs <- rig.bot.Post(ctx, ch, skfBattleReply(1, "first")) }()
	skfEntered(t, store, 1)
	for len(store.looked) > 0 {
		<-store.looked // the first post's own lookups
	}
	var wg sync.WaitGroup
	for i := range racers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs <- rig.bot.Post(ctx, ch, skfBattleReply(1, fmt.Sprintf("racer %d", i)))
		}()
	}
	// Every racer has looked the thread up (and missed it) before the
	// first post's write lands.
	for range racers {
		select {
		case <-store.looked:
		case <-ctx.Done():
			t.Fatal("the racers never looked their thread up")
		}
	}
	close(store.gates[1])
	wg.Wait()
	for range racers + 1 {
		if err := <-errs; err != nil {
			t.Fatalf("Post: %v", err)
		}
	}
	threads := rig.fake.Threads(ch)
	if len(threads) != 1 {
		t.Fatalf("threads = %+v, want one", threads)
	}
	if got, want := len(rig.fake.Messages(threads[0].ID)), racers+1; got != want {
		t.Errorf("messages in the thread = %d, want %d", got, want)
	}
}

// Ensure a post to one battle does not wait for another battle's thread
// to be stored: battle 1's write holds until battle 2's post is done.
func TestPostBattleDoesNotWaitForOtherBattle(t *testing.T) {
	store := skfNewGatedStore(1)
	rig := dscStart(t, dscGuild, discord.WithStore(store))
	ch, _, _ := rig.fresh()
	ctx, cancel := context.WithTimeout(context.Background(), dscWait)
	defer cancel()

	first := make(chan error, 1)
	go func() { first <- rig.bot.Post(ctx, ch, skfBattleReply(1, "battle one")) }()
	skfEntered(t, store, 1)

	// Were battle 2 queued behind battle 1, this would end with ctx's
	// deadline and an error, battle 1's gate being still shut.
	done := make(chan error, 1)
	go func() { done <- rig.bot.Post(ctx, ch, skfBattleReply(2, "battle two")) }()
	skfEntered(t, store, 2)
	if err := <-done; err != nil {
		t.Fatalf("Post to battle 2 while battle 1 is being stored: %v", err)
	}
	id, ok, _ := store.MemoryStore.BattleThread(1, 1)
	if ok {
		t.Fatalf("battle 1's thread %s stored before its gate opened", id)
	}
	close(store.gates[1])
	if err := <-first; err != nil {
		t.Fatalf("Post to battle 1: %v", err)
	}
	if got := len(rig.fake.Threads(ch)); got != 2 {
		t.Errorf("threads = %d, want 2", got)
	}
}

// skfDMChannelCreates counts the bot's calls to the DM channel endpoint.
func skfDMChannelCreates(f *discordtest.Fake) int {
	n := 0
	for _, r := range f.Requests() {
		if r.Method == http.MethodPost && strings.HasSuffix(r.Path, "/users/@me/channels") {
			n++
		}
	}
	return n
}

// Ensure a user's DM channel is asked for once: later DMs reuse it.
func TestSendDMReusesChannel(t *testing.T) {
	rig := dscStart(t, dscGuild)
	_, alice, bob := rig.fresh()
	ctx, cancel := context.WithTimeout(context.Background(), dscWait)
	defer cancel()

	base := skfDMChannelCreates(rig.fake)
	for i, user := range []string{alice, alice, bob, alice, bob} {
		if err := rig.bot.SendDM(ctx, user, command.Reply{To: command.DM, Text: fmt.Sprintf("dm %d", i)}); err != nil {
			t.Fatalf("SendDM %d: %v", i, err)
		}
	}
	if got, want := skfDMChannelCreates(rig.fake)-base, 2; got != want {
		t.Errorf("DM channel creations = %d, want %d (one per user)", got, want)
	}
	if got := len(rig.fake.DMs(alice)); got != 3 {
		t.Errorf("alice's DMs = %d, want 3", got)
	}
	if got := len(rig.fake.DMs(bob)); got != 2 {
		t.Errorf("bob's DMs = %d, want 2", got)
	}
}

// skfUnknownChannel answers the next message sent to channel with
// Discord's "Unknown Channel" (a DM channel that vanished), once armed.
type skfUnknownChannel struct {
	base    http.RoundTripper
	mu      sync.Mutex
	channel string
}

func (t *skfUnknownChannel) arm(channel string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.channel = channel
}

func (t *skfUnknownChannel) RoundTrip(r *http.Request) (*http.Response, error) {
	t.mu.Lock()
	hit := t.channel != "" && r.Method == http.MethodPost && strings.HasSuffix(r.URL.Path, "/channels/"+t.channel+"/messages")
	if hit {
		t.channel = ""
	}
	t.mu.Unlock()
	if !hit {
		return t.base.RoundTrip(r)
	}
	if r.Body != nil {
		r.Body.Close()
	}
	return &http.Response{
		StatusCode: http.StatusNotFound,
		Status:     "404 Not Found",
		Header:     http.Header{"Content-Type": {"application/json"}},
		Body:       io.NopCloser(strings.NewReader(`{"message": "Unknown Channel", "code": 10003}`)),
		Request:    r,
	}, nil
}

// Ensure a remembered DM channel that Discord no longer knows is
// forgotten: the DM goes through a new channel, which is then reused.
func TestSendDMUnknownChannelForgotten(t *testing.T) {
	fake := discordtest.New(t)
	client := *fake.Client()
	gone := &skfUnknownChannel{base: client.Transport}
	client.Transport = gone
	bot, err := discord.New(fake.Token(), fake.AppID(), dscGuild, dscNewDispatcher(), nil, discord.WithHTTPClient(&client))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), dscWait)
	defer cancel()
	dm := func(text string) {
		t.Helper()
		if err := bot.SendDM(ctx, dscAlice, command.Reply{To: command.DM, Text: text}); err != nil {
			t.Fatalf("SendDM %q: %v", text, err)
		}
	}
	dm("one")
	gone.arm(fake.DMChannel(dscAlice))
	dm("two")
	dm("three")
	if got, want := skfDMChannelCreates(fake), 2; got != want {
		t.Errorf("DM channel creations = %d, want %d (again once after Unknown Channel)", got, want)
	}
	var texts []string
	for _, m := range fake.DMs(dscAlice) {
		texts = append(texts, m.Content)
	}
	if got, want := strings.Join(texts, ","), "one,two,three"; got != want {
		t.Errorf("alice's DMs = %s, want %s", got, want)
	}
}
