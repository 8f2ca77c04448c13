// Package console speaks the bot's commands over a text stream: one
// command a line, `@user /command sub option:value option:"two words"`
// (docs/architecture.md), each reply printed with its addressee. It only translates;
// every command runs through the command layer as it does on Discord.
//
// Console-only conventions: a line may say where it comes from with
// in:PLACE, after the user or among the options (`@alice in:#war-room
// /campaign create …`):
//
//	in:#war-room              the channel #war-room of the console's server
//	in:other/#war-room        the channel #war-room of the server "other"
//	in:#war-room/#battle-1    the thread #battle-1 under #war-room
//	in:dm                     a direct message to the bot
//
// Without it a line comes from the channel #console of the server
// "console"; via:dm is the older spelling of in:dm. The command layer
// applies the same channel and server rules to these as to Discord's
// (bot/command, place.go): one running campaign a channel, none reached
// from another server, a DM only for a campaign's members. `/press
// id:CUSTOMID` presses a button a reply offered; and a file option (what
// Discord takes as an upload) takes a local path, e.g.
// `map_file:maps/harlech.yaml`, which the console reads (relative to Dir,
// else the working directory; at most command.MaxAttachmentBytes).
package console

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"bfbot/bot/command"
	"bfbot/internal/consoleline"
)

// Console runs console lines through a Dispatcher.
type Console struct {
	Dispatcher command.Dispatcher
	Out        io.Writer
	// JSON prints one object per reply:
	// {"to":…,"user":…,"text":…,"files":[…]}.
	JSON bool
	// FilesDir receives the replies' files (PNG maps, exports); "" keeps
	// only their names.
	FilesDir string
	// Now stamps each request; nil means time.Now.
	Now func() time.Time
	// Dir is where relative paths of file options start; "" is the
	// working directory.
	Dir string

	files int // files written, for unique names
	// types are the option types by command ("name sub") and option
	// name, read once from the Dispatcher's specs (attach.go).
	types map[string]map[string]command.OptionType
}

// Guild and Channel are where console lines come from.
const (
	Guild   = "console"
	Channel = "console"
)

// Run reads lines from in until it ends and prints every reply. A line
// that cannot be read is answered with an error reply and the rest still
// run; only an input or output failure stops Run.
func (c *Console) Run(ctx context.Context, in io.Reader) error {
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64*1024), maxLine)
	n := 0
	for sc.Scan() {
		n++
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := c.Line(ctx, n, sc.Text()); err != nil {
			return fmt.Errorf("line %d: %w", n, err)
		}
	}
	if errors.Is(sc.Err(), bufio.ErrTooLong) {
		return fmt.Errorf("line %d: longer than %d MiB, the most a console line may have", n+1, maxLine>>20)
	}
	return sc.Err()
}

// maxLine bounds one console line.
const maxLine = 1 << 20

// Line runs one console line (number n, for error messages) and prints
// its replies.
func (c *Console) Line(ctx context.Context, n int, text string) error {
	r, err := c.Request(text)
	if err != nil {
		return c.Print("", []command.Reply{{To: command.Private, Text: fmt.Sprintf("⚠ line %d: %v", n, err)}})
	}
	if r == nil {
		return nil
	}
	if !c.JSON {
		if _, err := fmt.Fprintf(c.Out, "> %s\n", strings.TrimSpace(text)); err != nil {
			return err
		}
	}
	if err := c.resolveUsers(r); err != nil { // users.go
		return c.Print(r.User.ID, []command.Reply{{To: command.Private, User: r.User.ID, Text: fmt.Sprintf("⚠ line %d: %v", n, err)}})
	}
	if err := c.readFiles(r); err != nil { // attach.go
		return c.Print(r.User.ID, []command.Reply{{To: command.Private, User: r.User.ID, Text: fmt.Sprintf("⚠ line %d: %v", n, err)}})
	}
	return c.Print(r.User.ID, c.Dispatcher.Dispatch(ctx, r))
}

// Request reads a console line into a request (nil for a blank or
// comment line).
func (c *Console) Request(text string) (*command.Request, error) {
	text, where, inGiven := splitPlace(text)
	l, err := consoleline.ParseLine(text)
	if err != nil || l == nil {
		return nil, err
	}
	if inGiven {
		l.Options = append(l.Options, consoleline.Option{Name: "in", Value: where})
	}
	if l.User == "" {
		return nil, fmt.Errorf("say who speaks: @name /command …")
	}
	now := time.Now
	if c.Now != nil {
		now = c.Now
	}
	r := &command.Request{User: command.User{ID: l.User, Name: l.User}, Guild: Guild, Channel: Channel, Options: map[string]string{}, Now: now()}
	if len(l.Words) > 1 {
		return nil, fmt.Errorf("/%s %s: one subcommand only, then option:value pairs", l.Command, strings.Join(l.Words, " "))
	}
	placed := false
	for _, o := range l.Options {
		switch o.Name {
		case "via":
			if o.Value != "dm" && o.Value != "channel" {
				return nil, fmt.Errorf("via:%s: say via:dm (or via:channel)", o.Value)
			}
			r.DM = o.Value == "dm"
		case "in":
			if placed {
				return nil, fmt.Errorf("in:%s: say once where the line comes from", o.Value)
			}
			placed = true
			if err := setPlace(r, o.Value); err != nil {
				return nil, err
			}
		default:
			r.Options[o.Name] = o.Value
		}
	}
	if r.DM {
		r.Guild, r.Channel, r.Parent = "", "dm-"+l.User, ""
	}
	if l.Command == "press" {
		if len(l.Words) > 0 || len(r.Options) != 1 || r.Options["id"] == "" {
			return nil, fmt.Errorf("/press takes one option, id:CUSTOMID (a button's id as a reply shows it)")
		}
		r.Component, r.Options = r.Options["id"], nil
		return r, nil
	}
	r.Name = l.Command
	if len(l.Words) == 1 {
		r.Sub = l.Words[0]
	}
	return r, nil
}

// splitPlace takes an in:PLACE written between the user and the command
// out of a line (`@alice in:#war-room /campaign create …`); ok says
// whether there was one, empty or not.
func splitPlace(text string) (rest, place string, ok bool) {
	f := strings.Fields(text)
	if len(f) < 3 || !strings.HasPrefix(f[0], "@") || !strings.HasPrefix(f[1], "in:") {
		return text, "", false
	}
	i := strings.Index(text, f[1])
	return text[:i] + text[i+len(f[1]):], strings.TrimPrefix(f[1], "in:"), true
}

// setPlace sets where r comes from (in:PLACE, the package doc). Channel IDs
// are unique across servers, as Discord's are: a channel of another
// server is named with its server.
func setPlace(r *command.Request, v string) error {
	bad := fmt.Errorf("in:%s: say in:#channel, in:server/#channel, in:#channel/#thread or in:dm", v)
	if v == "" {
		return fmt.Errorf("in: names no place: say in:#channel, in:server/#channel, in:#channel/#thread or in:dm")
	}
	if v == "dm" {
		r.DM = true
		return nil
	}
	parts := strings.Split(v, "/")
	guild := Guild
	if len(parts) > 0 && !strings.HasPrefix(parts[0], "#") {
		guild, parts = parts[0], parts[1:]
	}
	if guild == "" || guild == "dm" || len(parts) < 1 || len(parts) > 2 {
		return bad
	}
	for _, p := range parts {
		if len(p) < 2 || p[0] != '#' || strings.ContainsAny(p[1:], "#@: ") {
			return bad
		}
	}
	channel := parts[0][1:]
	if guild != Guild {
		channel = guild + "/" + channel
	}
	r.Guild, r.Channel, r.Parent = guild, channel, ""
	if len(parts) == 2 {
		r.Channel, r.Parent = channel+"/"+parts[1][1:], channel
	}
	return nil
}

// replyJSON is the --json form of a reply (docs/architecture.md).
type replyJSON struct {
	To    command.To `json:"to"`
	User  string     `json:"user"`
	Text  string     `json:"text"`
	Files []string   `json:"files"`
}

// Print writes replies; caller is the user whose line they answer.
func (c *Console) Print(caller string, replies []command.Reply) error {
	for _, r := range replies {
		user := r.User
		if user == "" {
			user = caller
		}
		files := []string{}
		for _, f := range r.Files {
			path, err := c.save(f)
			if err != nil {
				return err
			}
			files = append(files, path)
		}
		if c.JSON {
			b, err := json.Marshal(replyJSON{To: r.To, User: user, Text: r.Text, Files: files})
			if err != nil {
				return err
			}
			if _, err := fmt.Fprintf(c.Out, "%s\n", b); err != nil {
				return err
			}
			continue
		}
		if _, err := fmt.Fprintf(c.Out, "%s\n", Format(r, user, files)); err != nil {
			return err
		}
	}
	return nil
}

// Format is a reply as the console prints it: the addressee in brackets,
// the text, then its files and buttons indented.
func Format(r command.Reply, user string, files []string) string {
	var b strings.Builder
	switch r.To {
	case command.Public:
		where := "channel"
		if r.Campaign > 0 {
			where = fmt.Sprintf("campaign %d", r.Campaign)
		}
		if r.Battle > 0 {
			where += fmt.Sprintf(", battle %d", r.Battle)
		}
		fmt.Fprintf(&b, "[public, %s] ", where)
	default:
		if user == "" { // a line read without a speaker
			fmt.Fprintf(&b, "[%s] ", r.To)
			break
		}
		fmt.Fprintf(&b, "[%s → %s] ", r.To, user)
	}
	b.WriteString(strings.ReplaceAll(r.Text, "\n", "\n    "))
	for _, e := range r.Embeds {
		fmt.Fprintf(&b, "\n    %s: %s", e.Title, e.Description)
		for _, f := range e.Fields {
			fmt.Fprintf(&b, "\n      %s: %s", f.Name, f.Value)
		}
	}
	for _, f := range files {
		fmt.Fprintf(&b, "\n    file: %s", f)
	}
	for _, bt := range r.Buttons {
		fmt.Fprintf(&b, "\n    button %q: /press id:%s", bt.Label, bt.CustomID)
	}
	return b.String()
}

// save writes a reply's file into FilesDir under a numbered name, and
// returns the path (or just the name without a FilesDir).
func (c *Console) save(f command.File) (string, error) {
	c.files++
	name := fmt.Sprintf("%03d-%s", c.files, filepath.Base(f.Name))
	if c.FilesDir == "" {
		return name, nil
	}
	if err := os.MkdirAll(c.FilesDir, 0o700); err != nil {
		return "", fmt.Errorf("the directory for the replies' files, %s: %w", c.FilesDir, err)
	}
	path := filepath.Join(c.FilesDir, name)
	return path, writePrivate(path, f.Data)
}

// writePrivate writes a reply's file with mode 0600: exports and maps can
// hold a side's secrets (the console sees every side). The data goes into
// a new file created exclusively under a random name (never one already
// there, nor through a planted link), which is then renamed to path.
func writePrivate(path string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if err == nil {
		err = f.Chmod(0o600)
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		os.Remove(f.Name())
	}
	return err
}
