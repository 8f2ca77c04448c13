package command

import (
	"bytes"
	"image/png"
	"strconv"
	"strings"
	"testing"
)

// Ensure /map tactical zoom: draws a close-up narrower than the whole
// map around the hex named, or around the closest fight the player
// sees, with a description; and refuses what is not a hex on the map,
// saying what it takes.
func TestMapZoom(t *testing.T) {
	f, id := cmdBattle(t)
	bid := strconv.Itoa(id)
	width := func(out []Reply) int {
		t.Helper()
		for _, r := range out {
			for _, fl := range r.Files {
				cfg, err := png.DecodeConfig(bytes.NewReader(fl.Data))
				if err != nil {
					t.Fatal(err)
				}
				if fl.Description == "" {
					t.Error("a close-up without a description")
				}
				return cfg.Width
			}
		}
		t.Fatalf("no picture in %s", cmdTexts(out))
		return 0
	}
	whole := width(f.cmdMust("alice", "map", "tactical", "battle", bid))
	for _, z := range []string{"0805", "action", "ACTION"} {
		out := f.cmdMust("alice", "map", "tactical", "battle", bid, "zoom", z)
		if w := width(out); w >= whole/2 {
			t.Errorf("zoom:%s is %d pixels wide, the whole map %d: no close-up", z, w, whole)
		}
		if z == "0805" && !strings.Contains(cmdTexts(out), "around 0805") {
			t.Errorf("zoom:0805 does not say where: %s", cmdTexts(out))
		}
	}
	for bad, want := range map[string]string{"9999": "not on the", "north": "neither a hex"} {
		if got := cmdTexts(f.cmdDo("alice", "map", "tactical", "battle", bid, "zoom", bad)); !strings.Contains(got, want) {
			t.Errorf("zoom:%s: %s, want %q", bad, got, want)
		}
	}
}
