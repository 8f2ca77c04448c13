package discordtest

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Defaults of a Fake; change them with the options of New.
const (
	DefaultToken = "fake-bot-token-8d1f2c"
	DefaultAppID = "900000000000000001"
	BotUserID    = "900000000000000002"
)

// Fake is a Discord on loopback: the REST API an adapter uses and the gateway
// websocket. It records what it receives; the accessors return copies, safe
// to keep after the Fake moves on.
type Fake struct {
	tb         testing.TB
	srv        *httptest.Server
	token      string // the bare token; requests carry "Bot " + token
	appID      string
	heartbeat  time.Duration
	retryAfter time.Duration
	ackWait    time.Duration
	now        func() time.Time // Discord's time (tokenlife.go)

	mu      sync.Mutex
	changed chan struct{} // closed and replaced on every recorded change
	nextID  uint64

	commands     map[string][]*discordgo.ApplicationCommand // by guild, "" for global
	channels     map[string]*Channel
	messages     map[string][]*Message // by channel, in order
	byID         map[string]*Message
	interactions map[string]*Interaction // by id
	byToken      map[string]*Interaction
	dmChannels   map[string]string // user → DM channel id
	closedDMs    map[string]bool
	refusedDMs   map[string]int    // DMs refused to each user whose DMs are closed
	users        map[string]string // user id → display name
	nicks        map[string]string // user id → server nickname
	attachments  map[string]File   // by attachment id (attach.go)
	attachFault  AttachmentFault
	downloads    int

	rateLimitNext int
	rateLimited   int
	faults        faultState // FailRandomly (faults.go)
	drops         int        // DropEvery (faults.go)
	requests      []Request
	unknown       []Request
	identifies    []Identify
	resumes       int
	resumePaths   []string
	heartbeats    int
	noACKs        bool

	perms        int64             // the bot's permissions in guild channels (permissions.go)
	channelPerms map[string]int64  // overwrites by channel
	memberPerms  map[string]int64  // members' permissions by guild/user
	deprecated   []Request         // calls to deprecated routes (refused)
	notified     []Notification    // messages that would ping someone (mentions.go)
	onAck        func(Interaction) // OnAck (tokenlife.go)

	// shardGateway is shard 0's gateway session, the only one unless a
	// client identifies with a shard (shards.go); shards holds the others.
	shardGateway
	shards     map[int]*shardGateway
	shardCount int
}

// Option configures a Fake.
type Option func(*Fake)

// WithHeartbeat sets the heartbeat interval announced in HELLO.
func WithHeartbeat(d time.Duration) Option { return func(f *Fake) { f.heartbeat = d } }

// WithRetryAfter sets how long a rate-limited client is told to wait.
func WithRetryAfter(d time.Duration) Option { return func(f *Fake) { f.retryAfter = d } }

// WithAckTimeout sets how long SendCommand and friends wait for the
// interaction's acknowledgement.
func WithAckTimeout(d time.Duration) Option { return func(f *Fake) { f.ackWait = d } }

// New starts a fake Discord on loopback; tb's cleanup stops it. Point a
// discordgo session at it with Client (REST) — the gateway address comes from
// the fake's GET /gateway, so no discordgo global is changed and tests using
// fakes may run in parallel.
func New(tb testing.TB, opts ...Option) *Fake {
	tb.Helper()
	f := &Fake{
		tb:           tb,
		token:        DefaultToken,
		appID:        DefaultAppID,
		heartbeat:    45 * time.Second,
		retryAfter:   50 * time.Millisecond,
		ackWait:      5 * time.Second,
		now:          func() time.Time { return fakeEpoch },
		changed:      make(chan struct{}),
		nextID:       1000,
		commands:     map[string][]*discordgo.ApplicationCommand{},
		channels:     map[string]*Channel{},
		messages:     map[string][]*Message{},
		byID:         map[string]*Message{},
		interactions: map[string]*Interaction{},
		byToken:      map[string]*Interaction{},
		dmChannels:   map[string]string{},
		closedDMs:    map[string]bool{},
		refusedDMs:   map[string]int{},
		users:        map[string]string{},
		nicks:        map[string]string{},
		perms:        DefaultPermissions,
		channelPerms: map[string]int64{},
		memberPerms:  map[string]int64{},
	}
	for _, o := range opts {
		o(f)
	}
	f.srv = httptest.NewServer(f.routes())
	tb.Cleanup(f.Close)
	return f
}

// Token is the bot token the fake accepts.
func (f *Fake) Token() string { return f.token }

// AppID is the fake application's id.
func (f *Fake) AppID() string { return f.appID }

// Close stops the fake: the gateway connection first, then the server.
func (f *Fake) Close() {
	f.mu.Lock()
	gcs := []*gatewayConn{f.gateway}
	f.gateway = nil
	for _, st := range f.shards {
		gcs = append(gcs, st.gateway)
		st.gateway = nil
	}
	f.mu.Unlock()
	for _, gc := range gcs {
		if gc != nil {
			gc.close()
		}
	}
	f.srv.CloseClientConnections()
	f.srv.Close()
}

// Client is an HTTP client that sends every request for discord.com (and
// its CDN, for attached files) to the fake (and refuses any other host, so a test never reaches the network).
// Assign it to discordgo's Session.Client.
func (f *Fake) Client() *http.Client {
	host := strings.TrimPrefix(f.srv.URL, "http://")
	base := &http.Transport{
		Proxy:           nil,
		DialContext:     (&net.Dialer{Timeout: 5 * time.Second}).DialContext,
		TLSClientConfig: &tls.Config{},
	}
	return &http.Client{
		Timeout:   20 * time.Second,
		Transport: &redirect{host: host, base: base},
	}
}

// redirect rewrites https://discord.com/... to the fake's loopback address.
type redirect struct {
	host string
	base http.RoundTripper
}

func (t *redirect) RoundTrip(r *http.Request) (*http.Response, error) {
	switch r.URL.Host {
	case "discord.com", "discordapp.com", cdnHost, t.host:
	default:
		return nil, fmt.Errorf("discordtest: refusing request to %s (only discord.com goes to the fake)", r.URL.Host)
	}
	r2 := r.Clone(r.Context())
	r2.URL.Scheme = "http"
	r2.URL.Host = t.host
	r2.Host = t.host
	return t.base.RoundTrip(r2)
}

// Wait blocks until cond holds or timeout passes, re-checking on every
// change the fake records. It reports whether cond held.
func (f *Fake) Wait(timeout time.Duration, cond func() bool) bool {
	deadline := time.NewTimer(timeout)
	defer deadline.Stop()
	for {
		f.mu.Lock()
		ch := f.changed
		f.mu.Unlock()
		if cond() {
			return true
		}
		select {
		case <-ch:
		case <-deadline.C:
			return cond()
		}
	}
}

// MustWait is Wait that fails the test with what when cond does not hold.
func (f *Fake) MustWait(tb testing.TB, timeout time.Duration, what string, cond func() bool) {
	tb.Helper()
	if !f.Wait(timeout, cond) {
		tb.Fatalf("discordtest: timed out after %v waiting for %s", timeout, what)
	}
}

// notify wakes the waiters; call with f.mu held.
func (f *Fake) notify() {
	close(f.changed)
	f.changed = make(chan struct{})
}

// newID returns a fresh snowflake-like id; call with f.mu held.
func (f *Fake) newID() string {
	f.nextID++
	return strconv.FormatUint(910000000000000000+f.nextID, 10)
}

// SetUserName sets the display name the fake gives a user in interactions.
func (f *Fake) SetUserName(user, name string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.users[user] = name
}

// SetNick sets the server nickname the fake gives a user as a member, in
// his interactions and in the resolved data of user options (Discord
// shows it before his global name).
func (f *Fake) SetNick(user, nick string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.nicks[user] = nick
}

// CloseDMs makes every DM send to user fail with 403, code 50007, as when he
// does not accept direct messages from server members.
func (f *Fake) CloseDMs(user string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.closedDMs[user] = true
}

// RefusedDMs is how many DMs to user were refused because his DMs are
// closed (CloseDMs): what a test waits for before his next command.
func (f *Fake) RefusedDMs(user string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.refusedDMs[user]
}

// RateLimitNext answers the next n REST calls with 429 Too Many Requests,
// retry_after and the X-RateLimit headers.
func (f *Fake) RateLimitNext(n int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.rateLimitNext += n
}

// RateLimited counts the 429 answers given.
func (f *Fake) RateLimited() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.rateLimited
}

// Requests lists every REST call received, in order.
func (f *Fake) Requests() []Request {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]Request(nil), f.requests...)
}

// Deprecated lists the calls to routes Discord deprecated (the fake
// refuses them with 400, so the caller sees an error too).
func (f *Fake) Deprecated() []Request {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]Request(nil), f.deprecated...)
}

// Notified lists the messages whose creation or edit would notify someone,
// in order (Discord's rules, mentions.go).
func (f *Fake) Notified() []Notification {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]Notification(nil), f.notified...)
}

// Unknown lists the REST calls the fake has no route for (answered 404).
func (f *Fake) Unknown() []Request {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]Request(nil), f.unknown...)
}

// Identifies lists the IDENTIFY payloads received on the gateway.
func (f *Fake) Identifies() []Identify {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]Identify(nil), f.identifies...)
}

// Resumes counts the successful RESUMEs.
func (f *Fake) Resumes() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.resumes
}

// Heartbeats counts the heartbeats received (each was ACKed).
func (f *Fake) Heartbeats() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.heartbeats
}

// Connected reports whether a client is identified on the gateway.
func (f *Fake) Connected() bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.gateway != nil
}

// WaitConnected waits until a client is on the gateway.
func (f *Fake) WaitConnected(timeout time.Duration) error {
	if !f.Wait(timeout, f.Connected) {
		return errors.New("discordtest: no client connected to the gateway")
	}
	return nil
}

// Commands returns the commands registered for guild ("" for global).
func (f *Fake) Commands(guild string) []*discordgo.ApplicationCommand {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]*discordgo.ApplicationCommand(nil), f.commands[guild]...)
}

// Messages returns the messages in a channel (interaction answers included,
// with their Ephemeral flag), in order.
func (f *Fake) Messages(channel string) []Message {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := make([]Message, 0, len(f.messages[channel]))
	for _, m := range f.messages[channel] {
		out = append(out, m.clone())
	}
	return out
}

// DMChannel returns the id of the DM channel with user ("" when none was opened).
func (f *Fake) DMChannel(user string) string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.dmChannels[user]
}

// DMs returns the messages in the DM channel with user.
func (f *Fake) DMs(user string) []Message {
	ch := f.DMChannel(user)
	if ch == "" {
		return nil
	}
	return f.Messages(ch)
}

// Threads returns the threads under parent not deleted.
func (f *Fake) Threads(parent string) []Channel {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []Channel
	for _, c := range f.channels {
		if c.ParentID == parent && c.Type == channelPublicThread && !c.Deleted {
			out = append(out, *c)
		}
	}
	return out
}

// Interaction returns what the bot answered to an interaction.
func (f *Fake) Interaction(id string) (Interaction, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	in, ok := f.interactions[id]
	if !ok {
		return Interaction{}, false
	}
	return in.clone(), true
}

// errTimeout is returned when the bot does not acknowledge an interaction.
var errTimeout = errors.New("discordtest: interaction not acknowledged in time")

// waitAck waits until the interaction's first callback.
func (f *Fake) waitAck(ctx context.Context, in *Interaction) (Interaction, error) {
	t := time.NewTimer(f.ackWait)
	defer t.Stop()
	select {
	case <-in.acked:
	case <-t.C:
		return Interaction{}, fmt.Errorf("%w (%v, interaction %s)", errTimeout, f.ackWait, in.ID)
	case <-ctx.Done():
		return Interaction{}, ctx.Err()
	}
	got, _ := f.Interaction(in.ID)
	return got, nil
}
