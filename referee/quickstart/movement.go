package quickstart

import (
	"fmt"

	"bfbot/mapgen"
)

// UnitMP is the MP of a Unit of these Elements: the lowest of its
// surviving Elements' (002 line 106), and its jumping MP the lowest of
// theirs when every one of them can jump, else 0 (002 line 136). A Unit
// with a shut-down Element cannot move at all (002 line 470).
func UnitMP(elements []ElementState) (ground, jump int) {
	first := true
	for _, e := range elements {
		if e.Removed {
			continue
		}
		if e.Shutdown {
			return 0, 0
		}
		if first {
			ground, jump, first = e.MP(), e.JumpMP(), false
			continue
		}
		ground, jump = min(ground, e.MP()), min(jump, e.JumpMP())
	}
	return ground, jump
}

// EnterCost is the MP a Unit spends to enter a hex of terrain t by ground
// movement: 1, plus the terrain's cost (Movement Costs Table, 002 lines
// 138–148). Terrain the Quick-Start rules do not have is refused.
func EnterCost(t mapgen.Terrain) (int, error) {
	switch t {
	case mapgen.Open:
		return 1, nil
	case mapgen.Rough, mapgen.LightWoods:
		return 2, nil
	case mapgen.HeavyWoods:
		return 3, nil
	}
	return 0, fmt.Errorf("%s is not terrain of the Quick-Start rules: they know clear, rough, light woods and heavy woods", t)
}
