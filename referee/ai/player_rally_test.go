package ai

import (
	"testing"

	"bfbot/mapgen/hex"
	"bfbot/referee"
)

// Ensure a broken unit's rally keeps off its side's own mines, which a
// rally into the hex sets off (ruling M14), even where the mined hex is
// the nearer to the enemy; and goes to the nearer hex when both or
// neither are mined.
func TestPickRallyOffOwnMines(t *testing.T) {
	s := aixBattle(t, nil, nil, aixUnit("R1", "red", referee.MediumMech, "0205", 9, 7, 1, 4),
		aixUnit("B1", "blue", referee.MediumMech, "1005", 5, 4, 1, 6))
	near, far := hex.MustParse("0805"), hex.MustParse("0405")
	rallies := []referee.Action{{Kind: referee.ActRally, Unit: "R1", To: near}, {Kind: referee.ActRally, Unit: "R1", To: far}}
	for _, tc := range []struct {
		name  string
		mined []hex.Hex
		want  hex.Hex
	}{
		{"NoneMined", nil, near},
		{"NearerMined", []hex.Hex{near}, far},
		{"BothMined", []hex.Hex{near, far}, near},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pic := newPicture(s.View("red"), s.Rules.CRT, nil, nil)
			pic.mines = map[hex.Hex]int{}
			for _, h := range tc.mined {
				pic.mines[h] = 5
			}
			if got := (&Player{Side: "red"}).pickRally(pic, rallies); got.To != tc.want {
				t.Errorf("rallies to %s, want %s", got.To, tc.want)
			}
		})
	}
}
