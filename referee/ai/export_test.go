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
