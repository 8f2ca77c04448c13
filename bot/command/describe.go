package command

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"bfbot/campaign"
	"bfbot/internal/english"
	"bfbot/mapgen/render"
	"bfbot/referee"
)

// Pictures in words: every image the bot sends carries a description
// (File.Description, Discord's attachment description, read aloud by
// screen readers), and /map describe answers with the same text. Each is
// built from exactly what the picture is drawn from — the viewer's
// render.StrategicView, referee.View or replay frames — so it can say no
// more than the picture shows (ruling R10).

func (g *Registry) mapDescribeEntry() *entry {
	return &entry{spec: Spec{Name: "map", Sub: "describe", Description: "your map in words: the strategic map, or a battle's with battle:ID (secret)", Who: Player,
		Options: []Option{{Name: "battle", Description: "a battle ID: describe its map instead of the strategic one", Type: Integer},
			{Name: "side", Description: "referee only: which side (default: all)"}}},
		scope: campaignScope, refereeReads: true, run: g.mapDescribe}
}

func (g *Registry) mapDescribe(_ context.Context, x *call) ([]Reply, error) {
	if _, ok := x.integer("battle"); ok {
		b, v, err := x.viewedBattle()
		if err != nil {
			return nil, err
		}
		return []Reply{x.private(tacticalDescription(x.c, b, v))}, nil
	}
	if err := x.strategicSide(); err != nil {
		return nil, err
	}
	return []Reply{x.private(strategicDescription(x.c, strategicView(x.c, x.side, x.referee, x.str("side"), g.nextOrderDeadline(x.c))))}, nil
}

// tacticalDescription says what a battle picture drawn from v and the
// highlights hl shows: the marks (tacticalMarks), the viewer's units and
// where, the enemy it sees, rubble and salvage.
func tacticalDescription(c *campaign.Campaign, b *campaign.Battle, v referee.View, hl ...render.Highlight) string {
	who := "the referee sees it"
	if v.Viewer != "" {
		who = c.Side(v.Viewer).Name + " sees it"
	}
	var w strings.Builder
	fmt.Fprintf(&w, "Map of battle %d in %s, game turn %d, %s phase, as %s.", b.ID, sectorName(c, b.Sector), v.Turn, v.Phase, who)
	// The marks first: they are short, and a long list of units is what
	// fitDescription cuts.
	w.WriteString(tacticalMarks(v, hl))
	var own, enemy []string
	for _, u := range v.Units {
		if u.Hex == nil {
			continue
		}
		if u.Own || v.Viewer == "" {
			own = append(own, unitWords(u))
		} else {
			enemy = append(enemy, unitWords(u))
		}
	}
	mine := "Your units"
	if v.Viewer == "" {
		mine = "Units"
	}
	fmt.Fprintf(&w, " %s on the map: %s.", mine, noneIfEmpty(own))
	if v.Viewer != "" {
		fmt.Fprintf(&w, " Enemy units seen: %s.", noneIfEmpty(enemy))
	}
	if len(v.Rubble) > 0 {
		var hs []string
		for _, h := range v.Rubble {
			hs = append(hs, h.String())
		}
		fmt.Fprintf(&w, " Rubble at %s.", strings.Join(hs, ", "))
	}
	if len(v.Salvage) > 0 {
		var hs []string
		for _, s := range v.Salvage {
			hs = append(hs, fmt.Sprintf("%d at %s", s.Count, s.Hex))
		}
		fmt.Fprintf(&w, " Salvage: %s.", strings.Join(hs, ", "))
	}
	return fitDescription(w.String())
}

// unitWords names a counter as its viewer knows it: "A3 heavy-mech at
// 0807, step 1", or only its kind behind an information blind.
func unitWords(u referee.ViewUnit) string {
	what := u.Class
	if what == "" {
		what = u.Kind + " (class unknown)"
	}
	s := fmt.Sprintf("%s %s at %s", u.ID, what, u.Hex)
	if u.Values != nil && u.Values.Step > 0 {
		s += fmt.Sprintf(", step %d", u.Values.Step)
	}
	if u.Disrupted {
		s += ", disrupted"
	}
	return s
}

// replayDescription says what side's replay of battle b shows: how many
// pictures, where the side's units and the enemy it saw stood at the
// end, and what changed from the first picture to the last.
func replayDescription(c *campaign.Campaign, b *campaign.Battle, side string, frames []campaign.Frame) string {
	first, last := frames[0], frames[len(frames)-1]
	var w strings.Builder
	fmt.Fprintf(&w, "Animated replay of battle %d in %s as %s saw it: %s, game turn %d to %d.", b.ID, sectorName(c, b.Sector), c.Side(side).Name, english.Count(len(frames), "picture"), first.Turn, last.Turn)
	at := map[string]bool{}
	var own, enemy []string
	for _, u := range last.Units {
		at[u.ID] = true
		s := u.ID + " at " + u.Hex.String()
		if u.Own {
			own = append(own, s)
		} else {
			enemy = append(enemy, s)
		}
	}
	var gone []string
	for _, u := range first.Units {
		if !at[u.ID] {
			gone = append(gone, u.ID)
		}
	}
	fmt.Fprintf(&w, " At the end, your units: %s; enemy units seen: %s.", noneIfEmpty(own), noneIfEmpty(enemy))
	if len(gone) > 0 {
		fmt.Fprintf(&w, " Gone from the map since the first picture: %s.", strings.Join(gone, ", "))
	}
	return fitDescription(w.String())
}

func noneIfEmpty(items []string) string {
	if len(items) == 0 {
		return "none"
	}
	return strings.Join(items, ", ")
}

func sortedKeys(m map[int][]string) []int {
	keys := make([]int, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// fitDescription keeps a description within MaxDescription characters,
// cut after a whole item.
func fitDescription(s string) string {
	if len(s) <= MaxDescription {
		return s
	}
	cut := s[:MaxDescription-2]
	if i := strings.LastIndexAny(cut, ",;."); i > 0 {
		cut = cut[:i]
	}
	return strings.ToValidUTF8(cut, "") + " …"
}
