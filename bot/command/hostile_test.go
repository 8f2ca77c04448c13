package command

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"bfbot/campaign"
	"bfbot/referee/dice"
)

// The hostile member: a player of the other side, a stranger, a player
// who left, a member of another server. Each attack below is made the
// way Discord lets him make it — a typed command, or a button press
// whose custom ID he wrote himself — and must learn or change nothing
// the same command typed by him would not.

// hsPress presses a button with custom ID id as user, from guild (a DM
// when guild is "").
func (f *cmdFixture) hsPress(user, guild, id string) []Reply {
	f.tb.Helper()
	r := &Request{User: User{ID: user, Name: user}, Guild: guild, Channel: "c", DM: guild == "", Component: id, Now: time.Unix(0, 0)}
	if guild != "" && guild != "g" {
		r.Channel = "c-" + guild
	}
	return f.reg.Dispatch(context.Background(), r)
}

// hsID encodes a button's custom ID, failing the test when it cannot.
func hsID(t *testing.T, b ButtonID) string {
	t.Helper()
	s, err := b.Encode()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// hsDecision gives crucis a waiting keep-or-scrap decision (number 1).
func hsDecision(t *testing.T, f *cmdFixture) {
	t.Helper()
	err := f.store.Update(t.Context(), 1, func(c *campaign.Campaign, _ *dice.Dice) (*campaign.Campaign, error) {
		n := c.Clone()
		n.Decisions = []campaign.Decision{{ID: 1, Kind: campaign.DecideCaptured, Side: "crucis", Subject: "B8", Question: "You captured B8: keep it or scrap it?", Options: []string{"keep", "scrap"}, Default: "keep"}}
		n.NextDecision = 2
		return n, nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// Ensure a decision button answers for its side's players alone: the
// other side's player, a stranger, a member of another server and a
// player who has left are refused, learn nothing of the question, and
// the enemy's refusal for a waiting decision reads as the refusal for a
// decision that does not exist (the number aside), so pressing forged
// buttons cannot tell which numbers the other side is being asked.
func TestHostileDecisionButton(t *testing.T) {
	f := cmdNewFixture(t, true)
	hsDecision(t, f)
	press := func(user, guild, decision string) string {
		return cmdTexts(f.hsPress(user, guild, hsID(t, ButtonID{Action: ButtonDecide, Campaign: 1, Args: []string{decision, "scrap"}})))
	}
	secret := func(got string) bool { return strings.Contains(got, "B8") || strings.Contains(got, "keep") }
	waiting, missing := press("bob", "g", "1"), press("bob", "g", "9")
	if !strings.Contains(waiting, "none such") || strings.ReplaceAll(waiting, "decision:1:", "decision:9:") != missing || secret(waiting) {
		t.Errorf("bob's press of crucis's decision:\n%s\nof none:\n%s\nwant the same refusal", waiting, missing)
	}
	for _, c := range []struct{ user, guild, want string }{
		{"mallory", "g", refusedWho}, {"mallory", "", refusedWhere}, {"alice", "g2", refusedWhere}, {"bob", "", "none such"},
	} {
		if got := press(c.user, c.guild, "1"); !strings.Contains(got, c.want) || secret(got) {
			t.Errorf("%s from %q presses crucis's decision: %q, want %q and nothing of the question", c.user, c.guild, got, c.want)
		}
	}
	// From another server, campaign 1 is one that does not exist.
	other := cmdTexts(f.hsPress("alice", "g2", hsID(t, ButtonID{Action: ButtonDecide, Campaign: 99, Args: []string{"1", "scrap"}})))
	if strings.ReplaceAll(press("alice", "g2", "1"), "campaign 1:", "campaign 99:") != other {
		t.Errorf("campaign 1 from another server reads unlike one that does not exist:\n%s\n%s", press("alice", "g2", "1"), other)
	}
	f.cmdMust("alice", "campaign", "leave")
	if got := press("alice", "", "1"); !strings.Contains(got, "Not ") || secret(got) {
		t.Errorf("alice, who left, presses her old side's decision: %q", got)
	}
	if c := f.scdCampaign(1); len(c.Decisions) != 1 {
		t.Errorf("refused presses changed the decision: %+v", c.Decisions)
	}
}

// Ensure a page button written by hand runs its command with the
// presser's rights and no more: bob paging crucis's forces, view or
// record with the side option the button carries is refused as the
// typed command is and learns nothing of crucis; a command without
// pages (the referee's export, a judgement) refuses the button outright;
// and a campaign of another server stays out of reach.
func TestHostilePageButton(t *testing.T) {
	f := cmdNewFixture(t, true)
	c := f.scdCampaign(1)
	var secrets []string
	for _, b := range c.Side("crucis").Battlegroups {
		secrets = append(secrets, b.Name)
	}
	for _, u := range c.Side("crucis").Units {
		secrets = append(secrets, u.ID)
	}
	bobSees := cmdTexts(f.cmdDo("bob", "force", "show")) + cmdTexts(f.cmdDo("bob", "bg", "list"))
	for _, cmd := range [][2]string{{"force", "show"}, {"battle", "view"}, {"battle", "log"}} {
		for _, guild := range []string{"g", ""} {
			got := cmdTexts(f.hsPress("bob", guild, hsID(t, pageButton(cmd[0], cmd[1], 2, 1, "side", "crucis"))))
			if !strings.Contains(got, refusedWho) && !strings.Contains(got, "no battle") {
				t.Errorf("/%s %s side:crucis by bob's page button from %q: %s", cmd[0], cmd[1], guild, got)
			}
			for _, s := range secrets {
				if strings.Contains(got, s) && !strings.Contains(bobSees, s) {
					t.Errorf("/%s %s side:crucis by bob's page button shows crucis's %q:\n%s", cmd[0], cmd[1], s, got)
				}
			}
		}
	}
	for _, b := range []ButtonID{pageButton("campaign", "export", 1, 1), pageButton("judge", "vp", 1, 1, "side", "bandits"), pageButton("undo", "", 1, 1)} {
		if got := cmdTexts(f.hsPress("bob", "g", hsID(t, b))); !strings.Contains(got, "unknown option page") {
			t.Errorf("/%s %s by bob's page button: %s", b.Args[0], b.Args[1], got)
		}
	}
	for _, b := range []ButtonID{pageButton("force", "show", 1, 1), pageButton("battle", "view", 1, 1), pageButton("force", "show", 1, 0, "campaign", "1")} {
		if got := cmdTexts(f.hsPress("alice", "g2", hsID(t, b))); !strings.Contains(got, refusedWhere) || strings.Contains(got, "Crucis") {
			t.Errorf("%v from another server: %s", b.Args, got)
		}
	}
}

// Ensure a battle's record and map stay with their side against forged
// buttons and a referee who plays: bob's hand-written "Whole log" button
// for crucis's record, the referee's while the battle is fought, a
// stranger's, one from another server and one past the last page are
// refused without a line of the record; and a referee who plays crucis
// against bob may neither judge nor look at bandits' side of the battle
// (ruling SEAT3).
func TestHostileBattleRecord(t *testing.T) {
	if testing.Short() {
		t.Skip("plays campaign turns into a battle")
	}
	f, id := cmdBattle(t)
	logBtn := func(side, page string) string {
		return hsID(t, ButtonID{Action: ButtonLog, Campaign: 1, Battle: id, Args: []string{side, page}})
	}
	for _, c := range []struct{ user, guild, side, page, want string }{
		{"bob", "g", "crucis", "1", refusedWho}, {"bob", "", "crucis", "2", refusedWho},
		{"ref", "g", "crucis", "1", refusedWho}, {"mallory", "g", "crucis", "1", refusedWho},
		{"alice", "g2", "crucis", "1", refusedWhere}, {"alice", "g", "crucis", "999", "page:999"},
	} {
		got := cmdTexts(f.hsPress(c.user, c.guild, logBtn(c.side, c.page)))
		if !strings.Contains(got, c.want) || strings.Contains(got, "saw it") || strings.Contains(got, "— Deployment —") {
			t.Errorf("%s from %q presses %s's log page %s: %s, want %q", c.user, c.guild, c.side, c.page, got, c.want)
		}
	}
	bid := strconv.Itoa(id)
	for _, q := range [][]string{{"battle", "view"}, {"map", "tactical"}, {"map", "describe"}, {"battle", "log"}} {
		got := cmdTexts(f.cmdDo("alice", q[0], q[1], "battle", bid, "side", "bandits"))
		if !strings.Contains(got, refusedWho) {
			t.Errorf("/%s %s side:bandits by alice: %s", q[0], q[1], got)
		}
	}
	f.refereePlaysCrucis()
	var enemy string
	for _, u := range f.scdCampaign(1).Battle(id).State.Units {
		if u.Side == "bandits" {
			enemy = u.ID
			break
		}
	}
	for _, q := range [][]string{
		{"judge", "damage", "battle", bid, "unit", enemy, "steps", "1", "why", "test"},
		{"judge", "withhold", "battle", bid, "unit", enemy, "why", "test"},
		{"judge", "vp", "side", "crucis", "points", "5", "why", "test"},
		{"battle", "view", "battle", bid, "side", "bandits"},
		{"map", "describe", "battle", bid, "side", "bandits"},
		{"battle", "log", "battle", bid, "side", "bandits"},
		{"force", "show", "side", "bandits"},
		{"campaign", "export"}, {"undo", ""},
	} {
		before := f.scdCampaign(1)
		got := cmdTexts(f.cmdDo("ref", q[0], q[1], q[2:]...))
		if !strings.Contains(got, refusedWho) {
			t.Errorf("the referee who plays crucis: /%s %s %v: %s", q[0], q[1], q[2:], got)
		}
		if after := f.scdCampaign(1); after.Log.Len() != before.Log.Len() {
			t.Errorf("/%s %s by the referee who plays changed the campaign", q[0], q[1])
		}
	}
}

// Ensure autocomplete suggests nothing of the other side: for every
// option of every command, bob is offered none of crucis's units, a
// stranger no unit at all, and a member asking from another server
// nothing (the campaign does not reach there).
func TestHostileAutocomplete(t *testing.T) {
	if testing.Short() {
		t.Skip("plays campaign turns into a battle")
	}
	f, id := cmdBattle(t)
	c := f.scdCampaign(1)
	crucis := map[string]bool{}
	for _, u := range c.Side("crucis").Units {
		crucis[u.ID] = true
	}
	asked := 0
	for _, s := range f.reg.Specs() {
		for _, o := range s.Options {
			if o.Complete == nil {
				continue
			}
			for _, who := range []struct{ user, guild string }{{"bob", "g"}, {"bob", ""}, {"mallory", "g"}, {"alice", "g2"}} {
				r := cmdRequest(who.user, s.Name, s.Sub, "battle", strconv.Itoa(id))
				r.Guild, r.DM = who.guild, who.guild == ""
				got := f.reg.Complete(t.Context(), r, o.Name, "")
				asked++
				for _, v := range got {
					if crucis[v] {
						t.Errorf("/%s %s %s: by %s from %q suggests crucis's %s", s.Name, s.Sub, o.Name, who.user, who.guild, v)
					}
				}
				if who.guild == "g2" && len(got) > 0 {
					t.Errorf("/%s %s %s: from another server suggests %v", s.Name, s.Sub, o.Name, got)
				}
				if who.user == "mallory" && (o.Name == "unit" || o.Name == "bg" || o.Name == "dropship") && len(got) > 0 {
					t.Errorf("/%s %s %s: a stranger is offered %v", s.Name, s.Sub, o.Name, got)
				}
			}
		}
	}
	if asked == 0 {
		t.Fatal("no option autocompletes: the test asks nothing")
	}
}

// hsHidden is a scenario battle in which side a holds units b may not
// know of: hidden infantry (A2), a 'Mech dropping in turn 2 (A3), one
// aboard a DropShip (A4) and reinforcements due in turn 3 (R1); A1 and
// the DropShip are counters b sees.
const hsHidden = `map: {seed: 7, theme: plains, sheets: 1}
terrain:
  "1010": {terrain: open, elevation: 0}
rules: {crt: rulebook}
first: b
sides:
  - id: a
    reinforcements:
      - edge: west
        turn: 3
        units:
          - {id: R1, class: light-mech, values: {ra: 4, ca: 5, d: 4, r: 1, mp: 8}, hex: "0103"}
    units:
      - {id: A1, class: medium-mech, values: {ra: 8, ca: 8, d: 10, r: 3, mp: 5}, hex: "0505"}
      - {id: A2, class: infantry, values: {ra: 3, ca: 6, d: 5, r: 1, mp: 1}, hidden: true, hex: "1010"}
      - {id: A3, class: medium-mech, values: {ra: 7, ca: 12, d: 8, r: 3, mp: 4}, drop: {turn: 2, hex: "1212"}}
      - {id: DS, class: union, values: {ra: 13, ca: 0, d: 7, r: 6, mp: 0}, hex: "0303"}
      - {id: A4, class: light-mech, values: {ra: 4, ca: 5, d: 4, r: 1, mp: 8}, aboard: DS}
  - id: b
    units:
      - {id: B1, class: medium-mech, values: {ra: 8, ca: 8, d: 10, r: 3, mp: 5}, hex: "0912"}
      - {id: B2, class: infantry, values: {ra: 3, ca: 6, d: 5, r: 1, mp: 1}, hex: "1414"}
`

// Ensure naming an enemy unit the side may not know of reads as naming
// one that does not exist: for every option of every command that takes
// a unit (unit, target, observer, dropship), bob's answer naming a's
// hidden infantry, a drop still in orbit, a unit aboard a DropShip or
// reinforcements still to come is his answer naming A9, which no side
// has, but for the name — in each phase of two game turns, his own and
// the enemy's. Autocomplete offers him none of them either.
func TestHostileUnknownUnitsAlike(t *testing.T) {
	f := actFixture(t, hsHidden)
	unknown := []string{"A2", "A3", "A4", "R1"}
	asked := 0
	for range 6 {
		st := f.state()
		for _, s := range f.reg.Specs() {
			for _, o := range s.Options {
				if o.Name != "unit" && o.Name != "target" && o.Name != "observer" && o.Name != "dropship" {
					continue
				}
				kv := func(id string) []string {
					out := []string{o.Name, id}
					if o.Name != "unit" {
						out = append(out, "unit", "B1")
					}
					for _, r := range s.Options {
						switch {
						case !r.Required || r.Name == o.Name || r.Name == "unit":
						case r.Name == "hex" || r.Name == "to":
							out = append(out, r.Name, "0911")
						default:
							out = append(out, r.Name, "1")
						}
					}
					return out
				}
				for _, id := range unknown {
					for _, extra := range [][]string{nil, {"preview", "true"}} {
						got := cmdTexts(f.cmdDo("bob", s.Name, s.Sub, append(kv(id), extra...)...))
						none := cmdTexts(f.cmdDo("bob", s.Name, s.Sub, append(kv("A9"), extra...)...))
						asked++
						if strings.ReplaceAll(got, id, "A9") != none {
							t.Errorf("turn %d %v, /%s %s %s:%s %v by bob:\n%s\nnaming A9, which no side has:\n%s", st.Turn, st.Phase, s.Name, s.Sub, o.Name, id, extra, got, none)
						}
					}
				}
				if o.Complete == nil {
					continue
				}
				for _, v := range f.reg.Complete(t.Context(), cmdRequest("bob", s.Name, s.Sub), o.Name, "") {
					if slices.Contains(unknown, v) {
						t.Errorf("turn %d %v, /%s %s %s: bob is offered %s", st.Turn, st.Phase, s.Name, s.Sub, o.Name, v)
					}
				}
			}
		}
		f.cmdMust(map[string]string{"a": "alice", "b": "bob"}[st.PhasingSide().ID], "battle", "end")
	}
	if asked == 0 {
		t.Fatal("no command takes a unit: the test asks nothing")
	}
}
