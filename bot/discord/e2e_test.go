package discord_test

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"bfbot/bot/command"
	"bfbot/bot/discord"
	"bfbot/bot/discordtest"

	"github.com/bwmarrin/discordgo"
)

// These tests run the real discordgo client against the fake Discord.

const (
	ackMessage  = int(discordgo.InteractionResponseChannelMessageWithSource)
	ackDeferred = int(discordgo.InteractionResponseDeferredChannelMessageWithSource)
)

// Ensure the adapter's behaviours, on one shared session (discordgo's
// Close takes a second; each case uses its own channel and users).
func TestShared(t *testing.T) {
	t.Parallel()
	rig := dscStart(t, dscGuild)
	for _, c := range []struct {
		name string
		run  func(*testing.T, *dscRig)
	}{
		{"Registered", dscRegistered},
		{"FastCommand", dscFastCommand},
		{"CommandInDM", dscCommandInDM},
		{"SlowCommand", dscSlowCommand},
		{"PrivateReply", dscPrivateReply},
		{"DMWithFile", dscDMWithFile},
		{"Described", dscDescribed},
		{"ClosedDMs", dscClosedDMs},
		{"PrivateForOther", dscPrivateForOther},
		{"Button", dscButton},
		{"Modal", dscModal},
		{"Autocomplete", dscAutocomplete},
		{"BattleThread", dscBattleThread},
		{"RateLimit", dscRateLimit},
		{"UpsertStatus", dscUpsertStatus},
		{"UnknownCommand", dscUnknownCommand},
		{"Post", dscPost},
		{"Panic", dscPanic},
	} {
		t.Run(c.name, func(t *testing.T) { c.run(t, rig) })
	}
}

// dscRegistered: the specs are registered in the guild, grouped, typed and flagged.
func dscRegistered(t *testing.T, rig *dscRig) {
	cmds := rig.fake.Commands(dscGuild)
	if got, want := len(cmds), 13; got != want {
		t.Fatalf("registered %d commands, want %d", got, want)
	}
	if len(rig.fake.Commands("")) != 0 {
		t.Error("guild registration also registered global commands")
	}
	byName := map[string]*discordgo.ApplicationCommand{}
	for _, c := range cmds {
		byName[c.Name] = c
	}
	orders := byName["orders"]
	if orders == nil || len(orders.Options) != 2 {
		t.Fatalf("orders: %+v, want one command with 2 sub-commands", orders)
	}
	move := orders.Options[0]
	if move.Name != "move" || move.Type != discordgo.ApplicationCommandOptionSubCommand {
		t.Fatalf("first sub-command %q type %v", move.Name, move.Type)
	}
	// Required options first (Discord's rule), the others in spec order.
	var names []string
	for _, o := range move.Options {
		names = append(names, o.Name)
	}
	if got, want := strings.Join(names, ","), "battlegroup,confirm,hexes,mode"; got != want {
		t.Errorf("options %s, want %s", got, want)
	}
	opt := map[string]*discordgo.ApplicationCommandOption{}
	for _, o := range move.Options {
		opt[o.Name] = o
	}
	if !opt["battlegroup"].Autocomplete || !opt["battlegroup"].Required {
		t.Error("battlegroup: want autocomplete and required")
	}
	if opt["hexes"].Type != discordgo.ApplicationCommandOptionInteger || opt["confirm"].Type != discordgo.ApplicationCommandOptionBoolean {
		t.Error("hexes must be an integer, confirm a boolean")
	}
	if len(opt["mode"].Choices) != 2 || opt["mode"].Choices[1].Value != "forced" {
		t.Errorf("mode choices %+v", opt["mode"].Choices)
	}
	if ctx := byName["battle"].Contexts; ctx == nil || len(*ctx) != 1 || (*ctx)[0] != discordgo.InteractionContextGuild {
		t.Errorf("battle is guild-only: contexts %v, want [0]", ctx)
	}
	if ctx := byName["ping"].Contexts; ctx == nil || len(*ctx) != 2 {
		t.Errorf("ping runs anywhere: contexts %v, want guild and bot DM", ctx)
	}
	ids := rig.fake.Identifies()
	if len(ids) != 1 || ids[0].Intents != int(discord.Intents) || !ids[0].TokenOK {
		t.Errorf("identify %+v, want one with intents %d", ids, discord.Intents)
	}
}

// Ensure the commands are registered globally when no guild is given.
func TestRegisterGlobal(t *testing.T) {
	t.Parallel()
	rig := dscStart(t, "")
	if got := len(rig.fake.Commands("")); got != 13 {
		t.Errorf("registered %d global commands, want 13", got)
	}
}

// Ensure a fast command is answered directly, publicly.
func dscFastCommand(t *testing.T, rig *dscRig) {
	ch, alice, _ := rig.fresh()
	in := rig.send(t, alice, dscGuild, ch, "ping", "", nil)
	if a := in.Ack(); a.Type != ackMessage || a.Ephemeral || a.Content != "pong" {
		t.Fatalf("ack %+v, want a public pong", a)
	}
	msgs := rig.fake.Messages(ch)
	if len(msgs) != 1 || msgs[0].Content != "pong" || msgs[0].Interaction != in.ID {
		t.Errorf("channel %+v, want the pong answering the interaction", msgs)
	}
	if got := rig.d.last(); got.User.ID != alice || got.Guild != dscGuild || got.DM || got.Channel != ch {
		t.Errorf("request %+v", got)
	}
}

// Ensure a command typed in DMs reaches the dispatcher as a DM request.
func dscCommandInDM(t *testing.T, rig *dscRig) {
	_, alice, _ := rig.fresh()
	rig.fake.SetUserName(alice, "Alice")
	in := rig.send(t, alice, "", "", "secret", "", nil)
	if a := in.Ack(); !a.Ephemeral || a.Content != "only for Alice" {
		t.Errorf("ack %+v, want ephemeral 'only for Alice'", a)
	}
	if got := rig.d.last(); !got.DM || got.Guild != "" || got.Channel != rig.fake.DMChannel(alice) {
		t.Errorf("request %+v, want a DM request", got)
	}
}

// Ensure a slow command is deferred at once, then answered.
func dscSlowCommand(t *testing.T, rig *dscRig) {
	ch, alice, _ := rig.fresh()
	in := rig.send(t, alice, dscGuild, ch, "slow", "", nil)
	if a := in.Ack(); a.Type != ackDeferred || !a.Ephemeral {
		t.Fatalf("ack %+v, want an ephemeral deferral", a)
	}
	dscStarted(t, rig.d, "slow")
	close(rig.d.release)
	rig.fake.MustWait(t, dscWait, "the deferred answer and the public post", func() bool {
		ans := rig.fake.Answers(in.ID)
		return len(ans) == 1 && !ans[0].Loading && len(rig.fake.Messages(ch)) == 2
	})
	ans := rig.fake.Answers(in.ID)
	if ans[0].Content != "slow done" || !ans[0].Ephemeral {
		t.Errorf("answer %+v, want ephemeral 'slow done'", ans[0])
	}
	msgs := rig.fake.Messages(ch)
	if pub := msgs[1]; pub.Content != "slow public" || pub.Ephemeral || pub.Interaction != "" {
		t.Errorf("public reply %+v, want a plain channel message", pub)
	}
}

// Ensure a command not marked Slow that outlasts the grace is deferred, and
// a deferral made public by WithDeferPrivate is completed publicly.
func TestDeferrals(t *testing.T) {
	t.Parallel()
	rig := dscStart(t, dscGuild, discord.WithAckGrace(10*time.Millisecond),
		discord.WithDeferPrivate(func(s command.Spec) bool { return s.Name != "slow" }))
	t.Run("Grace", func(t *testing.T) {
		ch, alice, _ := rig.fresh()
		done := make(chan discordtest.Interaction, 1)
		go func() {
			in, _ := rig.fake.SendCommand(alice, dscGuild, ch, "hold", "", nil)
			done <- in
		}()
		dscStarted(t, rig.d, "hold")
		in := <-done // the handler is held: only the grace can have acknowledged it
		close(rig.d.release)
		if a := in.Ack(); a.Type != ackDeferred || !a.Ephemeral {
			t.Fatalf("ack %+v, want an ephemeral deferral", a)
		}
		rig.fake.MustWait(t, dscWait, "the deferred answer", func() bool {
			ans := rig.fake.Answers(in.ID)
			return len(ans) == 1 && ans[0].Content == "hold done"
		})
	})
	t.Run("Public", func(t *testing.T) {
		ch, alice, _ := rig.fresh()
		in := rig.send(t, alice, dscGuild, ch, "slow", "", nil)
		if a := in.Ack(); a.Type != ackDeferred || a.Ephemeral {
			t.Fatalf("ack %+v, want a public deferral", a)
		}
		rig.fake.MustWait(t, dscWait, "both answers", func() bool { return len(rig.fake.Answers(in.ID)) == 2 })
		ans := rig.fake.Answers(in.ID)
		if ans[0].Content != "slow public" || ans[0].Ephemeral || ans[0].Loading {
			t.Errorf("original %+v, want the public reply in it", ans[0])
		}
		if ans[1].Content != "slow done" || !ans[1].Ephemeral {
			t.Errorf("follow-up %+v, want the private reply ephemeral", ans[1])
		}
	})
}

// Ensure a press of a button whose command is Slow (Auto-resolve runs
// /battle auto) is deferred at once, privately, as the typed command is,
// however long the grace: before, it waited for the grace, behind a
// handler waiting for the store.
func TestSlowButtonDeferred(t *testing.T) {
	t.Parallel()
	rig := dscStart(t, dscGuild, discord.WithAckGrace(time.Hour))
	ch, alice, _ := rig.fresh()
	id, err := command.ButtonID{Action: command.ButtonAutoResolve, Campaign: 1, Battle: 2}.Encode()
	if err != nil {
		t.Fatal(err)
	}
	in := rig.press(t, alice, dscGuild, ch, id) // the handler is held: only a deferral acknowledges it
	dscStarted(t, rig.d, "auto")
	close(rig.d.release)
	if a := in.Ack(); a.Type != ackDeferred || !a.Ephemeral {
		t.Fatalf("ack %+v, want an ephemeral deferral", a)
	}
	rig.fake.MustWait(t, dscWait, "the deferred answer", func() bool {
		ans := rig.fake.Answers(in.ID)
		return len(ans) == 1 && ans[0].Content == "auto done" && ans[0].Ephemeral && !ans[0].Loading
	})
}

// Ensure a private reply is ephemeral.
func dscPrivateReply(t *testing.T, rig *dscRig) {
	ch, alice, _ := rig.fresh()
	in := rig.send(t, alice, dscGuild, ch, "orders", "move",
		map[string]any{"battlegroup": "Alpha", "hexes": 3, "confirm": true})
	if a := in.Ack(); !a.Ephemeral || a.Content != "moving Alpha 3 true" {
		t.Errorf("ack %+v, want ephemeral 'moving Alpha 3 true'", a)
	}
	if got := rig.d.last(); got.Name != "orders" || got.Sub != "move" {
		t.Errorf("request %s %s", got.Name, got.Sub)
	}
}

// Ensure a DM with a PNG reaches the player, and the caller is told.
func dscDMWithFile(t *testing.T, rig *dscRig) {
	ch, alice, _ := rig.fresh()
	in := rig.send(t, alice, dscGuild, ch, "orders", "show", nil)
	rig.fake.MustWait(t, dscWait, "the DM", func() bool { return len(rig.fake.DMs(alice)) == 1 })
	dm := rig.fake.DMs(alice)[0]
	if dm.Content != "Your sealed orders" || len(dm.Files) != 1 {
		t.Fatalf("DM %+v", dm)
	}
	if f := dm.Files[0]; f.Name != "orders.png" || f.ContentType != "image/png" || !bytes.Equal(f.Data, dscPNG) || f.Description != dscAlt {
		t.Errorf("file %s %s %q, description %q", f.Name, f.ContentType, f.Data, f.Description)
	}
	if a := in.Ack(); !a.Ephemeral || a.Content != "Sent to your direct messages." {
		t.Errorf("ack %+v", a)
	}
}

// dscAlt is a picture's description: the longest Discord takes.
var dscAlt = "Strategic map: " + strings.Repeat("x", command.MaxDescription-15)

// Ensure a picture's description reaches Discord with the file in every
// kind of message (the interaction's answer, a follow-up, a DM), and a
// silent DM goes without a notification.
func dscDescribed(t *testing.T, rig *dscRig) {
	ch, alice, _ := rig.fresh()
	in := rig.send(t, alice, dscGuild, ch, "picture", "", nil)
	rig.fake.MustWait(t, dscWait, "the answers", func() bool { return len(rig.fake.Answers(in.ID)) == 2 && len(rig.fake.DMs(alice)) == 1 })
	ans := rig.fake.Answers(in.ID)
	for i, a := range ans {
		if len(a.Files) != 1 || a.Files[0].Description != dscAlt {
			t.Errorf("answer %d %q: files %+v, want the described map", i, a.Content, a.Files)
		}
	}
	if dm := rig.fake.DMs(alice)[0]; dm.Content != "quietly" || !dm.Silent {
		t.Errorf("DM %+v, want a silent one", dm)
	}
}

// Ensure closed DMs give the caller an ephemeral fallback.
func dscClosedDMs(t *testing.T, rig *dscRig) {
	t.Run("Caller", func(t *testing.T) {
		ch, alice, _ := rig.fresh()
		rig.fake.CloseDMs(alice)
		in := rig.send(t, alice, dscGuild, ch, "orders", "show", nil)
		rig.fake.MustWait(t, dscWait, "the fallback", func() bool { return len(rig.fake.Answers(in.ID)) == 2 })
		fb := rig.fake.Answers(in.ID)[1]
		if !fb.Ephemeral || !strings.Contains(fb.Content, "allow direct messages from server members") ||
			!strings.HasSuffix(fb.Content, "Your sealed orders") || len(fb.Files) != 1 {
			t.Errorf("fallback %+v, want the orders ephemerally with the advice", fb)
		}
		if len(rig.fake.DMs(alice)) != 0 {
			t.Error("a DM was stored despite closed DMs")
		}
	})
	// The DM to Bob may be his side's secret: Alice, whose command sent
	// it, must not learn of it by its failure (ruling SE5); Bob is told
	// at his next command, once.
	t.Run("Other", func(t *testing.T) {
		ch, alice, bob := rig.fresh()
		rig.fake.CloseDMs(bob)
		in := rig.send(t, alice, dscGuild, ch, "notify", "", map[string]any{"user": bob})
		rig.fake.MustWait(t, dscWait, "the answer and the failed DM", func() bool {
			return len(rig.fake.Answers(in.ID)) >= 1 && strings.Contains(rig.log.String(), `"user":"`+bob+`"`)
		})
		next := rig.send(t, alice, dscGuild, ch, "ping", "", nil)
		rig.fake.MustWait(t, dscWait, "alice's next answer", func() bool { return len(rig.fake.Answers(next.ID)) >= 1 })
		for _, a := range append(rig.fake.Answers(in.ID), rig.fake.Answers(next.ID)...) {
			if strings.Contains(a.Content, bob) || strings.Contains(a.Content, "direct message") || strings.Contains(a.Content, "a secret for you") {
				t.Errorf("alice is told of the DM to bob: %+v", a)
			}
		}
		for i := 0; i < 2; i++ {
			own := rig.send(t, bob, dscGuild, ch, "ping", "", nil)
			want := 1
			if i == 0 {
				want = 2
			}
			rig.fake.MustWait(t, dscWait, "bob's answers", func() bool { return len(rig.fake.Answers(own.ID)) >= want })
			ans := rig.fake.Answers(own.ID)
			told := len(ans) == 2 && ans[1].Ephemeral && strings.Contains(ans[1].Content, "could not be delivered")
			if told != (i == 0) {
				t.Errorf("bob's command %d: answers %+v; want the notice of the missed DM at the first only", i+1, ans)
			}
		}
	})
}

// Ensure buttons are laid out in rows of five and a press is routed.
func dscButton(t *testing.T, rig *dscRig) {
	ch, alice, bob := rig.fresh()
	in := rig.send(t, alice, dscGuild, ch, "buttons", "", nil)
	m := rig.fake.Answers(in.ID)[0]
	if len(m.Buttons) != 7 || m.Rows != 2 || m.Buttons[5].Row != 1 || m.Buttons[6].Style != int(discordgo.DangerButton) {
		t.Fatalf("buttons %+v in %d rows, want 7 in 2 rows, the last red", m.Buttons, m.Rows)
	}
	press := rig.press(t, bob, dscGuild, ch, m.Buttons[2].CustomID)
	if a := press.Ack(); !a.Ephemeral || a.Content != "pressed btn:c " {
		t.Errorf("ack %+v", a)
	}
	if got := rig.d.last(); got.Component != "btn:c" || got.User.ID != bob || got.Name != "" {
		t.Errorf("request %+v", got)
	}
}

// Ensure a private reply addressed to someone other than the caller is
// never shown to the caller (it may be the addressee's side's secret):
// it goes to its addressee by DM.
func dscPrivateForOther(t *testing.T, rig *dscRig) {
	ch, alice, bob := rig.fresh()
	in := rig.send(t, alice, dscGuild, ch, "notify", "", map[string]any{"user": bob, "aside": true})
	rig.fake.MustWait(t, dscWait, "bob's DMs", func() bool { return len(rig.fake.DMs(bob)) == 2 })
	for _, a := range rig.fake.Answers(in.ID) {
		if strings.Contains(a.Content, "aside") {
			t.Errorf("alice is shown bob's private reply: %+v", a)
		}
	}
	if dm := rig.fake.DMs(bob)[1]; dm.Content != "an aside for you" {
		t.Errorf("bob's second DM %q, want the aside", dm.Content)
	}
}

// Ensure a modal's text inputs reach the dispatcher as options.
func dscModal(t *testing.T, rig *dscRig) {
	ch, alice, _ := rig.fresh()
	in := rig.modal(t, alice, dscGuild, ch, "modal:orders", map[string]string{"note": "hold the ridge"})
	if a := in.Ack(); a.Content != "pressed modal:orders hold the ridge" {
		t.Errorf("ack %+v", a)
	}
}

// Ensure autocomplete is answered from the dispatcher's suggestions.
func dscAutocomplete(t *testing.T, rig *dscRig) {
	ch, alice, _ := rig.fresh()
	got := rig.complete(t, alice, dscGuild, ch, "orders", "move", "battlegroup",
		map[string]any{"battlegroup": "b", "hexes": 2})
	if len(got) != 1 || got[0] != "Bravo" {
		t.Errorf("suggestions %v, want [Bravo]", got)
	}
	if r := rig.d.last(); r.Name != "" {
		t.Errorf("autocomplete dispatched a command: %+v", r)
	}
}

// Ensure public replies of a battle go to one thread, started once, and
// the caller is told where once the post is made (the interaction is
// deferred meanwhile).
func dscBattleThread(t *testing.T, rig *dscRig) {
	ch, alice, bob := rig.fresh()
	for k := range 2 {
		in := rig.send(t, alice, dscGuild, ch, "battle", "status", nil)
		if a := in.Ack(); !a.Ephemeral || a.Type != int(discordgo.InteractionResponseDeferredChannelMessageWithSource) {
			t.Errorf("ack %+v, want a private deferral", a)
		}
		rig.fake.MustWait(t, dscWait, "the notice", func() bool {
			a := rig.fake.Answers(in.ID)
			return len(a) == 1 && !a[0].Loading
		})
		threads := rig.fake.Threads(ch)
		if len(threads) != 1 || len(rig.fake.Messages(threads[0].ID)) != k+1 {
			t.Fatalf("threads %+v, want one holding %d posts before the notice", threads, k+1)
		}
		if a := rig.fake.Answers(in.ID)[0]; !a.Ephemeral || a.Content != "Posted in the battle thread <#"+threads[0].ID+">." {
			t.Errorf("notice %+v", a)
		}
	}
	threads := rig.fake.Threads(ch)
	if len(threads) != 1 || threads[0].Name != "Battle 7" {
		t.Fatalf("threads %+v, want one 'Battle 7'", threads)
	}
	if m := rig.fake.Messages(threads[0].ID)[0]; m.Content != "battle 7 turn 1" {
		t.Errorf("thread message %+v", m)
	}
	// A DM the command sends to a player of the other side is his
	// side's secret: the caller's notice reads as without it (ruling SE5).
	in := rig.send(t, alice, dscGuild, ch, "battle", "status", map[string]any{"tell": bob})
	rig.fake.MustWait(t, dscWait, "the notice and bob's DM", func() bool {
		a := rig.fake.Answers(in.ID)
		return len(a) == 1 && !a[0].Loading && len(rig.fake.DMs(bob)) == 1
	})
	if a := rig.fake.Answers(in.ID)[0]; a.Content != "Posted in the battle thread <#"+threads[0].ID+">." {
		t.Errorf("notice with a DM to bob %q, want it as without", a.Content)
	}
	// Nor does the time the caller waits for his answer: the DM is sent
	// once the answer is given.
	answered, sent := -1, -1
	for i, r := range rig.fake.Requests() {
		switch {
		case r.Method == "PATCH" && strings.HasSuffix(r.Path, "/messages/@original"):
			answered = i
		case r.Method == "POST" && strings.HasSuffix(r.Path, "/channels/"+rig.fake.DMChannel(bob)+"/messages"):
			sent = i
		}
	}
	if answered < 0 || sent < answered {
		t.Errorf("the DM to bob was sent (request %d) before alice's answer (request %d): %v", sent, answered, rig.fake.Requests())
	}
}

// Ensure a dropped gateway is resumed and the next command still works.
func TestResume(t *testing.T) {
	t.Parallel()
	rig := dscStart(t, dscGuild)
	rig.fake.DropSocket()
	// The interaction is queued while the client is away and replayed on RESUME.
	in := rig.send(t, dscAlice, dscGuild, dscChannel, "ping", "", nil)
	if a := in.Ack(); a.Content != "pong" {
		t.Errorf("ack %+v", a)
	}
	if got := rig.fake.Resumes(); got != 1 {
		t.Errorf("resumes %d, want 1", got)
	}
	if got := len(rig.fake.Identifies()); got != 1 {
		t.Errorf("identifies %d, want 1 (a resume, not a new session)", got)
	}
	in = rig.send(t, dscAlice, dscGuild, dscChannel, "ping", "", nil)
	if a := in.Ack(); a.Content != "pong" {
		t.Errorf("ack after resume %+v", a)
	}
}

// Ensure a 429 is waited out and retried, and the message sent once.
func dscRateLimit(t *testing.T, rig *dscRig) {
	ch, alice, _ := rig.fresh()
	rig.fake.RateLimitNext(1)
	in := rig.send(t, alice, dscGuild, ch, "ping", "", nil)
	if a := in.Ack(); a.Content != "pong" || len(in.Acks) != 1 {
		t.Errorf("acks %+v, want one pong", in.Acks)
	}
	if got := rig.fake.RateLimited(); got != 1 {
		t.Errorf("429s served %d, want 1", got)
	}
	if got := len(rig.fake.Messages(ch)); got != 1 {
		t.Errorf("%d messages, want the pong once", got)
	}
	// A multipart upload (the DM with its PNG) is retried whole.
	rig.fake.RateLimitNext(1)
	rig.send(t, alice, dscGuild, ch, "orders", "show", nil)
	rig.fake.MustWait(t, dscWait, "the DM", func() bool { return len(rig.fake.DMs(alice)) == 1 })
	if dm := rig.fake.DMs(alice)[0]; len(dm.Files) != 1 || !bytes.Equal(dm.Files[0].Data, dscPNG) {
		t.Errorf("DM after 429 %+v", dm)
	}
}

// Ensure the token appears in no log line, errors included.
func TestTokenNeverLogged(t *testing.T) {
	t.Parallel()
	rig := dscStart(t, dscGuild)
	rig.fake.CloseDMs(dscAlice)
	rig.fake.RateLimitNext(1)
	for _, c := range []struct{ name, sub string }{{"ping", ""}, {"orders", "show"}, {"battle", "status"}, {"nope", ""}} {
		in := rig.send(t, dscAlice, dscGuild, dscChannel, c.name, c.sub, nil)
		rig.fake.MustWait(t, dscWait, "the answers", func() bool { return len(rig.fake.Answers(in.ID)) >= 1 })
	}
	ctx, cancel := context.WithTimeout(context.Background(), dscWait)
	defer cancel()
	if err := rig.bot.Close(ctx); err != nil {
		t.Fatal(err)
	}
	logs := rig.log.String()
	if !strings.Contains(logs, "interaction answered") {
		t.Fatalf("the log is empty or lacks the answers: %q", logs)
	}
	if strings.Contains(logs, rig.fake.Token()) {
		t.Error("the bot token is in the log")
	}
	if strings.Contains(logs, "interaction-token-") {
		t.Errorf("an interaction token is in the log: %s", logs)
	}
}

// Ensure Close waits for a handler in flight and refuses new interactions.
func TestGracefulClose(t *testing.T) {
	t.Parallel()
	rig := dscStart(t, dscGuild)
	in := rig.send(t, dscAlice, dscGuild, dscChannel, "slow", "", nil)
	dscStarted(t, rig.d, "slow")
	closed := make(chan error, 1)
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), dscWait)
		defer cancel()
		closed <- rig.bot.Close(ctx)
	}()
	// Once closing, new interactions are refused politely; the session is
	// still open because the slow handler holds Close.
	rig.fake.MustWait(t, dscWait, "closing to begin", func() bool {
		in2, err := rig.fake.SendCommand(dscBob, dscGuild, dscChannel, "ping", "", nil)
		return err == nil && strings.Contains(in2.Ack().Content, "restarting")
	})
	select {
	case err := <-closed:
		t.Fatalf("Close returned (%v) while a handler was in flight", err)
	default:
	}
	close(rig.d.release)
	if err := <-closed; err != nil {
		t.Fatalf("Close: %v", err)
	}
	ans := rig.fake.Answers(in.ID)
	if len(ans) != 1 || ans[0].Content != "slow done" {
		t.Errorf("answers %+v, want the slow answer delivered before Close returned", ans)
	}
}

// Ensure the status message is sent and pinned once, then edited.
func dscUpsertStatus(t *testing.T, rig *dscRig) {
	ch, _, _ := rig.fresh()
	ctx := context.Background()
	for _, text := range []string{"Turn 1", "Turn 2"} {
		if err := rig.bot.UpsertStatus(ctx, ch, "campaign-1", text); err != nil {
			t.Fatal(err)
		}
	}
	msgs := rig.fake.Messages(ch)
	if len(msgs) != 1 || msgs[0].Content != "Turn 2" || !msgs[0].Pinned || msgs[0].Edits != 1 {
		t.Fatalf("messages %+v, want one pinned 'Turn 2' edited once", msgs)
	}
	t.Run("Deleted", func(t *testing.T) {
		rig.fake.DeleteMessage(msgs[0].ID)
		if err := rig.bot.UpsertStatus(ctx, ch, "campaign-1", "Turn 3"); err != nil {
			t.Fatal(err)
		}
		msgs := rig.fake.Messages(ch)
		if len(msgs) != 2 || msgs[1].Content != "Turn 3" || !msgs[1].Pinned {
			t.Errorf("messages %+v, want a new pinned 'Turn 3'", msgs)
		}
	})
}

// Ensure an unknown command is answered, not left to time out.
func dscUnknownCommand(t *testing.T, rig *dscRig) {
	ch, alice, _ := rig.fresh()
	in := rig.send(t, alice, dscGuild, ch, "nope", "", nil)
	if a := in.Ack(); !a.Ephemeral || !strings.Contains(a.Content, "not known") {
		t.Errorf("ack %+v", a)
	}
	if unk := rig.fake.Unknown(); len(unk) != 0 {
		t.Errorf("the adapter called routes the fake does not know: %+v", unk)
	}
}

// dscPost: replies without an interaction (the scheduler's) are delivered,
// and a private one, having no caller, is an error.
func dscPost(t *testing.T, rig *dscRig) {
	ch, alice, _ := rig.fresh()
	err := rig.bot.Post(context.Background(), ch, []command.Reply{
		{To: command.Public, Text: "turn 3 processed"},
		{To: command.Public, Battle: 99, Text: "battle 99 begins"},
		{To: command.DM, User: alice, Text: "your orders are due"},
		{To: command.Private, Text: "to nobody"},
	})
	if err == nil || !strings.Contains(err.Error(), "outside an interaction") {
		t.Errorf("err %v, want the private reply refused", err)
	}
	if msgs := rig.fake.Messages(ch); len(msgs) != 1 || msgs[0].Content != "turn 3 processed" {
		t.Errorf("channel %+v", msgs)
	}
	if th := rig.fake.Threads(ch); len(th) != 1 || len(rig.fake.Messages(th[0].ID)) != 1 {
		t.Errorf("threads %+v, want battle 99's with its message", th)
	}
	if dms := rig.fake.DMs(alice); len(dms) != 1 || dms[0].Content != "your orders are due" {
		t.Errorf("DMs %+v", dms)
	}
}

// dscPanic: a panicking handler is answered with an error id, not silence,
// and the bot goes on.
func dscPanic(t *testing.T, rig *dscRig) {
	ch, alice, _ := rig.fresh()
	in := rig.send(t, alice, dscGuild, ch, "panic", "", nil)
	if a := in.Ack(); !a.Ephemeral || !strings.Contains(a.Content, "Internal error (id panic-"+in.ID+")") {
		t.Errorf("ack %+v", a)
	}
	if !strings.Contains(rig.log.String(), "handler panicked") {
		t.Error("the panic is not logged")
	}
	if in := rig.send(t, alice, dscGuild, ch, "ping", "", nil); in.Ack().Content != "pong" {
		t.Errorf("after the panic: %+v", in.Ack())
	}
}
