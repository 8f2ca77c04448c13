package discord

import (
	"context"
	"fmt"

	"github.com/bwmarrin/discordgo"
)

// An interaction lives a short while (Discord developer docs,
// Interactions: Receiving and Responding): its first answer, or a
// deferral, within 3 seconds, after which Discord forgets it (Unknown
// interaction, 10062; a follow-up then finds no webhook, 10015); its
// token then serves follow-ups and edits of the answer for 15 minutes,
// after which Discord refuses it (401 Invalid Webhook Token, 50027;
// Opcodes and Status Codes, JSON Error Codes). A handler may outlast
// either: a battle the AI fights, a turn run under load, a store that
// holds it. Its replies are then delivered without the token, where
// their readers may see them and nowhere else (ruling SE8):
//
//   - a public reply goes to the interaction's channel as a bot message,
//     which has the same readers as the answer it replaces;
//   - a private one (an ephemeral answer, a notice) goes to the caller's
//     direct messages, headed by the command it answers; it never falls
//     back to a channel, the caller's secret being the product;
//   - a public one that cannot be posted goes to the caller's DMs too;
//   - when the DMs are closed, the reply is lost: logged, counted
//     (lost_total in the log), and the caller told at his next command,
//     privately (missed.go), to read it with the read-only commands.
//
// The bot stops using a token at interactionLife after it received the
// interaction (WithInteractionClock: real time), and takes Discord's
// refusal of a token it still thought alive (a clock that disagrees)
// the same way.
//
// A deferral's "thinking…" message that its answer comes too late to
// replace stays as Discord left it. Only the token edits or deletes an
// interaction's original response (Edit and Delete Original Interaction
// Response), and Discord's documentation does not say that the bot may
// delete it as its own channel message once the token is spent (Delete
// Message asks for Manage Messages unless the message was sent by the
// current user, and the response is made through the interaction's
// webhook), so the bot does not try. Its deferrals are ephemeral unless
// WithDeferPrivate says otherwise, so by default that message is the
// caller's alone, never the channel's.

// textLate heads a private reply sent by DM because the interaction's
// token is spent.
const textLate = "This answer to %s came after the time Discord gives a bot to answer, so it is here:\n\n"

// late reports whether the interaction's token can no longer be used.
func (x *exchange) late() bool { return x.spent || !x.b.tokenNow().Before(x.expires) }

// spend reports whether err is Discord refusing the interaction as late
// or unanswered; the token is then spent for the rest of the exchange.
func (x *exchange) spend(err error) bool {
	if hasCode(err, discordgo.ErrCodeUnknownInteraction) || hasCode(err, discordgo.ErrCodeUnknownWebhook) ||
		hasCode(err, discordgo.ErrCodeInvalidWebhookTokenProvided) {
		x.spent = true
		x.b.log.Warn("interaction token spent: the replies go without it", "interaction", x.i.ID, "what", x.label,
			"error", x.b.scrub(err.Error(), x.i.Token))
	}
	return x.spent
}

// withoutToken delivers o, which the interaction can no longer carry:
// in the interaction's channel when it is public, else (or when that
// fails) in the caller's DMs; when both fail it is lost and the caller
// told at his next command.
func (x *exchange) withoutToken(ctx context.Context, o outgoing, private bool) {
	if !private {
		_, err := x.b.sendMessage(ctx, x.i.ChannelID, o)
		if err == nil {
			x.b.log.Info("late public reply posted in the channel", "interaction", x.i.ID, "what", x.label, "channel", x.i.ChannelID)
			return
		}
		x.logErr("late public reply not posted in the channel; sent to the caller's direct messages", err, "channel", x.i.ChannelID)
	}
	user := x.caller()
	var err error
	for _, m := range o.headed(fmt.Sprintf(textLate, x.label)) {
		if err = x.b.sendDM(ctx, user, m); err != nil {
			break
		}
	}
	if err == nil {
		x.b.log.Info("late reply sent to the caller's direct messages", "interaction", x.i.ID, "what", x.label, "user", user)
		return
	}
	// Recorded before the log line, which tests wait for.
	x.b.missed.add(user)
	lost := x.b.lateLost.Add(1)
	x.b.log.Warn("late reply lost: the caller's direct messages refused it; he is told at his next command",
		"interaction", x.i.ID, "what", x.label, "user", user, "closed", IsDMClosed(err), "lost_total", lost,
		"error", x.b.scrub(err.Error(), x.i.Token))
}

// caller is the id of the user who made the interaction.
func (x *exchange) caller() string {
	if x.i.Member != nil && x.i.Member.User != nil {
		return x.i.Member.User.ID
	}
	if x.i.User != nil {
		return x.i.User.ID
	}
	return ""
}

// headed puts head before o's text, or in a message of its own before o
// when both would not fit in one.
func (o outgoing) headed(head string) []outgoing {
	if len([]rune(head+o.content)) > maxContent {
		return []outgoing{{content: head}, o}
	}
	o.content = head + o.content
	return []outgoing{o}
}
