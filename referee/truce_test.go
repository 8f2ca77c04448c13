package referee

import (
	"slices"
	"strings"
	"testing"

	"bfbot/referee/dice"
)

// truceDuel is A1 (lancers) and B1 (bandits) on open ground at the given
// hexes, in the lancers' attack phase of game turn 3.
func truceDuel(tb testing.TB, b1 string) *State {
	return mustPosition(tb, `map blank 32x17; turn 3 attack lancers player=1
		side lancers name="Lancers"; side bandits name="Bandits"
		unit A1 lancers heavy-mech regular 12/10/9 @0605 r=3 mp=4 ob=15
		unit B1 bandits medium-mech regular 8/8/8 @`+b1+` r=3 mp=4 ob=10`)
}

func mustApply(tb testing.TB, s *State, side, text string) (*State, []Event) {
	tb.Helper()
	a := mustAction(tb, text)
	a.Side = side
	next, events, err := Apply(s, a, dice.New(dice.NewSeeded(1)))
	if err != nil {
		tb.Fatalf("%s: %s: %v", side, text, err)
	}
	return next, events
}

// Ensure a battle ends as it stands once both sides offer a truce (ruling
// V18): the first offer is public and leaves the battle going, a second
// from the same side is refused, and the enemy's offer, though it is not
// the enemy's phase, ends the battle with V17's scoring: nobody lost a
// step, so nobody wins.
func TestTruceEndsTheBattle(t *testing.T) {
	s := truceDuel(t, "2010")
	s, events := mustApply(t, s, "lancers", "truce")
	if s.Phase == PhaseOver || !s.Side("lancers").OffersTruce {
		t.Fatalf("one offer: phase %v, lancers offer %v; want the battle going with the offer standing", s.Phase, s.Side("lancers").OffersTruce)
	}
	if len(events) != 1 || events[0].Type != "truce" || events[0].Audience != nil || !strings.Contains(events[0].Text, "Lancers offers") {
		t.Fatalf("the offer's events = %+v, want one public truce event", events)
	}
	if v := s.View("bandits"); !v.Side("lancers").OffersTruce {
		t.Error("the bandits' view does not show the lancers' offer")
	}
	if _, _, err := Apply(s, Action{Kind: ActTruce, Side: "lancers"}, dice.New(dice.NewSeeded(1))); err == nil || !strings.Contains(err.Error(), "already offered") {
		t.Errorf("a second offer: err %v, want it refused as already offered", err)
	}
	if !hasAction(ValidSideActions(s, "bandits"), ActTruce) || hasAction(ValidSideActions(s, "lancers"), ActTruce) {
		t.Error("ValidSideActions: want truce offered to the bandits only")
	}
	s, events = mustApply(t, s, "bandits", "truce")
	if s.Phase != PhaseOver || s.Winner != "" {
		t.Fatalf("both offered: phase %v winner %q, want the battle over with no winner", s.Phase, s.Winner)
	}
	last := events[len(events)-1]
	if last.Type != "battle_end" || !strings.Contains(last.Text, "agreed") || !strings.Contains(last.Text, "V18") {
		t.Errorf("last event %+v, want the battle's end by agreement", last)
	}
}

// Ensure any attack withdraws every offer standing, with a public event,
// so that a later offer by the other side does not end the battle: fire,
// a strafe and an overrun (made in a move) alike; mines, which nobody
// chose to set off then, leave it.
func TestTruceLapsesOnAnAttack(t *testing.T) {
	heavy := mvUnit("A1", "lancers", AssaultMech, "1304", Values{18, 20, 12}, 4)
	light := mvUnit("B1", "bandits", LightMech, "1303", Values{5, 5, 4}, 4)
	for _, tc := range []struct {
		name   string
		s      *State
		action string
		lapses bool
	}{
		{"fire", truceDuel(t, "0805"), "attack A1 B1 ranged", true},
		{"strafe", cbBattle(t, terrain(nil), PhaseAttack,
			airUnit("A1", "lancers", HeavyAir, "0911", 15, 13, 10, 15, 10, Veteran),
			cbUnit("B1", "bandits", FireMech, "0912", Values{RA: 10, CA: 6, D: 9}, 4, Regular)), "strafe A1 0912", true},
		{"overrun", mvBattle(t, nil, heavy, light), "move A1 1303", true},
		{"mines", mustPosition(t, `map blank 32x17; turn 3 movement lancers player=1
			side lancers; side bandits mines=0506:20
			unit A1 lancers heavy-mech regular 12/10/9 @0505 r=3 mp=4 ob=15
			unit B1 bandits medium-mech regular 8/8/8 @2010 r=3 mp=4 ob=10`), "move A1 0506", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.s.Side("bandits").OffersTruce = true
			s, events := mustApply(t, tc.s, "lancers", tc.action)
			attacked, lapsed := false, false
			for _, e := range events {
				attacked = attacked || e.Type == "attack"
				lapsed = lapsed || e.Type == "truce" && e.Audience == nil && strings.Contains(e.Text, "lapses")
			}
			if !attacked {
				t.Fatalf("%s rolled no attack: %+v", tc.action, events)
			}
			if s.Side("bandits").OffersTruce == tc.lapses || lapsed != tc.lapses {
				t.Fatalf("after %s the offer stands %v, a public event says it lapsed %v; want it withdrawn: %v", tc.action, s.Side("bandits").OffersTruce, lapsed, tc.lapses)
			}
			if !tc.lapses {
				return
			}
			s.Phase, s.Phasing = PhaseMovement, 0
			if s, _ = mustApply(t, s, "lancers", "truce"); s.Phase == PhaseOver {
				t.Error("the battle ended on one offer after the other had lapsed")
			}
		})
	}
}

// Ensure no truce is offered before the battle has begun, and that the
// notation and the action's text form carry it.
func TestTruceWhenAndWritten(t *testing.T) {
	s := mustPosition(t, `map blank 32x17; turn 0 deploy lancers
		side lancers; side bandits`)
	if _, _, err := Apply(s, Action{Kind: ActTruce, Side: "bandits"}, dice.New(dice.NewSeeded(1))); err == nil {
		t.Error("a truce offered in the deployment was accepted")
	}
	// Only a tampered document holds an offer in the deployment: it is
	// refused, and were it played no deployment would end the battle.
	tampered := `map blank 32x17; turn 0 deploy lancers
		side lancers truce; side bandits truce
		unit A1 lancers heavy-mech regular 12/10/9 r=3 mp=4 ob=15`
	if back, err := ReadPosition(tampered, nil); err == nil && len(back.Check()) == 0 {
		t.Error("a position with truces offered in the deployment passed Check")
	} else if back != nil && back.truceAgreed() {
		t.Error("two offers standing in the deployment make a truce")
	}
	if _, err := ParseAction("truce now"); err == nil {
		t.Error(`"truce now" parsed`)
	}
	s = truceDuel(t, "2010")
	s, _ = mustApply(t, s, "bandits", "truce")
	b, err := Position{s}.MarshalText()
	if err != nil {
		t.Fatal(err)
	}
	text := string(b)
	back, err := ReadPosition(text, nil)
	if err != nil {
		t.Fatalf("reading %q: %v", text, err)
	}
	if !back.Side("bandits").OffersTruce || back.Side("lancers").OffersTruce {
		t.Errorf("the offer did not survive the notation: %q", text)
	}
}

func hasAction(as []Action, k ActionKind) bool {
	for _, a := range as {
		if a.Kind == k {
			return true
		}
	}
	return false
}

// truceThree is the lancers, the raiders and the bandits, in that order
// of initiative, in the raiders' movement phase of game turn 3: A1 and
// B1 on open ground, and the raiders' units given by raiders.
func truceThree(tb testing.TB, raiders string) *State {
	return mustPosition(tb, `map blank 32x17; turn 3 movement raiders player=8
		side lancers name="Lancers"; side raiders name="Raiders"; side bandits name="Bandits"
		unit A1 lancers heavy-mech regular 12/10/9 @0605 r=3 mp=4 ob=15
		unit B1 bandits medium-mech regular 8/8/8 @2010 r=3 mp=4 ob=10
		`+raiders)
}

// truceEnded is the battle's end by agreement in events, "" when there
// is none.
func truceEnded(s *State, events []Event) string {
	if s.Phase != PhaseOver || len(events) == 0 {
		return ""
	}
	if last := events[len(events)-1]; last.Type == "battle_end" && strings.Contains(last.Text, "V18") {
		return last.Text
	}
	return ""
}

// Ensure a truce with three sides waits for every side still in the
// battle, and names each of them, but not for a side with no unit left
// in sight: one whose units are all gone, or whose only unit left is
// hidden infantry (waiting for it would tell its enemies it is there;
// its own offer would still count). Its enemies end the battle between
// them, its victory points counted like theirs.
func TestTruceWithThreeSides(t *testing.T) {
	t.Run("all in the battle", func(t *testing.T) {
		s := truceThree(t, "unit C1 raiders light-mech regular 5/5/4 @1515 r=2 mp=6 ob=6")
		s, events := mustApply(t, s, "lancers", "truce")
		if want := "the battle ends once Raiders and Bandits have each accepted"; len(events) != 1 || !strings.Contains(events[0].Text, want) {
			t.Fatalf("the first offer's events %+v, want one naming both sides still to accept: %q", events, want)
		}
		if _, _, err := Apply(s, Action{Kind: ActTruce, Side: "lancers"}, dice.New(dice.NewSeeded(1))); err == nil || !strings.Contains(err.Error(), "already offered") || strings.Contains(err.Error(), "the enemy") {
			t.Errorf("a second offer: err %v, want it refused as already offered, without naming one enemy of two", err)
		}
		s, events = mustApply(t, s, "raiders", "truce")
		if s.Phase == PhaseOver || len(events) != 1 || !strings.Contains(events[0].Text, "Raiders offers") || !strings.Contains(events[0].Text, "; Bandits may accept") {
			t.Fatalf("two offers of three: phase %v, events %+v; want the battle going, the bandits still to accept", s.Phase, events)
		}
		s, events = mustApply(t, s, "bandits", "truce")
		if why := truceEnded(s, events); !strings.Contains(why, "Lancers, Raiders and Bandits agreed") {
			t.Fatalf("three offers: phase %v, end %q; want the battle ended by the three", s.Phase, why)
		}
	})
	for _, tc := range []struct{ name, raiders string }{
		{"one gone", "unit C1 raiders light-mech regular 5/5/4 destroyed step=4 @1515 r=2 mp=6 ob=6"},
		{"one hidden", "unit C1 raiders infantry regular 4/4/4 @1515 r=1 mp=2 hidden"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := truceThree(t, tc.raiders)
			s, events := mustApply(t, s, "lancers", "truce")
			if len(events) != 1 || !strings.Contains(events[0].Text, "; Bandits may accept") || strings.Contains(events[0].Text, "Raiders") {
				t.Fatalf("the first offer's events %+v, want the bandits alone named to accept", events)
			}
			s, events = mustApply(t, s, "bandits", "truce")
			why := truceEnded(s, events)
			if !strings.Contains(why, "Lancers and Bandits agreed") || !strings.Contains(why, "Raiders has no unit left in sight") {
				t.Fatalf("the lancers and the bandits offered: phase %v, end %q; want the battle ended by them", s.Phase, why)
			}
			if _, ok := events[len(events)-1].VP["raiders"]; !ok {
				t.Error("the raiders' victory points are not counted")
			}
		})
	}
	t.Run("hidden with two sides", func(t *testing.T) {
		s := mustPosition(t, `map blank 32x17; turn 3 attack lancers player=1
			side lancers name="Lancers"; side bandits name="Bandits"
			unit A1 lancers heavy-mech regular 12/10/9 @0605 r=3 mp=4 ob=15
			unit B1 bandits infantry regular 4/4/4 @2010 r=1 mp=2 hidden`)
		s, events := mustApply(t, s, "lancers", "truce")
		if s.Phase == PhaseOver || len(events) != 1 || !strings.Contains(events[0].Text, "; Bandits may accept") {
			t.Fatalf("one offer of two: phase %v, events %+v; want the battle going, the bandits named to accept", s.Phase, events)
		}
		if s, events = mustApply(t, s, "bandits", "truce"); truceEnded(s, events) == "" {
			t.Fatalf("both offered: phase %v, events %+v; want the battle ended", s.Phase, events)
		}
	})
}

// Ensure the truce holds, without a new offer, once the last side that
// had made none has no unit left in sight: here its last unit leaves the
// map (captured, for its side never declared a retreat).
func TestTruceHoldsWhenASideLeaves(t *testing.T) {
	s := truceThree(t, "unit C1 raiders light-mech regular 5/5/4 @0110 r=2 mp=6 mp-left=6 ob=6")
	s.Side("lancers").OffersTruce = true
	s.Side("bandits").OffersTruce = true
	s, events := mustApply(t, s, "raiders", "withdraw C1")
	if s.Unit("C1").Status == Active {
		t.Fatalf("C1 is still on the map: %+v", events)
	}
	if why := truceEnded(s, events); !strings.Contains(why, "Lancers and Bandits agreed") {
		t.Fatalf("the raiders' last unit left: phase %v, events %+v; want the battle ended by the truce", s.Phase, events)
	}
}

// Ensure TruceAwaited names the sides whose offers the truce awaits, as
// the offer's event does: each side in sight without an offer, or, when
// it waits for none, any side without one (ruling V18).
func TestTruceAwaited(t *testing.T) {
	for _, tc := range []struct {
		name, raiders string
		offers        []string
		want          []string
		each          bool
	}{
		{"all in sight", "unit C1 raiders light-mech regular 5/5/4 @1515 r=2 mp=6 ob=6", []string{"lancers"}, []string{"raiders", "bandits"}, true},
		{"one hidden", "unit C1 raiders infantry regular 4/4/4 @1515 r=1 mp=2 hidden", []string{"lancers"}, []string{"bandits"}, true},
		{"none waited for", "unit C1 raiders infantry regular 4/4/4 @1515 r=1 mp=2 hidden", []string{"bandits"}, []string{"lancers", "raiders"}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := truceThree(t, tc.raiders)
			if tc.name == "none waited for" {
				s.Unit("A1").Status = Withdrawn // the Lancers have no unit left in sight
			}
			for _, side := range tc.offers {
				s.Side(side).OffersTruce = true
			}
			got, each := s.TruceAwaited()
			if !slices.Equal(got, tc.want) || each != tc.each {
				t.Errorf("TruceAwaited = %v, %v; want %v, %v", got, each, tc.want, tc.each)
			}
		})
	}
}
