package command

import (
	"context"
	"strings"
	"testing"
	"time"

	"bfbot/campaign"
	"bfbot/mapgen/hex"
	"bfbot/referee/dice"
	"bfbot/referee/quickstart"
)

// Ensure two players play the Veteran set-up on Discord (002 lines
// 566–574, ruling QS18): with seed 2 blake wins the set-up roll and
// chooses the home edge; then the counters go down in the book's order,
// each side in its turn; every wrong command is refused with its reason
// and changes nothing; each choice is told to the thread (both sides,
// ruling QS19) with the choice due next; /battle end leaves a choice to
// the bot; and the battle's first turn follows.
func TestQuickStartSetUp(t *testing.T) {
	f := scdFixture(t)
	start := cmdTexts(f.cmdMust("alice", "scenario", "start", "name", "veteran-training", "side", "blake", "seed", "2"))
	for _, w := range []string{"First the Veteran set-up", "/battle place edge:", "Battle 1 set-up: Word of Blake won the set-up roll and chooses the home map edge",
		`DF Level II "Divine Fire" off the map: to be placed in its Deployment Zone in the set-up (/battle place unit: hex: facing:)`, "The set-up waits for this: Word of Blake chooses the home map edge.",
		"then the starting positions roll's winner chooses to set up first or second (/battle place order:) and the sides place a Unit each in turn (/battle place unit: hex: facing:)"} {
		if !strings.Contains(start, w) {
			t.Errorf("the start does not say %q:\n%s", w, start)
		}
	}
	f.cmdMust("bob", "scenario", "join", "side", "bears")
	f.cmdMust("alice", "campaign", "approve", "user", "bob")
	refuse := func(user, want string, kv ...string) {
		t.Helper()
		before := f.scdCampaign(1).QuickStart.State
		if got := cmdTexts(f.cmdDo(user, "battle", "place", kv...)); !strings.Contains(got, want) {
			t.Errorf("%s /battle place %v:\n%s\nwant %q", user, kv, got, want)
		}
		if after := f.scdCampaign(1).QuickStart.State; len(after.Counters) != len(before.Counters) || len(after.SetUp.Steps) != len(before.SetUp.Steps) {
			t.Errorf("a refused placing changed the set-up")
		}
	}
	place := func(user string, want []string, kv ...string) {
		t.Helper()
		out := f.cmdMust(user, "battle", "place", kv...)
		public := ""
		for _, r := range out {
			if r.To == Public {
				public += r.Text + "\n"
			}
		}
		for _, w := range want {
			if !strings.Contains(public, w) {
				t.Errorf("%s /battle place %v: the thread does not read %q:\n%s", user, kv, w, cmdTexts(out))
			}
		}
	}
	refuse("bob", "the set-up waits: Word of Blake chooses the home map edge now. Wait for your turn.", "edge", "north")
	refuse("alice", "the set-up waits for this: Word of Blake chooses the home map edge, with /battle place edge:", "kind", "objective", "hex", "0713")
	refuse("alice", "/battle place takes one of: edge: (your home edge); kind: and hex:", "kind", "objective")
	if got := cmdTexts(f.cmdDo("alice", "battle", "move", "unit", "DF", "facing", "N")); !strings.Contains(got, "is in its set-up (Word of Blake chooses the home map edge now): /battle move comes after it") {
		t.Errorf("a move in the set-up:\n%s", got)
	}
	place("alice", []string{"set-up: Word of Blake chooses the south edge, Clan Ghost Bear has the north edge",
		"Clan Ghost Bear places Word of Blake's objective (worth 57) in Word of Blake's Deployment Zone, the 5 hexes from the south edge, with /battle place kind:objective hex:XXYY"},
		"edge", "south")
	// The bears, who lost the roll, place one of blake's objectives in
	// blake's zone, rows 13–17 of the 17.
	refuse("alice", "Wait for your turn", "kind", "objective", "hex", "0716")
	refuse("bob", "you place Word of Blake's objective now, not kind:headquarters", "kind", "headquarters", "hex", "0716")
	refuse("bob", "Word of Blake's objective goes in its Deployment Zone, the 5 hexes from the south edge, and 0705 is 13 hexes in", "kind", "objective", "hex", "0705")
	place("bob", []string{"set-up: Clan Ghost Bear places Word of Blake's objective in 0716", "Word of Blake places Clan Ghost Bear's objective"}, "kind", "objective", "hex", "0716")
	place("alice", []string{"set-up: Word of Blake places Clan Ghost Bear's objective in 0702", "Word of Blake places its own objective"}, "kind", "objective", "hex", "0702")
	refuse("alice", "0716 already holds Word of Blake's objective: choose another hex", "kind", "objective", "hex", "0716")
	out := cmdTexts(f.cmdMust("alice", "battle", "end"))
	if !strings.Contains(out, "set-up: Word of Blake places Word of Blake's objective in") || !strings.Contains(out, "Clan Ghost Bear places its own objective") {
		t.Errorf("alice leaves her objective to the bot:\n%s", out)
	}
	f.cmdMust("bob", "battle", "end")
	place("bob", []string{"set-up: Clan Ghost Bear places Clan Ghost Bear's headquarters in 0301", "Word of Blake places its own headquarters"}, "kind", "headquarters", "hex", "0301")
	out = cmdTexts(f.cmdMust("alice", "battle", "end"))
	for _, w := range []string{"set-up: Word of Blake places Word of Blake's headquarters in", "starting positions: Word of Blake 7, Clan Ghost Bear 10; Clan Ghost Bear chooses to set up first or second",
		"Battle 1 set-up: Clan Ghost Bear won the starting positions roll and chooses to set up first or second with /battle place order:first or order:second"} {
		if !strings.Contains(out, w) {
			t.Errorf("the counters' end does not say %q:\n%s", w, out)
		}
	}
	s := f.scdCampaign(1).QuickStart.State
	if s.Phase != quickstart.SetUpPhase || len(s.Counters) != 6 {
		t.Fatalf("after the counters: turn %d %v phase, %d counters", s.Turn, s.Phase, len(s.Counters))
	}
	for _, c := range s.Counters {
		if d := quickstart.EdgeDepth(s.Map, c.Hex, s.Home[c.Owner]); d > quickstart.ZoneDepth {
			t.Errorf("%s's %v in %s, %d hexes from its home edge", s.Sides[c.Owner], c.Kind, c.Hex, d)
		}
	}
	testUnitPlacement(t, f, place, refuse)
	refuse2 := cmdTexts(f.cmdDo("alice", "battle", "place", "kind", "objective", "hex", "0715"))
	if !strings.Contains(refuse2, "/battle place is for the set-up, and battle 1 is past it") {
		t.Errorf("a placing after the set-up:\n%s", refuse2)
	}
}

// testUnitPlacement goes on with TestQuickStartSetUp's battle (blake
// south, the bears north; the bears' headquarters in 0301) as the Units
// start on the map (002 line 578, ruling QS23): bob, for the bears, won
// the starting positions roll and chooses to set up first; the sides
// place a Unit each in turn, bob, then alice, each placing told to the
// thread (both sides) with whose placing is next; a facing left out
// looks toward the enemy's edge; autocomplete offers a side's Units
// still to place; every wrong placing is refused with its reason and
// changes nothing; /battle end lets the bot place the Unit due; the last
// placing begins game turn 1.
func testUnitPlacement(t *testing.T, f *cmdFixture, place func(string, []string, ...string), refuse func(string, string, ...string)) {
	t.Helper()
	refuse("alice", "the set-up waits: Clan Ghost Bear chooses to set up first or second now. Wait for your turn.", "unit", "DF", "hex", "0716", "facing", "N")
	refuse("bob", "the set-up waits for this: Clan Ghost Bear chooses to set up first or second, with /battle place order:first or order:second", "unit", "AR", "hex", "0504", "facing", "S")
	refuse("bob", "order:third: use first, second", "order", "third")
	place("bob", []string{"starting positions: Clan Ghost Bear sets up first; Clan Ghost Bear places the first Unit",
		"Battle 1 set-up: Clan Ghost Bear places one of its Units (AF, AR) in its Deployment Zone, within 5 hexes of the north edge, at any facing, with /battle place unit: hex:XXYY facing:"},
		"order", "first")
	complete := func(user string) string {
		return strings.Join(f.reg.completer("unit")(context.Background(), cmdRequest(user, "battle", "place"), ""), " ")
	}
	if got := complete("bob"); got != "AF AR" {
		t.Errorf("bob's units to place offered: %q, want AF AR", got)
	}
	refuse("bob", "0301 holds Clan Ghost Bear's own headquarters, and a side's Units never occupy its own counters' hexes", "unit", "AR", "hex", "0301", "facing", "S")
	refuse("bob", "AR sets up in Clan Ghost Bear's Deployment Zone, within 5 hexes of the north edge, and 0706 is 6 hexes in (Quick-Start rules, Veteran Training Scenario, Starting Positions)", "unit", "AR", "hex", "0706", "facing", "S")
	refuse("bob", "unit DF is Word of Blake's, and Clan Ghost Bear places a Unit now", "unit", "DF", "hex", "0504", "facing", "S")
	refuse("bob", `there is no unit "XX"`, "unit", "XX", "hex", "0504", "facing", "S")
	refuse("bob", "facing:up: use N, NE, SE, S, SW, NW", "unit", "AR", "hex", "0504", "facing", "up")
	refuse("bob", "the set-up waits for this: Clan Ghost Bear places one of its Units in its Deployment Zone, with /battle place unit: hex: facing:", "edge", "north")
	place("bob", []string{"set-up: Clan Ghost Bear places AR in 0504 facing SE",
		"Battle 1 set-up: Word of Blake places one of its Units (DF, PC) in its Deployment Zone, within 5 hexes of the south edge"},
		"unit", "AR", "hex", "0504", "facing", "SE")
	refuse("bob", "Wait for your turn", "unit", "AF", "hex", "0505", "facing", "S")
	place("alice", []string{"set-up: Word of Blake places DF in 0714 facing N", "Battle 1 set-up: Clan Ghost Bear places one of its Units (AF)"},
		"unit", "DF", "hex", "0714")
	refuse("bob", "unit AR is already placed, in 0504: place another", "unit", "AR", "hex", "0505", "facing", "S")
	refuse("bob", "0504 already holds unit AR: one Unit a hex", "unit", "AF", "hex", "0504", "facing", "S")
	if got := cmdTexts(f.cmdMust("bob", "battle", "end")); !strings.Contains(got, "public : T0 set-up: Clan Ghost Bear places AF in") || !strings.Contains(got, "Battle 1 set-up: Word of Blake places one of its Units (PC)") {
		t.Errorf("bob leaves AF to the bot:\n%s", got)
	}
	if got := complete("alice"); got != "PC" {
		t.Errorf("alice's units to place offered: %q, want PC", got)
	}
	viewOut := f.cmdMust("alice", "battle", "view")
	view := cmdTexts(viewOut)
	for _, r := range viewOut {
		for _, file := range r.Files {
			view += "\n" + file.Description
		}
	}
	for _, w := range []string{"The set-up waits for this: Word of Blake places one of its Units in its Deployment Zone.", "DF Level II \"Divine Fire\" in 0714 facing N",
		"PC Level II \"Peaceful Cleansing\" off the map: to be placed in its Deployment Zone in the set-up", "AR Alpha Trinary Recon Star in 0504 facing SE",
		"Yours: DF in 0714 facing N; PC off the map. Enemy: AF in ", "Word of Blake's Deployment Zone shaded: 5 hexes from the south edge.",
		"Clan Ghost Bear's Deployment Zone shaded: 5 hexes from the north edge."} {
		if !strings.Contains(view, w) {
			t.Errorf("alice's view in the set-up lacks %q:\n%s", w, view)
		}
	}
	place("alice", []string{"set-up: Word of Blake places PC in 0616 facing NW", "wins the initiative"}, "unit", "PC", "hex", "0616", "facing", "NW")
	s := f.scdCampaign(1).QuickStart.State
	if s.Phase != quickstart.MovementPhase || s.Turn != 1 {
		t.Fatalf("after the set-up: turn %d %v phase", s.Turn, s.Phase)
	}
	for _, u := range s.Units {
		if u.OffBoard || quickstart.EdgeDepth(s.Map, u.Hex, s.Home[u.Side]) > quickstart.ZoneDepth {
			t.Errorf("%s in %s (off the map: %v): the shipped file starts the Units on the map", u.ID, u.Hex, u.OffBoard)
		}
	}
}

// Ensure start:off-board starts the Units off the map (002 line 578,
// ruling QS22): the AI's side makes its set-up choices by the bot, the
// view tells a Unit enters from its home edge, a move enters by a hex of
// that edge and no other, and the map shows only the Units on it.
func TestQuickStartOffBoardStart(t *testing.T) {
	f := scdFixture(t)
	f.cmdMust("alice", "scenario", "start", "name", "veteran-training", "side", "blake", "seed", "2", "start", "off-board")
	qsEndSetUp(t, f, map[string]string{"blake": "alice"})
	s := f.scdCampaign(1).QuickStart.State
	for _, u := range s.Units {
		if !u.OffBoard {
			t.Fatalf("%s is on the map in %s before turn 1's movement", u.ID, u.Hex)
		}
	}
	view := cmdTexts(f.cmdMust("alice", "battle", "view"))
	home := s.Home[0]
	if !strings.Contains(view, `DF Level II "Divine Fire" off the map: it enters from the `+home.String()+" edge in game turn 1") {
		t.Errorf("alice's view:\n%s", view)
	}
	// Blake's edge row is the map's row 17 or row 1.
	row := 16
	if quickstart.EdgeDepth(s.Map, hex.Hex{X: 6, Y: 0}, home) == 1 {
		row = 0
	}
	edge, inside := hex.Hex{X: 2, Y: row}, hex.Hex{X: 6, Y: 8}
	if got := cmdTexts(f.cmdDo("alice", "battle", "move", "unit", "DF", "path", inside.String(), "facing", "N")); !strings.Contains(got, "DF enters the map by a hex of its home edge") {
		t.Errorf("DF enters in the middle of the map:\n%s", got)
	}
	got := cmdTexts(f.cmdMust("alice", "battle", "move", "unit", "DF", "to", edge.String(), "facing", "N"))
	if !strings.Contains(got, "DF moves from the "+home.String()+" edge to "+edge.String()) {
		t.Errorf("DF enters:\n%s", got)
	}
	if s := f.scdCampaign(1).QuickStart.State; s.Phase == quickstart.CombatPhase {
		for _, u := range s.Units {
			if u.OffBoard {
				t.Errorf("%s is still off the map in the Combat Phase", u.ID)
			}
		}
	}
	if got := cmdTexts(scdFixture(t).cmdDo("alice", "scenario", "start", "name", "green-training", "side", "blake", "start", "off-board")); !strings.Contains(got, "start:off-board: in green-training the players place their Units on the map (Quick-Start rules, Green Training Scenario, Deployment)") {
		t.Errorf("start:off-board of the Green scenario:\n%s", got)
	}
}

// hexsideFixture is a Green battle between alice (blake) and, when bob
// is true, bob (the bears; else the AI), in blake's Combat Phase with DF
// facing NE at the south-west of the light woods in 0905 and AR at its
// south-east: the line from DF to AR runs between the woods and the clear
// 0906.
func hexsideFixture(t *testing.T, bob bool) *cmdFixture {
	t.Helper()
	f := scdFixture(t)
	f.cmdMust("alice", "scenario", "start", "name", "green-training", "side", "blake", "seed", "2")
	if bob {
		f.cmdMust("bob", "scenario", "join", "side", "bears")
		f.cmdMust("alice", "campaign", "approve", "user", "bob")
	}
	qsEndSetUp(t, f, map[string]string{"blake": "alice", "bears": "bob"})
	w := hex.MustParse("0905")
	if err := f.store.Update(context.Background(), 1, func(c *campaign.Campaign, _ *dice.Dice) (*campaign.Campaign, error) {
		n := c.Clone()
		s := &n.QuickStart.State
		s.Phase, s.Acting, s.Loser = quickstart.CombatPhase, 0, 0
		for i := range s.Units {
			u := &s.Units[i]
			u.Moved = true
			switch u.ID {
			case "DF":
				u.Hex, u.Facing = w.Neighbor(hex.SW), hex.NE
			case "AR":
				u.Hex, u.Facing = w.Neighbor(hex.SE), hex.NW
			default: // out of the way, far apart
				u.Hex = hex.Hex{X: 1 + 12*u.Side, Y: 1 + 2*i}
			}
		}
		return n, nil
	}); err != nil {
		t.Fatal(err)
	}
	return f
}

// Ensure the target's player chooses the hexes along a line that runs
// between hexes (002 line 197; ruling QS11): alice's attack from DF at AR
// waits; bob alone is asked, by DM with buttons; alice's next command is
// told it waits; bob's /battle end takes the automatic pick; bob's view shows neither DF's Element nor its overheat;
// bob's button for the clear side lets the attack be declared, and the
// thread reads his choice. Against the AI the automatic pick, the woods,
// is made at once and the attack cannot be made.
func TestQuickStartHexsideQuestion(t *testing.T) {
	f := hexsideFixture(t, true)
	out := f.cmdMust("alice", "battle", "attack", "unit", "DF", "element", "3", "target", "AR", "target_element", "1", "overheat", "1")
	var prompt *Reply
	for i, r := range out {
		switch {
		case r.To == DM && r.User == "bob" && strings.Contains(r.Text, "Decision 1, battle 1: the line from DF to your AR runs exactly between hexes"):
			prompt = &out[i]
		case r.To == DM || (r.To == Private && r.User != "alice"):
			t.Errorf("a reply to %s %q: %s", r.User, r.To, r.Text)
		case strings.Contains(r.Text, "DF/3"):
			t.Errorf("the declared Element is told: %s", r.Text)
		}
	}
	if prompt == nil || len(prompt.Buttons) != 2 || !strings.Contains(cmdTexts(out), "the line from DF to AR runs along hexsides: Clan Ghost Bear chooses which hexes lie along it") {
		t.Fatalf("the question:\n%s", cmdTexts(out))
	}
	if got := cmdTexts(f.cmdDo("alice", "battle", "attack", "unit", "DF", "element", "4", "target", "AR", "target_element", "1")); !strings.Contains(got, "your attack waits: Clan Ghost Bear chooses which hexes lie along the line from DF to AR") {
		t.Errorf("alice attacks again while bob is asked:\n%s", got)
	}
	if got := cmdTexts(f.cmdMust("bob", "battle", "end")); !strings.Contains(got, "Clan Ghost Bear chooses the line from DF to AR to run through 0905") || !strings.Contains(got, "with those hexes DF cannot attack AR") {
		t.Errorf("bob's /battle end takes the automatic pick, the woods:\n%s", got)
	}
	f2 := hexsideFixture(t, true)
	f2.cmdMust("alice", "battle", "attack", "unit", "DF", "element", "3", "target", "AR", "target_element", "1", "overheat", "1")
	if view := cmdTexts(f2.cmdMust("bob", "battle", "view")); strings.Contains(view, "has attacked") {
		t.Errorf("bob's view shows DF's declared attack:\n%s", view)
	}
	if got := cmdTexts(f2.cmdDo("bob", "battle", "decide", "decision", "1", "answer", "0101")); !strings.Contains(got, "answer:0101: answer left (0905), right (0906), default, or one of those hexes") {
		t.Errorf("bob answers a hex off the line:\n%s", got)
	}
	pressed := cmdTexts(f2.reg.Dispatch(t.Context(), &Request{User: User{ID: "bob", Name: "bob"}, Guild: "g", Channel: "c", Component: prompt.Buttons[1].CustomID, Now: time.Unix(0, 0)}))
	if !strings.Contains(pressed, "Clan Ghost Bear chooses the line from DF to AR to run through 0906") {
		t.Errorf("bob presses right:\n%s", pressed)
	}
	s := f2.scdCampaign(1).QuickStart.State
	if s.Question != nil || len(s.Declared) != 1 || s.Sides[s.Acting] != "blake" {
		t.Errorf("after bob's answer: question %+v, declared %v, %s acting", s.Question, s.Declared, s.Sides[s.Acting])
	}
	if got := cmdTexts(f2.cmdMust("alice", "battle", "view")); !strings.Contains(got, "has attacked") {
		t.Errorf("alice's view after the answer:\n%s", got)
	}

	ai := hexsideFixture(t, false)
	got := cmdTexts(ai.cmdMust("alice", "battle", "attack", "unit", "DF", "element", "3", "target", "AR", "target_element", "1"))
	if !strings.Contains(got, "Clan Ghost Bear chooses the line from DF to AR to run through 0905") || !strings.Contains(got, "with those hexes DF cannot attack AR") {
		t.Errorf("the AI's automatic pick:\n%s", got)
	}
}

// Ensure an attack's preview warns the attacker that the line runs along
// hexsides (002 line 197; ruling QS11): the hexes on each side, that the
// woods in 0905 on the left stop the attack and 0906 on the right lets
// it be made, and who chooses — bob, or the AI's automatic pick. The
// preview neither asks bob nor declares, and tells only what both sides
// see: not the attacking Element's heat or the target's sheet.
func TestQuickStartHexsidePreview(t *testing.T) {
	f := hexsideFixture(t, true)
	out := f.cmdMust("alice", "battle", "attack", "unit", "DF", "element", "3", "target", "AR", "target_element", "1", "overheat", "1", "preview", "true")
	if len(out) != 1 || out[0].To != Private || out[0].User != "alice" {
		t.Fatalf("the preview goes to alice alone:\n%+v", out)
	}
	got := out[0].Text
	for _, want := range []string{
		"Preview of DF/3 at AR/1 overheat 1: to-hit ",
		"Warning: the line from DF to AR runs along hexsides, between 0905 on its left and 0906 on its right (Quick-Start rules, Combat Phase, Verify Line of Sight).",
		"left (0905): no attack (woods in 0905); right (0906): the attack may be made.",
		"Clan Ghost Bear's player chooses; your declaration waits for the answer, and without one by the battle's deadline the automatic pick, left, is taken.",
		"Nothing was declared",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in the preview:\n%s", want, got)
		}
	}
	if len(got) > 2000 {
		t.Errorf("the preview is %d characters, over Discord's 2000", len(got))
	}
	if s := f.scdCampaign(1).QuickStart.State; s.Question != nil || len(s.Declared) != 0 || len(s.Hexsides) != 0 {
		t.Errorf("the preview changed the battle: question %+v, declared %v, hexsides %v", s.Question, s.Declared, s.Hexsides)
	}

	ai := hexsideFixture(t, false)
	got = cmdTexts(ai.cmdMust("alice", "battle", "attack", "unit", "DF", "element", "3", "target", "AR", "target_element", "1", "preview", "true"))
	if !strings.Contains(got, "Clan Ghost Bear is played by the AI, which takes the automatic pick at once: left.") {
		t.Errorf("the preview against the AI:\n%s", got)
	}

	// Once chosen, the line is no longer a question this turn: no warning.
	f.cmdMust("alice", "battle", "attack", "unit", "DF", "element", "3", "target", "AR", "target_element", "1")
	f.cmdMust("bob", "battle", "decide", "decision", "1", "answer", "right")
	if got := cmdTexts(f.cmdMust("alice", "battle", "attack", "unit", "DF", "element", "4", "target", "AR", "target_element", "1", "preview", "true")); strings.Contains(got, "Warning") || !strings.Contains(got, "Preview of DF/4 at AR/1") {
		t.Errorf("the preview after bob's choice:\n%s", got)
	}
}
