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
	fixed := []mirrorGame{{"small", 27, 0}, {"small", 83, 0}, {"large", 49, 1}}
	games := withMirrorGames(fixed, *settledGames)
	settled := 0
	for i, g := range games {
		// Both plays alike, V17 alone: a truce (V18) ends small 27 first.
		s, events := g.playNormal(t, ai.AutoResolveLimit, ai.NoTruce)
		end := events[len(events)-1]
		if !strings.Contains(end.Text, "ruling V17") {
			if i < len(fixed) {
				t.Errorf("%v: not ended by V17: %s", g, end.Text)
			}
			continue
		}
		settled++
		full, fullEvents := g.playNormal(t, ai.AutoResolveWith, ai.NoTruce)
		got, want := outcome(s), outcome(full)
		if got != want {
			t.Errorf("%v: V17 ended it in turn %d with %s; played to the limit (%s) it ends with %s", g, end.Turn, got, fullEvents[len(fullEvents)-1].Text, want)
		}
	}
	t.Logf("%d of %d games ended by V17, each as at the limit", settled, len(games))
}

// mirrorGame is a tournament game: a mirror battle of a kind, by its
// number, played with the player measured in seat (0 or 1).
type mirrorGame struct {
	kind   string
	battle uint64
	seat   int
}

func (g mirrorGame) String() string {
	return fmt.Sprintf("%s battle %d seat %d", g.kind, g.battle, g.seat)
}

// withMirrorGames is fixed and then, for each mirror kind, its first n
// games (battle 0 from both seats, then battle 1, …).
func withMirrorGames(fixed []mirrorGame, n int) []mirrorGame {
	games := fixed
	for _, kind := range ai.MirrorKinds {
		for g := range n {
			games = append(games, mirrorGame{kind, uint64(g / 2), g % 2})
		}
	}
	return games
}

// playNormal plays g, Normal on both sides, from the tournament's seeds
// by resolve, the players told its limit of 20 game turns and each set
// by set (nil: as they are).
func (g mirrorGame) playNormal(t *testing.T, resolve func(*referee.State, *dice.Dice, map[string]*ai.Player, int, ai.After) (*referee.State, []referee.Event, error), set func(*ai.Player)) (*referee.State, []referee.Event) {
	t.Helper()
	seed := 1000 + g.battle
	start := ai.MirrorBattle(t, g.kind, g.battle)
	sides := []string{start.Sides[0].ID, start.Sides[1].ID}
	players := map[string]*ai.Player{sides[g.seat]: ai.New(sides[g.seat], ai.Normal, seed), sides[1-g.seat]: ai.New(sides[1-g.seat], ai.Normal, seed+7)}
	for _, p := range players {
		ai.KnowLimit(p, 20)
		if set != nil {
			set(p)
		}
	}
	s, events, err := resolve(start, dice.New(dice.NewSeeded(seed)), players, 20, nil)
	if err != nil {
		t.Fatalf("%v: %v", g, err)
	}
	return s, events
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
