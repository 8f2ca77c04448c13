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

// benchAutoResolve auto-resolves s, Normal against Normal, with new
// dice and players each time, allocations reported.
func benchAutoResolve(b *testing.B, s *referee.State) {
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		players := map[string]*Player{"red": New("red", Normal, uint64(i)), "blue": New("blue", Normal, uint64(i)+1)}
		if _, _, err := AutoResolve(s, dice.New(dice.NewSeeded(uint64(i))), players, 30); err != nil {
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
