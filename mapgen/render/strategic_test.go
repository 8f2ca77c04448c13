package render

import (
	"bytes"
	"errors"
	"image"
	"image/png"
	"testing"

	"bfbot/mapgen"
)

// MustDrawStrategic draws a view or fails the test.
func MustDrawStrategic(tb testing.TB, v StrategicView, o Options) image.Image {
	tb.Helper()
	img, err := DrawStrategic(v, o)
	if err != nil {
		tb.Fatal(err)
	}
	return img
}

// Ensure the hand-made 4×3 strategic map draws as the golden picture.
func TestStrategicSample(t *testing.T) {
	golden(t, "strategic-sample", MustDrawStrategic(t, sampleStrategicView(sampleStrategic()), DefaultOptions()))
}

// Ensure a contact the viewer does not know draws only as a contact: the
// picture changes when it is there, and its label is the view's.
func TestStrategicContacts(t *testing.T) {
	v := sampleStrategicView(sampleStrategic())
	without := v
	without.Contacts = nil
	a := MustDrawStrategic(t, v, DefaultOptions())
	b := MustDrawStrategic(t, without, DefaultOptions())
	if n, _ := pixelDiff(a, b); n == 0 {
		t.Error("contacts drew nothing")
	}
}

// Ensure bad strategic views are refused with an error naming the fault.
func TestStrategicErrors(t *testing.T) {
	for _, tc := range []struct {
		name string
		edit func(v *StrategicView, o *Options)
		want error
	}{
		{"ErrNoMap", func(v *StrategicView, o *Options) { v.Map = nil }, ErrNoMap},
		{"ErrSector", func(v *StrategicView, o *Options) { v.Own = []SectorMark{{SectorID: 13, Label: "1st"}} }, ErrSector},
		{"ErrSectorZero", func(v *StrategicView, o *Options) { v.Contacts = []SectorMark{{SectorID: 0}} }, ErrSector},
		{"ErrHexSize", func(v *StrategicView, o *Options) { o.HexSize = 7 }, ErrHexSize},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v, o := sampleStrategicView(sampleStrategic()), DefaultOptions()
			tc.edit(&v, &o)
			if _, err := DrawStrategic(v, o); !errors.Is(err, tc.want) {
				t.Errorf("err = %v, want %v", err, tc.want)
			}
			if err := WriteStrategicPNG(&bytes.Buffer{}, v, o); !errors.Is(err, tc.want) {
				t.Errorf("WriteStrategicPNG err = %v, want %v", err, tc.want)
			}
		})
	}
	t.Run("ErrSectors", func(t *testing.T) {
		s := sampleStrategic()
		s.Sectors = s.Sectors[:5]
		if _, err := DrawStrategic(StrategicView{Map: s}, DefaultOptions()); err == nil {
			t.Error("a strategic map with missing sectors was drawn")
		}
	})
}

// Ensure WriteStrategicPNG writes what DrawStrategic draws.
func TestWriteStrategicPNG(t *testing.T) {
	v := sampleStrategicView(sampleStrategic())
	var buf bytes.Buffer
	if err := WriteStrategicPNG(&buf, v, DefaultOptions()); err != nil {
		t.Fatal(err)
	}
	got, err := png.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if n, at := pixelDiff(got, MustDrawStrategic(t, v, DefaultOptions())); n != 0 {
		t.Errorf("%d pixels differ, first at %v", n, at)
	}
}

// Ensure sector names and objectives of any length fit their sector.
func TestStrategicLongNames(t *testing.T) {
	s := sampleStrategic()
	s.Sectors[0].Name = "A Sector Whose Name Goes On And On Past Any Border"
	s.Sectors[0].Objectives = append(s.Sectors[0].Objectives,
		mapgen.Objective{Kind: mapgen.Spaceport, Name: "Very Long Spaceport Name Indeed", VP: 10},
		mapgen.Objective{Kind: mapgen.Installation, Name: "Third", VP: 1},
		mapgen.Objective{Kind: mapgen.Installation, Name: "Fourth", VP: 1})
	v := sampleStrategicView(s)
	for range 8 {
		v.Own = append(v.Own, SectorMark{SectorID: 1, Label: "Battlegroup", Side: 0})
	}
	MustDrawStrategic(t, v, DefaultOptions())
}

// Ensure the strategic map paints every pixel, as the pooled buffers of
// WriteStrategicPNG need.
func TestStrategicEveryPixelPainted(t *testing.T) {
	v := sampleStrategicView(sampleStrategic())
	fresh, err := drawStrategic(v, DefaultOptions(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if !fresh.Opaque() {
		t.Error("some pixels were never painted")
	}
	old := bytes.Repeat([]byte{0x7f}, len(fresh.Pix))
	reused, err := drawStrategic(v, DefaultOptions(), &old)
	if err != nil {
		t.Fatal(err)
	}
	if n, at := pixelDiff(reused, fresh); n != 0 {
		t.Errorf("%d old pixels show through, first at %v", n, at)
	}
}
