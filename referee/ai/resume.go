package ai

import (
	"iter"

	"bfbot/referee"
)

// Resume returns a player for side at level (seeded from seed) that takes
// over battle s, already under way, whose events so far are past, in the
// order they happened (a campaign battle's record: die rolls may be left
// out, Observe reads none). It is told them as side saw them (Observe
// passes over the events not Visible to it), so its memory that comes
// from events is that of a player kept since the battle started: when
// the battle was last fought and harmed, the steps each attack dealt, the
// values the attacks showed, the hexes its units swept, and whether the
// battle has stalled, asked at each of its player turns as a kept player
// asks at the first decision of each (no event between a player turn's
// start and its first decision is an attack). The jumpers among its units
// are read from s before the events, as a kept player reads them at its
// first decision, before any of its units has moved.
//
// What a kept player learnt from anything but events is not rebuilt, so
// a resumed one need not decide as it would have: its rng starts at seed;
// the enemies its units chase are chosen afresh (chase.go), and the hexes
// left to hunt through shared out afresh among its hunters (assignHunt);
// where it saw
// each enemy counter and how far it saw each go between two of its turns
// (watch) come from its views at the start of its player turns, which no
// record keeps, so it credits each enemy with its class's MP until it
// sees it go further; how soon its units could fire at its last turn
// (truce.go) is not known either, so it offers a truce for coming no
// nearer a turn later than a kept player would; and its kept work (cache.go: the lines of sight,
// the routes, Hard's fire table and the attack plan it aimed) is built
// anew. Within a player turn its units that have moved or fired show it
// in the View.
//
// The stall is asked with the battle's own turn limit: a limit
// auto-resolve adds (AutoResolveLimit, ruling CB4) is set after Resume,
// so within stallTurns of such a limit the replay waits stallTurns where
// a kept player waited one turn; the next decision asks again with it.
//
// Resume reads the whole of past once: a caller that goes on playing
// tells the player what happens next with Observe, as AutoResolve does.
func Resume(s *referee.State, side string, level Level, seed uint64, past iter.Seq[referee.Event]) *Player {
	p := New(side, level, seed)
	// decide passes Random and Greedy by before it reads the jumpers or
	// asks whether the battle has stalled.
	plans := level != Random && level != Greedy
	if plans {
		p.leap(s.View(side))
	}
	var one [1]referee.Event
	for e := range past {
		if plans && e.Type == "turn" && e.Side == side {
			p.stalled(e.Turn, s.Rules.TurnLimit)
		}
		one[0] = e
		p.Observe(one[:])
	}
	return p
}
