package render

import (
	"bytes"
	"image"
	"sync"
)

// kept is a bounded map of what the package paints once and draws many
// pictures from (a strategic map's sectors, its legends), safe for
// concurrent use. It keeps two generations of at most half the bound
// each: when the newer is full it becomes the older and the older is
// dropped, and a value found in the older is moved to the newer. So a
// value is kept for at least half the bound's misses after its last
// use. Emptying the whole map when full, as it did before, dropped some
// values as soon as they were made: in the scale test's minute of 1,000
// campaigns (each on a map of its own, its two players' pictures drawn
// one after the other) 1,019 bases were painted, and 239 legends for 101
// different ones.
//
// It is bounded in bytes too: a value's size grows with the hex size's
// square, and a bound in values that holds a few megabytes at the
// default size held some hundreds at the largest (TestCachesBoundedInBytes).
// weigh gives a value's bytes, what it holds once used (a base's coded
// rows and marked hexes made after it is kept included); a value heavier
// than half of bytes is not kept at all, each picture making its own.
type kept[K comparable, V any] struct {
	mu     sync.Mutex
	m, old map[K]V
	bound  int // values (0: no bound but bytes)
	bytes  int
	weigh  func(V) int
	n      int // what the newer generation's values weigh
}

// keptUpkeep is what a small value's upkeep is taken to weigh: its map
// entry, its header and the allocator's rounding.
const keptUpkeep = 128

// get returns the value kept for key, making and keeping it on a miss.
// Two callers missing the same key at once may both make it; the
// first kept is the one both get.
func (k *kept[K, V]) get(key K, fresh func() V) V {
	k.mu.Lock()
	v, ok := k.lookup(key)
	k.mu.Unlock()
	if ok {
		return v
	}
	v = fresh()
	k.mu.Lock()
	defer k.mu.Unlock()
	if old, ok := k.lookup(key); ok {
		return old // another caller made it meanwhile: one value for all
	}
	k.put(key, v)
	return v
}

// find returns the value kept for key, if any.
func (k *kept[K, V]) find(key K) (V, bool) {
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.lookup(key)
}

// add keeps v for key, unless a value is kept for it already.
func (k *kept[K, V]) add(key K, v V) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if _, ok := k.lookup(key); !ok {
		k.put(key, v)
	}
}

// lookup finds key's value, moving it to the newer generation if it is
// in the older one. Called with mu held.
func (k *kept[K, V]) lookup(key K) (V, bool) {
	if v, ok := k.m[key]; ok {
		return v, true
	}
	v, ok := k.old[key]
	if ok {
		delete(k.old, key)
		k.put(key, v)
	}
	return v, ok
}

// put keeps key's value in the newer generation, which becomes the
// older when full, unless the value alone weighs more than a
// generation may. Called with mu held.
func (k *kept[K, V]) put(key K, v V) {
	w := k.weigh(v)
	if w > k.bytes/2 {
		return
	}
	if k.m == nil || len(k.m) > 0 && (k.bound > 0 && len(k.m) >= max(k.bound/2, 1) || k.n+w > k.bytes/2) {
		k.old, k.m, k.n = k.m, map[K]V{}, 0
	}
	k.m[key] = v
	k.n += w
}

// clear drops every value.
func (k *kept[K, V]) clear() {
	k.mu.Lock()
	defer k.mu.Unlock()
	k.m, k.old, k.n = nil, nil, 0
}

// paintedRows is what paint draws on a W×H picture, mapped to the
// palette as stream rows: each row led by its PNG filter byte (0).
func paintedRows(W, H int, paint func(img *image.RGBA)) []byte {
	buf := getPixels()
	defer putPixels(buf)
	return paintedRowsIn(buf, W, H, paint)
}

// paintedRowsIn is paintedRows painting in the buffer *buf (grown if
// need be).
func paintedRowsIn(buf *[]byte, W, H int, paint func(img *image.RGBA)) []byte {
	img := newPicture(W, H, buf)
	paint(img)
	rows := make([]byte, (W+1)*H)
	quantiseRepeats(rows[1:], W+1, img)
	return rows
}

// quantiseRepeats is quantise for a picture whose rows mostly repeat
// the row above (four in five of a strategic map's base, whose sectors
// are flat tints): such a row, told by comparing its pixels with the
// row above's (bytes.Equal, far cheaper than looking each up), has its
// indices copied from the row above; the other rows are quantised in
// bands.
func quantiseRepeats(pix []byte, stride int, img *image.RGBA) {
	W, H, S := img.Rect.Dx(), img.Rect.Dy(), img.Stride
	row := func(y int) []byte { return img.Pix[y*S : y*S+4*W] }
	for y := 0; y < H; {
		y1 := y + 1 // the band [y, y1) of rows unlike the row above
		for y1 < H && !bytes.Equal(row(y1), row(y1-1)) {
			y1++
		}
		band := image.RGBA{Pix: img.Pix[y*S:], Stride: S, Rect: image.Rect(0, 0, W, y1-y)}
		quantise(pix[y*stride:], stride, &band)
		for y = y1; y < H && bytes.Equal(row(y), row(y-1)); y++ {
			copy(pix[y*stride:y*stride+W], pix[(y-1)*stride:])
		}
	}
}
