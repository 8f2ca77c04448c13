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

// pits rings each of hexes with hexes two levels up: a ground unit in
// one cannot climb out.
func pits(hexes ...string) string {
	rings := map[string][]string{"0905": {"0904", "1004", "1005", "0906", "0805", "0804"},
		"1102": {"1101", "1201", "1202", "1103", "1002", "1001"},
		"1108": {"1107", "1207", "1208", "1109", "1008", "1007"}}
	var b strings.Builder
	for _, h := range hexes {
		for _, r := range rings[h] {
			fmt.Fprintf(&b, "; cell %s open level=2", r)
		}
	}
	return b.String()
}

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

// Ensure a unit penned in near the enemy does not hide one farther off
// with a way to it: Red's three nearest lances are each in a pit, and
// its fourth, 9 hexes off on open ground, can fire in the three turns
// left, so Red plays on.
func TestTruceSeesPastPennedUnits(t *testing.T) {
	at := func(r4 string, more ...string) *referee.State {
		s, err := referee.ReadPosition(`map blank 32x17`+pits("0905", "1102", "1108")+`; rules turn-limit=20; turn 18 movement red player=1
			side red name="Red" retreat=west; side blue name="Blue" retreat=east
			unit R1 red heavy-mech regular 12/10/9 @0905 r=3 mp=2 ob=15
			unit R2 red heavy-mech regular 12/10/9 @1102 r=3 mp=2 ob=15
			unit R3 red heavy-mech regular 12/10/9 @1108 r=3 mp=2 ob=15
			unit R4 red heavy-mech regular 12/10/9 @`+r4+` r=3 mp=2 ob=15
			unit B1 blue heavy-mech regular 12/10/9 @1505 r=3 mp=2 ob=15`+strings.Join(more, ""), nil)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	if a := ai.New("red", ai.Normal, 1).Next(at("0605")); a.Kind == referee.ActTruce {
		t.Errorf("Red offered a truce with R4 three turns from firing")
	}
	// R4 in a pit too (with R1): nothing can come of going on.
	if a := ai.New("red", ai.Normal, 1).Next(at("0905")); a.Kind != referee.ActTruce {
		t.Errorf("every lance penned: Red's action %v, want a truce", a)
	}
	// An air lance flies over the pits: it may strike B1 this turn.
	s := at("0905", "\n\t\t\tunit RA1 red light-air regular 8/6/6 @0605 r=15 mp=12 mp-left=12")
	if a := ai.New("red", ai.Normal, 1).Next(s); a.Kind == referee.ActTruce {
		t.Error("Red offered a truce with an air lance in reach of B1")
	}
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
	fixed := []mirrorGame{{"small", 27, 0}, {"secrets", 127, 1}, {"artillery", 132, 1}}
	games := withMirrorGames(fixed, *truceGames)
	truces, same := 0, 0
	for i, g := range games {
		s, events := g.playNormal(t, ai.AutoResolveLimit, nil)
		end := events[len(events)-1]
		if !strings.Contains(end.Text, "ruling V18") {
			if i < len(fixed) {
				t.Errorf("%v: not ended by a truce: %s", g, end.Text)
			}
			continue
		}
		truces++
		full, fullEvents := g.playNormal(t, ai.AutoResolveLimit, ai.NoTruce)
		got, want := outcome(s), outcome(full)
		if got == want {
			same++
			continue
		}
		msg := fmt.Sprintf("%v: a truce ended it in turn %d with %s; played on (%s) it ends with %s", g, end.Turn, got, fullEvents[len(fullEvents)-1].Text, want)
		if i < len(fixed) {
			t.Error(msg)
		} else {
			t.Log(msg)
		}
	}
	t.Logf("%d of %d games ended by a truce, %d of them as played on", truces, len(games), same)
}
