// Package command is bfbot's one command layer: the registry of command specs
// (name, options, who may run it, where) and their handlers, which call the
// rules packages and storage and answer with transport-neutral replies. The
// Discord adapter and the console only translate requests and replies; no
// game logic lives in them (docs/architecture.md, "Command layer").
package command

import (
	"context"
	"time"
)

// To says who sees a reply.
type To string

// The addressees of a reply.
const (
	// Public goes to the campaign's channel, or the battle's thread when
	// Reply.Battle is set.
	Public To = "public"
	// Private is an ephemeral answer only the caller sees.
	Private To = "private"
	// DM is a direct message to Reply.User.
	DM To = "dm"
)

// Who may run a command.
type Who uint8

// The roles, from the least to the most trusted.
const (
	// Anyone: any user, also outside a campaign.
	Anyone Who = iota
	// Player: a player of one of the campaign's sides (acting for his side).
	Player
	// Referee: the campaign's referee role (its creator unless handed on).
	Referee
)

// Where a command may be run.
type Where uint8

// The places a command may come from.
const (
	Anywhere Where = iota
	GuildOnly
	DMOnly
)

// OptionType is the type of a command option's value.
type OptionType uint8

// Option types. Values reach handlers as text and are parsed there, so the
// console and Discord behave alike; Discord shows Integer and Boolean as
// typed fields.
const (
	String OptionType = iota
	Integer
	Boolean
	// Attachment is a file the user uploads (Discord) or names by its
	// path (console). Request.Options holds the file's name, so the
	// required and unknown checks work as for any option; its content is
	// in Request.Files, at most MaxAttachmentBytes (attach.go).
	Attachment
	// UserID names a person: Discord shows a user picker, the console
	// takes @name. Request.Options holds the user's ID and
	// Request.Resolved his display name, so nobody types an ID.
	UserID
)

// Option is one named argument of a command.
type Option struct {
	Name        string
	Description string
	Type        OptionType
	Required    bool
	// Choices, when set, are the only accepted values.
	Choices []string
	// Complete, when set, suggests values from the state (battlegroups,
	// sectors, units, hexes) for Discord autocomplete; partial is what the
	// user has typed so far.
	Complete func(ctx context.Context, r *Request, partial string) []string
}

// Spec is one command: "/battle move" is Name "battle", Sub "move".
type Spec struct {
	Name, Sub   string
	Description string
	Options     []Option
	Who         Who
	// Managers lets a manager of the campaign's server (Request.Manager)
	// run a Referee command too, though he is not the referee: ending a
	// campaign whose referee squats the channel or is gone (ruling SEAT5).
	Managers bool
	Where    Where
	// Slow commands (campaign turns, rendering) are acknowledged at once
	// and answered by a follow-up (Discord's 3-second limit).
	Slow bool
	// Rate is the per-user rate limit class of an expensive command
	// (Cheap: none); the registry checks it right after the permission
	// check (ratelimit.go, Deps.RateLimits).
	Rate    RateClass
	Handler Handler
}

// Handler runs a command.
type Handler func(ctx context.Context, r *Request) ([]Reply, error)

// User is the person behind a request.
type User struct {
	ID   string // Discord snowflake, or the console's @name
	Name string // display name
}

// Request is one command as a user sent it.
type Request struct {
	User User
	// Guild and Channel say where it came from; DM is set for direct
	// messages (Guild is then empty).
	Guild, Channel string
	DM             bool
	// Manager is set when the caller may manage the server Guild: Discord's
	// Manage Server permission (or Administrator) among the member
	// permissions of the interaction. The console never sets it.
	Manager   bool
	Name, Sub string
	Options   map[string]string
	// Files are the contents of the Attachment options, by option name
	// (the adapter downloads or reads them; checkFiles bounds them).
	Files map[string]File
	// Resolved gives the display name of each user a UserID option
	// names, by user ID (the adapter fills it from Discord's resolved
	// data or the console's @name).
	Resolved map[string]string
	// Parent is the channel a thread belongs to when Channel is a thread
	// or a forum post ("" otherwise): a command typed in a battle thread
	// is about the campaign of the thread's channel (place.go).
	Parent string
	// Component is the custom id of a pressed button (Name and Sub are
	// then empty); see the codec in customid.go.
	Component string
	// Asked is what the question whose button was pressed told the
	// player ("" for a typed command): the command acts only while it
	// still holds (asked.go).
	Asked string
	// Now is the time of the request, fixed for its whole transaction.
	Now time.Time
}

// Option returns the named option's value ("" when absent).
func (r *Request) Option(name string) string { return r.Options[name] }

// Reply is one message the bot sends in answer.
type Reply struct {
	To To
	// User is the addressee of a DM (or a private reply's caller).
	User string
	// Campaign and Battle address a public reply to the campaign's channel
	// or a battle's thread.
	Campaign int64
	Battle   int64
	// Text never holds a user ID or a raw mention: people are named by
	// display name. The adapter neutralises mentions and markdown in it.
	Text string
	// Ping lists the user IDs to notify: the adapter puts a real mention
	// of each before Text and lets Discord ping exactly these users.
	Ping []string
	// Silent sends the message without a notification (Discord's
	// suppress-notifications flag): a member's quiet hours (Notify).
	Silent bool
	// Everyone marks a DM every player is sent alike (orders open): that
	// one was sent to him tells nobody anything (ruling SE5).
	Everyone bool
	Embeds   []Embed
	Files    []File
	Buttons  []Button
}

// Embed is a titled block of text with fields.
type Embed struct {
	Title, Description string
	Fields             []Field
}

// Field is one name/value line of an embed.
type Field struct{ Name, Value string }

// File is an attachment, a PNG map as a rule.
type File struct {
	Name string
	Data []byte
	// Description is the picture in words for a screen reader (Discord's
	// attachment description, at most MaxDescription characters), built
	// from what its viewer may know; every image carries one.
	Description string
}

// MaxDescription is the longest attachment description Discord takes.
const MaxDescription = 1024

// Button is a clickable shortcut for a frequent step.
type Button struct {
	Label    string
	CustomID string
	Danger   bool
}

// Dispatcher is what an adapter (Discord, console, tests) needs from the
// command layer. Dispatch never fails: errors become replies in one place
// (a user error says what to fix; an internal error is logged with an id
// and shown as "Internal error (id …)").
type Dispatcher interface {
	// Specs lists every command, sorted by name and sub-command.
	Specs() []Spec
	// Dispatch runs a command or a button press and returns the replies.
	Dispatch(ctx context.Context, r *Request) []Reply
	// Complete suggests values for a partly typed option (autocomplete).
	Complete(ctx context.Context, r *Request, option, partial string) []string
}
