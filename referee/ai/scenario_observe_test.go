package ai_test

import (
	"os"
	"reflect"
	"slices"
	"testing"

	"bfbot/referee"
	"bfbot/referee/ai"
	"bfbot/referee/dice"
	"bfbot/referee/scenario"
)

// Ensure a scenario side played by its AI beside one played from the
// file (scenario.RunAI) is told what the file's side did, as well as its
// own actions: at the end it remembers what a player resumed from the
// battle's whole record does. In the test scenario the lancers' file
// attacks the bandits' B1 in turn 1; a player told only its own actions
// would remember no fight at all.
func TestRunAIToldTheFile(t *testing.T) {
	raw, err := os.ReadFile("../scenario/testdata/skirmish.yaml")
	if err != nil {
		t.Fatal(err)
	}
	sc, err := scenario.Parse(raw, nil)
	if err != nil {
		t.Fatal(err)
	}
	var past []referee.Event
	out := scenario.Output{Event: func(e referee.Event) { past = append(past, e) }}
	p := ai.New("bandits", ai.Normal, 4)
	s, err := sc.RunAI(dice.New(dice.NewSeeded(4)), out, map[string]*ai.Player{"bandits": p}, 0)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(past, func(e referee.Event) bool { return e.Type == "attack" && e.Side == "lancers" }) {
		t.Fatal("the file's lancers made no attack: the test tells nothing")
	}
	resumed := ai.Resume(s, "bandits", ai.Normal, 4, slices.Values(past))
	if got, want := ai.Remembered(p), ai.Remembered(resumed); !reflect.DeepEqual(got, want) {
		t.Errorf("the AI's side remembers\n%+v\nthe battle's record tells\n%+v", got, want)
	}
}
