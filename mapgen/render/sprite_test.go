package render

import (
	"image"
	"testing"
)

// Ensure a sprite blends each channel as src + div255(dst·(255−a)), its
// premultiplied pixel over the picture's (the product looked up,
// scaledBytes), for every alpha, every premultiplied value a channel
// may take under it and every byte of the picture.
func TestSpriteBlend(t *testing.T) {
	for a := 1; a < 256; a++ {
		// One sprite row: the channels take 0..a, all with alpha a.
		sp := newSprite(a+1, 1, 0, 0)
		for s := 0; s <= a; s++ {
			sp.img.Pix[4*s], sp.img.Pix[4*s+1], sp.img.Pix[4*s+2], sp.img.Pix[4*s+3] = uint8(s), uint8(a-s), uint8(s/2), uint8(a)
		}
		sp.compile()
		for d := range 256 {
			dst := image.NewRGBA(image.Rect(0, 0, a+1, 1))
			for i := 0; i < len(dst.Pix); i += 4 {
				dst.Pix[i], dst.Pix[i+1], dst.Pix[i+2], dst.Pix[i+3] = uint8(d), uint8(255-d), uint8(d/3), 255
			}
			want := make([]byte, len(dst.Pix))
			for i := range want {
				src := uint32(sp.img.Pix[i])
				if i%4 == 3 {
					want[i] = 255
					continue
				}
				want[i] = uint8(src + div255(uint32(dst.Pix[i])*(255-uint32(a))))
			}
			sp.draw(dst, 0, 0)
			for i := range want {
				if dst.Pix[i] != want[i] {
					t.Fatalf("alpha %d over %d, byte %d: %d, want %d", a, d, i, dst.Pix[i], want[i])
				}
			}
		}
	}
}
