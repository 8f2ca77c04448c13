package command

import (
	"context"
	"regexp"
	"strings"
	"testing"
	"time"

	"bfbot/campaign"
	"bfbot/internal/consoleline"
	"bfbot/referee/dice"
	"bfbot/referee/quickstart"
	"bfbot/referee/quickstart/qsai"
	"bfbot/referee/scenario"
)

// Ensure a group plays a Quick-Start scenario like a 1987 one: /scenario
// start of green-training, /battle view with the side's own record
// sheets (armor, structure, heat) and only the enemy's printed values,
// a move with facing, a refused move that says why, a preview of an
// attack's to-hit number with its modifiers, /battle end handing the
// move to the AI, and commands of the 1987 rules refused with what to use.
func TestQuickStartScenario(t *testing.T) {
	f := scdFixture(t)
	out := cmdTexts(f.cmdMust("alice", "scenario", "start", "name", "green-training", "side", "blake", "seed", "2"))
	for _, want := range []string{"Campaign 1 is the scenario Green Training Scenario (green-training), played by the BattleForce Quick-Start rules",
		"Word of Blake against Clan Ghost Bear", "the AI plays Clan Ghost Bear until someone takes it",
		"First the deployment (Quick-Start rules, Green Training Scenario, Deployment): Word of Blake, the defender, places its Units within 3 hexes of the south edge, then Clan Ghost Bear within 1 hex of the north edge",
		"Battle 1 set-up: Word of Blake places one of its Units (DF, PC) in its Deployment Zone, within 3 hexes of the south edge"} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in:\n%s", want, out)
		}
	}
	// Alice places DF as the file has it and leaves PC to the bot (the
	// file's hex too, ruling QS23); the AI places the bears' at once.
	f.cmdMust("alice", "battle", "place", "unit", "DF", "hex", "0616", "facing", "N")
	if got := cmdTexts(f.cmdMust("alice", "battle", "end")); !strings.Contains(got, "set-up: Word of Blake places PC in 1016 facing N") || !strings.Contains(got, "set-up: Clan Ghost Bear places AR in 0501 facing S") {
		t.Errorf("the deployment's end:\n%s", got)
	}
	out = cmdTexts(f.cmdMust("alice", "battle", "view"))
	for _, want := range []string{"Your units:\nDF Level II \"Divine Fire\" in 0616 facing N, 7 MP", "1 Malak Infernus: MV 7, damage 2/2/0, OV 0, armor 3/3, structure 2/2, heat 0",
		"Enemy units:\nAF Alpha Trinary Fire Support Star", "Ocelot: MV 6 (jump 6), damage 3/3/0, armor 4, structure 2 as printed"} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in:\n%s", want, out)
		}
	}
	c := f.scdCampaign(1)
	s := c.QuickStart.State
	if s.Sides[s.Acting] != "blake" || s.Phase != quickstart.MovementPhase {
		t.Fatalf("after the start: %s's %v phase, want blake's movement", s.Sides[s.Acting], s.Phase)
	}
	if got := cmdTexts(f.cmdDo("alice", "battle", "move", "unit", "DF", "path", "0615 0613", "facing", "NE")); !strings.Contains(got, "0613 is not next to 0615: list every hex entered") {
		t.Errorf("a move skipping a hex:\n%s", got)
	}
	if got := cmdTexts(f.cmdDo("alice", "battle", "move", "unit", "DF", "to", "0613", "preview", "true")); !strings.Contains(got, "Preview: DF moves from 0616 to 0613, facing N") {
		t.Errorf("move preview:\n%s", got)
	}
	complete := func(user string) string {
		return strings.Join(f.reg.completer("unit")(context.Background(), cmdRequest(user, "battle", "move"), ""), " ")
	}
	if got := complete("alice"); got != "DF PC" {
		t.Errorf("alice's units offered: %q, want DF PC", got)
	}
	got := cmdTexts(f.cmdMust("alice", "battle", "move", "unit", "DF", "to", "0613", "facing", "NE"))
	if !strings.Contains(got, "DF moves from 0616 to 0613, facing NE") || !strings.Contains(got, "Your movement phase goes on") {
		t.Errorf("move:\n%s", got)
	}
	if got := complete("alice"); got != "PC" {
		t.Errorf("after DF's move, alice's units offered: %q, want PC", got)
	}
	if u := f.scdCampaign(1).QuickStart.State.Units; u[2].ID != "DF" || u[2].Hex.String() != "0613" || u[2].Facing.String() != "NE" {
		t.Errorf("DF after the move: %+v", u[2])
	}
	if got := cmdTexts(f.cmdDo("alice", "battle", "overburn", "unit", "DF")); !strings.Contains(got, "/battle overburn is not an action of the Quick-Start rules") {
		t.Errorf("overburn:\n%s", got)
	}
	if got := cmdTexts(f.cmdMust("alice", "battle", "log")); !strings.Contains(got, "Battle 1 (Quick-Start rules), as Word of Blake saw it — page 1 of 1") || !strings.Contains(got, "DF moves from 0616 to 0613") {
		t.Errorf("battle log:\n%s", got)
	}
	// Alice plays on with the Tactician's choices typed as commands; the
	// first attack is previewed first. The AI answers until the end.
	previewed := false
	for i := 0; i < 3000; i++ {
		c = f.scdCampaign(1)
		if c.Phase == campaign.PhaseOver {
			break
		}
		st := c.QuickStart.State
		a := qsai.Player{Side: 0, Level: qsai.Tactician}.Next(st)
		sub, kv := qsCommand(t, a)
		if a.Kind == quickstart.Declare && !previewed {
			got := cmdTexts(f.cmdMust("alice", "battle", sub, append(kv, "preview", "true")...))
			if !strings.Contains(got, "to-hit") || !strings.Contains(got, "base +4") || !strings.Contains(got, "in 36 to hit") {
				t.Errorf("attack preview:\n%s", got)
			}
			previewed = true
		}
		f.cmdMust("alice", "battle", sub, kv...)
	}
	if c.Phase != campaign.PhaseOver || !previewed {
		t.Fatalf("campaign %s, an attack previewed %t", c.Phase, previewed)
	}
	if errs := c.Check(); len(errs) > 0 {
		t.Fatal(errs)
	}
	won := "a draw"
	if c.Winner != "" {
		won = c.SideName(c.Winner) + " won"
	}
	if got := cmdTexts(f.cmdMust("alice", "battle", "status")); !strings.Contains(got, "is over after game turn") || !strings.Contains(got, won) {
		t.Errorf("status at the end:\n%s", got)
	}
	if got := cmdTexts(f.cmdDo("alice", "battle", "end")); !strings.Contains(got, "the battle is over") {
		t.Errorf("/battle end after the end:\n%s", got)
	}
}

// Ensure a Quick-Start battle's view shows a side its own marks and none
// of the enemy's: the bears' damage, heat and critical hits are not in
// blake's /battle view, and the referee who plays blake cannot read the
// bears' view (ruling SEAT3 once a second player sits).
func TestQuickStartViewSecrecy(t *testing.T) {
	f := scdFixture(t)
	f.cmdMust("alice", "scenario", "start", "name", "veteran-training", "side", "blake", "seed", "4")
	f.cmdMust("bob", "scenario", "join", "side", "bears")
	f.cmdMust("alice", "campaign", "approve", "user", "bob")
	if err := f.store.Update(context.Background(), 1, func(c *campaign.Campaign, _ *dice.Dice) (*campaign.Campaign, error) {
		hurt := c.Clone()
		for i := range hurt.QuickStart.State.Units {
			u := &hurt.QuickStart.State.Units[i]
			if u.ID == "AR" {
				u.Elements[0].ArmorLeft, u.Elements[0].Heat, u.Elements[0].Crits = 1, 2, quickstart.Crits{Engine: 1}
			}
		}
		return hurt, nil
	}); err != nil {
		t.Fatal(err)
	}
	blake := cmdTexts(f.cmdMust("alice", "battle", "view"))
	bears := cmdTexts(f.cmdMust("bob", "battle", "view"))
	if !strings.Contains(bears, "1 Ocelot: MV 6 (jump 6), damage 3/3/0, OV 0, armor 1/4, structure 2/2, heat 2, engine hits 1") {
		t.Errorf("the bears do not see their own marks:\n%s", bears)
	}
	for _, secret := range []string{"armor 1/4", "heat 2", "engine hits"} {
		if strings.Contains(blake, secret) {
			t.Errorf("blake's view shows the bears' %q:\n%s", secret, blake)
		}
	}
	if !strings.Contains(blake, "Blake") && !strings.Contains(blake, "Word of Blake") {
		t.Errorf("blake's view:\n%s", blake)
	}
	if got := cmdTexts(f.cmdDo("alice", "battle", "view", "side", "bears")); !strings.Contains(got, "see only its own") {
		t.Errorf("alice asks for the bears' view:\n%s", got)
	}
	if got := cmdTexts(f.cmdDo("bob", "battle", "move", "unit", "AR", "facing", "S")); !strings.Contains(got, "is in its set-up") {
		t.Errorf("bob's move in the set-up:\n%s", got)
	}
	qsEndSetUp(t, f, map[string]string{"blake": "alice", "bears": "bob"})
	if got := cmdTexts(f.cmdDo("bob", "battle", "move", "unit", "AR", "facing", "S")); !strings.Contains(got, "wait for your turn") && !strings.Contains(got, "Done") && !strings.Contains(got, "goes on") {
		t.Errorf("bob's move:\n%s", got)
	}
}

// qsCommand is the /battle subcommand and options that play a.
func qsCommand(t *testing.T, a quickstart.Action) (string, []string) {
	t.Helper()
	l, err := consoleline.ParseLine(scenario.QuickStartLine("x", a))
	if err != nil || l == nil {
		t.Fatalf("%v: %v", a, err)
	}
	var kv []string
	for _, o := range l.Options {
		kv = append(kv, o.Name, o.Value)
	}
	return l.Words[0], kv
}

// Ensure the permission matrix holds on a Quick-Start battle's paths:
// each /battle subcommand that plays or reads it, run by a stranger, a
// joiner still waiting for a seat, and a player of each side (alice also
// holds the referee role), from the server and by DM, is allowed or
// refused as for a 1987 battle; and the End phase button is a player's.
func TestQuickStartPermissions(t *testing.T) {
	who := map[string]string{"move": "player", "jump": "player", "attack": "player", "end": "player",
		"view": "reads", "status": "anyone", "log": "reads", "place": "player", "decide": "player",
		"place unit": "player", "place order": "player"}
	opts := map[string][]string{"move": {"unit", "DF", "facing", "N"}, "jump": {"unit", "AR", "to", "0503", "facing", "S"},
		"attack": {"unit", "DF", "element", "1", "target", "AR", "target_element", "1"}, "place": {"edge", "north"}, "decide": {"decision", "1", "answer", "left"},
		"place unit": {"unit", "DF", "hex", "0616", "facing", "N"}, "place order": {"order", "first"}}
	callers := []struct{ user, role string }{{"mallory", "stranger"}, {"eve", "pending"}, {"alice", "blake"}, {"bob", "bears"}}
	for sub, want := range who {
		for _, c := range callers {
			for _, dm := range []bool{false, true} {
				name := sub + "/" + c.role
				if dm {
					name += "/dm"
				}
				t.Run(name, func(t *testing.T) {
					f := scdFixture(t)
					name := "green-training"                    // blake places first (ruling QS23)
					if sub == "place" || sub == "place order" { // the Veteran set-up's; seed 2: blake chooses the home edge
						name = "veteran-training"
					}
					f.cmdMust("alice", "scenario", "start", "name", name, "side", "blake", "seed", "2")
					f.cmdMust("bob", "scenario", "join", "side", "bears")
					f.cmdMust("alice", "campaign", "approve", "user", "bob")
					f.cmdMust("eve", "scenario", "join", "side", "blake")
					players := map[string]string{"blake": "alice", "bears": "bob"}
					switch sub {
					case "place unit":
					case "place order": // seed 2: the bears choose the order
						for s := f.scdCampaign(1).QuickStart.State; !s.SetUp.Steps[0].Order; s = f.scdCampaign(1).QuickStart.State {
							f.cmdMust(players[s.Sides[s.Acting]], "battle", "end")
						}
					default:
						if name == "green-training" {
							qsEndSetUp(t, f, players)
						}
					}
					r := cmdRequest(c.user, "battle", strings.Fields(sub)[0], append([]string{"campaign", "1"}, opts[sub]...)...)
					if dm {
						r.DM, r.Guild = true, ""
					}
					got := cmdTexts(f.reg.Dispatch(t.Context(), r))
					allowed := !strings.Contains(got, refusedWho) && !strings.Contains(got, refusedWhere)
					exp := cmdAllowed(want, c.role) || (want != "anyone" && (c.role == "blake" || c.role == "bears"))
					if dm && c.role == "stranger" {
						exp = false
					}
					if allowed != exp {
						t.Errorf("allowed = %t, want %t:\n%s", allowed, exp, got)
					}
					if strings.Contains(got, "Internal error") {
						t.Errorf("internal error:\n%s", got)
					}
				})
			}
		}
	}
	f := scdFixture(t)
	out := f.cmdMust("alice", "scenario", "start", "name", "green-training", "side", "blake", "seed", "2")
	qsEndSetUp(t, f, map[string]string{"blake": "alice"})
	out = append(out, f.cmdMust("alice", "battle", "move", "unit", "DF", "facing", "NE")...)
	var id string
	for _, r := range out {
		for _, b := range r.Buttons {
			if b.Label == "End phase" {
				id = b.CustomID
			}
		}
	}
	if id == "" {
		t.Fatalf("no End phase button in:\n%s", cmdTexts(out))
	}
	press := func(user string) string {
		return cmdTexts(f.reg.Dispatch(t.Context(), &Request{User: User{ID: user, Name: user}, Guild: "g", Channel: "c", Component: id, Now: time.Unix(0, 0)}))
	}
	if got := press("mallory"); !strings.Contains(got, refusedWho) {
		t.Errorf("mallory pressed End phase:\n%s", got)
	}
	before := f.scdCampaign(1).QuickStart.State
	if got := press("alice"); strings.Contains(got, "⚠") {
		t.Errorf("alice pressed End phase:\n%s", got)
	}
	if after := f.scdCampaign(1).QuickStart.State; after.Turn == before.Turn && after.Phase == before.Phase && after.Acting == before.Acting {
		t.Error("End phase changed nothing")
	}
}

// qsMarks matches a record sheet's pencil marks in a view line: armor
// and structure left, heat, critical hits, shutdown.
var qsMarks = regexp.MustCompile(`armor \d+/\d+|structure \d+/\d+|heat \d|hits \d|shut down|has attacked`)

// Ensure no reply of a whole Quick-Start battle between two players
// shows one side the other's marks: both play the Tactician's actions
// by command, previewing each attack first, and ask for their views
// every phase; every line a player reads that names an enemy Element
// carries its printed values only.
func TestQuickStartSecrecyInPlay(t *testing.T) {
	f := scdFixture(t)
	f.cmdMust("alice", "scenario", "start", "name", "veteran-training", "side", "blake", "seed", "6")
	f.cmdMust("bob", "scenario", "join", "side", "bears")
	f.cmdMust("alice", "campaign", "approve", "user", "bob")
	players := [2]string{"alice", "bob"}
	enemyNames := [2][]string{}
	for _, u := range []quickstart.Unit{quickstart.AlphaRecon(), quickstart.AlphaFire()} {
		for _, e := range u.Elements {
			enemyNames[0] = append(enemyNames[0], e.Name)
		}
	}
	for _, u := range []quickstart.Unit{quickstart.DivineFire(), quickstart.PeacefulCleansing()} {
		for _, e := range u.Elements {
			enemyNames[1] = append(enemyNames[1], e.Name)
		}
	}
	ownMarks := 0 // lines of own marks seen: the check is not vacuous
	check := func(side int, rs []Reply) {
		t.Helper()
		for _, r := range rs {
			if r.To != Public && r.User != players[side] {
				continue
			}
			for _, line := range strings.Split(r.Text, "\n") {
				for _, n := range enemyNames[1-side] {
					if strings.Contains(line, " "+n+":") && qsMarks.MatchString(line) {
						ownMarks++
					}
				}
				for _, n := range enemyNames[side] {
					if strings.Contains(line, " "+n+":") && qsMarks.MatchString(line) {
						t.Fatalf("%s reads the enemy's marks: %q", players[side], line)
					}
				}
			}
		}
	}
	views, previews := 0, 0
	for i := 0; i < 3000; i++ {
		c := f.scdCampaign(1)
		if c.Phase == campaign.PhaseOver {
			break
		}
		st := c.QuickStart.State
		side := st.Acting
		if i%7 == 0 {
			for s := range 2 {
				out := f.cmdMust(players[s], "battle", "view")
				check(s, out)
				views++
			}
		}
		a := qsai.Player{Side: side, Level: qsai.Tactician}.Next(st)
		sub, kv := qsCommand(t, a)
		if a.Kind == quickstart.Declare {
			// The attack's preview, with its warning of a line along
			// hexsides, goes to the attacker alone.
			out := f.cmdMust(players[side], "battle", sub, append(kv, "preview", "true")...)
			check(side, out)
			previews++
		}
		out := f.cmdMust(players[side], "battle", sub, kv...)
		check(0, out)
		check(1, out)
	}
	if c := f.scdCampaign(1); c.Phase != campaign.PhaseOver || views == 0 || ownMarks == 0 || previews == 0 {
		t.Fatalf("campaign %s after the game, %d views, %d previews, %d lines of own marks", c.Phase, views, previews, ownMarks)
	}
}

// Ensure an undo that gives the choice back to the AI's side does not
// stall the battle: the player's next command lets the AI make its
// set-up choices first (the bot's, ruling QS18), then his own is played.
// With seed 1 the bears, the AI, win the set-up roll.
func TestQuickStartAfterUndo(t *testing.T) {
	f := scdFixture(t)
	f.cmdMust("alice", "scenario", "start", "name", "veteran-training", "side", "blake", "seed", "1")
	f.cmdMust("alice", "undo", "")
	if s := f.scdCampaign(1).QuickStart.State; s.Sides[s.Acting] != "bears" || s.Phase != quickstart.SetUpPhase {
		t.Fatalf("after the undo %s is to act in the %v phase; the test wants the bears (the AI) in the set-up", s.Sides[s.Acting], s.Phase)
	}
	got := cmdTexts(f.cmdMust("alice", "battle", "end"))
	if !strings.Contains(got, "set-up: Clan Ghost Bear chooses the") || !strings.Contains(got, "set-up: Word of Blake places Clan Ghost Bear's objective in") {
		t.Errorf("the AI's choice and then the bot's for alice:\n%s", got)
	}
}

// qsEndSetUp has the players leave every choice of the set-up (the
// Veteran's or the Green's) to the bot (/battle end) until the battle's
// first turn.
func qsEndSetUp(t *testing.T, f *cmdFixture, players map[string]string) {
	t.Helper()
	for range 20 {
		s := f.scdCampaign(1).QuickStart.State
		if s.Phase != quickstart.SetUpPhase {
			return
		}
		f.cmdMust(players[s.Sides[s.Acting]], "battle", "end")
	}
	t.Fatal("the set-up did not end after 20 choices")
}
