package discord

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"bfbot/bot/command"

	"github.com/bwmarrin/discordgo"
)

// Texts of the notices the adapter adds.
const (
	textDMClosedYou = "I cannot send you direct messages. To receive your secret messages, allow " +
		"direct messages from server members (the server's Privacy Settings). Here it is meanwhile:\n\n"
	textDMFailed      = "A direct message could not be delivered (id %s)."
	textThreadFailed  = "The battle thread could not be reached (id %s)."
	textPostFailed    = "The campaign's channel could not be reached (id %s)."
	textSentDM        = "Sent to your direct messages."
	textPostedThread  = "Posted in the battle thread <#%s>."
	textPostedChannel = "Posted in the campaign's channel <#%s>."
	textDone          = "Done."
)

// exchange is one interaction being answered: whether it was acknowledged,
// and how.
type exchange struct {
	b     *Bot
	i     *discordgo.Interaction
	start time.Time
	label string
	// limits holds the rate-limit buckets of the calls made with the
	// interaction's token (tokencall.go).
	limits *discordgo.RateLimiter
	// expires is when the bot stops using the token, on its token clock;
	// spent is set once Discord refused it (late.go).
	expires time.Time
	spent   bool

	acked          bool
	deferred       bool
	deferEphemeral bool
}

func (x *exchange) logErr(what string, err error, args ...any) {
	args = append([]any{"interaction", x.i.ID, "what", x.label, "error", x.b.scrub(err.Error(), x.i.Token)}, args...)
	x.b.log.Error(what, args...)
}

// respondText acknowledges with a short text.
func (x *exchange) respondText(ctx context.Context, text string, private bool) {
	x.acknowledge(ctx, outgoing{content: text}, private)
}

// acknowledge answers the interaction with o; when Discord has
// forgotten the interaction (its 3 seconds are over), o goes without the
// token (late.go).
func (x *exchange) acknowledge(ctx context.Context, o outgoing, private bool) {
	if err := x.respond(ctx, o, private); err != nil {
		if x.spend(err) {
			x.withoutToken(ctx, o, private)
		} else {
			x.logErr("response not delivered", err)
		}
	}
	x.acked = true
}

// deferReply acknowledges at once; the answer follows ("thinking…").
func (x *exchange) deferReply(ctx context.Context, private bool) {
	if x.acked {
		return
	}
	if err := x.callback(ctx, deferral(private)); err != nil && !x.spend(err) {
		x.logErr("deferral not delivered", err)
	}
	x.acked, x.deferred, x.deferEphemeral = true, true, private
	x.b.log.Debug("interaction deferred", "interaction", x.i.ID, "what", x.label, "ephemeral", private,
		"ms", time.Since(x.start).Milliseconds())
}

// fail tells the caller about an internal error.
func (x *exchange) fail(ctx context.Context, id string) {
	text := "Internal error (id " + id + ")."
	if !x.acked {
		x.respondText(ctx, text, true)
		return
	}
	x.followup(ctx, outgoing{content: text}, true)
}

// followup sends one more message answering the interaction, or sends
// it without the token once that is spent (late.go).
func (x *exchange) followup(ctx context.Context, o outgoing, private bool) {
	if x.late() {
		x.withoutToken(ctx, o, private)
		return
	}
	if err := x.followupCreate(ctx, o, private); err != nil {
		if x.spend(err) {
			x.withoutToken(ctx, o, private)
			return
		}
		x.logErr("follow-up not delivered", err)
		x.undelivered(ctx, o) // undelivered.go
	}
}

// complete replaces the deferral's "thinking…" with o, or sends o
// without the token once that is spent (late.go); private says whether
// o's readers are the caller alone.
func (x *exchange) complete(ctx context.Context, o outgoing, private bool) {
	if x.late() {
		x.withoutToken(ctx, o, private)
		return
	}
	if err := x.editOriginal(ctx, o); err != nil {
		if x.spend(err) {
			x.withoutToken(ctx, o, private)
			return
		}
		x.logErr("deferred response not delivered", err)
	}
}

// inline says whether a reply answers in the interaction itself: a
// private one, or a public one of the channel the command came from (a
// campaign's public replies go to its channel, place.go).
func (x *exchange) inline(rep command.Reply) bool {
	return rep.To == command.Private ||
		(rep.To == command.Public && rep.Battle == 0 && x.b.placeOf(rep.Campaign, x.i.ChannelID) == x.i.ChannelID)
}

// private says whether an inline reply is ephemeral. A reply with an
// unknown addressee is kept private: a secret must not leak by a typo.
func private(rep command.Reply) bool { return rep.To != command.Public }

// deliver sends the replies. The interaction itself is answered (or its
// deferral edited) with the first reply that can be; the others follow:
// private ones as ephemeral follow-ups, public ones in the campaign's
// channel (or the battle's thread under it), DMs in the addressee's DM
// channel; then the caller is told of a DM he missed before (missed.go),
// and DMs to other members go last. When nothing answers inline, the caller is told where the
// replies went once they are there (the interaction is deferred
// meanwhile), so a post that failed is never announced as made.
func (x *exchange) deliver(ctx context.Context, r *command.Request, replies []command.Reply) {
	for k := range replies {
		rep := &replies[k]
		if rep.To != command.Public && rep.To != command.Private && rep.To != command.DM {
			x.b.log.Warn("reply with unknown addressee sent privately", "interaction", x.i.ID, "to", string(rep.To))
			rep.To = command.Private
		}
		if rep.To == command.Private && rep.User != "" && rep.User != r.User.ID {
			// Never shown to the caller: it may be a secret of the
			// addressee's side.
			x.b.log.Warn("private reply for another user sent to him by DM", "interaction", x.i.ID, "user", rep.User)
			rep.To = command.DM
		}
	}
	first := -1
	for k, rep := range replies {
		if x.inline(rep) && (!x.deferred || private(rep) == x.deferEphemeral) {
			first = k
			break
		}
	}
	posts := false
	for _, rep := range replies {
		posts = posts || (rep.To == command.Public && !x.inline(rep))
	}
	later := first < 0 && posts
	if later {
		x.deferReply(ctx, true)
	} else {
		x.answer(ctx, r.User.ID, replies, first, nil)
	}
	var went []string // where the posts went, or why not
	// DMs to other members wait until the caller has all he is told: the
	// time he waits must not tell him that one was sent (ruling SE5).
	var others []command.Reply
	for k, rep := range replies {
		if k == first {
			continue
		}
		place := x.b.placeOf(rep.Campaign, x.i.ChannelID)
		switch {
		case rep.To == command.DM && rep.User != "" && rep.User != r.User.ID:
			others = append(others, rep)
		case rep.To == command.DM:
			x.dm(ctx, r.User.ID, rep)
		case rep.To == command.Public && rep.Battle != 0:
			thread, err := x.b.postBattle(ctx, place, rep)
			if err != nil {
				id := "thread-" + x.i.ID
				x.logErr("battle thread not reached", err, "battle", rep.Battle, "error_id", id)
				went = x.tell(ctx, later, went, fmt.Sprintf(textThreadFailed, id))
				continue
			}
			went = addOnce(went, fmt.Sprintf(textPostedThread, thread))
		case rep.To == command.Public && (place != x.i.ChannelID || (x.deferred && x.deferEphemeral)):
			// Posted as the bot: in the campaign's channel, or in this
			// one when the interaction's own messages are private now.
			if _, err := x.b.sendMessage(ctx, place, x.b.build(rep, "")); err != nil {
				id := "post-" + x.i.ID
				x.logErr("public reply not delivered", err, "channel", place, "error_id", id)
				went = x.tell(ctx, later, went, fmt.Sprintf(textPostFailed, id))
				continue
			}
			if place != x.i.ChannelID {
				went = addOnce(went, fmt.Sprintf(textPostedChannel, place))
			}
		default:
			x.followup(ctx, x.b.build(rep, ""), private(rep))
		}
	}
	if later {
		x.answer(ctx, r.User.ID, replies, first, went)
	}
	x.tellMissed(ctx, r.User.ID) // missed.go
	for _, rep := range others {
		x.dm(ctx, r.User.ID, rep)
	}
}

// tell reports a failed post: in the answer still to come (later), else
// at once in a follow-up.
func (x *exchange) tell(ctx context.Context, later bool, went []string, text string) []string {
	if later {
		return append(went, text)
	}
	x.followup(ctx, outgoing{content: text}, true)
	return went
}

func addOnce(list []string, s string) []string {
	for _, v := range list {
		if v == s {
			return list
		}
	}
	return append(list, s)
}

// answer acknowledges (or completes a deferral) with replies[first], or
// with a notice to caller saying where the replies went when none
// answers inline.
func (x *exchange) answer(ctx context.Context, caller string, replies []command.Reply, first int, went []string) {
	var o outgoing
	priv := true
	if first >= 0 {
		o, priv = x.b.build(replies[first], ""), private(replies[first])
	} else {
		o = outgoing{content: notice(caller, replies, went)}
	}
	switch {
	case !x.acked:
		x.acknowledge(ctx, o, priv)
	case first < 0 && !x.deferEphemeral:
		// Nothing public to show in the public "thinking" message (a
		// spent token leaves it: only the token could remove it).
		if !x.late() {
			if err := x.deleteOriginal(ctx); err != nil && !x.spend(err) {
				x.logErr("deferral not removed", err)
			}
		}
		if len(went) > 0 {
			x.followup(ctx, o, true)
		}
	default:
		// The deferral's readers are the caller alone when it is
		// ephemeral, whatever o is.
		x.complete(ctx, o, priv || x.deferEphemeral)
	}
}

// notice tells caller where replies that are not inline went: went
// says where the posts were made (or why not). A DM to anyone else is
// not his to know of: it may be a secret of the addressee's side, and
// its mere sending would tell him that one exists (ruling SE5).
func notice(caller string, replies []command.Reply, went []string) string {
	var parts []string
	for _, rep := range replies {
		if rep.To == command.DM && (rep.User == "" || rep.User == caller) {
			parts = append(parts, textSentDM)
			break
		}
	}
	parts = append(parts, went...)
	if len(parts) == 0 {
		return textDone
	}
	return strings.Join(parts, " ")
}

// dm sends a DM reply. When it cannot be delivered to the caller, he gets
// it ephemerally (closed DMs) or a notice; when it cannot reach anyone
// else, nobody is told now and the addressee learns at his next command
// (missed.go).
func (x *exchange) dm(ctx context.Context, caller string, rep command.Reply) {
	user := rep.User
	if user == "" {
		user = caller
	}
	err := x.b.SendDM(ctx, user, rep)
	if err == nil {
		return
	}
	switch {
	case user != caller:
		// The caller is not told: the message may be a secret of
		// another side, and its failure would tell him it was sent
		// (missed.go). The addressee is told at his next command.
		// Recorded before the log line, which tests wait for.
		x.b.missed.add(user)
		x.b.log.Warn("direct message to another member not delivered; he is told at his next command",
			"interaction", x.i.ID, "user", user, "closed", IsDMClosed(err), "error", x.b.scrub(err.Error(), x.i.Token))
	case IsDMClosed(err):
		x.b.log.Warn("direct messages closed, answered ephemerally", "interaction", x.i.ID, "user", user)
		x.followup(ctx, x.b.build(rep, textDMClosedYou), true)
	default:
		id := "dm-" + x.i.ID
		x.logErr("direct message not delivered", err, "user", user, "error_id", id)
		x.followup(ctx, outgoing{content: fmt.Sprintf(textDMFailed, id)}, true)
	}
}

// IsDMClosed reports whether err is Discord's "cannot send messages to this
// user" (code 50007): the user does not accept DMs from server members.
func IsDMClosed(err error) bool { return hasCode(err, discordgo.ErrCodeCannotSendMessagesToThisUser) }

func hasCode(err error, code int) bool {
	var re *discordgo.RESTError
	return errors.As(err, &re) && re.Message != nil && re.Message.Code == code
}
