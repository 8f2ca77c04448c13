package app

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"bfbot/bot/command"
	"bfbot/bot/discordtest"
	"bfbot/campaign"
)

// fltSetUp creates campaign 1 in the rig's channel, joins Alice
// (crucis) and Bob (bandits) and starts it: turn 1, orders open, an
// order deadline at 20:00 UTC daily.
func fltSetUp(r *srvRig) {
	r.t.Helper()
	r.must(srvRef, false, "campaign", "create", srvOpts("name", "Faults", "turn_limit", "8", "setup_tables", "false"))
	r.must(srvAlice, false, "campaign", "join", srvOpts("side", "crucis"))
	r.must(srvBob, false, "campaign", "join", srvOpts("side", "bandits"))
	r.must(srvRef, false, "campaign", "start", nil)
}

// fltJSON is a campaign's stored form, to compare two states by.
func fltJSON(t *testing.T, c *campaign.Campaign) string {
	t.Helper()
	b, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// fltMustCheck fails the test on any broken invariant of the rig's file.
func fltMustCheck(r *srvRig) {
	r.t.Helper()
	for _, err := range r.app.db.Check(context.Background()) {
		r.t.Errorf("storage check: %v", err)
	}
}

// fltCommand is one slash command of a script.
type fltCommand struct {
	user      string
	dm        bool
	name, sub string
	opts      map[string]any
}

// fltOrderCommands is side's AI orders for c as slash commands by user,
// sent in DMs.
func fltOrderCommands(c *campaign.Campaign, user, side string, seed uint64) []fltCommand {
	var out []fltCommand
	for _, o := range campaign.AIOrders(c, side, seed) {
		name, sub, opts := command.OrderCommand(o)
		kv := map[string]any{}
		for k, v := range opts {
			kv[k] = v
		}
		out = append(out, fltCommand{user: user, dm: true, name: name, sub: sub, opts: kv})
	}
	return out
}

// fltOutcome is what the caller of a command saw.
type fltOutcome string

const (
	fltAnswered fltOutcome = "answered"       // a final answer
	fltNotice   fltOutcome = "notice"         // a final answer telling of a failure
	fltNoAck    fltOutcome = "unacknowledged" // Discord's "the application did not respond"
	fltStuck    fltOutcome = "thinking"       // acknowledged, the answer never came
)

// fltNotices are the texts by which the bot tells a caller something
// failed (bot/discord answer.go, command errors.go).
var fltNotices = []string{"could not be delivered", "could not be reached", "Internal error", "Not saved"}

// fltTry sends a command and classifies what its caller saw, waiting at
// most wait for a deferred answer.
func fltTry(r *srvRig, c fltCommand, wait time.Duration) (fltOutcome, string, []discordtest.Message) {
	r.t.Helper()
	guild, channel := srvGuild, srvChannel
	if c.dm {
		guild, channel = "", ""
	}
	in, err := r.fake.SendCommand(c.user, guild, channel, c.name, c.sub, c.opts)
	if err != nil {
		return fltNoAck, "", nil
	}
	var out []discordtest.Message
	done := r.fake.Wait(wait, func() bool {
		out = r.fake.Answers(in.ID)
		if len(out) == 0 {
			return false
		}
		for _, m := range out {
			if m.Loading && !m.Deleted {
				return false
			}
		}
		return true
	})
	if !done {
		return fltStuck, in.ID, out
	}
	if fltHasNotice(out) {
		return fltNotice, in.ID, out
	}
	return fltAnswered, in.ID, out
}

// fltHasNotice reports whether an answer tells of a failure.
func fltHasNotice(out []discordtest.Message) bool {
	for _, m := range out {
		for _, n := range fltNotices {
			if strings.Contains(m.Content, n) {
				return true
			}
		}
	}
	return false
}

// fltChannelHas reports whether a message in the campaign's channel holds
// every text.
func fltChannelHas(r *srvRig, texts ...string) bool {
	for _, m := range r.fake.Messages(srvChannel) {
		all := true
		for _, s := range texts {
			all = all && strings.Contains(m.Content, s)
		}
		if all {
			return true
		}
	}
	return false
}
