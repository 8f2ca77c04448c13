package discordtest

import (
	"slices"
	"time"
)

// Request is one REST call the fake received.
type Request struct {
	Method, Path string
	Status       int
}

// Identify is the part of a gateway IDENTIFY the tests look at.
type Identify struct {
	Intents int
	// TokenOK says whether the token matched the fake's.
	TokenOK bool
	// Path is the address path the client connected to.
	Path string
	// Shard is the [shard_id, num_shards] the client sent, zero if none.
	Shard [2]int
}

// Channel types the fake creates (Discord's numbers).
const (
	channelText         = 0
	channelDM           = 1
	channelPublicThread = 11
)

// Channel is a DM channel, a guild channel a command came from, or a
// thread (channels.go).
type Channel struct {
	ID, ParentID, Name string
	Type               int
	Recipient          string // DM channels
	Guild              string
	// Archived and Locked are a thread's state; Edits counts the PATCHes.
	Archived, Locked bool
	Edits            int
	Deleted          bool
}

// Message is one message as the fake stored it.
type Message struct {
	ID, ChannelID string
	Content       string
	Embeds        []Embed
	Files         []File
	Buttons       []Button
	// Rows is the number of action rows holding the buttons.
	Rows      int
	Ephemeral bool
	// Interaction is the id of the interaction this message answers
	// (its response or a follow-up); empty for plain channel messages.
	Interaction string
	// Loading is set on a deferred response not yet edited.
	Loading bool
	Pinned  bool
	Edits   int
	Deleted bool
	// Silent: sent without a notification (the suppress-notifications
	// flag).
	Silent bool
	// Mentions is the allowed_mentions of the last create or edit, and
	// Pings who it would notify (mentions.go).
	Mentions Mentions
	Pings    Pings
}

// Notification is a create or edit of a message that would notify someone.
type Notification struct {
	MessageID, ChannelID string
	Content              string
	Pings                Pings
}

func (m *Message) clone() Message {
	c := *m
	c.Embeds = append([]Embed(nil), m.Embeds...)
	c.Files = append([]File(nil), m.Files...)
	c.Buttons = append([]Button(nil), m.Buttons...)
	// Cloned keeping nil apart from empty: "parse": [] is not a missing parse.
	c.Mentions.Parse = slices.Clone(m.Mentions.Parse)
	c.Mentions.Users = slices.Clone(m.Mentions.Users)
	c.Mentions.Roles = slices.Clone(m.Mentions.Roles)
	c.Pings.Users = slices.Clone(m.Pings.Users)
	c.Pings.Roles = slices.Clone(m.Pings.Roles)
	return c
}

// File is an attachment.
type File struct {
	Name, ContentType string
	Data              []byte
	// Description is the attachment's description (alt text), at most
	// 1,024 characters: the fake refuses a longer one as Discord does.
	Description string
}

// Button is a button of a message, with the index of its action row.
type Button struct {
	Label, CustomID string
	Style           int
	Row             int
}

// Embed is an embed of a message.
type Embed struct {
	Title, Description string
	Fields             []Field
}

// Field is one field of an embed.
type Field struct{ Name, Value string }

// Ack is one interaction callback.
type Ack struct {
	// Type is Discord's interaction response type: 4 message, 5 deferred
	// message, 6 deferred update, 7 update, 8 autocomplete result, 9 modal.
	Type      int
	Ephemeral bool
	Content   string
	Files     []File
	Choices   []string
	// After is the real time from dispatch to this callback (how fast the
	// bot answered; Discord's 3 seconds are enforced on the fake's clock).
	After time.Duration
}

// Interaction is one interaction the fake dispatched and what the bot did
// with it.
type Interaction struct {
	ID, Token      string
	Type           int
	User           string
	Guild, Channel string
	Acks           []Ack
	OriginalID     string   // the response message, when there is one
	FollowupIDs    []string // follow-up messages, in order
	// LateCalls counts the calls Discord refused as late: a callback
	// after its 3 seconds, a webhook call after the token's 15 minutes
	// (tokenlife.go).
	LateCalls       int
	dispatched      time.Time // real time, for Ack.After
	created         time.Time // on the fake's clock
	acked           chan struct{}
	deferEphemeral  bool
	originalPending bool
}

func (in *Interaction) clone() Interaction {
	c := *in
	c.Acks = append([]Ack(nil), in.Acks...)
	c.FollowupIDs = append([]string(nil), in.FollowupIDs...)
	return c
}

// Ack returns the first acknowledgement (zero when none yet).
func (in Interaction) Ack() Ack {
	if len(in.Acks) == 0 {
		return Ack{}
	}
	return in.Acks[0]
}

// Message returns the stored message with id.
func (f *Fake) Message(id string) (Message, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	m, ok := f.byID[id]
	if !ok {
		return Message{}, false
	}
	return m.clone(), true
}

// Answers returns the interaction's response and follow-ups as they stand.
func (f *Fake) Answers(id string) []Message {
	f.mu.Lock()
	defer f.mu.Unlock()
	in, ok := f.interactions[id]
	if !ok {
		return nil
	}
	var out []Message
	if m, ok := f.byID[in.OriginalID]; ok {
		out = append(out, m.clone())
	}
	for _, fid := range in.FollowupIDs {
		if m, ok := f.byID[fid]; ok {
			out = append(out, m.clone())
		}
	}
	return out
}
