package render

import (
	"encoding/binary"
	"image"
	"image/color"
	"sync"

	"bfbot/mapgen"
)

// The maps go out as 8-bit paletted PNGs. Anti-aliasing leaves some ten
// thousand colours in a drawn map, and as RGB most of a map's cost was
// its encoding and most of its bytes were colour nobody sees at Discord's
// preview size. The pictures are still drawn in RGB (the anti-aliased
// primitives of raster.go, the sprites, gg); then every pixel is mapped
// to the palette below, which the renderer knows in advance: each colour
// it paints on purpose, exactly; the blends that cover areas (the hex
// grid's anti-aliased edge over each ground, deployment hatching); and a
// coarse colour cube, so that the other anti-aliased edges land on a near
// entry. A pixel is mapped by one lookup in a table of its 5-6-5 bits,
// built once; the PNG then holds one byte a pixel, unfiltered.

// mapPalette is the palette every tactical and strategic map is written
// in.
var mapPalette = buildPalette()

// paletteIndex is the table from a colour's 5-6-5 bits to its index in
// mapPalette: the nearest entry to the middle of the 5-6-5 cell, or the
// exact entry when one falls in the cell. Built on the first map.
var paletteIndex = sync.OnceValue(func() *[1 << 16]uint8 {
	var t [1 << 16]uint8
	for k := range t {
		r, g, b := int(k>>11)<<3|4, int(k>>5&63)<<2|2, int(k&31)<<3|4
		best, bestD := 0, 1<<30
		for i, c := range mapPalette {
			c := c.(color.RGBA)
			dr, dg, db := r-int(c.R), g-int(c.G), b-int(c.B)
			// Weighted as the eye weighs the channels.
			if d := 3*dr*dr + 4*dg*dg + 2*db*db; d < bestD {
				best, bestD = i, d
			}
		}
		t[k] = uint8(best)
	}
	// An exact colour wins its cell; the first listed wins a shared one.
	for i := len(mapPalette) - 1; i >= 0; i-- {
		c := mapPalette[i].(color.RGBA)
		t[key565(c.R, c.G, c.B)] = uint8(i)
	}
	return &t
})

// indexOf is the index colour c is mapped to (quantise).
func indexOf(c color.RGBA) uint8 { return paletteIndex()[key565(c.R, c.G, c.B)] }

func key565(r, g, b uint8) int { return int(r>>3)<<11 | int(g>>2)<<5 | int(b>>3) }

// buildPalette lists the exact colours first, then the blends, then a
// colour cube, at most 256.
func buildPalette() color.Palette {
	var p color.Palette
	seen := map[color.RGBA]bool{}
	add := func(cs ...color.RGBA) {
		for _, c := range cs {
			if !seen[c] && len(p) < 256 {
				seen[c] = true
				p = append(p, c)
			}
		}
	}
	add(colBackground, colStrip, colStripText, colStripDim, colDark, colWhite, colGrid,
		colTree, colTreeDark, colWave, colRoughMark, colRubble, colRoad, colRoadEdge, colContour,
		colReachable, colFire, colSelected, colBlocked, colHostile, colDisrupted, colPip, colSpaceport, colInstallation)
	for _, c := range colBuilding[1:] {
		add(c, mix(c, colDark, 0.5))
	}
	for _, c := range sideColors {
		add(c, mix(c, colWhite, 0.8), mix(c, colWhite, 0.25))
	}
	for _, t := range mapgen.Themes {
		add(themeColor(t), mix(colDark, themeColor(t), 0.35))
	}
	var plain []color.RGBA
	for _, t := range mapgen.Terrains {
		for e := range mapgen.MaxElevation + 1 {
			for _, paved := range []bool{false, true} {
				plain = append(plain, groundColor(mapgen.Cell{Terrain: t, Elevation: e, Road: paved}))
			}
		}
	}
	add(plain...)
	// Blends that cover areas, while a colour cube of cubeLevels a
	// channel still fits after them: the grid over each ground where the
	// line covers a pixel fully, half and a quarter; the two first sides'
	// deployment hatching over each ground.
	const cubeLevels = 3
	var blends []color.RGBA
	for _, a := range []uint32{gridAlpha, gridAlpha / 2, gridAlpha / 4} {
		for _, c := range plain {
			blends = append(blends, blend(c, colGrid, a))
		}
	}
	for _, side := range sideColors[:2] {
		for _, c := range plain {
			blends = append(blends, blend(c, side, deployAlpha))
		}
	}
	for _, c := range blends {
		if len(p)+cubeLevels*cubeLevels*cubeLevels >= 256 {
			break
		}
		add(c)
	}
	for r := range cubeLevels {
		for g := range cubeLevels {
			for b := range cubeLevels {
				l := func(i int) uint8 { return uint8(i * 255 / (cubeLevels - 1)) }
				add(rgb(l(r), l(g), l(b)))
			}
		}
	}
	return p
}

// blend is colour c laid with alpha a over ground, as blendPixel does.
func blend(ground, c color.RGBA, a uint32) color.RGBA {
	f := func(x, y uint8) uint8 { return uint8(div255(uint32(x)*(255-a) + uint32(y)*a)) }
	return rgb(f(ground.R, c.R), f(ground.G, c.G), f(ground.B, c.B))
}

// quantise maps the opaque picture img to mapPalette indices in pix,
// rows stride bytes apart. Every pixel is looked up, four to a pass,
// their keys made two to a word: skipping runs of one colour cost more
// in mispredicted branches than the lookups it saved, and a key a pixel
// was twice the work of the lookups.
func quantise(pix []byte, stride int, img *image.RGBA) {
	W, H := img.Rect.Dx(), img.Rect.Dy()
	t := paletteIndex()
	for y := range H {
		row := pix[y*stride : y*stride+W]
		src := img.Pix[y*img.Stride : y*img.Stride+4*W]
		x := 0
		for ; x+4 <= len(row); x += 4 {
			s := src[4*x : 4*x+16]
			k0, k1 := keys565(binary.LittleEndian.Uint64(s)), keys565(binary.LittleEndian.Uint64(s[8:]))
			r := row[x : x+4]
			r[0], r[1], r[2], r[3] = t[uint16(k0)], t[uint16(k0>>32)], t[uint16(k1)], t[uint16(k1>>32)]
		}
		for ; x < len(row); x++ {
			row[x] = t[word565(binary.LittleEndian.Uint32(src[4*x:]))]
		}
	}
}

// keys565 are word565 of the two pixels read as one little-endian word,
// in its low and high halves.
func keys565(c uint64) uint64 {
	return (c>>3&0x1f0000001f)<<11 | (c>>10&0x3f0000003f)<<5 | c>>19&0x1f0000001f
}

// word565 is key565 of a pixel read as one little-endian word.
func word565(c uint32) int { return int(c>>3&31)<<11 | int(c>>10&63)<<5 | int(c>>19&31) }
