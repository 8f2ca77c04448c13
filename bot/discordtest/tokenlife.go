package discordtest

import (
	"net/http"
	"time"
)

// Discord's limits on an interaction's life (developer docs,
// Interactions: Receiving and Responding): the initial response (or a
// deferral) must come within 3 seconds of the interaction, or Discord
// forgets it and answers the callback "Unknown interaction" (10062);
// the token then serves the follow-ups and the edits of the response for
// 15 minutes, after which Discord refuses it with "Invalid Webhook
// Token" (401, code 50027; Opcodes and Status Codes, JSON Error Codes).
// The fake measures both on its clock (WithClock), never on real time.
const (
	AckWindow     = 3 * time.Second
	TokenLifetime = 15 * time.Minute
)

const codeInvalidWebhookToken = 50027

// fakeEpoch is the instant the fake's own clock stands at: without
// WithClock no time passes, so no interaction ever runs late.
var fakeEpoch = time.Date(2026, time.January, 1, 0, 0, 0, 0, time.UTC)

// WithClock sets the clock on which the fake measures an interaction's
// 3 seconds and its token's 15 minutes (a test's fake clock, shared with
// the bot). The default clock stands still.
func WithClock(now func() time.Time) Option { return func(f *Fake) { f.now = now } }

// OnAck sets fn to run each time the fake records an interaction's
// acknowledgement, before the bot hears the answer: a test advances its
// clock there to make every later call of the interaction late, with no
// race against the bot. fn runs without the fake's lock; nil removes it.
func (f *Fake) OnAck(fn func(Interaction)) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.onAck = fn
}

// ackLate reports whether a callback for in comes too late, answering it
// as Discord does; call with f.mu held.
func (f *Fake) ackLate(w http.ResponseWriter, in *Interaction) bool {
	if f.now().Sub(in.created) <= AckWindow {
		return false
	}
	in.LateCalls++
	in.settle() // SendCommand returns: the interaction has failed
	writeError(w, http.StatusNotFound, codeUnknownInteraction, "Unknown interaction")
	return true
}

// settle ends the wait for in's acknowledgement (waitAck): it came, or
// came too late; call with f.mu held.
func (in *Interaction) settle() {
	select {
	case <-in.acked:
	default:
		close(in.acked)
	}
}

// tokenExpired reports whether in's token has outlived its 15 minutes,
// answering the webhook call as Discord does; call with f.mu held.
func (f *Fake) tokenExpired(w http.ResponseWriter, in *Interaction) bool {
	if f.now().Sub(in.created) < TokenLifetime {
		return false
	}
	in.LateCalls++
	writeError(w, http.StatusUnauthorized, codeInvalidWebhookToken, "Invalid Webhook Token")
	return true
}
