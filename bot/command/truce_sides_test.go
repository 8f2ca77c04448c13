package command

import (
	"strings"
	"testing"

	"bfbot/campaign"
	"bfbot/referee"
)

// truceSidesFixture is a campaign whose battle is the position, of three
// sides or more, played by the users (side ID to user). The bot makes
// campaigns of two sides only (NewScenarioBattle), but the truce's rule
// is the referee's for any number (ruling V18), as a scenario file's
// battle may have: the fixture makes the campaign of the first two sides
// and adds each other side as that of a campaign of its own.
func truceSidesFixture(t *testing.T, position string, users map[string]string) *cmdFixture {
	t.Helper()
	st, err := referee.ReadPosition(position, nil)
	if err != nil {
		t.Fatal(err)
	}
	// of is the battle with the sides ids alone.
	of := func(ids ...string) *referee.State {
		n := st.Clone()
		n.Sides = nil
		n.Units = nil
		for _, id := range ids {
			n.Sides = append(n.Sides, *st.Side(id))
		}
		for _, u := range st.Units {
			if n.Side(u.Side) != nil {
				n.Units = append(n.Units, u)
			}
		}
		return n
	}
	c, err := campaign.NewScenarioBattle(0, "truce", of(st.Sides[0].ID, st.Sides[1].ID), "truce", 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, sd := range st.Sides[2:] {
		o, err := campaign.NewScenarioBattle(0, "truce", of(st.Sides[0].ID, sd.ID), "truce", 1)
		if err != nil {
			t.Fatal(err)
		}
		c.Sides = append(c.Sides, *o.Side(sd.ID))
		c.Battles[0].Sides = append(c.Battles[0].Sides, o.Battles[0].Sides[1])
	}
	c.Battles[0].State = st
	return seatedFixture(t, c, users)
}

// sidesState is the battle of a truceSidesFixture as it stands. It is
// read without the campaign's check (state), which wants two sides.
func (f *cmdFixture) sidesState() *referee.State {
	f.tb.Helper()
	c, err := f.store.Get(f.tb.Context(), 1)
	if err != nil {
		f.tb.Fatal(err)
	}
	return c.Battle(1).State
}

// truceThreeSides is a battle of the Lancers (alice), the Bandits (bob)
// and the Raiders (carol), whose unit is raiders.
func truceThreeSides(t *testing.T, raiders string) *cmdFixture {
	return truceSidesFixture(t, `map blank 32x17; turn 3 movement a player=1
		side a name="Lancers"; side b name="Bandits"; side c name="Raiders"
		unit A1 a heavy-mech regular 12/10/9 @0605 r=3 mp=4 ob=15
		unit B1 b medium-mech regular 8/8/8 @2010 r=3 mp=4 ob=10
		`+raiders, map[string]string{"a": "alice", "b": "bob", "c": "carol"})
}

// Ensure /battle truce with three sides, the Raiders' only unit hidden,
// follows the referee (ruling V18): the truce does not wait for the
// Raiders, so the Lancers' offer is the Bandits' to accept and the
// standing offer names them alone; the Bandits' offer, which ends the
// battle, is asked first, and their confirm:true, asked or not, accepted;
// the Raiders' confirm:true, which would only offer, is refused, and
// their offer made at once. Nothing tells the Lancers or the Bandits of
// the hidden unit.
func TestBattleTruceThreeSidesOneHidden(t *testing.T) {
	const hidden = "unit C1 c infantry regular 4/4/4 @1515 r=1 mp=2 hidden"
	t.Run("the Bandits accept", func(t *testing.T) {
		f := truceThreeSides(t, hidden)
		mine := seenBy(f.cmdMust("alice", "battle", "truce"), "alice")
		if want := "You offer to end battle 1 as it stands (ruling V18). If Bandits offers too (/battle truce), the battle ends at once, scored as it stands; any attack, strafe or bomb run by any side withdraws your offer."; !strings.Contains(mine, want) {
			t.Errorf("alice's offer, want %q:\n%s", want, mine)
		}
		standing := "Lancers offers to end the battle as it stands (ruling V18): Bandits may accept with /battle truce; any attack withdraws the offer."
		status := cmdTexts(f.cmdMust("mallory", "battle", "status", "battle", "1"))
		if !strings.Contains(status, standing) {
			t.Errorf("/battle status, want %q:\n%s", standing, status)
		}
		ask := cmdTexts(f.cmdMust("bob", "battle", "truce"))
		if !strings.Contains(ask, "private bob") || !strings.Contains(ask, "Lancers offers to end battle 1 as it stands (ruling V18). Accepting ends it now, scored as at its turn limit: the victory points as they stand, every side still in the field holding it.") {
			t.Errorf("bob's offer, which ends the battle, is not asked first: %s", ask)
		}
		if s := f.sidesState(); s.Phase == referee.PhaseOver || s.Side("b").OffersTruce {
			t.Fatal("the question acted")
		}
		out := f.cmdMust("bob", "battle", "truce", "confirm", "true")
		if s := f.sidesState(); s.Phase != referee.PhaseOver {
			t.Fatalf("bob's confirm:true did not end the battle:\n%s", cmdTexts(out))
		}
		seen := mine + status + ask + seenBy(out, "bob") + seenBy(out, "alice")
		if !strings.Contains(seen, "Bandits accepts the offer to end the battle as it stands (ruling V18)") {
			t.Errorf("the end by agreement is not told:\n%s", cmdTexts(out))
		}
		for _, leak := range []string{"C1", "hidden", "infantry", "1515"} {
			if strings.Contains(seen, leak) {
				t.Errorf("the Lancers or the Bandits are told %q of the Raiders' hidden unit:\n%s", leak, seen)
			}
		}
	})
	t.Run("the Bandits accept unasked", func(t *testing.T) {
		f := truceThreeSides(t, hidden)
		f.cmdMust("alice", "battle", "truce")
		if got := cmdTexts(f.cmdDo("bob", "battle", "truce", "confirm", "true")); f.sidesState().Phase != referee.PhaseOver {
			t.Errorf("bob's confirm:true typed unasked did not end the battle: %s", got)
		}
	})
	t.Run("the Raiders offer", func(t *testing.T) {
		f := truceThreeSides(t, hidden)
		f.cmdMust("alice", "battle", "truce")
		got := cmdTexts(f.cmdDo("carol", "battle", "truce", "confirm", "true"))
		if !strings.Contains(got, "⚠") || !strings.Contains(got, "Lancers offers to end battle 1, but your truce would not end it: Bandits must accept too (ruling V18). /battle truce without confirm makes your offer") {
			t.Errorf("carol's confirm:true, which would only offer: %s", got)
		}
		if s := f.sidesState(); s.Side("c").OffersTruce {
			t.Fatal("carol's refused acceptance was recorded as an offer")
		}
		mine := seenBy(f.cmdMust("carol", "battle", "truce"), "carol")
		if s := f.sidesState(); !s.Side("c").OffersTruce || s.Phase == referee.PhaseOver {
			t.Fatalf("carol's offer: recorded %v, phase %v; want it made at once", s.Side("c").OffersTruce, s.Phase)
		}
		if !strings.Contains(mine, "You offer to end battle 1 as it stands (ruling V18). If Bandits offers too (/battle truce)") {
			t.Errorf("carol's offer:\n%s", mine)
		}
		standing := "Lancers and Raiders offer to end the battle as it stands (ruling V18): Bandits may accept with /battle truce; any attack withdraws the offer."
		if got := cmdTexts(f.cmdMust("bob", "battle", "view")); !strings.Contains(got, standing) {
			t.Errorf("bob's /battle view, want %q:\n%s", standing, got)
		}
		if got := cmdTexts(f.cmdMust("bob", "battle", "truce")); !strings.Contains(got, "Lancers and Raiders offer to end battle 1 as it stands (ruling V18). Accepting ends it now") {
			t.Errorf("bob's acceptance is not asked first: %s", got)
		}
	})
}

// Ensure /battle truce with three sides all in sight: each offer but the
// last is made at once and does not end the battle, a confirm:true that
// would only offer is refused, the standing offer says that every side
// still to accept must, and the last offer is asked first.
func TestBattleTruceThreeSidesInSight(t *testing.T) {
	f := truceThreeSides(t, "unit C1 c light-mech regular 5/5/4 @1515 r=2 mp=6 ob=6")
	mine := seenBy(f.cmdMust("alice", "battle", "truce"), "alice")
	if !strings.Contains(mine, "If Bandits and Raiders offer too (/battle truce), the battle ends at once") {
		t.Errorf("alice's offer:\n%s", mine)
	}
	standing := "Lancers offers to end the battle as it stands (ruling V18): it ends once Bandits and Raiders have each accepted with /battle truce; any attack withdraws the offer."
	if got := cmdTexts(f.cmdMust("mallory", "battle", "status", "battle", "1")); !strings.Contains(got, standing) {
		t.Errorf("/battle status, want %q:\n%s", standing, got)
	}
	if got := cmdTexts(f.cmdDo("bob", "battle", "truce", "confirm", "true")); !strings.Contains(got, "Lancers offers to end battle 1, but your truce would not end it: Raiders must accept too (ruling V18)") {
		t.Errorf("bob's confirm:true, which would only offer: %s", got)
	}
	mine = seenBy(f.cmdMust("bob", "battle", "truce"), "bob")
	if s := f.sidesState(); !s.Side("b").OffersTruce || s.Phase == referee.PhaseOver || !strings.Contains(mine, "You offer to end battle 1") {
		t.Fatalf("bob's offer: recorded %v, phase %v; want it made at once:\n%s", s.Side("b").OffersTruce, s.Phase, mine)
	}
	ask := cmdTexts(f.cmdMust("carol", "battle", "truce"))
	if !strings.Contains(ask, "Lancers and Bandits offer to end battle 1 as it stands (ruling V18). Accepting ends it now") {
		t.Errorf("carol's offer, which ends the battle, is not asked first: %s", ask)
	}
	if s := f.sidesState(); s.Side("c").OffersTruce || s.Phase == referee.PhaseOver {
		t.Fatal("the question acted")
	}
	f.cmdMust("carol", "battle", "truce", "confirm", "true")
	if s := f.sidesState(); s.Phase != referee.PhaseOver {
		t.Fatal("carol's confirm:true did not end the battle")
	}
}

// Ensure, with four sides and the Wolves' only unit hidden, that the
// third offer, which ends the battle (the truce does not wait for the
// Wolves), is asked first, and the standing offer names the Raiders alone
// to accept.
func TestBattleTruceFourSides(t *testing.T) {
	f := truceSidesFixture(t, `map blank 32x17; turn 3 movement a player=1
		side a name="Lancers"; side b name="Bandits"; side c name="Raiders"; side d name="Wolves"
		unit A1 a heavy-mech regular 12/10/9 @0605 r=3 mp=4 ob=15
		unit B1 b medium-mech regular 8/8/8 @2010 r=3 mp=4 ob=10
		unit C1 c light-mech regular 5/5/4 @1515 r=2 mp=6 ob=6
		unit D1 d infantry regular 4/4/4 @2515 r=1 mp=2 hidden`,
		map[string]string{"a": "alice", "b": "bob", "c": "carol", "d": "dave"})
	f.cmdMust("alice", "battle", "truce")
	f.cmdMust("bob", "battle", "truce")
	standing := "Lancers and Bandits offer to end the battle as it stands (ruling V18): Raiders may accept with /battle truce; any attack withdraws the offer."
	if got := cmdTexts(f.cmdMust("mallory", "battle", "status", "battle", "1")); !strings.Contains(got, standing) {
		t.Errorf("/battle status, want %q:\n%s", standing, got)
	}
	ask := cmdTexts(f.cmdMust("carol", "battle", "truce"))
	if s := f.sidesState(); s.Side("c").OffersTruce || s.Phase == referee.PhaseOver {
		t.Fatalf("carol's offer, which ends the battle, was made unasked:\n%s", ask)
	}
	if !strings.Contains(ask, "Lancers and Bandits offer to end battle 1 as it stands (ruling V18). Accepting ends it now") {
		t.Errorf("carol's question: %s", ask)
	}
}

// Ensure, with three sides and the Raiders' only unit hidden, that a
// standing offer is told again as the Bandits' turn begins, whose offer
// the truce awaits, and not as the Raiders' does, whose offer would not
// end the battle.
func TestBattleTruceThreeSidesReminder(t *testing.T) {
	f := truceThreeSides(t, "unit C1 c infantry regular 4/4/4 @1515 r=1 mp=2 hidden")
	f.cmdMust("alice", "battle", "truce")
	reminder := "Lancers offers to end the battle as it stands (ruling V18): Bandits may accept with /battle truce"
	for _, c := range []struct {
		user, next string
		told       bool
	}{{"alice", "b", true}, {"bob", "c", false}} {
		f.cmdMust(c.user, "battle", "end")
		out := f.cmdMust(c.user, "battle", "end")
		if s := f.sidesState(); s.PhasingSide().ID != c.next || s.Phase != referee.PhaseMovement {
			t.Fatalf("after %s's turn: %s's %v phase, want %s's movement", c.user, s.PhasingSide().ID, s.Phase, c.next)
		}
		if told := strings.Contains(seenBy(out, ""), reminder); told != c.told {
			t.Errorf("the turn of %s began with the reminder %v, want %v:\n%s", c.next, told, c.told, cmdTexts(out))
		}
	}
}
