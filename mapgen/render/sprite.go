package render

import (
	"image"
	"math"
	"sync"
)

// sprite is a small premultiplied picture drawn many times: a tree, a
// hex outline, a wave. Its shapes are drawn once into img; draw then
// blends only the runs of pixels that are not transparent (an outline
// covers a tenth of its box), a few integer operations a pixel where
// drawing the shapes again would cost a distance and a square root each.
type sprite struct {
	img    *image.RGBA
	ax, ay int // the anchor: the sprite pixel placed on the target point
	runs   []spriteRun
	// dy0, dy1 bound the rows of the runs, to pass over a sprite that
	// misses a band of the picture at once.
	dy0, dy1 int
}

// spriteRun is a row's stretch of visible pixels, relative to the anchor.
type spriteRun struct {
	dy, dx int
	pix    []uint8 // premultiplied RGBA
}

// weight is what the sprite holds: its picture, and its runs (cut from
// the picture).
func (sp *sprite) weight() int { return len(sp.img.Pix) + cap(sp.runs)*spriteRunSize + keptUpkeep }

// spriteRunSize is a spriteRun's size: two ints and a slice.
const spriteRunSize = 5 * 8

func newSprite(w, h, ax, ay int) *sprite {
	return &sprite{img: image.NewRGBA(image.Rect(0, 0, w, h)), ax: ax, ay: ay}
}

// compile finds the visible runs once the sprite's shapes are drawn. Runs
// closer than a few pixels are merged (a transparent pixel blends to what
// was there), since each run costs more to start than a pixel to blend.
func (sp *sprite) compile() *sprite {
	const gap = 6
	sp.runs = sp.runs[:0]
	b := sp.img.Rect
	for y := 0; y < b.Dy(); y++ {
		row := sp.img.Pix[y*sp.img.Stride : y*sp.img.Stride+4*b.Dx()]
		x0, x1 := -1, -1 // the run being gathered
		for x := 0; x < b.Dx(); x++ {
			if row[4*x+3] == 0 {
				continue
			}
			if x0 >= 0 && x-x1 > gap {
				sp.runs = append(sp.runs, spriteRun{dy: y - sp.ay, dx: x0 - sp.ax, pix: row[4*x0 : 4*x1]})
				x0 = -1
			}
			if x0 < 0 {
				x0 = x
			}
			x1 = x + 1
		}
		if x0 >= 0 {
			sp.runs = append(sp.runs, spriteRun{dy: y - sp.ay, dx: x0 - sp.ax, pix: row[4*x0 : 4*x1]})
		}
	}
	if len(sp.runs) > 0 {
		sp.dy0, sp.dy1 = sp.runs[0].dy, sp.runs[len(sp.runs)-1].dy+1
	}
	return sp
}

// draw lays the sprite over the opaque picture dst with its anchor at
// (x, y), clipped to dst.
func (sp *sprite) draw(dst *image.RGBA, x, y int) {
	cl := dst.Rect
	if y+sp.dy1 <= cl.Min.Y || y+sp.dy0 >= cl.Max.Y {
		return
	}
	scaled := scaledBytes()
	for _, r := range sp.runs { // in order of rows (compile)
		py := y + r.dy
		if py >= cl.Max.Y {
			break
		}
		if py < cl.Min.Y {
			continue
		}
		px, src := x+r.dx, r.pix
		if px < cl.Min.X {
			if (cl.Min.X-px)*4 >= len(src) {
				continue
			}
			src, px = src[(cl.Min.X-px)*4:], cl.Min.X
		}
		if n := (cl.Max.X - px) * 4; n < len(src) {
			if n <= 0 {
				continue
			}
			src = src[:n]
		}
		o := dst.PixOffset(px, py)
		d := dst.Pix[o : o+len(src)]
		for i := 0; i+4 <= len(src); i += 4 {
			if src[i+3] == 0 {
				continue
			}
			// src + div255(dst·(255−a)) a channel, the product looked up.
			t := &scaled[255-src[i+3]]
			p := d[i : i+3 : i+3]
			p[0] = src[i] + t[p[0]]
			p[1] = src[i+1] + t[p[1]]
			p[2] = src[i+2] + t[p[2]]
		}
	}
}

// scaledBytes is div255(b·a) for every a and byte b, [a][b]: a
// premultiplied sprite's blend is a sum of the sprite's pixel and the
// picture's scaled by what the sprite leaves of it, and looking the
// product up cost two thirds of working it out (hex outlines, trees and
// roads are most of a map's blended pixels). Made on the first sprite
// drawn.
var scaledBytes = sync.OnceValue(func() *[256][256]uint8 {
	var t [256][256]uint8
	for a := range 256 {
		for b := range 256 {
			t[a][b] = uint8(div255(uint32(a * b)))
		}
	}
	return &t
})

// sprites are the terrain marks of one picture, built for its hex size.
type sprites struct {
	lightTree, heavyTree *sprite
	waves                *sprite
	roughMark            *sprite
}

func newSprites(s float64) *sprites {
	return &sprites{
		lightTree: treeSprite(0.17 * s),
		heavyTree: treeSprite(0.2 * s),
		waves:     waveSprite(s),
		roughMark: roughSprite(s),
	}
}

// treeSprite is a tree crown seen from above: dark, lit from the upper
// left, as trees are printed on mapsheets.
func treeSprite(r float64) *sprite {
	n := int(math.Ceil(2*r)) + 3
	c := float64(n) / 2
	sp := newSprite(n, n, n/2, n/2)
	disc(sp.img, c, c, r, colTreeDark, 255)
	disc(sp.img, c-0.2*r, c-0.2*r, 0.62*r, colTree, 255)
	return sp.compile()
}

// waveSprite is the pair of wave marks of a water hex.
func waveSprite(s float64) *sprite {
	n := int(math.Ceil(s)) + 4
	sp := newSprite(n, n, n/2, n/2)
	cx, cy := float64(n)/2, float64(n)/2
	for i, dy := range [2]float64{-0.18, 0.18} {
		x := cx + float64(i*2-1)*0.15*s
		y := cy + dy*s
		line(sp.img, x-0.22*s, y, x-0.07*s, y-0.07*s, 1.2, colWave, 170)
		line(sp.img, x-0.07*s, y-0.07*s, x+0.07*s, y, 1.2, colWave, 170)
		line(sp.img, x+0.07*s, y, x+0.22*s, y-0.07*s, 1.2, colWave, 170)
	}
	return sp.compile()
}

// roughSprite is one small broken-ground mark.
func roughSprite(s float64) *sprite {
	n := int(math.Ceil(0.3*s)) + 4
	sp := newSprite(n, n, n/2, n/2)
	x, y := float64(n)/2, float64(n)/2
	line(sp.img, x-0.1*s, y+0.05*s, x, y-0.06*s, 1.2, colRoughMark, 200)
	line(sp.img, x, y-0.06*s, x+0.1*s, y+0.05*s, 1.2, colRoughMark, 200)
	return sp.compile()
}
