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
		var files []File
		for _, r := range out {
			files = append(files, r.Files...)
		}
		if len(files) != 1 {
			t.Fatalf("%d pictures in %s, want one", len(files), cmdTexts(out))
		}
		cfg, err := png.DecodeConfig(bytes.NewReader(files[0].Data))
		if err != nil {
			t.Fatal(err)
		}
		if files[0].Description == "" {
			t.Error("a picture without a description")
		}
		return cfg.Width
	}
	whole := width(f.cmdMust("alice", "map", "tactical", "battle", bid))
	for _, z := range []string{"0805", "action", "ACTION"} {
		out := f.cmdMust("alice", "map", "tactical", "battle", bid, "zoom", z)
		// The close-up's hexes are ZoomHexSize/DefaultHexSize times as
		// large, ZoomColumns of the battle map's 32 across.
		if w := width(out); w*3 >= whole*2 {
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
