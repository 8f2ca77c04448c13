package command

import (
	"context"
	"fmt"
	"strings"

	"bfbot/campaign"
	"bfbot/campaign/forces"
	"bfbot/internal/english"
	"bfbot/referee/dice"
)

// forceBuyEntry is /force buy: reinforcements bought with victory points
// after the upkeep's reinforcement roll (000 lines 2712–2729,
// campaign.BuyReinforcements). Without units: it lists what may be bought.
func (g *Registry) forceBuyEntry() *entry {
	return &entry{spec: Spec{Name: "force", Sub: "buy", Description: "buy reinforcements with victory points after the reinforcement roll; without units: what you may buy", Who: Player,
		Options: []Option{{Name: "units", Description: `the units to buy, e.g. "A7 B2" (see /force buy without units)`, Complete: g.completeReinforcements}}},
		scope: campaignScope, run: g.forceBuy}
}

func (g *Registry) forceBuy(ctx context.Context, x *call) ([]Reply, error) {
	units := strings.Fields(strings.ReplaceAll(x.str("units"), ",", " "))
	if len(units) == 0 {
		return []Reply{x.private(reinforcementsText(x.c, x.side))}, nil
	}
	side := x.side.ID
	// Unit IDs are printed in capitals; a player may type them in any case.
	for i, id := range units {
		for _, u := range campaign.ReinforcementChoices(x.c, side) {
			if strings.EqualFold(u.ID, id) {
				units[i] = u.ID
			}
		}
	}
	evs, err := x.update(ctx, func(c *campaign.Campaign, _ *dice.Dice) (*campaign.Campaign, []campaign.Event, error) {
		// A purchase spends this turn's allowance, not the next's.
		if err := x.turnStillAsked(c); err != nil {
			return nil, nil, err
		}
		return campaign.BuyReinforcements(c, side, units)
	})
	if err != nil {
		return nil, err
	}
	out := EventReplies(x.c, evs)
	s := x.c.Side(side)
	return append(out, x.private(fmt.Sprintf("%s has %s and %s of reinforcements left this turn.", s.Name, english.Count(s.VP, "victory point"), english.Count(s.Reinforcements, "point")))), nil
}

// reinforcementsText lists what a side may buy now, each at its cost.
func reinforcementsText(c *campaign.Campaign, s *campaign.Side) string {
	choices := campaign.ReinforcementChoices(c, s.ID)
	if s.RBG() == nil {
		return fmt.Sprintf("%s has no regimental battlegroup: no reinforcements can be bought.", s.Name)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s may spend up to %d victory points on reinforcements this turn (%d VP in hand).", s.Name, min(s.Reinforcements, s.VP), s.VP)
	if len(choices) == 0 {
		b.WriteString(" No unit is waiting to be bought.")
		return b.String()
	}
	b.WriteString(" They join the regimental battlegroup at full strength:")
	for _, u := range choices {
		what := "not yet in play"
		if u.Status == campaign.UnitDestroyed {
			what = "destroyed; a new counter replaces it"
		}
		fmt.Fprintf(&b, "\n  %s %s — %s, %d VP (%s)", u.ID, u.Lance.Name, forces.RosterValues(u.Lance), u.Lance.Cost(), what)
	}
	b.WriteString("\nBuy with /force buy units:\"ID ID …\".")
	return b.String()
}

// completeReinforcements suggests the caller's side's units on sale for
// the last item typed, keeping the items before it, so a list can be
// built one unit at a time.
func (g *Registry) completeReinforcements(ctx context.Context, r *Request, partial string) []string {
	e, ok := g.entries[r.Name+" "+r.Sub]
	if !ok {
		return nil
	}
	x, err := g.newCall(ctx, e, r)
	if err != nil || x.side == nil {
		return nil
	}
	items := strings.Fields(strings.ReplaceAll(partial, ",", " "))
	last := ""
	if len(items) > 0 && !strings.HasSuffix(partial, " ") && !strings.HasSuffix(partial, ",") {
		last, items = items[len(items)-1], items[:len(items)-1]
	}
	named := map[string]bool{}
	for _, it := range items {
		named[strings.ToUpper(it)] = true
	}
	head := strings.Join(items, " ")
	if head != "" {
		head += " "
	}
	var out []string
	for _, u := range campaign.ReinforcementChoices(x.c, x.side.ID) {
		if named[strings.ToUpper(u.ID)] || !strings.HasPrefix(strings.ToUpper(u.ID), strings.ToUpper(last)) {
			continue
		}
		out = append(out, head+u.ID)
		if len(out) == 25 { // Discord shows at most 25 choices
			break
		}
	}
	return out
}
