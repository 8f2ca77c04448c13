package discord

import (
	"context"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Calls made with an interaction's token (its callback, its follow-ups,
// the edit or removal of its answer) keep their rate-limit buckets in the
// exchange, not in the session. Discord limits these routes per token (a
// webhook's token is a top-level resource of a route: developer docs,
// Rate Limits), outside the global limit (Receiving and Responding), and
// a token serves its one interaction for 15 minutes, after which the
// exchange no longer uses it (late.go). discordgo v0.29.0's session makes a bucket
// per endpoint string and never drops one: every interaction left a few
// hundred bytes behind for the life of the process. So each exchange has a
// RateLimiter of its own, made with it and gone with it; the session's
// keeps the channels' buckets, a bounded set.

// newExchange starts answering interaction i.
func (b *Bot) newExchange(i *discordgo.Interaction) *exchange {
	return &exchange{b: b, i: i, start: time.Now(), limits: discordgo.NewRatelimiter(),
		expires: b.tokenNow().Add(interactionLife)}
}

// call makes one REST call with the interaction's token: payload as JSON,
// or, with files, multipart as discordgo sends it (the payload as
// payload_json, the files as files[n]). The bucket is the route with its
// method, within the exchange's own RateLimiter.
func (x *exchange) call(ctx context.Context, method, uri string, payload any, files []*discordgo.File) ([]byte, error) {
	contentType, body := "application/json", []byte(nil)
	var err error
	switch {
	case len(files) > 0:
		contentType, body, err = discordgo.MultipartBodyWithJSON(payload, files)
	case payload != nil:
		body, err = discordgo.Marshal(payload)
	}
	if err != nil {
		return nil, err
	}
	bucket := x.limits.LockBucket(method + " " + strings.SplitN(uri, "?", 2)[0])
	return x.b.session.RequestWithLockedBucket(method, uri, contentType, body, bucket, 0, discordgo.WithContext(ctx))
}

// callback acknowledges the interaction with resp.
func (x *exchange) callback(ctx context.Context, resp *discordgo.InteractionResponse) error {
	var files []*discordgo.File
	if resp.Data != nil {
		files = resp.Data.Files
	}
	_, err := x.call(ctx, "POST", discordgo.EndpointInteractionResponse(x.i.ID, x.i.Token), resp, files)
	return err
}

// deleteOriginal removes the interaction's answer (a deferral's "thinking…").
func (x *exchange) deleteOriginal(ctx context.Context) error {
	_, err := x.call(ctx, "DELETE", discordgo.EndpointInteractionResponseActions(x.i.AppID, x.i.Token), nil, nil)
	return err
}
