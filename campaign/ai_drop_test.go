package campaign

import "testing"

// Ensure a battlegroup in orbit drops on the biggest enemy it expects to
// beat by aiOdds with the side's units already planned there (the lowest
// sector ID among equals), never on one too big for them, and, with no
// such fight, waits in orbit until turn aiDropWait, from which it joins
// the most units the side will have where it expects no enemy.
func TestAIDropTarget(t *testing.T) {
	b := &aiBattlegroup{ID: 2, Mechs: true, Units: make([]string, 10)} // a battalion: beats up to 6.67
	for _, tc := range []struct {
		name  string
		turn  int
		enemy map[int]float64
		own   map[int]int
		want  int
	}{
		{"the bigger of two it beats", 1, map[int]float64{2: 3, 3: 6}, nil, 3},
		{"equals: the lowest sector", 1, map[int]float64{3: 6, 2: 6}, nil, 2},
		{"a battalion is too many alone", 1, map[int]float64{2: 3, 4: 10}, nil, 2},
		{"but not with the units planned there", 1, map[int]float64{2: 3, 4: 10}, map[int]int{4: 5}, 4},
		{"nothing it beats: it waits", aiDropWait - 1, map[int]float64{4: 10}, map[int]int{1: 4, 2: 8}, 0},
		{"nothing it beats, later: it joins the most units", aiDropWait, map[int]float64{4: 40}, map[int]int{1: 4, 2: 8, 4: 20}, 2},
		{"no units and no enemy anywhere: it waits", aiDropWait, nil, nil, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v := SideView{Turn: tc.turn, Sectors: []SectorView{{ID: 1}, {ID: 2}, {ID: 3}, {ID: 4}}}
			if got := aiDropTarget(v, b, tc.enemy, tc.own); got != tc.want {
				t.Errorf("enemy %v, own %v, turn %d: drops on %d, want %d", tc.enemy, tc.own, tc.turn, got, tc.want)
			}
		})
	}
}
