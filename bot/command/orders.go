package command

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"bfbot/campaign"
	"bfbot/internal/english"
	"bfbot/referee/dice"
)

// bgOption names a battlegroup by number or name.
var bgOption = Option{Name: "bg", Description: "battlegroup number or name (see /bg list)", Required: true}

func (g *Registry) ordersCommands() []*entry {
	order := func(sub, desc string, opts ...Option) *entry {
		return &entry{spec: Spec{Name: "orders", Sub: sub, Description: desc, Who: Player, Options: opts},
			scope: campaignScope, run: g.giveOrder}
	}
	return []*entry{
		order("move", "move a battlegroup to an adjacent sector (a recon unit: a path up to its strategic rate)", bgOption,
			Option{Name: "path", Description: `the sectors entered, in order: numbers or names, e.g. "6" or "6, 7"`, Required: true}),
		order("hold", "a battlegroup stays and takes a prepared position", bgOption),
		order("search", "search sectors for the enemy", Option{Name: "sectors", Description: `the sectors searched, e.g. "3, 7"`, Required: true}),
		order("drop", "a battlegroup in orbit drops into a sector (public); while battles are fought, into your battle there", bgOption,
			Option{Name: "sector", Description: "the sector dropped into", Required: true}),
		order("liftoff", "the regimental battlegroup's DropShips lift off for space"),
		order("clear", "take back orders: one battlegroup's, some searches, or all",
			Option{Name: "bg", Description: "battlegroup whose order is taken back"},
			Option{Name: "sectors", Description: "searches taken back"}),
		order("ready", "seal this turn's orders"),
		{spec: Spec{Name: "orders", Sub: "show", Description: "your side's sealed orders for this turn (secret)", Who: Player,
			Options: []Option{{Name: "side", Description: "referee only: which side"}}},
			scope: campaignScope, refereeReads: true, run: g.ordersShow},
		{spec: remindSpec, scope: campaignScope, run: g.ordersRemind},
	}
}

func (g *Registry) bgCommands() []*entry {
	change := func(sub, desc string, opts ...Option) *entry {
		return &entry{spec: Spec{Name: "bg", Sub: sub, Description: desc, Who: Player, Options: opts},
			scope: campaignScope, run: g.giveOrder}
	}
	return []*entry{
		{spec: Spec{Name: "bg", Sub: "list", Description: "your Battlegroup Worksheet: battlegroups, sectors, units (secret)", Who: Player,
			Options: []Option{{Name: "side", Description: "referee only: which side"}}},
			scope: campaignScope, refereeReads: true, run: g.bgList},
		{spec: Spec{Name: "bg", Sub: "show", Description: "one battlegroup with its units' values", Who: Player, Options: []Option{
			bgOption, {Name: "side", Description: "referee only: which side"}}},
			scope: campaignScope, refereeReads: true, run: g.bgShow},
		change("split", "split units off a battlegroup into a new one", bgOption,
			Option{Name: "units", Description: `the units that leave, e.g. "A3 A4"`, Required: true},
			Option{Name: "name", Description: "the new battlegroup's name"}),
		change("merge", "merge battlegroups in the same sector into one", bgOption,
			Option{Name: "with", Description: `the battlegroups that join it, e.g. "3 4"`, Required: true}),
		change("rename", "rename a battlegroup", bgOption, Option{Name: "name", Description: "the new name", Required: true}),
		change("recon", "make a one-lance battlegroup a recon unit (+2 ESR and/or AEP)", bgOption,
			Option{Name: "esr", Description: "buy +2 ESR", Type: Boolean},
			Option{Name: "aep", Description: "buy AEP", Type: Boolean}),
		change("place", "before the start: place a battlegroup in one of your deployment sectors, or a 'Mech battlegroup in orbit (secret)", bgOption,
			Option{Name: "sector", Description: `the sector (number or name), or "orbit" to hold it aboard DropShips for a later drop`, Required: true}),
		change("holdback", "before the start: keep units off the worksheet, to be bought later as reinforcements (secret)",
			Option{Name: "units", Description: `the units held back, e.g. "A3 A4"`, Required: true}),
	}
}

// orderOf reads the order a /orders or /bg command gives.
func (x *call) orderOf() (campaign.Order, error) {
	o := campaign.Order{Kind: campaign.OrderKind(x.Sub)}
	side := x.side.ID
	var err error
	if v := x.str("bg"); v != "" {
		if o.Battlegroup, err = campaign.ParseBattlegroup(x.c, side, v); err != nil {
			return o, err
		}
	}
	sectors := func(name string) error {
		for _, f := range listItems(x.str(name)) {
			id, err := campaign.ParseSector(x.c, f)
			if err != nil {
				return err
			}
			o.Sectors = append(o.Sectors, id)
		}
		return nil
	}
	switch x.Sub {
	case "move":
		err = sectors("path")
	case "search", "clear":
		err = sectors("sectors")
	case "drop":
		err = sectors("sector")
	case "place":
		if strings.EqualFold(strings.TrimSpace(x.str("sector")), "orbit") {
			o.Sectors = []int{0}
		} else {
			err = sectors("sector")
		}
	case "split":
		o.Units = strings.Fields(strings.ReplaceAll(x.str("units"), ",", " "))
		o.Name = x.str("name")
	case "holdback":
		o.Units = strings.Fields(strings.ReplaceAll(x.str("units"), ",", " "))
	case "merge":
		for _, f := range listItems(x.str("with")) {
			id, err := campaign.ParseBattlegroup(x.c, side, f)
			if err != nil {
				return o, err
			}
			o.With = append(o.With, id)
		}
	case "rename":
		o.Name = x.str("name")
	case "recon":
		o.ESR, o.AEP = x.flag("esr"), x.flag("aep")
	}
	return o, err
}

// listItems splits a list given as "3, 7" or "3 7"; with commas, names
// may hold spaces.
func listItems(s string) []string {
	var out []string
	if strings.Contains(s, ",") {
		for _, f := range strings.Split(s, ",") {
			if f = strings.TrimSpace(f); f != "" {
				out = append(out, f)
			}
		}
		return out
	}
	return strings.Fields(s)
}

func (g *Registry) giveOrder(ctx context.Context, x *call) ([]Reply, error) {
	o, err := x.orderOf()
	if err != nil {
		return nil, err
	}
	side, sealed := x.side.ID, x.side.Orders.Ready
	evs, err := x.update(ctx, func(c *campaign.Campaign, _ *dice.Dice) (*campaign.Campaign, []campaign.Event, error) {
		// The order is for the turn and phase it came in, and only for
		// them (turnStillAsked).
		if err := x.turnStillAsked(c); err != nil {
			return nil, nil, err
		}
		return g.rules.GiveOrder(c, side, o)
	})
	if err != nil {
		return nil, err
	}
	out := x.secretReplies(evs)
	switch {
	case o.Kind == campaign.OrderReady:
		out = append(out, x.private(sealedSummary(x.c, side, g.nextOrderDeadline(x.c))))
		out = append(out, x.public(fmt.Sprintf("%s has sealed its orders for turn %d.", x.side.Name, x.c.Turn)))
		switch {
		case campaign.AllReady(x.c) && x.c.Settings.EarlyResolution:
			out = append(out, x.public("Every side has sealed its orders: the turn resolves now (early_resolution)."))
			more, err := g.advance(ctx, x)
			switch {
			case errors.As(err, new(turnMoved)):
				// The turn was resolved between the seal and this (its
				// deadline, the referee), which told everyone.
				more = nil
			case err != nil:
				// The orders stay sealed; the turn waits as it would without
				// the setting.
				g.log.Error("early resolution failed", "campaign", x.c.ID, "err", err)
				more = []Reply{x.public("The turn could not resolve at once: it resolves at the deadline, or when the referee runs /campaign advance.")}
			}
			out = append(out, more...)
		case campaign.AllReady(x.c):
			out = append(out, x.public("Every side has sealed its orders: the turn resolves at the deadline, or when the referee runs /campaign advance."))
		}
	case sealed && !x.side.Orders.Ready:
		// The channel was told the orders were sealed: it is told they
		// are not any more, and the side how to seal them again.
		rp := x.private("This change unsealed your side's orders: seal them again with /orders ready (or the button).")
		rp.Buttons = button("Ready", false, ButtonID{Action: ButtonReady, Campaign: x.c.ID, Args: []string{turnWord(x.c)}})
		out = append(out, rp, x.public(fmt.Sprintf("%s has unsealed its orders for turn %d.", x.side.Name, x.c.Turn)))
	}
	return out, nil
}

// sealedSummary answers /orders ready: the orders sealed, the
// battlegroups no order moves, holds or drops (they stay where they
// are), and the deadline (due; zero for none).
func sealedSummary(c *campaign.Campaign, side string, due time.Time) string {
	var b strings.Builder
	if c.Phase == campaign.PhaseSearches {
		// Movement is over: only the searches are still to come (CO10).
		searches := "no searches"
		if s := c.Side(side); s != nil && len(s.Orders.Searches) > 0 {
			var ids []string
			for _, id := range s.Orders.Searches {
				ids = append(ids, sectorName(c, id))
			}
			searches = "searches of " + english.List(ids)
		}
		fmt.Fprintf(&b, "Sealed for turn %d's search step: %s.", c.Turn, searches)
		if s := ordersDue(due); s != "" {
			b.WriteString("\n" + s)
		}
		return b.String()
	}
	fmt.Fprintf(&b, "Sealed for turn %d:", c.Turn)
	n := 0
	for _, l := range campaign.DescribeOrders(c, side) {
		if l != "ready" {
			b.WriteString("\n  " + l)
			n++
		}
	}
	if n == 0 {
		b.WriteString(" no orders: every battlegroup stays where it is.")
	}
	if idle := campaign.WithoutOrders(c, side); n > 0 && len(idle) > 0 {
		var names []string
		for _, bg := range idle {
			names = append(names, fmt.Sprintf("%d “%s”", bg.ID, bg.Name))
		}
		which := "\n⚠ Battlegroup %s has no order: it stays where it is."
		if len(idle) > 1 {
			which = "\n⚠ Battlegroups %s have no orders: they stay where they are."
		}
		fmt.Fprintf(&b, which+" To change that, give orders with /orders move, hold or drop and seal again.", english.List(names))
	}
	if s := ordersDue(due); s != "" {
		b.WriteString("\n" + s)
	}
	return b.String()
}

// secretReplies answers the caller privately with the events his side
// may see, tells his teammates by DM, and posts public events.
func (x *call) secretReplies(evs []campaign.Event) []Reply {
	var mine, public []string
	for _, e := range evs {
		switch {
		case len(e.Audience) == 0:
			public = append(public, eventLine(e))
		case x.side != nil && e.For(x.side.ID):
			mine = append(mine, eventLine(e))
		}
	}
	var out []Reply
	if len(public) > 0 {
		out = append(out, x.public(strings.Join(public, "\n")))
	}
	if len(mine) > 0 {
		text := strings.Join(mine, "\n")
		out = append(out, x.private(text))
		for _, p := range x.side.Players {
			if p != x.User.ID {
				out = append(out, Reply{To: DM, User: p, Campaign: x.c.ID, Text: fmt.Sprintf("%s: %s", x.c.NameOf(x.User.ID), text)})
			}
		}
	}
	if len(out) == 0 {
		out = append(out, x.private("Done."))
	}
	return out
}

func (g *Registry) ordersShow(_ context.Context, x *call) ([]Reply, error) {
	sides, err := x.sidesShown()
	if err != nil {
		return nil, err
	}
	var b strings.Builder
	for _, s := range sides {
		lines := campaign.DescribeOrders(x.c, s.ID)
		fmt.Fprintf(&b, "%s, turn %d orders:", s.Name, x.c.Turn)
		if len(lines) == 0 {
			b.WriteString(" none yet\n")
			continue
		}
		b.WriteString("\n")
		for _, l := range lines {
			b.WriteString("  " + l + "\n")
		}
	}
	b.WriteString(ordersDue(g.nextOrderDeadline(x.c)))
	return []Reply{x.private(strings.TrimRight(b.String(), "\n"))}, nil
}

func (g *Registry) bgList(_ context.Context, x *call) ([]Reply, error) {
	sides, err := x.sidesShown()
	if err != nil {
		return nil, err
	}
	var b strings.Builder
	for _, s := range sides {
		fmt.Fprintf(&b, "%s — Battlegroup Worksheet, turn %d\n", s.Name, x.c.Turn)
		for _, bg := range s.Battlegroups {
			b.WriteString(bgLine(x.c, bg) + "\n")
		}
	}
	return []Reply{x.private(strings.TrimRight(b.String(), "\n"))}, nil
}

func bgLine(c *campaign.Campaign, bg campaign.Battlegroup) string {
	var tags []string
	if bg.RBG {
		tags = append(tags, "RBG")
	}
	if bg.ReconESR {
		tags = append(tags, "recon +2 ESR")
	}
	if bg.ReconAEP {
		tags = append(tags, "recon AEP")
	}
	if bg.Prepared {
		tags = append(tags, "prepared position")
	}
	t := ""
	if len(tags) > 0 {
		t = " [" + strings.Join(tags, ", ") + "]"
	}
	return fmt.Sprintf("  %d %q in %s%s: %s", bg.ID, bg.Name, sectorName(c, bg.Sector), t, strings.Join(bg.Units, " "))
}

func (g *Registry) bgShow(_ context.Context, x *call) ([]Reply, error) {
	sides, err := x.sidesShown()
	if err != nil {
		return nil, err
	}
	if len(sides) != 1 {
		return nil, userf("say which side's battlegroup with side:%s", sideList(x.c))
	}
	s := sides[0]
	id, err := campaign.ParseBattlegroup(x.c, s.ID, x.str("bg"))
	if err != nil {
		return nil, err
	}
	bg := s.Battlegroup(id)
	var b strings.Builder
	b.WriteString(bgLine(x.c, *bg) + "\n")
	for _, uid := range bg.Units {
		if u := s.Unit(uid); u != nil {
			b.WriteString(unitLine(*u) + "\n")
		}
	}
	return []Reply{x.private(strings.TrimRight(b.String(), "\n"))}, nil
}

// OrderCommand is the command that gives o: the demo's AI players speak
// through the command layer with it, so their orders pass the same
// checks as a person's.
func OrderCommand(o campaign.Order) (name, sub string, options map[string]string) {
	options = map[string]string{}
	ints := func(ids []int) string {
		var s []string
		for _, id := range ids {
			s = append(s, strconv.Itoa(id))
		}
		return strings.Join(s, ", ")
	}
	if o.Battlegroup != 0 {
		options["bg"] = strconv.Itoa(o.Battlegroup)
	}
	name, sub = "orders", string(o.Kind)
	switch o.Kind {
	case campaign.OrderMove:
		options["path"] = ints(o.Sectors)
	case campaign.OrderSearch, campaign.OrderClear:
		if len(o.Sectors) > 0 {
			options["sectors"] = ints(o.Sectors)
		}
	case campaign.OrderDrop:
		options["sector"] = ints(o.Sectors)
	case campaign.OrderSplit:
		name = "bg"
		options["units"] = strings.Join(o.Units, " ")
		if o.Name != "" {
			options["name"] = o.Name
		}
	case campaign.OrderMerge:
		name = "bg"
		options["with"] = ints(o.With)
	case campaign.OrderRename:
		name = "bg"
		options["name"] = o.Name
	case campaign.OrderBuy:
		name, sub = "force", "buy"
		options["units"] = strings.Join(o.Units, " ")
	case campaign.OrderHoldBack:
		name = "bg"
		options["units"] = strings.Join(o.Units, " ")
	case campaign.OrderPlace:
		name = "bg"
		options["sector"] = ints(o.Sectors)
		if len(o.Sectors) == 1 && o.Sectors[0] == 0 {
			options["sector"] = "orbit"
		}
	case campaign.OrderRecon:
		name = "bg"
		if o.ESR {
			options["esr"] = "true"
		}
		if o.AEP {
			options["aep"] = "true"
		}
	}
	return name, sub, options
}
