package render

import (
	"bytes"
	"compress/flate"
	"hash/adler32"
	"image"
	"image/png"
	"math/rand/v2"
	"runtime"
	"testing"
)

// Ensure the encoder writes PNGs that image/png decodes to the same pixels
// (checksums included), for pictures of every shape, split into any
// number of strips, at every compression level.
func TestEncodePNG(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	rng := rand.New(rand.NewPCG(1, 2))
	for _, size := range []image.Point{{1, 1}, {3, 1}, {1, 300}, {17, 129}, {90, 515}} {
		m := image.NewRGBA(image.Rectangle{Max: size})
		for i := range m.Pix {
			// Runs of colour with noise, like a map.
			if i%4 == 3 {
				m.Pix[i] = 255
			} else if rng.IntN(8) == 0 {
				m.Pix[i] = byte(rng.IntN(256))
			} else if i >= 4 {
				m.Pix[i] = m.Pix[i-4]
			}
		}
		for _, procs := range []int{1, 2, 3, 4} {
			runtime.GOMAXPROCS(procs)
			for _, level := range []png.CompressionLevel{png.BestSpeed, png.DefaultCompression, png.BestCompression, png.NoCompression} {
				var buf bytes.Buffer
				if err := encodePNG(&buf, m, level); err != nil {
					t.Fatal(err)
				}
				got, err := png.Decode(&buf)
				if err != nil {
					t.Fatalf("%v, %d procs, level %d: %v", size, procs, level, err)
				}
				if n, at := pixelDiff(got, m); n != 0 {
					t.Errorf("%v, %d procs, level %d: %d pixels differ, first at %v", size, procs, level, n, at)
				}
			}
		}
	}
}

// Ensure Adler-32 checksums of two strings combine into the checksum of
// both joined.
func TestAdler32Combine(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 100 {
		a := make([]byte, rng.IntN(100000))
		b := make([]byte, rng.IntN(100000))
		for i := range a {
			a[i] = byte(rng.IntN(256))
		}
		for i := range b {
			b[i] = byte(rng.IntN(256))
		}
		got := adler32Combine(adler32.Checksum(a), adler32.Checksum(b), len(b))
		if want := adler32.Checksum(append(a, b...)); got != want {
			t.Fatalf("combine(%d, %d bytes) = %08x, want %08x", len(a), len(b), got, want)
		}
	}
}

// Ensure the zlib header's check bits are right for every level.
func TestZlibHeader(t *testing.T) {
	for _, l := range []int{flate.HuffmanOnly, flate.DefaultCompression, flate.NoCompression, 1, 2, 5, 6, 7, 9} {
		h := zlibHeader(l)
		if (uint16(h[0])<<8|uint16(h[1]))%31 != 0 || h[0] != 0x78 {
			t.Errorf("level %d: header %x", l, h)
		}
	}
}
