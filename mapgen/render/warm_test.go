package render

import (
	"bytes"
	"testing"
)

// Ensure Warm makes the default hex size's art, counter symbols and
// hex numbers' glyphs, and that a picture drawn after it is the one a
// process that drew nothing before draws.
func TestWarm(t *testing.T) {
	v := sectorView(t)
	clearKept()
	want := MustDrawTactical(t, v, DefaultOptions())
	clearKept()
	if err := Warm(); err != nil {
		t.Fatal(err)
	}
	lay, err := tacticalLayout(v, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	_, art := arts.find([2]float64{lay.g.size, lay.g.height})
	nSymbols := len(keptKeys(&symbols))
	if !art || nSymbols < len(classKinds)+len(kinds) {
		t.Errorf("Warm made the default hex size's art %v and %d counter symbols, want true and at least %d", art, nSymbols, len(classKinds)+len(kinds))
	}
	for r := '0'; r <= '9'; r++ {
		if lay.numberFace.ascii[r].Load() == nil {
			t.Errorf("Warm left the hex numbers' glyph %q unmade", r)
		}
	}
	if n, at := pixelDiff(MustDrawTactical(t, v, DefaultOptions()), want); n != 0 {
		t.Errorf("after Warm, %d pixels differ from a fresh process's picture, first at %v", n, at)
	}
}

// Ensure Warm makes the strategic map's words and marks, keeps no
// terrain nor strategic map's sectors of its own maps (nothing of
// another map reaches a campaign's pictures, ruling RND3), and that a
// strategic picture written after it is the one, byte for byte, a
// process that drew nothing before writes.
func TestWarmStrategic(t *testing.T) {
	v := sampleStrategicView(strategicMap(t))
	clearKept()
	var want bytes.Buffer
	if err := WriteStrategicPNG(&want, v, DefaultOptions()); err != nil {
		t.Fatal(err)
	}
	clearKept()
	if err := Warm(); err != nil {
		t.Fatal(err)
	}
	if n := len(keptKeys(&markSprites)); n == 0 {
		t.Error("Warm made no strategic mark")
	}
	if n, m := len(keptKeys(&bases)), len(keptKeys(&strategicBases)); n+m != 0 {
		t.Errorf("Warm left %d terrains and %d strategic maps' sectors kept, want none", n, m)
	}
	var got bytes.Buffer
	if err := WriteStrategicPNG(&got, v, DefaultOptions()); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got.Bytes(), want.Bytes()) {
		t.Errorf("after Warm, the strategic picture is %d bytes unlike a fresh process's %d", got.Len(), want.Len())
	}
}
