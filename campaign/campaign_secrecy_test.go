package campaign

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"bfbot/campaign/forces"
	"bfbot/mapgen"
	"bfbot/referee"
	"bfbot/referee/dice"
)

// ordSecrecyTurns bounds each random campaign of the secrecy test: long
// enough for the strategic AI, which gathers its battlegroups and weighs
// the odds before it seeks contact, to decide after a battle even in the
// short run's five campaigns.
const ordSecrecyTurns = 6

// ordStub reports an error from a part of the campaign turn another
// engineer has not built yet (a stub's *Error), which ends a run early.
func ordStub(err error) bool {
	var e *Error
	return errors.As(err, &e) && strings.Contains(e.Msg, "not built yet")
}

// Ensure nothing in any event addressed to a side reveals the enemy's
// positions, worksheet, orders or recon units beyond what the rules
// reveal: search answers (present or not, recon never), public drops and
// contacts (R10; 000 lines 2589, 2599–2601). Random campaigns, both sides
// played by AIOrders, battles auto-resolved; 20 seeds (about a second,
// under -short too: five no longer meet every rule checked), 200 with
// BFBOT_LONG=1.
func TestCampaignSecrecy(t *testing.T) {
	seeds := 20
	if os.Getenv("BFBOT_LONG") == "1" {
		seeds = 200
	}
	var seen ordSeen
	for seed := uint64(1); seed <= uint64(seeds); seed++ {
		t.Run(fmt.Sprint(seed), func(t *testing.T) { ordSecrecyRun(t, seed, &seen) })
	}
	// The runs must have met what the check is about, or it proves
	// nothing.
	if seen.found == 0 || seen.empty == 0 || seen.drops == 0 || seen.recon == 0 || seen.contacts == 0 || seen.hiddenRecon == 0 || seen.morale == 0 || seen.aiBattles == 0 || seen.aiHidden == 0 || seen.aiBlind == 0 {
		t.Errorf("the random campaigns did not cover the rules: %+v", seen)
	}
	t.Logf("covered: %+v", seen)
}

// ordSeen counts what the secrecy runs went through.
type ordSeen struct {
	found, empty, drops, recon, contacts, hiddenRecon, morale, turns int
	// aiBattles: AI decisions made after a battle the side fought, whose
	// hidden enemy facts ordNoCheating changed; aiBlind: enemy units
	// whose class it had not sighted, which it changed.
	aiBattles, aiHidden, aiBlind int
}

// ordNoCheating checks that side's AI orders do not change when every
// fact hidden from it changes (R10): where the enemy's battlegroups
// stand and what they hold, his worksheet, VP, orders, intel and secret
// events (his scouts' counts among them), and in each battle the side
// fought, the enemy's hidden units (any unit it does not see made a
// hidden one still fighting), the class and damage of every enemy unit
// it has not sighted or probed, and what the enemy learnt by sighting;
// and which sectors the enemy holds and held at the start.
func ordNoCheating(t *testing.T, c *Campaign, side string, seed uint64, seen *ordSeen) {
	t.Helper()
	want := AIOrders(c, side, seed)
	n := c.Clone()
	e := n.Enemy(side)
	for i := range e.Battlegroups {
		b := &e.Battlegroups[i]
		b.Sector = 1 + (b.Sector+int(seed)+i)%len(n.Map.Sectors)
		b.Prepared = !b.Prepared
		if len(b.Units) > 1 {
			b.Units = b.Units[:len(b.Units)-1]
		}
	}
	// Which sectors the enemy holds, and held at the start: the side
	// knows only those it holds itself (ruling CB14).
	if n.Sectors == nil {
		n.Sectors = map[int]SectorState{}
	}
	for _, sc := range n.Map.Sectors {
		ss := n.Sectors[sc.ID]
		ss.Holder = ordSwapEnemy(ss.Holder, side, e.ID)
		ss.Home = ordSwapEnemy(ss.Home, side, e.ID)
		n.Sectors[sc.ID] = ss
	}
	e.VP += 300
	e.Salvage += 7
	e.Orders = Orders{Searches: []int{1, 2}}
	// The enemy's intel, his searches' answers among it (one that found
	// nobody, by which the side tells a recon unit's search,
	// aiReconSearching), is his alone.
	e.Intel = append(e.Intel, Intel{Turn: n.Turn, Sector: 1, Present: true}, Intel{Turn: n.Turn, Sector: 2}, Intel{Turn: n.Turn, Sector: 2, Searched: true})
	n.Log.Append(Event{Turn: n.Turn, Step: "search", Type: "search", Audience: secret(e.ID), Side: e.ID, Sector: 1, Text: "invented"},
		Event{Turn: n.Turn, Step: "contact", Type: "setup", Audience: secret(e.ID), Side: e.ID, Sector: 1, Text: fmt.Sprintf(scoutCount, 99, 1)},
		// VP the enemy scored in secret: the side knows only its account
		// (ruling SE2), by which it judges whether it leads.
		Event{Turn: n.Turn, Step: "vp", Type: "vp", Audience: secret(e.ID), Side: e.ID, VP: 300, Text: "invented"})
	for i := range n.Battles {
		b := &n.Battles[i]
		if b.State == nil || !slices.ContainsFunc(b.Sides, func(bs BattleSide) bool { return bs.Side == side }) {
			continue
		}
		seen.aiBattles++
		delete(b.State.Known, e.ID)
		// Every enemy unit the side does not see becomes a hidden unit
		// still fighting (as hidden infantry would be, 000 line 1050).
		shown := map[string]bool{}
		for _, u := range b.State.View(side).Units {
			shown[u.ID] = true
		}
		for j := range b.State.Units {
			u := b.State.Units[j]
			if u.Side != e.ID {
				continue
			}
			if !shown[u.ID] {
				u.Hidden, u.Status = true, referee.Active
				seen.aiHidden++
			}
			// What the side never read of a unit it sees: its class
			// (another of the same kind) and its damage.
			k := b.State.KnownTo(side, u)
			if k&referee.KnowClass == 0 {
				u.Class = ordOtherClass(u.Class)
				seen.aiBlind++
			}
			if k&referee.KnowValues == 0 && u.Step > 0 {
				u.Step--
			}
		}
	}
	if got := AIOrders(n, side, seed); !reflect.DeepEqual(got, want) {
		t.Fatalf("turn %d: %s's AI orders changed with facts hidden from it:\n%+v\n%+v", c.Turn, side, want, got)
	}
}

// ordSwapEnemy is who holds a sector (or held it at the start) with the
// enemy's part changed: the enemy for nobody, nobody for the enemy; the
// side's own stays.
func ordSwapEnemy(holder, side, enemy string) string {
	switch holder {
	case side:
		return side
	case "":
		return enemy
	}
	return ""
}

// ordOtherClass is another class of cl's kind, cl when it has none.
func ordOtherClass(cl referee.Class) referee.Class {
	for _, o := range referee.Classes {
		if o != cl && o.Kind() == cl.Kind() {
			return o
		}
	}
	return cl
}

// ordSecrecyCampaign is a random campaign: map size and seed from the
// seed, some VP to buy recon units, sometimes a battalion in orbit.
func ordSecrecyCampaign(tb testing.TB, seed uint64) *Campaign {
	tb.Helper()
	m, err := mapgen.GenerateStrategic(seed, 3+int(seed%3), 2+int(seed/3%3))
	if err != nil {
		tb.Fatal(err)
	}
	var regs []forces.Regiment
	for _, id := range forces.BuiltInIDs {
		r, err := forces.BuiltIn(id)
		if err != nil {
			tb.Fatal(err)
		}
		regs = append(regs, r)
	}
	st := DefaultSettings()
	st.MapCols, st.MapRows, st.MapSeed = m.Cols, m.Rows, seed
	st.BattleTurnLimit = 3       // short battles: the campaign layer is under test
	st.MoraleTable = seed%3 == 0 // 004's morale checks tell of counters too (MR7)
	c, err := New(int64(seed), "secrecy", st, m, regs)
	if err != nil {
		tb.Fatal(err)
	}
	if c, err = Start(c, nil); err != nil {
		tb.Fatal(err)
	}
	c = ordVP(c, "bandits", int(seed%15))
	if seed%2 == 0 {
		c = ordOrbit(c, "crucis", 2) // Vanur's Battalion: all 'Mechs, may drop
	}
	mustCheck(tb, c)
	return c
}

func ordSecrecyRun(t *testing.T, seed uint64, seen *ordSeen) {
	c := ordSecrecyCampaign(t, seed)
	d := dice.New(dice.NewSeeded(seed))
	for turn := 0; turn < ordSecrecyTurns && c.Phase == PhaseOrders; turn++ {
		for i, s := range c.Sides {
			aiSeed := seed*1000 + uint64(turn*2+i)
			ordNoCheating(t, c, s.ID, aiSeed, seen)
			for _, o := range AIOrders(c, s.ID, aiSeed) {
				n, evs, err := GiveOrder(c, s.ID, o)
				if err != nil {
					t.Fatalf("turn %d: %s's AI order %+v refused: %v", c.Turn, s.ID, o, err)
				}
				ordCheckSecrecy(t, c, n, evs)
				c = n
			}
		}
		n, evs, err := ResolveTurn(c, d)
		if ordStub(err) {
			t.Logf("turn %d: %v; stopping", c.Turn, err)
			return
		}
		if err != nil {
			t.Fatalf("turn %d: %v", c.Turn, err)
		}
		mustCheck(t, n)
		ordCheckSecrecy(t, c, n, evs)
		ordCount(n, seen)
		c = n
		// A retreat into a sector holding another enemy battlegroup
		// starts a new battle (000 line 2659), so fight until none is
		// left; Check (after every battle) fails a turn with more battles
		// than ruling CI1 allows, so this ends.
		for len(Unfought(c)) > 0 {
			id := Unfought(c)[0]
			n, _, err := AutoResolveBattle(c, id, d, seed)
			if ordStub(err) {
				t.Logf("battle %d: %v; stopping", id, err)
				return
			}
			if err != nil {
				t.Fatalf("battle %d: %v", id, err)
			}
			mustCheck(t, n)
			c = n
		}
		n, evs, err = Advance(c, d)
		if ordStub(err) {
			t.Logf("turn %d: %v; stopping", c.Turn, err)
			return
		}
		if err != nil {
			t.Fatalf("turn %d advance: %v", c.Turn, err)
		}
		mustCheck(t, n)
		ordCheckSecrecy(t, c, n, evs)
		c = n
	}
}

// ordCount tallies a resolved turn.
func ordCount(c *Campaign, seen *ordSeen) {
	seen.turns++
	// Morale checks in the log so far (a third of the campaigns play
	// 004's morale table): only that some are made counts.
	for _, e := range c.Log.All() {
		if e.Type == "morale" {
			seen.morale++
		}
	}
	for _, s := range c.Sides {
		enemy := c.Enemy(s.ID)
		for _, in := range s.Intel {
			if in.Turn != c.Turn {
				continue
			}
			switch {
			case in.Drop:
				seen.drops++
			case in.Present:
				seen.found++
			default:
				seen.empty++
				for _, b := range enemy.BattlegroupsIn(in.Sector) {
					if b.Recon() {
						seen.hiddenRecon++
					}
				}
			}
		}
		for _, b := range s.Battlegroups {
			if b.Recon() {
				seen.recon++
			}
		}
	}
	for _, b := range c.Battles {
		if b.Turn == c.Turn {
			seen.contacts++
		}
	}
}

// ordFound is the truth a search must answer, computed apart from the
// code under test: does s have a battlegroup in sector that is not a
// recon unit (000 lines 2599)?
func ordFound(s *Side, sector int) bool {
	for _, b := range s.Battlegroups {
		if b.Sector == sector && !b.ReconESR && !b.ReconAEP {
			return true
		}
	}
	return false
}

// ordWord matches s as a whole word (unit IDs: "B1" is not in "B12").
func ordWord(s string) *regexp.Regexp {
	return regexp.MustCompile(`(^|[^A-Za-z0-9])` + regexp.QuoteMeta(s) + `($|[^A-Za-z0-9])`)
}

// ordCheckSecrecy checks the events a step made (from campaign before to
// after) against the enemy's real state after the step.
func ordCheckSecrecy(t *testing.T, before, after *Campaign, evs []Event) {
	t.Helper()
	steps := map[string]bool{"orders": true, "movement": true, "search": true, "contact": true}
	for _, x := range after.Sides {
		enemy := after.Enemy(x.ID)
		own := after.Side(x.ID)
		// What x may know of the enemy this turn: its public drops, its
		// searches and the contacts (battles) made this turn.
		allowed := map[int]bool{}
		for _, b := range enemy.Battlegroups {
			if b.Dropped {
				allowed[b.Sector] = true
			}
		}
		for _, b := range after.Battles {
			if b.Turn == after.Turn {
				allowed[b.Sector] = true
			}
		}
		// Searches are read aloud: the sector the enemy searched is one
		// it stands in (ruling CO4).
		for _, e := range evs {
			if e.Step == "search" && e.Type == "search" && e.Side == enemy.ID {
				allowed[e.Sector] = true
			}
		}
		var secrets []*regexp.Regexp
		for _, u := range enemy.Units {
			secrets = append(secrets, ordWord(u.ID))
		}
		for _, b := range enemy.Battlegroups {
			if !slices.ContainsFunc(own.Battlegroups, func(o Battlegroup) bool { return strings.EqualFold(o.Name, b.Name) }) {
				secrets = append(secrets, ordWord(b.Name))
			}
		}
		for _, e := range evs {
			if !e.For(x.ID) || !steps[e.Step] {
				continue
			}
			for _, re := range secrets {
				if re.MatchString(e.Text) {
					t.Errorf("turn %d: event to %s %q names enemy %s", e.Turn, x.ID, e.Text, re)
				}
			}
			if e.Side == enemy.ID {
				if e.Step == "orders" {
					t.Errorf("turn %d: %s sees the enemy's order %q", e.Turn, x.ID, e.Text)
				}
				if e.Sector != 0 && !allowed[e.Sector] {
					t.Errorf("turn %d: %s learns of enemy sector %d from %q (only drops and contacts are public)", e.Turn, x.ID, e.Sector, e.Text)
				}
				for _, sec := range after.Map.Sectors {
					if !allowed[sec.ID] && strings.Contains(e.Text, sec.Name) {
						t.Errorf("turn %d: %s learns of sector %s from enemy event %q", e.Turn, x.ID, sec.Name, e.Text)
					}
				}
			}
			if e.Step == "search" && e.Type == "search" && e.Side == x.ID {
				present := strings.Contains(e.Text, "are there")
				if present != ordFound(enemy, e.Sector) {
					t.Errorf("turn %d: %s's search of %d says %v; the enemy's non-recon battlegroups there: %v",
						e.Turn, x.ID, e.Sector, present, ordFound(enemy, e.Sector))
				}
			}
		}
		// Intel learnt in this step must be the truth and no more.
		for _, in := range own.Intel[len(before.Side(x.ID).Intel):] {
			switch {
			case in.Searched && len(enemy.BattlegroupsIn(in.Sector)) == 0:
				t.Errorf("turn %d: %s's intel %+v reports a search by an enemy that does not stand there", in.Turn, x.ID, in)
			case !in.Drop && !in.Searched && in.Present != ordFound(enemy, in.Sector):
				t.Errorf("turn %d: %s's intel %+v; the enemy's non-recon battlegroups there: %v", in.Turn, x.ID, in, ordFound(enemy, in.Sector))
			case in.Drop && !slices.ContainsFunc(enemy.Battlegroups, func(b Battlegroup) bool { return b.Dropped && b.Sector == in.Sector }):
				t.Errorf("turn %d: %s's intel %+v reports a drop that did not happen", in.Turn, x.ID, in)
			}
		}
	}
}

// Ensure no side can take an id the bot's addressees use (ruling SE3):
// a regiment file with `id: referee` is refused at its id line, with and
// without the checks; CheckRegiment, New and Check refuse every reserved
// id in any case, so a side's players can never be the audience of the
// referee's private notes.
func TestReservedSideIDs(t *testing.T) {
	data := tdRead(t, "regiments/referee_id.yaml")
	for name, read := range map[string]func([]byte) (forces.Regiment, error){"ReadRegiment": forces.ReadRegiment, "ReadRegimentChecked": forces.ReadRegimentChecked} {
		_, err := read(data)
		var fe *forces.RegimentFileError
		if !errors.As(err, &fe) {
			t.Fatalf("%s: got %v, want a *RegimentFileError", name, err)
		}
		if fe.Line != 3 || fe.Field != "id" || !strings.Contains(fe.Msg, `"referee" is reserved`) || !strings.Contains(fe.Msg, "choose another id") {
			t.Errorf("%s: got line %d field %q %q; want line 3, field id, the reserved id named and what to do", name, fe.Line, fe.Field, fe.Msg)
		}
	}
	// The same file with a free id is a good regiment: the id alone is
	// what is refused.
	if _, err := forces.ReadRegimentChecked([]byte(strings.Replace(string(data), "\nid: referee\n", "\nid: referee-guard\n", 1))); err != nil {
		t.Fatalf("the file with a free id: %v", err)
	}

	crucis, err := forces.BuiltIn("crucis")
	if err != nil {
		t.Fatal(err)
	}
	bandits, err := forces.BuiltIn("bandits")
	if err != nil {
		t.Fatal(err)
	}
	m, err := mapgen.GenerateStrategic(1, 3, 2)
	if err != nil {
		t.Fatal(err)
	}
	st := DefaultSettings()
	st.MapCols, st.MapRows, st.MapSeed = 3, 2, 1
	for _, id := range []string{"referee", "public", "all", "everyone", "spectator"} {
		t.Run(id, func(t *testing.T) {
			r := crucis
			r.ID = id
			if errs := forces.CheckRegiment(r); !slices.ContainsFunc(errs, func(e error) bool { return strings.Contains(e.Error(), "is reserved") }) {
				t.Errorf("CheckRegiment: %v, want the reserved id refused", errs)
			}
			if _, err := New(1, "x", st, m, []forces.Regiment{r, bandits}); err == nil || !strings.Contains(err.Error(), fmt.Sprintf("id %q is reserved", id)) {
				t.Errorf("New: %v, want the reserved id refused", err)
			}
			up := r
			up.ID = strings.ToUpper(id) // Referee, PUBLIC: refused in any case
			if _, err := New(1, "x", st, m, []forces.Regiment{bandits, up}); err == nil || !strings.Contains(err.Error(), "is reserved") {
				t.Errorf("New with %s: %v, want the reserved id refused", up.ID, err)
			}
		})
	}
	// A campaign stored before the ids were reserved fails Check, so the
	// store refuses to commit it rather than leak.
	c, err := New(1, "x", st, m, []forces.Regiment{crucis, bandits})
	if err != nil {
		t.Fatal(err)
	}
	if errs := c.Check(); len(errs) != 0 {
		t.Fatalf("a good campaign: %v", errs)
	}
	c.Sides[0].ID = RefereeAudience
	if errs := c.Check(); !slices.ContainsFunc(errs, func(e error) bool { return strings.Contains(e.Error(), "reserved") }) {
		t.Errorf("Check of a side called referee: %v, want it refused", errs)
	}
}

// Ensure a side's secret victory points change nothing anyone else can
// see (ruling SE2): two campaigns that differ only by crucis's secret
// recon purchase (CO1) and a secret objective (CB9) give bandits and the
// public the same views, VP included, while crucis sees its own account.
// At the end of the campaign every account is shown (000 line 2735).
func TestSecretVPStaysSecret(t *testing.T) {
	base := ordStarted(t)
	// Public points both campaigns share, as a battle gives them.
	base.emit(Event{Step: "battle", Type: "vp", Side: "crucis", VP: 20, Text: "crucis scores 20 victory points in battle 1"})
	base = ordGive(t, base, "crucis", Order{Kind: OrderSplit, Battlegroup: 2, Units: []string{"A6"}, Name: "Scouts"})
	scouts := base.Side("crucis").NextBattlegroup - 1
	secret := ordGive(t, base, "crucis", Order{Kind: OrderRecon, Battlegroup: scouts, ESR: true})
	secret.emit(Event{Step: "vp", Type: "objective", Audience: []string{"crucis"}, Side: "crucis", Sector: 1, VP: 7, Text: "crucis reaches the objectives of sector 1"})
	mustCheck(t, secret)
	own, open := secret.Side("crucis").VP, base.Side("crucis").VP
	if spent := secret.Side("crucis").VPSpent; spent == 0 || own != 20-spent+7 {
		t.Fatalf("crucis spent %d VP on recon and has %d: the purchase must cost", spent, own)
	}
	if own == open || open != 20 {
		t.Fatalf("crucis has %d VP with the secrets and %d without: the test needs them to differ, 20 public", own, open)
	}

	for _, viewer := range []string{"bandits", "", "mallory"} {
		a, _ := json.Marshal(View(secret, viewer))
		b, _ := json.Marshal(View(base, viewer))
		if string(a) != string(b) {
			t.Errorf("%q sees the secret purchase and objective:\n with: %s\n without: %s", viewer, a, b)
		}
		if got := secret.KnownVP("crucis", viewer); got != 20 {
			t.Errorf("%q knows crucis has %d VP, want the 20 public ones", viewer, got)
		}
	}
	if v := View(secret, "crucis"); v.Sides[0].VP != own || v.Own.VP != own {
		t.Errorf("crucis sees %d (summary) and %d (own) VP, want its own account %d", v.Sides[0].VP, v.Own.VP, own)
	}
	if v := RefereeView(secret); v.Sides[0].VP != own {
		t.Errorf("the referee sees %d VP for crucis, want %d", v.Sides[0].VP, own)
	}
	over := secret.Clone()
	over.Phase = PhaseOver
	for _, viewer := range []string{"bandits", ""} {
		if got := over.KnownVP("crucis", viewer); got != own {
			t.Errorf("at the end %q knows crucis has %d VP, want the whole account %d", viewer, got, own)
		}
	}
}
