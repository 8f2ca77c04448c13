package render

import (
	"image"
	"sync"
)

// kept is a bounded map of what the package paints once and draws many
// pictures from (a strategic map's sectors, its legends), safe for
// concurrent use. When full it is emptied: what is in use is painted
// again at once, and a bot drawing more than the bound in turn would
// miss anyway.
type kept[K comparable, V any] struct {
	mu    sync.Mutex
	m     map[K]V
	bound int
}

// get returns the value kept for key, making and keeping it on a miss.
// Two callers missing the same key at once may both make it; the
// first kept is the one both get.
func (k *kept[K, V]) get(key K, fresh func() V) V {
	k.mu.Lock()
	v, ok := k.m[key]
	k.mu.Unlock()
	if ok {
		return v
	}
	v = fresh()
	k.mu.Lock()
	defer k.mu.Unlock()
	if old, ok := k.m[key]; ok {
		return old // another caller made it meanwhile: one value for all
	}
	if k.m == nil || len(k.m) >= k.bound {
		k.m = map[K]V{}
	}
	k.m[key] = v
	return v
}

// clear drops every value.
func (k *kept[K, V]) clear() {
	k.mu.Lock()
	defer k.mu.Unlock()
	k.m = nil
}

// paintedRows is what paint draws on a W×H picture, mapped to the
// palette as stream rows: each row led by its PNG filter byte (0).
func paintedRows(W, H int, paint func(img *image.RGBA)) []byte {
	buf := getPixels()
	defer putPixels(buf)
	img := newPicture(W, H, buf)
	paint(img)
	rows := make([]byte, (W+1)*H)
	quantise(rows[1:], W+1, img)
	return rows
}
