package command

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"bfbot/campaign"
	"bfbot/referee"
	"bfbot/referee/dice"
)

// cmdSeen is a reply with the players who see it, and what it must not
// hold beyond the secrets of their enemies that every reply keeps.
type cmdSeen struct {
	reply   Reply
	viewers []string
	forbid  []string
}

// cmdPlay plays turns of campaign 1 through Dispatch as the demo does:
// AI orders given as commands, battles auto-resolved by the referee, and
// each player asking for his worksheet and maps. A battle being set up
// gets the referee's judgements, then both sides deploy, alice offers a
// truce and bob is asked whether he accepts it (ruling V18), which he
// leaves unanswered, before it is auto-resolved.
// It returns every reply and the campaign after each command.
func cmdPlay(t *testing.T, f *cmdFixture, turns int) ([]cmdSeen, []*campaign.Campaign) {
	t.Helper()
	var seen []cmdSeen
	var states []*campaign.Campaign
	players := map[string]string{"crucis": "alice", "bandits": "bob"}
	// do returns the replies it adds to seen: seen's own, which the
	// caller may give what they must not hold.
	do := func(user, name, sub string, opts map[string]string) []cmdSeen {
		from := len(seen)
		r := cmdRequest(user, name, sub)
		for k, v := range opts {
			r.Options[k] = v
		}
		for _, rp := range f.reg.Dispatch(t.Context(), r) {
			if strings.HasPrefix(rp.Text, "Internal error") {
				t.Fatalf("@%s /%s %s %v: %s", user, name, sub, opts, rp.Text)
			}
			v := []string{rp.User}
			if rp.To == Public {
				v = []string{"alice", "bob"}
			}
			seen = append(seen, cmdSeen{reply: rp, viewers: v})
		}
		c, err := f.store.Get(t.Context(), 1)
		if err != nil {
			t.Fatal(err)
		}
		states = append(states, c)
		return seen[from:]
	}
	rules := DefaultRules()
	do("ref", "campaign", "status", nil)
	for step := 0; step < 60; step++ {
		cur := states[len(states)-1]
		if cur.Phase == campaign.PhaseOver || cur.Turn > turns {
			break
		}
		switch cur.Phase {
		case campaign.PhaseOrders:
			for i, s := range cur.Sides {
				user := players[s.ID]
				do(user, "bg", "list", nil)
				do(user, "map", "strategic", nil)
				do(user, "map", "describe", nil)
				do(user, "campaign", "decide", nil)
				for _, o := range rules.AIOrders(states[len(states)-1], s.ID, uint64(10+i)) {
					name, sub, opts := OrderCommand(o)
					do(user, name, sub, opts)
				}
				// Contact by the players' own orders, whatever the AI
				// would do: the battles' secrets are tested too.
				for _, o := range cmdContactOrders(t, states[len(states)-1], s.ID) {
					name, sub, opts := OrderCommand(o)
					do(user, name, sub, opts)
				}
				do(user, "orders", "show", nil)
				do(user, "orders", "ready", nil)
			}
			do("ref", "campaign", "advance", nil)
		case campaign.PhaseBattles:
			ids := campaign.Unfought(cur)
			if len(ids) == 0 {
				do("ref", "campaign", "advance", nil)
				continue
			}
			id := strconv.Itoa(ids[0])
			do("alice", "battle", "view", map[string]string{"battle": id})
			// The referee's judgements (ruling JD2) on the bandits: new
			// local reinforcements, damage to a counter, a secret award.
			if b := cur.Battle(ids[0]); b.State.Phase == referee.PhaseDeploy && b.State.Side("bandits") != nil {
				do("ref", "judge", "add", map[string]string{"battle": id, "side": "bandits", "units": "Locust, Wasp", "why": "local reinforcements"})
				for _, u := range b.State.Units {
					if u.Side == "bandits" && u.Status == referee.Reserve {
						do("ref", "judge", "damage", map[string]string{"battle": id, "unit": u.ID, "steps": "1", "why": "gauntlet damage"})
						break
					}
				}
				do("ref", "judge", "vp", map[string]string{"side": "bandits", "points": "10", "why": "a lure in battlegroup country", "secret": "true"})
				cmdPlayTruce(t, ids[0], players, func() *campaign.Campaign { return states[len(states)-1] }, do)
			}
			do("alice", "map", "describe", map[string]string{"battle": id})
			do("ref", "battle", "auto", map[string]string{"battle": id})
			if b := states[len(states)-1].Battle(ids[0]); !b.Over {
				t.Fatalf("battle %d goes on after /battle auto", ids[0])
			}
			do("bob", "battle", "view", map[string]string{"battle": id})
			// Each side's whole record of the battle, every page of it.
			for _, user := range []string{"alice", "bob"} {
				c, _ := f.store.Get(t.Context(), 1)
				pages := len(logPages(logLines(c, c.Battle(ids[0]), c.SideOf(user).ID)))
				for p := 1; p <= pages; p++ {
					do(user, "battle", "log", map[string]string{"battle": id, "page": strconv.Itoa(p)})
				}
				do(user, "map", "describe", map[string]string{"battle": id})
			}
		}
	}
	return seen, states
}

// cmdPlayTruce deploys both sides of battle id and answers their
// decisions, then alice offers to end the battle and bob asks to accept
// it without confirming (ruling V18): the question must not tell him the
// enemy's victory points, and the battle goes on. Bob then reads the
// battle's status and his view of it, the offer standing.
func cmdPlayTruce(t *testing.T, id int, players map[string]string, cur func() *campaign.Campaign, do func(user, name, sub string, opts map[string]string) []cmdSeen) {
	t.Helper()
	bid := strconv.Itoa(id)
	// Who sets up first is chosen before the deployment, who moves
	// first after it.
	answered := map[int]bool{}
	decide := func() {
		for _, d := range cur().Decisions {
			if d.Battle == id && !answered[d.ID] {
				answered[d.ID] = true
				do(players[d.Side], "campaign", "decide", map[string]string{"decision": strconv.Itoa(d.ID), "answer": d.Options[0]})
			}
		}
	}
	decide()
	do("alice", "battle", "deploy", map[string]string{"battle": bid, "auto": "true"})
	do("bob", "battle", "deploy", map[string]string{"battle": bid, "auto": "true"})
	decide()
	if s := cur().Battle(id).State; s.Phase == referee.PhaseDeploy || s.Phase == referee.PhaseOver {
		t.Fatalf("battle %d is in its %s phase after both sides deployed: no truce can be offered", id, s.Phase)
	}
	do("alice", "battle", "truce", map[string]string{"battle": bid})
	ask := do("bob", "battle", "truce", map[string]string{"battle": bid})
	c := cur()
	s := c.Battle(id).State
	if !s.Side("crucis").OffersTruce || s.Side("bandits").OffersTruce || s.Phase == referee.PhaseOver {
		t.Fatalf("battle %d after alice's offer and bob's unconfirmed truce: crucis offers %v, bandits %v, phase %s; want alice's offer standing and the battle going on",
			id, s.Side("crucis").OffersTruce, s.Side("bandits").OffersTruce, s.Phase)
	}
	if len(ask) != 1 || ask[0].reply.User != "bob" || len(ask[0].reply.Buttons) == 0 {
		t.Fatalf("bob's truce in battle %d did not ask him first: %+v", id, ask)
	}
	// The enemy's victory points as the referee knows them, in the
	// words a reply would give them.
	for _, vs := range s.RefereeView().Sides {
		if vs.ID == "bandits" || vs.VP == nil {
			continue
		}
		name := c.SideName(vs.ID)
		ask[0].forbid = append(ask[0].forbid, fmt.Sprintf("%d VP", *vs.VP), fmt.Sprintf("VP %d", *vs.VP), fmt.Sprintf("%d victory points", *vs.VP), fmt.Sprintf("%s %d", name, *vs.VP), fmt.Sprintf("%s: %d", name, *vs.VP))
	}
	if len(ask[0].forbid) == 0 {
		t.Fatalf("the referee's view of battle %d gives no victory points of crucis: the question's secrecy is untested", id)
	}
	// Bob reads the offer standing where the enemy's secrets are checked.
	for _, sub := range []string{"status", "view"} {
		if out := do("bob", "battle", sub, map[string]string{"battle": bid}); len(out) == 0 || !strings.Contains(out[0].reply.Text, "offers to end the battle as it stands (ruling V18): Moore's Bandits may accept") {
			t.Fatalf("bob's /battle %s of battle %d does not show alice's offer standing: %+v", sub, id, out)
		}
	}
}

// Ensure no reply a player sees (public, or private or DM to him) holds
// the other side's secret battlegroup names or its secret orders and
// movements (ruling R10) — his battle records page by page, his maps in
// words and his decisions included, and the battle's status and his view
// of it with a truce offered (ruling V18); nor the question whether he
// accepts that truce the enemy's victory points.
func TestSecrecy(t *testing.T) {
	if testing.Short() {
		t.Skip("plays two campaign turns")
	}
	f := cmdNewFixture(t, true)
	seen, states := cmdPlay(t, f, 2)
	last := states[len(states)-1]
	if last.Turn < 2 {
		t.Fatalf("the campaign reached only turn %d", last.Turn)
	}
	judged := 0
	for _, e := range last.Log.All() {
		if e.Type == "judgement" {
			judged++
		}
	}
	if judged < 3 {
		t.Fatalf("%d judgements in the log: the referee's add, damage and award were not made", judged)
	}
	asked := map[string]bool{}
	for _, tc := range []struct{ user, side, enemy string }{{"alice", "crucis", "bandits"}, {"bob", "bandits", "crucis"}} {
		t.Run(tc.user, func(t *testing.T) {
			forbidden := map[string]bool{}
			own := map[string]bool{}
			for _, c := range states {
				for _, b := range c.Side(tc.side).Battlegroups {
					own[b.Name] = true
				}
				for _, b := range c.Side(tc.enemy).Battlegroups {
					forbidden[b.Name] = true
				}
				// The enemy's decisions are its own (campaign/decision.go).
				for _, d := range campaign.DecisionsFor(c, tc.enemy) {
					forbidden[d.Question] = true
					asked[tc.enemy] = true
				}
			}
			for name := range own {
				delete(forbidden, name) // a name both sides use says nothing
			}
			mine := map[string]bool{}
			for _, e := range last.Log.All() {
				if e.For(tc.side) {
					mine[e.Text] = true
				}
			}
			for _, e := range last.Log.All() {
				if !e.For(tc.side) && strings.Contains(e.Text, "battlegroup") && !mine[e.Text] {
					forbidden[e.Text] = true
				}
			}
			// The battles' secrets of the enemy (its record's lines the
			// side did not see), which /battle log must not show.
			seenB, hidden := map[string]bool{}, map[string]bool{}
			for _, b := range last.Battles {
				for _, l := range b.Log {
					if text := battleEventText(last, l.Event); l.Visible(tc.side) {
						seenB[text] = true
					} else if l.Visible(tc.enemy) {
						hidden[text] = true
					}
				}
			}
			battleSecrets := 0
			for text := range hidden {
				if !seenB[text] {
					forbidden[text] = true
					battleSecrets++
				}
			}
			if battleSecrets == 0 {
				t.Fatalf("no battle event of %s's that %s did not see: the battle log's secrecy is untested", tc.enemy, tc.side)
			}
			if len(forbidden) == 0 || !asked[tc.enemy] {
				t.Fatalf("no enemy secrets (%d) or decisions (%v) to look for: the test would pass vacuously", len(forbidden), asked[tc.enemy])
			}
			for _, s := range seen {
				sees := false
				for _, v := range s.viewers {
					sees = sees || v == tc.user
				}
				if !sees {
					continue
				}
				for secret := range forbidden {
					if strings.Contains(s.reply.Text, secret) {
						t.Errorf("%s reply to %s holds the enemy's secret %q:\n%s", s.reply.To, tc.user, secret, s.reply.Text)
					}
				}
				for _, secret := range s.forbid {
					if strings.Contains(s.reply.Text, secret) {
						t.Errorf("%s reply to %s holds %q, which it must not tell:\n%s", s.reply.To, tc.user, secret, s.reply.Text)
					}
				}
			}
		})
	}
}

// Ensure a regiment file with `id: referee` cannot make a side (ruling
// SE3): /campaign create refuses it privately, naming the file and the
// reserved id, and stores nothing.
func TestCreateReservedSideIDRefused(t *testing.T) {
	reg, store := attRegistry(t)
	got := attDo(reg, attRequest("ref", "campaign", "create", map[string]File{"regiment_file": attFile(t, "testdata/att_referee_id.yaml")}, "name", "Spy", "regiments", "crucis"))
	for _, w := range []string{"private ref: ⚠", "att_referee_id.yaml", `"referee" is reserved`, "choose another id"} {
		if !strings.Contains(got, w) {
			t.Errorf("got %q\nwant it to contain %q", got, w)
		}
	}
	if list, _ := store.List(t.Context()); len(list) != 0 {
		t.Errorf("a refused create stored %d campaigns", len(list))
	}
}

// Ensure the referee's notes go to the referee alone even in a campaign
// stored before side ids were reserved, whose side is called "referee":
// the audience is read before any side, and that side's own secrets do
// not reach the referee either (ruling SE3).
func TestRefereeNotesReachOnlyTheReferee(t *testing.T) {
	f := cmdNewFixture(t, true)
	c, err := f.store.Get(t.Context(), 1)
	if err != nil {
		t.Fatal(err)
	}
	c.Sides[0].ID = campaign.RefereeAudience // a legacy campaign: alice's side
	evs := []campaign.Event{
		{Turn: 1, Step: "contact", Type: "referee-note", Audience: []string{campaign.RefereeAudience}, Text: "the referee's private note"},
		{Turn: 1, Step: "orders", Type: "move", Audience: []string{"bandits"}, Text: "bob's secret order"},
	}
	got := map[string]string{}
	for _, r := range EventReplies(c, evs) {
		if r.To != DM {
			t.Errorf("a secret event went %s: %q", r.To, r.Text)
		}
		got[r.User] += r.Text
	}
	want := map[string]string{"ref": "Turn 1, contact: the referee's private note", "bob": "Turn 1, orders: bob's secret order"}
	if len(got) != len(want) || got["ref"] != want["ref"] || got["bob"] != want["bob"] {
		t.Errorf("DMs %q, want %q (alice, whose side is called referee, gets nothing)", got, want)
	}
}

// secPreviewScenario is a battle on open ground for the preview tests:
// alice's A1 (range 6) faces bob's B1 in heavy woods two hexes away
// (blind: the woods hide its class, 000 line 784), B2 in the open three
// hexes away (sighted by ESR: its class is known, its values are not,
// 000 lines 699, 782) and B3, which alice's AEP lance A2 next to it
// probes at the first sighting (000 lines 1342–1353).
func secPreviewScenario(t *testing.T) string {
	t.Helper()
	var b strings.Builder
	b.WriteString("map: {seed: 1, theme: plains}\nterrain:\n")
	for col := 3; col <= 14; col++ {
		for row := 2; row <= 14; row++ {
			terrain := "open"
			if col == 8 && row == 10 {
				terrain = "heavy-woods"
			}
			fmt.Fprintf(&b, "  \"%02d%02d\": {terrain: %s, elevation: 0}\n", col, row, terrain)
		}
	}
	b.WriteString(`first: a
sides:
  - id: a
    units:
      - {id: A1, class: medium-mech, values: {ra: 10, ca: 12, d: 8, r: 6, mp: 5}, hex: "0808"}
      - {id: A2, class: light-mech, values: {ra: 4, ca: 5, d: 5, r: 2, mp: 6}, hex: "1208", chits: [aep]}
  - id: b
    units:
      - {id: B1, class: heavy-mech, values: {ra: 13, ca: 16, d: 11, r: 3, mp: 4}, hex: "0810"}
      - {id: B2, class: heavy-mech, values: {ra: 13, ca: 16, d: 12, r: 3, mp: 4}, hex: "0805"}
      - {id: B3, class: assault-mech, values: {ra: 16, ca: 20, d: 13, r: 3, mp: 3}, hex: "1108"}
`)
	return b.String()
}

// Ensure an attack preview shows only what the attacker's side knows of
// its target (ruling SE1): against a blind target and against a sighted
// one whose values are hidden it gives the attacker's own value and
// "unknown" for D, the column and the chances; against a probed target
// it gives them all. The attack itself is reported with the D the
// defender calls out (000 line 847).
func TestAttackPreviewHidesUnknownDefense(t *testing.T) {
	f := actFixture(t, secPreviewScenario(t)) // battle_actions_test.go
	// The test is about these three states of knowledge; make sure the
	// battle gives them.
	v := f.scdCampaign(1).Battle(1).State.View("a")
	if v.Phasing != "a" {
		t.Fatalf("%s is to act, want a", v.Phasing)
	}
	for id, want := range map[string]string{"B1": "blind", "B2": "sighted", "B3": "probed"} {
		u := v.Unit(id)
		got := "blind"
		switch {
		case u == nil:
			got = "unseen"
		case u.Values != nil:
			got = "probed"
		case u.Class != "":
			got = "sighted"
		}
		if got != want {
			t.Fatalf("%s is %s to a, want %s", id, got, want)
		}
	}
	// A move first, so that the battle holds the sides asked the choices
	// of the middle of a turn (a is): the previews take their defaults
	// (ruling SE7), A2's probe among them, as the attack would wait for
	// it (ruling DEC6).
	f.cmdMust("alice", "battle", "move", "unit", "A2", "to", "1207")
	if asked := f.scdCampaign(1).Battle(1).State.Asked; !slices.Contains(asked, "a") {
		t.Fatalf("sides asked %v, want a among them", asked)
	}
	preview := func(target string) string {
		return cmdTexts(f.cmdMust("alice", "battle", "attack", "unit", "A1", "target", target, "mode", "ranged", "preview", "true"))
	}
	for _, target := range []string{"B1", "B2"} {
		got := preview(target)
		if !strings.Contains(got, "A1 ranged attack on "+target+": 10 against an unknown Defensive Value") || !strings.Contains(got, "ruling SE1") {
			t.Errorf("preview against %s: %q, want its D unknown", target, got)
		}
		for _, leak := range []string{"against 1", "column", "Chances", "%"} {
			if strings.Contains(strings.ReplaceAll(got, "the column and the chances are unknown", ""), leak) {
				t.Errorf("preview against %s holds %q, which tells its D: %q", target, leak, got)
			}
		}
	}
	if got := preview("B3"); !strings.Contains(got, "A1 ranged attack on B3: 10 against 13, column -3 after shifts. Chances:") {
		t.Errorf("preview against the probed B3: %q, want its D, column and chances", got)
	}
	// Nothing moved: the previews changed nothing.
	if n := f.scdCampaign(1).Battle(1).State; n.Unit("A1").Attacked || n.Phase != referee.PhaseMovement {
		t.Fatalf("a preview acted: A1 attacked %v, phase %s", n.Unit("A1").Attacked, n.Phase)
	}
	// The attack ends the movement phase, whose sighting asks a which
	// enemy unit A2 probes: the attack waits for the answer (ruling DEC6).
	attack := func() string {
		return cmdTexts(f.cmdMust("alice", "battle", "attack", "unit", "A1", "target", "B1", "mode", "ranged", "confirm", "true"))
	}
	if got := attack(); !strings.Contains(got, "A1 does not attack yet") || strings.Contains(got, "vs") {
		t.Fatalf("the attack as the probe waits: %q", got)
	}
	f.cmdMust("alice", "battle", "decide", "decision", "1", "answer", "B2")
	// The attack made: the defender calls out D (000 line 847).
	if got := attack(); !strings.Contains(got, "A1 ranged attack on B1: 10 vs 11, column") {
		t.Errorf("the attack on B1: %q, want the D called out", got)
	}
}

// Ensure a secret recon purchase changes nothing bob, a stranger or the
// public status can see (ruling SE2): two campaigns in which crucis has
// 20 public VP and splits off a scout lance, one of which also buys the
// lance +2 ESR, give everyone but alice the same replies, the status
// board (which the pinned status repeats) showing the 20 public VP;
// alice's own account shows the spending.
func TestSecretPurchaseChangesNothingOthersSee(t *testing.T) {
	outputs := func(buy bool) (others, own string) {
		f := cmdNewFixture(t, true)
		err := f.store.Update(t.Context(), 1, func(c *campaign.Campaign, _ *dice.Dice) (*campaign.Campaign, error) {
			n := c.Clone()
			n.Log.Append(campaign.Event{Turn: n.Turn, Step: "battle", Type: "vp", Side: "crucis", VP: 20, Text: "7th Crucis Lancers scores 20 victory points in battle 1"})
			n.Side("crucis").VP += 20
			return n, nil
		})
		if err != nil {
			t.Fatal(err)
		}
		f.cmdMust("alice", "bg", "split", "bg", "2", "units", "A6", "name", "Scouts")
		if buy {
			c := f.scdCampaign(1)
			out := f.cmdMust("alice", "bg", "recon", "bg", strconv.Itoa(c.Side("crucis").NextBattlegroup-1), "esr", "true")
			for _, r := range out {
				if r.To != Private || r.User != "alice" {
					t.Errorf("the secret purchase answered %s %s: %q", r.To, r.User, r.Text)
				}
			}
			if s := f.scdCampaign(1).Side("crucis"); s.VPSpent == 0 || s.VP >= 20 {
				t.Fatalf("the recon purchase cost nothing: %d VP, %d spent", s.VP, s.VPSpent)
			}
		}
		var b strings.Builder
		for _, q := range [][]string{
			{"mallory", "campaign", "status"}, {"bob", "campaign", "status"}, {"ref", "campaign", "status"},
			{"bob", "bg", "list"}, {"bob", "orders", "show"}, {"bob", "force", "show"}, {"bob", "map", "strategic"}, {"bob", "map", "describe"},
		} {
			for _, r := range f.cmdDo(q[0], q[1], q[2]) {
				fmt.Fprintf(&b, "%s /%s %s → %s %s: %s (%d files)\n", q[0], q[1], q[2], r.To, r.User, r.Text, len(r.Files))
				for _, f := range r.Files {
					fmt.Fprintf(&b, "  %s described: %s\n", f.Name, f.Description)
				}
			}
		}
		return b.String(), cmdTexts(f.cmdMust("alice", "force", "show"))
	}
	others, own := outputs(true)
	othersPlain, ownPlain := outputs(false)
	if others != othersPlain {
		t.Errorf("others see the secret purchase:\nwith it:\n%s\nwithout:\n%s", others, othersPlain)
	}
	if !strings.Contains(others, "7th Crucis Lancers (crucis): 20 VP") {
		t.Errorf("the status board does not show the 20 public VP:\n%s", others)
	}
	if own == ownPlain || !strings.Contains(ownPlain, "20 VP") {
		t.Errorf("alice's own account does not show her spending:\nwith it: %s\nwithout: %s", own, ownPlain)
	}
}

// Ensure a decision is seen and answered by its side alone: its question
// reaches only that side's players, the other side's /campaign decide
// lists nothing and its answer is refused without telling the question;
// strangers and the referee cannot answer (campaign/decision.go).
func TestDecisionsSecret(t *testing.T) {
	f := cmdNewFixture(t, true)
	const question = "You captured B8: keep it or scrap it?"
	err := f.store.Update(t.Context(), 1, func(c *campaign.Campaign, _ *dice.Dice) (*campaign.Campaign, error) {
		n := c.Clone()
		n.Decisions = []campaign.Decision{{ID: 1, Kind: campaign.DecideCaptured, Side: "crucis", Subject: "B8", Question: question, Options: []string{"keep", "scrap"}, Default: "keep"}}
		n.NextDecision = 2
		return n, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range DecisionPrompts(f.scdCampaign(1), 1) {
		if r.To != DM || r.User != "alice" || !strings.Contains(r.Text, question) || len(r.Buttons) != 2 {
			t.Errorf("prompt %s %s %q with %d buttons, want a DM to alice with keep and scrap", r.To, r.User, r.Text, len(r.Buttons))
		}
	}
	if got := cmdTexts(f.cmdMust("alice", "campaign", "decide")); !strings.Contains(got, question) {
		t.Errorf("alice's list: %q, want her question", got)
	}
	for _, q := range [][]string{
		{"bob", "campaign", "decide"}, {"bob", "battle", "decide"}, {"bob", "campaign", "decide", "decision", "1"},
		{"bob", "campaign", "decide", "decision", "1", "answer", "scrap"}, {"mallory", "campaign", "decide", "decision", "1", "answer", "scrap"},
		{"ref", "battle", "decide", "decision", "1", "answer", "scrap"},
	} {
		got := cmdTexts(f.cmdDo(q[0], q[1], q[2], q[3:]...))
		if strings.Contains(got, "B8") || strings.Contains(got, "keep") {
			t.Errorf("%v: %q tells crucis's question", q, got)
		}
	}
	if c := f.scdCampaign(1); len(c.Decisions) != 1 {
		t.Errorf("the refused answers changed the decisions: %+v", c.Decisions)
	}
}

// Ensure an attack previewed in the movement phase, which would land a's
// pending drop first, tells nothing of what waits in the drop hex (rulings
// SE7, DEC6): with b's platoon hidden there, whose owner would be asked
// whether it attacks the landing lance, the preview reads as it does
// with the hex empty.
func TestAttackPreviewHidesTheDropHex(t *testing.T) {
	preview := func(platoon string) string {
		f := actFixture(t, `map: {seed: 7, theme: plains, sheets: 1}
terrain:
  "1404": {terrain: open, elevation: 0}
  "1405": {terrain: open, elevation: 0}
  "1406": {terrain: open, elevation: 0}
  "1410": {terrain: open, elevation: 0}
first: a
sides:
  - id: a
    units:
      - {id: A1, class: heavy-mech, values: {ra: 16, ca: 18, d: 10, r: 3, mp: 4}, drop: true}
      - {id: A2, class: medium-mech, values: {ra: 8, ca: 8, d: 8, r: 3, mp: 5}, hex: "1404"}
  - id: b
    units:
      - {id: B1, class: medium-mech, values: {ra: 20, ca: 12, d: 9, r: 3, mp: 5}, hex: "1406"}
`+platoon)
		f.cmdMust("alice", "battle", "drop", "unit", "A1", "hex", "1410")
		if asked := f.scdCampaign(1).Battle(1).State.Asked; !slices.Contains(asked, "b") {
			t.Fatalf("sides asked %v, want b among them", asked)
		}
		return cmdTexts(f.cmdMust("alice", "battle", "attack", "unit", "A2", "target", "B1", "mode", "ranged", "preview", "true"))
	}
	empty := preview("")
	if !strings.Contains(empty, "A2 ranged attack on B1") {
		t.Fatalf("the preview: %q", empty)
	}
	if hidden := preview(`      - {id: B2, class: infantry, values: {ra: 3, ca: 6, d: 5, r: 1, mp: 1}, hidden: true, hex: "1410"}
`); hidden != empty {
		t.Errorf("the preview with a platoon hidden in the drop hex\n%s\nwithout\n%s", hidden, empty)
	}
}
