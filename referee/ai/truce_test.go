package ai_test

import (
	"flag"
	"fmt"
	"strings"
	"testing"

	"bfbot/referee"
	"bfbot/referee/ai"
	"bfbot/referee/dice"
)

// truceAt is a position on open ground with a turn limit of 20: a slow
// heavy lance a side, Red's at red and Blue's at blue, in the movement
// phase of game turn turn of side phasing; offer lists the sides with a
// truce offer standing (ruling V18).
func truceAt(t *testing.T, turn int, phasing, red, blue string, offer ...string) *referee.State {
	t.Helper()
	side := func(id, name, edge string) string {
		s := fmt.Sprintf("side %s name=%q retreat=%s", id, name, edge)
		for _, o := range offer {
			if o == id {
				s += " truce"
			}
		}
		return s
	}
	s, err := referee.ReadPosition(fmt.Sprintf(`map blank 32x17; rules turn-limit=20; turn %d movement %s player=1
		%s; %s
		unit R1 red heavy-mech regular 12/10/9 @%s r=3 mp=2 ob=15
		unit B1 blue heavy-mech regular 12/10/9 @%s r=3 mp=2 ob=15`,
		turn, phasing, side("red", "Red", "west"), side("blue", "Blue", "east"), red, blue), nil)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// Ensure the AI offers a truce when it sees nothing coming of going on,
// and only then: lances 28 hexes apart at 2 MP cannot meet in the three
// turns left of a stalled battle, so Red offers; early in the battle, or
// with the enemy in reach, it plays on.
func TestTruceOffered(t *testing.T) {
	for _, tc := range []struct {
		name      string
		turn      int
		red, blue string
		want      bool
	}{
		{"too far apart for the turns left", 18, "0205", "3010", true},
		{"not stalled yet", 2, "0205", "3010", false},
		{"the enemy in reach", 18, "1205", "1505", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := ai.New("red", ai.Normal, 1)
			a := p.Next(truceAt(t, tc.turn, "red", tc.red, tc.blue))
			if got := a.Kind == referee.ActTruce; got != tc.want {
				t.Errorf("Red's action %v; want a truce offered: %v", a, tc.want)
			}
		})
	}
}

// Ensure a side that has come no nearer firing at the enemy since its
// last turn offers, and one that has does not: the first look has
// nothing to compare with and plays on.
func TestTruceWhenNoNearer(t *testing.T) {
	for _, tc := range []struct {
		name, then string
		want       bool
	}{
		{"stood still", "0205", true},
		{"came nearer", "0405", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := ai.New("red", ai.Normal, 1)
			if a := p.Next(truceAt(t, 10, "red", "0205", "1405")); a.Kind == referee.ActTruce {
				t.Fatalf("first look: %v, want no truce with nothing to compare", a)
			}
			a := p.Next(truceAt(t, 11, "red", tc.then, "1405"))
			if got := a.Kind == referee.ActTruce; got != tc.want {
				t.Errorf("next turn: %v; want a truce: %v", a, tc.want)
			}
		})
	}
}

// Ensure the AI accepts an offer standing when it would offer itself,
// which ends the battle as it stands, and plays on otherwise; Greedy
// never offers.
func TestTruceAccepted(t *testing.T) {
	s := truceAt(t, 18, "blue", "0205", "3010", "red")
	a := ai.New("blue", ai.Normal, 1).Next(s)
	if a.Kind != referee.ActTruce {
		t.Fatalf("Blue's action %v, want it to accept the truce", a)
	}
	end, events, err := referee.Apply(s, a, dice.New(dice.NewSeeded(1)))
	if err != nil {
		t.Fatal(err)
	}
	if last := events[len(events)-1]; end.Phase != referee.PhaseOver || !strings.Contains(last.Text, "V18") {
		t.Errorf("after Blue accepted: phase %v, last event %q; want the battle ended by agreement", end.Phase, last.Text)
	}
	if a := ai.New("blue", ai.Greedy, 1).Next(s); a.Kind == referee.ActTruce {
		t.Error("Greedy accepted a truce")
	}
	if a := ai.New("blue", ai.Normal, 1).Next(truceAt(t, 18, "blue", "1205", "1505", "red")); a.Kind == referee.ActTruce {
		t.Errorf("Blue accepted a truce with Red in reach")
	}
}

var truceGames = flag.Int("truce.games", 0, "TestTruceAsPlayedOn: also play this many games of each mirror kind, Normal on both sides")

// Ensure a truce (ruling V18) leaves out only turns in which nothing
// would have changed: each game the AI ended by agreement is played
// again from the same seeds with neither side offering, to the limit,
// and its result compared. The games are ones that ended by a truce in
// the tournament (small 27, secrets 127, artillery 132); -truce.games
// plays more, and reports how many of their truces came out as played
// on.
func TestTruceAsPlayedOn(t *testing.T) {
	type game struct {
		kind   string
		battle uint64
		seat   int
	}
	games := []game{{"small", 27, 0}, {"secrets", 127, 1}, {"artillery", 132, 1}}
	fixed := len(games)
	for _, kind := range ai.MirrorKinds {
		for g := range *truceGames {
			games = append(games, game{kind, uint64(g / 2), g % 2})
		}
	}
	truces, same := 0, 0
	for i, g := range games {
		seed := 1000 + g.battle
		play := func(offer bool) (*referee.State, []referee.Event) {
			start := ai.MirrorBattle(t, g.kind, g.battle)
			sides := []string{start.Sides[0].ID, start.Sides[1].ID}
			players := map[string]*ai.Player{sides[g.seat]: ai.New(sides[g.seat], ai.Normal, seed), sides[1-g.seat]: ai.New(sides[1-g.seat], ai.Normal, seed+7)}
			for _, p := range players {
				if !offer {
					ai.NoTruce(p)
				}
			}
			s, events, err := ai.AutoResolveLimit(start, dice.New(dice.NewSeeded(seed)), players, 20, nil)
			if err != nil {
				t.Fatalf("%s battle %d seat %d: %v", g.kind, g.battle, g.seat, err)
			}
			return s, events
		}
		s, events := play(true)
		end := events[len(events)-1]
		if !strings.Contains(end.Text, "ruling V18") {
			if i < fixed {
				t.Errorf("%s battle %d seat %d: not ended by a truce: %s", g.kind, g.battle, g.seat, end.Text)
			}
			continue
		}
		truces++
		full, fullEvents := play(false)
		got, want := outcome(s), outcome(full)
		if got == want {
			same++
			continue
		}
		msg := fmt.Sprintf("%s battle %d seat %d: a truce ended it in turn %d with %s; played on (%s) it ends with %s", g.kind, g.battle, g.seat, end.Turn, got, fullEvents[len(fullEvents)-1].Text, want)
		if i < fixed {
			t.Error(msg)
		} else {
			t.Log(msg)
		}
	}
	t.Logf("%d of %d games ended by a truce, %d of them as played on", truces, len(games), same)
}
