package console

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"bfbot/bot/command"
	"bfbot/campaign"
	"bfbot/mapgen/hex"
	"bfbot/referee/dice"
	"bfbot/referee/quickstart"
)

// Ensure the console's attack preview carries the same warning as
// Discord's where the line runs along hexsides (002 line 197; ruling
// QS11): DF, south-west of the woods in 0905, previews an attack at AR
// south-east of it in the Combat Phase; the bears, played by the AI,
// take the automatic pick, the woods.
func TestConsoleQuickStartHexsidePreview(t *testing.T) {
	store := command.NewMemStore(1)
	var out bytes.Buffer
	c := &Console{Dispatcher: command.New(command.Deps{Store: store}), Out: &out, FilesDir: t.TempDir(), Now: func() time.Time { return time.Unix(0, 0) }}
	if err := c.Run(t.Context(), strings.NewReader("@alice /scenario start name:green-training side:blake seed:2\n@alice /battle end\n@alice /battle end\n")); err != nil {
		t.Fatal(err)
	}
	w := hex.MustParse("0905")
	if err := store.Update(context.Background(), 1, func(c *campaign.Campaign, _ *dice.Dice) (*campaign.Campaign, error) {
		n := c.Clone()
		s := &n.QuickStart.State
		s.Phase, s.Acting = quickstart.CombatPhase, 0
		for i := range s.Units {
			switch u := &s.Units[i]; u.ID {
			case "DF":
				u.Hex, u.Facing = w.Neighbor(hex.SW), hex.NE
			case "AR":
				u.Hex, u.Facing = w.Neighbor(hex.SE), hex.NW
			default: // out of the way, far apart
				u.Hex = hex.Hex{X: 1 + 12*u.Side, Y: 1 + 2*i}
			}
		}
		if errs := s.Check(); len(errs) > 0 || s.SetUp != nil {
			t.Fatalf("the battle set for the test: set-up %+v, %v", s.SetUp, errs)
		}
		return n, nil
	}); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	if err := c.Run(t.Context(), strings.NewReader("@alice /battle attack unit:DF element:3 target:AR target_element:1 preview:true\n")); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	for _, want := range []string{
		"Warning: the line from DF to AR runs along hexsides, between 0905 on its left and 0906 on its right",
		"left (0905): no attack (woods in 0905); right (0906): the attack may be made.",
		"Clan Ghost Bear is played by the AI, which takes the automatic pick at once: left.",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in:\n%s", want, got)
		}
	}
}
