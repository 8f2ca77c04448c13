package command

import (
	"context"
	"strconv"
	"strings"

	"bfbot/referee"
)

// completer returns the autocomplete source for an option name whose
// values come from the state, or nil. Suggestions come only from what the
// caller may know: his own battlegroups and units, the public sectors and
// sides, the battles.
func (g *Registry) completer(option string) func(ctx context.Context, r *Request, partial string) []string {
	var list func(x *call) []string
	switch option {
	case "side":
		list = func(x *call) []string {
			var out []string
			for _, s := range x.c.Sides {
				out = append(out, s.ID)
			}
			return out
		}
	case "bg":
		list = func(x *call) []string {
			if x.side == nil {
				return nil
			}
			var out []string
			for _, b := range x.side.Battlegroups {
				out = append(out, strconv.Itoa(b.ID))
			}
			return out
		}
	case "sector", "path", "sectors":
		list = func(x *call) []string {
			var out []string
			for _, s := range x.c.Map.Sectors {
				out = append(out, strconv.Itoa(s.ID))
			}
			return out
		}
	case "battle":
		list = func(x *call) []string {
			var out []string
			for _, b := range x.c.Battles {
				if !b.Over && (x.side == nil || inBattle(&b, x.side.ID)) {
					out = append(out, strconv.Itoa(b.ID))
				}
			}
			return out
		}
	case "unit":
		list = func(x *call) []string {
			if x.side == nil {
				return nil
			}
			if x.c.QuickStart != nil {
				return quickStartUnits(x.c.QuickStart.State, x.side.ID)
			}
			b, err := x.battle()
			if err != nil {
				var out []string
				for _, u := range x.side.Units {
					out = append(out, u.ID)
				}
				return out
			}
			var out []string
			for _, u := range b.State.View(x.side.ID).Units {
				if u.Own && canDo(x.Sub, b.State, u.ID) {
					out = append(out, u.ID)
				}
			}
			return out
		}
	case "dropship":
		list = func(x *call) []string {
			if x.side == nil {
				return nil
			}
			b, err := x.battle()
			if err != nil {
				return nil
			}
			var out []string
			for _, u := range b.State.Units {
				if u.Side == x.side.ID && u.Class.Kind() == referee.KindDropShip && u.Status.OnMap() {
					out = append(out, u.ID)
				}
			}
			return out
		}
	default:
		return nil
	}
	return func(ctx context.Context, r *Request, partial string) []string {
		e, ok := g.entries[r.Name+" "+r.Sub]
		if !ok || e.scope == noScope {
			return nil
		}
		x, err := g.newCall(ctx, e, r)
		if err != nil {
			return nil
		}
		var out []string
		for _, v := range list(x) {
			if strings.HasPrefix(strings.ToLower(v), strings.ToLower(partial)) {
				out = append(out, v)
			}
			if len(out) == 25 { // Discord shows at most 25 choices
				break
			}
		}
		return out
	}
}
