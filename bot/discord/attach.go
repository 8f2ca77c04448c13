package discord

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"
	"unicode/utf8"

	"bfbot/bot/command"

	"github.com/bwmarrin/discordgo"
)

// Files attached to a command (command.Attachment options):
// Discord sends the option's value as an attachment id, and the file's
// name, size and address in the interaction's resolved data; the adapter
// downloads it and hands the command layer its name (Request.Options) and
// content (Request.Files).

// DefaultFileTimeout bounds one attachment download.
const DefaultFileTimeout = 10 * time.Second

// maxFileName is the longest file name passed on (Discord allows longer
// ones; a reply quoting it should stay short).
const maxFileName = 100

// WithFileClient sets the HTTP client that downloads attached files
// (default: a plain client with DefaultFileTimeout; tests pass the fake
// Discord's client). It never carries the bot token: Discord's CDN
// addresses are signed, and a file's address must not learn the token.
func WithFileClient(c *http.Client) Option { return func(b *Bot) { b.files = c } }

// attachment is one Attachment option of a request and its file on Discord.
type attachment struct {
	option string
	file   *discordgo.MessageAttachment
}

// attachments finds the request's Attachment options in the resolved
// data and checks what can be checked without downloading: that Discord
// sent the file's details, and its announced size. The refusal text is
// for the caller ("" when all is well).
func attachments(spec command.Spec, data discordgo.ApplicationCommandInteractionData, r *command.Request) ([]attachment, string) {
	label := commandLabel(r.Name, r.Sub)
	var out []attachment
	for _, o := range spec.Options {
		id := r.Options[o.Name]
		if o.Type != command.Attachment || id == "" {
			continue
		}
		var a *discordgo.MessageAttachment
		if data.Resolved != nil {
			a = data.Resolved.Attachments[id]
		}
		if a == nil || a.URL == "" {
			return nil, fmt.Sprintf("⚠ %s: %s: Discord did not send the file; attach it again", label, o.Name)
		}
		if a.Size > command.MaxAttachmentBytes {
			return nil, "⚠ " + command.TooBig(label, o.Name, a.Size)
		}
		out = append(out, attachment{option: o.Name, file: a})
	}
	return out, ""
}

// errFileTooBig: the download passed MaxAttachmentBytes (Discord's size
// said otherwise).
var errFileTooBig = errors.New("file over the limit")

// fetchFiles downloads the attachments into the request. The refusal text
// is for the caller ("" when every file arrived).
func (b *Bot) fetchFiles(ctx context.Context, x *exchange, r *command.Request, as []attachment) string {
	label := commandLabel(r.Name, r.Sub)
	r.Files = map[string]command.File{}
	for _, a := range as {
		name := a.file.Filename
		if name == "" {
			name = a.option
		}
		name = truncate(name, maxFileName)
		data, err := b.download(ctx, a.file.URL)
		switch {
		case errors.Is(err, errFileTooBig):
			return "⚠ " + command.TooBig(label, a.option, 0)
		case err != nil:
			x.logErr("attachment not downloaded", err, "option", a.option, "size", a.file.Size)
			return fmt.Sprintf("⚠ %s: %s: the file %s could not be fetched from Discord (%s); attach it again", label, a.option, quoteName(name), shortReason(err))
		}
		r.Options[a.option] = name
		r.Files[a.option] = command.File{Name: name, Data: data}
	}
	return ""
}

// download reads at most MaxAttachmentBytes+1 bytes of url, so an
// understated size cannot make the bot hold more.
func (b *Bot) download(ctx context.Context, url string) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	resp, err := b.files.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, httpStatusError(resp.StatusCode)
	}
	if resp.ContentLength > command.MaxAttachmentBytes {
		return nil, errFileTooBig
	}
	data, err := io.ReadAll(io.LimitReader(resp.Body, command.MaxAttachmentBytes+1))
	if err != nil {
		return nil, err
	}
	if len(data) > command.MaxAttachmentBytes {
		return nil, errFileTooBig
	}
	return data, nil
}

// httpStatusError is a download answered with another status than 200.
type httpStatusError int

func (e httpStatusError) Error() string { return fmt.Sprintf("HTTP %d", int(e)) }

// shortReason says why a download failed without the file's address.
func shortReason(err error) string {
	var st httpStatusError
	switch {
	case errors.As(err, &st):
		return st.Error()
	case errors.Is(err, context.DeadlineExceeded):
		return "timed out"
	}
	var ne interface{ Timeout() bool }
	if errors.As(err, &ne) && ne.Timeout() {
		return "timed out"
	}
	return "network error"
}

// quoteName quotes a file name for a reply.
func quoteName(name string) string {
	if !utf8.ValidString(name) {
		return "(unnamed)"
	}
	return fmt.Sprintf("%q", name)
}
