package render

import (
	"bytes"
	"image"
	"testing"
)

// Ensure a kept counter face is the square paintFace paints in place,
// pixel for pixel, for counters of every mark: the maps' goldens are
// drawn through the same kept faces, so they could not tell a wrong
// one. A face that spills past its square is drawn in place anyway.
func TestCounterFaceAsPainted(t *testing.T) {
	counterFaces.clear()
	checked := 0
	for _, size := range []float64{14, 28, 40} {
		st, err := newCounterStyle(size)
		if err != nil {
			t.Fatal(err)
		}
		for _, k := range []Counter{
			{Side: 0, Kind: "mech", Label: "A3"},
			{Side: 1, Kind: "vehicle", Class: "hover", Label: "B12", Own: true, Step: 2, Experience: "veteran"},
			{Side: 1, Kind: "infantry", Class: "jump-infantry", Label: "Bg", Step: 1, Disrupted: true},
			{Side: 0, Kind: "artillery", Class: "long-tom", Label: "R1", Own: true, Experience: "green"},
			{Side: 2, Kind: "dropship", Label: "D1", Own: true, Step: 3},
		} {
			f := faceOf(st, k)
			if f.spills {
				continue
			}
			checked++
			ci := int(size)
			// Painted in place over a background of another colour.
			in := image.NewRGBA(image.Rect(0, 0, 3*ci, 3*ci))
			for i := range in.Pix {
				in.Pix[i] = byte(i * 7)
			}
			paintFace(in, st, float64(ci), float64(ci), k)
			for y := range ci {
				got := f.img.Pix[y*f.img.Stride : y*f.img.Stride+4*ci]
				want := in.Pix[(y+ci)*in.Stride+4*ci : (y+ci)*in.Stride+8*ci]
				if !bytes.Equal(got, want) {
					t.Errorf("size %v, %+v: the kept face's row %d differs from the square painted in place", size, k, y)
					break
				}
			}
		}
	}
	if checked < 10 {
		t.Errorf("%d faces checked: want most of the 15 not to spill", checked)
	}
}
