package ai

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"bfbot/mapgen/hex"
	"bfbot/referee"
	"bfbot/referee/dice"
)

// Hard moving first in the game turn weighs the return fire its
// movement draws less the more units it has on the map beyond
// hardFirstShare, air lances aside, counted up to the dozen it weighs
// (ruling AIL2); moving second, or with few units, at hardMoveReturn.
func TestHardFirstMoverSharesReturnFire(t *testing.T) {
	units := func(ground, air int) []*referee.ViewUnit {
		var own []*referee.ViewUnit
		for i := range ground + air {
			kind := referee.KindMech.String()
			if i >= ground {
				kind = referee.KindAir.String()
			}
			own = append(own, &referee.ViewUnit{ID: fmt.Sprintf("A%d", i), Side: "red", Kind: kind, Status: "active", Hex: &hex.Hex{X: i, Y: 1}})
		}
		// Off the map or out of the fight: not counted.
		own = append(own, &referee.ViewUnit{ID: "R1", Side: "red", Kind: referee.KindMech.String(), Status: "reserve"},
			&referee.ViewUnit{ID: "X1", Side: "red", Kind: referee.KindMech.String(), Status: "destroyed", Hex: &hex.Hex{X: 0, Y: 3}})
		return own
	}
	for _, c := range []struct {
		first       string
		ground, air int
		want        float64
	}{
		{"red", 10, 0, hardMoveReturn * 4 / 10},
		{"red", 80, 0, hardMoveReturn * 4 / hardNear},
		{"red", 8, 2, hardMoveReturn * 4 / 8},
		{"red", 4, 6, hardMoveReturn},
		{"red", 3, 0, hardMoveReturn},
		{"blue", 10, 0, hardMoveReturn},
	} {
		sides := []referee.ViewSide{{ID: "red", Index: 0}, {ID: "blue", Index: 1}}
		if c.first == "blue" {
			sides = []referee.ViewSide{{ID: "blue", Index: 0}, {ID: "red", Index: 1}}
		}
		pic := &picture{v: referee.View{Viewer: "red", Sides: sides}, side: "red", own: units(c.ground, c.air)}
		if got := pic.moveReturn(); got != c.want {
			t.Errorf("%s first, red with %d on the ground and %d air lances: %.2f, want %.2f", c.first, c.ground, c.air, got, c.want)
		}
	}
}

// Hard moving first gives ground in the first game turns with a lance or
// more on the map: its units end the first movement phase farther from
// the enemy than they began, on the whole; moving second, or with fewer
// units, they close in. Mirror battles of ten and three units a side.
func TestHardFirstMoverGivesGround(t *testing.T) {
	for _, c := range []struct {
		perSide int
		first   bool // Hard is red, first in the turn order
		back    bool // want: farther from the enemy after its first movement phase
	}{
		{10, true, true},
		{10, false, false},
		{3, true, false},
	} {
		for seed := range uint64(4) {
			s := randomBattle(t, rand.New(rand.NewPCG(seed, 0x6d6972)), battleOptions{mirror: true, perSide: c.perSide})
			hard := "red"
			if !c.first {
				hard = "blue"
			}
			// The sum over Hard's units of the hexes to the nearest enemy
			// when its first movement phase begins and when it ends.
			var before, after int
			stop := errors.New("moved")
			check := func(prev, next *referee.State) (*referee.State, []referee.Event, error) {
				if prev.PhasingSide().ID == hard && prev.Phase == referee.PhaseMovement && next.Phase != referee.PhaseMovement {
					after = distanceToEnemy(next, hard)
					return next, nil, stop
				}
				if before == 0 && next.PhasingSide().ID == hard && next.Phase == referee.PhaseMovement {
					before = distanceToEnemy(next, hard)
				}
				return next, nil, nil
			}
			if s.PhasingSide().ID == hard && s.Phase == referee.PhaseMovement {
				before = distanceToEnemy(s, hard) // the battle starts in its movement phase
			}
			players := map[string]*Player{"red": New("red", Normal, 1), "blue": New("blue", Normal, 2)}
			players[hard] = New(hard, Hard, 3)
			if _, _, err := AutoResolveWith(s, dice.New(dice.NewSeeded(seed)), players, 2, check); !errors.Is(err, stop) {
				t.Fatalf("%d a side, seed %d: %v", c.perSide, seed, err)
			}
			if before == 0 {
				t.Fatalf("%d a side, seed %d: Hard's first movement phase was never seen to begin", c.perSide, seed)
			}
			if back := after > before; back != c.back {
				t.Errorf("%d a side, Hard %s (first %v), seed %d: %d hexes to the enemy before its first movement phase, %d after", c.perSide, hard, c.first, seed, before, after)
			}
		}
	}
}

// distanceToEnemy sums the hexes from each of side's units on the map to
// the nearest enemy unit on it.
func distanceToEnemy(s *referee.State, side string) int {
	sum := 0
	for _, u := range s.Units {
		if u.Side != side || u.Status != referee.Active {
			continue
		}
		best := 1 << 20
		for _, e := range s.Units {
			if e.Side != side && e.Status == referee.Active {
				best = min(best, hex.Distance(u.Hex, e.Hex))
			}
		}
		sum += best
	}
	return sum
}
