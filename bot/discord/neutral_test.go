package discord

import (
	"regexp"
	"strings"
	"testing"

	"bfbot/bot/command"
)

// shown is how Discord's markdown shows an escaped text: a backslash
// before punctuation is dropped, a zero-width space is invisible.
func shown(s string) string {
	s = regexp.MustCompile(`\\([!-/:-@\[-`+"`"+`{-~])`).ReplaceAllString(s, "$1")
	return strings.ReplaceAll(s, zwsp, "")
}

// Ensure user text shows as typed: every markdown character escaped,
// every mention broken, timestamps kept.
func TestNeutral(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"Plain", "Crucis wins 3 VP", "Crucis wins 3 VP"},
		{"Underscore", "turn_limit", `turn\_limit`},
		{"Bold", "**bold**", `\*\*bold\*\*`},
		{"Strike", "~~gone~~", `\~\~gone\~\~`},
		{"Code", "`code`", "\\`code\\`"},
		{"Spoiler", "||secret||", `\|\|secret\|\|`},
		{"Backslash", `a\b`, `a\\b`},
		{"MaskedLink", "[click](https://evil.example)", `\[click\](https://evil.example)`},
		{"Quote", "> quoted\n  > again", "\\> quoted\n  \\> again"},
		{"QuoteInside", "a > b", "a > b"},
		{"Heading", "# Big\n## Bigger", "\\# Big\n\\## Bigger"},
		{"Subtext", "-# small", `\-# small`},
		{"List", "- one\n+ two\n* three", "\\- one\n\\+ two\n\\* three"},
		{"NumberedList", "1. first\n12. twelfth", "1\\. first\n12\\. twelfth"},
		{"NumberInside", "turn 3. done", "turn 3. done"},
		{"HyphenInside", "A3 - A4", "A3 - A4"},
		{"Everyone", "@everyone attack", "@" + zwsp + "everyone attack"},
		{"Here", "hi @HERE", "hi @" + zwsp + "HERE"},
		{"UserMention", "<@123>", "<" + zwsp + "@123>"},
		{"NickMention", "<@!123>", "<" + zwsp + "@!123>"},
		{"RoleMention", "<@&123>", "<" + zwsp + "@&123>"},
		{"ChannelMention", "<#123>", "<" + zwsp + "#123>"},
		{"CommandMention", "</campaign join:123>", "<" + zwsp + "/campaign join:123>"},
		{"Timestamp", "due <t:1767225600:R>", "due <t:1767225600:R>"},
		{"TimestampBare", "<t:1767225600>", "<t:1767225600>"},
		{"AtName", "@alice", "@alice"},
		{"Empty", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := neutral(tt.in)
			if got != tt.want {
				t.Errorf("neutral(%q) = %q, want %q", tt.in, got, tt.want)
			}
			if s := shown(got); s != tt.in {
				t.Errorf("neutral(%q) shows as %q, want it as typed", tt.in, s)
			}
		})
	}
}

// Ensure no mention survives neutral, whatever surrounds it: Discord's
// parser finds "@everyone", "@here" and "<@", "<@&", "<#", "</" anywhere.
func TestNeutralNoMentionSurvives(t *testing.T) {
	live := regexp.MustCompile(`(?i)@(everyone|here)|<[@#/]`)
	for _, in := range []string{
		"@everyone", "x@everyone", "@@everyone", "<<@1>>", "<@&1><#2></a:3>", "*@here*", "`@everyone`",
		"**<@&123>** and @everyone", "\\@everyone", "a\n@everyone\n<@1>",
	} {
		if got := neutral(in); live.MatchString(got) {
			t.Errorf("neutral(%q) = %q still holds a mention", in, got)
		}
		if got := neutralName(in); live.MatchString(got) {
			t.Errorf("neutralName(%q) = %q still holds a mention", in, got)
		}
	}
	if got := neutralName("Battle 1: **Hesperus**\n@here"); got != "Battle 1: **Hesperus** @"+zwsp+"here" {
		t.Errorf("neutralName = %q: one line, markdown kept (names show no markdown), mentions broken", got)
	}
}

// Ensure the builder pings exactly Reply.Ping, by mentions before the
// neutral text, and parses nothing from the content.
func TestBuildMentions(t *testing.T) {
	b := dscTestBot(t)
	o := b.build(command.Reply{Text: "@everyone <@&123> **bold**"}, "")
	if am := o.mentions(); am.Parse == nil || len(am.Parse) != 0 || len(am.Users) != 0 || len(am.Roles) != 0 {
		t.Errorf("allowed mentions %+v, want parse [] and nothing else", am)
	}
	if shown(o.content) != "@everyone <@&123> **bold**" || strings.Contains(o.content, "@everyone") {
		t.Errorf("content %q: want the text shown as typed, no live mention", o.content)
	}

	o = b.build(command.Reply{Text: "your orders are due <t:1767225600:R>", Ping: []string{"301", "302", "301", "<@&9>", ""}}, "")
	if want := "<@301> <@302> your orders are due <t:1767225600:R>"; o.content != want {
		t.Errorf("content %q, want %q", o.content, want)
	}
	if am := o.mentions(); len(am.Parse) != 0 || strings.Join(am.Users, ",") != "301,302" {
		t.Errorf("allowed mentions %+v, want users 301 and 302 only (no duplicates, nothing that is not an ID)", am)
	}

	o = b.build(command.Reply{Embeds: []command.Embed{{Title: "@here", Description: "_x_",
		Fields: []command.Field{{Name: "<@1>", Value: "||v||"}}}}}, "")
	e := o.embeds[0]
	for _, s := range []string{e.Title, e.Description, e.Fields[0].Name, e.Fields[0].Value} {
		if regexp.MustCompile(`@here|<@|(^|[^\\])[_|]`).MatchString(s) {
			t.Errorf("embed text %q not neutral", s)
		}
	}
}
