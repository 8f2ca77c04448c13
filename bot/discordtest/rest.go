package discordtest

import (
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
)

// Discord's JSON error codes the fake answers with.
const (
	codeUnknownChannel     = 10003
	codeUnknownMessage     = 10008
	codeUnknownWebhook     = 10015
	codeUnknownInteraction = 10062
	codeCannotSendToUser   = 50007
	codeAlreadyAcked       = 40060
)

// wireMessage is the message payload of every endpoint that creates or
// edits a message (JSON body or multipart payload_json).
type wireMessage struct {
	Content    *string         `json:"content"`
	Embeds     []wireEmbed     `json:"embeds"`
	Components []wireComponent `json:"components"`
	Flags      int             `json:"flags"`
	// AllowedMentions is kept raw: its absence is an error (mentions.go).
	AllowedMentions json.RawMessage `json:"allowed_mentions"`
	// Attachments describe the uploaded files (describeFiles).
	Attachments []wireAttachment `json:"attachments"`
}

// wireAttachment is an uploaded file's entry in a payload: its index
// among the files[n] parts (a number or a numeric string) and its
// description.
type wireAttachment struct {
	ID          json.RawMessage `json:"id"`
	Description *string         `json:"description"`
}

// maxDescription is Discord's limit on an attachment's description.
const maxDescription = 1024

// flagSuppressNotifications sends a message without a notification.
const flagSuppressNotifications = 1 << 12

// describeFiles gives each file the description its attachments entry
// holds, refusing what Discord refuses: an entry for no uploaded file,
// a description over 1,024 characters.
func describeFiles(files []File, atts []wireAttachment) error {
	for i, a := range atts {
		var id int
		if err := json.Unmarshal(a.ID, &id); err != nil {
			var s string
			if json.Unmarshal(a.ID, &s) != nil {
				return fmt.Errorf("attachments.%d.id: not a snowflake or an index", i)
			}
			if id, err = strconv.Atoi(s); err != nil {
				return fmt.Errorf("attachments.%d.id: %q is not the index of an uploaded file", i, s)
			}
		}
		if id < 0 || id >= len(files) {
			return fmt.Errorf("attachments.%d.id: no files[%d] was uploaded", i, id)
		}
		if a.Description == nil {
			continue
		}
		if n := utf8.RuneCountInString(*a.Description); n > maxDescription {
			return fmt.Errorf("attachments.%d.description: Must be %d or fewer in length (%d)", i, maxDescription, n)
		}
		files[id].Description = *a.Description
	}
	return nil
}

type wireEmbed struct {
	Title       string      `json:"title"`
	Description string      `json:"description"`
	Fields      []wireField `json:"fields"`
}

type wireField struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

type wireComponent struct {
	Type       int             `json:"type"`
	Label      string          `json:"label"`
	Style      int             `json:"style"`
	CustomID   string          `json:"custom_id"`
	Components []wireComponent `json:"components"`
}

// wireCallback is an interaction response.
type wireCallback struct {
	Type int `json:"type"`
	Data *struct {
		wireMessage
		Choices []struct {
			Name  string `json:"name"`
			Value any    `json:"value"`
		} `json:"choices"`
	} `json:"data"`
}

// routes is the REST API (version-agnostic) plus the gateway websocket.
func (f *Fake) routes() http.Handler {
	mux := http.NewServeMux()
	api := func(pattern string, h http.HandlerFunc) {
		method, path, _ := strings.Cut(pattern, " ")
		mux.HandleFunc(method+" /api/{v}"+path, h)
	}
	api("GET /gateway", f.getGateway)
	api("GET /gateway/bot", f.getGateway)
	api("PUT /applications/{app}/commands", f.putCommands)
	api("PUT /applications/{app}/guilds/{guild}/commands", f.putCommands)
	api("POST /interactions/{id}/{token}/callback", f.postCallback)
	api("POST /webhooks/{app}/{token}", f.postFollowup)
	api("PATCH /webhooks/{app}/{token}/messages/{mid}", f.patchWebhookMessage)
	api("DELETE /webhooks/{app}/{token}/messages/{mid}", f.deleteWebhookMessage)
	api("POST /users/@me/channels", f.postDMChannel)
	api("POST /channels/{cid}/messages", f.postMessage)
	api("GET /channels/{cid}/messages/{mid}", f.getMessage)
	api("PATCH /channels/{cid}/messages/{mid}", f.patchMessage)
	api("GET /channels/{cid}", f.getChannel)     // channels.go
	api("PATCH /channels/{cid}", f.patchChannel) // channels.go
	api("POST /channels/{cid}/threads", f.postThread)
	api("POST /channels/{cid}/messages/{mid}/threads", f.postThread)
	api("PUT /channels/{cid}/messages/pins/{mid}", f.putPin)
	api("GET /channels/{cid}/messages/pins", f.getPins)
	// Discord deprecated these for the routes above.
	api("PUT /channels/{cid}/pins/{mid}", f.deprecatedRoute)
	api("GET /channels/{cid}/pins", f.deprecatedRoute)
	api("DELETE /channels/{cid}/pins/{mid}", f.deprecatedRoute)
	mux.HandleFunc("GET /gateway/", f.serveGateway)
	mux.HandleFunc("GET "+resumePath, f.serveGateway)
	mux.HandleFunc("GET "+attachmentPrefix+"{app}/{aid}/{name}", f.getAttachment) // attach.go
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		f.mu.Lock()
		f.unknown = append(f.unknown, Request{Method: r.Method, Path: r.URL.Path, Status: http.StatusNotFound})
		f.notify()
		f.mu.Unlock()
		writeError(w, http.StatusNotFound, 0, "404: Not Found")
	})
	return f.middleware(mux)
}

// middleware records each REST call, serves queued 429s and checks the
// token (interaction callbacks and webhooks are authorised by their token
// in the path, as on Discord).
func (f *Fake) middleware(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// The gateway, and the CDN's files (attach.go: no token, no
		// REST faults), are not REST calls.
		if strings.HasPrefix(r.URL.Path, "/gateway/") || strings.HasPrefix(r.URL.Path, resumePath) ||
			strings.HasPrefix(r.URL.Path, attachmentPrefix) {
			next.ServeHTTP(w, r)
			return
		}
		rec := &statusRecorder{ResponseWriter: w, status: http.StatusOK}
		defer func() {
			f.mu.Lock()
			f.requests = append(f.requests, Request{Method: r.Method, Path: r.URL.Path, Status: rec.status})
			f.notify()
			f.mu.Unlock()
		}()
		f.mu.Lock()
		limited := f.rateLimitNext > 0
		if limited {
			f.rateLimitNext--
			f.rateLimited++
		}
		f.mu.Unlock()
		if limited {
			secs := f.retryAfter.Seconds()
			h := rec.Header()
			h.Set("X-RateLimit-Limit", "5")
			h.Set("X-RateLimit-Remaining", "0")
			h.Set("X-RateLimit-Reset-After", strconv.FormatFloat(secs, 'f', 3, 64))
			h.Set("X-RateLimit-Reset", strconv.FormatFloat(float64(time.Now().Add(f.retryAfter).UnixMilli())/1000, 'f', 3, 64))
			h.Set("X-RateLimit-Bucket", "fake-bucket")
			h.Set("X-RateLimit-Scope", "user")
			h.Set("Retry-After", strconv.Itoa(int(secs+0.999)))
			writeJSON(rec, http.StatusTooManyRequests, map[string]any{
				"message": "You are being rate limited.", "retry_after": secs, "global": false,
			})
			return
		}
		if f.injectFault(rec, r) {
			return
		}
		public := strings.Contains(r.URL.Path, "/interactions/") || strings.Contains(r.URL.Path, "/webhooks/")
		if !public && r.Header.Get("Authorization") != "Bot "+f.token {
			writeError(rec, http.StatusUnauthorized, 0, "401: Unauthorized")
			return
		}
		next.ServeHTTP(rec, r)
	})
}

type statusRecorder struct {
	http.ResponseWriter
	status int
}

func (s *statusRecorder) WriteHeader(code int) {
	s.status = code
	s.ResponseWriter.WriteHeader(code)
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func writeError(w http.ResponseWriter, status, code int, msg string) {
	writeJSON(w, status, map[string]any{"code": code, "message": msg})
}

func (f *Fake) getGateway(w http.ResponseWriter, r *http.Request) {
	url := "ws" + strings.TrimPrefix(f.srv.URL, "http") + "/gateway"
	writeJSON(w, http.StatusOK, map[string]any{
		"url":    url,
		"shards": 1,
		"session_start_limit": map[string]int{
			"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1,
		},
	})
}

func (f *Fake) putCommands(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	var cmds []*discordgo.ApplicationCommand
	if err == nil {
		err = json.Unmarshal(body, &cmds)
	}
	if err == nil {
		err = checkCommandSizes(body)
	}
	if err != nil {
		writeError(w, http.StatusBadRequest, 50035, "Invalid Form Body: "+err.Error())
		return
	}
	if r.PathValue("app") != f.appID {
		writeError(w, http.StatusForbidden, 50001, "Missing Access")
		return
	}
	guild := r.PathValue("guild")
	f.mu.Lock()
	for _, c := range cmds {
		c.ID = f.newID()
		c.ApplicationID = f.appID
		c.GuildID = guild
		c.Version = "1"
		if c.Type == 0 {
			c.Type = discordgo.ChatApplicationCommand
		}
	}
	f.commands[guild] = cmds
	f.notify()
	f.mu.Unlock()
	writeJSON(w, http.StatusOK, cmds)
}

// readBody reads a message body (JSON, or multipart with files) and
// answers 400 when it cannot, or when its allowed_mentions is missing or
// invalid (mentions.go).
func readBody(w http.ResponseWriter, r *http.Request) (wireMessage, []File, Mentions, bool) {
	var msg wireMessage
	files, err := readMessage(r, &msg)
	if err == nil {
		err = describeFiles(files, msg.Attachments)
	}
	if err != nil {
		writeError(w, http.StatusBadRequest, 50035, "Invalid Form Body: "+err.Error())
		return msg, nil, Mentions{}, false
	}
	m, err := checkMentions(msg.AllowedMentions)
	if err == nil {
		err = checkLimits(msg)
	}
	if err != nil {
		writeError(w, http.StatusBadRequest, 50035, "Invalid Form Body: "+err.Error())
		return msg, nil, Mentions{}, false
	}
	return msg, files, m, true
}

// readMessage decodes a message payload, JSON or multipart with files.

func readMessage(r *http.Request, v any) ([]File, error) {
	mt, params, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if mt != "multipart/form-data" {
		return nil, json.NewDecoder(r.Body).Decode(v)
	}
	mr := multipart.NewReader(r.Body, params["boundary"])
	var files []File
	for {
		p, err := mr.NextPart()
		if err == io.EOF {
			return files, nil
		}
		if err != nil {
			return nil, err
		}
		data, err := io.ReadAll(p)
		if err != nil {
			return nil, err
		}
		switch {
		case p.FormName() == "payload_json":
			if err := json.Unmarshal(data, v); err != nil {
				return nil, fmt.Errorf("payload_json: %w", err)
			}
		case strings.HasPrefix(p.FormName(), "files["):
			files = append(files, File{Name: p.FileName(), ContentType: p.Header.Get("Content-Type"), Data: data})
		}
	}
}

// fill copies a payload into a stored message.
func (m *Message) fill(w wireMessage, files []File, mentions Mentions) {
	m.Mentions = mentions
	m.Silent = w.Flags&flagSuppressNotifications != 0
	if w.Content != nil {
		m.Content = *w.Content
	}
	if w.Embeds != nil {
		m.Embeds = nil
		for _, e := range w.Embeds {
			em := Embed{Title: e.Title, Description: e.Description}
			for _, fl := range e.Fields {
				em.Fields = append(em.Fields, Field(fl))
			}
			m.Embeds = append(m.Embeds, em)
		}
	}
	if w.Components != nil {
		m.Buttons, m.Rows = nil, 0
		for _, row := range w.Components {
			for _, c := range row.Components {
				m.Buttons = append(m.Buttons, Button{Label: c.Label, CustomID: c.CustomID, Style: c.Style, Row: m.Rows})
			}
			m.Rows++
		}
	}
	if files != nil {
		m.Files = files
	}
	m.Pings = pings(m.Content, mentions)
}

// noteMessage records a created or edited message that would notify
// someone; call with f.mu held.
func (f *Fake) noteMessage(m *Message) {
	if !m.Pings.None() {
		f.notified = append(f.notified, Notification{MessageID: m.ID, ChannelID: m.ChannelID, Content: m.Content, Pings: m.Pings})
	}
}

// store adds a new message to a channel; call with f.mu held.
func (f *Fake) store(m *Message) {
	m.ID = f.newID()
	f.messages[m.ChannelID] = append(f.messages[m.ChannelID], m)
	f.byID[m.ID] = m
}

// wireOut is the message JSON the fake answers with.
func wireOut(m *Message) map[string]any {
	return map[string]any{
		"id": m.ID, "channel_id": m.ChannelID, "content": m.Content,
		"timestamp": "2026-01-01T00:00:00Z",
		"author":    map[string]any{"id": BotUserID, "username": "bfbot", "bot": true},
		"flags":     flagsOf(m.Ephemeral),
		"pinned":    m.Pinned,
	}
}

const flagEphemeral = 1 << 6

func flagsOf(ephemeral bool) int {
	if ephemeral {
		return flagEphemeral
	}
	return 0
}

func (f *Fake) postCallback(w http.ResponseWriter, r *http.Request) {
	var cb wireCallback
	files, err := readMessage(r, &cb)
	if err == nil && cb.Data != nil {
		err = describeFiles(files, cb.Data.Attachments)
	}
	if err != nil {
		writeError(w, http.StatusBadRequest, 50035, "Invalid Form Body: "+err.Error())
		return
	}
	in, ok := f.acknowledge(w, r, cb, files)
	if !ok {
		return
	}
	f.mu.Lock()
	hook := f.onAck
	f.mu.Unlock()
	if hook != nil {
		hook(in)
	}
	w.WriteHeader(http.StatusNoContent)
}

// acknowledge records a callback, or answers why it is refused.
func (f *Fake) acknowledge(w http.ResponseWriter, r *http.Request, cb wireCallback, files []File) (Interaction, bool) {
	var err error
	f.mu.Lock()
	defer f.mu.Unlock()
	in, ok := f.interactions[r.PathValue("id")]
	if !ok || in.Token != r.PathValue("token") {
		writeError(w, http.StatusNotFound, codeUnknownInteraction, "Unknown interaction")
		return Interaction{}, false
	}
	if f.ackLate(w, in) {
		f.notify()
		return Interaction{}, false
	}
	if len(in.Acks) > 0 {
		writeError(w, http.StatusBadRequest, codeAlreadyAcked, "Interaction has already been acknowledged.")
		return Interaction{}, false
	}
	ack := Ack{Type: cb.Type, After: time.Since(in.dispatched), Files: files}
	var msg wireMessage
	var mentions Mentions
	switch cb.Type {
	case int(discordgo.InteractionResponseChannelMessageWithSource), int(discordgo.InteractionResponseDeferredChannelMessageWithSource),
		int(discordgo.InteractionResponseUpdateMessage):
		var raw json.RawMessage
		if cb.Data != nil {
			raw = cb.Data.AllowedMentions
		}
		if mentions, err = checkMentions(raw); err != nil {
			writeError(w, http.StatusBadRequest, 50035, "Invalid Form Body: data."+err.Error())
			return Interaction{}, false
		}
	}
	if cb.Data != nil {
		msg = cb.Data.wireMessage
		if err := checkLimits(msg); err != nil {
			writeError(w, http.StatusBadRequest, 50035, "Invalid Form Body: data."+err.Error())
			return Interaction{}, false
		}
		ack.Ephemeral = msg.Flags&flagEphemeral != 0
		if msg.Content != nil {
			ack.Content = *msg.Content
		}
		for _, c := range cb.Data.Choices {
			ack.Choices = append(ack.Choices, fmt.Sprint(c.Value))
		}
	}
	switch cb.Type {
	case int(discordgo.InteractionResponseChannelMessageWithSource):
		m := &Message{ChannelID: in.Channel, Ephemeral: ack.Ephemeral, Interaction: in.ID}
		m.fill(msg, files, mentions)
		f.store(m)
		f.noteMessage(m)
		in.OriginalID = m.ID
	case int(discordgo.InteractionResponseDeferredChannelMessageWithSource):
		m := &Message{ChannelID: in.Channel, Ephemeral: ack.Ephemeral, Interaction: in.ID, Loading: true}
		f.store(m)
		in.OriginalID = m.ID
		in.deferEphemeral = ack.Ephemeral
		in.originalPending = true
	case int(discordgo.InteractionResponseDeferredMessageUpdate), int(discordgo.InteractionResponseUpdateMessage),
		int(discordgo.InteractionApplicationCommandAutocompleteResult), int(discordgo.InteractionResponseModal):
	default:
		writeError(w, http.StatusBadRequest, 50035, fmt.Sprintf("Invalid Form Body: unknown response type %d", cb.Type))
		return Interaction{}, false
	}
	in.Acks = append(in.Acks, ack)
	in.settle()
	f.notify()
	return in.clone(), true
}

// interactionByToken finds the interaction a webhook call belongs to,
// refusing a token past its 15 minutes; call with f.mu held.
func (f *Fake) interactionByToken(w http.ResponseWriter, r *http.Request) (*Interaction, bool) {
	in, ok := f.byToken[r.PathValue("token")]
	if !ok || r.PathValue("app") != f.appID || len(in.Acks) == 0 {
		// Discord has no webhook for an interaction not yet acknowledged.
		writeError(w, http.StatusNotFound, codeUnknownWebhook, "Unknown Webhook")
		return nil, false
	}
	if f.tokenExpired(w, in) {
		f.notify()
		return nil, false
	}
	return in, true
}

func (f *Fake) postFollowup(w http.ResponseWriter, r *http.Request) {
	msg, files, mentions, ok := readBody(w, r)
	if !ok {
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	in, ok := f.interactionByToken(w, r)
	if !ok {
		return
	}
	var m *Message
	if in.originalPending {
		// Discord: the first follow-up after a deferral replaces the loading
		// message and keeps the deferral's visibility, whatever its flags say.
		m = f.byID[in.OriginalID]
		m.Loading = false
		m.fill(msg, files, mentions)
		in.originalPending = false
	} else {
		m = &Message{ChannelID: in.Channel, Ephemeral: msg.Flags&flagEphemeral != 0, Interaction: in.ID}
		m.fill(msg, files, mentions)
		f.store(m)
		in.FollowupIDs = append(in.FollowupIDs, m.ID)
	}
	f.noteMessage(m)
	f.notify()
	if r.URL.Query().Get("wait") == "true" {
		writeJSON(w, http.StatusOK, wireOut(m))
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// webhookTarget finds the message a webhook edit or delete is about, and
// settles the deferral when it is the original; call with f.mu held.
func (f *Fake) webhookTarget(w http.ResponseWriter, r *http.Request) (*Message, bool) {
	in, ok := f.interactionByToken(w, r)
	if !ok {
		return nil, false
	}
	m, ok := f.webhookMessage(w, r, in)
	if !ok {
		return nil, false
	}
	if m.ID == in.OriginalID {
		in.originalPending = false
	}
	return m, true
}

// webhookMessage resolves @original or a follow-up id; call with f.mu held.
func (f *Fake) webhookMessage(w http.ResponseWriter, r *http.Request, in *Interaction) (*Message, bool) {
	id := r.PathValue("mid")
	if id == "@original" {
		id = in.OriginalID
	}
	m, ok := f.byID[id]
	if !ok || m.Interaction != in.ID || m.Deleted {
		writeError(w, http.StatusNotFound, codeUnknownMessage, "Unknown Message")
		return nil, false
	}
	return m, true
}

func (f *Fake) patchWebhookMessage(w http.ResponseWriter, r *http.Request) {
	msg, files, mentions, ok := readBody(w, r)
	if !ok {
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	m, ok := f.webhookTarget(w, r)
	if !ok {
		return
	}
	m.Loading = false
	m.Edits++
	m.fill(msg, files, mentions)
	f.noteMessage(m)
	f.notify()
	writeJSON(w, http.StatusOK, wireOut(m))
}

func (f *Fake) deleteWebhookMessage(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	m, ok := f.webhookTarget(w, r)
	if !ok {
		return
	}
	m.Deleted = true
	f.notify()
	w.WriteHeader(http.StatusNoContent)
}

// dmChannel returns (creating) the DM channel with user; call with f.mu held.
func (f *Fake) dmChannel(user string) string {
	if id, ok := f.dmChannels[user]; ok {
		return id
	}
	id := f.newID()
	f.dmChannels[user] = id
	f.channels[id] = &Channel{ID: id, Type: channelDM, Recipient: user}
	return id
}

func (f *Fake) postDMChannel(w http.ResponseWriter, r *http.Request) {
	var body struct {
		RecipientID string `json:"recipient_id"`
	}
	if err := json.NewDecoder(r.Body).Decode(&body); err != nil || body.RecipientID == "" {
		writeError(w, http.StatusBadRequest, 50035, "Invalid Form Body: recipient_id")
		return
	}
	f.mu.Lock()
	id := f.dmChannel(body.RecipientID)
	f.notify()
	f.mu.Unlock()
	writeJSON(w, http.StatusOK, map[string]any{
		"id": id, "type": channelDM,
		"recipients": []map[string]any{{"id": body.RecipientID, "username": body.RecipientID}},
	})
}

func (f *Fake) postMessage(w http.ResponseWriter, r *http.Request) {
	msg, files, mentions, ok := readBody(w, r)
	if !ok {
		return
	}
	cid := r.PathValue("cid")
	f.mu.Lock()
	defer f.mu.Unlock()
	if c, ok := f.channels[cid]; ok && c.Type == channelDM && f.closedDMs[c.Recipient] {
		f.refusedDMs[c.Recipient]++
		writeError(w, http.StatusForbidden, codeCannotSendToUser, "Cannot send messages to this user")
		return
	}
	if !f.postable(w, cid) { // channels.go
		return
	}
	need := PermViewChannel | PermSendMessages
	if c := f.channels[cid]; c != nil && isThread(c.Type) {
		need = PermViewChannel | PermSendMessagesInThreads
	}
	if len(files) > 0 {
		need |= PermAttachFiles
	}
	if len(msg.Embeds) > 0 {
		need |= PermEmbedLinks
	}
	if !f.permitted(w, cid, need) {
		return
	}
	m := &Message{ChannelID: cid}
	m.fill(msg, files, mentions)
	f.store(m)
	f.noteMessage(m)
	f.notify()
	writeJSON(w, http.StatusOK, wireOut(m))
}

// channelMessage finds a message by channel and id; call with f.mu held.
func (f *Fake) channelMessage(w http.ResponseWriter, r *http.Request) (*Message, bool) {
	m, ok := f.byID[r.PathValue("mid")]
	if !ok || m.ChannelID != r.PathValue("cid") || m.Deleted {
		writeError(w, http.StatusNotFound, codeUnknownMessage, "Unknown Message")
		return nil, false
	}
	return m, true
}

func (f *Fake) getMessage(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if m, ok := f.channelMessage(w, r); ok {
		writeJSON(w, http.StatusOK, wireOut(m))
	}
}

func (f *Fake) patchMessage(w http.ResponseWriter, r *http.Request) {
	msg, files, mentions, ok := readBody(w, r)
	if !ok {
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	m, ok := f.channelMessage(w, r)
	if !ok || !f.editable(w, m.ChannelID) || !f.permitted(w, m.ChannelID, PermViewChannel) { // channels.go, permissions.go
		return
	}
	m.Edits++
	m.fill(msg, files, mentions)
	f.noteMessage(m)
	f.notify()
	writeJSON(w, http.StatusOK, wireOut(m))
}

func (f *Fake) postThread(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Name string `json:"name"`
	}
	if err := json.NewDecoder(r.Body).Decode(&body); err != nil || body.Name == "" {
		writeError(w, http.StatusBadRequest, 50035, "Invalid Form Body: name")
		return
	}
	parent := r.PathValue("cid")
	f.mu.Lock()
	defer f.mu.Unlock()
	c, known := f.channels[parent]
	if known && c.Deleted {
		writeError(w, http.StatusNotFound, codeUnknownChannel, "Unknown Channel")
		return
	}
	if known && c.Type != channelText {
		// No threads in DMs, nor threads in threads or forum posts
		// (channels.go).
		writeError(w, http.StatusBadRequest, codeInvalidChannelType, "Cannot execute action on this channel type")
		return
	}
	guild := ""
	if known {
		guild = c.Guild
	}
	if !f.permitted(w, parent, PermViewChannel|PermCreatePublicThreads) {
		return
	}
	if mid := r.PathValue("mid"); mid != "" {
		if m, ok := f.byID[mid]; !ok || m.ChannelID != parent {
			writeError(w, http.StatusNotFound, codeUnknownMessage, "Unknown Message")
			return
		}
	}
	id := f.newID()
	f.channels[id] = &Channel{ID: id, Guild: guild, ParentID: parent, Name: body.Name, Type: channelPublicThread}
	f.notify()
	writeJSON(w, http.StatusCreated, map[string]any{
		"id": id, "parent_id": parent, "name": body.Name, "type": channelPublicThread,
	})
}

// putPin is Discord's current Pin Message route, PUT
// /channels/{channel}/messages/pins/{message}: it needs Pin Messages.
func (f *Fake) putPin(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	m, ok := f.channelMessage(w, r)
	if !ok || !f.permitted(w, m.ChannelID, PermViewChannel|PermPinMessages) {
		return
	}
	m.Pinned = true
	f.notify()
	w.WriteHeader(http.StatusNoContent)
}

// getPins is Discord's current Get Channel Pins: message pin objects,
// newest first.
func (f *Fake) getPins(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	items := []map[string]any{}
	msgs := f.messages[r.PathValue("cid")]
	for k := len(msgs) - 1; k >= 0; k-- {
		if m := msgs[k]; m.Pinned && !m.Deleted {
			items = append(items, map[string]any{"pinned_at": "2026-01-01T00:00:00Z", "message": wireOut(m)})
		}
	}
	writeJSON(w, http.StatusOK, map[string]any{"items": items, "has_more": false})
}

// deprecatedRoute refuses the pin routes Discord deprecated (Pin Message,
// Unpin Message and Get Pinned Messages under /channels/{id}/pins) and
// records the call, so a bot that goes back to them fails its tests.
func (f *Fake) deprecatedRoute(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	f.deprecated = append(f.deprecated, Request{Method: r.Method, Path: r.URL.Path, Status: http.StatusBadRequest})
	f.notify()
	f.mu.Unlock()
	writeError(w, http.StatusBadRequest, 0, "deprecated route: use /channels/{channel.id}/messages/pins")
}

// DeleteMessage removes a message, as a moderator would (for tests of
// status messages that vanished).
func (f *Fake) DeleteMessage(id string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if m, ok := f.byID[id]; ok {
		m.Deleted = true
		f.notify()
	}
}
