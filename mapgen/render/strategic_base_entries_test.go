package render

import (
	"bytes"
	"fmt"
	"testing"

	"bfbot/mapgen"
)

// Ensure a base painted in palette entries is the base painted in RGBA
// and mapped, row for row, on 30 generated maps, the sample map and one
// whose names run over, with and without a header, at several hex
// sizes; and that at the default size every generated map's base is
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
				got, ok := p.paintBaseEntries(nil)
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
