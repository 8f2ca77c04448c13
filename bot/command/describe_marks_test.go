package command

import (
	"strconv"
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
		"3 reachable hexes marked by a yellow tag behind the hex number", "Path drawn as an arrow: 0205 → 0305 → 0405",
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

// Ensure a move preview draws the route the move would take: asked for
// a hex without a path, the cheapest route is drawn as an arrow, named
// in the reply and in the picture's words with the reachable hexes,
// and nothing moves.
func TestMovePreviewDrawsPath(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a campaign turn")
	}
	f, id := cmdBattle(t)
	bid := strconv.Itoa(id)
	players := map[string]string{"crucis": "alice", "bandits": "bob"}
	cmdDecideBattle(f, id)
	st := f.scdCampaign(1).Battle(id).State
	if st.Phase != referee.PhaseMovement {
		t.Fatalf("battle %d is in the %s phase, want movement", id, st.Phase)
	}
	side := st.PhasingSide().ID
	var mover string
	var to hex.Hex
	var path []hex.Hex
	for _, u := range st.Units {
		for _, a := range referee.ValidActions(st, u.ID) {
			if p, err := referee.CheapestPath(st, u.ID, a.To); u.Side == side && a.Kind == referee.ActMove && err == nil && len(p) > len(path) {
				mover, to, path = u.ID, a.To, p
			}
		}
	}
	if len(path) < 2 {
		t.Fatalf("no unit of %s has a route of two hexes or more", side)
	}
	from := *st.View(side).Unit(mover).Hex
	out := f.cmdMust(players[side], "battle", "move", "battle", bid, "unit", mover, "to", to.String(), "preview", "true")
	if len(out) != 1 || len(out[0].Files) != 1 {
		t.Fatalf("move preview: %s", cmdTexts(out))
	}
	route := hexList(from, path)
	if !strings.Contains(out[0].Text, "("+route+")") {
		t.Errorf("the preview %q does not name the route %s", out[0].Text, route)
	}
	if d := out[0].Files[0].Description; !strings.Contains(d, "Path drawn as an arrow: "+route) || !strings.Contains(d, "reachable hexes marked by a yellow tag") {
		t.Errorf("the preview's picture says %q", d)
	}
	if after := f.scdCampaign(1).Battle(id).State.Unit(mover).Hex; after != from {
		t.Errorf("the preview moved %s to %s", mover, after)
	}
	// A path off the map is refused naming the hex, not drawn.
	got := cmdTexts(f.cmdDo(players[side], "battle", "move", "battle", bid, "unit", mover, "to", to.String(), "path", "9999", "preview", "true"))
	if strings.Contains(got, "Internal error") || !strings.Contains(got, "9999") {
		t.Errorf("a preview along a path off the map: %s", got)
	}
}

// cmdDecideBattle answers the open decisions of battle id (who moves
// first, say) with their first option, as each side's player: with both
// sides deployed (cmdBattle), the battle then begins.
func cmdDecideBattle(f *cmdFixture, id int) {
	players := map[string]string{"crucis": "alice", "bandits": "bob"}
	for _, d := range f.scdCampaign(1).Decisions {
		if d.Battle == id {
			f.cmdMust(players[d.Side], "campaign", "decide", "decision", strconv.Itoa(d.ID), "answer", d.Options[0])
		}
	}
}
