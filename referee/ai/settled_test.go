package ai_test

import (
	"flag"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"bfbot/referee"
	"bfbot/referee/ai"
	"bfbot/referee/dice"
)

var settledGames = flag.Int("settled.games", 0, "TestSettledAsAtTheLimit: also play this many games of each mirror kind, Normal on both sides")

// Ensure ruling V17 is honest: a battle it ends before the turn limit
// comes out as it would have at the limit. Each game is played twice
// from the same seeds, once as auto-resolve plays it (AutoResolveLimit:
// V17 asked as each game turn starts) and once to the end of game turn
// 20 with V17 never asked (AutoResolveWith), the players told the same
// limit: they decide alike until V17 ends the first, so the two may
// differ only by what happened in the turns V17 left out. The games are ones
// that stalled to the limit with nothing happening, which V17 now ends:
// slow units far apart (small 27; large 49), a hover and a wheeled
// lance penned in either side of woods (small 83; on the same map
// dropships 83 goes on, since a side's landed DropShip may lift off and
// leave the field and its salvage to the other). (Small 63, a retreat
// out of time V17 ended, is over sooner since a retreating unit that
// can leaves at once: its last truck is off the map in turn 18.)
// -settled.games plays more.
func TestSettledAsAtTheLimit(t *testing.T) {
	type game struct {
		kind   string
		battle uint64
		seat   int
	}
	games := []game{{"small", 27, 0}, {"small", 83, 0}, {"large", 49, 1}}
	fixed := len(games)
	for _, kind := range ai.MirrorKinds {
		for g := range *settledGames {
			games = append(games, game{kind, uint64(g / 2), g % 2})
		}
	}
	settled := 0
	for i, g := range games {
		seed := 1000 + g.battle
		play := func(resolve func(*referee.State, *dice.Dice, map[string]*ai.Player, int, ai.After) (*referee.State, []referee.Event, error)) (*referee.State, []referee.Event) {
			start := ai.MirrorBattle(t, g.kind, g.battle)
			sides := []string{start.Sides[0].ID, start.Sides[1].ID}
			players := map[string]*ai.Player{sides[g.seat]: ai.New(sides[g.seat], ai.Normal, seed), sides[1-g.seat]: ai.New(sides[1-g.seat], ai.Normal, seed+7)}
			for _, p := range players {
				ai.KnowLimit(p, 20) // both plays alike: the players play to game turn 20
				ai.NoTruce(p)       // V17 alone: a truce (V18) ends small 27 first
			}
			s, events, err := resolve(start, dice.New(dice.NewSeeded(seed)), players, 20, nil)
			if err != nil {
				t.Fatalf("%s battle %d seat %d: %v", g.kind, g.battle, g.seat, err)
			}
			return s, events
		}
		s, events := play(ai.AutoResolveLimit)
		end := events[len(events)-1]
		if !strings.Contains(end.Text, "ruling V17") {
			if i < fixed {
				t.Errorf("%s battle %d seat %d: not ended by V17: %s", g.kind, g.battle, g.seat, end.Text)
			}
			continue
		}
		settled++
		full, fullEvents := play(ai.AutoResolveWith)
		got, want := outcome(s), outcome(full)
		if got != want {
			t.Errorf("%s battle %d seat %d: V17 ended it in turn %d with %s; played to the limit (%s) it ends with %s", g.kind, g.battle, g.seat, end.Turn, got, fullEvents[len(fullEvents)-1].Text, want)
		}
	}
	t.Logf("%d of %d games ended by V17, each as at the limit", settled, len(games))
}

// outcome is what a battle's end decides: the winner, each side's
// victory points, the salvage left on the map and carried, and which
// units are lost. (Whether a unit left the map or stayed on it is not
// part of it outside a campaign: V17 keeps a battle going while leaving
// could change who gets the salvage or a surrendered unit.)
func outcome(s *referee.State) string {
	vp := s.VictoryPoints()
	var b strings.Builder
	fmt.Fprintf(&b, "winner %q", s.Winner)
	for _, k := range slices.Sorted(maps.Keys(vp)) {
		fmt.Fprintf(&b, ", %s %d VP", k, vp[k])
	}
	fmt.Fprintf(&b, ", salvage on the map %v", s.Salvage)
	for _, u := range s.Units {
		lost := u.Status == referee.Destroyed || u.Status == referee.Captured
		fmt.Fprintf(&b, ", %s step %d lost %v salvage %d", u.ID, u.Step, lost, u.Salvage)
	}
	return b.String()
}
