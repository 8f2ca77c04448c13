package console

import (
	"context"
	"strings"
	"testing"
)

// Ensure the console reaches the air, drop and DropShip commands with
// Discord's words and gets the engine's refusals, each naming its rule:
// in Hot Assault (000 line 2513) the defender's Heavy Air Lance must fly
// before it attacks (000 line 1097), does not drop (line 731) and does
// not lift off; hidden infantry does not board (ruling DR16). The
// attacker's drops at the start ask which lances fire at them first
// (ruling DR6): Alice takes the defaults.
func TestConsoleAirAndDropCommands(t *testing.T) {
	c, out := cmdConsole(t, false, t.TempDir())
	session := `@alice /scenario start name:hot-assault side:defender seed:3
@alice /battle decide decision:1 answer:default
@alice /battle decide decision:2 answer:default
@alice /battle decide decision:3 answer:default
@alice /battle decide decision:4 answer:default
@alice /battle decide decision:5 answer:default
@alice /battle drop unit:F1 hex:1012
@alice /battle strafe unit:F1 hex:0102 preview:true
@alice /battle bomb unit:F1 hex:0102
@alice /battle liftoff unit:F1
@alice /battle embark unit:I5 dropship:F1
@alice /battle debark unit:F1 hex:0102
`
	if err := c.Run(context.Background(), strings.NewReader(session)); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	for _, want := range []string{
		"⚠ F1 is not a 'Mech lance or a DropShip: only those drop (BattleForce p. 15, Dropping; p. 30, Movement)",
		"⚠ F1 is an air unit and must fly at least 2 hexes each turn (BattleForce p. 26, Movement)",
		"⚠ F1 is not a DropShip: only DropShips lift off",
		"⚠ I5 is hidden and stays where it was written down (ruling DR16)",
		"⚠ F1 is not aboard a DropShip",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in:\n%s", want, got)
		}
	}
	if strings.Contains(got, "Internal error") || strings.Contains(got, "illegal action:") {
		t.Errorf("a refusal is not in the player's words:\n%s", got)
	}
}
