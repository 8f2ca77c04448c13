package render

import (
	"cmp"
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

// strategicLegend lists the symbols in use, each drawn as the map draws
// it at the map's scale s: the ground, the objectives, the map's own
// marks, then the orders.
func strategicLegend(v StrategicView, use map[symbol]bool, s float64) []legendItem {
	var items []legendItem
	add := func(sym symbol, label string, wide float64, swatch func(dc *gg.Context, x, y, sz float64)) {
		if !use[sym] {
			return
		}
		items = append(items, legendItem{label: label, wide: wide, swatch: func(img *image.RGBA, x, y, sz float64) {
			swatch(gg.NewContextForRGBA(img), x, y, sz)
		}})
	}
	for _, t := range mapgen.Themes {
		c := themeColor(t)
		add(symbol{symTheme, int(t)}, t.String(), 0, func(dc *gg.Context, x, y, sz float64) {
			h := math.Round(sz * 0.4)
			box(dc, x-h, y-h, 2*h, 2*h, c, colDark)
		})
	}
	for _, k := range []mapgen.ObjectiveKind{mapgen.City, mapgen.Spaceport, mapgen.Installation} {
		add(symbol{symObjective, int(k)}, k.String(), 0, func(dc *gg.Context, x, y, sz float64) {
			objectiveIcon(dc, k, x, y, 0.35*s)
		})
	}
	add(symbol{kind: symLink}, "adjacent", 0, func(dc *gg.Context, x, y, sz float64) {
		w := math.Round(0.3 * s)
		dc.DrawRectangle(x-sz/2, y-w/2, sz, w)
		dc.SetColor(colLink)
		dc.Fill()
	})
	add(symbol{kind: symOrbit}, "orbit (aboard DropShips)", 0, func(dc *gg.Context, x, y, sz float64) {
		h := math.Round(sz * 0.4)
		box(dc, x-h, y-h, 2*h, 2*h, colOrbit, colLink)
	})
	deploySide := 0
	if len(v.Deploy) > 0 {
		deploySide = v.Deploy[0].Side
	}
	add(symbol{kind: symDeploy}, "you may deploy here", 0, func(dc *gg.Context, x, y, sz float64) {
		h := math.Round(sz * 0.42)
		dc.DrawRectangle(x-h, y-h, 2*h, 2*h)
		dc.SetColor(colClear)
		dc.Fill()
		dc.SetDash(0.3*s, 0.18*s)
		dc.SetLineWidth(math.Round(0.15 * s))
		dc.SetColor(sideColor(deploySide))
		dc.DrawRectangle(x-h+2, y-h+2, 2*h-4, 2*h-4)
		dc.Stroke()
		dc.SetDash()
	})
	for _, side := range badgeSides(v) {
		label := "battlegroup"
		if len(badgeSides(v)) > 1 {
			label = sideName(v, side) + " battlegroup"
		}
		add(symbol{symBattlegroup, side}, label, 1.3, func(dc *gg.Context, x, y, sz float64) {
			w, h := 1.3*sz, math.Round(0.95*s)
			badge(dc, x-w/2, y-h/2, w, h, sideColor(side))
			if f, err := face(bold, math.Max(9, 0.66*s)); err == nil {
				img := dc.Image().(*image.RGBA)
				f.drawCentered(img, int(x+0.5), int(y)+f.capHeight()/2, "BG", colWhite, 255)
			}
		})
	}
	add(symbol{kind: symContact}, "enemy seen (T3: in turn 3)", 1.3, func(dc *gg.Context, x, y, sz float64) {
		h := math.Round(0.95 * s)
		hostileDiamond(dc, x-h/2, y-h/2, h, h)
		if f, err := face(bold, math.Max(9, 0.66*s)); err == nil {
			img := dc.Image().(*image.RGBA)
			f.drawCentered(img, int(x+0.5), int(y)+f.capHeight()/2, "?", colWhite, 255)
		}
	})
	orderSide := 0
	if len(v.Orders) > 0 {
		orderSide = v.Orders[0].Side
	}
	for k := range numArrowKinds {
		add(symbol{symArrow, int(k)}, k.String(), 2, func(dc *gg.Context, x, y, sz float64) {
			arrow(dc, s, x-sz, y, x+sz, y, arrowStyles[k], sideColor(orderSide))
		})
	}
	holdSide := 0
	if len(v.Holds) > 0 {
		holdSide = v.Holds[0].Side
	}
	add(symbol{kind: symHold}, "hold (prepared position)", 0, func(dc *gg.Context, x, y, sz float64) {
		h := math.Round(0.95 * s)
		badge(dc, x-h/2-0.1*s, y-h/2, h+0.2*s, h, sideColor(holdSide))
		rampart(dc, x, y, 0.28*s)
	})
	searchSide := 0
	if len(v.Searches) > 0 {
		searchSide = v.Searches[0].Side
	}
	add(symbol{kind: symSearch}, "search", 0, func(dc *gg.Context, x, y, sz float64) {
		r := 0.32 * s
		searchIcon(dc, x-0.6*r, y-0.6*r, r, sideColor(searchSide))
	})
	add(symbol{kind: symBattle}, "battle being fought", 0, func(dc *gg.Context, x, y, sz float64) {
		h := math.Round(0.95 * s)
		box(dc, x-h/2, y-h/2, h, h, colBattle, colDark)
		swords(dc, x, y, 0.36*h)
	})
	return items
}

// legendKey is everything strategicLegend draws from besides the scale:
// the symbols in use, the side each swatch takes its colour from, the
// battlegroup sides' names. Two views with the same key have the same
// legend (strategic_base.go keeps legends drawn by it).
func legendKey(v StrategicView, use map[symbol]bool) string {
	syms := make([]symbol, 0, len(use))
	for sym, ok := range use {
		if ok {
			syms = append(syms, sym)
		}
	}
	slices.SortFunc(syms, func(a, b symbol) int { return cmp.Or(cmp.Compare(a.kind, b.kind), cmp.Compare(a.of, b.of)) })
	var b []byte
	for _, sym := range syms {
		b = strconv.AppendInt(append(b, ' '), int64(sym.kind), 10)
		b = strconv.AppendInt(append(b, '.'), int64(sym.of), 10)
	}
	first := func(marks []SectorMark) int {
		if len(marks) == 0 {
			return 0
		}
		return marks[0].Side
	}
	orderSide := 0
	if len(v.Orders) > 0 {
		orderSide = v.Orders[0].Side
	}
	for _, side := range []int{first(v.Deploy), orderSide, first(v.Holds), first(v.Searches)} {
		b = strconv.AppendInt(append(b, '|'), int64(side), 10)
	}
	for _, side := range badgeSides(v) {
		b = strconv.AppendQuote(strconv.AppendInt(append(b, '|'), int64(side), 10), sideName(v, side))
	}
	return string(b)
}

// badgeSides are the sides whose battlegroups the view shows, in order.
func badgeSides(v StrategicView) []int {
	var sides []int
	seen := map[int]bool{}
	for _, mk := range v.Own {
		if !seen[mk.Side] {
			seen[mk.Side] = true
			sides = append(sides, mk.Side)
		}
	}
	return sides
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
