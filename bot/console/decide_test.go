package console

import (
	"context"
	"strings"
	"testing"
)

// Ensure the console speaks the decision commands: the AI's drop at the
// start asks the defender which units fire at it and waits (ruling DR6's
// default is a button), an answer that is not one of the options is
// refused naming them, the answer lets the AI go on, and an answer to a
// decision no longer waiting is refused, naming it.
func TestConsoleDecide(t *testing.T) {
	c, out := cmdConsole(t, false, t.TempDir())
	session := `@alice /scenario start name:hot-assault side:defender seed:3
@alice /battle decide decision:1 answer:north
@alice /campaign decide
@alice /battle decide decision:1 answer:none
@alice /battle decide decision:1 answer:F1
`
	if err := c.Run(context.Background(), strings.NewReader(session)); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	for _, want := range []string{
		"[dm → alice] Decision 1: The enemy's A10 drops onto 1010.",
		`button "default: F1": /press id:bf1|decide|1|0|1|default`,
		"⚠ answer: north is not one of F1",
		"Waiting for your side's answer:\n    Decision 1:",
		"⚠ decision:1: none such is waiting for Moore's Bandits",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in:\n%s", want, got)
		}
	}
}
