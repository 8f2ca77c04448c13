package discordtest

import (
	"encoding/json"
	"net/http"
)

// Guild channels as Discord models them (docs/topics/Threads.md of
// Discord's API documentation): a thread's parent_id is the text (or
// announcement) channel it was started in, or the forum a forum post
// belongs to; threads start only under text channels (a forum's posts
// need a first message, which the bot never sends), so a thread started
// under a thread, a forum post, a forum or a DM is refused with 400,
// code 50024. A thread is archived after inactivity: a post in it
// unarchives it, unless a moderator locked it, when the post is refused
// with 400, code 50083, until a PATCH sets archived to false; no message
// in an archived thread may be edited (50083). A deleted channel answers
// 404, code 10003.
//
// A guild channel is known to the fake once a command comes from it (a
// text channel) or a test adds it (AddThread, AddForumPost); posts to a
// channel it has never heard of are accepted, as before it modelled
// channels.

// Channel types (Discord's numbers) beyond those in record.go.
const (
	channelPrivateThread = 12
	channelForum         = 15
)

// Discord's error codes for threads.
const (
	codeInvalidChannelType = 50024
	codeThreadArchived     = 50083
)

func isThread(typ int) bool {
	return typ == channelPublicThread || typ == channelPrivateThread || typ == 10
}

// textChannel registers a guild's text channel the first time a command
// comes from it; call with f.mu held.
func (f *Fake) textChannel(guild, id string) *Channel {
	if c, ok := f.channels[id]; ok {
		return c
	}
	c := &Channel{ID: id, Guild: guild, Type: channelText}
	f.channels[id] = c
	return c
}

// AddThread adds a public thread named name under the text channel
// parent of guild (as a member would start one) and returns its id.
func (f *Fake) AddThread(guild, parent, name string) string {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.textChannel(guild, parent)
	id := f.newID()
	f.channels[id] = &Channel{ID: id, Guild: guild, ParentID: parent, Name: name, Type: channelPublicThread}
	f.notify()
	return id
}

// AddForumPost adds a post named name to the forum channel forum of
// guild and returns the post's id (a thread whose parent is the forum).
func (f *Fake) AddForumPost(guild, forum, name string) string {
	f.mu.Lock()
	defer f.mu.Unlock()
	if _, ok := f.channels[forum]; !ok {
		f.channels[forum] = &Channel{ID: forum, Guild: guild, Type: channelForum}
	}
	id := f.newID()
	f.channels[id] = &Channel{ID: id, Guild: guild, ParentID: forum, Name: name, Type: channelPublicThread}
	f.notify()
	return id
}

// DeleteChannel deletes a channel or thread, as a moderator would: every
// later call on it answers 404, code 10003.
func (f *Fake) DeleteChannel(id string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if c, ok := f.channels[id]; ok {
		c.Deleted = true
		f.notify()
	}
}

// ArchiveThread archives a thread, locked as a moderator may lock it
// (a locked thread is not reopened by a post).
func (f *Fake) ArchiveThread(id string, locked bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if c, ok := f.channels[id]; ok && isThread(c.Type) {
		c.Archived, c.Locked = true, locked
		f.notify()
	}
}

// Channel returns a channel the fake knows.
func (f *Fake) Channel(id string) (Channel, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	c, ok := f.channels[id]
	if !ok {
		return Channel{}, false
	}
	return *c, true
}

// wireChannel is a channel's JSON; call with f.mu held.
func wireChannel(c *Channel) map[string]any {
	out := map[string]any{"id": c.ID, "type": c.Type, "name": c.Name}
	if c.Guild != "" {
		out["guild_id"] = c.Guild
	}
	if c.ParentID != "" {
		out["parent_id"] = c.ParentID
	}
	if isThread(c.Type) {
		out["thread_metadata"] = map[string]any{"archived": c.Archived, "locked": c.Locked,
			"auto_archive_duration": 10080, "archive_timestamp": "2026-01-01T00:00:00Z"}
	}
	return out
}

// liveChannel finds a channel not deleted, or answers 10003; call with
// f.mu held.
func (f *Fake) liveChannel(w http.ResponseWriter, id string) (*Channel, bool) {
	c, ok := f.channels[id]
	if !ok || c.Deleted {
		writeError(w, http.StatusNotFound, codeUnknownChannel, "Unknown Channel")
		return nil, false
	}
	return c, true
}

func (f *Fake) getChannel(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if c, ok := f.liveChannel(w, r.PathValue("cid")); ok {
		writeJSON(w, http.StatusOK, wireChannel(c))
	}
}

// patchChannel edits a thread's archived and locked flags (the fields
// the bot changes).
func (f *Fake) patchChannel(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Archived *bool `json:"archived"`
		Locked   *bool `json:"locked"`
	}
	if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
		writeError(w, http.StatusBadRequest, 50035, "Invalid Form Body")
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	c, ok := f.liveChannel(w, r.PathValue("cid"))
	if !ok {
		return
	}
	if (body.Archived != nil || body.Locked != nil) && !isThread(c.Type) {
		writeError(w, http.StatusBadRequest, codeInvalidChannelType, "Cannot execute action on this channel type")
		return
	}
	// Discord: only Manage Threads unarchives a thread a moderator
	// locked, or locks and unlocks one (Modify Channel, thread params).
	if (body.Locked != nil || (body.Archived != nil && !*body.Archived && c.Locked)) && !f.permitted(w, c.ID, PermManageThreads) {
		return
	}
	if body.Archived != nil {
		c.Archived = *body.Archived
	}
	if body.Locked != nil {
		c.Locked = *body.Locked
	}
	c.Edits++
	f.notify()
	writeJSON(w, http.StatusOK, wireChannel(c))
}

// postable checks that a message may be posted in channel id, reopening
// an archived thread that is not locked; call with f.mu held. A channel
// the fake never heard of is accepted.
func (f *Fake) postable(w http.ResponseWriter, id string) bool {
	c, ok := f.channels[id]
	switch {
	case !ok:
		return true
	case c.Deleted:
		writeError(w, http.StatusNotFound, codeUnknownChannel, "Unknown Channel")
		return false
	case c.Type == channelForum:
		writeError(w, http.StatusBadRequest, codeInvalidChannelType, "Cannot execute action on this channel type")
		return false
	case c.Archived && c.Locked:
		writeError(w, http.StatusBadRequest, codeThreadArchived, "Thread is archived")
		return false
	}
	c.Archived = false
	return true
}

// editable checks that a message in channel id may be edited: never in
// an archived thread, locked or not; call with f.mu held.
func (f *Fake) editable(w http.ResponseWriter, id string) bool {
	c, ok := f.channels[id]
	switch {
	case !ok:
		return true
	case c.Deleted:
		writeError(w, http.StatusNotFound, codeUnknownChannel, "Unknown Channel")
		return false
	case c.Archived:
		writeError(w, http.StatusBadRequest, codeThreadArchived, "Thread is archived")
		return false
	}
	return true
}
