package ai

import (
	"fmt"
	"testing"

	"bfbot/mapgen/hex"
	"bfbot/referee"
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
