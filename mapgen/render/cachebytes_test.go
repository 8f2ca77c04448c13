package render

import (
	"cmp"
	"io"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/golang/freetype/truetype"

	"bfbot/mapgen"
	"bfbot/mapgen/hex"
)

// heapCount measures what values keep on the heap, through pointers,
// slices, strings, maps and interfaces, each object counted once: the
// bytes a cache keeps alive, measured without the cache's own weighing.
// The parsed fonts, made once for the process, and the glyph sets, a
// cache of their own (faces), are not counted where a value points to
// them.
type heapCount struct {
	seen   map[uintptr]bool // the objects pointed to, counted
	arrays [][2]uintptr     // the slices' arrays, [start, end), counted at the end
	n      int              // the rest
}

// bytes is the total: the slices' arrays counted once where they overlap
// (a sprite's runs are cut from its picture).
func (c *heapCount) bytes() int {
	slices.SortFunc(c.arrays, func(a, b [2]uintptr) int { return cmp.Compare(a[0], b[0]) })
	n, end := c.n, uintptr(0)
	for _, a := range c.arrays {
		lo := max(a[0], end)
		if a[1] > lo {
			n += int(a[1] - lo)
			end = a[1]
		}
	}
	return n
}

// add counts what v reaches, and not v itself.
func (c *heapCount) add(v reflect.Value) {
	if c.seen == nil {
		c.seen = map[uintptr]bool{}
	}
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() || c.seen[v.Pointer()] {
			return
		}
		c.seen[v.Pointer()] = true
		if t := v.Type().Elem(); t == reflect.TypeFor[truetype.Font]() || t == reflect.TypeFor[glyphSet]() {
			return
		}
		c.n += int(v.Type().Elem().Size())
		c.add(v.Elem())
	case reflect.Interface:
		if v.IsNil() {
			return
		}
		e := v.Elem()
		if e.Kind() != reflect.Pointer {
			c.n += int(e.Type().Size())
		}
		c.add(e)
	case reflect.Slice:
		if v.IsNil() || v.Cap() == 0 {
			return
		}
		p, size := uintptr(v.UnsafePointer()), v.Type().Elem().Size()
		c.arrays = append(c.arrays, [2]uintptr{p, p + uintptr(v.Cap())*size})
		if !holdsPointers(v.Type().Elem()) {
			return
		}
		for i := range v.Len() {
			c.add(v.Index(i))
		}
	case reflect.String:
		c.n += v.Len()
	case reflect.Map:
		if v.IsNil() {
			return
		}
		// A map's slots: its entries and a byte of control each.
		c.n += v.Len() * (int(v.Type().Key().Size()) + int(v.Type().Elem().Size()) + 1)
		for it := v.MapRange(); it.Next(); {
			c.add(it.Key())
			c.add(it.Value())
		}
	case reflect.Array:
		if holdsPointers(v.Type().Elem()) {
			for i := range v.Len() {
				c.add(v.Index(i))
			}
		}
	case reflect.Struct:
		// sync/atomic's Pointer[T] holds its T behind an unsafe.Pointer;
		// its first field, [0]*T, names T.
		if t := v.Type(); t.PkgPath() == "sync/atomic" && strings.HasPrefix(t.Name(), "Pointer[") {
			if p := v.FieldByName("v").UnsafePointer(); p != nil {
				c.add(reflect.NewAt(t.Field(0).Type.Elem().Elem(), p))
			}
			return
		}
		for i := range v.NumField() {
			c.add(v.Field(i))
		}
	}
}

// holdsPointers reports whether a value of type t may reach the heap.
func holdsPointers(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.Complex64, reflect.Complex128:
		return false
	case reflect.Array:
		return holdsPointers(t.Elem())
	case reflect.Struct:
		for i := range t.NumField() {
			if holdsPointers(t.Field(i).Type) {
				return true
			}
		}
		return false
	}
	return true
}

// keptBytes is what the values k holds keep on the heap (heapCount).
func keptBytes[K comparable, V any](k *kept[K, V]) int {
	k.mu.Lock()
	defer k.mu.Unlock()
	var c heapCount
	for _, m := range []map[K]V{k.m, k.old} {
		for _, v := range m {
			c.add(reflect.ValueOf(&v).Elem())
		}
	}
	return c.bytes()
}

// glyphSetBytes is what the glyph sets kept hold: their glyphs and faces.
func glyphSetBytes() int {
	facesMu.Lock()
	defer facesMu.Unlock()
	var c heapCount
	for _, gs := range faces {
		c.n += int(reflect.TypeFor[glyphSet]().Size())
		c.add(reflect.ValueOf(gs).Elem())
	}
	return c.bytes()
}

// keptCache is a cache kept across pictures: what it holds and its
// bound, in bytes.
type keptCache struct {
	held, bound func() int
}

// keptCacheOf is k as a keptCache.
func keptCacheOf[K comparable, V any](k *kept[K, V]) keptCache {
	return keptCache{func() int { return keptBytes(k) }, func() int { return k.bytes }}
}

// keptCaches are the caches kept across pictures, by name.
var keptCaches = map[string]keptCache{
	"tiles":          keptCacheOf(&tiles),
	"bases":          keptCacheOf(&bases),
	"strips":         keptCacheOf(&strips),
	"counterFaces":   keptCacheOf(&counterFaces),
	"rulerLabels":    keptCacheOf(&rulerLabels),
	"arts":           keptCacheOf(&arts),
	"symbols":        keptCacheOf(&symbols),
	"basePatches":    keptCacheOf(&basePatches),
	"markPatches":    keptCacheOf(&markPatches),
	"strategicBases": keptCacheOf(&strategicBases),
	"strategicTops":  keptCacheOf(&strategicTops),
	"legendBands":    keptCacheOf(&legendBands),
	"legendLines":    keptCacheOf(&legendLines),
	"markSprites":    keptCacheOf(&markSprites),
	"markShapes":     keptCacheOf(&markShapes),
	"glyphs":         {glyphSetBytes, func() int { return facesBytes }},
}

// Ensure every cache kept across pictures stays within its bound in
// bytes at the largest hex size, filled by more maps, legends, counters
// and hex sizes than it holds: at hex size 64, bounds in values alone
// let the terrains kept reach 245 MB, the strategic bases 150 MB, the
// hex art 50 MB and the legends' lines 23 MB (70 MB when full).
func TestCachesBoundedInBytes(t *testing.T) {
	if testing.Short() {
		t.Skip("draws some hundred pictures at the largest hex size")
	}
	clearKept()
	defer clearKept()
	o := DefaultOptions()
	o.HexSize = MaxHexSize
	rng := rand.New(rand.NewPCG(64, 1))
	peak := map[string]int{}
	check := func() {
		for name, c := range keptCaches {
			peak[name] = max(peak[name], c.held())
		}
	}
	// Tactical: sector maps of both orientations, each drawn with a
	// battle of its own (counters, marks, deployment zones), twice (the
	// second picture codes its terrain), and zoomed.
	for i := range 12 {
		m, err := mapgen.Generate(mapgen.GenOptions{Seed: uint64(100 + i), Theme: mapgen.Themes[i%len(mapgen.Themes)], Sheets: 2, Orientation: []mapgen.Orientation{mapgen.Wide, mapgen.Tall}[i%2]})
		if err != nil {
			t.Fatal(err)
		}
		v := randomBattle(rng, m)
		for range 2 {
			if err := WriteTacticalPNG(io.Discard, v, o); err != nil {
				t.Fatal(err)
			}
		}
		// A zoom's terrain, at a hex size whose bases are kept.
		if err := WriteTacticalZoomPNG(io.Discard, v, o, hex.Hex{X: 5, Y: 5}); err != nil {
			t.Fatal(err)
		}
		check()
	}
	// Strategic: new maps, each side's and the referee's views, their
	// legends made of lines as much as can be.
	for i := range 24 {
		s, err := mapgen.GenerateStrategic(uint64(1000+i), 4+i%3, 3+i%2)
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range campaignViews(s, uint64(i)) {
			if err := WriteStrategicPNG(io.Discard, v, o); err != nil {
				t.Fatal(err)
			}
		}
		check()
	}
	// Hex sizes: more than the hex art kept, each a small map with its
	// own battle (faces, symbols and glyphs of each size).
	small := mapgen.New(6, 4)
	for i := range 2 * arts.bound {
		so := o
		so.HexSize = MaxHexSize - float64(i)/2
		if err := WriteTacticalPNG(io.Discard, randomBattle(rng, small), so); err != nil {
			t.Fatal(err)
		}
		check()
	}
	for name, c := range keptCaches {
		if n, bound := peak[name], c.bound(); n > bound {
			t.Errorf("%s held %d bytes, bound %d", name, n, bound)
		} else {
			t.Logf("%-15s %11d bytes, bound %11d", name, n, bound)
		}
	}
}
