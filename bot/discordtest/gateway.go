package discordtest

import (
	"encoding/json"
	"net/http"
	"strings"
	"sync"

	"github.com/gorilla/websocket"
)

// Gateway opcodes (Discord's numbers).
const (
	opDispatch     = 0
	opHeartbeat    = 1
	opIdentify     = 2
	opResume       = 6
	opInvalid      = 9
	opHello        = 10
	opHeartbeatACK = 11
)

// gatewayEvent is one dispatched event, kept for replay on RESUME.
type gatewayEvent struct {
	seq  int64
	name string
	data json.RawMessage
}

// gatewayConn is one client connection; writes are serialised. path is
// the address the client connected to: the gateway of GET /gateway, or
// the session's resume_gateway_url.
type gatewayConn struct {
	wmu  sync.Mutex
	conn *websocket.Conn
	path string
}

// resumePath is where READY's resume_gateway_url points: another address
// than GET /gateway's, as on Discord, so a test sees where a client
// resumes.
const resumePath = "/resume-gateway/"

func (c *gatewayConn) write(v any) error {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	return c.conn.WriteJSON(v)
}

// close drops the TCP connection without a close frame, as a network
// failure would.
func (c *gatewayConn) close() { _ = c.conn.UnderlyingConn().Close() }

type frame struct {
	Op   int             `json:"op"`
	D    json.RawMessage `json:"d,omitempty"`
	S    int64           `json:"s,omitempty"`
	Type string          `json:"t,omitempty"`
}

var upgrader = websocket.Upgrader{CheckOrigin: func(*http.Request) bool { return true }}

// serveGateway speaks the gateway protocol: HELLO, then IDENTIFY → READY
// or RESUME → RESUMED (+ the events the client missed), heartbeats → ACK.
func (f *Fake) serveGateway(w http.ResponseWriter, r *http.Request) {
	ws, err := upgrader.Upgrade(w, r, nil)
	if err != nil {
		return
	}
	gc := &gatewayConn{conn: ws, path: r.URL.Path}
	defer func() {
		f.mu.Lock()
		for _, st := range f.allShardsLocked() {
			if st.gateway == gc {
				st.gateway = nil
				f.notify()
			}
		}
		f.mu.Unlock()
		_ = ws.Close()
	}()
	hello, _ := json.Marshal(map[string]any{"heartbeat_interval": f.heartbeat.Milliseconds()})
	if gc.write(frame{Op: opHello, D: hello}) != nil {
		return
	}
	for {
		var in frame
		if err := ws.ReadJSON(&in); err != nil {
			return
		}
		switch in.Op {
		case opHeartbeat:
			f.mu.Lock()
			f.heartbeats++
			f.notify()
			silent := f.noACKs
			f.mu.Unlock()
			if silent {
				continue
			}
			if gc.write(frame{Op: opHeartbeatACK}) != nil {
				return
			}
		case opIdentify:
			if !f.identify(gc, in.D) {
				return
			}
		case opResume:
			if !f.resume(gc, in.D) {
				return
			}
		}
	}
}

func (f *Fake) identify(gc *gatewayConn, d json.RawMessage) bool {
	var id struct {
		Token   string `json:"token"`
		Intents int    `json:"intents"`
		Shard   []int  `json:"shard"`
	}
	_ = json.Unmarshal(d, &id)
	ok := f.tokenOK(id.Token)
	f.mu.Lock()
	defer f.mu.Unlock()
	rec := Identify{Intents: id.Intents, TokenOK: ok, Path: gc.path}
	if len(id.Shard) == 2 {
		rec.Shard = [2]int{id.Shard[0], id.Shard[1]}
	}
	f.identifies = append(f.identifies, rec)
	f.notify()
	if !ok {
		_ = gc.conn.WriteMessage(websocket.CloseMessage, websocket.FormatCloseMessage(4004, "Authentication failed."))
		return false
	}
	st, code := f.identifyShardLocked(id.Shard)
	if st == nil {
		_ = gc.conn.WriteMessage(websocket.CloseMessage, websocket.FormatCloseMessage(code, "Invalid shard."))
		return false
	}
	st.session = f.newID()
	st.seq = 0
	st.events = nil
	st.gateway = gc
	ready, _ := json.Marshal(map[string]any{
		"v":                  10,
		"session_id":         st.session,
		"user":               map[string]any{"id": BotUserID, "username": "bfbot", "bot": true},
		"guilds":             []any{},
		"application":        map[string]any{"id": f.appID, "flags": 0},
		"resume_gateway_url": "ws" + f.srv.URL[len("http"):] + strings.TrimSuffix(resumePath, "/"),
	})
	return f.dispatchShardLocked(st, "READY", ready) == nil
}

func (f *Fake) resume(gc *gatewayConn, d json.RawMessage) bool {
	var re struct {
		Token     string `json:"token"`
		SessionID string `json:"session_id"`
		Seq       int64  `json:"seq"`
	}
	_ = json.Unmarshal(d, &re)
	f.mu.Lock()
	defer f.mu.Unlock()
	f.resumePaths = append(f.resumePaths, gc.path)
	f.notify()
	st := f.sessionShardLocked(re.SessionID)
	if !f.tokenOK(re.Token) || st == nil {
		invalid, _ := json.Marshal(false)
		return gc.write(frame{Op: opInvalid, D: invalid}) == nil
	}
	st.gateway = gc
	f.resumes++
	f.notify()
	// As on Discord: the missed events in order, then RESUMED. (discordgo's
	// Open handles the first replayed event itself and only logs, at warning
	// level, that it was not READY/RESUMED.)
	for _, e := range st.events {
		if e.seq > re.Seq && e.name != "READY" {
			if gc.write(frame{Op: opDispatch, D: e.data, S: e.seq, Type: e.name}) != nil {
				return false
			}
		}
	}
	return f.dispatchShardLocked(st, "RESUMED", json.RawMessage(`{}`)) == nil
}

// dispatchShardLocked numbers an event in a shard's session, keeps it for
// replay and sends it when a client is connected; call with f.mu held. A
// missing connection is not an error: the event waits for the RESUME.
func (f *Fake) dispatchShardLocked(st *shardGateway, name string, data json.RawMessage) error {
	st.seq++
	st.events = append(st.events, gatewayEvent{seq: st.seq, name: name, data: data})
	if st.gateway == nil {
		return nil
	}
	return st.gateway.write(frame{Op: opDispatch, D: data, S: st.seq, Type: name})
}

// ResumePaths lists the address path of every RESUME received, in order:
// "/resume-gateway/" is READY's resume_gateway_url, "/gateway/" the
// address of GET /gateway.
func (f *Fake) ResumePaths() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.resumePaths...)
}

// ResumePath is the path of the fake's resume_gateway_url.
const ResumePath = resumePath

// InvalidateSession sends Invalid Session (op 9) to the connected client
// with d = resumable. A session that is not resumable is forgotten: a
// RESUME of it gets op 9 again, so the client must IDENTIFY.
func (f *Fake) InvalidateSession(resumable bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if !resumable {
		f.session = ""
	}
	if f.gateway != nil {
		d, _ := json.Marshal(resumable)
		_ = f.gateway.write(frame{Op: opInvalid, D: d})
	}
}

// AckHeartbeats sets whether heartbeats are acknowledged (they are by
// default). Without ACKs the connection looks dead ("zombied") to a
// client, which should drop it and resume.
func (f *Fake) AckHeartbeats(on bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.noACKs = !on
}

// DropSocket cuts the gateway connection without a close frame; discordgo
// reconnects and RESUMEs. Events dispatched meanwhile are replayed then.
func (f *Fake) DropSocket() {
	f.mu.Lock()
	gc := f.gateway
	f.gateway = nil
	f.notify()
	f.mu.Unlock()
	if gc != nil {
		gc.close()
	}
}

// tokenOK accepts the bot token as Discord documents it in IDENTIFY and
// RESUME (bare) and as discordgo sends it ("Bot " + token).
func (f *Fake) tokenOK(token string) bool {
	return token == f.token || token == "Bot "+f.token
}
