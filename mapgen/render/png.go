package render

import (
	"image"
	"image/png"
	"sync"
)

// A close-up is written by image/png, paletted (palette.go); the
// tactical pictures by the package's own deflate (mapcode.go), each over
// its terrain coded once, from the terrain alone;
// the strategic map by the same deflate with a thorough matcher
// (strategic_base.go). Picture buffers and the encoder's own buffers are
// pooled, since a sector map's pixels are 5 MB in RGB that would
// otherwise be allocated and cleared for every map.

// pixelPool holds picture buffers for the Write functions, whose pictures
// never leave the package.
var pixelPool sync.Pool

func getPixels() *[]byte {
	if p, ok := pixelPool.Get().(*[]byte); ok {
		return p
	}
	return new([]byte)
}

func putPixels(p *[]byte) { pixelPool.Put(p) }

// newPicture returns a W×H picture, in *pix when it is given (grown if
// need be); its pixels are not cleared, so the caller paints them all.
func newPicture(W, H int, pix *[]byte) *image.RGBA {
	if pix == nil {
		return image.NewRGBA(image.Rect(0, 0, W, H))
	}
	if cap(*pix) < 4*W*H {
		*pix = make([]byte, 4*W*H)
	}
	return &image.RGBA{Pix: (*pix)[:4*W*H], Stride: 4 * W, Rect: image.Rect(0, 0, W, H)}
}

// bytesFor returns n bytes, from *pix when it is given (grown if need
// be), else new ones; they are not cleared.
func bytesFor(pix *[]byte, n int) []byte {
	if pix == nil {
		return make([]byte, n)
	}
	if cap(*pix) < n {
		*pix = make([]byte, n)
	}
	return (*pix)[:n]
}

// encoderPool lends image/png its compressor and row buffers.
type encoderPool struct{ p sync.Pool }

func (e *encoderPool) Get() *png.EncoderBuffer {
	if b, ok := e.p.Get().(*png.EncoderBuffer); ok {
		return b
	}
	return nil
}

func (e *encoderPool) Put(b *png.EncoderBuffer) { e.p.Put(b) }

var encoders encoderPool
