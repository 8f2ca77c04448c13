package console

import (
	"context"
	"strings"
	"testing"
)

// Ensure the console plays a book scenario against the AI with the same
// commands as Discord, an offer to end the battle (ruling V18) among
// them.
func TestConsoleScenario(t *testing.T) {
	c, out := cmdConsole(t, false, t.TempDir())
	session := `@alice /scenario list
@alice /scenario start name:surprise-encounter side:lancers seed:3
@alice /battle end
@alice /battle end
@alice /battle truce
@alice /battle surrender confirm:true
`
	if err := c.Run(context.Background(), strings.NewReader(session)); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	for _, want := range []string{"surprise-encounter — Surprise Encounter", "Campaign 1 is the scenario Surprise Encounter",
		"7th Crucis Lancers offers to end the battle as it stands (ruling V18)", "You offer to end battle 1 as it stands", "scenario surprise-encounter is over: Moore's Bandits wins"} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in:\n%s", want, got)
		}
	}
	if strings.Contains(got, "⚠") || strings.Contains(got, "Internal error") {
		t.Errorf("a command failed:\n%s", got)
	}
}
