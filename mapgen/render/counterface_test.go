package render

import (
	"bytes"
	"encoding/binary"
	"image"
	"slices"
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

// Ensure a face mapped to the palette from its kept indices
// (quantiseFace) comes out as quantiseRect maps its RGBA pixels, over
// every kind of terrain pixel: the pixel's own entry, the entry of its
// exact colour where that is not the one its 5-6-5 cell names (16 of
// the palette's entries share a cell with another), and any other. The
// same indices, changed spans and checksum changes.
func TestQuantiseFaceAsRGBA(t *testing.T) {
	back := paletteRGBA()
	// A 16×16 face of every palette colour, and one colour not in it.
	const ci = 16
	face := image.NewRGBA(image.Rect(0, 0, ci, ci))
	for i := range ci * ci {
		c := uint32(0xff123456)
		if i < len(mapPalette) {
			c = back[i]
		}
		binary.LittleEndian.PutUint32(face.Pix[4*i:], c)
	}
	pf := newPalettedFace(face)
	shared := 0
	for i := range pf.idx {
		if pf.alt[i] != pf.idx[i] {
			shared++
		}
	}
	if shared == 0 {
		t.Fatal("no face pixel keeps an entry other than its cell's: the test would not reach that case")
	}
	const W, H = 40, 30
	at := image.Pt(7, 9)
	for trial := range 4 {
		pix := make([]byte, (W+1)*H) // a stream: a filter byte a row
		for i := range pix {
			pix[i] = byte((i*31 + trial*17) % len(mapPalette))
		}
		for y := range ci {
			for x := range ci {
				k := y*ci + x
				switch (x + y + trial) % 3 {
				case 0:
					pix[(at.Y+y)*(W+1)+1+at.X+x] = pf.alt[k] // the exact colour's entry
				case 1:
					pix[(at.Y+y)*(W+1)+1+at.X+x] = pf.idx[k]
				}
			}
		}
		want := &image.Paletted{Pix: slices.Clone(pix[1:]), Stride: W + 1, Rect: image.Rect(0, 0, W, H), Palette: mapPalette}
		got := &image.Paletted{Pix: slices.Clone(pix[1:]), Stride: W + 1, Rect: image.Rect(0, 0, W, H), Palette: mapPalette}
		dw, dg := adlerDelta{end: (W + 1) * H, stride: W + 1}, adlerDelta{end: (W + 1) * H, stride: W + 1}
		cw := quantiseRect(want, face, image.Point{}, image.Rectangle{Min: at, Max: at.Add(image.Pt(ci, ci))}, nil, &dw)
		cg := quantiseFace(got, pf, at, nil, &dg)
		if !bytes.Equal(got.Pix, want.Pix) {
			t.Errorf("trial %d: the indices differ from quantiseRect's", trial)
		}
		if !slices.Equal(cg, cw) {
			t.Errorf("trial %d: changed spans %v, quantiseRect's %v", trial, cg, cw)
		}
		if dg != dw {
			t.Errorf("trial %d: checksum changes %+v, quantiseRect's %+v", trial, dg, dw)
		}
	}
}
