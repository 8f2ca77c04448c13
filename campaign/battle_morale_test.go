package campaign

import (
	"encoding/json"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"bfbot/mapgen/hex"
	"bfbot/referee"
	"bfbot/referee/dice"
)

// mrlContact is btlContact (crucis A6, A7 against bandits B8, B9 in
// sector 6, crucis moving first) with the morale table on, deployed by
// the AI helper so that game turn 1 has begun.
func mrlContact(tb testing.TB) (*Campaign, *Battle) {
	tb.Helper()
	c := btlCampaign(tb)
	c.Settings.MoraleTable = true
	a := btlGroup(tb, c, "crucis", 6, "A6", "A7")
	a.Moved, a.From = true, 5
	b := btlGroup(tb, c, "bandits", 6, "B8", "B9")
	if err := setUpBattle(c, 6, []BattleSide{{Side: "crucis", Battlegroups: []int{a.ID}}, {Side: "bandits", Battlegroups: []int{b.ID}}}, btlDice(tb, "4,5,2,3")); err != nil {
		tb.Fatal(err)
	}
	mustCheck(tb, c)
	bt := &c.Battles[len(c.Battles)-1]
	c = btlDeployAll(tb, c, bt.ID)
	return c, c.Battle(bt.ID)
}

// mrlDice is a script of d100 rolls (ruling ST1: tens and units d10,
// each a half die and a d6) and its source.
func mrlDice(tb testing.TB, rolls ...int) (*dice.Dice, *dice.Script) {
	tb.Helper()
	var faces []int
	for _, r := range rolls {
		faces = append(faces, stbD100(r)...)
	}
	return stbDice(tb, faces)
}

// mrlEndPhases ends n phases of battle id, each by its phasing side.
func mrlEndPhases(tb testing.TB, c *Campaign, id, n int, d *dice.Dice) *Campaign {
	tb.Helper()
	for range n {
		side := c.Battle(id).State.PhasingSide().ID
		next, _, err := BattleAct(c, id, side, referee.Action{Kind: referee.ActEnd}, d)
		c = btlMust(tb, next, err)
	}
	return c
}

// mrlEvents are the campaign events of battle id logged after mark.
func mrlEvents(c *Campaign, mark, id int, typ string) []Event {
	var out []Event
	for _, e := range c.Log.Since(mark) {
		if e.Battle == id && e.Type == typ {
			out = append(out, e)
		}
	}
	return out
}

var mrlScoreRE = regexp.MustCompile(`score (-?\d+)`)

// mrlScore reads the score of side's public morale event.
func mrlScore(tb testing.TB, evs []Event, side string) int {
	tb.Helper()
	for _, e := range evs {
		if e.Type == "morale" && e.Side == side && len(e.Audience) == 0 {
			if m := mrlScoreRE.FindStringSubmatch(e.Text); m != nil {
				n, _ := strconv.Atoi(m[1])
				return n
			}
		}
	}
	tb.Fatalf("no public morale event of %s in %v", side, evs)
	return 0
}

// Ensure the setting is off by default, and that with it off a game turn
// ending after damage rolls nothing and logs no morale check (004 line
// 181 is an option, R11).
func TestMoraleOffByDefault(t *testing.T) {
	if DefaultSettings().MoraleTable {
		t.Fatal("morale_table is on by default")
	}
	c, b := btlContact(t)
	if b.Morale != nil {
		t.Fatalf("a battle without the setting keeps morale facts %+v", b.Morale)
	}
	c = btlDeployAll(t, c, b.ID)
	btlSetState(c, b.ID, func(st *referee.State) { st.Unit("A6").Step = 1 })
	d, _ := stbDice(t, nil) // no faces: any roll fails
	mark := c.Log.Len()
	c = mrlEndPhases(t, c, b.ID, 4, d)
	if got := c.Battle(b.ID).State.Turn; got != 2 {
		t.Fatalf("game turn %d, want 2", got)
	}
	if len(d.Log()) != 0 || len(mrlEvents(c, mark, b.ID, "morale")) != 0 {
		t.Fatalf("rolls %v, morale events %v", d.Log(), mrlEvents(c, mark, b.ID, "morale"))
	}
	n, _, err := AutoResolveBattle(c, b.ID, dice.New(dice.NewSeeded(3)), 3)
	n = btlMust(t, n, err)
	if evs := mrlEvents(n, mark, b.ID, "morale"); len(evs) != 0 {
		t.Fatalf("auto-resolve without the setting checked morale: %v", evs)
	}
}

// Ensure the setting is validated: it is one of 004's tables (R11).
func TestMoraleTableSetting(t *testing.T) {
	st := DefaultSettings()
	st.MoraleTable = true
	if err := st.Validate(); err != nil {
		t.Fatalf("morale_table with setup_tables: %v", err)
	}
	st.SetupTables = false
	if err := st.Validate(); err == nil || !strings.Contains(err.Error(), "setup_tables") {
		t.Fatalf("morale_table without setup_tables = %v, want a refusal naming setup_tables", err)
	}
}

// Ensure the hook at the end of a game turn: the first shock (004 line
// 181: damage done in game turn 1) makes each side check once, in
// initiative order, from 50 (crucis) or 30 (the bandits, mercenaries,
// 004 line 183), with the first battle's +20 (line 193); every roll is
// logged, and the trigger is not rolled again at the next turn's end.
func TestMoraleTriggerHook(t *testing.T) {
	c, b := mrlContact(t)
	if m := b.Morale; m == nil || !m.First || !slices.Equal(m.Mechs, []string{"crucis", "bandits"}) {
		t.Fatalf("morale facts at the start %+v", b.Morale)
	}
	c = mrlEndPhases(t, c, b.ID, 3, btlDice(t, "1"))
	btlSetState(c, b.ID, func(st *referee.State) { st.Unit("A6").Step = 1 })
	d, src := mrlDice(t, 95, 95) // crucis, then the bandits
	mark := c.Log.Len()
	c = mrlEndPhases(t, c, b.ID, 1, d)
	mustCheck(t, c)
	if src.Remaining() != 0 {
		t.Fatalf("%d faces left: a check was not rolled", src.Remaining())
	}
	for _, r := range d.Log() {
		if !strings.HasPrefix(r.Purpose, "morale of ") {
			t.Errorf("roll %q is not a morale roll", r.Purpose)
		}
	}
	evs := mrlEvents(c, mark, b.ID, "morale")
	if len(evs) != 4 || evs[0].Side != "crucis" || evs[2].Side != "bandits" {
		t.Fatalf("morale events %+v, want crucis' public and secret, then the bandits'", evs)
	}
	// crucis lost 1 of 8 steps (light: +10), inflicted none (−20), are
	// veterans or better (+15, line 193), first battle +20; the bandits
	// took none (+20), inflicted light (−10), first battle +20; forces
	// about equal (line 187).
	for _, tc := range []struct {
		side, base string
		score      int
	}{
		{"crucis", "95 + 50", 95 + 50 + 10 - 20 + 15 + 20},
		{"bandits", "95 + 30", 95 + 30 + 20 - 10 + 20},
	} {
		if got := mrlScore(t, evs, tc.side); got != tc.score {
			t.Errorf("%s score %d, want %d (%v)", tc.side, got, tc.score, evs)
		}
		found := false
		for _, e := range evs {
			found = found || (e.Side == tc.side && slices.Equal(e.Audience, []string{tc.side}) && strings.Contains(e.Text, tc.base) && strings.Contains(e.Text, "first battle of the campaign"))
		}
		if !found {
			t.Errorf("%s: no secret detail with %q and the first battle: %v", tc.side, tc.base, evs)
		}
	}
	m := c.Battle(b.ID).Morale
	for _, side := range []string{"crucis", "bandits"} {
		if !slices.Equal(m.Rolled[side], []string{"the first shock of battle"}) {
			t.Errorf("%s rolled %v", side, m.Rolled[side])
		}
	}
	// The next game turn ends with the same trigger: no roll.
	d2, _ := stbDice(t, nil)
	mark = c.Log.Len()
	c = mrlEndPhases(t, c, b.ID, 4, d2)
	if len(d2.Log()) != 0 || len(mrlEvents(c, mark, b.ID, "morale")) != 0 {
		t.Fatalf("the first shock was checked twice: rolls %v", d2.Log())
	}
}

// Ensure the base is 30 for a mercenary side and 50 for another (004
// line 183), and that the setup tables' propaganda (line 66) reaches the
// check: same rolls, scores 20 and 15 apart.
func TestMoraleBaseAndPropaganda(t *testing.T) {
	score := func(t *testing.T, change func(c *Campaign, b *Battle), side string) int {
		c, b := mrlContact(t)
		change(c, b)
		btlSetState(c, b.ID, func(st *referee.State) { st.Unit("A6").Step = 1 })
		d, _ := mrlDice(t, 60, 60)
		mark := c.Log.Len()
		if _, err := c.moraleChecks(b, d); err != nil {
			t.Fatal(err)
		}
		return mrlScore(t, mrlEvents(c, mark, b.ID, "morale"), side)
	}
	t.Run("Mercenary", func(t *testing.T) {
		merc := score(t, func(c *Campaign, _ *Battle) { c.Side("bandits").Mercenary = true }, "bandits")
		regular := score(t, func(c *Campaign, _ *Battle) { c.Side("bandits").Mercenary = false }, "bandits")
		if merc != regular-20 || regular-merc != MoraleBase-MoraleBaseMercenary {
			t.Errorf("mercenary %d, regular %d: want 20 apart", merc, regular)
		}
	})
	t.Run("Propaganda", func(t *testing.T) {
		plain := score(t, func(*Campaign, *Battle) {}, "crucis")
		hit := score(t, func(_ *Campaign, b *Battle) { b.Morale.Propaganda = map[string]int{"crucis": PropagandaMorale} }, "crucis")
		if hit != plain+PropagandaMorale {
			t.Errorf("with propaganda %d, without %d: want %d apart", hit, plain, PropagandaMorale)
		}
	})
}

// Ensure what set-up keeps for the checks (ruling MR6): the tables'
// propaganda (non-zero only), prepared positions, the first battle
// (contacts of the first turn with a battle only) and 'Mech lances.
func TestStartMorale(t *testing.T) {
	c, b := mrlContact(t)
	bt := *b
	c.Side("bandits").Battlegroup(b.Sides[1].Battlegroups[0]).Prepared = true
	c.startMorale(&bt, map[string]int{"crucis": PropagandaMorale, "bandits": 0})
	m := bt.Morale
	if !slices.Equal(m.Prepared, []string{"bandits"}) || len(m.Propaganda) != 1 || m.Propaganda["crucis"] != -15 || !m.First {
		t.Fatalf("morale facts %+v", m)
	}
	got := map[string]int{}
	for _, x := range m.extra("bandits") {
		got[x.Name] = x.Value
	}
	if len(got) != 2 || got["prepared position (light)"] != 15 || got["first battle of the campaign"] != 20 {
		t.Errorf("bandits' campaign modifiers %v (004 lines 185, 193)", got)
	}
	later := bt
	later.Turn = c.Battles[0].Turn + 1
	c.startMorale(&later, nil)
	follow := bt
	follow.RetreatFrom = b.ID
	c.startMorale(&follow, nil)
	if later.Morale.First || follow.Morale.First {
		t.Error("a later battle or a follow-on battle counted as the first")
	}
	// Deep clone: changing the copy leaves the original alone.
	n := c.Clone()
	n.Battle(b.ID).Morale.Mechs[0] = "x"
	if c.Battle(b.ID).Morale.Mechs[0] != "crucis" {
		t.Error("Clone shares the battle's morale facts")
	}
	// JSON keeps them.
	raw, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	var back BattleMorale
	if err := json.Unmarshal(raw, &back); err != nil || !slices.Equal(back.Prepared, m.Prepared) || back.Propaganda["crucis"] != -15 {
		t.Errorf("JSON round trip %s gave %+v, %v", raw, back, err)
	}
}

// mrlEffectState is stbMoraleState (crucis A1 medium 'Mech, A3
// infantry, A4 medium air; bandits B1 heavy 'Mech, B3 hidden infantry,
// B5 infantry; all on the map) with four more crucis medium 'Mech
// lances A5–A8 of RA 12, 14, 10, 16 (A1 and A7 cost the same).
func mrlEffectState(tb testing.TB) *referee.State {
	tb.Helper()
	s := stbMoraleState(tb, nil)
	for i, ra := range []int{12, 14, 10, 16} {
		id := "A" + strconv.Itoa(5+i)
		s.Units = append(s.Units, &referee.Unit{ID: id, Side: "crucis", Name: id, Class: referee.MediumMech,
			Rows: referee.DeriveSteps(referee.Values{RA: ra, CA: ra, D: 8}), Range: 3, MP: 4, Status: referee.Active, Hex: hex.Hex{X: 2 + 2*i, Y: 10}})
	}
	sort.Slice(s.Units, func(i, j int) bool { return s.Units[i].ID < s.Units[j].ID })
	s.Phase, s.Turn = referee.PhaseMovement, 2
	if errs := s.Check(); len(errs) > 0 {
		tb.Fatalf("morale position breaks the invariants: %v", errs)
	}
	return s
}

// Ensure each result of the morale table (004 lines 199–211) has its
// BattleForce effect (rulings MR2–MR5).
func TestMoraleEffects(t *testing.T) {
	for _, tc := range []struct {
		name   string
		side   string
		levels map[string]MoraleLevel
		prep   func(s *referee.State)
		want   map[string]referee.Status // units that change
		notes  []string                  // units the referee note names
		moved  bool
	}{
		{name: "StandFast", side: "crucis", levels: map[string]MoraleLevel{"A1": StandFast, "A3": StandFast}},
		{name: "DemoralizedQuarterPerClass", side: "crucis", // line 201
			levels: map[string]MoraleLevel{"A1": Demoralized, "A5": Demoralized, "A6": Demoralized, "A7": Demoralized, "A8": Demoralized, "A3": Demoralized},
			// Five medium 'Mechs: one goes, the cheapest (A1 and A7 tie;
			// the higher ID goes); one infantry platoon: none.
			want: map[string]referee.Status{"A7": referee.Withdrawn}, moved: true},
		{name: "FightingWithdrawalAndFallback", side: "crucis", // lines 203, 205
			levels: map[string]MoraleLevel{"A1": FightingWithdrawal, "A3": FallbackPositions}, notes: []string{"A1", "A3"}},
		{name: "FullRetreat", side: "crucis", // line 207
			levels: map[string]MoraleLevel{"A1": FullRetreat, "A5": RetreatUncond},
			want:   map[string]referee.Status{"A1": referee.Withdrawn, "A5": referee.Withdrawn}, notes: []string{"A5"}, moved: true},
		{name: "Rout", side: "crucis", // line 209
			levels: map[string]MoraleLevel{"A1": Rout, "A4": Rout},
			want:   map[string]referee.Status{"A1": referee.Broken, "A4": referee.Withdrawn}, moved: true},
		{name: "CollapseCaptured", side: "crucis", // line 211
			levels: map[string]MoraleLevel{"A1": Collapse},
			want:   map[string]referee.Status{"A1": referee.Captured}, moved: true},
		{name: "CollapseNoEnemy", side: "crucis",
			levels: map[string]MoraleLevel{"A1": Collapse},
			prep: func(s *referee.State) {
				for i := range s.Units {
					if s.Units[i].Side == "bandits" {
						s.Units[i].Status = referee.Withdrawn
					}
				}
			},
			want: map[string]referee.Status{"A1": referee.Withdrawn}, moved: true},
		{name: "SurrenderedUnaffected", side: "crucis",
			levels: map[string]MoraleLevel{"A1": FullRetreat},
			prep:   func(s *referee.State) { s.Unit("A1").Status = referee.Surrendered }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := mrlEffectState(t)
			if tc.prep != nil {
				tc.prep(s)
			}
			before := s.Clone()
			b := &Battle{ID: 4, Sector: 6, State: s}
			res := MoraleResult{Side: tc.side, Roll: 12, Base: 50, Score: 62, Line: 221, Units: tc.levels}
			st, evs, moved := (&Campaign{}).applyMorale(b, res, "test")
			if moved != tc.moved {
				t.Errorf("moved = %v, want %v", moved, tc.moved)
			}
			for _, u := range st.Units {
				want, ok := tc.want[u.ID]
				if !ok {
					want = before.Unit(u.ID).Status
				}
				if u.Status != want {
					t.Errorf("%s is %v, want %v", u.ID, u.Status, want)
				}
			}
			if errs := st.Check(); len(errs) > 0 {
				t.Errorf("state check: %v", errs)
			}
			var note string
			for _, e := range evs {
				if e.Type == "referee-note" {
					if !slices.Equal(e.Audience, []string{RefereeAudience}) {
						t.Errorf("note to %v", e.Audience)
					}
					note = e.Text
				}
			}
			for _, id := range []string{"A1", "A3", "A4", "A5"} {
				if got, want := strings.Contains(note, id+" "), slices.Contains(tc.notes, id); got != want {
					t.Errorf("referee note names %s: %v, want %v (%q)", id, got, want, note)
				}
			}
			if b.State != s || s.Unit("A1").Status != before.Unit("A1").Status {
				t.Error("applyMorale changed the state it was given")
			}
		})
	}
}

// Ensure the secrecy of a check (ruling MR7): the public event names
// only counters the enemy can identify (air lances here: no blinds); the
// owner hears the modifiers and every result; a hidden counter that
// leaves is the owner's secret.
func TestMoraleSecrecy(t *testing.T) {
	s := mrlEffectState(t)
	b := &Battle{ID: 4, Sector: 6, State: s}
	res := MoraleResult{Side: "bandits", Roll: 12, Base: 30, Score: 42, Line: 223,
		Modifiers: []MoraleModifier{{"elite or highly experienced forces", 15, 193}},
		Units:     map[string]MoraleLevel{"B1": StandFast, "B3": FullRetreat, "B5": StandFast}}
	_, evs, _ := (&Campaign{}).applyMorale(b, res, "test")
	for _, e := range evs {
		public := len(e.Audience) == 0
		if public && (strings.Contains(e.Text, "B3") || strings.Contains(e.Text, "B1") || strings.Contains(e.Text, "elite")) {
			t.Errorf("public event tells too much: %q", e.Text)
		}
		if !public && !slices.Equal(e.Audience, []string{"bandits"}) {
			t.Errorf("event to %v: %q", e.Audience, e.Text)
		}
	}
	res = MoraleResult{Side: "crucis", Roll: 12, Base: 50, Score: 62, Line: 221, Units: map[string]MoraleLevel{"A1": StandFast, "A4": StandFast}}
	_, evs, _ = (&Campaign{}).applyMorale(b, res, "test")
	if !strings.Contains(evs[0].Text, "A4 stand fast") || strings.Contains(evs[0].Text, "A1") || !strings.Contains(evs[1].Text, "A1 stand fast") {
		t.Errorf("public %q, secret %q", evs[0].Text, evs[1].Text)
	}
	// A1, behind its blind, leaves: the enemy sees it go, not why.
	res.Units = map[string]MoraleLevel{"A1": FullRetreat}
	_, evs, _ = (&Campaign{}).applyMorale(b, res, "test")
	var public, owner string
	for _, e := range evs {
		if e.Type == "morale_effect" && len(e.Audience) == 0 {
			public = e.Text
		} else if e.Type == "morale_effect" {
			owner = e.Text
		}
	}
	if !strings.Contains(public, "A1 leaves the battle (morale)") || strings.Contains(public, "retreat") || !strings.Contains(owner, "A1 leaves the battle in full retreat") {
		t.Errorf("public %q, owner %q", public, owner)
	}
}

// Ensure a check that empties a side's field ends the battle at once
// and the campaign takes its result: the bandits, down to B9 with 2
// steps, no damage inflicted and clearly losing, collapse on a d100 of
// 1 (004 lines 187, 193, 236) and B9 is captured (ruling MR5).
func TestMoraleEndsBattle(t *testing.T) {
	c, b := mrlContact(t)
	c = mrlEndPhases(t, c, b.ID, 3, btlDice(t, "1"))
	btlSetState(c, b.ID, func(st *referee.State) {
		st.Unit("B8").Step, st.Unit("B8").Status = 4, referee.Destroyed
		st.Unit("B9").Step = 2
	})
	d, src := mrlDice(t, 100, 1) // crucis stands fast; the bandits
	mark := c.Log.Len()
	next, _, err := BattleAct(c, b.ID, "bandits", referee.Action{Kind: referee.ActEnd}, d)
	c = btlMust(t, next, err)
	if src.Remaining() != 0 {
		t.Errorf("%d faces left", src.Remaining())
	}
	nb := c.Battle(b.ID)
	if !nb.Over || nb.Outcome == nil || nb.Outcome.Winner != "crucis" {
		t.Fatalf("battle over %v outcome %+v", nb.Over, nb.Outcome)
	}
	if got := c.Side("bandits").Unit("B9").Status; got != UnitCaptured {
		t.Errorf("B9 is %s in the campaign, want captured", got)
	}
	if evs := mrlEvents(c, mark, b.ID, "morale_effect"); len(evs) != 1 || !strings.Contains(evs[0].Text, "B9 collapses and is captured") {
		t.Errorf("effects %v", evs)
	}
}

// Ensure the morale path ends a battle only as the referee would, and
// that the victory points and the RBG box then agree on who holds the
// field: the side whose units alone remain gathers the salvage left on
// the map (000 lines 2647, 2661), while a side with a late counter still
// to come has not left the battle (SC3).
func TestMoraleEndHoldsField(t *testing.T) {
	setUp := func(tb testing.TB, late bool, salvage int) (*Campaign, *Battle) {
		c := btlCampaign(tb)
		c.Settings.MoraleTable = true
		a := btlGroup(tb, c, "crucis", 6, "A6", "A7")
		a.Moved, a.From = true, 5
		b := btlGroup(tb, c, "bandits", 6, "B8", "B9", "B10")
		if err := setUpBattle(c, 6, []BattleSide{{Side: "crucis", Battlegroups: []int{a.ID}}, {Side: "bandits", Battlegroups: []int{b.ID}}}, btlDice(tb, "4,5,2,3")); err != nil {
			tb.Fatal(err)
		}
		bt := &c.Battles[len(c.Battles)-1]
		c = btlDeployAll(tb, c, bt.ID)
		c = mrlEndPhases(tb, c, bt.ID, 3, btlDice(tb, "1"))
		btlSetState(c, bt.ID, func(st *referee.State) {
			st.Unit("B8").Step, st.Unit("B8").Status = 4, referee.Destroyed
			st.Unit("B9").Step = 2
			if salvage > 0 {
				st.Salvage = map[hex.Hex]int{st.Unit("A6").Hex: salvage}
			}
			b10 := *st.Unit("B10")
			st.Units = slices.DeleteFunc(st.Units, func(u *referee.Unit) bool { return u.ID == "B10" })
			if late {
				// B10 arrives late, as the setup tables' delayed arrival
				// makes it (setup_apply.go).
				b10.Status = referee.Reserve
				st.Scenario = &referee.ScenarioRules{Reinforcements: []referee.Reinforcement{{Side: "bandits", Edge: referee.East, Turn: 9, Units: []referee.Unit{b10}}}}
			}
		})
		return c, c.Battle(bt.ID)
	}
	// endTurn ends game turn 3: crucis stands fast, the bandits' B9
	// collapses and is captured; it returns crucis' battle VP and what
	// its RBG box gained.
	endTurn := func(tb testing.TB, c *Campaign, id int) (*Campaign, int, int) {
		before := c.Side("crucis").Salvage
		d, _ := mrlDice(tb, 100, 1)
		next, _, err := BattleAct(c, id, "bandits", referee.Action{Kind: referee.ActEnd}, d)
		c = btlMust(tb, next, err)
		nb := c.Battle(id)
		if !nb.Over || nb.Outcome == nil {
			return c, 0, 0
		}
		return c, nb.Outcome.VP["crucis"], c.Side("crucis").Salvage - before
	}
	t.Run("LateCounterToCome", func(t *testing.T) {
		c, b := setUp(t, true, 2)
		c, _, _ = endTurn(t, c, b.ID)
		if nb := c.Battle(b.ID); nb.Over {
			t.Fatalf("the battle ended (%+v) while the bandits' B10 is still to come", nb.Outcome)
		}
		mustCheck(t, c)
	})
	t.Run("AloneOnTheField", func(t *testing.T) {
		c, b := setUp(t, false, 0)
		_, vp0, box0 := endTurn(t, c, b.ID)
		c, b = setUp(t, false, 2)
		c, vp2, box2 := endTurn(t, c, b.ID)
		if !c.Battle(b.ID).Over {
			t.Fatal("the battle goes on with crucis alone on the map")
		}
		if vp2-vp0 != 2*referee.SalvageVP || box2-box0 != 2 {
			t.Errorf("2 salvage counters on the map gave crucis %d VP and %d counters in its RBG box, want %d and 2", vp2-vp0, box2-box0, 2*referee.SalvageVP)
		}
	})
}

// Ensure whole auto-resolved battles with the setting on (and the setup
// tables rolled at contact) keep the campaign's Check green, check
// morale through the same hook, and are deterministic.
func TestMoraleAutoResolve(t *testing.T) {
	seeds := 12
	if testing.Short() {
		seeds = 4
	}
	checks := 0
	for seed := 1; seed <= seeds; seed++ {
		c := btlCampaign(t)
		c.Settings.SetupTables, c.Settings.MoraleTable = true, true
		a := btlGroup(t, c, "crucis", 6, "A1", "A2", "A3", "A6", "A7")
		a.Moved, a.From = true, 5
		g := btlGroup(t, c, "bandits", 6, "B1", "B2", "B3", "B8", "B9")
		if err := setUpBattle(c, 6, []BattleSide{{Side: "crucis", Battlegroups: []int{a.ID}}, {Side: "bandits", Battlegroups: []int{g.ID}}}, dice.New(dice.NewSeeded(uint64(seed)))); err != nil {
			t.Fatal(err)
		}
		mustCheck(t, c)
		b := c.Battles[len(c.Battles)-1]
		if b.Morale == nil {
			t.Fatal("no morale facts kept at set-up")
		}
		run := func() *Campaign {
			n, _, err := AutoResolveBattle(c, b.ID, dice.New(dice.NewSeeded(uint64(seed))), uint64(seed))
			return btlMust(t, n, err)
		}
		n := run()
		if !n.Battle(b.ID).Over {
			t.Fatalf("seed %d: the battle is not over", seed)
		}
		checks += len(mrlEvents(n, 0, b.ID, "morale"))
		if seed == 1 {
			x, _ := json.Marshal(n)
			y, _ := json.Marshal(run())
			if string(x) != string(y) {
				t.Fatal("the same seed gave two different campaigns")
			}
		}
	}
	if checks == 0 {
		t.Fatalf("%d auto-resolved battles checked morale not once", seeds)
	}
}

// Ensure a battle that nothing can change before its turn limit ends
// by ruling V17 only after the morale checks at the end of the game
// turn (004 line 181), which may still change its result: the referee
// leaves V17 to the campaign (referee.Settle).
func TestMoraleBeforeSettled(t *testing.T) {
	c, b := mrlContact(t)
	// The lances stand mid-map with 1 MP each, too far apart to meet or
	// to reach an edge in the two game turns left: V17 holds from the
	// start, and the referee leaves it to the campaign.
	btlSetState(c, b.ID, func(st *referee.State) {
		st.Rules.TurnLimit = 2
		for id, at := range map[string]string{"A6": "2009", "A7": "2109", "B8": "4409", "B9": "4509"} {
			st.Unit(id).Hex, st.Unit(id).MP = hex.MustParse(at), 1
		}
	})
	c = mrlEndPhases(t, c, b.ID, 3, btlDice(t, "1"))
	btlSetState(c, b.ID, func(st *referee.State) { st.Unit("A6").Step = 1 })
	d, src := mrlDice(t, 95, 95) // crucis, then the bandits
	side := c.Battle(b.ID).State.PhasingSide().ID
	c, evs, err := BattleAct(c, b.ID, side, referee.Action{Kind: referee.ActEnd}, d)
	c = btlMust(t, c, err)
	mustCheck(t, c)
	if src.Remaining() != 0 {
		t.Fatalf("%d faces left: the first shock was not checked", src.Remaining())
	}
	if bt := c.Battle(b.ID); !bt.Over {
		t.Fatalf("battle %d goes on in game turn %d", b.ID, bt.State.Turn)
	}
	// Had the referee ended the battle in its end phase, the checks
	// would not have rolled (moraleAfterTurn).
	settled := false
	for _, e := range evs {
		settled = settled || e.Type == "battle_end" && strings.Contains(e.Text, "ruling V17")
	}
	if !settled {
		t.Errorf("events %v: want the end by ruling V17", evs)
	}
}
