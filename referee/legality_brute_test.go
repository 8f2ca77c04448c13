package referee

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"bfbot/mapgen/hex"
	"bfbot/referee/dice"
)

// bruteAttacks is validAttacks without the index: every enemy unit on the
// map and not hidden, then every building hex, tried in full.
func bruteAttacks(s *State, u *Unit) []Action {
	if (s.Phase != PhaseMovement && s.Phase != PhaseAttack) || u.Side != s.PhasingSide().ID || readyToAttack(s, u) != nil || airUnmoved(s) != nil || (s.Phase == PhaseMovement && dropsPending(s)) {
		return nil
	}
	if u.Class.Kind() == KindAir {
		return airValidAttacks(s, u)
	}
	lines := newSightlines(s)
	var out []Action
	try := func(target string, at hex.Hex, modes ...AttackMode) {
		for _, m := range modes {
			a := Action{Kind: ActAttack, Side: u.Side, Unit: u.ID, Target: target, Mode: m}
			if p, err := planAttack(s, lines, u, a); err == nil {
				a.Observer = p.observer
				out = append(out, a)
			}
		}
	}
	for i := range s.Units {
		if v := s.Units[i]; v.Side != u.Side && v.Status.OnMap() && !v.Hidden {
			try(v.ID, v.Hex, Ranged, Close, CloseAssault)
		}
	}
	for y := range s.Map.Height {
		for x := range s.Map.Width {
			if h := (hex.Hex{X: x, Y: y}); s.Cell(h).Terrain.IsBuilding() {
				try(h.String(), h, Ranged, Close)
			}
		}
	}
	return out
}

// Ensure a Legality answers what the rules answer, however it got there:
// through random battles, at every state, each unit's attacks are those
// every target tried in full gives (the index by hex leaves none out and
// keeps their order), Attacks and NonAttacks split Actions in order, a
// Legality carried over from the state before (Next), with the attack
// lists it keeps, answers as a fresh one, and each side's View built in
// a reused buffer (its units brought up to date in place, view_reuse.go)
// equals a new one, and the carried Legality's Apply, in its memory (the
// search of the unit's moves it listed last included), gives the state
// and events Apply gives.
func TestLegalityMatchesBruteForce(t *testing.T) {
	battles, steps := 6, 150
	if testing.Short() {
		battles, steps = 2, 80
	}
	rng := rand.New(rand.NewPCG(20261127, 3))
	d := dice.New(dice.NewSeeded(20261127))
	// dm is Legality.Apply's, in step with d.
	dm := dice.New(dice.NewSeeded(20261127))
	kept := 0      // attack lists carried over from the state before
	viewsKept := 0 // views whose units were brought up to date in place
	for range battles {
		s := rpBattle(t, rng)
		drpRandomArrivals(rng, s)
		var carried *Legality
		bufs := map[string]*ViewBuffer{}
		for step := 0; step < steps && s.Phase != PhaseOver; step++ {
			fresh := NewLegality(s)
			if carried == nil {
				carried = NewLegality(s)
			} else {
				carried = carried.Next(s)
			}
			side := s.PhasingSide().ID
			for _, sd := range s.Sides {
				if checkViewReusing(t, step, s, sd.ID, bufs) {
					viewsKept++
				}
			}
			var options []Action
			for i := range s.Units {
				u := s.Units[i]
				all := fresh.Actions(u.ID)
				if got := carried.Actions(u.ID); !reflect.DeepEqual(got, all) {
					t.Fatalf("step %d, %s: carried over %v, fresh %v", step, u.ID, got, all)
				}
				if _, ok := carried.attacks[u.ID]; ok {
					kept++
				}
				if got, want := carried.Attacks(u.ID), fresh.Attacks(u.ID); !reflect.DeepEqual(got, want) {
					t.Fatalf("step %d, %s: attacks carried over %v, fresh %v", step, u.ID, got, want)
				}
				if got, want := fresh.Attacks(u.ID), bruteAttacks(s, u); fresh.unit(u.ID) != nil && !reflect.DeepEqual(got, want) {
					t.Fatalf("step %d, %s: attacks %v, every target tried %v", step, u.ID, got, want)
				}
				var attacks, others []Action
				for _, a := range all {
					if a.Kind == ActAttack || a.Kind == ActStrafe || a.Kind == ActBomb {
						attacks = append(attacks, a)
					} else {
						others = append(others, a)
					}
				}
				if got := fresh.Attacks(u.ID); !slices.EqualFunc(got, attacks, actionsEqual) {
					t.Fatalf("step %d, %s: Attacks %v, of all %v", step, u.ID, got, all)
				}
				if got := fresh.NonAttacks(u.ID); !slices.EqualFunc(got, others, actionsEqual) {
					t.Fatalf("step %d, %s: NonAttacks %v, of all %v", step, u.ID, got, all)
				}
				if u.Side == side {
					options = append(options, all...)
				}
			}
			a := Action{Kind: ActEnd, Side: side}
			if len(options) > 0 && rng.IntN(6) > 0 {
				a = options[rng.IntN(len(options))]
			}
			want, wantEvents, err := Apply(s, a, d)
			if err != nil {
				t.Fatalf("step %d: %v refused: %v", step, a, err)
			}
			if a.Kind == ActMove {
				// As the AI does: a unit's moves listed last, Apply
				// finds their search in the Legality's tables.
				carried.NonAttacks(a.Unit)
			}
			next, events, err := carried.Apply(a, dm)
			if err != nil || !reflect.DeepEqual(next, want) || !reflect.DeepEqual(events, wantEvents) {
				t.Fatalf("step %d: %v in the Legality's memory gives %v, %v; Apply gives %v", step, a, events, err, wantEvents)
			}
			s = next
		}
	}
	if kept == 0 {
		t.Error("no attack list was carried over from one state to the next: the test does not reach the attack phase")
	}
	if viewsKept == 0 {
		t.Error("no view was brought up to date in place: the test does not reach the reuse")
	}
	t.Logf("%d attack lists carried over, %d views brought up to date in place", kept, viewsKept)
}

func actionsEqual(a, b Action) bool { return reflect.DeepEqual(a, b) }

// Ensure Legality.Next carries an attack list over only while what it
// depends on stays the same: a list naming a target that is destroyed
// since is made afresh, an unchanged one is kept, one whose target only
// took a step and was disrupted is kept and is the list made afresh, and
// none is kept into another phase.
func TestLegalityNextDropsChangedLists(t *testing.T) {
	s := cbPosition(t, PhaseAttack, `
		unit A1 lancers heavy-mech regular 12/10/9 @0605 r=3 mp=4
		unit A2 lancers heavy-mech regular 12/10/9 @0705 r=3 mp=4
		unit B1 bandits assault-mech regular 8/8/30 @0505 r=3 mp=4`)
	targets := func(acts []Action) []string {
		var out []string
		for _, a := range acts {
			out = append(out, a.Target)
		}
		return out
	}
	q := NewLegality(s)
	if got := targets(q.Attacks("A2")); !slices.Contains(got, "B1") {
		t.Fatalf("A2 attacks %v, not B1", got)
	}
	if l := q.Next(s.Clone()); l.attacks["A2"] == nil {
		t.Error("the list of A2 is not carried over to an equal state")
	}
	gone := s.Clone()
	gone.Unit("B1").Status = Destroyed
	if got := targets(q.Next(gone).Attacks("A2")); slices.Contains(got, "B1") {
		t.Errorf("A2 still attacks B1 once it is destroyed: %v", got)
	}
	hit := s.Clone()
	hit.Unit("B1").Step, hit.Unit("B1").Disrupted = 2, true
	if l := q.Next(hit); l.attacks["A2"] == nil || !reflect.DeepEqual(l.Attacks("A2"), NewLegality(hit).Attacks("A2")) {
		t.Errorf("the list of A2 is not carried over when its target only took steps, or is not the list made afresh: %v", l.attacks["A2"])
	}
	moving := s.Clone()
	moving.Phase = PhaseMovement
	if l := q.Next(moving); l.attacks != nil {
		t.Errorf("attack lists carried into the movement phase: %v", l.attacks)
	}
}
