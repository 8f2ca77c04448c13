package ai

import (
	"testing"

	"bfbot/mapgen/hex"
	"bfbot/referee"
	"bfbot/referee/dice"
)

// Ensure an air lance carrying bombs flies to an enemy and bombs it when
// its load is the better attack (000 lines 1140–1146: a bomb run on the
// lance's hex or one next to it, with the load in the CA place), and
// strafes instead when its strafing value beats its small load, keeping
// the bombs. Random battles carry no bombs, so this is where the AI's
// bombing is tested.
func TestAirLanceBombs(t *testing.T) {
	for _, tc := range []struct {
		name         string
		strafe, bomb int // the lance's ST (in the CA place, ruling Q3) and bomb load
		want         referee.ActionKind
	}{
		{"a heavy load bombs", 3, 20, referee.ActBomb},
		{"a light load is kept", 10, 5, referee.ActStrafe},
	} {
		t.Run(tc.name, func(t *testing.T) {
			air := referee.Unit{ID: "R1", Side: "red", Class: referee.LightAir, Experience: referee.Regular, Status: referee.Active,
				Rows: [4]referee.Values{{RA: 8, CA: tc.strafe, D: 6}, {RA: 6, CA: tc.strafe, D: 4}}, Range: 3, MP: 10,
				Hex: hex.MustParse("0205"), StartHex: hex.MustParse("0205"), Chits: referee.Chits{Bomb: tc.bomb}}
			// A slow, short-ranged target in the open, four hexes off:
			// worth an attack and little danger to the lance.
			target := aixUnit("B1", "blue", referee.HeavyMech, "0209", 4, 6, 1, 2)
			// A 'Mech of its own far behind: with no ground unit to
			// cover, the lance would leave the battle (airBreaksOff).
			cover := aixUnit("R2", "red", referee.MediumMech, "0101", 6, 6, 1, 4)
			s := aixBattle(t, nil, nil, air, cover, target)
			d := dice.New(dice.NewSeeded(1))
			var acts []referee.Action
			for phase := 0; phase < 2 && s.Phase != referee.PhaseOver; phase++ {
				var a []referee.Action
				a, _, s = aixPhase(t, s, d)
				acts = append(acts, a...)
			}
			a := aixFind(acts, tc.want, "R1")
			if a == nil {
				t.Fatalf("R1 never made a %v: %v", tc.want, acts)
			}
			if a.To != hex.MustParse("0209") {
				t.Errorf("R1's %v is on %s, want B1's hex 0209", tc.want, a.To)
			}
			if tc.want == referee.ActStrafe && aixFind(acts, referee.ActBomb, "R1") != nil {
				t.Errorf("R1 bombed with a %d-point load it strafes better than: %v", tc.bomb, acts)
			}
		})
	}
}
