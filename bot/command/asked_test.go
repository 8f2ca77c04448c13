package command

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"bfbot/campaign"
	"bfbot/referee"
)

// Ensure a withdrawal's button, pressed after the battle changed the
// unit's fate, is refused and says the fate now (000 lines 2653–2657;
// ruling V6): A2 carries salvage on the north edge, so before the
// retreat it leaves for good; once Lancers retreats by the west edge it
// may be captured, which the question never told.
func TestWithdrawButtonAfterFateChanged(t *testing.T) {
	f := actFixture(t, strings.Replace(actEdge, `step: 1, hex: "0501"}`, `step: 1, hex: "0501", salvage: 1}`, 1))
	out := f.cmdMust("alice", "battle", "withdraw", "unit", "A2")
	if got := cmdTexts(out); !strings.Contains(got, "A2 leaves the map for good: a unit carrying salvage may leave by any edge") {
		t.Fatalf("withdraw with salvage before the retreat: %q", got)
	}
	f.cmdMust("alice", "battle", "retreat")
	f.cmdMust("alice", "battle", "decide", "decision", "1", "answer", "west")
	got := cmdTexts(f.press("alice", out))
	if !strings.Contains(got, "battle 1 has changed since you were asked: A2 may be captured: it carries salvage but leaves by the wrong edge") || !strings.Contains(got, "/battle withdraw unit:A2 confirm:true") {
		t.Errorf("the stale button: %q", got)
	}
	if st := f.state().Unit("A2").Status; st != referee.Active {
		t.Fatalf("A2 %v after the stale button, want still on the map", st)
	}
	// Asked again, the fate is told as it stands and the button acts.
	f.press("alice", f.cmdMust("alice", "battle", "withdraw", "unit", "A2"))
	if st := f.state().Unit("A2").Status; st == referee.Active {
		t.Error("A2 still on the map after the new question's button")
	}
}

// Ensure an attack's button from a question asked in the attack phase,
// which warned of nothing, is refused when pressed in the side's next
// movement phase, where it would end the movement of every unit (ruling
// CMD4); the button of the question that warned of it acts.
func TestAttackButtonInALaterMovementPhase(t *testing.T) {
	f := actFixture(t, strings.Replace(secPreviewScenario(t), ", chits: [aep]", "", 1))
	f.cmdMust("alice", "battle", "end")
	out := f.cmdMust("alice", "battle", "attack", "unit", "A1", "target", "B3", "preview", "true")
	if got := cmdTexts(out); !strings.Contains(got, "Attack with the button or the same command without preview.") {
		t.Fatalf("preview in the attack phase: %q", got)
	}
	for f.state().PhasingSide().ID != "a" || f.state().Phase != referee.PhaseMovement {
		user := map[string]string{"a": "alice", "b": "bob"}[f.state().PhasingSide().ID]
		f.cmdMust(user, "battle", "end")
	}
	got := cmdTexts(f.press("alice", out))
	if !strings.Contains(got, "battle 1 has changed since you were asked: it is your movement phase now. Attacking now ends the movement phase for every unit of your side: A1 (5 MP), A2 (6 MP)") || !strings.Contains(got, "/battle attack unit:A1 target:B3 confirm:true") {
		t.Errorf("the attack phase's button in the movement phase: %q", got)
	}
	if s := f.state(); s.Phase != referee.PhaseMovement || s.Unit("A1").Attacked {
		t.Fatalf("the stale button acted: phase %v, A1 attacked %v", s.Phase, s.Unit("A1").Attacked)
	}
	// The warning's own button, pressed in the next turn's movement
	// phase, warned of this turn's units: refused too.
	warned := f.cmdMust("alice", "battle", "attack", "unit", "A1", "target", "B3")
	turn := f.state().Turn
	for f.state().Turn == turn || f.state().PhasingSide().ID != "a" || f.state().Phase != referee.PhaseMovement {
		user := map[string]string{"a": "alice", "b": "bob"}[f.state().PhasingSide().ID]
		f.cmdMust(user, "battle", "end")
	}
	if got := cmdTexts(f.press("alice", warned)); !strings.Contains(got, "battle 1 has changed since you were asked: it is your movement phase now") {
		t.Errorf("an earlier turn's warning's button: %q", got)
	}
	if s := f.state(); s.Phase != referee.PhaseMovement || s.Unit("A1").Attacked {
		t.Fatalf("an earlier turn's warning acted: phase %v, A1 attacked %v", s.Phase, s.Unit("A1").Attacked)
	}
	f.press("alice", f.cmdMust("alice", "battle", "attack", "unit", "A1", "target", "B3"))
	if s := f.state(); s.Phase != referee.PhaseAttack || !s.Unit("A1").Attacked {
		t.Errorf("after the warning's button: phase %v, A1 attacked %v", s.Phase, s.Unit("A1").Attacked)
	}
}

// Ensure a lift-off's button, pressed after a unit boarded the DropShip,
// is refused and names the load now (ruling DR16): the question told of
// nothing aboard, and A1 would leave the battle with the ship unasked.
func TestLiftoffButtonAfterLoadChanged(t *testing.T) {
	f := actFixture(t, actShip)
	f.cmdMust("alice", "battle", "debark", "unit", "A1", "hex", "1009")
	out := f.cmdMust("alice", "battle", "liftoff", "unit", "D1")
	if got := cmdTexts(out); !strings.Contains(got, "D1 lifts off with nothing aboard") {
		t.Fatalf("lift-off question with A1 debarked: %q", got)
	}
	f.cmdMust("alice", "battle", "embark", "unit", "A1", "dropship", "D1")
	got := cmdTexts(f.press("alice", out))
	if !strings.Contains(got, "battle 1 has changed since you were asked: D1 lifts off with A1 aboard") || !strings.Contains(got, "/battle liftoff unit:D1 confirm:true") {
		t.Errorf("the stale button: %q", got)
	}
	if d1, a1 := f.state().Unit("D1"), f.state().Unit("A1"); d1.Status == referee.Withdrawn || a1.Status == referee.Withdrawn {
		t.Fatalf("the stale button lifted off: D1 %v, A1 %v", d1.Status, a1.Status)
	}
	// Asked again, the new question's button acts.
	f.press("alice", f.cmdMust("alice", "battle", "liftoff", "unit", "D1"))
	if d1, a1 := f.state().Unit("D1"), f.state().Unit("A1"); d1.Status != referee.Withdrawn || a1.Status != referee.Withdrawn {
		t.Errorf("the fresh button: D1 %v, A1 %v; want both gone with the ship", d1.Status, a1.Status)
	}
}

// Ensure the Approve and Deny buttons of a join request answer only the
// request their message named: Eve asks for the Lancers, withdraws and
// asks for the Bandits; the first message's buttons are refused, the
// second's seat her.
func TestJoinButtonsAfterTheRequestChanged(t *testing.T) {
	f := mbNew(t, true)
	toRef := func(out []Reply) string {
		for _, r := range out {
			if r.To == DM && r.User == mbRef.ID && len(r.Buttons) == 2 {
				return r.Buttons[0].CustomID + " " + r.Buttons[1].CustomID
			}
		}
		t.Fatalf("the referee is not asked with two buttons: %s", cmdTexts(out))
		return ""
	}
	press := func(id string) string {
		return cmdTexts(f.reg.Dispatch(context.Background(), &Request{User: mbRef, Guild: "g", Channel: "c", Component: id, Now: time.Unix(0, 0)}))
	}
	old := strings.Fields(toRef(f.must(mbEve, "campaign", "join", "side", "crucis")))
	f.must(mbEve, "campaign", "leave")
	fresh := strings.Fields(toRef(f.must(mbEve, "campaign", "join", "side", "bandits")))
	for _, id := range old {
		if got := press(id); !strings.Contains(got, "Eve has asked again since, to join Moore's Bandits, not 7th Crucis Lancers") {
			t.Errorf("the old message's button %s: %q", id, got)
		}
	}
	if s := f.side(mbEve); s != "" {
		t.Fatalf("the old message's buttons seated Eve on %s", s)
	}
	press(fresh[0])
	if s := f.side(mbEve); s != "bandits" {
		t.Errorf("the new message's Approve: Eve on %q, want bandits", s)
	}
}

// readyAtStart starts a campaign and returns alice's message with her
// Ready button (turn 1's orders phase).
func readyAtStart(t *testing.T) (*cmdFixture, []Reply) {
	t.Helper()
	f := cmdNewFixture(t, false)
	var ready []Reply
	for _, r := range f.cmdMust("ref", "campaign", "start") {
		if r.User == "alice" && len(r.Buttons) == 1 {
			ready = append(ready, r)
		}
	}
	if len(ready) == 0 {
		t.Fatal("alice got no Ready button at the start")
	}
	return f, ready
}

// Ensure the Ready button of a turn's "orders are open" message, pressed
// once the campaign has moved on, is refused and seals nothing: it would
// seal orders the player has not given yet (and with early_resolution
// resolve the turn).
func TestReadyButtonOfAnEarlierTurn(t *testing.T) {
	f, old := readyAtStart(t)
	f.cmdMust("alice", "orders", "ready")
	f.cmdMust("bob", "orders", "ready")
	f.cmdMust("ref", "campaign", "advance")
	c, _ := f.store.Get(t.Context(), 1)
	if c.Turn == 1 && c.Phase == campaign.PhaseOrders {
		t.Fatal("the campaign did not move on")
	}
	got := cmdTexts(f.press("alice", old))
	if want := fmt.Sprintf("this button was for turn 1's orders phase, which has closed: it was not carried out. It is turn %d's %s phase now", c.Turn, c.Phase); !strings.Contains(got, want) {
		t.Errorf("the old Ready: %q, want %q", got, want)
	}
	if c, _ := f.store.Get(t.Context(), 1); c.Side("crucis").Orders.Ready {
		t.Error("the old Ready sealed the orders")
	}
}

// Ensure a Ready button pressed in the turn and phase its message named
// seals the orders though they changed since it was sent: the orders
// given meanwhile are the ones the player seals (no false refusal).
func TestReadyButtonAfterAnOrderChanged(t *testing.T) {
	f, ready := readyAtStart(t)
	f.cmdMust("alice", "orders", "hold", "bg", "3")
	got := cmdTexts(f.press("alice", ready))
	if strings.Contains(got, "this button was for") {
		t.Errorf("a Ready of this turn refused after an order changed: %q", got)
	}
	if c, _ := f.store.Get(t.Context(), 1); !c.Side("crucis").Orders.Ready {
		t.Errorf("the Ready of this turn did not seal the orders: %q", got)
	}
}

// Ensure the End phase button of a "your movement phase goes on"
// message, pressed in the attack phase that followed, is refused: it
// would end the attack phase before any attack was made.
func TestEndPhaseButtonOfAnEarlierPhase(t *testing.T) {
	f := actFixture(t, strings.Replace(secPreviewScenario(t), ", chits: [aep]", "", 1))
	out := f.cmdMust("alice", "battle", "move", "unit", "A2", "to", "1209")
	f.cmdMust("alice", "battle", "end")
	got := cmdTexts(f.press("alice", out))
	if !strings.Contains(got, "this End phase button was for game turn 1's movement phase; battle 1 is in game turn 1's attack phase now") {
		t.Errorf("the movement phase's End phase in the attack phase: %q", got)
	}
	if s := f.state(); s.Phase != referee.PhaseAttack || s.PhasingSide().ID != "a" {
		t.Errorf("after the old button: %s's %v phase, want a's attack phase", s.PhasingSide().ID, s.Phase)
	}
}

// Ensure the same of a Quick-Start battle: the End phase button of the
// movement phase, pressed in the combat phase, ends nothing.
func TestQuickStartEndPhaseButtonOfAnEarlierPhase(t *testing.T) {
	f := scdFixture(t)
	f.cmdMust("alice", "scenario", "start", "name", "green-training", "side", "blake", "seed", "2")
	qsEndSetUp(t, f, map[string]string{"blake": "alice"})
	out := f.cmdMust("alice", "battle", "move", "unit", "DF", "facing", "NE")
	var old []Reply
	for _, r := range out {
		if len(r.Buttons) == 1 && r.Buttons[0].Label == "End phase" {
			old = append(old, r)
		}
	}
	before := f.scdCampaign(1).QuickStart.State
	for s := before; s.Phase == before.Phase || s.Sides[s.Acting] != "blake"; s = f.scdCampaign(1).QuickStart.State {
		f.cmdMust("alice", "battle", "end")
	}
	mid := f.scdCampaign(1).QuickStart.State
	got := cmdTexts(f.press("alice", old))
	if want := fmt.Sprintf("this End phase button was for game turn %d's %v phase; battle 1 is in game turn %d's %v phase now", before.Turn, before.Phase, mid.Turn, mid.Phase); !strings.Contains(got, want) {
		t.Errorf("the old End phase: %q, want %q", got, want)
	}
	if after := f.scdCampaign(1).QuickStart.State; after.Turn != mid.Turn || after.Phase != mid.Phase || after.Acting != mid.Acting {
		t.Errorf("the old End phase ended turn %d's %v phase", mid.Turn, mid.Phase)
	}
}

// actGrounded is a's air lances over the enemy, neither able to fly the
// 2 hexes a flight needs (000 line 1097) — A1 with 1 MP, A2 slowed to 1
// by its 30-point bomb load (line 1101) — so that they may strafe 0912
// and bomb 1210 in the movement phase before A3, on the ground, has
// moved (rulings AIR3, AIR4): the attack then ends A3's movement, and
// the bot asks first (ruling CMD4).
const actGrounded = `map: {seed: 7, theme: plains, sheets: 1}
terrain:
  "0912": {terrain: open, elevation: 0}
  "1210": {terrain: heavy-woods, elevation: 0}
rules: {crt: rulebook}
first: a
sides:
  - id: a
    units:
      - {id: A1, class: heavy-air, values: {ra: 15, ca: 13, d: 10, r: 15, mp: 1}, experience: veteran, hex: "0911"}
      - {id: A2, class: light-air, values: {ra: 8, ca: 6, d: 6, r: 15, mp: 7}, experience: green, chits: [bomb30], hex: "1111"}
      - {id: A3, class: medium-mech, values: {ra: 8, ca: 8, d: 10, r: 3, mp: 5}, hex: "1515"}
  - id: b
    units:
      - {id: B1, class: fire-mech, values: {ra: 10, ca: 6, d: 9, r: 4, mp: 4}, hex: "0912"}
      - {id: B2, class: tracked, values: {ra: 8, ca: 8, d: 6, r: 3, mp: 6}, hex: "0912"}
      - {id: B3, class: medium-mech, values: {ra: 8, ca: 8, d: 10, r: 3, mp: 5}, hex: "1210"}
`

// toMovement ends phases until a's next movement phase.
func (f *cmdFixture) toMovement() {
	turn := f.state().Turn
	for f.state().Turn == turn || f.state().PhasingSide().ID != "a" || f.state().Phase != referee.PhaseMovement {
		user := map[string]string{"a": "alice", "b": "bob"}[f.state().PhasingSide().ID]
		f.cmdMust(user, "battle", "end")
	}
}

// Ensure the buttons of a strafe and a bomb run carry the game turn and
// phase they were asked in, as an attack's do (ruling CMD4): the
// question that warned of the end of game turn 1's movement, pressed in
// game turn 2's movement phase, is refused and says how to make the
// attack now; so is a preview's button from the attack phase, which
// warned of nothing; the question asked anew acts.
func TestStrafeAndBombButtonsOfAnEarlierTurn(t *testing.T) {
	for _, tc := range []struct{ sub, unit, hex string }{
		{"strafe", "A1", "0912"},
		{"bomb", "A2", "1210"},
	} {
		attacked := func(f *cmdFixture) bool {
			u := f.state().Unit(tc.unit)
			return u.Attacked || u.BombDropped
		}
		t.Run(tc.sub, func(t *testing.T) {
			f := actFixture(t, actGrounded)
			warned := f.cmdMust("alice", "battle", tc.sub, "unit", tc.unit, "hex", tc.hex)
			if got := cmdTexts(warned); !strings.Contains(got, "Attacking now ends the movement phase for every unit of your side: A3 (5 MP)") {
				t.Fatalf("%s in the movement phase: %q", tc.sub, got)
			}
			f.cmdMust("alice", "battle", "end")
			preview := f.cmdMust("alice", "battle", tc.sub, "unit", tc.unit, "hex", tc.hex, "preview", "true")
			f.toMovement()
			refusal := "battle 1 has changed since you were asked: it is your movement phase now. Attacking now ends the movement phase for every unit of your side: A3 (5 MP)"
			command := fmt.Sprintf("/battle %s unit:%s hex:%s confirm:true", tc.sub, tc.unit, tc.hex)
			for _, old := range []struct {
				name string
				out  []Reply
			}{{"turn 1's warning", warned}, {"turn 1's preview", preview}} {
				if got := cmdTexts(f.press("alice", old.out)); !strings.Contains(got, refusal) || !strings.Contains(got, command) {
					t.Errorf("%s in turn 2's movement phase: %q", old.name, got)
				}
				if s := f.state(); s.Phase != referee.PhaseMovement || attacked(f) {
					t.Fatalf("%s acted: phase %v, %s attacked %v", old.name, s.Phase, tc.unit, attacked(f))
				}
			}
			f.press("alice", f.cmdMust("alice", "battle", tc.sub, "unit", tc.unit, "hex", tc.hex))
			if s := f.state(); s.Phase != referee.PhaseAttack || !attacked(f) {
				t.Errorf("turn 2's warning: phase %v, %s attacked %v", s.Phase, tc.unit, attacked(f))
			}
		})
	}
}

// Ensure an attack's button acts when pressed in the attack phase of
// the game turn it was asked in, whatever the question warned of: the
// word (endsWord) tells whether the question warned of the end of a
// movement phase, and is checked only when the press would end one, so
// a warning of more than the attack now does stands (ruling CMD4). A1's
// question warned in the movement phase; A2's preview, asked in the
// attack phase, warned of nothing.
func TestAttackButtonInTheAttackPhase(t *testing.T) {
	f := actFixture(t, strings.Replace(secPreviewScenario(t), ", chits: [aep]", "", 1))
	warned := f.cmdMust("alice", "battle", "attack", "unit", "A1", "target", "B3")
	if got := cmdTexts(warned); !strings.Contains(got, "Attacking now ends the movement phase") {
		t.Fatalf("the attack in the movement phase: %q", got)
	}
	f.cmdMust("alice", "battle", "end")
	for _, tc := range []struct {
		unit string
		out  []Reply
	}{
		{"A1", warned},
		{"A2", f.cmdMust("alice", "battle", "attack", "unit", "A2", "target", "B3", "preview", "true")},
	} {
		got := cmdTexts(f.press("alice", tc.out))
		if s := f.state(); s.Phase != referee.PhaseAttack || !s.Unit(tc.unit).Attacked || strings.Contains(got, "has changed") {
			t.Errorf("%s's button in the attack phase: phase %v, attacked %v: %q", tc.unit, s.Phase, s.Unit(tc.unit).Attacked, got)
		}
	}
}
