package console

import (
	"context"
	"strings"
	"testing"
)

// Ensure the console speaks the decision commands: the AI's drops at the
// start take the defender's default fire at once (ruling DEC6), a retreat
// asks for its edge with a button per edge, the side's list of waiting
// decisions shows that question, and an answer to a decision that no
// longer waits is refused, naming it.
func TestConsoleDecide(t *testing.T) {
	c, out := cmdConsole(t, false, t.TempDir())
	session := `@alice /scenario start name:hot-assault side:defender seed:3
@alice /battle retreat
@alice /campaign decide
@alice /battle decide decision:1 answer:north
`
	if err := c.Run(context.Background(), strings.NewReader(session)); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	for _, want := range []string{
		"decision 1 (drop_fire): no answer came in time, so the default was taken",
		"By which edge do your units withdraw",
		`button "east (default)": /press id:bf1|decide|1|0|3|east`,
		"Waiting for your side's answer:\n    Decision 3:",
		"⚠ decision:1: none such is waiting for Moore's Bandits",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in:\n%s", want, got)
		}
	}
}
