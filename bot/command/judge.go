package command

import (
	"context"
	"fmt"
	"strings"

	"bfbot/campaign"
	"bfbot/campaign/forces"
	"bfbot/internal/cite"
	"bfbot/mapgen"
	"bfbot/mapgen/hex"
	"bfbot/referee"
	"bfbot/referee/dice"
)

// The referee's judgements (ruling JD2): what 004's setup tables leave to
// a neutral judge — gauntlet damage, hit and run, sniper support, light
// artillery, lures, local reinforcements, terrain selection, disasters —
// he carries out with /judge: damage, withhold, add, terrain, weather and
// vp. Each is a stored change (/undo takes it
// back), logged for him in the campaign's log, its battle events told to
// whom they concern. A referee who plays a side against human players
// may not judge (SEAT3).
func (g *Registry) judgeCommands() []*entry {
	why := Option{Name: "why", Description: `what you judged, e.g. "gauntlet damage": it goes into the log`, Required: true}
	battle := Option{Name: "battle", Description: "battle ID (default: the only one being fought)", Type: Integer}
	unit := Option{Name: "unit", Description: "the unit, e.g. B3", Required: true}
	judge := func(sub, desc string, opts ...Option) *entry {
		return &entry{spec: Spec{Name: "judge", Sub: sub, Description: desc, Who: Referee, Options: append(opts, why, battle)},
			scope: campaignScope, reveals: true, run: g.judgeBattle}
	}
	return []*entry{
		judge("damage", "a unit in a battle takes the damage steps you judged (gauntlet damage, sniping, artillery)", unit,
			Option{Name: "steps", Description: "damage steps, 1 to 4", Type: Integer, Required: true}),
		judge("withhold", "keep a unit out of a battle being set up (sabotage, a disaster, reinforcements that do not come)", unit),
		judge("terrain", "set the terrain of hexes of a battle being set up (terrain selection, a flood or fire)",
			Option{Name: "hexes", Description: `the hexes, e.g. "0807 0808"`, Required: true},
			Option{Name: "terrain", Description: "open, rough, light-woods, heavy-woods, water-1, water-2, …-building, rubble", Required: true},
			Option{Name: "elevation", Description: "ground level 0 to 2 (default 0)", Type: Integer}),
		judge("weather", "set a battle's weather and night from now on (a local disaster)",
			Option{Name: "weather", Description: "the weather", Required: true, Choices: referee.WeatherNames()},
			Option{Name: "night", Description: "true: night (" + cite.Span(2379, 2385) + ")", Type: Boolean}),
		{spec: Spec{Name: "judge", Sub: "add", Description: "bring a new counter into a battle being set up (local reinforcements), by quick lance generation", Who: Referee,
			Options: []Option{
				{Name: "side", Description: "the side it joins", Required: true},
				{Name: "units", Description: `1 to 4 machines of the Values Table, e.g. "Locust, Wasp"`, Required: true},
				{Name: "experience", Description: "green, regular (default), veteran or elite"},
				why, battle,
			}},
			scope: campaignScope, reveals: true, run: g.judgeAdd},
		{spec: Spec{Name: "judge", Sub: "vp", Description: "award a side victory points you judged (an objective, a lure); negative takes them away", Who: Referee,
			Options: []Option{
				{Name: "side", Description: "the side", Required: true},
				{Name: "points", Description: fmt.Sprintf("victory points, -%d to %d", campaign.JudgeMaxVP, campaign.JudgeMaxVP), Type: Integer, Required: true},
				why,
				{Name: "secret", Description: "true: only that side learns of it", Type: Boolean},
			}},
			scope: campaignScope, reveals: true, run: g.judgeVP},
	}
}

// judgeBattle carries out a judgement in a battle (campaign.JudgeBattle).
func (g *Registry) judgeBattle(ctx context.Context, x *call) ([]Reply, error) {
	b, err := x.battle()
	if err != nil {
		return nil, err
	}
	j := campaign.Judgement{Kind: campaign.JudgeKind(x.Sub), Unit: x.str("unit"), Why: x.str("why"), Night: x.flag("night")}
	if n, ok := x.integer("steps"); ok {
		j.Steps = n
	}
	switch x.Sub {
	case "weather":
		if j.Weather, err = referee.ParseWeatherKind(x.str("weather")); err != nil {
			return nil, userf("weather: %v", err)
		}
	case "terrain":
		if j.Terrain, err = mapgen.ParseTerrain(x.str("terrain")); err != nil {
			return nil, userf("terrain: %v", err)
		}
		j.Elevation, _ = x.integer("elevation")
		for _, f := range strings.Fields(x.str("hexes")) {
			h, err := hex.Parse(f)
			if err != nil {
				return nil, userf("hexes: %q is not a hex: write XXYY, e.g. 0807", f)
			}
			j.Hexes = append(j.Hexes, h)
		}
	}
	return g.applyBattle(ctx, x, b.ID, func(c *campaign.Campaign, d *dice.Dice) (*campaign.Campaign, []referee.Event, []campaign.Event, error) {
		return withLog(c)(campaign.JudgeBattle(c, b.ID, j, d))
	})
}

// judgeAdd brings a new counter into a battle (campaign.JudgeAddUnit).
func (g *Registry) judgeAdd(ctx context.Context, x *call) ([]Reply, error) {
	b, err := x.battle()
	if err != nil {
		return nil, err
	}
	names := lanceNames(x.str("units"))
	exp := referee.Regular
	if v := x.str("experience"); v != "" {
		if exp, err = referee.ParseExperience(v); err != nil {
			return nil, userf("experience: %v", err)
		}
	}
	l, err := forces.QuickLance(names, exp)
	if err != nil {
		return nil, userf("units: %v", err)
	}
	l.Name = strings.Join(names, ", ")
	return g.applyBattle(ctx, x, b.ID, func(c *campaign.Campaign, d *dice.Dice) (*campaign.Campaign, []referee.Event, []campaign.Event, error) {
		n, evs, _, err := campaign.JudgeAddUnit(c, b.ID, x.str("side"), l, x.str("why"))
		return withLog(c)(n, evs, err)
	})
}

// judgeVP awards victory points (campaign.JudgeVP).
func (g *Registry) judgeVP(ctx context.Context, x *call) ([]Reply, error) {
	points, _ := x.integer("points")
	evs, err := x.update(ctx, func(c *campaign.Campaign, _ *dice.Dice) (*campaign.Campaign, []campaign.Event, error) {
		n, err := campaign.JudgeVP(c, x.str("side"), points, x.str("why"), x.flag("secret"))
		if err != nil {
			return nil, nil, err
		}
		return n, n.Log.Since(c.Log.Len()), nil
	})
	if err != nil {
		return nil, err
	}
	return append(EventReplies(x.c, evs), x.private("Done.")), nil
}
