package app

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"bfbot/bot/command"
	"bfbot/bot/discordtest"
	"bfbot/bot/schedule"
	"bfbot/campaign"
	"bfbot/referee"
)

// srvPlayers maps each player to his side.
var srvPlayers = map[string]string{srvAlice: "crucis", srvBob: "bandits"}

// missedLog is the app's log line for a DM another member's command could
// not deliver (bot/discord/answer.go).
const missedLog = `msg="direct message to another member not delivered`

// srvCampaignLog is what the e2e campaign leaves to check secrecy with:
// every state seen and each side's order texts before they were resolved.
type srvCampaignLog struct {
	states []*campaign.Campaign
	orders map[string][]string // side → order descriptions
}

func (l *srvCampaignLog) snap(r *srvRig) *campaign.Campaign {
	c := r.campaign()
	l.states = append(l.states, c)
	if c.Phase == campaign.PhaseOrders {
		for _, s := range c.Sides {
			l.orders[s.ID] = append(l.orders[s.ID], campaign.DescribeOrders(c, s.ID)...)
		}
	}
	return c
}

// srvButton finds a button whose custom id starts with prefix in msgs.
func srvButton(msgs []discordtest.Message, label string) (string, bool) {
	for _, m := range msgs {
		for _, b := range m.Buttons {
			if b.Label == label {
				return b.CustomID, true
			}
		}
	}
	return "", false
}

// Ensure the whole bot works end to end with the real discordgo client
// against the fake Discord on a bbolt file: two players create and join a
// campaign, give secret orders by DM, turns run by the referee's advance
// and by a scheduler deadline, a battle is fought with slash commands and
// buttons, maps arrive as PNGs, the gateway drops and resumes, a 429 is
// waited out, closed DMs get their fallbacks, the bot closes gracefully,
// and nothing a player may not know reaches him.
func TestEndToEnd(t *testing.T) {
	t.Parallel()
	r := srvNewRig(t)
	log := &srvCampaignLog{orders: map[string][]string{}}

	r.must(srvRef, false, "campaign", "create", srvOpts("name", "Lyons", "turn_limit", "8", "setup_tables", "false"))
	if id, ok := r.app.binds.campaignIn(srvChannel); !ok || id != 1 {
		t.Fatalf("the channel is bound to campaign %d (%v), want 1", id, ok)
	}
	// Typed in the campaign's channel, join needs no campaign:ID.
	r.must(srvAlice, false, "campaign", "join", srvOpts("side", "crucis"))
	r.must(srvBob, false, "campaign", "join", srvOpts("side", "bandits"))
	r.must(srvRef, false, "campaign", "start", nil)
	log.snap(r)
	srvWantDM(t, r, srvAlice, "Turn 1: orders for")

	// Turn 1: secret orders by DM; Alice seals hers with the DM's Ready
	// button, Bob with the slash command; the referee advances.
	giveOrders := func(turn int) {
		r.orders(srvAlice, "crucis", uint64(10+turn))
		r.orders(srvBob, "bandits", uint64(20+turn))
		r.contact(srvAlice, "crucis")
		r.contact(srvBob, "bandits")
		for user := range srvPlayers {
			out := r.must(user, true, "map", "strategic", nil)
			srvWantPNG(t, out)
		}
		log.snap(r)
		var ready string
		r.fake.MustWait(t, srvWait, "Alice's Ready button", func() bool {
			var ok bool
			ready, ok = srvButton(r.fake.DMs(srvAlice), "Ready")
			return ok
		})
		if _, err := r.fake.PressButton(srvAlice, "", r.fake.DMChannel(srvAlice), ready); err != nil {
			t.Fatal(err)
		}
		r.must(srvBob, true, "orders", "ready", nil)
	}
	giveOrders(1)
	out := r.must(srvRef, false, "campaign", "advance", nil)
	c := log.snap(r)
	if srvCountTurnsClosed(c, 1) != 1 {
		t.Fatalf("/campaign advance did not close turn 1:\n%v", out)
	}

	// The gateway drops mid-campaign: discordgo resumes, commands go on.
	r.fake.DropSocket()
	r.fake.MustWait(t, srvWait, "a RESUME", func() bool { return r.fake.Resumes() > 0 && r.fake.Connected() })
	r.must(srvAlice, false, "campaign", "status", nil)

	// A 429: the client waits and retries.
	r.fake.RateLimitNext(1)
	r.must(srvBob, true, "bg", "list", nil)
	if r.fake.RateLimited() == 0 {
		t.Error("the fake gave no 429")
	}
	// The longest answers come paged (srvFitsDiscord checks at the end).
	r.must(srvAlice, false, "force", "show", nil)
	r.must(srvRef, false, "help", "", srvOpts("command", "battle"))

	battleFought := false
	for step := 0; step < 40 && !battleFought; step++ {
		c = log.snap(r)
		switch {
		case c.Phase == campaign.PhaseOver:
			t.Fatalf("the campaign ended at turn %d without a battle", c.Turn)
		case c.Phase == campaign.PhaseBattles && len(campaign.Unfought(c)) == 0:
			r.must(srvRef, false, "campaign", "advance", nil)
		case c.Phase == campaign.PhaseBattles:
			r.fight(t, campaign.Unfought(c)[0])
			battleFought = true
		case c.Turn == 2 && srvCountTurnsClosed(c, 2) == 0:
			// Turn 2 closes by its deadline: Bob is ready, Alice gave nothing.
			r.orders(srvBob, "bandits", 22)
			r.contact(srvBob, "bandits")
			log.snap(r)
			r.must(srvBob, true, "orders", "ready", nil)
			r.clock.Set(time.Date(2026, 3, 2, 20, 0, 0, 0, time.UTC))
			r.settle()
			if got := srvCountTurnsClosed(r.campaign(), 2); got != 1 {
				t.Fatalf("the deadline closed turn 2 %d times, want 1", got)
			}
			srvWantDM(t, r, srvAlice, "the AI gave them")
		default:
			giveOrders(c.Turn)
			r.must(srvRef, false, "campaign", "advance", nil)
		}
	}
	if !battleFought {
		t.Fatal("no battle in 40 steps")
	}
	log.snap(r)

	// Closed DMs: an interaction's DM to another player tells nobody at
	// once — it may be a secret of his side (ruling SE5) — and him at his
	// next command; a scheduled DM becomes a notice in the campaign's
	// channel.
	r.fake.CloseDMs(srvBob)
	for c = log.snap(r); c.Phase != campaign.PhaseOrders && c.Phase != campaign.PhaseOver; c = log.snap(r) {
		if ids := campaign.Unfought(c); len(ids) > 0 {
			r.autoResolve(t, ids[0])
			continue
		}
		refused := r.fake.RefusedDMs(srvBob)
		missedBefore := strings.Count(r.logs.String(), missedLog)
		in, err := r.fake.SendCommand(srvRef, srvGuild, srvChannel, "campaign", "advance", nil)
		if err != nil {
			t.Fatal(err)
		}
		r.answers(in.ID)
		if after := r.campaign(); after.Phase == campaign.PhaseOrders {
			// The upkeep opened the orders: Bob's DM cannot go; the
			// referee is not told, Bob is at his next command (once the
			// DM has been tried: the answer may come before the DMs).
			r.fake.MustWait(t, srvWait, "the DM to Bob tried", func() bool { return r.fake.RefusedDMs(srvBob) > refused })
			// The fake counts the refusal before the app has heard it:
			// wait for the app's record of the missed DM (logged after
			// it is kept), or Bob's command may come first.
			r.fake.MustWait(t, srvWait, "the missed DM recorded", func() bool {
				return strings.Count(r.logs.String(), missedLog) > missedBefore
			})
			if srvContains(r.fake.Answers(in.ID), srvBob) {
				t.Errorf("the referee's answers name Bob, whose DM failed: %+v", r.fake.Answers(in.ID))
			}
			own, err := r.fake.SendCommand(srvBob, srvGuild, srvChannel, "campaign", "status", nil)
			if err != nil {
				t.Fatal(err)
			}
			r.fake.MustWait(t, srvWait, "Bob told of his missed DM at his next command", func() bool {
				return srvContains(r.fake.Answers(own.ID), "direct message for you could not be delivered")
			})
		}
	}
	before := log.snap(r)
	if before.Phase == campaign.PhaseOrders {
		next := r.clock.Now().Truncate(24 * time.Hour).Add(44 * time.Hour) // 20:00 the next day
		nx, ok := r.app.scheduler.Next(1, schedule.OrderDeadline)
		t.Logf("turn %d %s; now %s, next deadline %s %v; setting %s", before.Turn, before.Phase, r.clock.Now(), nx, ok, next)
		r.clock.Set(next)
		r.settle()
		r.fake.MustWait(t, srvWait, "the closed-DM notice for Bob", func() bool {
			for _, m := range r.fake.Messages(srvChannel) {
				// Bob is pinged, by a mention before the text, and only he.
				if strings.HasPrefix(m.Content, "<@"+srvBob+"> the bot cannot send you direct messages") &&
					len(m.Pings.Users) == 1 && m.Pings.Users[0] == srvBob && !m.Pings.Everyone {
					return true
				}
			}
			return false
		})
	}
	log.snap(r)

	r.close()
	srvCheckSecrecy(t, r, log)
	srvNoUserIDs(t, r)
	srvFitsDiscord(t, r)
	srvImagesDescribed(t, r)
}

// fight fights a battle with slash commands and buttons: both sides deploy
// by slash command, look at their maps, the phasing side ends phases with
// the slash command and the End phase button, and the referee's
// Auto-resolve button finishes it.
func (r *srvRig) fight(t *testing.T, battle int) {
	t.Helper()
	id := srvItoa(battle)
	r.pressDecision(t, battle, campaign.DecideSetup, "together (default)")
	users := map[string]string{"crucis": srvAlice, "bandits": srvBob}
	for _, side := range campaign.SetupOrder(r.campaign().Battle(battle).State) {
		r.must(users[side], false, "battle", "deploy", srvOpts("battle", id, "auto", "true"))
	}
	for user := range srvPlayers {
		out := r.must(user, false, "battle", "view", srvOpts("battle", id))
		srvWantPNG(t, out)
	}
	r.chooseSecond(t, battle)
	// The side not moving offers to end the battle as it stands (ruling
	// V18): told to its player, and in public in the battle's thread;
	// the battle goes on.
	offerer := srvAlice
	if r.campaign().Battle(battle).State.PhasingSide().ID == "crucis" {
		offerer = srvBob
	}
	offered := false
	for _, m := range r.must(offerer, false, "battle", "truce", srvOpts("battle", id)) {
		offered = offered || strings.Contains(m.Content, "You offer to end battle "+id+" as it stands")
	}
	if !offered || r.campaign().Battle(battle).Over {
		t.Errorf("battle %d: the truce offer is not told to its player, or ended the battle", battle)
	}
	for i := 0; i < 2; i++ {
		c := r.campaign()
		b := c.Battle(battle)
		if b.Over {
			return
		}
		phasing := b.State.PhasingSide().ID
		user := srvAlice
		if phasing == "bandits" {
			user = srvBob
		}
		r.must(user, false, "battle", "end", srvOpts("battle", id))
	}
	r.autoResolve(t, battle)
	if b := r.campaign().Battle(battle); !b.Over {
		t.Fatalf("battle %d not over after the Auto-resolve button", battle)
	}
	// The battle's thread got the public lines, the truce offer among
	// them.
	threads := r.fake.Threads(srvChannel)
	if len(threads) == 0 || len(r.fake.Messages(threads[0].ID)) == 0 {
		t.Errorf("no battle thread with messages under the campaign channel: %+v", threads)
		return
	}
	told := false
	for _, m := range r.fake.Messages(threads[0].ID) {
		told = told || strings.Contains(m.Content, "offers to end the battle as it stands (ruling V18)")
	}
	if !told {
		t.Errorf("battle %d: the truce offer is not in the battle's thread", battle)
	}
}

// chooseSecond has the initiative winner of a deployed battle press the
// "second" button of the question in his DM (000 line 564): the battle
// then starts with the other side moving.
func (r *srvRig) chooseSecond(t *testing.T, battle int) {
	t.Helper()
	if ph := r.campaign().Battle(battle).State.Phase; ph != referee.PhaseDeploy {
		t.Fatalf("battle %d is in its %v phase before the initiative winner chose", battle, ph)
	}
	winner := r.pressDecision(t, battle, campaign.DecideInitiative, "second")
	if winner == "" {
		t.Fatalf("battle %d: no initiative question waiting", battle)
	}
	if st := r.campaign().Battle(battle).State; st.Phase != referee.PhaseMovement || st.PhasingSide().ID == winner {
		t.Fatalf("after %s chose to move second: %v phase, %s moving", winner, st.Phase, st.PhasingSide().ID)
	}
}

// pressDecision has the side asked battle's decision of kind press the
// button labelled label in its player's DM, and returns the side ("" when
// no such question waits). The other side's player is never asked.
func (r *srvRig) pressDecision(t *testing.T, battle int, kind campaign.DecisionKind, label string) string {
	t.Helper()
	var dec campaign.Decision
	for _, d := range r.campaign().Decisions {
		if d.Battle == battle && d.Kind == kind {
			dec = d
		}
	}
	if dec.ID == 0 {
		return ""
	}
	user, other := srvAlice, srvBob
	if dec.Side == "bandits" {
		user, other = srvBob, srvAlice
	}
	var ids map[string]string
	var err error
	r.fake.MustWait(t, srvWait, "the "+label+" button", func() bool {
		ids, err = srvDecisionButtons(r.fake.DMs(user), dec.ID)
		return err == nil && ids[label] != ""
	})
	// The other side numbers its own decisions (ruling SE6): it is the
	// question that must not reach it.
	if srvContains(r.fake.DMs(other), dec.Question) {
		t.Errorf("the other side was asked %s's decision %d too", dec.Side, dec.ID)
	}
	in, err := r.fake.PressButton(user, "", r.fake.DMChannel(user), ids[label])
	if err != nil {
		t.Fatal(err)
	}
	r.answers(in.ID)
	if r.campaign().Decision(dec.Side, dec.ID) != nil {
		t.Fatalf("decision %d still waits after %s pressed %q", dec.ID, dec.Side, label)
	}
	return dec.Side
}

// srvDecisionButtons are the buttons, by label, that answer decision id
// in msgs.
func srvDecisionButtons(msgs []discordtest.Message, id int) (map[string]string, error) {
	out := map[string]string{}
	for _, m := range msgs {
		for _, b := range m.Buttons {
			bid, err := command.DecodeButton(b.CustomID)
			if err != nil {
				return nil, err
			}
			if bid.Action == command.ButtonDecide && bid.Args[0] == srvItoa(id) {
				out[b.Label] = b.CustomID
			}
		}
	}
	return out, nil
}

// autoResolve presses the referee's Auto-resolve button of a battle (the
// command layer's custom id), as the referee.
func (r *srvRig) autoResolve(t *testing.T, battle int) {
	t.Helper()
	customID, err := command.ButtonID{Action: command.ButtonAutoResolve, Campaign: 1, Battle: battle}.Encode()
	if err != nil {
		t.Fatal(err)
	}
	in, err := r.fake.PressButton(srvRef, srvGuild, srvChannel, customID)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range r.answers(in.ID) {
		if strings.HasPrefix(m.Content, "⚠") || strings.Contains(m.Content, "Internal error") {
			t.Fatalf("Auto-resolve button: %s", m.Content)
		}
	}
}

func srvTexts(msgs []discordtest.Message) []string {
	var out []string
	for _, m := range msgs {
		out = append(out, m.Content)
	}
	return out
}

func srvContains(msgs []discordtest.Message, text string) bool {
	for _, m := range msgs {
		if strings.Contains(m.Content, text) {
			return true
		}
	}
	return false
}

// srvWantPNG fails unless the answers carry a PNG file.
func srvWantPNG(t *testing.T, msgs []discordtest.Message) {
	t.Helper()
	for _, m := range msgs {
		for _, f := range m.Files {
			if strings.HasSuffix(f.Name, ".png") && bytes.HasPrefix(f.Data, []byte("\x89PNG\r\n\x1a\n")) {
				return
			}
		}
	}
	t.Errorf("no PNG in %+v", srvTexts(msgs))
}
