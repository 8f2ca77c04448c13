package render

import (
	"image"
	"image/color"
	"math"

	"bfbot/mapgen"
	"bfbot/mapgen/hex"
)

// Maps are generated afresh for each battle, so a terrain base (base.go)
// is painted once per battle; yet its hexes are few kinds: a hex's
// pixels, its stamp's spans, are painted from what tileKey holds, and
// 64×17 maps share most of theirs. So a terrain is copied hex by hex
// from tiles, each a hex's pixels in palette indices, kept for the
// process across maps; a tile is painted, by the terrain's own painter,
// only when no map before had a hex of its kind. The hex numbers and
// the rulers are written after, in palette indices (terrainRows), as
// when painted. TestTilesAsPainted holds the tiled terrain to the
// painted one, pixel for pixel, over maps of every theme.

// tileKey is what a hex's pixels are painted from, but for its number:
// the hex's own ground, marks, roads and deployment zone, and what its
// neighbours draw over its pixels: their roads toward it, the contours
// and outlines of its hexsides and of the hexsides between two of them
// that end at its corners, the map's edge, their zones' borders. A
// neighbour's ground and marks keep to its own pixels (the stamps tile
// the plane, TestStampsTile; marks keep inside their hex,
// TestFeaturesInsideHex), and a hex farther off draws nothing within
// its reach. The layers are painted in the order of the cells (rows,
// then columns), which the parity fixes among a hex and its neighbours.
// A hex of the ring around the map (on false) is the margin's
// background and what the map's hexes beside it draw over it.
type tileKey struct {
	size, height float64 // the grid's
	parity       uint8
	on           bool // the hex is on the map
	fill         color.RGBA
	terrain      mapgen.Terrain
	scatter      uint8 // scatterOf, for the terrains whose marks are scattered
	roads        uint8 // the hexsides its road is drawn to (roadSides)
	zone         int8  // its deployment zone, side+1
	phase        uint8 // the zone's hatching's phase at its anchor
	near         uint8 // bit d: the neighbour toward d is on the map
	roadIn       uint8 // bit d: that neighbour's road is drawn toward it
	rise         uint8 // bit d: that neighbour lies at another elevation
	spoke        uint8 // bit d: the neighbours toward d and d+1 lie at other elevations
	zones        [6]int8
}

// tilesBound is what the kept tiles may weigh, in bytes, each counted
// with 128 bytes of upkeep: some 14,000 tiles of 1,048 bytes at the
// default size, where a 64×17 map has 1,252 (its 1,088 hexes and the
// ring around them) of some 400 kinds, and a map of a new battle finds
// all but some tens of its kinds among those of the maps before
// (BENCHMARKS.md).
const tilesBound = 16 << 20

// tilesEach is what the tiles one picture keeps may weigh: past it,
// the picture paints its new tiles for itself only, so that one big
// map (60×40 hexes at the largest hex size paints more than the bound)
// does not drop every map's tiles, its own first.
const tilesEach = tilesBound / 4

// tiles are the tiles kept, by kind.
var tiles = kept[tileKey, []byte]{bytes: tilesBound, weigh: func(b []byte) int { return len(b) + keptUpkeep }}

// tiledWhole is the share of a map's tiles missing (kinds, against
// hexes) past which the whole terrain is painted, as without tiles, and
// the missing tiles cut from it: a tile painted alone paints the pieces
// of its neighbours that reach it too, some 7 µs at the default size,
// nearly two hexes' share of the whole painting (BENCHMARKS.md).
const tiledWhole = 2

// scattered reports whether terrain t's marks are scattered (scatterOf).
func scattered(t mapgen.Terrain) bool {
	switch t {
	case mapgen.LightWoods, mapgen.HeavyWoods, mapgen.Rough, mapgen.Rubble:
		return true
	}
	return false
}

// tileKey is the kind of hex h, on the map or beside it, whose anchor
// lies at (ax, ay); period is the hatching's, roads the cells'
// roadSides.
func (tp *terrainPainter) tileKey(h hex.Hex, ax, ay, period int, roads []uint8) tileKey {
	m := tp.m
	g := tp.lay.g
	k := tileKey{size: g.size, height: g.height, parity: uint8(h.X & 1), on: m.Contains(h)}
	var elev [6]int
	for _, d := range hex.Directions {
		n := h.Neighbor(d)
		if !m.Contains(n) {
			continue
		}
		j := n.Y*m.Width + n.X
		k.near |= 1 << d
		if roads[j]&(1<<d.Opposite()) != 0 {
			k.roadIn |= 1 << d
		}
		k.zones[d] = tp.deploy[j]
		elev[d] = m.Cells[j].Elevation
	}
	for _, d := range hex.Directions {
		e := (d + 1) % 6
		if k.near&(1<<d) != 0 && k.near&(1<<e) != 0 && elev[d] != elev[e] {
			k.spoke |= 1 << d
		}
	}
	if !k.on {
		return k
	}
	i := h.Y*m.Width + h.X
	c := m.Cells[i]
	k.fill, k.terrain, k.roads, k.zone = tp.fills[i], c.Terrain, roads[i], tp.deploy[i]
	if scattered(c.Terrain) {
		k.scatter = scatterOf(h)
	}
	if k.zone != 0 {
		k.phase = uint8((ax + ay) % period)
	}
	for _, d := range hex.Directions {
		if k.near&(1<<d) != 0 && elev[d] != c.Elevation {
			k.rise |= 1 << d
		}
	}
	return k
}

// tiledHex is a hex of a tiled terrain: where its stamp goes, its kind
// and its tile (nil until found or painted).
type tiledHex struct {
	h      hex.Hex
	ax, ay int
	key    tileKey
	tile   []byte
}

// tiledRows is terrainRows made of tiles: every hex of the map and of
// the ring around it (but for those no hex of the map borders, the
// margin's background) copied from its kind's tile, the tiles no map
// before had painted first; then the hex numbers and the rulers
// written in palette indices. When many tiles are missing (the first
// maps of a process), the whole terrain is painted as without tiles
// and they are cut from it. The numbers must be aside and the rulers
// alone (terrainRowsWithin); the margins beyond drawn hold only their
// background.
func (tp *terrainPainter) tiledRows(drawn image.Rectangle) []byte {
	lay, m := tp.lay, tp.m
	g := lay.below()
	W, H := lay.W, lay.H-lay.strip.height
	S := W + 1
	hexes, missing := tp.tiledHexes(g)
	rows := make([]byte, S*H)
	whole := len(missing)*tiledWhole > len(hexes)
	if whole {
		tp.paintRows(rows, drawn, func(*image.RGBA, func(image.Rectangle)) {})
	}
	pic := image.Rect(0, 0, W, H)
	buf := getPixels()
	defer putPixels(buf)
	only := make([]bool, len(m.Cells))
	added := 0 // what the tiles this picture kept weigh
	for i := range hexes {
		th := &hexes[i]
		if th.tile != nil {
			continue
		}
		if th.tile = missing[th.key]; th.tile != nil {
			continue // made for a hex of its kind before
		}
		st := &tp.art.stamps[th.h.X&1]
		box := st.box().Add(image.Pt(th.ax, th.ay))
		if whole && box.In(pic) {
			th.tile = st.cut(rows[1:], S, th.ax, th.ay)
		} else {
			th.tile = tp.paintTile(buf, g, th.h, st, box, th.ax, th.ay, only)
		}
		missing[th.key] = th.tile
		if added += tiles.weigh(th.tile); added <= tilesEach {
			tiles.add(th.key, th.tile)
		}
	}
	if !whole {
		bg := backgroundRow(W)
		for y := range H {
			copy(rows[y*S+1:(y+1)*S], bg)
		}
		for _, th := range hexes {
			tp.art.stamps[th.h.X&1].lay(rows[1:], S, pic, th.ax, th.ay, th.tile)
		}
	}
	// The numbers, as the painter sets them aside.
	tp.aside = tp.aside[:0]
	if tp.numbers != nil {
		for i := range m.Cells {
			h := hexAt(m, i)
			cx, cy := g.center(h)
			tp.aside = append(tp.aside, tp.number(g, i, h, cx, cy))
		}
	}
	tp.layNumbers(rows[1:], S, pic)
	if lay.rulers != nil {
		lay.rulers.lay(&image.RGBA{Rect: pic}, rows[1:], S, g, lay.mw, lay.mh, true, nil)
	}
	return rows
}

// tiledHexes are the hexes of the map, and of the ring around it those
// a hex of the map borders, in grid g, each with its kind and the tile
// kept for it (nil if none); and the kinds no tile is kept for, each
// with nil.
func (tp *terrainPainter) tiledHexes(g grid) ([]tiledHex, map[tileKey][]byte) {
	m := tp.m
	period := g.hatchPeriod()
	roads := make([]uint8, len(m.Cells))
	for i, c := range m.Cells {
		if c.Road {
			roads[i] = roadSides(m, hexAt(m, i))
		}
	}
	hexes := make([]tiledHex, 0, (m.Width+2)*(m.Height+2))
	missing := map[tileKey][]byte{}
	for y := -1; y <= m.Height; y++ {
		for x := -1; x <= m.Width; x++ {
			h := hex.Hex{X: x, Y: y}
			cx, cy := g.center(h)
			th := tiledHex{h: h, ax: int(math.Floor(cx)), ay: int(math.Floor(cy))}
			th.key = tp.tileKey(h, th.ax, th.ay, period, roads)
			if !th.key.on && th.key.near == 0 {
				continue // the margin's background
			}
			var ok bool
			if th.tile, ok = tiles.find(th.key); !ok {
				missing[th.key] = nil
			}
			hexes = append(hexes, th)
		}
	}
	return hexes, missing
}

// paintTile paints the tile of hex h, whose stamp st lies at (ax, ay),
// its box box, in grid g: the box painted as the whole terrain would
// be, the background, then the hex and its neighbours on the map (no
// other hex reaches its pixels, tileKey), in a scratch picture of
// *buf, its spans mapped to the palette. only is all false, as long as
// the map's cells, and left so.
func (tp *terrainPainter) paintTile(buf *[]byte, g grid, h hex.Hex, st *stamp, box image.Rectangle, ax, ay int, only []bool) []byte {
	img := &image.RGBA{Pix: bytesFor(buf, 4*box.Dx()*box.Dy()), Stride: 4 * box.Dx(), Rect: box}
	fillRect(img, box.Min.X, box.Min.Y, box.Max.X, box.Max.Y, colBackground)
	m := tp.m
	nbs := h.Neighbors()
	around := append(nbs[:], h)
	for _, n := range around {
		if m.Contains(n) {
			only[n.Y*m.Width+n.X] = true
		}
	}
	first, last := max(h.Y-1, 0), min(h.Y+1, m.Height-1)
	c0, c1 := max(h.X-1, 0), min(h.X+1, m.Width-1)
	if first <= last && c0 <= c1 {
		tp.paint(img, g, first, last, c0, c1, only)
	}
	for _, n := range around {
		if m.Contains(n) {
			only[n.Y*m.Width+n.X] = false
		}
	}
	tp.aside = tp.aside[:0] // numbers are written after
	pix := make([]byte, box.Dx()*box.Dy())
	quantise(pix, box.Dx(), img)
	return st.cut(pix, box.Dx(), ax-box.Min.X, ay-box.Min.Y)
}

// box is the rectangle of the stamp's spans, relative to its anchor.
func (st *stamp) box() image.Rectangle {
	var r image.Rectangle
	for _, s := range st.spans {
		r = r.Union(image.Rect(s.x0, s.dy, s.x1, s.dy+1))
	}
	return r
}

// cut is the tile of the stamp's spans at (ax, ay) in pix, rows stride
// bytes apart: the spans' pixels one after the other.
func (st *stamp) cut(pix []byte, stride, ax, ay int) []byte {
	t := make([]byte, 0, st.area)
	for _, s := range st.spans {
		o := (ay+s.dy)*stride + ax
		t = append(t, pix[o+s.x0:o+s.x1]...)
	}
	return t
}

// lay copies tile t, cut from the stamp's spans, to the stamp at
// (ax, ay) in pix, rows stride bytes apart, the picture pic, clipped to it.
func (st *stamp) lay(pix []byte, stride int, pic image.Rectangle, ax, ay int, t []byte) {
	for _, s := range st.spans {
		n := s.x1 - s.x0
		y, x0, x1 := ay+s.dy, max(ax+s.x0, pic.Min.X), min(ax+s.x1, pic.Max.X)
		if y >= pic.Min.Y && y < pic.Max.Y && x0 < x1 {
			copy(pix[y*stride+x0:y*stride+x1], t[x0-ax-s.x0:])
		}
		t = t[n:]
	}
}
