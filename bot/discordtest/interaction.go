package discordtest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Interaction types (Discord's numbers).
const (
	typeCommand      = 2
	typeComponent    = 3
	typeAutocomplete = 4
	typeModal        = 5
)

// wireOption is an option as Discord sends it in an interaction.
type wireOption struct {
	Name    string       `json:"name"`
	Type    int          `json:"type"`
	Value   any          `json:"value,omitempty"`
	Options []wireOption `json:"options,omitempty"`
	Focused bool         `json:"focused,omitempty"`
}

// SendCommand dispatches the slash command /name sub with options as
// INTERACTION_CREATE and waits for its acknowledgement. guild "" is a
// command typed in the user's DM with the bot (channel is then that DM
// channel whatever is passed). Option values are string, int, bool or File
// (an attachment, attach.go); their Discord types come from the registered
// command when it is known.
func (f *Fake) SendCommand(user, guild, channel, name, sub string, options map[string]any) (Interaction, error) {
	return f.SendCommandContext(context.Background(), user, guild, channel, name, sub, options)
}

// SendCommandContext is SendCommand with a context.
func (f *Fake) SendCommandContext(ctx context.Context, user, guild, channel, name, sub string, options map[string]any) (Interaction, error) {
	data, err := f.commandData(guild, name, sub, options, "")
	if err != nil {
		return Interaction{}, err
	}
	return f.interact(ctx, typeCommand, user, guild, channel, data)
}

// PressButton presses the button customID of a message in channel and waits
// for the acknowledgement.
func (f *Fake) PressButton(user, guild, channel, customID string) (Interaction, error) {
	data := map[string]any{"custom_id": customID, "component_type": 2}
	return f.interact(context.Background(), typeComponent, user, guild, channel, data)
}

// SubmitModal submits the modal customID with its text inputs and waits for
// the acknowledgement.
func (f *Fake) SubmitModal(user, guild, channel, customID string, fields map[string]string) (Interaction, error) {
	var rows []any
	for _, k := range sortedKeys(fields) {
		rows = append(rows, map[string]any{"type": 1, "components": []any{
			map[string]any{"type": 4, "custom_id": k, "value": fields[k]},
		}})
	}
	data := map[string]any{"custom_id": customID, "components": rows}
	return f.interact(context.Background(), typeModal, user, guild, channel, data)
}

// Autocomplete sends the partly typed option focused (its partial text is
// options[focused]) and returns the suggested values.
func (f *Fake) Autocomplete(user, guild, channel, name, sub, focused string, options map[string]any) ([]string, error) {
	data, err := f.commandData(guild, name, sub, options, focused)
	if err != nil {
		return nil, err
	}
	in, err := f.interact(context.Background(), typeAutocomplete, user, guild, channel, data)
	if err != nil {
		return nil, err
	}
	if a := in.Ack(); a.Type != int(discordgo.InteractionApplicationCommandAutocompleteResult) {
		return nil, fmt.Errorf("discordtest: autocomplete answered with type %d", a.Type)
	}
	return in.Ack().Choices, nil
}

// commandData builds the data of a command interaction.
func (f *Fake) commandData(guild, name, sub string, options map[string]any, focused string) (map[string]any, error) {
	f.mu.Lock()
	cmd := f.findCommand(guild, name)
	f.mu.Unlock()
	var defs []*discordgo.ApplicationCommandOption
	id := "0"
	if cmd != nil {
		id = cmd.ID
		defs = cmd.Options
		if sub != "" {
			defs = nil
			for _, o := range cmd.Options {
				if o.Name == sub && o.Type == discordgo.ApplicationCommandOptionSubCommand {
					defs = o.Options
				}
			}
		}
	}
	var opts []wireOption
	resolved := map[string]*discordgo.MessageAttachment{}
	users, members := map[string]any{}, map[string]any{}
	for _, k := range sortedKeys(options) {
		if file, ok := options[k].(File); ok {
			// Discord sends an attachment's id as the value and the file in
			// the resolved data (attach.go).
			f.mu.Lock()
			a := f.attach(file)
			f.mu.Unlock()
			resolved[a.ID] = a
			opts = append(opts, wireOption{Name: k, Type: int(discordgo.ApplicationCommandOptionAttachment), Value: a.ID})
			continue
		}
		o, err := optionOf(k, options[k], defs)
		if err != nil {
			return nil, err
		}
		if id, ok := o.Value.(string); ok && o.Type == int(discordgo.ApplicationCommandOptionUser) && k != focused {
			// Discord sends a picked user's ID as the value and the user
			// (and, in a server, his member) in the resolved data.
			f.mu.Lock()
			users[id], members[id] = f.resolvedUser(id)
			f.mu.Unlock()
		}
		o.Focused = k == focused
		if o.Focused {
			// Discord sends the partial text of the focused option as a string.
			o.Value = fmt.Sprint(options[k])
		}
		opts = append(opts, o)
	}
	if sub != "" {
		opts = []wireOption{{Name: sub, Type: int(discordgo.ApplicationCommandOptionSubCommand), Options: opts}}
	}
	data := map[string]any{"id": id, "name": name, "type": 1, "options": opts}
	res := map[string]any{}
	if len(resolved) > 0 {
		res["attachments"] = resolved
	}
	if len(users) > 0 {
		res["users"] = users
		if guild != "" {
			res["members"] = members
		}
	}
	if len(res) > 0 {
		data["resolved"] = res
	}
	return data, nil
}

// findCommand finds a registered command by name, the guild's first; call
// with f.mu held.
func (f *Fake) findCommand(guild, name string) *discordgo.ApplicationCommand {
	for _, g := range []string{guild, ""} {
		for _, c := range f.commands[g] {
			if c.Name == name {
				return c
			}
		}
	}
	return nil
}

// resolvedUser is a user and his partial member (no user field), as
// Discord resolves them: the name SetUserName gave as global name, the
// nickname SetNick gave; call with f.mu held.
func (f *Fake) resolvedUser(id string) (user, member map[string]any) {
	name := f.users[id]
	if name == "" {
		name = "user" + id[max(0, len(id)-4):]
	}
	var nick any
	if n := f.nicks[id]; n != "" {
		nick = n
	}
	return map[string]any{"id": id, "username": strings.ToLower(name), "global_name": name},
		map[string]any{"nick": nick, "roles": []string{}, "joined_at": "2026-01-01T00:00:00Z"}
}

func optionOf(name string, v any, defs []*discordgo.ApplicationCommandOption) (wireOption, error) {
	o := wireOption{Name: name, Value: v}
	for _, d := range defs {
		if d.Name == name {
			o.Type = int(d.Type)
		}
	}
	if o.Type != 0 {
		return o, nil
	}
	switch v.(type) {
	case string:
		o.Type = int(discordgo.ApplicationCommandOptionString)
	case int, int64:
		o.Type = int(discordgo.ApplicationCommandOptionInteger)
	case bool:
		o.Type = int(discordgo.ApplicationCommandOptionBoolean)
	default:
		return o, fmt.Errorf("discordtest: option %s: unsupported value %T", name, v)
	}
	return o, nil
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// interact records and dispatches one INTERACTION_CREATE, then waits for the
// acknowledgement.
func (f *Fake) interact(ctx context.Context, typ int, user, guild, channel string, data map[string]any) (Interaction, error) {
	if user == "" {
		return Interaction{}, errors.New("discordtest: an interaction needs a user")
	}
	f.mu.Lock()
	name := f.users[user]
	if name == "" {
		name = user
	}
	u := map[string]any{"id": user, "username": name, "global_name": name}
	raw := map[string]any{
		"application_id": f.appID, "type": typ, "data": data, "version": 1, "locale": "en-US",
	}
	if guild == "" {
		channel = f.dmChannel(user)
		raw["user"] = u
		raw["context"] = 1
	} else {
		raw["guild_id"] = guild
		var nick any
		if n := f.nicks[user]; n != "" {
			nick = n
		}
		perms, ok := f.memberPerms[guild+"/"+user]
		if !ok {
			perms = MemberPermissions
		}
		raw["member"] = map[string]any{"user": u, "nick": nick, "joined_at": "2026-01-01T00:00:00Z",
			"permissions": strconv.FormatInt(perms, 10)}
		raw["context"] = 0
	}
	raw["channel_id"] = channel
	// Discord sends the channel too (a partial channel: a thread's with
	// its parent_id); discordgo v0.29 does not read it.
	if guild == "" {
		raw["channel"] = wireChannel(f.channels[channel])
	} else {
		raw["channel"] = wireChannel(f.textChannel(guild, channel))
	}
	in := &Interaction{
		ID: f.newID(), Type: typ, User: user, Guild: guild, Channel: channel,
		acked: make(chan struct{}),
	}
	in.Token = "interaction-token-" + in.ID
	raw["id"], raw["token"] = in.ID, in.Token
	if typ == typeComponent {
		raw["message"] = map[string]any{"id": f.newID(), "channel_id": channel, "content": "", "timestamp": "2026-01-01T00:00:00Z"}
	}
	body, err := json.Marshal(raw)
	if err != nil {
		f.mu.Unlock()
		return Interaction{}, err
	}
	f.interactions[in.ID] = in
	f.byToken[in.Token] = in
	in.dispatched, in.created = time.Now(), f.now()
	err = f.dispatchShardLocked(f.shardOfLocked(guild), "INTERACTION_CREATE", body)
	f.notify()
	f.mu.Unlock()
	if err != nil {
		// The connection broke while writing: the event stays queued for the
		// client's RESUME, so keep waiting for the acknowledgement.
		f.DropSocket()
	}
	return f.waitAck(ctx, in)
}
