package render

import (
	"bytes"
	"io"
	"testing"
)

// Ensure a glyph's mask is the same whatever the face rasterized before
// it: glyphs are made on first use (glyphSet), so which come first
// depends on what the process drew before. For every face a tactical
// and a strategic picture use at three hex sizes, each printable ASCII glyph as the
// pictures made it, in their order, is the one a fresh face makes
// alone, and the one a face making them all backwards makes.
func TestGlyphsInAnyOrder(t *testing.T) {
	facesMu.Lock()
	clear(faces)
	facesMu.Unlock()
	for _, o := range []Options{DefaultOptions(), {HexSize: 13}, {HexSize: 27.5, HexNumbers: true}} {
		if err := WriteTacticalPNG(io.Discard, sampleView(), o); err != nil {
			t.Fatal(err)
		}
		if err := WriteStrategicPNG(io.Discard, sampleStrategicView(sampleStrategic()), o); err != nil {
			t.Fatal(err)
		}
	}
	facesMu.Lock()
	sets := map[faceKey]*glyphSet{}
	for k, gs := range faces {
		sets[k] = gs
	}
	facesMu.Unlock()
	fs, err := parsedFonts()
	if err != nil {
		t.Fatal(err)
	}
	for key, gs := range sets {
		fresh := func() *glyphSet { return newGlyphSet(fs[key.font], key) }
		backwards := fresh()
		for r := rune(126); r >= 32; r-- {
			want := fresh().get(r)
			for _, got := range []*glyph{gs.get(r), backwards.get(r)} {
				if got.advance != want.advance || got.mask.Rect != want.mask.Rect || !bytes.Equal(got.mask.Pix, want.mask.Pix) {
					t.Errorf("face %+v: glyph %q differs as made after others", key, r)
				}
			}
		}
	}
}
