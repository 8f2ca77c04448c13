package render

import (
	"bytes"
	"fmt"
	"image"
	"testing"

	"bfbot/mapgen"
)

// Ensure a base painted in palette entries is the base painted in RGBA
// and mapped, row for row, on 30 generated maps, the sample map and one
// whose names run over, with and without a header, at several hex
// sizes; that its checksum summed row by row (adlerRows) is its
// checksum; and that at the default size every generated map's base is
// painted in entries.
func TestStrategicBaseEntries(t *testing.T) {
	long := sampleStrategic()
	long.Sectors[1].Name = "A Sector Whose Name Goes On And On Past Any Border"
	long.Sectors[1].Objectives = append(long.Sectors[1].Objectives,
		mapgen.Objective{Kind: mapgen.Spaceport, Name: "Very Long Spaceport Name Indeed, Longer Than Any Sector", VP: 10},
		mapgen.Objective{Kind: mapgen.Installation, Name: "Third", VP: 1})
	maps := map[string]*mapgen.Strategic{"sample": sampleStrategic(), "long names": long}
	for seed := uint64(1); seed <= strategicSizeSeeds; seed++ {
		s, err := mapgen.GenerateStrategic(seed, 4, 3)
		if err != nil {
			t.Fatal(err)
		}
		maps[fmt.Sprintf("seed %d", seed)] = s
	}
	for _, o := range []Options{DefaultOptions(), {HexSize: 8}, {HexSize: 13, Legend: true}, {HexSize: 27.5, Legend: true}, {HexSize: 64}} {
		inEntries := 0
		for name, s := range maps {
			for _, v := range []StrategicView{sampleStrategicView(s), {Map: s}} {
				p, err := layoutStrategic(v, o)
				if err != nil {
					t.Fatal(err)
				}
				want := paintedRows(p.W, p.legendTop(), p.paintBase)
				if got, want := adlerRows(want, p.W+1), adlerOf(want); got != want {
					t.Errorf("%s, hex size %g, header %d: the base's sums by rows %v, want %v", name, o.HexSize, p.headerH, got, want)
				}
				got, _, ok := p.paintBaseEntries(nil)
				if !ok {
					continue
				}
				inEntries++
				if !bytes.Equal(got, want) {
					t.Errorf("%s, hex size %g, header %d: the base in entries differs from the base in RGBA at byte %d of %d",
						name, o.HexSize, p.headerH, firstDiff(got, want), len(want))
				}
			}
		}
		t.Logf("hex size %g: %d bases of %d painted in entries", o.HexSize, inEntries, 2*len(maps))
		if o == DefaultOptions() && inEntries < 2*strategicSizeSeeds {
			t.Errorf("at the default size %d bases of %d were painted in entries, want every generated map's", inEntries, 2*len(maps))
		}
	}
}

// firstDiff is the first index where a and b differ.
func firstDiff(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// Ensure a legend's band put together from its kept lines holds the
// rows of the band drawn whole, for every picture of a campaign on 30
// generated maps and the sample view, at several hex sizes; and that at
// the default size every band is put together from lines.
func TestStrategicLegendLines(t *testing.T) {
	var views []StrategicView
	for seed := uint64(1); seed <= strategicSizeSeeds; seed++ {
		s, err := mapgen.GenerateStrategic(seed, 4, 3)
		if err != nil {
			t.Fatal(err)
		}
		views = append(views, campaignViews(s, seed)...)
	}
	views = append(views, sampleStrategicView(sampleStrategic()), setupStrategicView(strategicMap(t)))
	for _, o := range []Options{DefaultOptions(), {HexSize: 8, Legend: true}, {HexSize: 13, Legend: true}, {HexSize: 27.5, Legend: true}, {HexSize: 64, Legend: true}} {
		fromLines := 0
		for _, v := range views {
			p, err := layoutStrategic(v, o)
			if err != nil {
				t.Fatal(err)
			}
			rows, _, adler, ok := p.legendFromLines(nil)
			if !ok {
				continue
			}
			fromLines++
			want := paintedRows(p.W, p.legend.height, func(img *image.RGBA) { p.legend.draw(img, 0) })
			if !bytes.Equal(rows, want) {
				t.Errorf("%q as seen by %s, hex size %g: the legend from lines differs from the legend drawn whole at byte %d of %d",
					v.Title, v.Viewer, o.HexSize, firstDiff(rows, want), len(want))
			}
			if want := adlerOf(want).adler32(len(want)); adler != want {
				t.Errorf("%q as seen by %s, hex size %g: checksum %08x, want %08x", v.Title, v.Viewer, o.HexSize, adler, want)
			}
		}
		t.Logf("hex size %g: %d legends of %d from lines", o.HexSize, fromLines, len(views))
		if o == DefaultOptions() && fromLines < len(views) {
			t.Errorf("at the default size %d legends of %d were put together from lines, want all", fromLines, len(views))
		}
	}
}
