package discord_test

import (
	"context"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"bfbot/bot/command"
	"bfbot/bot/discord"
	"bfbot/bot/discordtest"
)

// These tests hold the adapter to Discord's documented rules, which the
// fake enforces (discordtest: allowed_mentions on every message, the bot's
// permissions, the current pin route).

// Ensure the README asks for exactly the permissions the bot needs, and
// the fake grants exactly those (so every end-to-end test runs with no
// more than a real server following the README gives).
func TestReadmePermissions(t *testing.T) {
	raw, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Join(strings.Fields(string(raw)), " ")
	m := regexp.MustCompile(`these permissions: ([^(.]+) \(permissions integer (\d+)\)`).FindStringSubmatch(text)
	if m == nil {
		t.Fatal(`README: no "these permissions: … (permissions integer N)" in the set-up section`)
	}
	bits := map[string]int64{
		"View Channels": 1 << 10, "Send Messages": 1 << 11, "Send Messages in Threads": 1 << 38,
		"Create Public Threads": 1 << 35, "Attach Files": 1 << 15, "Embed Links": 1 << 14,
		"Pin Messages": 1 << 51, "Read Message History": 1 << 16, "Manage Messages": 1 << 13,
		"Mention Everyone": 1 << 17, "Manage Threads": 1 << 34,
	}
	var listed int64
	for _, name := range strings.Split(m[1], ", ") {
		b, ok := bits[strings.TrimSpace(name)]
		if !ok {
			t.Fatalf("README names the permission %q, unknown to this test", name)
		}
		listed |= b
	}
	if listed != discord.Permissions {
		t.Errorf("README lists permissions %d, the bot needs %d", listed, discord.Permissions)
	}
	if m[2] != "2252109051382784" || discord.Permissions != 2252109051382784 {
		t.Errorf("README's permissions integer %s, the bot's %d", m[2], discord.Permissions)
	}
	if !strings.Contains(text, "permissions=2252109051382784") {
		t.Error("README's invite link does not carry the permissions integer")
	}
	if discordtest.DefaultPermissions != discord.Permissions {
		t.Errorf("the fake grants %d, the README %d", discordtest.DefaultPermissions, discord.Permissions)
	}
}

// Ensure user text with @everyone, a role mention and markdown pings
// nobody in any kind of message (response, follow-up, deferred edit, DM,
// channel and thread posts), and shows as typed.
func TestUserTextPingsNobody(t *testing.T) {
	t.Parallel()
	rig := dscStart(t, dscGuild)
	for _, name := range []string{"shout", "shout-slow"} {
		t.Run(name, func(t *testing.T) {
			ch, alice, _ := rig.fresh()
			in := rig.send(t, alice, dscGuild, ch, name, "", nil)
			var thread string
			rig.fake.MustWait(t, dscWait, "every reply", func() bool {
				th := rig.fake.Threads(ch)
				if len(th) == 1 {
					thread = th[0].ID
				}
				return thread != "" && len(rig.fake.Messages(thread)) == 1 && len(rig.fake.DMs(alice)) == 1 &&
					dscShownCount(rig.fake.Messages(ch), dscLoud) >= 3
			})
			var all []discordtest.Message
			for _, c := range []string{ch, thread, rig.fake.DMChannel(alice)} {
				all = append(all, rig.fake.Messages(c)...)
			}
			for _, m := range all {
				if m.Loading {
					continue
				}
				if m.Mentions.Parse == nil || len(m.Mentions.Parse) != 0 || len(m.Mentions.Users) != 0 || len(m.Mentions.Roles) != 0 {
					t.Errorf("message %q: allowed_mentions %+v, want parse [] only", m.Content, m.Mentions)
				}
				if !m.Pings.None() {
					t.Errorf("message %q pings %+v", m.Content, m.Pings)
				}
				if strings.Contains(m.Content, "@everyone") || strings.Contains(m.Content, "<@&") {
					t.Errorf("message %q holds a live mention", m.Content)
				}
				if !strings.Contains(discordtest.Shown(m.Content), dscLoud) {
					t.Errorf("message %q shows as %q, want the user text as typed", m.Content, discordtest.Shown(m.Content))
				}
				for _, e := range m.Embeds {
					if discordtest.Shown(e.Title) != dscLoud || strings.Contains(e.Title, "@everyone") {
						t.Errorf("embed title %q", e.Title)
					}
				}
			}
			for _, n := range rig.fake.Notified() {
				if n.ChannelID == ch || n.ChannelID == thread || n.ChannelID == rig.fake.DMChannel(alice) {
					t.Errorf("notified %+v", n)
				}
			}
			if in.Ack().Type == 0 {
				t.Error("not acknowledged")
			}
		})
	}
}

func dscShownCount(ms []discordtest.Message, text string) int {
	n := 0
	for _, m := range ms {
		if strings.Contains(discordtest.Shown(m.Content), text) {
			n++
		}
	}
	return n
}

// Ensure a reply with Ping pings exactly those users, by a mention before
// the text, and that a user option arrives as the user's ID with his
// display name resolved (nickname first).
func TestPingExactly(t *testing.T) {
	t.Parallel()
	rig := dscStart(t, dscGuild)
	ch, alice, bob := rig.fresh()
	rig.fake.SetUserName(bob, "Bob")
	rig.fake.SetNick(bob, "Captain Bob")
	rig.fake.SetUserName(alice, "Alice")
	rig.fake.SetNick(alice, "Lady Alice")
	in := rig.send(t, alice, dscGuild, ch, "call", "", map[string]any{"user": bob})
	if got := rig.d.last(); got.Options["user"] != bob || got.Resolved[bob] != "Captain Bob" {
		t.Errorf("request options %v resolved %v, want the ID as value and the nickname resolved", got.Options, got.Resolved)
	}
	if got := rig.d.last().User; got.ID != alice || got.Name != "Lady Alice" {
		t.Errorf("caller %+v, want alice named by her nickname", got)
	}
	ans := rig.fake.Answers(in.ID)
	if len(ans) != 1 {
		t.Fatalf("answers %+v", ans)
	}
	m := ans[0]
	if want := "<@" + bob + "> Captain Bob, your orders are due"; m.Content != want {
		t.Errorf("content %q, want %q", m.Content, want)
	}
	if !slices.Equal(m.Pings.Users, []string{bob}) || m.Pings.Everyone || len(m.Pings.Roles) != 0 {
		t.Errorf("pings %+v, want exactly bob", m.Pings)
	}
	if len(m.Mentions.Parse) != 0 || !slices.Equal(m.Mentions.Users, []string{bob}) {
		t.Errorf("allowed_mentions %+v, want parse [] and users [bob]", m.Mentions)
	}
}

// Ensure the status message is pinned by the current route, needs Pin
// Messages (and nothing more), and its edits ping nobody.
func TestStatusPinPermissions(t *testing.T) {
	t.Parallel()
	rig := dscStart(t, dscGuild)
	ch, _, _ := rig.fresh()
	ctx := context.Background()
	if err := rig.bot.UpsertStatus(ctx, ch, "k", "@everyone **Campaign** turn_limit"); err != nil {
		t.Fatal(err)
	}
	if err := rig.bot.UpsertStatus(ctx, ch, "k", "@here turn 2"); err != nil {
		t.Fatal(err)
	}
	ms := rig.fake.Messages(ch)
	if len(ms) != 1 || !ms[0].Pinned || ms[0].Edits != 1 || discordtest.Shown(ms[0].Content) != "@here turn 2" {
		t.Fatalf("status messages %+v, want one, pinned, edited once", ms)
	}
	if !ms[0].Pings.None() || ms[0].Mentions.Parse == nil {
		t.Errorf("status pings %+v with allowed_mentions %+v", ms[0].Pings, ms[0].Mentions)
	}
	if d := rig.fake.Deprecated(); len(d) != 0 {
		t.Errorf("deprecated routes called: %+v", d)
	}

	// Without Pin Messages, Discord refuses the pin with 50013 (Manage
	// Messages no longer does).
	ch2, _, _ := rig.fresh()
	rig.fake.SetPermissions(ch2, discord.Permissions&^discord.PermissionPinMessages|discordtest.PermManageMessages)
	err := rig.bot.UpsertStatus(ctx, ch2, "k", "status")
	if err == nil || !strings.Contains(err.Error(), "50013") {
		t.Errorf("pin without Pin Messages: error %v, want 50013", err)
	}
	if ms := rig.fake.Messages(ch2); len(ms) != 1 || ms[0].Pinned {
		t.Errorf("messages %+v, want the status sent and not pinned", ms)
	}
}

// Ensure the bot needs every permission it asks for: without one of them,
// what it is for fails with Discord's 50013.
func TestPermissionsEachNeeded(t *testing.T) {
	t.Parallel()
	rig := dscStart(t, dscGuild)
	ctx := context.Background()
	for _, c := range []struct {
		name string
		perm int64
		post func(ch string, battle int64) error
	}{
		{"SendMessages", discordtest.PermSendMessages, func(ch string, battle int64) error {
			return rig.bot.Post(ctx, ch, []command.Reply{{To: command.Public, Text: "hello"}})
		}},
		{"AttachFiles", discordtest.PermAttachFiles, func(ch string, battle int64) error {
			return rig.bot.Post(ctx, ch, []command.Reply{{To: command.Public, Text: "map", Files: []command.File{{Name: "m.png", Data: dscPNG}}}})
		}},
		{"EmbedLinks", discordtest.PermEmbedLinks, func(ch string, battle int64) error {
			return rig.bot.Post(ctx, ch, []command.Reply{{To: command.Public, Embeds: []command.Embed{{Title: "t"}}}})
		}},
		{"CreatePublicThreads", discordtest.PermCreatePublicThreads, func(ch string, battle int64) error {
			return rig.bot.Post(ctx, ch, []command.Reply{{To: command.Public, Campaign: 5, Battle: battle, Text: "battle"}})
		}},
		{"SendMessagesInThreads", discordtest.PermSendMessagesInThreads, func(ch string, battle int64) error {
			return rig.bot.Post(ctx, ch, []command.Reply{{To: command.Public, Campaign: 6, Battle: battle, Text: "battle"}})
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			ch, _, _ := rig.fresh()
			rig.fake.SetPermissions(ch, discord.Permissions&^c.perm)
			if err := c.post(ch, 1); err == nil || !strings.Contains(err.Error(), "50013") {
				t.Errorf("without %s: error %v, want 50013", c.name, err)
			}
			ch2, _, _ := rig.fresh()
			rig.fake.SetPermissions(ch2, discord.Permissions)
			if err := c.post(ch2, 2); err != nil {
				t.Errorf("with the README's permissions: %v", err)
			}
		})
	}
}

// Ensure the bot's own limits sit inside Discord's on an interaction's
// life, which the fake enforces: it defers a handler before the 3
// seconds are over and stops using a token before its 15 minutes.
func TestInteractionLimits(t *testing.T) {
	if discord.DefaultAckGrace >= discordtest.AckWindow {
		t.Errorf("the bot defers after %v, Discord forgets an interaction after %v", discord.DefaultAckGrace, discordtest.AckWindow)
	}
	if discord.InteractionLife >= discordtest.TokenLifetime {
		t.Errorf("the bot uses a token for %v, Discord refuses it after %v", discord.InteractionLife, discordtest.TokenLifetime)
	}
}
