package discord_test

import (
	"bytes"
	"context"
	"log/slog"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"bfbot/bot/command"
	"bfbot/bot/discord"
	"bfbot/bot/discordtest"
)

// Ids used across the tests (snowflake-like).
const (
	dscGuild   = "100000000000000100"
	dscChannel = "100000000000000200"
	dscAlice   = "100000000000000301"
	dscBob     = "100000000000000302"
	dscWait    = 5 * time.Second
)

// dscLoud is user text that would ping the whole server, a role and
// format the message, were it posted verbatim.
const dscLoud = "@everyone <@&123> **bold** @here"

// dscPNG is the start of a PNG file: enough for Discord and the assertions.
var dscPNG = []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR-fake-map")

// dscDispatcher is a small command layer of its own, independent of the
// real registry: it records requests and can hold a handler until released.
type dscDispatcher struct {
	mu       sync.Mutex
	requests []command.Request
	release  chan struct{} // closed to let /slow and /hold finish
	started  chan string   // receives the name of a held command once it runs
}

func dscNewDispatcher() *dscDispatcher {
	return &dscDispatcher{release: make(chan struct{}), started: make(chan string, 8)}
}

func (d *dscDispatcher) Specs() []command.Spec {
	complete := func(context.Context, *command.Request, string) []string { return nil }
	return []command.Spec{
		{Name: "battle", Sub: "auto", Description: "The AI fights the battle (its Auto-resolve button is held like /slow)", Where: command.GuildOnly, Slow: true},
		{Name: "battle", Sub: "status", Description: "The battle's state", Where: command.GuildOnly, Options: []command.Option{
			{Name: "tell", Description: "A player of the other side, told a secret by DM", Type: command.String},
		}},
		{Name: "buttons", Description: "Seven buttons"},
		{Name: "call", Description: "Pings a player", Options: []command.Option{
			{Name: "user", Description: "Who", Type: command.UserID, Required: true},
		}},
		{Name: "hold", Description: "Waits for the test"},
		{Name: "notify", Description: "DM another player", Options: []command.Option{
			{Name: "user", Description: "Who", Type: command.String, Required: true},
			{Name: "aside", Description: "Also a private reply addressed to him", Type: command.Boolean},
		}},
		{Name: "orders", Sub: "move", Description: "Move a battlegroup", Options: []command.Option{
			{Name: "confirm", Description: "Sure?", Type: command.Boolean},
			{Name: "battlegroup", Description: "Which", Type: command.String, Required: true, Complete: complete},
			{Name: "hexes", Description: "How far", Type: command.Integer},
			{Name: "mode", Description: "How", Type: command.String, Choices: []string{"march", "forced"}},
		}},
		{Name: "orders", Sub: "show", Description: "Your orders, by DM"},
		{Name: "panic", Description: "A broken handler"},
		{Name: "ping", Description: "Answers pong", Where: command.Anywhere},
		{Name: "picture", Description: "Pictures with descriptions"},
		{Name: "secret", Description: "Only for you"},
		{Name: "shout", Description: "User text everywhere"},
		{Name: "shout-slow", Description: "User text everywhere, deferred", Slow: true},
		{Name: "slow", Description: "Takes its time", Slow: true},
	}
}

func (d *dscDispatcher) Dispatch(ctx context.Context, r *command.Request) []command.Reply {
	d.mu.Lock()
	d.requests = append(d.requests, *r)
	d.mu.Unlock()
	switch {
	case strings.HasPrefix(r.Component, "bf1|auto|"):
		d.started <- "auto"
		<-d.release
		return []command.Reply{{To: command.Private, Text: "auto done"}}
	case r.Component != "":
		return []command.Reply{{To: command.Private, Text: "pressed " + r.Component + " " + r.Options["note"]}}
	case r.Name == "panic":
		panic("broken handler")
	case r.Name == "ping":
		return []command.Reply{{To: command.Public, Text: "pong"}}
	case r.Name == "secret":
		return []command.Reply{{To: command.Private, Text: "only for " + r.User.Name}}
	case r.Name == "slow", r.Name == "hold":
		d.started <- r.Name
		select {
		case <-d.release:
		case <-ctx.Done():
			return nil
		}
		return []command.Reply{{To: command.Private, Text: r.Name + " done"}, {To: command.Public, Text: r.Name + " public"}}
	case r.Name == "orders" && r.Sub == "show":
		return []command.Reply{{To: command.DM, Text: "Your sealed orders", Files: []command.File{{Name: "orders.png", Data: dscPNG, Description: dscAlt}}}}
	case r.Name == "picture":
		// A described picture in the interaction's answer and in a
		// follow-up, and a silent DM.
		f := []command.File{{Name: "map.png", Data: dscPNG, Description: dscAlt}}
		return []command.Reply{{To: command.Public, Text: "the map", Files: f}, {To: command.Private, Text: "your map", Files: f},
			{To: command.DM, Text: "quietly", Silent: true}}
	case r.Name == "orders" && r.Sub == "move":
		return []command.Reply{{To: command.Private, Text: "moving " + r.Options["battlegroup"] + " " + r.Options["hexes"] + " " + r.Options["confirm"]}}
	case r.Name == "notify":
		out := []command.Reply{{To: command.DM, User: r.Options["user"], Text: "a secret for you"}, {To: command.Private, Text: "notified"}}
		if r.Options["aside"] == "true" {
			// A handler's slip: a private reply for someone else.
			out = append(out, command.Reply{To: command.Private, User: r.Options["user"], Text: "an aside for you"})
		}
		return out
	case r.Name == "battle":
		out := []command.Reply{{To: command.Public, Battle: 7, Text: "battle 7 turn 1"}}
		if u := r.Options["tell"]; u != "" {
			// A secret of the other side's (its sighting of the caller's
			// unit): only its addressee may learn that it was sent.
			out = append(out, command.Reply{To: command.DM, User: u, Text: "your side sights a unit"})
		}
		return out
	case r.Name == "shout", r.Name == "shout-slow":
		// A name a player typed, with mentions and markdown, in every
		// kind of reply.
		return []command.Reply{
			{To: command.Public, Text: dscLoud, Embeds: []command.Embed{{Title: dscLoud, Description: dscLoud,
				Fields: []command.Field{{Name: dscLoud, Value: dscLoud}}}}},
			{To: command.Private, Text: "private " + dscLoud},
			{To: command.DM, Text: "dm " + dscLoud},
			{To: command.Public, Battle: int64(len(r.Name)), Text: "thread " + dscLoud},
			{To: command.Public, Text: "second " + dscLoud},
		}
	case r.Name == "call":
		u := r.Options["user"]
		return []command.Reply{{To: command.Public, Text: r.Resolved[u] + ", your orders are due", Ping: []string{u}}}
	case r.Name == "buttons":
		var bs []command.Button
		for _, id := range []string{"a", "b", "c", "d", "e", "f", "g"} {
			bs = append(bs, command.Button{Label: "Do " + id, CustomID: "btn:" + id, Danger: id == "g"})
		}
		return []command.Reply{{To: command.Public, Text: "choose", Buttons: bs}}
	}
	return []command.Reply{{To: command.Private, Text: "unknown"}}
}

func (d *dscDispatcher) Complete(_ context.Context, r *command.Request, option, partial string) []string {
	if option != "battlegroup" {
		return nil
	}
	var out []string
	for _, bg := range []string{"Alpha", "Bravo", "Charlie"} {
		if strings.HasPrefix(strings.ToLower(bg), strings.ToLower(partial)) {
			out = append(out, bg)
		}
	}
	return out
}

// last returns the last request the dispatcher received.
func (d *dscDispatcher) last() command.Request {
	d.mu.Lock()
	defer d.mu.Unlock()
	if len(d.requests) == 0 {
		return command.Request{}
	}
	return d.requests[len(d.requests)-1]
}

// dscLog is a log buffer safe for the handlers' goroutines.
type dscLog struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *dscLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

func (l *dscLog) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}

// dscRig is a fake Discord with a connected bot.
type dscRig struct {
	fake *discordtest.Fake
	bot  *discord.Bot
	d    *dscDispatcher
	log  *dscLog
	ids  atomic.Int64
}

// fresh returns a channel and two users no other test of the rig uses, so
// tests sharing a rig do not see each other's messages.
func (rig *dscRig) fresh() (channel, alice, bob string) {
	n := rig.ids.Add(3)
	id := func(k int64) string { return strconv.FormatInt(200000000000000000+n+k, 10) }
	return id(0), id(1), id(2)
}

// dscStart starts a fake Discord and a bot connected to it; the bot is
// closed at the end of the test.
func dscStart(tb testing.TB, guild string, opts ...discord.Option) *dscRig {
	tb.Helper()
	return dscStartOn(tb, discordtest.New(tb), guild, opts...)
}

// dscStartOn is dscStart on a fake of the caller's.
func dscStartOn(tb testing.TB, fake *discordtest.Fake, guild string, opts ...discord.Option) *dscRig {
	tb.Helper()
	d := dscNewDispatcher()
	lg := &dscLog{}
	logger := slog.New(slog.NewJSONHandler(lg, &slog.HandlerOptions{Level: slog.LevelDebug}))
	// The grace runs in real time: a test that wants a direct answer
	// would see a deferral after a stall of a loaded machine. Tests
	// about the grace set their own.
	opts = append([]discord.Option{discord.WithHTTPClient(fake.Client()), discord.WithAckGrace(time.Minute)}, opts...)
	bot, err := discord.New(fake.Token(), fake.AppID(), guild, d, logger, opts...)
	if err != nil {
		tb.Fatalf("New: %v", err)
	}
	dscOpen(tb, fake, bot)
	return &dscRig{fake: fake, bot: bot, d: d, log: lg}
}

// dscOpen connects bot to fake and closes it at the end of the test.
func dscOpen(tb testing.TB, fake *discordtest.Fake, bot *discord.Bot) {
	tb.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), dscWait)
	defer cancel()
	if err := bot.Open(ctx); err != nil {
		tb.Fatalf("Open: %v", err)
	}
	tb.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), dscWait)
		defer cancel()
		_ = bot.Close(ctx)
	})
	if err := fake.WaitConnected(dscWait); err != nil {
		tb.Fatal(err)
	}
}

func (rig *dscRig) send(tb testing.TB, user, guild, channel, name, sub string, opts map[string]any) discordtest.Interaction {
	tb.Helper()
	in, err := rig.fake.SendCommand(user, guild, channel, name, sub, opts)
	if err != nil {
		tb.Fatal(err)
	}
	return in
}

func (rig *dscRig) press(tb testing.TB, user, guild, channel, customID string) discordtest.Interaction {
	tb.Helper()
	in, err := rig.fake.PressButton(user, guild, channel, customID)
	if err != nil {
		tb.Fatal(err)
	}
	return in
}

func (rig *dscRig) modal(tb testing.TB, user, guild, channel, customID string, fields map[string]string) discordtest.Interaction {
	tb.Helper()
	in, err := rig.fake.SubmitModal(user, guild, channel, customID, fields)
	if err != nil {
		tb.Fatal(err)
	}
	return in
}

func (rig *dscRig) complete(tb testing.TB, user, guild, channel, name, sub, focused string, opts map[string]any) []string {
	tb.Helper()
	got, err := rig.fake.Autocomplete(user, guild, channel, name, sub, focused, opts)
	if err != nil {
		tb.Fatal(err)
	}
	return got
}

// dscStarted waits until a held handler runs.
func dscStarted(tb testing.TB, d *dscDispatcher, want string) {
	tb.Helper()
	select {
	case got := <-d.started:
		if got != want {
			tb.Fatalf("started %q, want %q", got, want)
		}
	case <-time.After(dscWait):
		tb.Fatalf("handler %q never started", want)
	}
}
