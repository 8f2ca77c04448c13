package ai

import (
	"reflect"
	"slices"
	"testing"

	"bfbot/mapgen/hex"
	"bfbot/referee"
	"bfbot/referee/dice"
)

// recorded is what a campaign battle's record keeps of events: no die
// rolls, no MP left (campaign.Battle.logEvents).
func recorded(events []referee.Event) []referee.Event {
	var out []referee.Event
	for _, e := range events {
		if e.Dice == nil && e.Type != "roll" && e.Type != "mp" {
			out = append(out, e)
		}
	}
	return out
}

// memory is what a player remembers from the events it is told.
type memory struct {
	lastFight, lastHarm int
	stalledSince        bool
	hits                map[string]int
	shown               map[string]shownValues
	swept               map[hex.Hex]bool
	leapers             map[string]bool
}

func memoryOf(p *Player) memory {
	return memory{p.lastFight, p.lastHarm, p.stalledSince, p.hits, p.shown, p.swept, p.leapers}
}

// Ensure a player resumed in a battle under way (Resume, told the
// battle's record) remembers from events what a player kept since the
// battle started does, at several points of seeded Normal–Normal and
// Hard–Hard battles: when the battle was last fought and harmed, the
// steps dealt, the values shown, the hexes swept, the jumpers, and
// whether the battle has stalled. A player made afresh (New) and told
// nothing remembers none of it: from game turn 4 it took a battle fought
// the turn before for stalled.
func TestResumeRemembers(t *testing.T) {
	games := []struct {
		kind  string
		seed  uint64
		level Level
	}{
		{"secrets", 1, Normal}, {"small", 2, Normal}, {"air", 3, Normal},
		{"secrets", 4, Hard}, {"artillery", 5, Hard},
	}
	for _, g := range games {
		s := MirrorBattle(t, g.kind, g.seed)
		d := dice.New(dice.NewSeeded(g.seed))
		players := map[string]*Player{"red": New("red", g.level, g.seed), "blue": New("blue", g.level, g.seed+7)}
		var past []referee.Event
		compared, fought, stalledFresh := 0, false, false
		for step := 0; s.Phase != referee.PhaseOver && s.Turn <= 20; step++ {
			side := s.PhasingSide().ID
			a := players[side].Next(s)
			next, events, err := referee.Apply(s, a, d)
			if err != nil {
				t.Fatalf("%s %d step %d: %v refused: %v", g.kind, g.seed, step, a, err)
			}
			for _, p := range players {
				p.Observe(events)
			}
			past = append(past, recorded(events)...)
			s = next
			if step%23 != 0 {
				continue
			}
			for id, kept := range players {
				// A player whose turn has just begun asks whether the
				// battle has stalled at its first decision, which the
				// resumed player asked as it read the turn's start; one
				// that has not decided yet has not read its jumpers.
				if kept.turn == (playerTurn{}) || slices.ContainsFunc(events, func(e referee.Event) bool { return e.Type == "turn" && e.Side == id }) {
					continue
				}
				r := Resume(s, id, g.level, 99, slices.Values(past))
				if got, want := memoryOf(r), memoryOf(kept); !reflect.DeepEqual(got, want) {
					t.Fatalf("%s %d step %d turn %d: %s resumed remembers\n%+v\nkept:\n%+v", g.kind, g.seed, step, s.Turn, id, got, want)
				}
				k, rc := *kept, *r // stalled sets stalledSince: asked of copies
				if got, want := rc.stalled(s.Turn, s.Rules.TurnLimit), k.stalled(s.Turn, s.Rules.TurnLimit); got != want {
					t.Fatalf("%s %d step %d turn %d: %s resumed takes the battle for stalled %v, kept %v", g.kind, g.seed, step, s.Turn, id, got, want)
				}
				if kept.lastFight > 0 && s.Turn-kept.lastFight < stallTurns && s.Turn > stallTurns {
					fought = true
					fresh := New(id, g.level, 99)
					stalledFresh = stalledFresh || fresh.stalled(s.Turn, s.Rules.TurnLimit)
				}
				compared++
			}
		}
		if compared < 10 {
			t.Errorf("%s %d: only %d players compared", g.kind, g.seed, compared)
		}
		if !fought || !stalledFresh {
			t.Errorf("%s %d: no point past turn %d with a fight in the last %d turns at which a fresh player takes the battle for stalled", g.kind, g.seed, stallTurns, stallTurns)
		}
	}
}

// Ensure a resumed player reads nothing of the record its side may not
// read: told a record whose events hidden from it are others (attacks
// that took steps, moves of its own units, Extra 'Mech chits, in other
// turns), and more of them, it remembers and decides as told the true
// one, at points of seeded Normal and Hard battles with hidden units.
func TestNoCheatingResumed(t *testing.T) {
	hidden := 0 // events hidden from the side resumed
	for seed := range uint64(4) {
		level := []Level{Normal, Hard}[seed%2]
		s := MirrorBattle(t, "secrets", seed)
		d := dice.New(dice.NewSeeded(seed))
		players := map[string]*Player{"red": New("red", level, seed), "blue": New("blue", level, seed+7)}
		var past []referee.Event
		for step := 0; s.Phase != referee.PhaseOver && step < 400; step++ {
			side := s.PhasingSide().ID
			if step%17 == 0 {
				other := perturbHidden(past, side, s.Turn, &hidden)
				a, b := Resume(s, side, level, seed, slices.Values(past)), Resume(s, side, level, seed, slices.Values(other))
				if !reflect.DeepEqual(memoryOf(a), memoryOf(b)) {
					t.Fatalf("seed %d step %d: %s remembers what it may not know:\n%+v\n%+v", seed, step, side, memoryOf(a), memoryOf(b))
				}
				if got, want := b.Next(s), a.Next(s); !reflect.DeepEqual(got, want) {
					t.Fatalf("seed %d step %d: %s chose %v told the true record, %v told another", seed, step, side, want, got)
				}
			}
			a := players[side].Next(s)
			next, events, err := referee.Apply(s, a, d)
			if err != nil {
				t.Fatalf("seed %d step %d: %v refused: %v", seed, step, a, err)
			}
			for _, p := range players {
				p.Observe(events)
			}
			past = append(past, recorded(events)...)
			s = next
		}
	}
	if hidden == 0 {
		t.Error("no event of the records was hidden from the side resumed: nothing checked")
	}
}

// perturbHidden is past with each event side may not read replaced by
// one it may not read either that would change its memory if read (an
// attack that took steps, in game turn turn, on a unit of the side; a
// move of one of its units through hexes it never entered; an Extra
// 'Mech chit absorbing a step of a unit it hit), one such event added
// after each; hidden counts the events replaced.
func perturbHidden(past []referee.Event, side string, turn int, hidden *int) []referee.Event {
	var out []referee.Event
	for i, e := range past {
		if e.Visible(side) {
			out = append(out, e)
			continue
		}
		*hidden++
		aud := e.Audience
		three := "3"
		from, to := hex.Hex{X: i % 7, Y: i % 5}, hex.Hex{X: i%7 + 1, Y: i % 5}
		switch i % 3 {
		case 0:
			e = referee.Event{Type: "attack", Turn: turn, Side: side, Attacker: "X", Target: "R01", Result: &three, Audience: aud}
		case 1:
			e = referee.Event{Type: "move", Turn: turn, Side: side, Unit: "R01", From: &from, Hex: &to, Text: "R01 moves " + from.String() + " → " + to.String(), Audience: aud}
		default:
			e = referee.Event{Type: "extra_mech", Turn: turn, Side: side, Unit: "R01", Audience: aud}
		}
		out = append(out, e, referee.Event{Type: "attack", Turn: turn, Attacker: "B01", Target: "R02", Result: &three, Audience: aud})
	}
	return out
}

// BenchmarkResume is what taking over a long battle costs: a Normal
// player resumed from the record of a mirror battle played to the start
// of game turn 20 (resume), from no record (unrecorded: the View it
// reads its jumpers from), and resumed then playing red's movement
// phase there, as a missed deadline does (phase).
func BenchmarkResume(b *testing.B) {
	for _, kind := range []string{"secrets", "large"} {
		s, past := battleTo20(b, kind)
		b.Run(kind+"/resume", func(b *testing.B) {

			for b.Loop() {
				Resume(s, "red", Normal, 1, slices.Values(past))
			}
			b.ReportMetric(float64(len(past)), "events")
		})
		b.Run(kind+"/unrecorded", func(b *testing.B) {
			for b.Loop() {
				Resume(s, "red", Normal, 1, slices.Values([]referee.Event(nil)))
			}
		})
		b.Run(kind+"/phase", func(b *testing.B) {
			for b.Loop() {
				p := Resume(s, "red", Normal, 1, slices.Values(past))
				at, dd := s, dice.New(dice.NewSeeded(2))
				for at.Phase == referee.PhaseMovement && at.PhasingSide().ID == "red" {
					next, events, err := referee.Apply(at, p.Next(at), dd)
					if err != nil {
						b.Fatal(err)
					}
					p.Observe(events)
					at = next
				}
			}
		})
	}
}

// battleTo20 is the first Normal–Normal mirror battle of kind (by seed)
// that lasts to game turn 20, at the start of red's player turn there,
// and its record.
func battleTo20(b *testing.B, kind string) (*referee.State, []referee.Event) {
	for seed := range uint64(40) {
		s := MirrorBattle(b, kind, seed)
		d := dice.New(dice.NewSeeded(seed))
		players := map[string]*Player{"red": New("red", Normal, seed), "blue": New("blue", Normal, seed+7)}
		var past []referee.Event
		for s.Phase != referee.PhaseOver && !(s.Turn == 20 && s.PhasingSide().ID == "red" && s.Phase == referee.PhaseMovement) {
			next, events, err := referee.Apply(s, players[s.PhasingSide().ID].Next(s), d)
			if err != nil {
				b.Fatal(err)
			}
			for _, p := range players {
				p.Observe(events)
			}
			past, s = append(past, recorded(events)...), next
		}
		if s.Phase != referee.PhaseOver {
			b.Logf("%s: seed %d, %d events", kind, seed, len(past))
			return s, past
		}
	}
	b.Fatalf("no %s battle of 40 lasts to game turn 20", kind)
	return nil, nil
}
