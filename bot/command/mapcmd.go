package command

import (
	"bytes"
	"context"
	"fmt"
	"time"

	"bfbot/campaign"
	"bfbot/mapgen/render"
	"bfbot/referee"
)

func (g *Registry) mapCommands() []*entry {
	return []*entry{
		{spec: Spec{Name: "map", Sub: "strategic", Description: "the strategic map as your side knows it: your battlegroups and orders, enemy found, battles (secret)", Who: Player, Slow: true, Rate: Render,
			Options: []Option{{Name: "side", Description: "referee only: which side (default: all)"}}},
			scope: campaignScope, refereeReads: true, run: g.mapStrategic},
		{spec: Spec{Name: "map", Sub: "tactical", Description: "a battle's map as your side sees it (secret)", Who: Player, Slow: true, Rate: Render,
			Options: []Option{battleOption, {Name: "side", Description: "referee only: which side (default: all)"},
				{Name: "zoom", Description: "a close-up to read on a phone: around a hex (XXYY), or action (the closest fight)"}}},
			scope: campaignScope, refereeReads: true, run: g.mapTactical},
		g.mapDescribeEntry(),
	}
}

func (g *Registry) mapStrategic(_ context.Context, x *call) ([]Reply, error) {
	if err := x.strategicSide(); err != nil {
		return nil, err
	}
	f, err := strategicPNG(x.c, x.side, x.referee, x.str("side"), g.nextOrderDeadline(x.c))
	if err != nil {
		return nil, err
	}
	return []Reply{x.private(fmt.Sprintf("Strategic map, turn %d.", x.c.Turn), f)}, nil
}

// strategicSide checks the side: option of a strategic map: a player
// sees only his own side's, and the referee must name a side the
// campaign has (an unknown one would draw an empty map).
func (x *call) strategicSide() error {
	if err := x.ownOnly("map"); err != nil {
		return err
	}
	if only := x.str("side"); only != "" && x.side == nil && x.c.Side(only) == nil {
		return userf("side:%s: campaign %d has sides %s", only, x.c.ID, sideList(x.c))
	}
	return nil
}

// strategicPNG draws the strategic map for one side from campaign.View
// (its own battlegroups and orders, and its intel as question marks), or
// for the referee every side's, described in words from the same view
// (strategicDescription); due is the order deadline (zero for none).
func strategicPNG(c *campaign.Campaign, side *campaign.Side, isReferee bool, only string, due time.Time) (File, error) {
	sv := strategicView(c, side, isReferee, only, due)
	var buf bytes.Buffer
	if err := render.WriteStrategicPNG(&buf, sv, render.DefaultOptions()); err != nil {
		return File{}, err
	}
	name := fmt.Sprintf("campaign-%d-turn-%d-strategic.png", c.ID, c.Turn)
	if side != nil {
		name = fmt.Sprintf("campaign-%d-turn-%d-%s.png", c.ID, c.Turn, side.ID)
	}
	return File{Name: name, Data: buf.Bytes(), Description: strategicDescription(c, sv)}, nil
}

func (g *Registry) mapTactical(_ context.Context, x *call) ([]Reply, error) {
	b, v, err := x.viewedBattle()
	if err != nil {
		return nil, err
	}
	if z := x.str("zoom"); z != "" {
		return mapZoom(x, b, v, z)
	}
	f, err := tacticalPNG(x.c, b, v)
	if err != nil {
		return nil, err
	}
	return []Reply{x.private(fmt.Sprintf("Battle %d, game turn %d, %s phase.", b.ID, v.Turn, v.Phase), f)}, nil
}

// tacticalPNG draws a battle from a view (never from the state).
func tacticalPNG(c *campaign.Campaign, b *campaign.Battle, v referee.View, hl ...render.Highlight) (File, error) {
	who := v.Viewer
	if who == "" {
		who = "referee"
	}
	title := fmt.Sprintf("%s — battle %d in %s — turn %d %s — %s", c.Name, b.ID, sectorName(c, b.Sector), v.Turn, v.Phase, who)
	var buf bytes.Buffer
	if err := render.WriteTacticalPNG(&buf, render.FromView(v, title, hl...), render.DefaultOptions()); err != nil {
		return File{}, err
	}
	return File{Name: fmt.Sprintf("campaign-%d-battle-%d-turn-%d-%s.png", c.ID, b.ID, v.Turn, who), Data: buf.Bytes(),
		Description: tacticalDescription(c, b, v, hl...)}, nil
}
