package referee

import (
	"maps"
	"strings"
	"testing"

	"bfbot/mapgen"
	"bfbot/mapgen/hex"
)

// Ensure mine attacks (000 lines 1040–1046): the first ground unit to
// enter a mined hex, friend or foe, is attacked at once with the mines'
// points against its D and no modifiers; every mine in the hex, of every
// side, goes off together and is spent (ruling M13); a survivor moves no
// more this turn; jumping units set mines off only where they land; mines
// never go off in water. Routes do not avoid mines the player cannot know
// of (ruling M12).
func TestMoveMines(t *testing.T) {
	a1 := mvUnit("A1", "lancers", MediumMech, "0505", Values{12, 12, 8}, 6)
	mvMined := func(t *testing.T, m *mapgen.Map, lancers, bandits map[hex.Hex]int, units ...Unit) *State {
		s := mvBattle(t, m, units...)
		s.Sides[0].Mines, s.Sides[1].Mines = lancers, bandits
		return s
	}
	mined := map[hex.Hex]int{h("0507"): 10}
	for _, tc := range []struct {
		name             string
		lancers, bandits map[hex.Hex]int
	}{
		{"EnemyMines", nil, mined},
		{"OwnMines", mined, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := mvMined(t, nil, maps.Clone(tc.lancers), maps.Clone(tc.bandits), a1)
			// 10 against D 8 is the +2 column; a 3 there is one step.
			next, events := mvDo(t, s, "lancers", "move A1 0508", mvDice(t, 1, 2))
			a := mvEvent(events, "attack")
			if a == nil || a.Mode != "mine" || a.Attacker != "mines" || *a.Value != 10 || *a.Defense != 8 || *a.Column != 2 || *a.Result != "1" || a.Audience != nil {
				t.Fatalf("attack %+v", a)
			}
			u := next.Unit("A1")
			if u.Hex != h("0507") || u.Step != 1 || !u.Halted {
				t.Errorf("A1 at %s, step %d, halted %v; want stopped at 0507 with a step lost", u.Hex, u.Step, u.Halted)
			}
			if n := next.MinesAt(h("0507")); n != 0 {
				t.Errorf("%d mine points left at 0507, want all spent", n)
			}
			if m := mvEvent(events, "move"); m == nil || *m.Hex != h("0507") {
				t.Errorf("move event %+v, want the move to 0507 told before the mines", m)
			}
			mvRefuse(t, next, "lancers", "move A1 0508", "A1 has ended its movement for this turn")
		})
	}
	t.Run("BothSidesTogether", func(t *testing.T) {
		s := mvMined(t, nil, map[hex.Hex]int{h("0507"): 5}, map[hex.Hex]int{h("0507"): 10}, a1)
		next, events := mvDo(t, s, "lancers", "move A1 0507", mvDice(t, 1, 2))
		if a := mvEvent(events, "attack"); a == nil || *a.Value != 15 || *a.Column != 7 || next.Unit("A1").Step != 2 {
			t.Errorf("attack %+v, A1 step %d: want 15 points on the +7 column, two steps", a, next.Unit("A1").Step)
		}
		if next.MinesAt(h("0507")) != 0 {
			t.Errorf("mines left")
		}
	})
	t.Run("JumpersOnlyWhereTheyLand", func(t *testing.T) {
		j := a1
		j.Jump = true
		s := mvMined(t, nil, nil, maps.Clone(mined), j)
		next, events := mvDo(t, s, "lancers", "move A1 0506 0507 0508", mvDice(t))
		if next.Unit("A1").Hex != h("0508") || mvEvent(events, "mines") != nil || next.MinesAt(h("0507")) != 10 {
			t.Errorf("jumper set off mines it leapt over")
		}
		next, _ = mvDo(t, s, "lancers", "move A1 0507", mvDice(t, 1, 2))
		if next.Unit("A1").Step != 1 || next.MinesAt(h("0507")) != 0 {
			t.Errorf("jumper landing on mines: step %d", next.Unit("A1").Step)
		}
	})
	t.Run("NeverInWater", func(t *testing.T) {
		m := terrain(map[string]mapgen.Cell{"0507": {Terrain: mapgen.Water1}})
		s := mvMined(t, m, nil, maps.Clone(mined), a1)
		next, events := mvDo(t, s, "lancers", "move A1 0506 0507 0508", mvDice(t))
		if next.Unit("A1").Hex != h("0508") || mvEvent(events, "mines") != nil {
			t.Errorf("mines went off in water")
		}
	})
	t.Run("Destroyed", func(t *testing.T) {
		weak := mvUnit("A1", "lancers", MediumMech, "0505", Values{4, 4, 2}, 6)
		s := mvMined(t, nil, nil, map[hex.Hex]int{h("0507"): 30}, weak)
		next, events := mvDo(t, s, "lancers", "move A1 0508", mvDice(t, 1, 1))
		if u := next.Unit("A1"); u.Status != Destroyed || u.Hex != h("0507") || mvEvent(events, "destroyed") == nil {
			t.Errorf("A1 %v at %s, want destroyed at 0507", u.Status, u.Hex)
		}
	})
	t.Run("SurrenderedBesideAHiddenUnit", func(t *testing.T) {
		// A friend and a hidden enemy fill 0506; the mines there make A1
		// surrender, so it meets no hidden infantry, and falls back: the
		// hidden unit that makes the hex full is revealed (ruling M12).
		h1 := mvUnit("H1", "bandits", Infantry, "0506", Values{6, 6, 4}, 2)
		h1.Hidden = true
		s := mvMined(t, nil, nil, map[hex.Hex]int{h("0506"): 10}, a1,
			mvUnit("A2", "lancers", MediumMech, "0506", Values{12, 12, 8}, 4), h1)
		next, events := mvDo(t, s, "lancers", "move A1 0506 0507", mvDice(t, 1, 1, 5, 6))
		if u := next.Unit("A1"); u.Status != Surrendered || u.Hex != h("0505") {
			t.Fatalf("A1 %v at %s; want surrendered and fallen back to 0505", u.Status, u.Hex)
		}
		if r := mvEvent(events, "revealed"); next.Unit("H1").Hidden || r == nil || r.Unit != "H1" || r.Audience != nil {
			t.Errorf("H1 hidden %v, revealed %+v: want revealed to all before A1 falls back", next.Unit("H1").Hidden, r)
		}
	})
	t.Run("FallBackFromOwnHiddenFill", func(t *testing.T) {
		// A friend and the lancers' own hidden platoon fill 0506, where the
		// bandits see one unit; the mines there stop A1 in it, and its
		// fall-back, which everyone sees, reveals the platoon (ruling M12).
		h2 := mvUnit("H2", "lancers", Infantry, "0506", Values{6, 6, 4}, 2)
		h2.Hidden = true
		s := mvMined(t, nil, nil, map[hex.Hex]int{h("0506"): 10}, a1,
			mvUnit("A2", "lancers", MediumMech, "0506", Values{12, 12, 8}, 4), h2)
		next, events := mvDo(t, s, "lancers", "move A1 0506 0507", mvDice(t, 1, 2))
		if u := next.Unit("A1"); u.Hex != h("0505") {
			t.Fatalf("A1 at %s; want fallen back to 0505", u.Hex)
		}
		if r := mvEvent(events, "revealed"); next.Unit("H2").Hidden || r == nil || r.Unit != "H2" || r.Audience != nil {
			t.Errorf("H2 hidden %v, revealed %+v: want revealed to all as A1 falls back", next.Unit("H2").Hidden, r)
		}
	})
	t.Run("FallBackFromAFullHex", func(t *testing.T) {
		// Two friends stand in 0506; the mines there stop A1 in it, so it
		// goes back to 0505 (ruling M12).
		s := mvMined(t, nil, nil, map[hex.Hex]int{h("0506"): 10}, a1,
			mvUnit("A2", "lancers", MediumMech, "0506", Values{12, 12, 8}, 4),
			mvUnit("A3", "lancers", MediumMech, "0506", Values{12, 12, 8}, 4))
		next, _ := mvDo(t, s, "lancers", "move A1 0506 0507", mvDice(t, 1, 2))
		if u := next.Unit("A1"); u.Hex != h("0505") || !u.Halted || u.Step != 1 {
			t.Errorf("A1 at %s, halted %v, step %d; want back at 0505, halted, one step lost", u.Hex, u.Halted, u.Step)
		}
	})
}

// Ensure hidden infantry (000 lines 1048–1055): the first enemy ground unit
// to enter its hex reveals it, and it close-assaults at once on the +5
// column with its experience shift, or, when its owner is asked, as he
// chooses (ruling M14), then takes two steps (000 line 1013); the mover
// stops there. Friends pass; jumping units meet
// it only where they land.
func TestMoveHiddenInfantry(t *testing.T) {
	a1 := mvUnit("A1", "lancers", MediumMech, "0505", Values{12, 12, 8}, 6)
	hidden := func(side string, exp Experience) Unit {
		u := mvUnit("H1", side, Infantry, "0507", Values{6, 6, 4}, 2)
		u.Hidden, u.Experience = true, exp
		return u
	}
	for _, tc := range []struct {
		exp    Experience
		column int
	}{{Regular, 5}, {Veteran, 6}, {Green, 4}} {
		t.Run(tc.exp.String(), func(t *testing.T) {
			s := mvBattle(t, nil, a1, hidden("bandits", tc.exp))
			// A 4 is one step on the +4 to +6 columns.
			next, events := mvDo(t, s, "lancers", "move A1 0508", mvDice(t, 1, 3))
			r := mvEvent(events, "revealed")
			if r == nil || r.Unit != "H1" || r.Audience != nil || *r.Hex != h("0507") {
				t.Errorf("revealed %+v, want H1 revealed to all at 0507", r)
			}
			a := mvEvent(events, "attack")
			if a == nil || a.Attacker != "H1" || a.Mode != "assault" || *a.Column != tc.column || *a.Result != "1" {
				t.Fatalf("attack %+v, want H1's close assault on the %+d column", a, tc.column)
			}
			u, inf := next.Unit("A1"), next.Unit("H1")
			if u.Hex != h("0507") || !u.Halted || u.Step != 1 {
				t.Errorf("A1 at %s, halted %v, step %d; want stopped at 0507 with a step lost", u.Hex, u.Halted, u.Step)
			}
			if inf.Hidden || inf.Step != 2 {
				t.Errorf("H1 hidden %v at step %d, want revealed at step 2", inf.Hidden, inf.Step)
			}
		})
	}
	t.Run("OwnerChooses", func(t *testing.T) {
		// Bandits' players are asked (000 line 1052): the move stops, the
		// battle waits for the choice, then the attack or none.
		s := mvBattle(t, nil, a1, hidden("bandits", Regular))
		s.Asked = []string{"bandits"}
		next, events := mvDo(t, s, "lancers", "move A1 0508", mvDice(t))
		if mvEvent(events, "attack") != nil || len(next.Ambushes) != 1 || next.Ambushes[0] != (Ambush{Infantry: "H1", Target: "A1"}) {
			t.Fatalf("ambushes %+v after the move, want H1 on A1 waiting and no attack yet", next.Ambushes)
		}
		if u := next.Unit("A1"); u.Hex != h("0507") || !u.Halted || next.Unit("H1").Hidden {
			t.Errorf("A1 at %s halted %v, H1 hidden %v: want A1 stopped at 0507, H1 revealed", u.Hex, u.Halted, next.Unit("H1").Hidden)
		}
		if _, _, err := Apply(next, Action{Kind: ActEnd, Side: "lancers"}, mvDice(t)); err == nil || !strings.Contains(err.Error(), "the battle waits for a choice of") || strings.Contains(err.Error(), "H1") {
			t.Errorf("ending the phase while H1's owner chooses: %v; want a wait that does not tell the choice (ruling SE7)", err)
		}
		if err := next.waitError(next.Unit("H1").Side); err == nil || !strings.Contains(err.Error(), "chooses first whether H1 attacks A1") {
			t.Errorf("H1's owner is not told his choice: %v", err)
		}
		if acts := ValidActions(next, "A1"); len(acts) != 0 {
			t.Errorf("valid actions while H1's owner chooses: %v", acts)
		}
		hit, evs, err := ResolveAmbush(next, "H1", true, mvDice(t, 1, 3))
		if err != nil {
			t.Fatal(err)
		}
		if a := mvEvent(evs, "attack"); a == nil || a.Attacker != "H1" || *a.Column != 5 || hit.Unit("A1").Step != 1 || hit.Unit("H1").Step != 2 || len(hit.Ambushes) != 0 {
			t.Errorf("attack %+v: A1 step %d, H1 step %d; want the +5 close assault, a step lost, two taken", a, hit.Unit("A1").Step, hit.Unit("H1").Step)
		}
		held, evs, err := ResolveAmbush(next, "H1", false, mvDice(t))
		if err != nil {
			t.Fatal(err)
		}
		if mvEvent(evs, "hold_fire") == nil || held.Unit("A1").Step != 0 || held.Unit("H1").Step != 0 || len(held.Ambushes) != 0 {
			t.Errorf("holding fire: events %v, A1 step %d, H1 step %d", evs, held.Unit("A1").Step, held.Unit("H1").Step)
		}
		if _, _, err := Apply(held, Action{Kind: ActEnd, Side: "lancers"}, mvDice(t)); err != nil {
			t.Errorf("the battle does not go on after the choice: %v", err)
		}
	})
	t.Run("FriendsPass", func(t *testing.T) {
		s := mvBattle(t, nil, a1, hidden("lancers", Regular))
		next, events := mvDo(t, s, "lancers", "move A1 0508", mvDice(t))
		if next.Unit("A1").Hex != h("0508") || !next.Unit("H1").Hidden || mvEvent(events, "revealed") != nil {
			t.Errorf("a friendly hidden unit was given away or stopped the move")
		}
	})
	t.Run("Jumpers", func(t *testing.T) {
		j := a1
		j.Jump = true
		s := mvBattle(t, nil, j, hidden("bandits", Regular))
		next, _ := mvDo(t, s, "lancers", "move A1 0506 0507 0508", mvDice(t))
		if next.Unit("A1").Hex != h("0508") || !next.Unit("H1").Hidden {
			t.Errorf("a jumper leaping over hidden infantry found it")
		}
		next, _ = mvDo(t, s, "lancers", "move A1 0507", mvDice(t, 1, 3))
		if next.Unit("H1").Hidden || next.Unit("A1").Step != 1 {
			t.Errorf("a jumper landing on hidden infantry was not attacked")
		}
	})
	t.Run("FallBackFromAFullHex", func(t *testing.T) {
		// 0507 looks like it holds one enemy; the hidden infantry makes
		// three, so A1 goes back to 0506 (ruling M12).
		slow := a1
		slow.MP = 3
		s := mvBattle(t, nil, slow, hidden("bandits", Regular), mvUnit("B2", "bandits", MediumMech, "0507", Values{12, 12, 8}, 4))
		next, events := mvDo(t, s, "lancers", "move A1 0507", mvDice(t, 1, 3))
		if u := next.Unit("A1"); u.Hex != h("0506") || !u.Halted || u.Step != 1 || mvEvent(events, "overrun") != nil {
			t.Errorf("A1 at %s, halted %v, step %d; want back at 0506", u.Hex, u.Halted, u.Step)
		}
	})
}

// Ensure surrendered units (000 line 970): an enemy entering the hex first
// captures the unit, and is not stopped by it; a friend entering first has
// it righted next turn, after which enemies no longer capture it; jumping
// units reach it only where they land (ruling M11).
func TestMoveSurrendered(t *testing.T) {
	a1 := mvUnit("A1", "lancers", MediumMech, "0505", Values{12, 12, 8}, 6)
	sur := func(id, side string) Unit {
		u := mvUnit(id, side, MediumMech, "0506", Values{12, 12, 8}, 4)
		u.Status, u.Disrupted = Surrendered, true
		return u
	}
	t.Run("Captured", func(t *testing.T) {
		s := mvBattle(t, nil, a1, sur("B1", "bandits"))
		next, events := mvDo(t, s, "lancers", "move A1 0506", mvDice(t))
		c := mvEvent(events, "captured")
		if next.Unit("B1").Status != Captured || c == nil || c.Audience != nil || c.Unit != "B1" {
			t.Errorf("B1 %v, event %+v: want captured, told to all", next.Unit("B1").Status, c)
		}
		if u := next.Unit("A1"); u.Halted || u.MPLeft != 5 {
			t.Errorf("A1 halted %v with %d MP: a capture does not stop it", u.Halted, u.MPLeft)
		}
	})
	t.Run("Righted", func(t *testing.T) {
		b1 := mvUnit("B1", "bandits", MediumMech, "0406", Values{12, 12, 8}, 4)
		s := mvBattle(t, nil, a1, sur("A2", "lancers"), b1)
		next, events := mvDo(t, s, "lancers", "move A1 0506 0507", mvDice(t))
		if !next.Unit("A2").Righting || mvEvent(events, "righting") == nil {
			t.Fatalf("A2 not set righting")
		}
		mvNextTurn(t, next, 1)
		next, events = mvDo(t, next, "bandits", "move B1 0506", mvDice(t))
		if next.Unit("A2").Status != Surrendered || mvEvent(events, "captured") != nil {
			t.Errorf("an enemy captured A2 after a friend reached it first")
		}
		mvNextTurn(t, next, 0)
		if u := next.Unit("A2"); u.Status != Active || u.Disrupted {
			t.Errorf("A2 %v, disrupted %v: want righted", u.Status, u.Disrupted)
		}
	})
	t.Run("Jumpers", func(t *testing.T) {
		j := a1
		j.Jump = true
		s := mvBattle(t, nil, j, sur("B1", "bandits"))
		next, _ := mvDo(t, s, "lancers", "move A1 0506 0507", mvDice(t))
		if next.Unit("B1").Status != Surrendered {
			t.Errorf("a jumper captured a unit it leapt over")
		}
		next, _ = mvDo(t, s, "lancers", "move A1 0506", mvDice(t))
		if next.Unit("B1").Status != Captured {
			t.Errorf("a jumper landing on a surrendered enemy did not capture it")
		}
	})
}

// mnAttack is the mine attack among events, nil when there is none. Like
// a mover's, it is told to every side (ruling M13): what it names is the
// unit that entered, never whose mines they were.
func mnAttack(t *testing.T, events []Event) *Event {
	t.Helper()
	for i, e := range events {
		if e.Type != "attack" || e.Mode != "mine" {
			continue
		}
		if len(e.Audience) != 0 || e.Attacker != "mines" {
			t.Errorf("mine attack %+v: want it public, made by the mines", e)
		}
		return &events[i]
	}
	return nil
}
