package discord

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"bfbot/bot/command"

	"github.com/bwmarrin/discordgo"
)

// Intents are the gateway intents the bot asks for: interactions arrive
// whatever the intents; guilds and direct messages are enough for the rest.
const Intents = discordgo.IntentsGuilds | discordgo.IntentsDirectMessages

// PermissionPinMessages is Discord's Pin Messages permission (1 << 51),
// which the pin routes need since Discord split it from Manage Messages;
// discordgo v0.29.0 has no constant for it.
const PermissionPinMessages int64 = 1 << 51

// Permissions are what the bot needs in a campaign's channel, the list the
// README asks a server to grant: see and post in the channel and in the
// battles' threads, start those threads, attach maps and files, show
// embeds, and pin the campaign status. Answers to commands need none
// (they go through the interaction); a test checks the README names
// exactly these.
const Permissions = discordgo.PermissionViewChannel | discordgo.PermissionSendMessages |
	discordgo.PermissionSendMessagesInThreads | discordgo.PermissionCreatePublicThreads |
	discordgo.PermissionAttachFiles | discordgo.PermissionEmbedLinks | PermissionPinMessages

// Defaults of the options.
const (
	// DefaultAckGrace is how long a command not marked Slow may run before
	// the adapter defers it anyway, to stay inside Discord's 3 seconds,
	// which count from the interaction's creation and take in the
	// gateway's delivery and the deferral's own round trip. A handler
	// outlasts it when it waits behind other campaigns' store writes (one
	// writer at a time) on a loaded machine, and the deferral then came
	// up to 0.77 s after the grace in the soak (load average 12): at 2 s
	// the slowest acknowledgement was 2.77 s. At 1 s the same wait leaves
	// over a second to spare, and a command that answers in time (all
	// but the heaviest, on a machine not overloaded) is still answered in
	// its own message, not deferred.
	DefaultAckGrace = time.Second
	// interactionLife is how long after receiving an interaction the bot
	// uses its token (Discord: 15 minutes from the interaction; the
	// minute left covers the gateway's delay and the clocks' difference).
	// Replies that come later go without it (late.go).
	interactionLife = 14 * time.Minute
	// handlerLimit bounds a handler's run; its replies, delivered after,
	// are not bounded by it.
	handlerLimit = 14 * time.Minute
)

// Bot is the Discord adapter: it registers the command layer's specs as
// slash commands, turns interactions into command.Requests and the
// command.Replies into Discord messages. It holds no game logic.
type Bot struct {
	session *discordgo.Session
	token   string // kept only to scrub it from error texts
	appID   string
	guildID string
	d       command.Dispatcher
	log     *slog.Logger
	store   ThreadStore
	now     func() time.Time
	// tokenNow is the clock of interaction tokens' lives (late.go).
	tokenNow func() time.Time
	grace    time.Duration
	// deferPrivate says whether a Slow command's deferral is ephemeral.
	deferPrivate func(command.Spec) bool
	// files downloads attached files (attach.go).
	files *http.Client
	// gw is the gateway connection (gateway.go); discordgo does REST only.
	gw *gateway
	// shardID is the bot's gateway shard (WithShard); 0 registers the
	// commands.
	shardID int
	// places finds a campaign's channel; chans caches what Discord said
	// of each channel (place.go).
	places func(campaign int64) (string, bool)
	chans  chanCache

	specMu sync.RWMutex
	specs  map[specKey]command.Spec

	mu       sync.Mutex
	closing  bool
	closed   bool
	inflight sync.WaitGroup
	ctx      context.Context
	cancel   context.CancelFunc

	// threadMu guards threadCalls only, never a REST call or a store
	// write: a battle's thread is created once (post.go) while other
	// battles' posts go on.
	threadMu    sync.Mutex
	threadCalls map[BattleKey]*threadCall
	dms         dmChannels                // post.go
	missed      missedDMs                 // missed.go
	lateLost    atomic.Int64              // late replies lost (late.go)
	statusMu    [statusStripes]sync.Mutex // one status message per key (statusLock)
}

type specKey struct{ name, sub string }

// Option configures a Bot.
type Option func(*Bot)

// WithHTTPClient sets the HTTP client of the REST calls (tests pass the fake
// Discord's client).
func WithHTTPClient(c *http.Client) Option { return func(b *Bot) { b.session.Client = c } }

// WithStore sets where thread and status message ids are kept.
func WithStore(s ThreadStore) Option { return func(b *Bot) { b.store = s } }

// WithClock sets the clock that stamps Request.Now.
func WithClock(now func() time.Time) Option { return func(b *Bot) { b.now = now } }

// WithInteractionClock sets the clock on which an interaction token's
// life is counted (late.go); the default is real time. It is not the
// game's clock (WithClock), which tests run days in seconds: that must
// not age a token. Tests share this one with the fake Discord.
func WithInteractionClock(now func() time.Time) Option { return func(b *Bot) { b.tokenNow = now } }

// WithAckGrace sets how long a command not marked Slow may run before it is
// deferred.
func WithAckGrace(d time.Duration) Option { return func(b *Bot) { b.grace = d } }

// WithDeferPrivate decides, per spec, whether a deferred command's "thinking"
// message is ephemeral. The adapter cannot know a handler's first reply
// before it runs; the default (always private) suits the slow commands that
// answer the caller (maps drawn for his eyes); their public replies are then
// posted to the channel as ordinary messages.
func WithDeferPrivate(f func(command.Spec) bool) Option { return func(b *Bot) { b.deferPrivate = f } }

// New returns a Bot for the application appID. guildID, when set, registers
// the commands in that guild only (instant, for development; such commands
// are not offered in DMs); empty registers them globally. Nothing is
// contacted before Open.
func New(token, appID, guildID string, d command.Dispatcher, logger *slog.Logger, opts ...Option) (*Bot, error) {
	token = strings.TrimPrefix(strings.TrimSpace(token), "Bot ")
	switch {
	case token == "":
		return nil, errors.New("discord: the bot token is empty (set BFBOT_TOKEN)")
	case appID == "":
		return nil, errors.New("discord: the application id is empty")
	case d == nil:
		return nil, errors.New("discord: no command dispatcher")
	}
	if logger == nil {
		logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	s, err := discordgo.New("Bot " + token)
	if err != nil {
		return nil, fmt.Errorf("discord: %w", err)
	}
	// The adapter reads nothing from the state cache; interactions carry
	// what it needs. discordgo's own gateway is not opened (gateway.go).
	s.StateEnabled = false
	s.ShouldRetryOnRateLimit = true
	s.LogLevel = discordgo.LogError
	b := &Bot{
		session:      s,
		token:        token,
		appID:        appID,
		guildID:      guildID,
		d:            d,
		log:          logger.With("component", "discord"),
		store:        NewMemoryStore(),
		now:          time.Now,
		tokenNow:     time.Now,
		grace:        DefaultAckGrace,
		deferPrivate: func(command.Spec) bool { return true },
		files:        &http.Client{Timeout: DefaultFileTimeout},
		threadCalls:  map[BattleKey]*threadCall{},
	}
	b.ctx, b.cancel = context.WithCancel(context.Background())
	b.gw = newGateway(token, int(Intents), b.gatewayURL, b.onEvent, b.log)
	for _, o := range opts {
		o(b)
	}
	s.Client = withServerRetries(s.Client) // retry.go
	b.loadSpecs()
	s.AddHandler(func(_ *discordgo.Session, r *discordgo.RateLimit) {
		b.log.Warn("rate limited", "route", b.scrub(r.URL), "retry_after", r.RetryAfter)
	})
	return b, nil
}

// gatewayURL asks Discord where to connect (Get Gateway Bot).
func (b *Bot) gatewayURL(ctx context.Context) (string, error) {
	g, err := b.session.GatewayBot(discordgo.WithContext(ctx))
	if err != nil {
		return "", errors.New(b.scrub(err.Error()))
	}
	return g.URL, nil
}

// onEvent handles a gateway event: interactions are routed, each in its
// own goroutine; the others are logged.
func (b *Bot) onEvent(name string, data json.RawMessage) {
	switch name {
	case "READY":
		var r struct {
			User struct {
				ID string `json:"id"`
			} `json:"user"`
		}
		_ = json.Unmarshal(data, &r)
		b.log.Info("gateway ready", "session_user", r.User.ID)
	case "RESUMED":
		b.log.Info("gateway resumed")
	case "INTERACTION_CREATE":
		ic := &discordgo.InteractionCreate{}
		if err := json.Unmarshal(data, ic); err != nil {
			b.log.Error("interaction not understood", "error", err)
			return
		}
		go b.onInteractionCreate(b.session, ic)
	}
}

// loadSpecs indexes the dispatcher's specs by name and sub-command.
func (b *Bot) loadSpecs() {
	m := map[specKey]command.Spec{}
	for _, s := range b.d.Specs() {
		m[specKey{s.Name, s.Sub}] = s
	}
	b.specMu.Lock()
	b.specs = m
	b.specMu.Unlock()
}

func (b *Bot) spec(name, sub string) (command.Spec, bool) {
	b.specMu.RLock()
	defer b.specMu.RUnlock()
	s, ok := b.specs[specKey{name, sub}]
	return s, ok
}

// WithShard makes the bot shard id of count on the gateway (Discord
// requires sharding beyond 2,500 servers): Discord sends it the
// interactions of the guilds with (guild_id >> 22) % count == id, and
// shard 0 the direct messages too. Only shard 0 registers the commands,
// once for the whole bot. count 1 (or 0) is one connection, unsharded.
func WithShard(id, count int) Option {
	return func(b *Bot) {
		b.shardID = id
		if count > 1 {
			b.gw.shard = []int{id, count}
		}
	}
}

// Open registers the commands (shard 0 only: the other shards' processes
// run the same bot) and connects to the gateway.
func (b *Bot) Open(ctx context.Context) error {
	if b.shardID == 0 {
		if err := b.RegisterCommands(ctx); err != nil {
			return err
		}
	}
	if err := b.gw.open(ctx); err != nil {
		return fmt.Errorf("discord: connecting to the gateway: %s", b.scrub(err.Error()))
	}
	b.log.Info("connected", "app", b.appID, "guild", b.guildID, "intents", int(Intents))
	return nil
}

// RegisterCommands overwrites the application's commands in one call, in
// the guild when one was given, else globally.
func (b *Bot) RegisterCommands(ctx context.Context) error {
	b.loadSpecs()
	cmds, err := ApplicationCommands(b.d.Specs())
	if err != nil {
		return fmt.Errorf("discord: %w", err)
	}
	got, err := b.session.ApplicationCommandBulkOverwrite(b.appID, b.guildID, cmds, discordgo.WithContext(ctx))
	if err != nil {
		return fmt.Errorf("discord: registering %d commands: %s", len(cmds), b.scrub(err.Error()))
	}
	b.log.Info("commands registered", "count", len(got), "guild", b.guildID)
	return nil
}

// Session is the underlying discordgo session (for the scheduler's own
// calls; the adapter's methods cover the usual ones).
func (b *Bot) Session() *discordgo.Session { return b.session }

// Close stops accepting interactions (new ones get a short "restarting"
// answer), waits for the handlers in flight until ctx ends, then closes the
// gateway. When ctx ends first, the handlers' context is cancelled and
// ctx's error is returned.
func (b *Bot) Close(ctx context.Context) error {
	b.mu.Lock()
	if b.closed {
		b.mu.Unlock()
		return nil
	}
	b.closing, b.closed = true, true
	b.mu.Unlock()
	b.log.Info("closing: waiting for handlers in flight")

	done := make(chan struct{})
	go func() {
		b.inflight.Wait()
		close(done)
	}()
	var err error
	select {
	case <-done:
	case <-ctx.Done():
		err = ctx.Err()
		b.log.Warn("closing: handlers still running, cancelling them")
	}
	b.cancel()
	b.gw.close()
	b.log.Info("closed")
	return err
}

// enter registers a handler in flight; false once Close has begun.
func (b *Bot) enter() bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.closing {
		return false
	}
	b.inflight.Add(1)
	return true
}

// scrub removes the bot token, and any extra secret (interaction tokens),
// from a text bound for the logs.
func (b *Bot) scrub(s string, secrets ...string) string {
	for _, t := range append(secrets, b.token) {
		if t != "" {
			s = strings.ReplaceAll(s, t, "[redacted]")
		}
	}
	return webhookToken.ReplaceAllString(s, "${1}[redacted]")
}

// webhookToken finds the token in interaction and webhook URLs
// (/interactions/{id}/{token}, /webhooks/{app}/{token}): it authorises
// follow-ups for 15 minutes, so it is a secret too.
var webhookToken = regexp.MustCompile(`(/(?:interactions|webhooks)/[^/\s"]+/)[^/?\s"]+`)
