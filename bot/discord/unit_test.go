package discord

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"testing"

	"bfbot/bot/command"

	"github.com/bwmarrin/discordgo"
)

// Ensure specs Discord would refuse are errors that name the command.
func TestApplicationCommandsErrors(t *testing.T) {
	complete := func(context.Context, *command.Request, string) []string { return nil }
	var subs26 []command.Spec
	for i := range 26 {
		subs26 = append(subs26, command.Spec{Name: "battle", Sub: fmt.Sprintf("s%02d", i)})
	}
	tests := []struct {
		name string
		spec []command.Spec
		want string
	}{
		{"ErrUpperCase", []command.Spec{{Name: "Battle"}}, "/Battle"},
		{"ErrLongName", []command.Spec{{Name: strings.Repeat("a", 33)}}, "1 to 32"},
		{"ErrSpace", []command.Spec{{Name: "bg", Sub: "split up"}}, "/bg split up"},
		{"ErrPlainAndGroup", []command.Spec{{Name: "map"}, {Name: "map", Sub: "tactical"}}, "both a command and a group"},
		{"ErrTwice", []command.Spec{{Name: "map", Sub: "a"}, {Name: "map", Sub: "a"}}, "defined twice"},
		{"ErrTooManySubs", subs26, "/battle: 26 sub-commands, Discord allows 25"},
		{"ErrChoicesAndComplete", []command.Spec{{Name: "roll", Options: []command.Option{
			{Name: "dice", Choices: []string{"1"}, Complete: complete}}}}, "exclude each other"},
		{"ErrBooleanChoices", []command.Spec{{Name: "roll", Options: []command.Option{
			{Name: "open", Type: command.Boolean, Choices: []string{"yes"}}}}}, "boolean"},
		{"ErrIntegerChoice", []command.Spec{{Name: "roll", Options: []command.Option{
			{Name: "dice", Type: command.Integer, Choices: []string{"two"}}}}}, "not a whole number"},
		{"ErrTooManyChoices", []command.Spec{{Name: "roll", Options: []command.Option{
			{Name: "dice", Choices: strings.Split("a b c d e f g h i j k l m n o p q r s t u v w x y z", " ")}}}}, "26 choices"},
		{"ErrOptionType", []command.Spec{{Name: "roll", Options: []command.Option{{Name: "dice", Type: 9}}}}, "unknown option type"},
		{"ErrAttachmentChoices", []command.Spec{{Name: "roll", Options: []command.Option{
			{Name: "file", Type: command.Attachment, Choices: []string{"a"}}}}}, "attachment"},
		{"ErrAttachmentComplete", []command.Spec{{Name: "roll", Options: []command.Option{
			{Name: "file", Type: command.Attachment, Complete: complete}}}}, "attachment"},
		{"ErrUserComplete", []command.Spec{{Name: "kick", Options: []command.Option{
			{Name: "user", Type: command.UserID, Complete: complete}}}}, "user option"},
		{"ErrUserChoices", []command.Spec{{Name: "kick", Options: []command.Option{
			{Name: "user", Type: command.UserID, Choices: []string{"1"}}}}}, "user option"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ApplicationCommands(tt.spec)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want one containing %q", err, tt.want)
			}
		})
	}
}

// Ensure a good spec translates: integer choices become numbers, contexts
// follow Where, empty descriptions get the name, a UserID option is
// Discord's user option (type 6) without autocomplete, and every command
// is for guild install only, without the deprecated dm_permission.
func TestApplicationCommandsOK(t *testing.T) {
	cmds, err := ApplicationCommands([]command.Spec{
		{Name: "roll", Where: command.DMOnly, Options: []command.Option{
			{Name: "dice", Type: command.Integer, Choices: []string{"1", "2"}}}},
		{Name: "kick", Where: command.GuildOnly, Options: []command.Option{
			{Name: "user", Type: command.UserID, Required: true}}},
	})
	if err != nil {
		t.Fatal(err)
	}
	c := cmds[0]
	if c.Description != "roll" || c.Options[0].Description != "dice" {
		t.Errorf("descriptions %q %q, want the names", c.Description, c.Options[0].Description)
	}
	if got, want := c.Options[0].Choices[1].Value, any(int64(2)); got != want {
		t.Errorf("choice value %#v, want %#v", got, want)
	}
	if ctx := *c.Contexts; len(ctx) != 1 || ctx[0] != discordgo.InteractionContextBotDM {
		t.Errorf("contexts %v, want DM only", ctx)
	}
	kick := cmds[1]
	if ctx := *kick.Contexts; len(ctx) != 1 || ctx[0] != discordgo.InteractionContextGuild {
		t.Errorf("contexts %v, want guild only", ctx)
	}
	if u := kick.Options[0]; u.Type != 6 || u.Autocomplete || !u.Required {
		t.Errorf("user option type %d autocomplete %v required %v, want type 6 (USER), no autocomplete, required",
			u.Type, u.Autocomplete, u.Required)
	}
	for _, c := range cmds {
		//lint:ignore SA1019 the test checks the deprecated field stays unsent
		if c.DMPermission != nil {
			t.Errorf("/%s: dm_permission is sent; Discord deprecated it for contexts", c.Name)
		}
		if c.IntegrationTypes == nil || len(*c.IntegrationTypes) != 1 || (*c.IntegrationTypes)[0] != 0 {
			t.Errorf("/%s: integration_types %v, want [0] (guild install only)", c.Name, c.IntegrationTypes)
		}
	}
}

// Ensure a user option gives the user's ID as its value and his display
// name from the resolved data: nickname, else global name, else user name.
func TestResolvedUsers(t *testing.T) {
	opt := func(name, id string) *discordgo.ApplicationCommandInteractionDataOption {
		return &discordgo.ApplicationCommandInteractionDataOption{Name: name, Type: discordgo.ApplicationCommandOptionUser, Value: id}
	}
	data := discordgo.ApplicationCommandInteractionData{
		Options: []*discordgo.ApplicationCommandInteractionDataOption{{
			Name: "replace", Type: discordgo.ApplicationCommandOptionSubCommand,
			Options: []*discordgo.ApplicationCommandInteractionDataOption{
				opt("old", "11"), opt("new", "12"), opt("third", "13"), opt("ghost", "14"),
				{Name: "side", Type: discordgo.ApplicationCommandOptionString, Value: "15"},
			},
		}},
		Resolved: &discordgo.ApplicationCommandInteractionDataResolved{
			Users: map[string]*discordgo.User{
				"11": {ID: "11", Username: "alice_1", GlobalName: "Alice"},
				"12": {ID: "12", Username: "bob_2", GlobalName: "Bob"},
				"13": {ID: "13", Username: "carol_3"},
			},
			Members: map[string]*discordgo.Member{"12": {Nick: "Captain Bob"}},
		},
	}
	got := resolvedUsers(data)
	want := map[string]string{"11": "Alice", "12": "Captain Bob", "13": "carol_3"}
	if len(got) != len(want) {
		t.Errorf("resolved %v, want %v", got, want)
	}
	for id, name := range want {
		if got[id] != name {
			t.Errorf("user %s named %q, want %q", id, got[id], name)
		}
	}
	sub, values, _ := commandOptions(data.Options)
	if sub != "replace" || values["old"] != "11" || values["new"] != "12" {
		t.Errorf("options %q %v: a user option's value is the user's ID", sub, values)
	}
}

// Ensure options flatten to the console's text form.
func TestCommandOptions(t *testing.T) {
	opts := []*discordgo.ApplicationCommandInteractionDataOption{{
		Name: "move", Type: discordgo.ApplicationCommandOptionSubCommand,
		Options: []*discordgo.ApplicationCommandInteractionDataOption{
			{Name: "bg", Type: discordgo.ApplicationCommandOptionString, Value: "Alpha", Focused: true},
			{Name: "hexes", Type: discordgo.ApplicationCommandOptionInteger, Value: float64(12)},
			{Name: "sure", Type: discordgo.ApplicationCommandOptionBoolean, Value: false},
		},
	}}
	sub, values, focused := commandOptions(opts)
	if sub != "move" || focused != "bg" || values["bg"] != "Alpha" || values["hexes"] != "12" || values["sure"] != "false" {
		t.Errorf("got %q %v %q", sub, values, focused)
	}
	if got := optionText(2.5); got != "2.5" {
		t.Errorf("optionText(2.5) = %q", got)
	}
}

func dscTestBot(t *testing.T) *Bot {
	t.Helper()
	b, err := New("secret-token", "1", "", dscNopDispatcher{}, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

type dscNopDispatcher struct{}

func (dscNopDispatcher) Specs() []command.Spec                                      { return nil }
func (dscNopDispatcher) Dispatch(context.Context, *command.Request) []command.Reply { return nil }
func (dscNopDispatcher) Complete(context.Context, *command.Request, string, string) []string {
	return nil
}

// Ensure buttons fill rows of five, at most five rows.
func TestActionRows(t *testing.T) {
	b := dscTestBot(t)
	var bs []command.Button
	for range 27 {
		bs = append(bs, command.Button{Label: "x", CustomID: "id"})
	}
	bs = append(bs, command.Button{Label: "no id"})
	rows := b.actionRows(bs)
	if len(rows) != 5 {
		t.Fatalf("%d rows, want 5", len(rows))
	}
	for _, r := range rows {
		if n := len(r.(discordgo.ActionsRow).Components); n != 5 {
			t.Errorf("row of %d buttons, want 5", n)
		}
	}
}

// Ensure a text longer than a message is cut and attached whole.
func TestBuildOverflow(t *testing.T) {
	b := dscTestBot(t)
	text := strings.Repeat("é", maxContent+10)
	o := b.build(command.Reply{Text: text}, "")
	if n := len([]rune(o.content)); n != maxContent {
		t.Errorf("content of %d runes, want %d", n, maxContent)
	}
	if len(o.files) != 1 || o.files[0].Name != overflowFile || string(o.files[0].Data) != text {
		t.Errorf("files %+v, want the whole text attached", o.files)
	}
	if o := b.build(command.Reply{}, ""); o.content == "" {
		t.Error("an empty reply must still have content: Discord refuses empty messages")
	}
}

// Ensure the scrubber hides the bot token and webhook tokens.
func TestScrub(t *testing.T) {
	b := dscTestBot(t)
	in := `Post "https://discord.com/api/v9/webhooks/1/aW50ZXJhY3Rpb24?wait=true": Bot secret-token; /interactions/5/tok/callback`
	got := b.scrub(in)
	for _, secret := range []string{"secret-token", "aW50ZXJhY3Rpb24", "/tok/"} {
		if strings.Contains(got, secret) {
			t.Errorf("%q left in %q", secret, got)
		}
	}
	if !strings.Contains(got, "/webhooks/1/[redacted]?wait=true") {
		t.Errorf("scrubbed %q", got)
	}
}

// Ensure New refuses what cannot work, with a message a person can act on.
func TestNewErrors(t *testing.T) {
	if _, err := New(" ", "1", "", dscNopDispatcher{}, nil); err == nil || !strings.Contains(err.Error(), "BFBOT_TOKEN") {
		t.Errorf("empty token: %v", err)
	}
	if _, err := New("t", "", "", dscNopDispatcher{}, nil); err == nil {
		t.Error("empty application id accepted")
	}
	if _, err := New("t", "1", "", nil, nil); err == nil {
		t.Error("nil dispatcher accepted")
	}
}

// Ensure IsDMClosed recognises Discord's code 50007 only.
func TestIsDMClosed(t *testing.T) {
	closed := &discordgo.RESTError{Response: &http.Response{StatusCode: 403},
		Message: &discordgo.APIErrorMessage{Code: discordgo.ErrCodeCannotSendMessagesToThisUser}}
	if !IsDMClosed(errors.Join(errors.New("sending"), closed)) {
		t.Error("wrapped 50007 not recognised")
	}
	other := &discordgo.RESTError{Message: &discordgo.APIErrorMessage{Code: 50001}}
	if IsDMClosed(other) || IsDMClosed(errors.New("x")) {
		t.Error("other errors taken for closed DMs")
	}
}

// Ensure a command over Discord's combined size (8,000 characters of
// names, descriptions and choices) is an error naming it and its size,
// and that every command of the real registry fits with a margin, so
// that no wording change makes Discord refuse the bulk registration.
func TestApplicationCommandsSize(t *testing.T) {
	var big []command.Spec
	for i := range 25 {
		big = append(big, command.Spec{Name: "big", Sub: fmt.Sprintf("s%02d", i), Description: strings.Repeat("d", 100),
			Options: []command.Option{{Name: "a", Description: strings.Repeat("o", 100)}, {Name: "b", Description: strings.Repeat("o", 100)},
				{Name: "c", Description: strings.Repeat("o", 100)}}})
	}
	_, err := ApplicationCommands(big)
	if err == nil || !strings.Contains(err.Error(), "/big: 10156 characters") {
		t.Errorf("error %v, want /big refused with its size 10156", err)
	}

	reg := command.New(command.Deps{Store: command.NewMemStore(7), ErrorID: func() string { return "test" }, RateLimits: command.RateLimits{Off: true}})
	cmds, err := ApplicationCommands(reg.Specs())
	if err != nil {
		t.Fatal(err)
	}
	const margin = 7500 // room for a few more options before Discord's 8,000
	for _, c := range cmds {
		if n := size(c); n > margin {
			t.Errorf("/%s: %d characters, want at most %d (Discord refuses over %d)", c.Name, n, margin, maxCommandSize)
		}
	}
}
