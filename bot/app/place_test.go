package app

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"bfbot/bot/discordtest"
	"bfbot/campaign"
	"bfbot/referee/dice"
	"bfbot/storage"
)

// Ids of a second server and of places other than the campaign's channel.
const (
	plcGuild2   = "200000000000000900"
	plcChannel2 = "200000000000000901"
	plcOther    = "200000000000000902" // another channel of srvGuild
	plcMallory  = "200000000000000399" // takes part in nothing
)

// send runs a command from guild and channel (guild "" is the user's DM)
// and returns the caller's answers once final.
func (r *srvRig) send(user, guild, channel, name, sub string, opts map[string]any) []discordtest.Message {
	r.t.Helper()
	in, err := r.fake.SendCommand(user, guild, channel, name, sub, opts)
	if err != nil {
		r.t.Fatalf("/%s %s: %v", name, sub, err)
	}
	return r.answers(in.ID)
}

// Ensure, against the fake Discord, that a channel holding a running
// campaign refuses another one naming it, that a command from another
// server and a stranger's DM are answered as for a missing campaign and
// change nothing, and that a member's DM reaches it (rulings CH2, CH3).
func TestPlaceRefusals(t *testing.T) {
	t.Parallel()
	r := srvNewRig(t)
	r.must(srvRef, false, "campaign", "create", srvOpts("name", "Lyons"))
	for _, cmd := range [][]string{{"campaign", "create", "name", "Decoy"}, {"scenario", "start", "name", "surprise-encounter", "side", "lancers"}} {
		got := srvContent(r.send(plcMallory, srvGuild, srvChannel, cmd[0], cmd[1], srvOpts(cmd[2:]...)))
		if !strings.Contains(got, "Not here: campaign #1 “Lyons” is running in this channel") {
			t.Errorf("/%s %s in the bound channel answered:\n%s", cmd[0], cmd[1], got)
		}
	}
	missing := srvContent(r.send(plcMallory, plcGuild2, plcChannel2, "campaign", "status", map[string]any{"campaign": 7}))
	for _, user := range []string{plcMallory, srvRef} {
		got := srvContent(r.send(user, plcGuild2, plcChannel2, "campaign", "join", map[string]any{"side": "crucis", "campaign": 1}))
		if got != strings.Replace(missing, "7", "1", 1) || strings.Contains(got, "Lyons") {
			t.Errorf("a join from another server answered:\n%s\nwant as for a missing campaign:\n%s", got, missing)
		}
	}
	dmMissing := srvContent(r.send(plcMallory, "", "", "campaign", "status", map[string]any{"campaign": 7}))
	got := srvContent(r.send(plcMallory, "", "", "campaign", "join", map[string]any{"side": "crucis", "campaign": 1}))
	if got != strings.Replace(dmMissing, "7", "1", 1) || !strings.Contains(got, "no such campaign of yours") {
		t.Errorf("a stranger's DM join answered:\n%s\nwant as for a missing campaign:\n%s", got, dmMissing)
	}
	if c := r.campaign(); c.SideOf(plcMallory) != nil || len(c.Sides[0].Players) != 0 {
		t.Errorf("a refused join changed the sides: %+v", c.Sides[0].Players)
	}
	if got := srvContent(r.must(srvRef, true, "campaign", "status", nil)); !strings.Contains(got, "Lyons") {
		t.Errorf("the referee's DM answered:\n%s", got)
	}
	if list, _ := r.app.db.List(context.Background()); len(list) != 1 {
		t.Errorf("%d campaigns, want the refused ones not made", len(list))
	}
}

// plcScenario starts a scenario in the campaign channel (battle 1 at
// once) and returns its battle thread.
func plcScenario(t *testing.T, r *srvRig) discordtest.Channel {
	t.Helper()
	r.must(srvAlice, false, "scenario", "start", srvOpts("name", "surprise-encounter", "side", "lancers"))
	var th []discordtest.Channel
	r.fake.MustWait(t, srvWait, "the battle thread", func() bool {
		th = r.fake.Threads(srvChannel)
		return len(th) == 1
	})
	return th[0]
}

// Ensure a battle command sent from a DM posts its result in the battle
// thread under the campaign's channel (not in the DM, which has no
// threads), and the player is told where it went, once it is there; a
// command typed in the battle thread is about the campaign too (rulings
// CH2, CH4).
func TestPlaceBattleFromDM(t *testing.T) {
	t.Parallel()
	r := srvNewRig(t)
	th := plcScenario(t, r)
	before := len(r.fake.Messages(th.ID))
	got := srvContent(r.must(srvAlice, true, "battle", "end", nil))
	if n := len(r.fake.Messages(th.ID)); n <= before {
		t.Fatalf("the thread holds %d posts after /battle end by DM, want more than %d", n, before)
	}
	if last := r.fake.Messages(th.ID); !strings.Contains(last[len(last)-1].Content, "attack phase") {
		t.Errorf("last post in the thread %q, want the phase's end", last[len(last)-1].Content)
	}
	if !strings.Contains(got, "Posted in the battle thread <#"+th.ID+">.") {
		t.Errorf("the player was told:\n%s", got)
	}
	if ms := r.fake.Messages(r.fake.DMChannel(srvAlice)); len(ms) > 0 && strings.Contains(ms[len(ms)-1].Content, "attack phase") && !ms[len(ms)-1].Ephemeral {
		t.Error("the battle's public post went to the DM")
	}
	// In the battle thread, no campaign:ID is needed.
	if got := srvContent(r.send(srvAlice, srvGuild, th.ID, "campaign", "status", nil)); !strings.Contains(got, "Surprise Encounter") {
		t.Errorf("/campaign status in the battle thread:\n%s", got)
	}
}

// Ensure a battle thread deleted by a moderator is started again (and
// stored) and the post made there; and an archived, locked thread is
// reopened and posted in (ruling CH4).
func TestPlaceThreadRecovery(t *testing.T) {
	t.Parallel()
	r := srvNewRig(t)
	th := plcScenario(t, r)

	// Archived and locked by a moderator, with Manage Threads granted in
	// the channel: the bot reopens it.
	r.fake.SetPermissions(srvChannel, discordtest.DefaultPermissions|discordtest.PermManageThreads)
	r.fake.ArchiveThread(th.ID, true)
	r.must(srvAlice, true, "battle", "end", nil)
	c, _ := r.fake.Channel(th.ID)
	// Posts made at once may each reopen it: at least one edit.
	if c.Archived || c.Edits == 0 {
		t.Errorf("archived thread: archived %v after %d edits, want reopened", c.Archived, c.Edits)
	}
	if ms := r.fake.Messages(th.ID); !strings.Contains(ms[len(ms)-1].Content, "attack phase") {
		t.Errorf("last post in the reopened thread: %q", ms[len(ms)-1].Content)
	}

	// Without Manage Threads (the README does not ask for it) a locked
	// thread stays closed: the battle goes on in a new thread.
	r.fake.SetPermissions(srvChannel, discordtest.DefaultPermissions)
	r.fake.ArchiveThread(th.ID, true)
	r.must(srvAlice, true, "battle", "end", nil)
	if c, _ := r.fake.Channel(th.ID); !c.Archived {
		t.Error("the bot reopened a locked thread without Manage Threads")
	}
	locked := th.ID
	th = plcNewThread(t, r, locked)

	r.fake.DeleteChannel(th.ID)
	got := srvContent(r.must(srvAlice, true, "battle", "end", nil))
	threads := []discordtest.Channel{plcNewThread(t, r, locked, th.ID)}
	if len(r.fake.Messages(threads[0].ID)) == 0 {
		t.Error("nothing posted in the new thread")
	}
	if v, _ := r.app.db.GetRecord(context.Background(), threadKey(1, 1)); string(v) != threads[0].ID {
		t.Errorf("stored thread %q, want the new %s", v, threads[0].ID)
	}
	if !strings.Contains(got, "<#"+threads[0].ID+">") {
		t.Errorf("the player was told:\n%s", got)
	}
}

// plcNewThread returns the one live thread under the campaign's channel
// that is none of old, and fails unless it holds a post.
func plcNewThread(t *testing.T, r *srvRig, old ...string) discordtest.Channel {
	t.Helper()
	var found []discordtest.Channel
	for _, c := range r.fake.Threads(srvChannel) {
		if !c.Deleted && !slices.Contains(old, c.ID) {
			found = append(found, c)
		}
	}
	if len(found) != 1 || len(r.fake.Messages(found[0].ID)) == 0 {
		t.Fatalf("new threads %+v, want one with the post", found)
	}
	return found[0]
}

// Ensure a campaign created in a thread (here a forum post) lives there:
// its battle is posted in that thread under a battle heading (Discord
// starts no thread in a thread: ruling CH1), its status answers there,
// and another campaign may live in a channel beside it.
func TestPlaceCampaignInThread(t *testing.T) {
	t.Parallel()
	r := srvNewRig(t)
	post := r.fake.AddForumPost(srvGuild, plcOther, "Surprise night")
	r.send(srvAlice, srvGuild, post, "scenario", "start", srvOpts("name", "surprise-encounter", "side", "lancers"))
	r.fake.MustWait(t, srvWait, "the battle in the post", func() bool {
		for _, m := range r.fake.Messages(post) {
			if strings.HasPrefix(m.Content, "Battle 1: ") {
				return true
			}
		}
		return false
	})
	if th := r.fake.Threads(post); len(th) != 0 {
		t.Errorf("threads %+v started under the forum post", th)
	}
	if got := srvContent(r.send(srvAlice, srvGuild, post, "campaign", "status", nil)); !strings.Contains(got, "Surprise Encounter") {
		t.Errorf("/campaign status in the post:\n%s", got)
	}
	before := len(r.fake.Messages(post))
	r.must(srvAlice, true, "battle", "end", nil)
	if ms := r.fake.Messages(post); len(ms) <= before || !strings.HasPrefix(ms[len(ms)-1].Content, "Battle 1: ") {
		t.Errorf("/battle end by DM: the post holds %d messages (before %d)", len(ms), before)
	}
	r.must(srvRef, false, "campaign", "create", srvOpts("name", "Beside"))
}

// Ensure a database from before campaigns recorded their place keeps the
// channel its Binding record names: on open the place moves into the
// campaign, and commands in that channel reach it.
func TestPlaceMigratesBinding(t *testing.T) {
	t.Parallel()
	r := srvNewRig(t)
	r.must(srvRef, false, "campaign", "create", srvOpts("name", "Old"))
	r.close()
	// Make it look old: no place in the campaign, only the record.
	db, err := storage.Open(r.path, storage.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Update(context.Background(), 1, func(c *campaign.Campaign, _ *dice.Dice) (*campaign.Campaign, error) {
		n := c.Clone()
		n.Guild, n.Channel = "", ""
		return n, nil
	}); err != nil {
		t.Fatal(err)
	}
	v, _ := json.Marshal(channelBinding{Guild: srvGuild, Channel: srvChannel})
	if err := db.PutRecord(context.Background(), storage.RecordKey{Campaign: 1, Kind: storage.Binding, Name: bindingChannel}, v); err != nil {
		t.Fatal(err)
	}
	db.Close()
	r.open()
	if c := r.campaign(); c.Guild != srvGuild || c.Channel != srvChannel {
		t.Errorf("after open campaign 1 lives in %q/%q, want the record's", c.Guild, c.Channel)
	}
	got := srvContent(r.send(plcMallory, srvGuild, srvChannel, "campaign", "create", srvOpts("name", "Decoy")))
	if !strings.Contains(got, "campaign #1 “Old” is running in this channel") {
		t.Errorf("create in the old campaign's channel answered:\n%s", got)
	}
	if errs := r.app.db.Check(context.Background()); len(errs) > 0 {
		t.Errorf("check: %v", errs)
	}
}
