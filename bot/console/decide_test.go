package console

import (
	"context"
	"strings"
	"testing"
)

// Ensure the console speaks the decision commands: a retreat the rules
// refuse is refused before any question (000 line 2175; ruling V4), the side's list
// of waiting decisions says none waits, and an answer to a decision that
// does not wait is refused, naming it.
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
		"may not break off yet",
		"No decision is waiting for your side.",
		"⚠ decision:1: none such is waiting for Moore's Bandits",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in:\n%s", want, got)
		}
	}
}
