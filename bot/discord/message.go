package discord

import (
	"bytes"
	"mime"
	"path/filepath"

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
	// overflowFile holds the whole text of a reply longer than a message.
	overflowFile = "message.txt"
)

// outgoing is a reply translated for Discord, ready to become any of
// discordgo's payload types. Files are kept as bytes: each payload gets
// fresh readers, so one outgoing may be sent twice (a DM, then its
// fallback).
type outgoing struct {
	content    string
	embeds     []*discordgo.MessageEmbed
	components []discordgo.MessageComponent
	files      []command.File
}

// build translates a reply; prefix goes before its text (fallback notices).
func (b *Bot) build(rep command.Reply, prefix string) outgoing {
	text := prefix + rep.Text
	o := outgoing{content: text, files: rep.Files}
	if len([]rune(text)) > maxContent {
		// The whole text still reaches the reader, as a file.
		o.content = truncate(text, maxContent)
		o.files = append(append([]command.File(nil), rep.Files...), command.File{Name: overflowFile, Data: []byte(text)})
	}
	for _, e := range rep.Embeds {
		me := &discordgo.MessageEmbed{
			Type:        discordgo.EmbedTypeRich,
			Title:       truncate(e.Title, maxEmbedTitle),
			Description: truncate(e.Description, maxEmbedText),
		}
		for k, f := range e.Fields {
			if k == maxFields {
				break
			}
			me.Fields = append(me.Fields, &discordgo.MessageEmbedField{
				Name: truncate(f.Name, maxFieldName), Value: truncate(f.Value, maxFieldValue),
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

func (o outgoing) response(private bool) *discordgo.InteractionResponse {
	return &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{
			Content:    o.content,
			Embeds:     o.embeds,
			Components: o.components,
			Files:      o.discordFiles(),
			Flags:      flags(private),
		},
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
	return &discordgo.WebhookEdit{Content: &content, Embeds: &embeds, Components: &components, Files: o.discordFiles()}
}

func (o outgoing) followup(private bool) *discordgo.WebhookParams {
	return &discordgo.WebhookParams{
		Content: o.content, Embeds: o.embeds, Components: o.components,
		Files: o.discordFiles(), Flags: flags(private),
	}
}

func (o outgoing) send() *discordgo.MessageSend {
	return &discordgo.MessageSend{
		Content: o.content, Embeds: o.embeds, Components: o.components, Files: o.discordFiles(),
	}
}
