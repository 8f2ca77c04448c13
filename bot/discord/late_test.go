package discord_test

import (
	"strings"
	"testing"
	"time"

	"bfbot/bot/command"
	"bfbot/bot/discord"
	"bfbot/bot/discordtest"
	"bfbot/bot/schedule"
)

// These tests hold the adapter to Discord's limits on an interaction's
// life, which the fake enforces on a clock it shares with the bot: the
// first answer within 3 seconds, follow-ups and edits within the token's
// 15 minutes (late.go, ruling SE8).

// dscLateRig is a bot and a fake Discord on one fake clock.
func dscLateRig(t *testing.T, opts ...discord.Option) (*dscRig, *schedule.FakeClock) {
	t.Helper()
	clock := schedule.NewFakeClock(time.Date(2026, time.March, 1, 20, 0, 0, 0, time.UTC))
	fake := discordtest.New(t, discordtest.WithClock(clock.Now))
	return dscStartOn(t, fake, dscGuild, append([]discord.Option{discord.WithInteractionClock(clock.Now)}, opts...)...), clock
}

// dscAnswered waits until the bot has logged the end of interaction id.
// A log line wakes no Wait of the fake's, so the log is polled.
func dscAnswered(t *testing.T, rig *dscRig, id string) {
	t.Helper()
	deadline := time.Now().Add(dscWait)
	for !dscLogged(rig.log.String(), `"msg":"interaction answered"`, `"interaction":"`+id+`"`) {
		if time.Now().After(deadline) {
			t.Fatalf("interaction %s not answered within %v:\n%s", id, dscWait, rig.log.String())
		}
		time.Sleep(time.Millisecond)
	}
}

// dscLogged reports whether a line of logs holds all of parts.
func dscLogged(logs string, parts ...string) bool {
	for _, line := range strings.Split(logs, "\n") {
		all := true
		for _, p := range parts {
			all = all && strings.Contains(line, p)
		}
		if all {
			return true
		}
	}
	return false
}

// dscShownWith lists the messages holding text that are not ephemeral
// and not in a DM channel: what the channel's readers see.
func dscShownWith(rig *dscRig, text string) []discordtest.Message {
	var out []discordtest.Message
	for _, m := range rig.fake.AllMessages() {
		ch, _ := rig.fake.Channel(m.ChannelID)
		if strings.Contains(m.Content, text) && !m.Ephemeral && !m.Deleted && ch.Recipient == "" {
			out = append(out, m)
		}
	}
	return out
}

// dscDMWith is the caller's DM holding text, if any.
func dscDMWith(rig *dscRig, user, text string) (discordtest.Message, bool) {
	for _, m := range rig.fake.DMs(user) {
		if strings.Contains(m.Content, text) {
			return m, true
		}
	}
	return discordtest.Message{}, false
}

// Ensure an answer that comes after the token's 15 minutes is not lost:
// the private answer reaches the caller in his direct messages (never a
// channel), the public one the channel it was asked in, and the bot
// makes no call with the stale token (the fake counts those it refuses).
func TestLateAnswer(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name         string
		privateDefer bool
	}{{"PrivateDeferral", true}, {"PublicDeferral", false}} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			rig, clock := dscLateRig(t, discord.WithDeferPrivate(func(command.Spec) bool { return c.privateDefer }))
			ch, alice, _ := rig.fresh()
			in := rig.send(t, alice, dscGuild, ch, "slow", "", nil)
			dscStarted(t, rig.d, "slow")
			clock.Advance(discordtest.TokenLifetime)
			close(rig.d.release)
			dscAnswered(t, rig, in.ID)
			dm, ok := dscDMWith(rig, alice, "slow done")
			if !ok {
				t.Fatalf("the private answer is lost: DMs %+v, log %s", rig.fake.DMs(alice), rig.log.String())
			}
			if !strings.Contains(dm.Content, "/slow") {
				t.Errorf("DM %q does not say which command it answers", dm.Content)
			}
			if got := dscShownWith(rig, "slow done"); len(got) != 0 {
				t.Errorf("the private answer is shown in a channel: %+v", got)
			}
			if got := dscShownWith(rig, "slow public"); len(got) != 1 || got[0].ChannelID != ch {
				t.Errorf("public answer shown as %+v, want once in the channel", got)
			}
			if got, _ := rig.fake.Interaction(in.ID); got.LateCalls != 0 {
				t.Errorf("%d calls with a token past its 15 minutes, want none", got.LateCalls)
			}
		})
	}
}

// Ensure the direct message carrying a late answer to a button press
// names the press by the command it runs, not by its custom ID.
func TestLateAnswerToButton(t *testing.T) {
	t.Parallel()
	rig, clock := dscLateRig(t)
	ch, alice, _ := rig.fresh()
	id, err := command.ButtonID{Action: command.ButtonAutoResolve, Campaign: 1, Battle: 2}.Encode()
	if err != nil {
		t.Fatal(err)
	}
	in := rig.press(t, alice, dscGuild, ch, id)
	dscStarted(t, rig.d, "auto")
	clock.Advance(discordtest.TokenLifetime)
	close(rig.d.release)
	dscAnswered(t, rig, in.ID)
	dm, ok := dscDMWith(rig, alice, "auto done")
	if !ok {
		t.Fatalf("the private answer is lost: DMs %+v, log %s", rig.fake.DMs(alice), rig.log.String())
	}
	if want := "This answer to the button for /battle auto came after"; !strings.HasPrefix(dm.Content, want) || strings.Contains(dm.Content, id) {
		t.Errorf("DM %q, want it headed %q, without the button's custom ID", dm.Content, want)
	}
}

// Ensure a private answer that comes too late is never posted publicly
// in its stead, even when the caller's direct messages are closed: it is
// then lost, logged and counted, and the caller is told at his next
// command, privately.
func TestLateSecretNeverPublic(t *testing.T) {
	t.Parallel()
	rig, clock := dscLateRig(t, discord.WithDeferPrivate(func(command.Spec) bool { return false }))
	ch, alice, _ := rig.fresh()
	rig.fake.CloseDMs(alice)
	in := rig.send(t, alice, dscGuild, ch, "slow", "", nil)
	dscStarted(t, rig.d, "slow")
	clock.Advance(discordtest.TokenLifetime + time.Hour)
	close(rig.d.release)
	dscAnswered(t, rig, in.ID)
	for _, m := range rig.fake.AllMessages() {
		if strings.Contains(m.Content, "slow done") {
			t.Errorf("the private answer is in message %+v", m)
		}
	}
	if got := dscShownWith(rig, "slow public"); len(got) != 1 {
		t.Errorf("public answer shown as %+v, want once", got)
	}
	if !strings.Contains(rig.log.String(), `"lost_total":1`) {
		t.Errorf("the lost answer is not logged and counted: %s", rig.log.String())
	}
	next := rig.send(t, alice, dscGuild, ch, "ping", "", nil)
	dscAnswered(t, rig, next.ID)
	ans := rig.fake.Answers(next.ID)
	if len(ans) != 2 || !ans[1].Ephemeral || !strings.Contains(ans[1].Content, "could not be delivered") {
		t.Errorf("alice's next answers %+v, want the notice of the lost one, ephemeral", ans)
	}
}

// Ensure an answer that misses Discord's 3 seconds (a handler not
// deferred in time) is not lost: Discord has forgotten the interaction,
// so the private answer goes to the caller's DMs and the public one to
// the channel.
func TestLateAcknowledgement(t *testing.T) {
	t.Parallel()
	rig, clock := dscLateRig(t, discord.WithAckGrace(time.Hour))
	ch, alice, _ := rig.fresh()
	type sent struct {
		in  discordtest.Interaction
		err error
	}
	done := make(chan sent, 1)
	go func() {
		in, err := rig.fake.SendCommand(alice, dscGuild, ch, "hold", "", nil)
		done <- sent{in, err}
	}()
	dscStarted(t, rig.d, "hold")
	clock.Advance(discordtest.AckWindow + time.Second)
	close(rig.d.release)
	s := <-done
	if s.err != nil {
		t.Fatal(s.err)
	}
	dscAnswered(t, rig, s.in.ID)
	if got, _ := rig.fake.Interaction(s.in.ID); len(got.Acks) != 0 || got.LateCalls != 1 {
		t.Errorf("interaction %+v, want one late callback and no acknowledgement", got)
	}
	if _, ok := dscDMWith(rig, alice, "hold done"); !ok {
		t.Errorf("the private answer is lost: DMs %+v", rig.fake.DMs(alice))
	}
	if got := dscShownWith(rig, "hold done"); len(got) != 0 {
		t.Errorf("the private answer is shown in a channel: %+v", got)
	}
	if got := dscShownWith(rig, "hold public"); len(got) != 1 || got[0].ChannelID != ch {
		t.Errorf("public answer shown as %+v, want once in the channel", got)
	}
}

// Ensure a button pressed long after its message was sent is answered
// through its own interaction: a press is a new interaction with a fresh
// token, and nothing of the old one is used.
func TestButtonLongAfter(t *testing.T) {
	t.Parallel()
	rig, clock := dscLateRig(t)
	ch, alice, bob := rig.fresh()
	in := rig.send(t, alice, dscGuild, ch, "buttons", "", nil)
	clock.Advance(24 * time.Hour)
	press := rig.press(t, bob, dscGuild, ch, rig.fake.Answers(in.ID)[0].Buttons[0].CustomID)
	if a := press.Ack(); !a.Ephemeral || a.Content != "pressed btn:a " {
		t.Errorf("ack %+v, want the private answer to the press", a)
	}
	for _, id := range []string{in.ID, press.ID} {
		if got, _ := rig.fake.Interaction(id); got.LateCalls != 0 {
			t.Errorf("interaction %s: %d late calls, want none", id, got.LateCalls)
		}
	}
}
