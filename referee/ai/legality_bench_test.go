package ai

import (
	"math/rand/v2"
	"testing"

	"bfbot/referee"
	"bfbot/referee/dice"
)

// BenchmarkAutoResolve40ASide auto-resolves a battle of 40 units a side,
// allocations reported: the AI asks referee.ValidActions for every unit
// at every decision, so this is where legality checks that build refusal
// text nobody reads would show.
func BenchmarkAutoResolve40ASide(b *testing.B) {
	benchAutoResolve(b, randomBattle(b, rand.New(rand.NewPCG(40, 80)), battleOptions{perSide: 40}))
}

// benchAutoResolve auto-resolves s, Normal against Normal, allocations
// reported: each op is the same whole battle, new players and dice with
// the same seeds, so the figures do not depend on b.N (a new seed each
// op made a different battle of each, and the mean of however many
// b.N played).
func benchAutoResolve(b *testing.B, s *referee.State) {
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		players := map[string]*Player{"red": New("red", Normal, 1), "blue": New("blue", Normal, 2)}
		if _, _, err := AutoResolve(s, dice.New(dice.NewSeeded(1)), players, 30); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkValidActions asks for every action of every unit of the
// phasing side at the start of a 40-a-side battle: the enumeration alone.
func BenchmarkValidActions(b *testing.B) {
	s := randomBattle(b, rand.New(rand.NewPCG(40, 80)), battleOptions{perSide: 40})
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		for i := range s.Units {
			referee.ValidActions(s, s.Units[i].ID)
		}
	}
}

// BenchmarkAutoResolveAirDropShips auto-resolves a battle of 10 ground
// units a side with an air lance, artillery and a DropShip in orbit with
// three units aboard on each side, allocations reported: the air lances'
// flights and attacks and the DropShips' landing hexes are where
// ValidActions tries the most candidates the rules refuse.
func BenchmarkAutoResolveAirDropShips(b *testing.B) {
	benchAutoResolve(b, randomBattle(b, rand.New(rand.NewPCG(10, 80)), battleOptions{perSide: 10, air: true, artillery: true, dropships: true}))
}
