//go:build unix

package ai

import (
	"bfbot/internal/cputime"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"bfbot/referee"
	"bfbot/referee/dice"
)

// scaleSizes are the units a side BenchmarkAutoResolveScale plays.
var scaleSizes = []int{5, 10, 20, 40, 80, 160}

// BenchmarkAutoResolveScale auto-resolves one battle of each size in
// scaleSizes, Normal against Normal: one op is one whole auto-resolve of
// the same battle with the same seeds, so the figure does not depend on
// b.N. Each size reports its decisions (actions chosen), the wall time
// per decision and the process's CPU time (user and system, garbage
// collection included) per auto-resolve and per decision: on a shared
// machine the CPU time is the steadier figure. The last sub-benchmark,
// fit, reports the exponent k of a least-squares fit CPU time per
// decision ∝ units^k over the sizes measured before it in the same run
// (k ≤ 1: the cost of a decision grows at most linearly with the units).
func BenchmarkAutoResolveScale(b *testing.B) { benchmarkScale(b, Normal, 0) }

// BenchmarkAutoResolveScaleHard is BenchmarkAutoResolveScale with Hard on
// both sides.
func BenchmarkAutoResolveScaleHard(b *testing.B) { benchmarkScale(b, Hard, 0) }

// campaignTurnLimit is campaign.AutoTurnLimit (a package that imports
// this one): the turn limit an auto-resolved campaign battle without a
// limit of its own is played to (ruling CB4).
const campaignTurnLimit = 20

// BenchmarkAutoResolveScaleLimit is BenchmarkAutoResolveScale played to a
// campaign's turn limit (AutoResolveLimit), as a campaign auto-resolves
// its battles: the players know the limit, so the chase (chase.go) runs
// and the battle may be settled early (referee.Settle).
func BenchmarkAutoResolveScaleLimit(b *testing.B) { benchmarkScale(b, Normal, campaignTurnLimit) }

// BenchmarkAutoResolveScaleLimitHard is BenchmarkAutoResolveScaleLimit
// with Hard on both sides.
func BenchmarkAutoResolveScaleLimitHard(b *testing.B) { benchmarkScale(b, Hard, campaignTurnLimit) }

// benchmarkScale is the scale benchmark at level, played to game turn
// 30 with no limit the players know (limit 0), or to limit by
// AutoResolveLimit.
func benchmarkScale(b *testing.B, level Level, limit int) {
	perDecision := map[int]float64{}
	for _, n := range scaleSizes {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			s := randomBattle(b, rand.New(rand.NewPCG(uint64(n), 0x7363)), battleOptions{perSide: n})
			decisions := 0
			var spent, cpu time.Duration
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				decisions = 0
				count := func(_, next *referee.State) (*referee.State, []referee.Event, error) {
					decisions++
					return next, nil, nil
				}
				players := map[string]*Player{"red": New("red", level, 1), "blue": New("blue", level, 2)}
				start, startCPU := time.Now(), cputime.Process()
				var err error
				if limit == 0 {
					_, _, err = AutoResolveWith(s, dice.New(dice.NewSeeded(1)), players, 30, count)
				} else {
					_, _, err = AutoResolveLimit(s, dice.New(dice.NewSeeded(1)), players, limit, count)
				}
				if err != nil {
					b.Fatal(err)
				}
				spent += time.Since(start)
				cpu += cputime.Process() - startCPU
			}
			ops := float64(b.N)
			perCPU := float64(cpu.Microseconds()) / ops / float64(max(decisions, 1))
			perDecision[n] = perCPU
			b.ReportMetric(float64(decisions), "decisions")
			b.ReportMetric(float64(spent.Microseconds())/ops/float64(max(decisions, 1)), "µs/decision")
			b.ReportMetric(float64(cpu.Milliseconds())/ops, "cpu-ms/op")
			b.ReportMetric(perCPU, "cpu-µs/decision")
		})
	}
	b.Run("fit", func(b *testing.B) {
		var xs, ys []float64
		for _, n := range scaleSizes {
			if per, ok := perDecision[n]; ok && per > 0 {
				xs, ys = append(xs, math.Log(float64(n))), append(ys, math.Log(per))
			}
		}
		if len(xs) < 2 {
			b.Log("fewer than two sizes measured in this run: nothing to fit (run -bench AutoResolveScale)")
			return
		}
		b.ReportMetric(slope(xs, ys), "exponent")
	})
}

// slope is the least-squares slope of ys against xs.
func slope(xs, ys []float64) float64 {
	var mx, my float64
	for i := range xs {
		mx, my = mx+xs[i], my+ys[i]
	}
	mx, my = mx/float64(len(xs)), my/float64(len(ys))
	var num, den float64
	for i := range xs {
		num += (xs[i] - mx) * (ys[i] - my)
		den += (xs[i] - mx) * (xs[i] - mx)
	}
	return num / den
}
