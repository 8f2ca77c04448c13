package app

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"bfbot/campaign"
	"bfbot/mapgen/hex"
	"bfbot/referee"
)

// Ensure the air and drop commands work on Discord end to end (the fake
// checks every command against Discord's documented rules): in Hot
// Assault (000 line 2513) Alice plays the defender's air lances;
// autocomplete offers the air lances for strafe and nothing for drop; a
// drop by a fighter is refused with its rule; the lances fly, and the
// lance that can reach an enemy 'Mech strafes its hex after a preview
// that keeps the enemy's D secret (ruling SE1).
func TestEndToEndStrafe(t *testing.T) {
	r := srvNewRig(t)
	r.must(srvAlice, false, "scenario", "start", srvOpts("name", "hot-assault", "side", "defender"))
	// The attacker's 'Mechs drop at the start: Alice is asked which of
	// her air lances fire at each (ruling DR6), and takes the default.
	for range 10 {
		decs := campaign.DecisionsFor(r.campaign(), "defender")
		if len(decs) == 0 {
			break
		}
		r.must(srvAlice, false, "battle", "decide", srvOpts("decision", fmt.Sprint(decs[0].ID), "answer", "default"))
	}
	st := r.campaign().Battle(1).State
	if st.PhasingSide().ID != "defender" || st.Phase != referee.PhaseMovement {
		t.Fatalf("%s's %v phase, want the defender's movement", st.PhasingSide().ID, st.Phase)
	}
	got, err := r.fake.Autocomplete(srvAlice, srvGuild, srvChannel, "battle", "strafe", "unit", map[string]any{"unit": ""})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"F1", "F2", "F3"}; !slices.Equal(got, want) {
		t.Errorf("strafe autocomplete %v, want %v", got, want)
	}
	if got, err := r.fake.Autocomplete(srvAlice, srvGuild, srvChannel, "battle", "drop", "unit", map[string]any{"unit": ""}); err != nil || len(got) != 0 {
		t.Errorf("drop autocomplete %v %v, want nothing", got, err)
	}
	if got := srvContent(r.do(srvAlice, false, "battle", "drop", srvOpts("unit", "F1", "hex", "1012"))); !strings.Contains(got, "F1 is not a 'Mech lance or a DropShip: only those drop (BattleForce p. 15, Dropping; p. 30, Movement)") {
		t.Errorf("a fighter's drop: %q", got)
	}
	// Each turn every air lance flies (ruling AIR4) as near as it can to
	// an attacking 'Mech; once one can reach a 'Mech's hex it flies next
	// to it and strafes. The phases end; the attacker's AI plays between.
	var strafer string
	var target hex.Hex
	for turn := 0; turn < 4 && strafer == ""; turn++ {
		for _, id := range []string{"F1", "F2", "F3"} {
			st := r.campaign().Battle(1).State
			best, bestDist := hex.Hex{}, 1<<30
			for _, a := range referee.ValidActions(st, id) {
				if a.Kind != referee.ActMove {
					continue
				}
				for _, u := range st.Units {
					if u.Side != "attacker" || u.Status != referee.Active || !u.Class.Ground() {
						continue
					}
					d := hex.Distance(u.Hex, a.To)
					if d <= 1 && strafer == "" {
						strafer, target = id, u.Hex
					}
					if d < bestDist {
						best, bestDist = a.To, d
					}
				}
				if strafer == id {
					best = a.To
					break
				}
			}
			if bestDist < 1<<30 {
				r.must(srvAlice, false, "battle", "move", srvOpts("unit", id, "to", best.String()))
			}
		}
		if strafer == "" {
			r.must(srvAlice, false, "battle", "end", nil)
			r.must(srvAlice, false, "battle", "end", nil)
		}
	}
	if strafer == "" {
		t.Fatal("no air lance came next to an attacking 'Mech in 4 turns")
	}
	preview := srvContent(r.must(srvAlice, false, "battle", "strafe", map[string]any{"unit": strafer, "hex": target.String(), "preview": true}))
	if !strings.Contains(preview, strafer+" strafes "+target.String()) || !strings.Contains(preview, "against an unknown Defensive Value") {
		t.Errorf("strafe preview: %q", preview)
	}
	if r.campaign().Battle(1).State.Unit(strafer).Attacked {
		t.Fatal("the preview strafed")
	}
	r.must(srvAlice, false, "battle", "strafe", map[string]any{"unit": strafer, "hex": target.String(), "confirm": true})
	if !r.campaign().Battle(1).State.Unit(strafer).Attacked {
		t.Errorf("%s did not strafe", strafer)
	}
	srvNoUserIDs(t, r)
}
