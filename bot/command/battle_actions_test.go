package command

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"bfbot/campaign"
	"bfbot/mapgen/hex"
	"bfbot/referee"
	"bfbot/referee/dice"
	"bfbot/referee/scenario"
)

// actFixture is a campaign made of one scenario battle (yaml), alice
// playing side a and bob side b.
func actFixture(t *testing.T, yaml string) *cmdFixture {
	t.Helper()
	sc, err := scenario.Parse([]byte(yaml), nil)
	if err != nil {
		t.Fatal(err)
	}
	st, _, err := sc.Begin(dice.New(dice.NewSeeded(1)))
	if err != nil {
		t.Fatal(err)
	}
	c, err := campaign.NewScenarioBattle(0, "actions", st, "actions", 1)
	if err != nil {
		t.Fatal(err)
	}
	return seatedFixture(t, c, map[string]string{"a": "alice", "b": "bob"})
}

// seatedFixture stores campaign c refereed by "ref", users[side]
// playing each side.
func seatedFixture(t *testing.T, c *campaign.Campaign, users map[string]string) *cmdFixture {
	t.Helper()
	c.Referee = "ref"
	for side, user := range users {
		var err error
		if c, err = campaign.Join(c, side, user); err != nil {
			t.Fatal(err)
		}
	}
	f := scdFixture(t)
	if _, err := f.store.Create(t.Context(), c); err != nil {
		t.Fatal(err)
	}
	return f
}

// state is the battle as it stands.
func (f *cmdFixture) state() *referee.State { return f.scdCampaign(1).Battle(1).State }

// press presses the only button of the replies as user.
func (f *cmdFixture) press(user string, out []Reply) []Reply {
	f.tb.Helper()
	var ids []string
	for _, r := range out {
		for _, b := range r.Buttons {
			ids = append(ids, b.CustomID)
		}
	}
	if len(ids) != 1 {
		f.tb.Fatalf("want one button in %s, got %v", cmdTexts(out), ids)
	}
	r := &Request{User: User{ID: user, Name: user}, Guild: "g", Channel: "c", Component: ids[0], Now: time.Unix(0, 0)}
	return f.reg.Dispatch(context.Background(), r)
}

// seenBy is every reply text user or the public may read.
func seenBy(out []Reply, user string) string {
	var b strings.Builder
	for _, r := range out {
		if r.To == Public || r.User == user {
			b.WriteString(r.Text + "\n")
		}
	}
	return b.String()
}

// actAir is the air combat example (000 lines 1116, 1165–1167) as a
// campaign battle: a's air lances fly to 0911 and 1111, then strafe 0912
// and bomb 1210.
const actAir = `map: {seed: 7, theme: plains, sheets: 1}
terrain:
  "0912": {terrain: open, elevation: 0}
  "1210": {terrain: heavy-woods, elevation: 0}
rules: {crt: rulebook}
first: a
sides:
  - id: a
    units:
      - {id: A1, class: heavy-air, values: {ra: 15, ca: 13, d: 10, r: 15, mp: 10}, experience: veteran, hex: "0915"}
      - {id: A2, class: light-air, values: {ra: 8, ca: 6, d: 6, r: 15, mp: 12}, experience: green, chits: [bomb30], hex: "1117"}
  - id: b
    units:
      - {id: B1, class: fire-mech, values: {ra: 10, ca: 6, d: 9, r: 4, mp: 4}, hex: "0912"}
      - {id: B2, class: tracked, values: {ra: 8, ca: 8, d: 6, r: 3, mp: 6}, hex: "0912"}
      - {id: B3, class: medium-mech, values: {ra: 8, ca: 8, d: 10, r: 3, mp: 5}, hex: "1210"}
`

// Ensure /battle strafe and bomb: the engine's refusals come back as
// they are (AIR4: the lances fly first); autocomplete offers air lances
// for strafe and only the one with a load for bomb; the preview names
// every unit in the hex with its D unknown (the enemy's values are
// secret, ruling SE1) and changes nothing; the strafe attacks both units
// of 0912 (000 line 1165), the bomb B3 with 30 points (line 1167).
func TestBattleStrafeAndBomb(t *testing.T) {
	f := actFixture(t, actAir)
	if got := cmdTexts(f.cmdDo("alice", "battle", "strafe", "unit", "A1", "hex", "0912")); !strings.Contains(got, "⚠") {
		t.Errorf("strafe from 3 hexes away, before flying: %s", got)
	}
	complete := func(sub string) []string {
		return f.reg.completer("unit")(context.Background(), cmdRequest("alice", "battle", sub), "")
	}
	if got := complete("strafe"); strings.Join(got, " ") != "A1 A2" {
		t.Errorf("strafe autocomplete %v, want A1 A2", got)
	}
	if got := complete("bomb"); strings.Join(got, " ") != "A2" {
		t.Errorf("bomb autocomplete %v, want A2 (the only load)", got)
	}
	if got := complete("liftoff"); len(got) != 0 {
		t.Errorf("liftoff autocomplete %v, want none (no DropShip)", got)
	}
	f.cmdMust("alice", "battle", "move", "unit", "A1", "to", "0911")
	f.cmdMust("alice", "battle", "move", "unit", "A2", "to", "1111")
	got := cmdTexts(f.cmdMust("alice", "battle", "strafe", "unit", "A1", "hex", "0912", "preview", "true"))
	for _, want := range []string{"A1 strafes 0912", "B1: 13 against an unknown Defensive Value", "B2: 13 against an unknown"} {
		if !strings.Contains(got, want) {
			t.Errorf("strafe preview %q: want %q", got, want)
		}
	}
	if strings.Contains(got, "column") {
		t.Errorf("strafe preview tells a column, and with it the target's D: %q", got)
	}
	if f.state().Unit("A1").Attacked {
		t.Fatal("the preview strafed")
	}
	out := f.cmdMust("alice", "battle", "strafe", "unit", "A1", "hex", "0912")
	if pub := seenBy(out, "bob"); !strings.Contains(pub, "A1 strafes 0912") || strings.Count(pub, "A1 strafe attack on") != 2 {
		t.Errorf("the strafe as bob sees it: %q", pub)
	}
	out = f.cmdMust("alice", "battle", "bomb", "unit", "A2", "hex", "1210", "confirm", "true")
	if pub := seenBy(out, "bob"); !strings.Contains(pub, "A2 drops its 30-point bomb load on 1210") {
		t.Errorf("the bomb as bob sees it: %q", pub)
	}
	if !f.state().Unit("A2").BombDropped {
		t.Error("A2 still holds its load")
	}
	if got := complete("bomb"); len(got) != 0 {
		t.Errorf("bomb autocomplete after the bomb: %v", got)
	}
}

// actDrop is the drop example (000 line 765): a's Elite Heavy lance in
// orbit, b's lance in 1406 next to the target 1407.
const actDrop = `map: {seed: 7, theme: plains, sheets: 1}
terrain:
  "1406": {terrain: open, elevation: 0}
  "1407": {terrain: open, elevation: 0}
rules: {crt: rulebook}
first: a
sides:
  - id: a
    units:
      - {id: A1, class: heavy-mech, values: {ra: 16, ca: 18, d: 10, r: 3, mp: 4}, experience: elite, drop: true}
      - {id: A2, class: medium-mech, values: {ra: 8, ca: 8, d: 8, r: 3, mp: 5}, hex: "0101"}
  - id: b
    units:
      - {id: B1, class: medium-mech, values: {ra: 20, ca: 12, d: 9, r: 3, mp: 5}, hex: "1406"}
`

// Ensure /battle drop: the preview gives the landing roll of the Elite
// lance, 3 or 8 if damaged in the descent (000 lines 751–765); the
// declared hex is told to alice alone until the lance lands (ruling DR1),
// and the landing at the end of the movement phase is public.
func TestBattleDrop(t *testing.T) {
	f := actFixture(t, actDrop)
	if got := f.reg.completer("unit")(context.Background(), cmdRequest("alice", "battle", "drop"), ""); strings.Join(got, " ") != "A1" {
		t.Errorf("drop autocomplete %v, want A1", got)
	}
	got := cmdTexts(f.cmdMust("alice", "battle", "drop", "unit", "A1", "hex", "1407", "preview", "true"))
	if !strings.Contains(got, "needs 3 or better on 2D6 to land (97%), 8 if it was damaged in the descent (42%") {
		t.Errorf("drop preview %q", got)
	}
	if got := cmdTexts(f.cmdDo("alice", "battle", "drop", "unit", "A2", "hex", "1407")); !strings.Contains(got, "not in orbit") {
		t.Errorf("a lance on the map drops: %s", got)
	}
	out := f.cmdMust("alice", "battle", "drop", "unit", "A1", "hex", "1407")
	if mine := seenBy(out, "alice"); !strings.Contains(mine, "1407") {
		t.Errorf("alice is not told her drop: %q", mine)
	}
	if theirs := seenBy(out, "bob"); strings.Contains(theirs, "1407") || strings.Contains(theirs, "A1") {
		t.Errorf("bob hears of the secret drop: %q", theirs)
	}
	if view := cmdTexts(f.cmdMust("bob", "battle", "view")); strings.Contains(view, "1407") || strings.Contains(view, "A1") {
		t.Errorf("bob's view shows the drop before it lands: %q", view)
	}
	out = f.cmdMust("alice", "battle", "end")
	if pub := seenBy(out, "bob"); !strings.Contains(pub, "A1, a mech unit, drops onto") {
		t.Errorf("the landing is not public: %q", pub)
	}
	if u := f.state().Unit("A1"); u.Status == referee.Reserve {
		t.Errorf("A1 is still in orbit after the movement phase")
	}
}

// actShip: a's Leopard stands landed on 1010 with A1 aboard.
const actShip = `map: {seed: 7, theme: plains, sheets: 1}
terrain:
  "1010": {terrain: open, elevation: 0}
  "1009": {terrain: open, elevation: 0}
rules: {crt: rulebook}
first: a
sides:
  - id: a
    units:
      - {id: D1, class: leopard, values: {ra: 8, ca: 0, d: 6, r: 6, mp: 0}, hex: "1010"}
      - {id: A1, class: medium-mech, values: {ra: 10, ca: 10, d: 8, r: 3, mp: 5}, aboard: D1}
  - id: b
    units:
      - {id: B1, class: light-mech, values: {ra: 6, ca: 6, d: 6, r: 3, mp: 6}, hex: "3016"}
`

// Ensure /battle debark, embark and liftoff (000 lines 1253–1257; ruling
// DR16): previews that change nothing, autocomplete per action, the
// lift-off asked before it is done, and the ship leaving with its load.
func TestBattleDropShip(t *testing.T) {
	f := actFixture(t, actShip)
	complete := func(sub string) string {
		return strings.Join(f.reg.completer("unit")(context.Background(), cmdRequest("alice", "battle", sub), ""), " ")
	}
	if d, e, l := complete("debark"), complete("embark"), complete("liftoff"); d != "A1" || e != "" || l != "D1" {
		t.Errorf("autocomplete debark %q embark %q liftoff %q", d, e, l)
	}
	if got := f.reg.completer("dropship")(context.Background(), cmdRequest("alice", "battle", "embark"), ""); strings.Join(got, " ") != "D1" {
		t.Errorf("dropship autocomplete %v, want D1", got)
	}
	if got := f.reg.completer("dropship")(context.Background(), cmdRequest("bob", "battle", "embark"), ""); len(got) != 0 {
		t.Errorf("bob is offered alice's DropShip: %v", got)
	}
	if got := cmdTexts(f.cmdMust("alice", "battle", "debark", "unit", "A1", "hex", "1009", "preview", "true")); !strings.Contains(got, "A1 would leave D1 onto 1009 with its whole 5 MP") {
		t.Errorf("debark preview %q", got)
	}
	// A platoon hidden in the hex would stop A1 there (ruling M14): the
	// preview, from what alice knows, is the same.
	hidden := actFixture(t, strings.Replace(actShip, `hex: "3016"}`, `hex: "3016"}
      - {id: B2, class: infantry, values: {ra: 3, ca: 6, d: 5, r: 1, mp: 1}, hidden: true, hex: "1009"}`, 1))
	if got := cmdTexts(hidden.cmdMust("alice", "battle", "debark", "unit", "A1", "hex", "1009", "preview", "true")); !strings.Contains(got, "A1 would leave D1 onto 1009 with its whole 5 MP") {
		t.Errorf("debark preview beside a hidden platoon %q", got)
	}
	if got := cmdTexts(f.cmdDo("alice", "battle", "debark", "unit", "A1", "hex", "1008")); !strings.Contains(got, "next to it") {
		t.Errorf("debark two hexes away: %q", got)
	}
	f.cmdMust("alice", "battle", "debark", "unit", "A1", "hex", "1009")
	if u := f.state().Unit("A1"); u.Status != referee.Active || u.Hex != hex.MustParse("1009") {
		t.Fatalf("A1 %v at %s after debarking", u.Status, u.Hex)
	}
	if e := complete("embark"); e != "A1" {
		t.Errorf("embark autocomplete %q, want A1 beside D1", e)
	}
	if got := cmdTexts(f.cmdMust("alice", "battle", "embark", "unit", "A1", "dropship", "D1", "preview", "true")); !strings.Contains(got, "A1 would board D1: entering its hex costs 1 of its 5 MP") {
		t.Errorf("embark preview %q", got)
	}
	f.cmdMust("alice", "battle", "embark", "unit", "A1", "dropship", "D1")
	out := f.cmdMust("alice", "battle", "liftoff", "unit", "D1")
	if got := cmdTexts(out); !strings.Contains(got, "D1 lifts off with A1 aboard and leaves the battle for good") || !strings.Contains(got, "confirm:true") {
		t.Errorf("lift-off prompt %q", got)
	}
	if f.state().Unit("D1").Status != referee.Active {
		t.Fatal("the lift-off happened before it was confirmed")
	}
	f.press("alice", out)
	if d1, a1 := f.state().Unit("D1"), f.state().Unit("A1"); d1.Status != referee.Withdrawn || a1.Status != referee.Withdrawn {
		t.Errorf("after lift-off D1 %v, A1 %v", d1.Status, a1.Status)
	}
}

// Ensure an attack typed in the movement phase asks first, naming the
// units that still have MP, and changes nothing; the preview says so
// too; the button makes the attack, which ends the movement phase
// (ruling CMD4).
func TestAttackDuringMovementAsks(t *testing.T) {
	f := actFixture(t, secPreviewScenario(t))
	if got := cmdTexts(f.cmdMust("alice", "battle", "attack", "unit", "A1", "target", "B3", "preview", "true")); !strings.Contains(got, "It ends your movement phase: A1 (5 MP), A2 (6 MP) would move no more this turn. Attack with the button or confirm:true.") {
		t.Errorf("preview in the movement phase: %q", got)
	}
	out := f.cmdMust("alice", "battle", "attack", "unit", "A1", "target", "B3")
	got := cmdTexts(out)
	if !strings.Contains(got, "Attacking now ends the movement phase for every unit of your side: A1 (5 MP), A2 (6 MP) still have MP") || !strings.Contains(got, "/battle attack unit:A1 target:B3 confirm:true") {
		t.Errorf("attack in the movement phase: %q, want a question naming A1 and A2", got)
	}
	if s := f.state(); s.Phase != referee.PhaseMovement || s.Unit("A1").Attacked {
		t.Fatalf("the question acted: phase %v, attacked %v", s.Phase, s.Unit("A1").Attacked)
	}
	// A refused attack is refused at once, not asked about.
	if got := cmdTexts(f.cmdDo("alice", "battle", "attack", "unit", "A2", "target", "B1")); !strings.Contains(got, "⚠") {
		t.Errorf("an attack out of range was asked about: %q", got)
	}
	// The command to confirm with keeps the options given.
	if got := cmdTexts(f.cmdMust("alice", "battle", "attack", "unit", "A2", "target", "B3", "mode", "close", "value", "3")); !strings.Contains(got, "/battle attack unit:A2 target:B3 mode:close value:3 confirm:true") {
		t.Errorf("close attack in the movement phase: %q", got)
	}
	f.cmdMust("alice", "battle", "move", "unit", "A2", "to", "1209")
	if got := cmdTexts(f.cmdMust("alice", "battle", "attack", "unit", "A1", "target", "B3")); !strings.Contains(got, "A1 (5 MP), A2 (5 MP)") {
		t.Errorf("after A2 moved a hex: %q", got)
	}
	f.press("alice", f.cmdMust("alice", "battle", "attack", "unit", "A1", "target", "B3"))
	if s := f.state(); s.Phase != referee.PhaseAttack || !s.Unit("A1").Attacked {
		t.Fatalf("after the button: phase %v, A1 attacked %v", s.Phase, s.Unit("A1").Attacked)
	}
	// In the attack phase an attack is made at once, and the preview
	// says the same command without preview makes it.
	if got := cmdTexts(f.cmdMust("alice", "battle", "attack", "unit", "A2", "target", "B3", "preview", "true")); !strings.Contains(got, "Attack with the button or the same command without preview.") {
		t.Errorf("preview in the attack phase: %q", got)
	}
}

// actEdge: a's units on the west edge (its retreat edge) and the north
// edge, three of them damaged so that the side may declare its retreat
// (000 line 2653); b far away.
const actEdge = `map: {seed: 7, theme: plains, sheets: 1}
terrain:
  "0108": {terrain: open, elevation: 0}
  "0501": {terrain: open, elevation: 0}
first: a
sides:
  - id: a
    name: Lancers
    retreat: west
    units:
      - {id: A1, class: medium-mech, values: {ra: 8, ca: 8, d: 8, r: 3, mp: 5}, step: 1, hex: "0108"}
      - {id: A2, class: medium-mech, values: {ra: 8, ca: 8, d: 8, r: 3, mp: 5}, step: 1, hex: "0501"}
      - {id: A3, class: medium-mech, values: {ra: 8, ca: 8, d: 8, r: 3, mp: 5}, step: 1, hex: "0510"}
  - id: b
    name: Bandits
    retreat: east
    units:
      - {id: B1, class: medium-mech, values: {ra: 8, ca: 8, d: 8, r: 3, mp: 5}, hex: "3010"}
`

// Ensure /battle withdraw says before the confirmation that the unit
// would be captured, and why: no retreat declared, or the wrong edge
// (000 lines 2653–2657; ruling V6); by the retreat edge after the
// declaration it gets away.
func TestWithdrawSaysCaptured(t *testing.T) {
	f := actFixture(t, actEdge)
	got := cmdTexts(f.cmdMust("alice", "battle", "withdraw", "unit", "A1"))
	if !strings.Contains(got, "A1 would be CAPTURED, not withdrawn: it left the map before Lancers declared a retreat") {
		t.Errorf("withdraw before the retreat: %q", got)
	}
	if f.state().Unit("A1").Status != referee.Active {
		t.Fatal("the question acted")
	}
	// The retreat asks for its edge (decision 1) and is declared with it.
	f.cmdMust("alice", "battle", "retreat")
	f.cmdMust("alice", "battle", "decide", "decision", "1", "answer", "west")
	if got := cmdTexts(f.cmdMust("alice", "battle", "withdraw", "unit", "A2")); !strings.Contains(got, "A2 would be CAPTURED, not withdrawn: it left by the wrong edge: Lancers retreats by the west edge") {
		t.Errorf("withdraw by the wrong edge: %q", got)
	}
	out := f.cmdMust("alice", "battle", "withdraw", "unit", "A1")
	if got := cmdTexts(out); !strings.Contains(got, "A1 leaves the map for good: Lancers retreats by the west edge, where it stands") {
		t.Errorf("withdraw by the retreat edge: %q", got)
	}
	f.press("alice", out)
	if st := f.state().Unit("A1").Status; st != referee.Withdrawn {
		t.Errorf("A1 %v after the confirmed withdrawal, want withdrawn", st)
	}
}

// Ensure the "deploy now" prompt: when /campaign advance sets up a
// battle, each side's player gets a DM with an Auto-deploy button; /battle
// end during deployment says what is left to do; a unit deployed may be
// deployed again elsewhere (ruling DP1); the button places the rest.
func TestDeployNowPrompt(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a campaign turn")
	}
	f := cmdNewFixture(t, true)
	id, advance := f.cmdContact()
	prompts := map[string]Reply{}
	collect := func(out []Reply) {
		for _, r := range out {
			if r.To == DM && r.Battle == int64(id) && strings.Contains(r.Text, "deploy your units now") && len(r.Buttons) == 1 && r.Buttons[0].Label == "Auto-deploy" {
				prompts[r.User] = r
			}
		}
	}
	collect(advance)
	users := map[string]string{"crucis": "alice", "bandits": "bob"}
	// The initiative winner is asked the set-up order first (000 line
	// 2629): both sides wait, and are prompted once he has chosen.
	for _, d := range f.scdCampaign(1).Decisions {
		if d.Battle != id || d.Kind != campaign.DecideSetup {
			continue
		}
		if len(prompts) != 0 {
			t.Fatalf("deploy prompts %v before the set-up order is chosen", prompts)
		}
		collect(f.cmdMust(users[d.Side], "campaign", "decide", "decision", strconv.Itoa(d.ID), "answer", "together"))
	}
	// A side in a prepared position sets up first: the other is prompted
	// once it has, and is the one that deploys by hand below.
	pressed := map[string]bool{}
	mover, other := "bandits", "crucis"
	if first := f.scdCampaign(1).Battle(id).State.Campaign.SetupFirst; first != "" {
		if _, ok := prompts[users[first]]; !ok || len(prompts) != 1 {
			t.Fatalf("deploy prompts %v: want only %s's, which sets up first", prompts, first)
		}
		collect(f.press(users[first], []Reply{prompts[users[first]]}))
		pressed[users[first]] = true
		if first == "bandits" {
			mover, other = "crucis", "bandits"
		}
	}
	if len(prompts) != 2 {
		t.Fatalf("deploy prompts %v in:\n%s", prompts, cmdTexts(advance))
	}
	if got := cmdTexts(f.cmdDo(users[mover], "battle", "end", "battle", strconv.Itoa(id))); !strings.Contains(got, "the battle starts once every unit is deployed; deploy ") {
		t.Errorf("/battle end during deployment: %q", got)
	}
	st := f.scdCampaign(1).Battle(id).State
	var unit string
	var hexes []hex.Hex
	for _, u := range st.Units {
		if u.Side != mover || u.Status != referee.Reserve {
			continue
		}
		for _, a := range referee.ValidActions(st, u.ID) {
			if a.Kind == referee.ActDeploy {
				hexes = append(hexes, a.To)
			}
		}
		if len(hexes) >= 2 {
			unit = u.ID
			break
		}
		hexes = nil
	}
	if unit == "" {
		t.Fatalf("no %s unit has two hexes to deploy in", mover)
	}
	f.cmdMust(users[mover], "battle", "deploy", "battle", strconv.Itoa(id), "unit", unit, "hex", hexes[0].String())
	out := f.cmdMust(users[mover], "battle", "deploy", "battle", strconv.Itoa(id), "unit", unit, "hex", hexes[1].String())
	if got := cmdTexts(out); !strings.Contains(got, "deploys again, from "+hexes[0].String()+" to "+hexes[1].String()) {
		t.Errorf("redeploy: %q", got)
	}
	if theirs := seenBy(out, users[other]); strings.Contains(theirs, unit) {
		t.Errorf("%s hears of %s's deployment: %q", users[other], users[mover], theirs)
	}
	for _, user := range []string{"alice", "bob"} {
		if !pressed[user] {
			f.press(user, []Reply{prompts[user]})
		}
	}
	// Deployed, the battle waits for the initiative winner's choice of
	// move order (000 line 564).
	for _, d := range f.scdCampaign(1).Decisions {
		if d.Battle == id && d.Kind == campaign.DecideInitiative {
			if ph := f.scdCampaign(1).Battle(id).State.Phase; ph != referee.PhaseDeploy {
				t.Fatalf("battle %d started (%v) before its initiative winner chose the order", id, ph)
			}
			f.cmdMust(users[d.Side], "campaign", "decide", "decision", strconv.Itoa(d.ID), "answer", "first")
		}
	}
	b := f.scdCampaign(1).Battle(id)
	if b.State.Phase == referee.PhaseDeploy {
		t.Fatal("the battle has not started after both sides pressed Auto-deploy")
	}
	if got := b.State.Unit(unit).StartHex; got != hexes[1] {
		t.Errorf("%s starts at %s, want %s where it was placed last", unit, got, hexes[1])
	}
}
