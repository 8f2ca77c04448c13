package discord

import (
	"bytes"
	"mime"
	"path/filepath"
	"strings"

	"bfbot/bot/command"

	"github.com/bwmarrin/discordgo"
)

// Discord's limits on a message.
const (
	maxContent      = 2000
	maxButtonsInRow = 5
	maxRows         = 5
	maxLabel        = 80
	maxCustomID     = 100
	maxEmbedTitle   = 256
	maxEmbedText    = 4096
	maxFields       = 25
	maxFieldName    = 256
	maxFieldValue   = 1024
	maxThreadName   = 100
	// overflowFile holds the whole text of a reply longer than a message.
	overflowFile = "message.txt"
)

// outgoing is a reply translated for Discord, ready to become any of
// discordgo's payload types. Files are kept as bytes: each payload gets
// fresh readers, so one outgoing may be sent twice (a DM, then its
// fallback).
//
// Every payload made from an outgoing carries allowed_mentions
// (mentions): Discord's default for channel messages parses @everyone,
// @here and role mentions, and for interactions and webhooks every user
// mention, so a payload without it could ping on the say-so of user text.
// Only the users in ping are let through, and only by their mentions at
// the start of content.
type outgoing struct {
	content    string
	embeds     []*discordgo.MessageEmbed
	components []discordgo.MessageComponent
	files      []command.File
	ping       []string
	// silent: sent without a notification (command.Reply.Silent).
	silent bool
}

// maxPings is Discord's limit on allowed_mentions.users.
const maxPings = 100

// build translates a reply: its texts are made neutral (neutral.go), the
// users of Ping are mentioned before the text, and prefix (the adapter's
// own notices) goes between them.
func (b *Bot) build(rep command.Reply, prefix string) outgoing {
	o := outgoing{ping: pingIDs(rep.Ping), silent: rep.Silent}
	text := prefix + neutral(rep.Text)
	if len(o.ping) > 0 {
		var m strings.Builder
		for _, id := range o.ping {
			m.WriteString("<@" + id + "> ")
		}
		text = m.String() + text
	}
	o.content, o.files = text, rep.Files
	if len([]rune(text)) > maxContent {
		// The whole text still reaches the reader, as a file.
		o.content = truncate(text, maxContent)
		o.files = append(append([]command.File(nil), rep.Files...), command.File{Name: overflowFile, Data: []byte(text)})
	}
	for _, e := range rep.Embeds {
		me := &discordgo.MessageEmbed{
			Type:        discordgo.EmbedTypeRich,
			Title:       truncate(neutral(e.Title), maxEmbedTitle),
			Description: truncate(neutral(e.Description), maxEmbedText),
		}
		for k, f := range e.Fields {
			if k == maxFields {
				break
			}
			me.Fields = append(me.Fields, &discordgo.MessageEmbedField{
				Name: truncate(neutral(f.Name), maxFieldName), Value: truncate(neutral(f.Value), maxFieldValue),
			})
		}
		o.embeds = append(o.embeds, me)
	}
	o.components = b.actionRows(rep.Buttons)
	if o.content == "" && len(o.embeds) == 0 && len(o.files) == 0 {
		// Discord refuses an empty message.
		o.content = "…"
	}
	return o
}

// pingIDs keeps the user IDs that can be mentioned: snowflakes (digits
// only, so no ID can smuggle text into a mention), each once, at most
// Discord's 100.
func pingIDs(ids []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, id := range ids {
		if id == "" || seen[id] || strings.Trim(id, "0123456789") != "" || len(out) == maxPings {
			continue
		}
		seen[id] = true
		out = append(out, id)
	}
	return out
}

// mentions is the allowed_mentions of every payload: nothing is parsed
// from the content; only the users in ping may be pinged.
func (o outgoing) mentions() *discordgo.MessageAllowedMentions {
	return &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}, Users: o.ping}
}

// actionRows lays buttons out in rows of five; Discord shows five rows.
func (b *Bot) actionRows(buttons []command.Button) []discordgo.MessageComponent {
	var rows []discordgo.MessageComponent
	var row []discordgo.MessageComponent
	for _, bt := range buttons {
		if bt.Label == "" || bt.CustomID == "" || len(bt.CustomID) > maxCustomID {
			b.log.Warn("button dropped: label and custom id are required, the id up to 100 bytes",
				"label", bt.Label, "custom_id_len", len(bt.CustomID))
			continue
		}
		style := discordgo.PrimaryButton
		if bt.Danger {
			style = discordgo.DangerButton
		}
		row = append(row, discordgo.Button{Label: truncate(bt.Label, maxLabel), CustomID: bt.CustomID, Style: style})
		if len(row) == maxButtonsInRow {
			rows = append(rows, discordgo.ActionsRow{Components: row})
			row = nil
		}
	}
	if len(row) > 0 {
		rows = append(rows, discordgo.ActionsRow{Components: row})
	}
	if len(rows) > maxRows {
		b.log.Warn("buttons dropped: more than five rows", "buttons", len(buttons))
		rows = rows[:maxRows]
	}
	return rows
}

// discordFiles gives each file a fresh reader and a content type.
func (o outgoing) discordFiles() []*discordgo.File {
	var out []*discordgo.File
	for _, f := range o.files {
		ct := mime.TypeByExtension(filepath.Ext(f.Name))
		if ct == "" {
			ct = "application/octet-stream"
		}
		out = append(out, &discordgo.File{Name: f.Name, ContentType: ct, Reader: bytes.NewReader(f.Data)})
	}
	return out
}

func flags(private bool) discordgo.MessageFlags {
	if private {
		return discordgo.MessageFlagsEphemeral
	}
	return 0
}

// quiet is the flag of a message sent without a notification.
func (o outgoing) quiet() discordgo.MessageFlags {
	if o.silent {
		return discordgo.MessageFlagsSuppressNotifications
	}
	return 0
}

func (o outgoing) response(private bool) *discordgo.InteractionResponse {
	return &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{
			Content:         o.content,
			Embeds:          o.embeds,
			Components:      o.components,
			Files:           o.discordFiles(),
			Flags:           flags(private),
			AllowedMentions: o.mentions(),
		},
	}
}

// deferral acknowledges an interaction whose answer follows ("thinking…").
// It has no content, but carries allowed_mentions as every payload does.
func deferral(private bool) *discordgo.InteractionResponse {
	return &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Flags: flags(private), AllowedMentions: outgoing{}.mentions()},
	}
}

func (o outgoing) webhookEdit() *discordgo.WebhookEdit {
	content, embeds, components := o.content, o.embeds, o.components
	if embeds == nil {
		embeds = []*discordgo.MessageEmbed{}
	}
	if components == nil {
		components = []discordgo.MessageComponent{}
	}
	return &discordgo.WebhookEdit{
		Content: &content, Embeds: &embeds, Components: &components, Files: o.discordFiles(),
		AllowedMentions: o.mentions(),
	}
}

func (o outgoing) followup(private bool) *discordgo.WebhookParams {
	return &discordgo.WebhookParams{
		Content: o.content, Embeds: o.embeds, Components: o.components,
		Files: o.discordFiles(), Flags: flags(private) | o.quiet(), AllowedMentions: o.mentions(),
	}
}

func (o outgoing) send() *discordgo.MessageSend {
	return &discordgo.MessageSend{
		Content: o.content, Embeds: o.embeds, Components: o.components, Files: o.discordFiles(),
		AllowedMentions: o.mentions(), Flags: o.quiet(),
	}
}

// edit replaces the content of a message the bot sent (the status).
func (o outgoing) edit(channel, id string) *discordgo.MessageEdit {
	content := o.content
	return &discordgo.MessageEdit{ID: id, Channel: channel, Content: &content, AllowedMentions: o.mentions()}
}
