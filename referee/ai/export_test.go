package ai

import (
	"math/rand/v2"
	"testing"

	"bfbot/referee"
)

// MirrorKinds are the kinds of mirror battle the tournament plays
// (tournament_test.go), in the order it prints them.
var MirrorKinds = []string{"small", "large", "secrets", "air", "artillery", "dropships"}

// MirrorBattle is the started mirror battle of kind number seed: blue's
// forces are red's, mirrored across a generated map.
func MirrorBattle(tb testing.TB, kind string, seed uint64) *referee.State {
	tb.Helper()
	o := battleOptions{mirror: true}
	switch kind {
	case "small":
		o.perSide = 3
	case "large":
		o.perSide = 10
	case "secrets":
		o.secrets = true
	case "air":
		o.perSide, o.air = 4, true
	case "artillery":
		o.artillery = true
	case "dropships":
		o.perSide, o.dropships = 4, true
	default:
		tb.Fatalf("no mirror battle kind %q: use one of %v", kind, MirrorKinds)
	}
	rng := rand.New(rand.NewPCG(seed, 0x6d6972))
	return randomBattle(tb, rng, o)
}

// KnowLimit tells p the game turn after which its battle ends, as
// AutoResolveLimit does with its limit (a player told keeps it).
func KnowLimit(p *Player, last int) { p.limit = last }

// NoTruce makes p play on where it would offer a truce (truce.go): the
// same battle played on, to see what the truce left out.
func NoTruce(p *Player) { p.noTruce = true }

// Remembered is what p remembers from the events it was told that a
// player resumed at the battle's end (Resume) rebuilds: when the battle
// was last fought and harmed, the steps dealt, the values shown and the
// hexes swept (memoryOf; the jumpers and the stall are read from states,
// not from events alone).
func Remembered(p *Player) any {
	m := memoryOf(p)
	m.leapers, m.stalledSince = nil, false
	return m
}
