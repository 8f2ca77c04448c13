package campaign

import (
	"fmt"
	"strings"
	"testing"

	"bfbot/mapgen"
	"bfbot/mapgen/hex"
	"bfbot/referee"
)

// decPlayers gives both sides a player, so that their decisions are
// asked (a side nobody plays takes every default at once).
func decPlayers(c *Campaign) {
	c.Side("crucis").Players = []string{"alice"}
	c.Side("bandits").Players = []string{"bob"}
}

// decContact is btlContact with players on both sides: crucis wins the
// initiative and is asked whether it moves first or second.
func decContact(t *testing.T) (*Campaign, int) {
	t.Helper()
	c := btlCampaign(t)
	decPlayers(c)
	a := btlGroup(t, c, "crucis", 6, "A6", "A7")
	a.Moved, a.From = true, 5
	b := btlGroup(t, c, "bandits", 6, "B8", "B9")
	if err := setUpBattle(c, 6, []BattleSide{{Side: "crucis", Battlegroups: []int{a.ID}}, {Side: "bandits", Battlegroups: []int{b.ID}}}, btlDice(t, "4,5,2,3")); err != nil {
		t.Fatal(err)
	}
	mustCheck(t, c)
	return c, c.Battles[len(c.Battles)-1].ID
}

// decOnly returns side's one waiting decision of kind.
func decOnly(t *testing.T, c *Campaign, side string, kind DecisionKind) Decision {
	t.Helper()
	var found []Decision
	for _, d := range DecisionsFor(c, side) {
		if d.Kind == kind {
			found = append(found, d)
		}
	}
	if len(found) != 1 {
		t.Fatalf("%s has %d %s decisions waiting, want 1: %+v", side, len(found), kind, c.Decisions)
	}
	return found[0]
}

// decDeploy has crucis set up together with bandits (the set-up order's
// default) and deploys both sides with the AI helper.
func decDeploy(t *testing.T, c *Campaign, battle int) *Campaign {
	t.Helper()
	n, _, err := Decide(c, "crucis", decOnly(t, c, "crucis", DecideSetup).ID, "together", btlDice(t, "1"))
	c = btlMust(t, n, err)
	for _, side := range []string{"crucis", "bandits"} {
		n, _, err := AutoDeploy(c, battle, side, btlDice(t, "1"))
		c = btlMust(t, n, err)
	}
	return c
}

// Ensure the initiative winner chooses to move first or second (000 line
// 564): the battle waits for the choice after deployment; moving second
// puts the other side first. The question is the winner's alone.
func TestDecideInitiative(t *testing.T) {
	c, id := decContact(t)
	dec := decOnly(t, c, "crucis", DecideInitiative)
	if len(DecisionsFor(c, "bandits")) != 0 {
		t.Fatalf("the loser is asked too: %+v", c.Decisions)
	}
	if dec.Default != "first" || !strings.Contains(c.Log.At(c.Log.Len()-1).Text, "") {
		t.Errorf("default %q, want first (ruling B15)", dec.Default)
	}
	for _, e := range c.Log.All() {
		if e.Type == "initiative" && !strings.Contains(e.Text, "chooses whether to move first or second") {
			t.Errorf("contact says %q before the winner has chosen", e.Text)
		}
	}
	c = decDeploy(t, c, id)
	if ph := c.Battle(id).State.Phase; ph != referee.PhaseDeploy {
		t.Fatalf("the battle is in its %v phase before the winner chose the order", ph)
	}
	if _, _, err := Decide(c, "bandits", dec.ID, "second", btlDice(t, "1")); err == nil {
		t.Error("bandits answered crucis's decision")
	}
	if _, _, err := Decide(c, "crucis", dec.ID, "last", btlDice(t, "1")); err == nil || !strings.Contains(err.Error(), "first, second") {
		t.Errorf("answer last: %v, want a refusal naming first and second", err)
	}
	n, evs, err := Decide(c, "crucis", dec.ID, "second", btlDice(t, "1"))
	n = btlMust(t, n, err)
	st := n.Battle(id).State
	if st.Phase != referee.PhaseMovement || st.PhasingSide().ID != "bandits" {
		t.Errorf("after choosing second: %v phase, %s moving; want bandits' movement", st.Phase, st.PhasingSide().ID)
	}
	if len(evs) == 0 || len(n.Decisions) != 0 {
		t.Errorf("%d battle events, %d decisions left; want the battle's start and none", len(evs), len(n.Decisions))
	}
	t.Run("DefaultAtDeadline", func(t *testing.T) {
		n, _, err := TakeDefaults(c, InBattle(id), btlDice(t, "1"))
		n = btlMust(t, n, err)
		if st := n.Battle(id).State; st.Phase != referee.PhaseMovement || st.PhasingSide().ID != "crucis" {
			t.Errorf("default: %v phase, %s moving; want crucis first", st.Phase, st.PhasingSide().ID)
		}
		last := n.Log.At(n.Log.Len() - 1)
		if last.Type != "decision" || len(last.Audience) != 1 || last.Audience[0] != "crucis" || !strings.Contains(last.Text, "default") {
			t.Errorf("the default's note %+v, want one to crucis alone saying the default was taken", last)
		}
	})
	t.Run("NobodyToAsk", func(t *testing.T) {
		c, b := btlContact(t) // no players: the AI's default at once
		if len(c.Decisions) != 0 || c.Battle(b.ID).State.Sides[0].ID != "crucis" {
			t.Errorf("decisions %+v, first %s; want none and crucis", c.Decisions, c.Battle(b.ID).State.Sides[0].ID)
		}
	})
}

// decRetreatReady is a started battle (crucis first) in which crucis has
// taken the four steps a withdrawal needs (000 line 2653).
func decRetreatReady(t *testing.T) (*Campaign, int) {
	c, id := decContact(t)
	c = decDeploy(t, c, id)
	n, _, err := Decide(c, "crucis", decOnly(t, c, "crucis", DecideInitiative).ID, "first", btlDice(t, "1"))
	c = btlMust(t, n, err)
	btlSetState(c, id, func(st *referee.State) { st.Unit("A6").Step = 3; st.Unit("A7").Step = 1 })
	return c, id
}

// Ensure a retreating side names the edge it withdraws by, and so the
// sector it falls back into (000 lines 2655–2659; ruling CB7): the
// retreat is declared with the answer; the default is the edge it
// deployed by (ruling CB3).
func TestDecideRetreat(t *testing.T) {
	c, id := decRetreatReady(t)
	n, evs, err := AskRetreat(c, id, "crucis", btlDice(t, "1"))
	asked := btlMust(t, n, err)
	if len(evs) != 0 || asked.Battle(id).State.Side("crucis").Retreating {
		t.Fatal("the retreat was declared before its edge was chosen")
	}
	dec := decOnly(t, asked, "crucis", DecideRetreat)
	if dec.Default != "west" || !strings.Contains(dec.Question, "west: into sector 5") {
		t.Errorf("default %q, question %q: want west, into sector 5", dec.Default, dec.Question)
	}
	if _, _, err := AskRetreat(asked, id, "crucis", btlDice(t, "1")); err == nil {
		t.Error("a second retreat question was asked")
	}
	// Bandits have taken no step: their retreat is refused at once.
	if _, _, err := AskRetreat(asked, id, "bandits", btlDice(t, "1")); err == nil {
		t.Error("a retreat the rules refuse was asked about")
	}
	var chosen referee.Edge
	for _, e := range mapEdges {
		if e != referee.West && sectorBeyond(c.Map, 6, e) != 0 {
			chosen = e
			break
		}
	}
	if chosen == referee.NoEdge {
		t.Fatal("sector 6 has no neighbour but by its west edge")
	}
	n, evs, err = Decide(asked, "crucis", dec.ID, chosen.String(), btlDice(t, "1"))
	n = btlMust(t, n, err)
	sd := n.Battle(id).State.Side("crucis")
	if !sd.Retreating || sd.RetreatEdge != chosen || len(evs) == 0 || !strings.Contains(evs[0].Text, "by the "+chosen.String()+" edge") {
		t.Errorf("after answering %s: retreating %v by %v, events %v", chosen, sd.Retreating, sd.RetreatEdge, evs)
	}
	// Every unit leaves by that edge: the battlegroup falls back beyond it.
	n = btlMust(t, n, nil)
	group := n.Battle(id).Sides[0].Battlegroups[0]
	st := n.Battle(id).State.Clone()
	st.Unit("A6").Status, st.Unit("A7").Status = referee.Withdrawn, referee.Withdrawn
	st, _, err = referee.EndBattle(st, "test")
	if err != nil {
		t.Fatal(err)
	}
	n.Battle(id).State = st
	if err := n.endBattle(n.Battle(id), btlDice(t, "1"), nil); err != nil {
		t.Fatal(err)
	}
	if bg := n.Side("crucis").Battlegroup(group); bg == nil || bg.Sector != sectorBeyond(c.Map, 6, chosen) {
		t.Errorf("crucis battlegroup after withdrawing %v: %+v, want in sector %d", chosen, bg, sectorBeyond(c.Map, 6, chosen))
	}
	t.Run("DefaultAtDeadline", func(t *testing.T) {
		n, _, err := TakeDefaults(asked, InBattle(id), btlDice(t, "1"))
		n = btlMust(t, n, err)
		if sd := n.Battle(id).State.Side("crucis"); !sd.Retreating || sd.RetreatEdge != referee.West {
			t.Errorf("default: retreating %v by %v, want by the west edge", sd.Retreating, sd.RetreatEdge)
		}
	})
	t.Run("LapsesAfterTheTurn", func(t *testing.T) {
		// The side ended its turn without answering: a retreat is
		// declared in one's own turn, so the default lapses with a note.
		end := referee.Action{Kind: referee.ActEnd}
		n := asked
		for n.Battle(id).State.PhasingSide().ID == "crucis" {
			next, _, err := BattleAct(n, id, "crucis", end, btlDice(t, "1"))
			n = btlMust(t, next, err)
		}
		n, _, err := TakeDefaults(n, InBattle(id), btlDice(t, "1"))
		n = btlMust(t, n, err)
		last := n.Log.At(n.Log.Len() - 1)
		if n.Battle(id).State.Side("crucis").Retreating || !strings.Contains(last.Text, "lapsed") {
			t.Errorf("retreating %v, note %q; want no retreat and a lapse note", n.Battle(id).State.Side("crucis").Retreating, last.Text)
		}
	})
}

// decCapture ends the contact battle with bandits' B8 (a heavy 'Mech
// lance, step 1) captured by crucis, which lost a heavy 'Mech lance (A8)
// earlier: crucis may keep B8 or scrap it (000 line 970).
func decCapture(t *testing.T) (*Campaign, Decision) {
	c, id := decRetreatReady(t)
	cru := c.Side("crucis")
	c.loseUnit(cru, cru.Unit("A8"), UnitDestroyed)
	c.pruneBattlegroups()
	// Two damaged bandit units with their RBG and one salvage counter:
	// the repair is a choice.
	ban := c.Side("bandits")
	rbg := ban.RBG().Units
	ban.Unit(rbg[0]).Step, ban.Unit(rbg[1]).Step, ban.Salvage = 2, 1, 1
	btlSetState(c, id, func(st *referee.State) {
		b8 := st.Unit("B8")
		b8.Status, b8.Step = referee.Captured, 1
	})
	st, _, err := referee.EndBattle(c.Battle(id).State, "test")
	if err != nil {
		t.Fatal(err)
	}
	n := c.Clone()
	n.Battle(id).State = st
	n = btlMust(t, n, n.endBattle(n.Battle(id), btlDice(t, "1"), nil))
	return n, decOnly(t, n, "crucis", DecideCaptured)
}

// Ensure a captor keeps or scraps each captured unit it could put in
// service (000 line 970); the default at the upkeep is to keep it
// (ruling CB6).
func TestDecideCaptured(t *testing.T) {
	c, dec := decCapture(t)
	if dec.Subject != "B8" || dec.Default != "keep" {
		t.Errorf("decision %+v, want B8, keep by default", dec)
	}
	for _, d := range c.Decisions {
		if d.Kind == DecideCaptured && d.Side != "crucis" {
			t.Errorf("%s is asked about crucis's prisoner", d.Side)
		}
	}
	salvage := c.Side("crucis").Salvage
	t.Run("Scrap", func(t *testing.T) {
		n, _, err := Decide(c, "crucis", dec.ID, "scrap", btlDice(t, "1"))
		n = btlMust(t, n, err)
		cru := n.Side("crucis")
		if cru.Salvage != salvage+3 || cru.Unit("A8").Replaced != "" {
			t.Errorf("salvage %d (was %d), A8 replaced by %q; want 3 more salvage and A8 not replaced", cru.Salvage, salvage, cru.Unit("A8").Replaced)
		}
	})
	t.Run("Keep", func(t *testing.T) {
		n, _, err := Decide(c, "crucis", dec.ID, "keep", btlDice(t, "1"))
		n = btlMust(t, n, err)
		cru := n.Side("crucis")
		if r := cru.Unit("A8").Replaced; r == "" || cru.Unit(r).From != "bandits" || cru.Salvage != salvage {
			t.Errorf("A8 replaced by %q, salvage %d; want B8 in service and no salvage", r, cru.Salvage)
		}
	})
	t.Run("DefaultAtUpkeep", func(t *testing.T) {
		n, _ := btlUpkeep(t, c, "3,3,3,3")
		if r := n.Side("crucis").Unit("A8").Replaced; r == "" || len(n.Decisions) != 0 {
			t.Errorf("after the upkeep: A8 replaced by %q, %d decisions left; want B8 kept and none", r, len(n.Decisions))
		}
	})
}

// Ensure a side chooses which damaged units the repair mends (000 line
// 2665), asked when the turn's last battle ends; the default at the
// upkeep is ruling CB8's order.
func TestDecideRepair(t *testing.T) {
	c, _ := decCapture(t)
	dec := decOnly(t, c, "bandits", DecideRepair)
	worst, last := dec.Options[0], dec.Options[len(dec.Options)-1]
	if len(dec.Options) != 2 || dec.Default != worst+" "+last {
		t.Fatalf("repair options %v, default %q: want the two damaged RBG units, worst first", dec.Options, dec.Default)
	}
	if _, _, err := Decide(c, "bandits", dec.ID, "A1", btlDice(t, "1")); err == nil {
		t.Error("a repair of a unit not on the list was taken")
	}
	steps := func(n *Campaign) (int, int) {
		s := n.Side("bandits")
		return s.Unit(worst).Step, s.Unit(last).Step
	}
	w0, l0 := steps(c)
	t.Run("Chosen", func(t *testing.T) {
		n, _, err := Decide(c, "bandits", dec.ID, last, btlDice(t, "1"))
		n = btlMust(t, n, err)
		n, _ = btlUpkeep(t, n, "3,3,3,3")
		if w, l := steps(n); l != l0-1 || (worst != last && w != w0) {
			t.Errorf("%s step %d (was %d), %s step %d (was %d): want only %s mended", worst, w, w0, last, l, l0, last)
		}
	})
	t.Run("None", func(t *testing.T) {
		n, _, err := Decide(c, "bandits", dec.ID, "none", btlDice(t, "1"))
		n = btlMust(t, n, err)
		n, _ = btlUpkeep(t, n, "3,3,3,3")
		if w, l := steps(n); w != w0 || l != l0 {
			t.Errorf("steps %d and %d after repairing none, want %d and %d", w, l, w0, l0)
		}
	})
	t.Run("DefaultAtUpkeep", func(t *testing.T) {
		n, _ := btlUpkeep(t, c, "3,3,3,3")
		if w, _ := steps(n); w != w0-1 {
			t.Errorf("%s at step %d after the default repair, want %d (worst first, ruling CB8)", worst, w, w0-1)
		}
	})
}

// Ensure Check reports a decision that cannot be answered: of no side,
// for a battle not being fought, a default not among its answers, an ID
// given twice.
func TestCheckDecisions(t *testing.T) {
	c, id := decContact(t)
	good := decOnly(t, c, "crucis", DecideInitiative)
	for name, bad := range map[string]Decision{
		"side":    {ID: 90, Kind: DecideInitiative, Side: "nobody", Battle: id, Options: []string{"first", "second"}, Default: "first"},
		"battle":  {ID: 90, Kind: DecideInitiative, Side: "crucis", Battle: 99, Options: []string{"first", "second"}, Default: "first"},
		"default": {ID: 90, Kind: DecideCaptured, Side: "crucis", Options: []string{"keep", "scrap"}, Default: "sell"},
		"twice":   good,
	} {
		n := c.Clone()
		n.NextDecision = 100
		n.Decisions = append(n.Decisions, bad)
		if errs := n.Check(); len(errs) == 0 {
			t.Errorf("%s: Check passed %+v", name, bad)
		}
	}
}

// Ensure the set-up order (000 line 2629): the initiative winner may have
// his opponent set up first; that side places all its units, then the
// other sees its counters and sets up, and the first may not move its
// units any more. Deployment waits for the choice; the default is both
// at once, in secret (ruling CB2). A lone prepared position sets up
// first without a question.
func TestDecideSetupOrder(t *testing.T) {
	c, id := decContact(t)
	dec := decOnly(t, c, "crucis", DecideSetup)
	if dec.Default != "together" {
		t.Errorf("default %q, want together", dec.Default)
	}
	if _, _, err := AutoDeploy(c, id, "bandits", btlDice(t, "1")); err == nil || !strings.Contains(err.Error(), "choosing who sets up first") {
		t.Errorf("bandits deploying before the choice: %v", err)
	}
	if _, _, err := AutoDeploy(c, id, "crucis", btlDice(t, "1")); err == nil || !strings.Contains(err.Error(), fmt.Sprintf("first choose who sets up first in battle %d (BattleForce p. 64, Contact): answer decision %d", id, dec.ID)) {
		t.Errorf("crucis deploying before its choice: %v", err)
	}
	n, _, err := Decide(c, "crucis", dec.ID, "opponent", btlDice(t, "1"))
	c = btlMust(t, n, err)
	if _, _, err := AutoDeploy(c, id, "crucis", btlDice(t, "1")); err == nil || !strings.Contains(err.Error(), "Moore's Bandits sets up first") {
		t.Errorf("crucis deploying before bandits: %v", err)
	}
	if v := c.Battle(id).State.View("crucis"); v.Unit("B8") != nil {
		t.Error("crucis sees bandits' units before they have set up")
	}
	n, _, err = AutoDeploy(c, id, "bandits", btlDice(t, "1"))
	c = btlMust(t, n, err)
	if err := c.DeployWait(c.Battle(id), "crucis"); err != nil {
		t.Errorf("crucis still waits after bandits set up: %v", err)
	}
	st := c.Battle(id).State
	if u := st.View("crucis").Unit("B8"); u == nil || u.Hex == nil || u.Class != "" {
		t.Errorf("crucis's view of B8 while setting up second: %+v, want its counter, blind", u)
	}
	if st.View("").Unit("B8") != nil {
		t.Error("a spectator sees the set-up")
	}
	a6 := referee.ValidActions(st, "A6")
	if len(a6) == 0 {
		t.Fatal("crucis may not deploy after bandits set up")
	}
	n, _, err = BattleAct(c, id, "crucis", a6[0], btlDice(t, "1"))
	c = btlMust(t, n, err)
	b8 := c.Battle(id).State.Unit("B8").Hex
	again := referee.Action{Kind: referee.ActDeploy, Unit: "B8", To: b8}
	again.To.Y++
	if _, _, err := BattleAct(c, id, "bandits", again, btlDice(t, "1")); err == nil || !strings.Contains(err.Error(), "your set-up is over") {
		t.Errorf("bandits redeploying after crucis began: %v", err)
	}
	t.Run("DefaultAtDeadline", func(t *testing.T) {
		c, id := decContact(t)
		n, _, err := TakeDefaults(c, func(d Decision) bool { return d.Kind == DecideSetup }, btlDice(t, "1"))
		n = btlMust(t, n, err)
		if first := n.Battle(id).State.Campaign.SetupFirst; first != "" {
			t.Errorf("%s sets up first by default, want both at once", first)
		}
		n, _, err = AutoDeploy(n, id, "crucis", btlDice(t, "1"))
		btlMust(t, n, err)
	})
	t.Run("Prepared", func(t *testing.T) {
		c := btlCampaign(t)
		decPlayers(c)
		a := btlGroup(t, c, "crucis", 6, "A6", "A7")
		a.Moved, a.From = true, 5
		b := btlGroup(t, c, "bandits", 6, "B8", "B9")
		b.Prepared = true
		if err := setUpBattle(c, 6, []BattleSide{{Side: "crucis", Battlegroups: []int{a.ID}}, {Side: "bandits", Battlegroups: []int{b.ID}}}, btlDice(t, "4,5,2,3")); err != nil {
			t.Fatal(err)
		}
		st := c.Battles[len(c.Battles)-1].State
		for _, d := range c.Decisions {
			if d.Kind == DecideSetup {
				t.Errorf("asked %+v though bandits hold a prepared position", d)
			}
		}
		if st.Campaign.SetupFirst != "bandits" || !strings.Contains(strings.Join(logTexts(c), "\n"), "Moore's Bandits holds a prepared position and sets up first") {
			t.Errorf("set-up first %q, want the prepared bandits, announced", st.Campaign.SetupFirst)
		}
	})
}

func logTexts(c *Campaign) []string {
	var out []string
	for _, e := range c.Log.All() {
		out = append(out, e.Text)
	}
	return out
}

// decAmbush is a started battle (crucis first) with bandits' B9 turned
// into hidden infantry in a hex next to A6, and A6 moved into it: the
// question waits for bandits (000 line 1052).
func decAmbush(t *testing.T) (*Campaign, int, Decision) {
	c, id := decRetreatReady(t)
	st := c.Battle(id).State
	a6 := st.Unit("A6")
	var into hex.Hex
	found := false
	for _, a := range referee.ValidActions(st, "A6") {
		if a.Kind == referee.ActMove && hex.Distance(a.To, a6.Hex) == 1 && len(st.UnitsAt(a.To, true)) == 0 && st.Cell(a.To).Terrain == mapgen.Open {
			into, found = a.To, true
			break
		}
	}
	if !found {
		t.Fatal("A6 has no open hex beside it to move into")
	}
	btlSetState(c, id, func(st *referee.State) {
		b9 := st.Unit("B9")
		b9.Class, b9.Hidden, b9.Hex = referee.Infantry, true, into
	})
	n, evs, err := BattleAct(c, id, "crucis", referee.Action{Kind: referee.ActMove, Unit: "A6", To: into}, btlDice(t, "1"))
	c = btlMust(t, n, err)
	for _, e := range evs {
		if e.Type == "attack" {
			t.Fatalf("B9 attacked before its owner chose: %+v", e)
		}
	}
	return c, id, decOnly(t, c, "bandits", DecideAmbush)
}

// Ensure hidden infantry's owner chooses whether it attacks the unit that
// entered its hex (000 line 1052): the battle waits; attack is the
// default (ruling M14).
func TestDecideAmbush(t *testing.T) {
	c, id, dec := decAmbush(t)
	if dec.Subject != "B9" || dec.Default != "attack" {
		t.Errorf("decision %+v, want B9, attack by default", dec)
	}
	if _, _, err := BattleAct(c, id, "crucis", referee.Action{Kind: referee.ActEnd}, btlDice(t, "1")); err == nil || !strings.Contains(err.Error(), "the battle waits for a choice of Moore's Bandits") {
		t.Errorf("crucis going on while bandits choose: %v", err)
	}
	attacked := func(t *testing.T, n *Campaign, evs []referee.Event) {
		t.Helper()
		hit := false
		for _, e := range evs {
			hit = hit || (e.Type == "attack" && e.Attacker == "B9" && e.Target == "A6")
		}
		if !hit || n.Battle(id).State.Unit("B9").Step < 2 && n.Battle(id).State.Unit("B9").Status != referee.Destroyed {
			t.Errorf("B9's close assault on A6 %v, B9 at step %d: want the attack, two steps taken", hit, n.Battle(id).State.Unit("B9").Step)
		}
	}
	t.Run("Hold", func(t *testing.T) {
		n, evs, err := Decide(c, "bandits", dec.ID, "hold", btlDice(t, "1"))
		n = btlMust(t, n, err)
		if len(evs) != 1 || evs[0].Type != "hold_fire" || n.Battle(id).State.Unit("A6").Step != c.Battle(id).State.Unit("A6").Step {
			t.Errorf("holding fire: %v", evs)
		}
		if _, _, err := BattleAct(n, id, "crucis", referee.Action{Kind: referee.ActEnd}, btlDice(t, "1")); err != nil {
			t.Errorf("the battle does not go on: %v", err)
		}
	})
	t.Run("Attack", func(t *testing.T) {
		n, evs, err := Decide(c, "bandits", dec.ID, "attack", btlDice(t, "1,3"))
		attacked(t, btlMust(t, n, err), evs)
	})
	t.Run("DefaultAtDeadline", func(t *testing.T) {
		n, evs, err := TakeDefaults(c, InBattle(id), btlDice(t, "1,3"))
		attacked(t, btlMust(t, n, err), evs)
	})
}

// Ensure the AEP unit's owner chooses which enemy unit it probes (000
// lines 1342–1353): A6 gets an AEP chit with B8 and B9 beside it; when
// crucis's movement ends, the sighting waits for the choice; the default
// is the nearest, ties by ID (ruling S5).
func TestDecideProbe(t *testing.T) {
	c, id := decRetreatReady(t)
	st := c.Battle(id).State
	a6 := st.Unit("A6").Hex
	var free []hex.Hex
	for _, h := range a6.Neighbors() {
		if st.Map.Contains(h) && len(st.UnitsAt(h, true)) == 0 && st.Cell(h).Terrain == mapgen.Open {
			free = append(free, h)
		}
	}
	if len(free) < 2 {
		t.Fatalf("A6 at %s has %d open hexes beside it, want 2", a6, len(free))
	}
	btlSetState(c, id, func(st *referee.State) {
		st.Unit("A6").Chits.AEP = true
		st.Unit("B8").Hex, st.Unit("B9").Hex = free[0], free[1]
	})
	n, _, err := BattleAct(c, id, "crucis", referee.Action{Kind: referee.ActEnd}, btlDice(t, "1"))
	c = btlMust(t, n, err)
	dec := decOnly(t, c, "crucis", DecideProbe)
	if dec.Subject != "A6" || strings.Join(dec.Options, " ") != "B8 B9" || dec.Default != "B8" {
		t.Fatalf("decision %+v, want A6 choosing B8 (default) or B9", dec)
	}
	if _, _, err := BattleAct(c, id, "crucis", referee.Action{Kind: referee.ActEnd}, btlDice(t, "1")); err == nil || !strings.Contains(err.Error(), fmt.Sprintf("battle %d waits for your answer to decision %d first: Your AEP unit A6", id, dec.ID)) {
		t.Errorf("the attack phase goes on while crucis chooses: %v", err)
	}
	check := func(t *testing.T, n *Campaign, want string) {
		t.Helper()
		var got []string
		for _, u := range []string{"B8", "B9"} {
			if v := n.Battle(id).State.View("crucis").Unit(u); v != nil && v.Values != nil {
				got = append(got, u)
			}
		}
		if strings.Join(got, " ") != want || len(n.Decisions) != 0 {
			t.Errorf("crucis reads the values of %v, decisions %+v; want %s and none", got, n.Decisions, want)
		}
		if _, _, err := BattleAct(n, id, "crucis", referee.Action{Kind: referee.ActEnd}, btlDice(t, "1")); err != nil {
			t.Errorf("the battle does not go on: %v", err)
		}
	}
	t.Run("Chosen", func(t *testing.T) {
		n, _, err := Decide(c, "crucis", dec.ID, "B9", btlDice(t, "1"))
		check(t, btlMust(t, n, err), "B9")
	})
	t.Run("DefaultAtDeadline", func(t *testing.T) {
		n, _, err := TakeDefaults(c, InBattle(id), btlDice(t, "1"))
		check(t, btlMust(t, n, err), "B8")
	})
}

// Ensure the side fired at chooses which of its units fire at a dropping
// 'Mech (000 lines 741–743: the fire is optional, decided as it lands):
// crucis's A7, held in orbit, drops beside B8; the landing waits for
// bandits' choice; the default is every unit that may (ruling DR6).
func TestDecideDropFire(t *testing.T) {
	c, id := decRetreatReady(t)
	st := c.Battle(id).State
	var at hex.Hex
	found := false
	for _, h := range st.Unit("B8").Hex.Neighbors() {
		if st.Map.Contains(h) && len(st.UnitsAt(h, true)) == 0 && st.Cell(h).Terrain == mapgen.Open {
			at, found = h, true
			break
		}
	}
	if !found {
		t.Fatal("no open hex beside B8 to drop onto")
	}
	btlSetState(c, id, func(st *referee.State) {
		a7 := st.Unit("A7")
		a7.Status, a7.Drop, a7.Hex, a7.StartHex = referee.Reserve, true, hex.Hex{}, hex.Hex{}
	})
	n, _, err := BattleAct(c, id, "crucis", referee.Action{Kind: referee.ActDrop, Unit: "A7", To: at}, btlDice(t, "1"))
	c = btlMust(t, n, err)
	n, evs, err := BattleAct(c, id, "crucis", referee.Action{Kind: referee.ActEnd}, btlDice(t, "1"))
	c = btlMust(t, n, err)
	for _, e := range evs {
		if e.Type == "attack" || e.Type == "landing" {
			t.Fatalf("%s before bandits chose their fire: %+v", e.Type, e)
		}
	}
	dec := decOnly(t, c, "bandits", DecideDropFire)
	if dec.Subject != "A7" || len(dec.Options) == 0 || dec.Default != strings.Join(dec.Options, " ") {
		t.Fatalf("decision %+v, want A7, every unit that may fire by default", dec)
	}
	fired := func(evs []referee.Event) []string {
		var out []string
		for _, e := range evs {
			if e.Type == "attack" && e.Target == "A7" {
				out = append(out, e.Attacker)
			}
		}
		return out
	}
	faces := "4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4"
	t.Run("None", func(t *testing.T) {
		n, evs, err := Decide(c, "bandits", dec.ID, "none", btlDice(t, faces))
		n = btlMust(t, n, err)
		if got := fired(evs); len(got) != 0 || n.Battle(id).State.Phase != referee.PhaseAttack || n.Battle(id).State.Unit("A7").Status != referee.Active {
			t.Errorf("holding fire: %v fired, %v phase; want none, A7 landed, the attack phase", got, n.Battle(id).State.Phase)
		}
	})
	t.Run("DefaultAtDeadline", func(t *testing.T) {
		n, evs, err := TakeDefaults(c, InBattle(id), btlDice(t, faces))
		btlMust(t, n, err)
		if got := strings.Join(fired(evs), " "); got != dec.Default {
			t.Errorf("fired at A7: %q, want every unit that may, %q", got, dec.Default)
		}
	})
}

// Ensure each side numbers its decisions apart (ruling SE6): crucis's
// second question is its decision 2 whatever bandits were asked
// between, bandits' first is their 1, a number is not given again once
// answered, and a side cannot reach the other's decision by its number.
func TestDecisionNumbersPerSide(t *testing.T) {
	c, _ := decContact(t)
	asked := len(DecisionsFor(c, "crucis")) // the contact's initiative and set-up order
	if asked == 0 || len(DecisionsFor(c, "bandits")) != 0 {
		t.Fatalf("crucis asked %d, bandits %d at the contact: want crucis only", asked, len(DecisionsFor(c, "bandits")))
	}
	ask := func(side string) int {
		return c.pose(Decision{Kind: DecideRepair, Side: side, Question: "Which units?", Options: []string{"X1"}, Default: "X1"})
	}
	b1, a2 := ask("bandits"), ask("crucis")
	if b1 != 1 || a2 != asked+1 {
		t.Fatalf("crucis's next is %d, bandits' first %d: want %d and 1", a2, b1, asked+1)
	}
	mustCheck(t, c)
	n, _, err := Decide(c, "crucis", a2, "none", btlDice(t, "1"))
	c = btlMust(t, n, err)
	if a3 := ask("crucis"); a3 != a2+1 {
		t.Errorf("crucis's decision after its answered %d is %d, want %d", a2, a3, a2+1)
	}
	if _, _, err := Decide(c, "bandits", a2+1, "none", btlDice(t, "1")); err == nil {
		t.Errorf("bandits answered crucis's decision %d", a2+1)
	}
	seqs := map[int]bool{}
	for _, d := range c.Decisions {
		if seqs[d.Seq] || d.Seq < 1 {
			t.Errorf("decision %d of %s has Seq %d, not unique", d.ID, d.Side, d.Seq)
		}
		seqs[d.Seq] = true
	}
	mustCheck(t, c)
}
