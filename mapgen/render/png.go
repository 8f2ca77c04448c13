package render

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"hash/adler32"
	"hash/crc32"
	"image"
	"image/png"
	"io"
	"runtime"
	"sync"
)

// The pictures are written by a small PNG encoder of our own, for speed:
// BENCHMARKS.md allows a map 3 × the time image/png takes to encode a blank
// canvas of its size, and on a real map image/png alone takes more than
// twice that.
//
//   - image/png tries all five row filters on every row and keeps the
//     best. On a blank canvas every trial stops at its first byte; on a map
//     the trials cost more than drawing the map. Here every row takes the
//     Sub filter: a hex map is long runs of one colour along each row,
//     which Sub turns into zeros, and it costs one subtraction a byte.
//   - The pictures are opaque (TestEveryPixelPainted), so they are written
//     as 8-bit RGB without checking.
//   - Deflate, most of the remaining time, runs on horizontal strips of the
//     picture at once, one goroutine each (as pigz does): each strip is its
//     own deflate stream ended by a sync flush, so the streams join into
//     one, and their Adler-32 checksums combine. A player waiting for his
//     map gets it sooner; with GOMAXPROCS=1 it is one stream, as before.

// pixelPool holds picture buffers for the Write functions, whose pictures
// never leave the package: a sector map is 5 MB that would otherwise be
// allocated and cleared for every map.
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

// encodePNG writes one of the package's opaque pictures as an 8-bit RGB
// PNG at the given compression level.
func encodePNG(w io.Writer, m *image.RGBA, level png.CompressionLevel) error {
	W, H := m.Rect.Dx(), m.Rect.Dy()
	if W <= 0 || H <= 0 {
		e := png.Encoder{}
		return e.Encode(w, m) // image/png names the error
	}
	if _, err := io.WriteString(w, "\x89PNG\r\n\x1a\n"); err != nil {
		return err
	}
	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:], uint32(W))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(H))
	ihdr[8], ihdr[9] = 8, 2 // 8 bits, truecolour
	if err := writeChunk(w, "IHDR", ihdr[:]); err != nil {
		return err
	}

	// Strips of at least 128 rows, one per processor up to four: small
	// pictures are not worth a goroutine.
	n := max(1, min(runtime.GOMAXPROCS(0), 4, H/128))
	parts := make([]*strip, n)
	var wg sync.WaitGroup
	for i := range parts {
		s := getStrip()
		parts[i] = s
		y0, y1 := H*i/n, H*(i+1)/n
		last := i == n-1
		if last {
			s.compress(m, y0, y1, flateLevel(level), last) // on this goroutine
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			s.compress(m, y0, y1, flateLevel(level), last)
		}()
	}
	wg.Wait()
	defer func() {
		for _, s := range parts {
			putStrip(s)
		}
	}()

	// The zlib stream: header, the strips' deflate streams one after the
	// other, the Adler-32 of all the rows.
	sum, size := uint32(1), 0
	for _, s := range parts {
		if s.err != nil {
			return s.err
		}
		sum = adler32Combine(sum, s.adler, s.n)
		size += s.out.Len()
	}
	idat := getBuffer()
	defer putBuffer(idat)
	idat.Grow(size + 6)
	idat.Write(zlibHeader(flateLevel(level)))
	for _, s := range parts {
		idat.Write(s.out.Bytes())
	}
	idat.Write(binary.BigEndian.AppendUint32(nil, sum))
	// One IDAT chunk per 256 KB keeps chunks a reader can hold.
	for b := idat.Bytes(); len(b) > 0; {
		k := min(len(b), 256<<10)
		if err := writeChunk(w, "IDAT", b[:k]); err != nil {
			return err
		}
		b = b[k:]
	}
	return writeChunk(w, "IEND", nil)
}

// strip is one horizontal strip's deflate stream and checksum.
type strip struct {
	fw    *flate.Writer
	level int
	out   bytes.Buffer
	row   []byte
	adler uint32 // of the strip's filtered rows
	n     int    // their length
	err   error
}

var stripPool sync.Pool

func getStrip() *strip {
	if s, ok := stripPool.Get().(*strip); ok {
		return s
	}
	return &strip{}
}

func putStrip(s *strip) { stripPool.Put(s) }

// compress deflates rows y0..y1-1, each with its filter byte; the stream
// is ended by a sync flush, or closed if it is the last.
func (s *strip) compress(m *image.RGBA, y0, y1, level int, last bool) {
	s.out.Reset()
	s.err = nil
	if s.fw == nil || s.level != level {
		s.fw, s.err = flate.NewWriter(&s.out, level)
		if s.err != nil {
			return
		}
		s.level = level
	} else {
		s.fw.Reset(&s.out)
	}
	W := m.Rect.Dx()
	rowLen := 1 + 3*W
	if cap(s.row) < rowLen {
		s.row = make([]byte, rowLen)
	}
	row := s.row[:rowLen]
	row[0] = 1 // Sub
	h := adler32.New()
	for y := y0; y < y1; y++ {
		subFilter(row[1:], m.Pix[y*m.Stride:y*m.Stride+4*W])
		h.Write(row)
		if _, s.err = s.fw.Write(row); s.err != nil {
			return
		}
	}
	s.adler, s.n = h.Sum32(), (y1-y0)*rowLen
	if last {
		s.err = s.fw.Close()
	} else {
		s.err = s.fw.Flush()
	}
}

// subFilter writes the RGB bytes of one RGBA row, each less the byte one
// pixel to its left (PNG filter type 1).
func subFilter(dst, src []byte) {
	var pr, pg, pb byte
	for len(src) >= 4 && len(dst) >= 3 {
		r, g, b := src[0], src[1], src[2]
		dst[0], dst[1], dst[2] = r-pr, g-pg, b-pb
		pr, pg, pb = r, g, b
		src, dst = src[4:], dst[3:]
	}
}

// adler32Combine is the Adler-32 of two byte strings joined, from the
// checksum of the first, and the checksum and length of the second (the
// identity zlib's adler32_combine uses).
func adler32Combine(a1, a2 uint32, n2 int) uint32 {
	const mod = 65521
	s1a, s2a := uint64(a1&0xffff), uint64(a1>>16)
	s1b, s2b := uint64(a2&0xffff), uint64(a2>>16)
	r := uint64(n2 % mod)
	s1 := (s1a + s1b + mod - 1) % mod
	s2 := (s2a + s2b + r*s1a%mod + mod - r) % mod
	return uint32(s2<<16 | s1)
}

// zlibHeader is the two bytes before a deflate stream: 32 KB window, the
// compression level as zlib reports it, and the check bits.
func zlibHeader(level int) []byte {
	var flevel byte
	switch {
	case level == flate.HuffmanOnly || level == flate.NoCompression || level == flate.BestSpeed:
		flevel = 0
	case level >= 2 && level <= 5:
		flevel = 1
	case level == flate.DefaultCompression || level == 6:
		flevel = 2
	default:
		flevel = 3
	}
	h := []byte{0x78, flevel << 6}
	h[1] += byte(31 - (uint16(h[0])<<8+uint16(h[1]))%31)
	return h
}

// flateLevel maps image/png's levels to compress/flate's, as image/png
// does.
func flateLevel(l png.CompressionLevel) int {
	switch l {
	case png.NoCompression:
		return flate.NoCompression
	case png.BestSpeed:
		return flate.BestSpeed
	case png.BestCompression:
		return flate.BestCompression
	}
	return flate.DefaultCompression
}

var buffers sync.Pool

func getBuffer() *bytes.Buffer {
	if b, ok := buffers.Get().(*bytes.Buffer); ok {
		b.Reset()
		return b
	}
	return new(bytes.Buffer)
}

func putBuffer(b *bytes.Buffer) { buffers.Put(b) }

// writeChunk writes one PNG chunk: length, type, data, CRC.
func writeChunk(w io.Writer, typ string, data []byte) error {
	var hdr [8]byte
	binary.BigEndian.PutUint32(hdr[:4], uint32(len(data)))
	copy(hdr[4:], typ)
	crc := crc32.NewIEEE()
	crc.Write(hdr[4:])
	crc.Write(data)
	var tail [4]byte
	binary.BigEndian.PutUint32(tail[:], crc.Sum32())
	for _, b := range [][]byte{hdr[:], data, tail[:]} {
		if _, err := w.Write(b); err != nil {
			return err
		}
	}
	return nil
}
