package discord

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gorilla/websocket"
)

// The bot's own gateway client. discordgo v0.29.0, the newest version the
// module proxy serves, resumes at the address it first connected to
// instead of the session's resume_gateway_url (Discord disconnects such
// clients more often) and answers Invalid Session (op 9) with an IDENTIFY
// on the same connection whatever its resumable flag; upstream fixed both
// after the release. The bot only needs INTERACTION_CREATE from the
// gateway, so it speaks the protocol itself, as Discord documents it
// (developers/events/gateway): HELLO, IDENTIFY → READY (session_id,
// resume_gateway_url) or RESUME → replayed events + RESUMED, heartbeats
// with a first jittered wait and zombie detection, Reconnect (op 7) and
// Invalid Session (op 9, d = resumable). REST stays with discordgo.

// Gateway opcodes (Discord's numbers).
const (
	opDispatch       = 0
	opHeartbeat      = 1
	opIdentify       = 2
	opResume         = 6
	opReconnect      = 7
	opInvalidSession = 9
	opHello          = 10
	opHeartbeatACK   = 11
)

// gatewayQuery is the version and encoding of every connection, the same
// for a resume as for the first connection (Discord requires it).
const gatewayQuery = "?v=10&encoding=json"

// Waits of the gateway client.
const (
	helloTimeout   = 20 * time.Second
	maxBackoff     = time.Minute
	closeWriteWait = time.Second
)

// closeResumable is the close code the client sends when it means to
// resume: Discord invalidates the session on 1000 and 1001 only.
const closeResumable = 4000

// gwFrame is one gateway payload.
type gwFrame struct {
	Op int             `json:"op"`
	D  json.RawMessage `json:"d"`
	S  int64           `json:"s,omitempty"`
	T  string          `json:"t,omitempty"`
}

// next is what the client does after a connection ends.
type next int

const (
	nextResume   next = iota // reconnect and RESUME (IDENTIFY when no session)
	nextIdentify             // forget the session, wait, reconnect and IDENTIFY
	nextFatal                // stop: Discord refuses this client (bad token, intents, version)
	nextStop                 // closed by the bot
)

// fatalCloses are Discord's close codes after which reconnecting cannot help.
var fatalCloses = map[int]string{
	4004: "authentication failed (check BFBOT_TOKEN)",
	4010: "invalid shard", 4011: "sharding required", 4012: "invalid API version",
	4013: "invalid intents", 4014: "disallowed intents",
}

// freshCloses end the session: the next connection must IDENTIFY.
var freshCloses = map[int]bool{4007: true, 4009: true}

// gateway is one bot's connection to Discord's gateway, reconnecting
// until closed.
type gateway struct {
	token   string // bare, without "Bot "
	intents int
	// shard is [shard_id, num_shards] for a sharded bot (WithShard), nil
	// for one connection.
	shard    []int
	dialer   *websocket.Dialer
	fetchURL func(context.Context) (string, error) // Get Gateway Bot
	dispatch func(name string, data json.RawMessage)
	log      *slog.Logger
	// invalidWait is the pause before a new IDENTIFY after a
	// non-resumable Invalid Session (Discord: a random 1 to 5 seconds).
	invalidWait func() time.Duration

	mu        sync.Mutex
	cached    string // the Get Gateway URL, for new sessions
	sessionID string
	resumeURL string
	seq       int64
	conn      *websocket.Conn
	started   bool
	stopped   bool
	stop      chan struct{}
	done      chan struct{}
}

func newGateway(token string, intents int, fetchURL func(context.Context) (string, error),
	dispatch func(string, json.RawMessage), log *slog.Logger) *gateway {
	return &gateway{
		token: token, intents: intents, fetchURL: fetchURL, dispatch: dispatch, log: log,
		dialer:      &websocket.Dialer{Proxy: http.ProxyFromEnvironment, HandshakeTimeout: helloTimeout},
		invalidWait: func() time.Duration { return time.Second + rand.N(4*time.Second) },
		stop:        make(chan struct{}),
		done:        make(chan struct{}),
	}
}

// open connects and waits for READY; then the client keeps the connection
// (resuming, or identifying anew) in the background until close. A first
// connection that fails is an error and nothing stays running.
func (g *gateway) open(ctx context.Context) error {
	ready := make(chan error, 1)
	g.mu.Lock()
	g.started = true
	g.mu.Unlock()
	go g.loop(ready)
	select {
	case err := <-ready:
		return err
	case <-ctx.Done():
		g.close()
		return ctx.Err()
	}
}

// close ends the session (close code 1000: Discord logs the bot off) and
// waits for the client to stop.
func (g *gateway) close() {
	g.mu.Lock()
	if !g.stopped {
		g.stopped = true
		close(g.stop)
	}
	c, started := g.conn, g.started
	g.mu.Unlock()
	if c != nil {
		_ = c.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(websocket.CloseNormalClosure, ""),
			time.Now().Add(closeWriteWait))
		_ = c.Close()
	}
	if started {
		<-g.done
	}
}

// loop runs connections one after another. ready gets the outcome of the
// first one: nil at its READY, else its error (and the loop ends).
func (g *gateway) loop(ready chan<- error) {
	defer close(g.done)
	failures := 0
	for {
		connected := false
		what, err := g.connect(func() {
			connected = true
			if ready != nil {
				ready <- nil
				ready = nil
			}
		})
		if ready != nil {
			if err == nil {
				err = errors.New("the gateway closed the connection before READY")
			}
			ready <- err
			return
		}
		if connected {
			failures = 0
		} else {
			failures++
		}
		var wait time.Duration
		switch what {
		case nextStop:
			return
		case nextFatal:
			g.log.Error("gateway: Discord refuses the connection; not reconnecting", "error", err)
			return
		case nextIdentify:
			g.forgetSession()
			wait = g.invalidWait()
			g.log.Warn("gateway: session invalid, identifying anew", "wait", wait, "error", err)
		default:
			if failures > 0 {
				wait = min(maxBackoff, time.Duration(1<<min(failures-1, 10))*500*time.Millisecond)
			}
			g.log.Warn("gateway: disconnected, resuming", "wait", wait, "error", err)
		}
		if wait > 0 {
			select {
			case <-g.stop:
				return
			case <-time.After(wait):
			}
		}
	}
}

func (g *gateway) forgetSession() {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.sessionID, g.resumeURL, g.seq = "", "", 0
}

func (g *gateway) isStopped() bool {
	select {
	case <-g.stop:
		return true
	default:
		return false
	}
}

// address picks where to connect: the session's resume_gateway_url when
// there is a session to resume, else the Get Gateway URL (fetched once and
// cached, as Discord asks).
func (g *gateway) address() (url string, resume bool, err error) {
	g.mu.Lock()
	resume = g.sessionID != ""
	url = g.cached
	if resume && g.resumeURL != "" {
		url = g.resumeURL
	}
	g.mu.Unlock()
	if url == "" {
		ctx, cancel := context.WithTimeout(context.Background(), helloTimeout)
		defer cancel()
		if url, err = g.fetchURL(ctx); err != nil {
			return "", false, fmt.Errorf("getting the gateway address: %w", err)
		}
		g.mu.Lock()
		g.cached = url
		g.mu.Unlock()
	}
	if !strings.HasSuffix(url, "/") {
		url += "/"
	}
	return url + gatewayQuery, resume, nil
}

// connect runs one connection from dial to end and says what to do next.
// onReady is called at its READY or RESUMED.
func (g *gateway) connect(onReady func()) (next, error) {
	url, resume, err := g.address()
	if err != nil {
		return nextResume, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), helloTimeout)
	conn, _, err := g.dialer.DialContext(ctx, url, nil)
	cancel()
	if err != nil {
		g.mu.Lock()
		if resume {
			// Discord: when the resume address fails, connect to the Get
			// Gateway address (the session may still be resumed there).
			g.resumeURL = ""
		} else {
			g.cached = "" // asked for anew
		}
		g.mu.Unlock()
		return nextResume, fmt.Errorf("connecting to the gateway: %w", err)
	}
	g.mu.Lock()
	if g.stopped {
		g.mu.Unlock()
		_ = conn.Close()
		return nextStop, nil
	}
	g.conn = conn
	g.mu.Unlock()
	c := &gwConn{conn: conn}
	defer func() {
		g.mu.Lock()
		if g.conn == conn {
			g.conn = nil
		}
		g.mu.Unlock()
		_ = conn.Close()
	}()

	// HELLO first, then IDENTIFY or RESUME.
	_ = conn.SetReadDeadline(time.Now().Add(helloTimeout))
	var hello gwFrame
	if err := conn.ReadJSON(&hello); err != nil {
		return g.ended(err)
	}
	var h struct {
		Interval int64 `json:"heartbeat_interval"`
	}
	if hello.Op != opHello || json.Unmarshal(hello.D, &h) != nil || h.Interval <= 0 {
		return nextResume, fmt.Errorf("gateway: expected HELLO, got op %d", hello.Op)
	}
	_ = conn.SetReadDeadline(time.Time{})
	if err := g.handshake(c, resume); err != nil {
		return g.ended(err)
	}
	hb := &heartbeat{g: g, c: c, interval: time.Duration(h.Interval) * time.Millisecond, quit: make(chan struct{})}
	go hb.run()
	defer close(hb.quit)

	for {
		var f gwFrame
		if err := conn.ReadJSON(&f); err != nil {
			if hb.zombie.Load() {
				return nextResume, errors.New("gateway: no heartbeat ACK (zombie connection)")
			}
			return g.ended(err)
		}
		switch f.Op {
		case opDispatch:
			g.mu.Lock()
			g.seq = f.S
			g.mu.Unlock()
			switch f.T {
			case "READY":
				var r struct {
					SessionID string `json:"session_id"`
					ResumeURL string `json:"resume_gateway_url"`
				}
				_ = json.Unmarshal(f.D, &r)
				g.mu.Lock()
				g.sessionID, g.resumeURL = r.SessionID, r.ResumeURL
				g.mu.Unlock()
				onReady()
			case "RESUMED":
				onReady()
			}
			g.dispatch(f.T, f.D)
		case opHeartbeat:
			// Discord asks for a heartbeat now.
			if err := hb.send(); err != nil {
				return g.ended(err)
			}
		case opHeartbeatACK:
			hb.acked.Store(true)
		case opReconnect:
			c.closeWith(closeResumable)
			return nextResume, errors.New("gateway: Discord asked for a reconnect")
		case opInvalidSession:
			var resumable bool
			_ = json.Unmarshal(f.D, &resumable)
			c.closeWith(closeResumable)
			if resumable {
				return nextResume, errors.New("gateway: invalid session, resumable")
			}
			return nextIdentify, errors.New("gateway: invalid session, not resumable")
		}
	}
}

// handshake sends IDENTIFY, or RESUME for a session to resume.
func (g *gateway) handshake(c *gwConn, resume bool) error {
	g.mu.Lock()
	session, seq := g.sessionID, g.seq
	g.mu.Unlock()
	if resume {
		return c.send(opResume, map[string]any{"token": g.token, "session_id": session, "seq": seq})
	}
	identify := map[string]any{
		"token":      g.token,
		"intents":    g.intents,
		"properties": map[string]string{"os": runtime.GOOS, "browser": "bfbot", "device": "bfbot"},
	}
	if g.shard != nil {
		identify["shard"] = g.shard
	}
	return c.send(opIdentify, identify)
}

// ended says what follows a connection that ended with err.
func (g *gateway) ended(err error) (next, error) {
	if g.isStopped() {
		return nextStop, nil
	}
	var ce *websocket.CloseError
	if errors.As(err, &ce) {
		if why, ok := fatalCloses[ce.Code]; ok {
			return nextFatal, fmt.Errorf("gateway closed %d: %s", ce.Code, why)
		}
		if freshCloses[ce.Code] {
			return nextIdentify, fmt.Errorf("gateway closed %d", ce.Code)
		}
	}
	return nextResume, err
}

// gwConn serialises writes to a connection.
type gwConn struct {
	mu   sync.Mutex
	conn *websocket.Conn
}

func (c *gwConn) send(op int, d any) error {
	data, err := json.Marshal(d)
	if err != nil {
		return err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.conn.WriteJSON(gwFrame{Op: op, D: data})
}

// closeWith sends a close frame with code and drops the connection.
func (c *gwConn) closeWith(code int) {
	c.mu.Lock()
	_ = c.conn.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(code, ""), time.Now().Add(closeWriteWait))
	c.mu.Unlock()
	_ = c.conn.Close()
}

// heartbeat sends a connection's heartbeats: the first after a random
// part of the interval, then one per interval. A heartbeat due while the
// previous one is not ACKed means a zombie connection: it is dropped
// without a close frame, so the session can be resumed.
type heartbeat struct {
	g        *gateway
	c        *gwConn
	interval time.Duration
	quit     chan struct{}
	acked    atomic.Bool
	zombie   atomic.Bool
}

func (h *heartbeat) run() {
	h.acked.Store(true)
	t := time.NewTimer(time.Duration(rand.Float64() * float64(h.interval)))
	defer t.Stop()
	for {
		select {
		case <-h.quit:
			return
		case <-t.C:
		}
		if !h.acked.Load() {
			h.zombie.Store(true)
			_ = h.c.conn.Close()
			return
		}
		if err := h.send(); err != nil {
			return // the read loop sees the broken connection
		}
		t.Reset(h.interval)
	}
}

func (h *heartbeat) send() error {
	h.acked.Store(false)
	h.g.mu.Lock()
	seq := h.g.seq
	h.g.mu.Unlock()
	var d any // null before the first event
	if seq > 0 {
		d = seq
	}
	return h.c.send(opHeartbeat, d)
}
