package command

import (
	"strings"
	"testing"

	"bfbot/mapgen/hex"
	"bfbot/mapgen/render"
	"bfbot/referee"
)

// Ensure a battle map's words name what the picture marks (ruling TM1):
// while the sides deploy, the viewer's own deployment zone and retreat
// edge and never the enemy's; a move preview's path and reachable
// hexes; the referee's words name both zones; once the battle has
// begun, both retreat edges (public, S13) and no zone.
func TestTacticalMarks(t *testing.T) {
	s, err := referee.ReadPosition(`map blank 20x12
turn 1 deploy lancers
side lancers name="7th Crucis Lancers" retreat=west
side bandits name="Moore's Bandits" retreat=east
campaign zone=A1:west:3 zone=B1:north:3
unit A1 lancers heavy-mech regular 5/5/6 @0205 mp=4
unit B1 bandits light-mech regular 3/3/4 reserve mp=6`, nil)
	if err != nil {
		t.Fatal(err)
	}
	path := render.PathHighlight(hex.MustParse("0205"), []hex.Hex{hex.MustParse("0305"), hex.MustParse("0405")}, 0)
	reach := render.Highlight{Kind: render.Reachable, Hexes: []hex.Hex{hex.MustParse("0305"), hex.MustParse("0405"), hex.MustParse("0306")}}
	got := tacticalMarks(s.View("lancers"), []render.Highlight{reach, path})
	for _, want := range []string{
		"marked by a bar beside the map: 7th Crucis Lancers by the west edge.",
		"7th Crucis Lancers deploys within 3 hexes of the west edge",
		"3 reachable hexes tinted", "Path drawn as an arrow: 0205 → 0305 → 0405",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the lancers' marks %q lack %q", got, want)
		}
	}
	if strings.Contains(got, "north") || strings.Contains(got, "east") || strings.Contains(got, "Bandits") {
		t.Errorf("the lancers' marks name the bandits' zone or edge while they deploy: %q", got)
	}
	if ref := tacticalMarks(s.RefereeView(), nil); !strings.Contains(ref, "Moore's Bandits deploys within 3 hexes of the north edge") {
		t.Errorf("the referee's marks %q lack the bandits' zone", ref)
	}
	s.Phase = referee.PhaseMovement
	if got := tacticalMarks(s.View("lancers"), nil); strings.Contains(got, "deploys") || !strings.Contains(got, "7th Crucis Lancers by the west edge and Moore's Bandits by the east edge") {
		t.Errorf("after deployment the marks say %q", got)
	}
}
