package app

import (
	"strconv"
	"strings"
	"testing"

	"bfbot/campaign"
	"bfbot/internal/consoleline"
	"bfbot/referee/quickstart"
	"bfbot/referee/quickstart/qsai"
	"bfbot/referee/scenario"
)

// Ensure a human plays a Quick-Start scenario against the AI on Discord
// end to end (the fake checks every command against Discord's rules):
// Alice starts the Green Training Scenario as the Word of Blake, gets
// her side's map as a PNG, and plays every action by slash command —
// her Units' placings, moves with facing, jumps, attacks with their
// element numbers — the
// first phase ended by the End phase button, until the battle ends and
// the campaign with it; no message shows a Discord ID. Then the Veteran
// Training Scenario with the Units entering from off the map: she
// plays the set-up by /battle place (ruling QS18), her Units enter from
// her home edge, and the thread reads every choice of both sides.
func TestEndToEndQuickStart(t *testing.T) {
	for _, opts := range []map[string]any{
		srvOpts("name", "green-training", "side", "blake"),
		srvOpts("name", "veteran-training", "side", "blake", "start", "off-board"),
	} {
		t.Run(opts["name"].(string), func(t *testing.T) { playQuickStartE2E(t, opts) })
	}
}

func playQuickStartE2E(t *testing.T, start map[string]any) {
	r := srvNewRig(t)
	out := r.must(srvAlice, false, "scenario", "start", start)
	if !srvContains(out, "Your units:") {
		t.Fatalf("the start:\n%s", srvContent(out))
	}
	srvWantPNG(t, out)
	pressed := false
	for i := 0; i < 2000; i++ {
		c := r.campaign()
		if c.Phase == campaign.PhaseOver {
			break
		}
		st := c.QuickStart.State
		if st.Sides[st.Acting] != "blake" {
			t.Fatalf("the AI left the bears to act: %v phase", st.Phase)
		}
		a := qsai.Player{Side: 0, Level: qsai.Tactician}.Next(st)
		l, err := consoleline.ParseLine(scenario.QuickStartLine("blake", a))
		if err != nil {
			t.Fatal(err)
		}
		if a.Kind == quickstart.Done && !pressed {
			if id, ok := srvButton(out, "End phase"); ok {
				in, err := r.fake.PressButton(srvAlice, srvGuild, srvChannel, id)
				if err != nil {
					t.Fatal(err)
				}
				out, pressed = r.answers(in.ID), true
				continue
			}
		}
		opts := map[string]any{}
		for _, o := range l.Options {
			opts[o.Name] = o.Value
			if n, err := strconv.Atoi(o.Value); err == nil && (o.Name == "element" || o.Name == "target_element" || o.Name == "overheat" || o.Name == "decision") {
				opts[o.Name] = n
			}
		}
		out = r.must(srvAlice, false, "battle", l.Words[0], opts)
	}
	c := r.campaign()
	if c.Phase != campaign.PhaseOver || c.QuickStart.State.Phase != quickstart.Over || !pressed {
		t.Fatalf("campaign %s, battle %v, End phase pressed %t", c.Phase, c.QuickStart.State.Phase, pressed)
	}
	if !strings.Contains(srvContent(r.must(srvAlice, false, "battle", "status", nil)), "is over after game turn") {
		t.Error("no end in /battle status")
	}
	if start["name"] == "green-training" {
		// She placed her Units by /battle place unit: (ruling QS23), the
		// AI the bears'; the thread told both.
		msgs := r.fake.Messages(r.fake.Threads(srvChannel)[0].ID)
		for _, w := range []string{"set-up: Word of Blake places DF in 0616 facing N", "set-up: Word of Blake places PC in 1016 facing N", "set-up: Clan Ghost Bear places AF in 1101 facing S"} {
			if !srvContains(msgs, w) {
				t.Errorf("the thread does not read %q", w)
			}
		}
	}
	if start["name"] == "veteran-training" {
		msgs := r.fake.Messages(r.fake.Threads(srvChannel)[0].ID)
		for _, w := range []string{"set-up: Word of Blake places Clan Ghost Bear's objective in", "set-up: Clan Ghost Bear places Word of Blake's objective in",
			"set-up: Word of Blake places Word of Blake's headquarters in", "set-up: Clan Ghost Bear places Clan Ghost Bear's headquarters in",
			"starting positions: the Units enter in game turn 1", "DF moves from the "} {
			if !srvContains(msgs, w) {
				t.Errorf("the thread does not read %q", w)
			}
		}
	}
	srvNoUserIDs(t, r)
}
