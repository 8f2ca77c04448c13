package render

import (
	"cmp"
	"fmt"
	"image"
	"math"
	"slices"
	"strconv"

	"github.com/fogleman/gg"

	"bfbot/mapgen"
)

// symbol is one kind of mark the strategic map may draw, with what it is
// of (the theme, objective kind, side or arrow kind; else 0).
type symbol struct {
	kind symbolKind
	of   int
}

type symbolKind int

const (
	symTheme symbolKind = iota
	symObjective
	symLink
	symOrbit
	symDeploy
	symBattlegroup
	symContact
	symArrow
	symHold
	symSearch
	symBattle
)

// symbolsOf is every symbol the picture of v holds: the legend explains
// each, and only those.
func symbolsOf(v StrategicView) map[symbol]bool {
	use := map[symbol]bool{{kind: symOrbit}: true}
	for _, sec := range v.Map.Sectors {
		use[symbol{symTheme, int(sec.Theme)}] = true
		for _, ob := range sec.Objectives {
			use[symbol{symObjective, int(ob.Kind)}] = true
		}
		if len(v.Map.Neighbors(sec.ID)) > 0 {
			use[symbol{kind: symLink}] = true
		}
	}
	for _, mk := range v.Own {
		use[symbol{symBattlegroup, mk.Side}] = true
	}
	for _, a := range v.Orders {
		use[symbol{symArrow, int(a.Kind)}] = true
	}
	for _, x := range []struct {
		k symbolKind
		n int
	}{{symContact, len(v.Contacts)}, {symHold, len(v.Holds)}, {symSearch, len(v.Searches)}, {symBattle, len(v.Battles)}, {symDeploy, len(v.Deploy)}} {
		if x.n > 0 {
			use[symbol{kind: x.k}] = true
		}
	}
	return use
}

// legendInputs are everything a strategic legend is drawn from besides
// the scale: the symbols in use, in order; the side each swatch that
// shows a side takes its colour from (the first mark's of its kind); the
// sides whose battlegroups the view shows, with their names.
// strategicLegend draws from these alone, and a legend's kept band is
// found by them (key), so the two cannot tell legends apart differently.
type legendInputs struct {
	use                                         []symbol
	deploySide, orderSide, holdSide, searchSide int
	badges                                      []badgeSide
}

// badgeSide is a side whose battlegroups the view shows, and its name
// from the scores ("side N" without one).
type badgeSide struct {
	side int
	name string
}

// newLegendInputs are the inputs of the legend of v, whose picture holds
// the symbols use.
func newLegendInputs(v StrategicView, use map[symbol]bool) legendInputs {
	var in legendInputs
	for sym, ok := range use {
		if ok {
			in.use = append(in.use, sym)
		}
	}
	slices.SortFunc(in.use, compareSymbols)
	first := func(marks []SectorMark) int {
		if len(marks) == 0 {
			return 0
		}
		return marks[0].Side
	}
	in.deploySide, in.holdSide, in.searchSide = first(v.Deploy), first(v.Holds), first(v.Searches)
	if len(v.Orders) > 0 {
		in.orderSide = v.Orders[0].Side
	}
	for _, mk := range v.Own {
		if !slices.ContainsFunc(in.badges, func(b badgeSide) bool { return b.side == mk.Side }) {
			in.badges = append(in.badges, badgeSide{mk.Side, sideName(v, mk.Side)})
		}
	}
	return in
}

func compareSymbols(a, b symbol) int {
	return cmp.Or(cmp.Compare(a.kind, b.kind), cmp.Compare(a.of, b.of))
}

// has reports whether the legend explains sym.
func (in legendInputs) has(sym symbol) bool {
	_, ok := slices.BinarySearchFunc(in.use, sym, compareSymbols)
	return ok
}

// key is the inputs as text, every field written as Go would quote it:
// two legends of the same key are drawn alike.
func (in legendInputs) key() string { return fmt.Sprintf("%#v", in) }

// strategicLegend lists the symbols in use, each drawn as the map draws
// it at the map's scale s: the ground, the objectives, the map's own
// marks, then the orders.
func strategicLegend(in legendInputs, s float64) []legendItem {
	var items []legendItem
	// The swatches share a context on the legend's picture, each drawn
	// from its fresh state: a context costs a rasterizer of some 10 KB,
	// most of a swatch's garbage. Pop restores the matrix, colours and
	// line style but keeps the path and the clip mask, which ClearPath
	// and ResetClip drop.
	var dc *gg.Context
	// side is the side whose colour the swatch takes (0 when none): the
	// swatch is drawn with it and the item's id holds it, so two items
	// of one id are drawn alike.
	add := func(sym symbol, side int, label string, wide float64, swatch func(dc *gg.Context, x, y, sz float64, side int)) {
		if !in.has(sym) {
			return
		}
		id := fmt.Sprintf("%d.%d.%d", sym.kind, sym.of, side)
		items = append(items, legendItem{label: label, wide: wide, id: id, swatch: func(img *image.RGBA, x, y, sz float64) {
			if dc == nil || dc.Image() != img {
				dc = gg.NewContextForRGBA(img)
			}
			dc.Push()
			swatch(dc, x, y, sz, side)
			dc.Pop()
			dc.ClearPath()
			dc.ResetClip()
		}})
	}
	for _, t := range mapgen.Themes {
		c := themeColor(t)
		add(symbol{symTheme, int(t)}, 0, t.String(), 0, func(dc *gg.Context, x, y, sz float64, _ int) {
			h := math.Round(sz * 0.4)
			box(dc, x-h, y-h, 2*h, 2*h, c, colDark)
		})
	}
	for _, k := range []mapgen.ObjectiveKind{mapgen.City, mapgen.Spaceport, mapgen.Installation} {
		add(symbol{symObjective, int(k)}, 0, k.String(), 0, func(dc *gg.Context, x, y, sz float64, _ int) {
			objectiveIcon(dc, k, x, y, 0.35*s)
		})
	}
	add(symbol{kind: symLink}, 0, "adjacent", 0, func(dc *gg.Context, x, y, sz float64, _ int) {
		w := math.Round(0.3 * s)
		dc.DrawRectangle(x-sz/2, y-w/2, sz, w)
		dc.SetColor(colLink)
		dc.Fill()
	})
	add(symbol{kind: symOrbit}, 0, "orbit (aboard DropShips)", 0, func(dc *gg.Context, x, y, sz float64, _ int) {
		h := math.Round(sz * 0.4)
		box(dc, x-h, y-h, 2*h, 2*h, colOrbit, colLink)
	})
	add(symbol{kind: symDeploy}, in.deploySide, "you may deploy here", 0, func(dc *gg.Context, x, y, sz float64, side int) {
		h := math.Round(sz * 0.42)
		dc.DrawRectangle(x-h, y-h, 2*h, 2*h)
		dc.SetColor(colClear)
		dc.Fill()
		dc.SetDash(0.3*s, 0.18*s)
		dc.SetLineWidth(math.Round(0.15 * s))
		dc.SetColor(sideColor(side))
		dc.DrawRectangle(x-h+2, y-h+2, 2*h-4, 2*h-4)
		dc.Stroke()
		dc.SetDash()
	})
	for _, b := range in.badges {
		label := "battlegroup"
		if len(in.badges) > 1 {
			label = b.name + " battlegroup"
		}
		add(symbol{symBattlegroup, b.side}, b.side, label, 1.3, func(dc *gg.Context, x, y, sz float64, side int) {
			w, h := 1.3*sz, math.Round(0.95*s)
			badge(dc, x-w/2, y-h/2, w, h, sideColor(side))
			if f, err := coarseFace(bold, math.Max(9, 0.66*s)); err == nil {
				img := dc.Image().(*image.RGBA)
				f.drawCentered(img, int(x+0.5), int(y)+f.capHeight()/2, "BG", colWhite, 255)
			}
		})
	}
	add(symbol{kind: symContact}, 0, "enemy seen (T3: in turn 3)", 1.3, func(dc *gg.Context, x, y, sz float64, _ int) {
		h := math.Round(0.95 * s)
		hostileDiamond(dc, x-h/2, y-h/2, h, h)
		if f, err := coarseFace(bold, math.Max(9, 0.66*s)); err == nil {
			img := dc.Image().(*image.RGBA)
			f.drawCentered(img, int(x+0.5), int(y)+f.capHeight()/2, "?", colWhite, 255)
		}
	})
	for k := range numArrowKinds {
		add(symbol{symArrow, int(k)}, in.orderSide, k.String(), 2, func(dc *gg.Context, x, y, sz float64, side int) {
			arrow(dc, s, x-sz, y, x+sz, y, arrowStyles[k], sideColor(side))
		})
	}
	add(symbol{kind: symHold}, in.holdSide, "hold (prepared position)", 0, func(dc *gg.Context, x, y, sz float64, side int) {
		h := math.Round(0.95 * s)
		badge(dc, x-h/2-0.1*s, y-h/2, h+0.2*s, h, sideColor(side))
		rampart(dc, x, y, 0.28*s)
	})
	add(symbol{kind: symSearch}, in.searchSide, "search", 0, func(dc *gg.Context, x, y, sz float64, side int) {
		r := 0.32 * s
		searchIcon(dc, x-0.6*r, y-0.6*r, r, sideColor(side))
	})
	add(symbol{kind: symBattle}, 0, "battle being fought", 0, func(dc *gg.Context, x, y, sz float64, _ int) {
		h := math.Round(0.95 * s)
		box(dc, x-h/2, y-h/2, h, h, colBattle, colDark)
		swords(dc, x, y, 0.36*h)
	})
	return items
}

// sideName is side's name from the scores, or "side N".
func sideName(v StrategicView, side int) string {
	for _, sc := range v.Scores {
		if sc.Side == side {
			return sc.Name
		}
	}
	return "side " + strconv.Itoa(side+1)
}
