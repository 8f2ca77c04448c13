package command

import (
	"strconv"
	"strings"
	"testing"
)

// Ensure a description longer than Discord takes is cut after a whole
// item, within the limit.
func TestFitDescription(t *testing.T) {
	long := "Units: " + strings.Repeat("A1 heavy-mech at 0807, ", 100)
	got := fitDescription(long)
	if len(got) > MaxDescription || !strings.HasSuffix(got, "0807 …") {
		t.Errorf("%d characters, ending %q", len(got), got[len(got)-20:])
	}
	if fitDescription("short.") != "short." {
		t.Error("a short description changed")
	}
}

// Ensure /map describe says in words exactly what the picture's
// description says, for the strategic map and a battle's, and that a
// player cannot ask for the other side's.
func TestMapDescribe(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a campaign turn")
	}
	f, id := cmdBattle(t)
	bid := strconv.Itoa(id)
	for _, q := range []struct {
		picture, words []string
		want           string
	}{
		{[]string{"map", "strategic"}, []string{"map", "describe"}, "Strategic map of Test, turn"},
		{[]string{"battle", "view", "battle", bid}, []string{"map", "describe", "battle", bid}, "Map of battle " + bid},
	} {
		pic := f.cmdMust("alice", q.picture[0], q.picture[1], q.picture[2:]...)
		if len(pic) != 1 || len(pic[0].Files) != 1 {
			t.Fatalf("/%s: %s", strings.Join(q.picture, " "), cmdTexts(pic))
		}
		alt := pic[0].Files[0].Description
		words := f.cmdMust("alice", q.words[0], q.words[1], q.words[2:]...)
		if len(words) != 1 || words[0].To != Private || words[0].Text != alt {
			t.Errorf("/%s answers %q, the picture's description is %q", strings.Join(q.words, " "), cmdTexts(words), alt)
		}
		if !strings.HasPrefix(alt, q.want) || !strings.Contains(alt, "7th Crucis Lancers") || len(alt) > MaxDescription {
			t.Errorf("description %q", alt)
		}
	}
	if got := cmdTexts(f.cmdDo("alice", "map", "describe", "side", "bandits")); !strings.Contains(got, refusedWho) {
		t.Errorf("alice asked for bandits' map: %s", got)
	}
	// The referee naming a side the campaign does not have is told which
	// it has, by the picture as by the words, not shown an empty map.
	for _, sub := range []string{"strategic", "describe"} {
		got := f.cmdDo("ref", "map", sub, "side", "nobody")
		if txt := cmdTexts(got); len(got) != 1 || len(got[0].Files) != 0 || !strings.Contains(txt, "side:nobody") || !strings.Contains(txt, "crucis") {
			t.Errorf("the referee's /map %s side:nobody: %s", sub, txt)
		}
	}
}
