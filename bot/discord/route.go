package discord

import (
	"context"
	"fmt"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"bfbot/bot/command"

	"github.com/bwmarrin/discordgo"
)

// Texts the adapter itself answers with.
const (
	textRestarting = "The bot is restarting; try again in a minute."
	textUnknown    = "This command is not known to the bot (its command list may be out of date); try again in a minute."
	textNoUser     = "This interaction carries no user."
)

// onInteractionCreate is the one router: it switches on the interaction's
// type before calling the matching typed accessor (the wrong one panics).
// discordgo runs each event handler in its own goroutine.
func (b *Bot) onInteractionCreate(_ *discordgo.Session, ic *discordgo.InteractionCreate) {
	i := ic.Interaction
	if i == nil {
		return
	}
	x := b.newExchange(i)
	if !b.enter() {
		x.refuse(textRestarting)
		return
	}
	defer b.inflight.Done()
	ctx, cancel := context.WithTimeout(b.ctx, handlerLimit)
	defer cancel()
	defer func() {
		if p := recover(); p != nil {
			id := "panic-" + i.ID
			b.log.Error("handler panicked", "interaction", i.ID, "error_id", id,
				"panic", b.scrub(fmt.Sprint(p), i.Token), "stack", b.scrub(string(debug.Stack()), i.Token))
			x.fail(b.ctx, id)
		}
	}()
	switch i.Type {
	case discordgo.InteractionApplicationCommand:
		b.onCommand(ctx, x)
	case discordgo.InteractionApplicationCommandAutocomplete:
		b.onAutocomplete(ctx, x)
	case discordgo.InteractionMessageComponent:
		b.onComponent(ctx, x)
	case discordgo.InteractionModalSubmit:
		b.onModal(ctx, x)
	default:
		b.log.Warn("interaction of unhandled type", "interaction", i.ID, "type", int(i.Type))
	}
}

// refuse answers an interaction the bot will not run.
func (x *exchange) refuse(text string) {
	i := x.i
	resp := outgoing{content: text}.response(true)
	if i.Type == discordgo.InteractionApplicationCommandAutocomplete {
		resp = &discordgo.InteractionResponse{
			Type: discordgo.InteractionApplicationCommandAutocompleteResult,
			Data: &discordgo.InteractionResponseData{Choices: []*discordgo.ApplicationCommandOptionChoice{}},
		}
	}
	if err := x.callback(context.Background(), resp); err != nil {
		x.b.log.Warn("refusal not delivered", "interaction", i.ID, "error", x.b.scrub(err.Error(), i.Token))
	}
}

// request builds the transport-neutral request of an interaction. A
// command from a thread carries the thread's parent channel, so the
// command layer finds the campaign of a battle thread (place.go).
func (b *Bot) request(ctx context.Context, i *discordgo.Interaction) (*command.Request, bool) {
	r := &command.Request{
		Guild:   i.GuildID,
		Channel: i.ChannelID,
		DM:      i.GuildID == "",
		Options: map[string]string{},
		Now:     b.now(),
	}
	u := i.User
	nick := ""
	if i.Member != nil && i.Member.User != nil {
		u, nick = i.Member.User, i.Member.Nick
	}
	if u == nil {
		return nil, false
	}
	r.User = command.User{ID: u.ID, Name: displayName(u, nick)}
	// Discord computes the member's permissions into every guild
	// interaction (none in a DM). Manage Server is a server permission no
	// channel overwrite changes, so it holds for every campaign of the
	// server, whichever channel the command comes from (ruling SEAT5).
	if i.Member != nil {
		r.Manager = i.Member.Permissions&(discordgo.PermissionManageGuild|discordgo.PermissionAdministrator) != 0
	}
	if !r.DM && r.Channel != "" {
		r.Parent = b.parentOf(ctx, r.Channel)
	}
	return r, true
}

// displayName is what the guild shows: nickname, global name, user name.
func displayName(u *discordgo.User, nick string) string {
	switch {
	case nick != "":
		return nick
	case u.GlobalName != "":
		return u.GlobalName
	}
	return u.Username
}

// commandOptions flattens a slash command's options: the sub-command (and
// a group's, joined by a space) and its values as text, the way the console
// gives them; focused is the option being typed (autocomplete).
func commandOptions(opts []*discordgo.ApplicationCommandInteractionDataOption) (sub string, values map[string]string, focused string) {
	sub, opts = leafOptions(opts)
	values = map[string]string{}
	for _, o := range opts {
		values[o.Name] = optionText(o.Value)
		if o.Focused {
			focused = o.Name
		}
	}
	return sub, values, focused
}

// leafOptions walks down sub-command groups and sub-commands to the
// options of the command itself.
func leafOptions(opts []*discordgo.ApplicationCommandInteractionDataOption) (string, []*discordgo.ApplicationCommandInteractionDataOption) {
	sub := ""
	for len(opts) == 1 && (opts[0].Type == discordgo.ApplicationCommandOptionSubCommand ||
		opts[0].Type == discordgo.ApplicationCommandOptionSubCommandGroup) {
		sub = strings.TrimSpace(sub + " " + opts[0].Name)
		opts = opts[0].Options
	}
	return sub, opts
}

// resolvedUsers gives the display name of each user a user option names,
// by ID, from the interaction's resolved data: the member's server
// nickname, else his global name, else his user name. A user Discord did
// not resolve is named by nothing rather than by his ID (the command
// layer says so).
func resolvedUsers(data discordgo.ApplicationCommandInteractionData) map[string]string {
	_, opts := leafOptions(data.Options)
	out := map[string]string{}
	for _, o := range opts {
		if o.Type != discordgo.ApplicationCommandOptionUser {
			continue
		}
		id := optionText(o.Value)
		if id == "" || data.Resolved == nil {
			continue
		}
		u := data.Resolved.Users[id]
		nick := ""
		if m := data.Resolved.Members[id]; m != nil {
			nick = m.Nick
			if u == nil {
				u = m.User
			}
		}
		if u == nil {
			if nick != "" {
				out[id] = nick
			}
			continue
		}
		out[id] = displayName(u, nick)
	}
	return out
}

// optionText renders a value as text; JSON numbers arrive as float64.
func optionText(v any) string {
	switch v := v.(type) {
	case nil:
		return ""
	case string:
		return v
	case bool:
		return strconv.FormatBool(v)
	case float64:
		if v == float64(int64(v)) {
			return strconv.FormatInt(int64(v), 10)
		}
		return strconv.FormatFloat(v, 'f', -1, 64)
	}
	return fmt.Sprint(v)
}

func commandLabel(name, sub string) string {
	if sub == "" {
		return "/" + name
	}
	return "/" + name + " " + sub
}

func (b *Bot) onCommand(ctx context.Context, x *exchange) {
	data := x.i.ApplicationCommandData()
	r, ok := b.request(ctx, x.i)
	if !ok {
		x.respondText(ctx, textNoUser, true)
		return
	}
	r.Name = data.Name
	r.Sub, r.Options, _ = commandOptions(data.Options)
	r.Resolved = resolvedUsers(data)
	x.label = commandLabel(r.Name, r.Sub)
	spec, ok := b.spec(r.Name, r.Sub)
	if !ok {
		b.log.Warn("unknown command", "interaction", x.i.ID, "command", x.label)
		x.respondText(ctx, textUnknown, true)
		return
	}
	as, refusal := attachments(spec, data, r) // attach.go
	if refusal != "" {
		x.respondText(ctx, refusal, true)
		return
	}
	if spec.Slow || len(as) > 0 {
		// A download takes as long as Discord's CDN makes it (up to the
		// file client's timeout), so a command with files is acknowledged
		// before fetching them, as slow ones are: the 3 seconds are kept
		// whatever the network does, and a failed download is answered by
		// editing the deferral. The handler then runs once, with every file.
		x.deferReply(ctx, b.deferPrivate(spec))
	}
	if len(as) > 0 {
		if refusal := b.fetchFiles(ctx, x, r, as); refusal != "" {
			x.deliver(ctx, r, []command.Reply{{To: command.Private, User: r.User.ID, Text: refusal}})
			return
		}
	}
	b.run(ctx, x, r, b.deferPrivate(spec))
}

func (b *Bot) onComponent(ctx context.Context, x *exchange) {
	data := x.i.MessageComponentData()
	r, ok := b.request(ctx, x.i)
	if !ok {
		x.respondText(ctx, textNoUser, true)
		return
	}
	r.Component = data.CustomID
	if len(data.Values) > 0 {
		r.Options["values"] = strings.Join(data.Values, ",")
	}
	// A press is named by the command it runs: its custom ID means
	// nothing to the player a late answer's header is for.
	x.label = "a button"
	if bid, err := command.DecodeButton(data.CustomID); err == nil {
		if name, sub := bid.Command(); name != "" {
			x.label = "the button for " + commandLabel(name, sub)
		}
		if spec, ok := b.spec(bid.Command()); ok && spec.Slow {
			// A press runs its command (Auto-resolve runs /battle
			// auto): a slow one is acknowledged at once, as when typed,
			// not after the grace, which a handler waiting for the
			// store uses up. Privately, as run answers a press.
			x.deferReply(ctx, true)
		}
	}
	b.run(ctx, x, r, true)
}

// onModal runs a modal's submit as a press of its custom ID. Discord
// sends a submit only for a modal the app itself opened (Receiving and
// Responding: the modal's custom ID is the one the app provided), and
// this bot opens none: no command.Reply is a modal, and nothing here
// answers with InteractionResponseModal. So no player meets the label
// below, raw custom ID and all, heading a late answer (late.go); the
// route serves a dispatcher that would open modals, and the tests.
func (b *Bot) onModal(ctx context.Context, x *exchange) {
	data := x.i.ModalSubmitData()
	r, ok := b.request(ctx, x.i)
	if !ok {
		x.respondText(ctx, textNoUser, true)
		return
	}
	r.Component = data.CustomID
	for _, c := range data.Components {
		row, ok := c.(*discordgo.ActionsRow)
		if !ok {
			continue
		}
		for _, in := range row.Components {
			if t, ok := in.(*discordgo.TextInput); ok {
				r.Options[t.CustomID] = t.Value
			}
		}
	}
	x.label = "modal " + data.CustomID
	b.run(ctx, x, r, true)
}

// run dispatches a request. When the handler is not done within the grace
// period and the interaction is not acknowledged yet, it is deferred so
// Discord's 3 seconds are kept.
func (b *Bot) run(ctx context.Context, x *exchange, r *command.Request, private bool) {
	done := make(chan []command.Reply, 1)
	go func() {
		defer func() {
			if p := recover(); p != nil {
				id := "panic-" + x.i.ID
				b.log.Error("handler panicked", "interaction", x.i.ID, "error_id", id,
					"panic", b.scrub(fmt.Sprint(p), x.i.Token), "stack", b.scrub(string(debug.Stack()), x.i.Token))
				done <- []command.Reply{{To: command.Private, Text: "Internal error (id " + id + ")."}}
			}
		}()
		done <- b.d.Dispatch(ctx, r)
	}()
	var replies []command.Reply
	if x.acked {
		replies = <-done
	} else {
		t := time.NewTimer(b.grace)
		select {
		case replies = <-done:
			t.Stop()
		case <-t.C:
			x.deferReply(ctx, private)
			replies = <-done
		}
	}
	// The replies are delivered whatever time the handler took (its
	// context may be over): without the token when it is spent (late.go).
	x.deliver(b.ctx, r, replies)
	b.log.Info("interaction answered", "interaction", x.i.ID, "what", x.label, "user", r.User.ID,
		"guild", r.Guild, "replies", len(replies), "deferred", x.deferred, "ms", time.Since(x.start).Milliseconds())
}

// maxSuggestions is Discord's limit on autocomplete choices.
const maxSuggestions = 25

func (b *Bot) onAutocomplete(ctx context.Context, x *exchange) {
	data := x.i.ApplicationCommandData()
	choices := []*discordgo.ApplicationCommandOptionChoice{}
	if r, ok := b.request(ctx, x.i); ok {
		r.Name = data.Name
		var focused string
		r.Sub, r.Options, focused = commandOptions(data.Options)
		r.Resolved = resolvedUsers(data)
		if focused != "" {
			integer := b.optionType(r.Name, r.Sub, focused) == command.Integer
			for _, s := range b.d.Complete(ctx, r, focused, r.Options[focused]) {
				if s == "" {
					continue
				}
				s = truncate(s, maxChoiceLen)
				var v any = s
				if integer {
					n, err := strconv.ParseInt(s, 10, 64)
					if err != nil {
						continue // Discord refuses a text value for an integer option
					}
					v = n
				}
				choices = append(choices, &discordgo.ApplicationCommandOptionChoice{Name: s, Value: v})
				if len(choices) == maxSuggestions {
					break
				}
			}
		}
	}
	err := x.callback(ctx, &discordgo.InteractionResponse{
		Type: discordgo.InteractionApplicationCommandAutocompleteResult,
		Data: &discordgo.InteractionResponseData{Choices: choices},
	})
	if err != nil {
		b.log.Error("autocomplete not delivered", "interaction", x.i.ID, "error", b.scrub(err.Error(), x.i.Token))
	}
}

// optionType is the declared type of a command's option (String when unknown).
func (b *Bot) optionType(name, sub, option string) command.OptionType {
	spec, ok := b.spec(name, sub)
	if !ok {
		return command.String
	}
	for _, o := range spec.Options {
		if o.Name == option {
			return o.Type
		}
	}
	return command.String
}
