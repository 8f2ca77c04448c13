package discord

import (
	"context"
	"encoding/json"

	"github.com/bwmarrin/discordgo"

	"bfbot/bot/command"
)

// Attachment descriptions: every picture the bot sends carries its
// description (command.File.Description), which Discord shows as alt
// text and screen readers read. discordgo cannot send one (its
// MessageAttachment has no description, its MessageSend no attachments),
// so a payload with a described file is sent here as discordgo would
// send it — multipart, the payload as payload_json, the files as
// files[n] — with Discord's "attachments" list added: one entry a file,
// its id the file's index. A field of the outer payload wins over the
// embedded discordgo one of the same JSON name.

// attachmentMeta is one uploaded file's entry in a payload's
// attachments.
type attachmentMeta struct {
	ID          int    `json:"id"`
	Description string `json:"description,omitempty"`
}

// attachmentMetas lists the files with their descriptions; nil when no
// file has one (the payload then goes through discordgo unchanged).
func (o outgoing) attachmentMetas() []attachmentMeta {
	described := false
	out := make([]attachmentMeta, len(o.files))
	for i, f := range o.files {
		out[i] = attachmentMeta{ID: i, Description: truncate(f.Description, command.MaxDescription)}
		described = described || f.Description != ""
	}
	if !described {
		return nil
	}
	return out
}

// sendMessage posts o to a channel (or a DM channel).
func (b *Bot) sendMessage(ctx context.Context, channel string, o outgoing) (*discordgo.Message, error) {
	metas := o.attachmentMetas()
	if metas == nil {
		return b.session.ChannelMessageSendComplex(channel, o.send(), discordgo.WithContext(ctx))
	}
	uri := discordgo.EndpointChannelMessages(channel)
	return b.raw(ctx, "POST", uri, uri, struct {
		*discordgo.MessageSend
		Attachments []attachmentMeta `json:"attachments"`
	}{o.send(), metas}, o)
}

// respond answers the interaction with o.
func (x *exchange) respond(ctx context.Context, o outgoing, private bool) error {
	resp := o.response(private)
	metas := o.attachmentMetas()
	if metas == nil {
		return x.callback(ctx, resp)
	}
	type data struct {
		*discordgo.InteractionResponseData
		Attachments []attachmentMeta `json:"attachments"`
	}
	_, err := x.call(ctx, "POST", discordgo.EndpointInteractionResponse(x.i.ID, x.i.Token), struct {
		Type discordgo.InteractionResponseType `json:"type"`
		Data data                              `json:"data"`
	}{resp.Type, data{resp.Data, metas}}, resp.Data.Files)
	return err
}

// followupCreate sends o as a follow-up message of the interaction, and
// waits for Discord to have stored it.
func (x *exchange) followupCreate(ctx context.Context, o outgoing, private bool) error {
	params := o.followup(private)
	var payload any = params
	if metas := o.attachmentMetas(); metas != nil {
		payload = struct {
			*discordgo.WebhookParams
			Attachments []attachmentMeta `json:"attachments"`
		}{params, metas}
	}
	_, err := x.call(ctx, "POST", discordgo.EndpointWebhookToken(x.i.AppID, x.i.Token)+"?wait=true", payload, params.Files)
	return err
}

// editOriginal replaces the interaction's deferred answer with o.
func (x *exchange) editOriginal(ctx context.Context, o outgoing) error {
	edit := o.webhookEdit()
	var payload any = edit
	if metas := o.attachmentMetas(); metas != nil {
		payload = struct {
			*discordgo.WebhookEdit
			Attachments []attachmentMeta `json:"attachments"`
		}{edit, metas}
	}
	_, err := x.call(ctx, "PATCH", discordgo.EndpointWebhookMessage(x.i.AppID, x.i.Token, "@original"), payload, edit.Files)
	return err
}

// raw sends payload with o's files as discordgo sends a multipart
// message, and reads the message Discord answers with (if any).
func (b *Bot) raw(ctx context.Context, method, uri, bucket string, payload any, o outgoing) (*discordgo.Message, error) {
	contentType, body, err := discordgo.MultipartBodyWithJSON(payload, o.discordFiles())
	if err != nil {
		return nil, err
	}
	resp, err := b.session.RequestRaw(method, uri, contentType, body, bucket, 0, discordgo.WithContext(ctx))
	if err != nil {
		return nil, err
	}
	var m discordgo.Message
	if len(resp) > 0 {
		if err := json.Unmarshal(resp, &m); err != nil {
			return nil, err
		}
	}
	return &m, nil
}
