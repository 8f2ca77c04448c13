package ai_test

import (
	"flag"
	"fmt"
	"math"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"bfbot/referee"
	"bfbot/referee/ai"
	"bfbot/referee/dice"
	"bfbot/referee/scenario"
)

// The tournament: N seeded games per pairing of players, on every kind
// of mirror battle and every shipped scenario, each battle played twice
// with the seats swapped. BENCHMARKS.md has the table and its command:
//
//	go test ./referee/ai -run 'Tournament$' -tournament -v
var (
	tournament       = flag.Bool("tournament", false, "play the long AI tournament (TestTournament)")
	tournamentGames  = flag.Int("tournament.games", 400, "games per pairing and kind of battle (an even number: each battle is played from both seats)")
	tournamentFirst  = flag.Int("tournament.first", 0, "the first battle's number (its seed less 1,000): a fix tuned on battles 0–199 is checked on battles it was not tuned on")
	tournamentPairs  = flag.String("tournament.pairs", "normal-greedy,hard-normal,normal-easy,normal-random", "pairings to play, comma-separated player-opponent levels")
	tournamentKinds  = flag.String("tournament.kinds", "", "comma-separated kinds of battle (mirror kinds and scenario names); empty: all")
	tournamentStalls = flag.Bool("tournament.stalls", false, "log each stalled game: its seed and the units left on the map")
	tournamentLog    = flag.Bool("tournament.log", false, "log each game: its battle, seed, the player's seat, who won, and how the battle ended")

	balance          = flag.Bool("balance", false, "play the shipped scenarios Greedy against Greedy (TestScenarioBalance)")
	balanceGames     = flag.Int("balance.games", 200, "TestScenarioBalance: games per scenario")
	balanceScenarios = flag.String("balance.scenarios", "", "TestScenarioBalance: comma-separated scenario names; empty: all")
)

// tally is the record of one player against another on one kind of
// battle, counted for the player.
type tally struct {
	games                    int
	win, draw, loss          [2]int // by the player's seat: 0 the first side, 1 the second
	selfSteps, steps         int    // the player's steps lost to its own overburning, and all its non-fatal steps lost
	overruns, overrunsFailed int    // the player's overrun attempts, and those that failed (RA not 6 above D)
	strafes, groundAtAir     int    // the player's strafes and bombs, and its ground units' attacks on air lances
	turnCap                  int    // games that ran to the turn limit
	stalled                  int    // … of them, games in which nobody attacked in the last four turns
	truces                   int    // games ended by agreement (ruling V18)
}

func (t *tally) add(o tally) {
	t.games += o.games
	for i := range 2 {
		t.win[i] += o.win[i]
		t.draw[i] += o.draw[i]
		t.loss[i] += o.loss[i]
	}
	t.selfSteps += o.selfSteps
	t.steps += o.steps
	t.overruns += o.overruns
	t.overrunsFailed += o.overrunsFailed
	t.strafes += o.strafes
	t.groundAtAir += o.groundAtAir
	t.turnCap += o.turnCap
	t.stalled += o.stalled
	t.truces += o.truces
}

// wilson is the 95% Wilson score interval of k successes in n trials.
func wilson(k, n int) (lo, hi float64) {
	if n == 0 {
		return 0, 1
	}
	const z = 1.959964
	p, fn := float64(k)/float64(n), float64(n)
	den := 1 + z*z/fn
	c := (p + z*z/(2*fn)) / den
	h := z * math.Sqrt(p*(1-p)/fn+z*z/(4*fn*fn)) / den
	return c - h, c + h
}

// decided is the player's share of decided games won from seat i (−1:
// both seats) and its Wilson interval.
func (t *tally) decided(i int) (rate, lo, hi float64, n int) {
	w, l := t.win[0]+t.win[1], t.loss[0]+t.loss[1]
	if i >= 0 {
		w, l = t.win[i], t.loss[i]
	}
	n = w + l
	if n == 0 {
		return 0, 0, 1, 0
	}
	lo, hi = wilson(w, n)
	return float64(w) / float64(n), lo, hi, n
}

func (t *tally) row(player, opponent, kind string) string {
	w, d, l := t.win[0]+t.win[1], t.draw[0]+t.draw[1], t.loss[0]+t.loss[1]
	r, lo, hi, _ := t.decided(-1)
	seat := func(i int) string {
		r, lo, hi, n := t.decided(i)
		if n == 0 {
			return "—"
		}
		return fmt.Sprintf("%.0f%% (%.0f–%.0f)", 100*r, 100*lo, 100*hi)
	}
	self := "—"
	if t.steps > 0 {
		self = fmt.Sprintf("%.0f%%", 100*float64(t.selfSteps)/float64(t.steps))
	}
	ovr := "—"
	if t.overruns > 0 {
		ovr = fmt.Sprintf("%d/%d", t.overruns-t.overrunsFailed, t.overruns)
	}
	return fmt.Sprintf("| %s | %s | %s | %d | %d/%d/%d | %.0f%% (%.0f–%.0f) | %s | %s | %s | %s | %d/%d/%d | %d/%d |",
		player, opponent, kind, t.games, w, d, l, 100*r, 100*lo, 100*hi, seat(0), seat(1), self, ovr, t.turnCap, t.stalled, t.truces, t.strafes, t.groundAtAir)
}

// firstSide is, for a level against itself, the first side's share of
// the decided games whichever copy played it: the scenario balance
// (BENCHMARKS.md, "Scenario balance").
func (t *tally) firstSide(level, kind string) string {
	first, second := t.win[0]+t.loss[1], t.loss[0]+t.win[1]
	lo, hi := wilson(first, first+second)
	return fmt.Sprintf("%s on both sides, %s: first side won %d, second side %d, drawn %d: first side's share of decided games %.1f%% (95%% CI %.1f–%.1f)",
		level, kind, first, second, t.draw[0]+t.draw[1], 100*float64(first)/float64(max(first+second, 1)), 100*lo, 100*hi)
}

const tournamentHeader = "| player | opponent | battles | games | won/drawn/lost | won of decided (95% CI) | first seat | second seat | self-inflicted steps | overruns that went ahead | turn cap / stalled / truce | strafes+bombs / ground fire at air |\n|---|---|---|---|---|---|---|---|---|---|---|---|"

var stepsTaken = regexp.MustCompile(`takes (\d+) step`)

// count adds what the events say of side's play to t.
func (t *tally) count(events []referee.Event, side string, units map[string]string, kinds map[string]string) {
	for _, e := range events {
		switch e.Type {
		case "overburn_loss":
			if units[e.Unit] == side {
				t.selfSteps++
			}
		case "damage":
			if units[e.Unit] == side {
				if m := stepsTaken.FindStringSubmatch(e.Text); m != nil {
					n, _ := strconv.Atoi(m[1])
					t.steps += n
				}
			}
		case "overrun":
			if units[e.Unit] == side {
				t.overruns++
			}
		case "overrun_failed":
			if units[e.Unit] == side {
				t.overrunsFailed++
			}
		case "attack":
			if units[e.Attacker] != side {
				continue
			}
			if e.Mode == "strafe" || e.Mode == "bomb" {
				t.strafes++
			} else if kinds[e.Target] == "air" && kinds[e.Attacker] != "air" {
				t.groundAtAir++
			}
		}
	}
}

// scenarioTurns caps a tournament game of a shipped scenario, which has
// no turn limit of its own.
const scenarioTurns = 30

// playTournamentGame plays one game, player (at level pl) on seat and
// opponent (ol) on the other, and returns the player's tally of it.
func playTournamentGame(tb testing.TB, kind string, battle, seed uint64, seat int, pl, ol ai.Level) tally {
	tb.Helper()
	var s *referee.State
	var events []referee.Event
	var err error
	var sides []string
	const maxTurns = 20
	if isMirror(kind) {
		start := ai.MirrorBattle(tb, kind, battle)
		sides = []string{start.Sides[0].ID, start.Sides[1].ID}
		players := map[string]*ai.Player{sides[seat]: ai.New(sides[seat], pl, seed), sides[1-seat]: ai.New(sides[1-seat], ol, seed+7)}
		// Played as a campaign auto-resolves a battle (ruling CB4).
		s, events, err = ai.AutoResolveLimit(start, dice.New(dice.NewSeeded(seed)), players, maxTurns, nil)
	} else {
		sc := aixBook(tb, kind)
		sides = []string{sc.Setup.Sides[0].ID, sc.Setup.Sides[1].ID}
		players := map[string]*ai.Player{sides[seat]: ai.New(sides[seat], pl, seed), sides[1-seat]: ai.New(sides[1-seat], ol, seed+7)}
		for _, p := range players {
			ai.KnowLimit(p, scenarioTurns) // the tournament's own cap, told as CB4's is
		}
		out := scenario.Output{Event: func(e referee.Event) { events = append(events, e) }}
		s, err = sc.RunAI(dice.New(dice.NewSeeded(seed)), out, players, scenarioTurns)
	}
	if err != nil {
		tb.Fatalf("%s battle %d seed %d (%v as %s against %v): %v", kind, battle, seed, pl, sides[seat], ol, err)
	}
	var t tally
	t.games = 1
	me := sides[seat]
	switch s.Winner {
	case me:
		t.win[seat]++
	case "":
		t.draw[seat]++
	default:
		t.loss[seat]++
	}
	if *tournamentLog {
		end := ""
		if n := len(events); n > 0 && events[n-1].Type == "battle_end" {
			end = events[n-1].Text
		}
		tb.Logf("game: %s battle %d seed %d, %v as %s (seat %d) against %v: winner %q, turn %d; %s", kind, battle, seed, pl, me, seat+1, ol, s.Winner, s.Turn, end)
	}
	units, kinds := map[string]string{}, map[string]string{}
	for _, u := range s.Units {
		units[u.ID], kinds[u.ID] = u.Side, u.Class.Kind().String()
	}
	t.count(events, me, units, kinds)
	lastFight := 0
	for _, e := range events {
		if e.Type == "attack" {
			lastFight = e.Turn
		}
		if e.Type == "battle_end" && strings.Contains(e.Text, "ruling V17") && *tournamentStalls {
			tb.Logf("settled (V17): %s battle %d seed %d, %v as %s against %v, turn %d, last attack turn %d; %s", kind, battle, seed, pl, me, ol, e.Turn, lastFight, leftOnMap(s))
		}
		if e.Type == "battle_end" && strings.Contains(e.Text, "ruling V18") {
			t.truces++
			if *tournamentStalls {
				tb.Logf("truce (V18): %s battle %d seed %d, %v as %s against %v, turn %d, last attack turn %d; %s", kind, battle, seed, pl, me, ol, e.Turn, lastFight, leftOnMap(s))
			}
		}
		if e.Type == "battle_end" && strings.Contains(e.Text, "game turn") && strings.Contains(e.Text, "is over") {
			t.turnCap++
			if e.Turn-lastFight >= 4 {
				t.stalled++
				if *tournamentStalls {
					tb.Logf("stalled: %s battle %d seed %d, %v as %s against %v, last attack turn %d; %s", kind, battle, seed, pl, me, ol, lastFight, leftOnMap(s))
				}
			}
		}
	}
	return t
}

// leftOnMap describes the units active on the map at the end of a
// battle, by side: what a stalled game's log needs to tell who stalled.
func leftOnMap(s *referee.State) string {
	var b strings.Builder
	for _, sd := range s.Sides {
		fmt.Fprintf(&b, "%s (%d VP", sd.ID, sd.VP)
		if sd.Retreating {
			b.WriteString(", retreating")
		}
		b.WriteString("):")
		for _, u := range s.Units {
			if u.Side != sd.ID || u.Status != referee.Active {
				continue
			}
			hidden := ""
			if u.Hidden {
				hidden = " hidden"
			}
			fmt.Fprintf(&b, " %s %v%s at %v MP %d step %d;", u.ID, u.Class, hidden, u.Hex, u.MP, u.Step)
		}
		b.WriteString(" ")
	}
	return b.String()
}

func isMirror(kind string) bool {
	for _, k := range ai.MirrorKinds {
		if k == kind {
			return true
		}
	}
	return false
}

// playPairing plays games games (each battle from both seats, from
// battle first on) of pl against ol on kind.
func playPairing(tb testing.TB, kind string, first, games int, pl, ol ai.Level) tally {
	var t tally
	for g := range games {
		battle := uint64(first + g/2)
		t.add(playTournamentGame(tb, kind, battle, 1000+battle, g%2, pl, ol))
	}
	return t
}

// TestTournament is the long tournament, behind -tournament.
func TestTournament(t *testing.T) {
	if !*tournament {
		t.Skip("the long tournament runs with -tournament (BENCHMARKS.md)")
	}
	kinds := append(append([]string{}, ai.MirrorKinds...), scenario.BuiltIns()...)
	if *tournamentKinds != "" {
		kinds = strings.Split(*tournamentKinds, ",")
	}
	fmt.Fprintln(os.Stdout, tournamentHeader)
	for _, pair := range strings.Split(*tournamentPairs, ",") {
		a, b, ok := strings.Cut(pair, "-")
		pl, err1 := ai.ParseLevel(a)
		ol, err2 := ai.ParseLevel(b)
		if !ok || err1 != nil || err2 != nil {
			t.Fatalf("bad pairing %q: write player-opponent, e.g. normal-greedy", pair)
		}
		var all tally
		for _, kind := range kinds {
			r := playPairing(t, kind, *tournamentFirst, *tournamentGames, pl, ol)
			all.add(r)
			fmt.Fprintln(os.Stdout, r.row(a, b, kind))
			if pl == ol {
				fmt.Fprintln(os.Stdout, r.firstSide(a, kind))
			}
		}
		fmt.Fprintln(os.Stdout, all.row(a, b, "all"))
	}
}

// Ensure Normal still beats Greedy: a short fixed tournament (30 games on
// each of three kinds of mirror battle, each battle from both seats) in
// which Normal must win at least 55% of the decided games. The long
// tournament (TestTournament) measures the budgets.
func TestNormalBeatsGreedy(t *testing.T) { shortTournament(t, ai.Normal, ai.Greedy) }

// shortTournament plays pl against ol 30 games on each of three kinds of
// mirror battle and fails if pl wins under 55% of the decided games.
func shortTournament(t *testing.T, pl, ol ai.Level) {
	var all tally
	for _, kind := range []string{"small", "secrets", "air"} {
		r := playPairing(t, kind, 0, 30, pl, ol)
		t.Log(r.row(pl.String(), ol.String(), kind))
		all.add(r)
	}
	rate, lo, hi, n := all.decided(-1)
	t.Logf("%v won %.0f%% of %d decided games (95%% CI %.0f–%.0f%%)", pl, 100*rate, n, 100*lo, 100*hi)
	if rate < 0.55 {
		t.Errorf("%v won %.0f%% of decided games against %v, below 55%%", pl, 100*rate, ol)
	}
}

// TestScenarioBalance plays every shipped scenario with the same simple
// player (Greedy) on every side and prints how often each side wins;
// BENCHMARKS.md has the table and the command:
//
//	go test ./referee/ai -run 'ScenarioBalance$' -balance -v
func TestScenarioBalance(t *testing.T) {
	if !*balance {
		t.Skip("runs with -balance (BENCHMARKS.md)")
	}
	names := scenario.BuiltIns()
	if *balanceScenarios != "" {
		names = strings.Split(*balanceScenarios, ",")
	}
	fmt.Fprintln(os.Stdout, "| scenario | games | first side wins | second side wins | draws | first side's share of games (95% CI) |\n|---|---|---|---|---|---|")
	for _, name := range names {
		wins := map[string]int{}
		var ids []string
		for g := range *balanceGames {
			sc := aixBook(t, name)
			players := map[string]*ai.Player{}
			ids = ids[:0]
			for i, sd := range sc.Setup.Sides {
				players[sd.ID] = ai.New(sd.ID, ai.Greedy, uint64(g*7+i))
				ids = append(ids, sd.ID)
			}
			s, err := sc.RunAI(dice.New(dice.NewSeeded(uint64(g))), scenario.Output{}, players, 30)
			if err != nil {
				t.Fatalf("%s seed %d: %v", name, g, err)
			}
			if s.Phase != referee.PhaseOver {
				t.Fatalf("%s seed %d: not over", name, g)
			}
			wins[s.Winner]++
		}
		lo, hi := wilson(wins[ids[0]], *balanceGames)
		fmt.Fprintf(os.Stdout, "| %s | %d | %s %d | %s %d | %d | %.0f%% (%.0f–%.0f) |\n", name, *balanceGames, ids[0], wins[ids[0]], ids[1], wins[ids[1]], wins[""],
			100*float64(wins[ids[0]])/float64(*balanceGames), 100*lo, 100*hi)
	}
}
