package command

import (
	"context"
	"fmt"
	"strings"
	"sync"

	"bfbot/campaign"
	"bfbot/internal/english"
	"bfbot/referee"
	"bfbot/referee/ai"
	"bfbot/referee/dice"
	"bfbot/referee/scenario"
)

// The book's scenarios played in Discord: /scenario
// start makes a campaign whose one battle is the scenario
// (campaign.NewScenarioBattle) and the /battle commands play it. A side
// nobody plays is played by the AI, a phase at a time, right after the
// command that handed it the move (scenarioAI).

func (g *Registry) scenarioCommands() []*entry {
	names := append(scenario.BuiltIns(), scenario.QuickStartBuiltIns()...)
	return []*entry{
		{spec: Spec{Name: "scenario", Sub: "list", Description: "the book's scenarios you can play", Who: Anyone},
			run: g.scenarioList},
		{spec: Spec{Name: "scenario", Sub: "start", Description: "play a scenario of the book in this channel: you play one side and hold the referee role; the AI plays the other until someone joins", Who: Anyone, Where: GuildOnly, Slow: true, Rate: Create,
			Options: []Option{
				{Name: "name", Description: "the scenario (/scenario list)", Required: true, Choices: names},
				{Name: "side", Description: "the side you play", Required: true},
				{Name: "seed", Description: "seed of the set-up dice (initiative); default 1", Type: Integer},
				{Name: "ai", Description: "true: the AI plays the other side for good (nobody may join it)", Type: Boolean},
				{Name: "level", Description: "how well the AI plays (the campaign's ai_level; default normal)", Choices: ai.LevelNames()},
				{Name: "buy", Description: "your force bought with the scenario's points: \"Atlas Atlas Stalker Zeus @veteran; …\""},
				{Name: "start", Description: "Quick-Start Veteran set-up: Units enter from their home edges in turn 1, or start on the map", Choices: []string{"off-board", "on-board"}},
			}},
			run: g.scenarioStart},
		{spec: Spec{Name: "scenario", Sub: "join", Description: "take the side of a scenario the AI is playing", Who: Anyone, Options: []Option{
			{Name: "side", Description: "the side you play", Required: true}}},
			scope: campaignScope, run: g.scenarioJoin},
	}
}

// scenarioInfo is what /scenario list tells of a shipped scenario.
type scenarioInfo struct {
	name, title string
	sides       []string // "Name (id)"
}

var (
	scenarioListOnce sync.Once
	scenarioListVal  []scenarioInfo
	scenarioListErr  error
)

// shippedScenarios reads every shipped scenario once (parsing generates
// its map, the slow part).
func shippedScenarios() ([]scenarioInfo, error) {
	scenarioListOnce.Do(func() {
		for _, name := range scenario.BuiltIns() {
			sc, err := parseShipped(name)
			if err != nil {
				scenarioListErr = err
				return
			}
			info := scenarioInfo{name: name, title: sc.Name}
			for _, s := range sc.Setup.Sides {
				info.sides = append(info.sides, fmt.Sprintf("%s (%s)", s.Name, s.ID))
			}
			scenarioListVal = append(scenarioListVal, info)
		}
		for _, name := range scenario.QuickStartBuiltIns() {
			data, _ := scenario.QuickStartBuiltIn(name)
			qs, err := scenario.ParseQuickStart(data, nil)
			if err != nil {
				scenarioListErr = fmt.Errorf("shipped scenario %s: %w", name, err)
				return
			}
			info := scenarioInfo{name: name, title: qs.Name + " (Quick-Start rules)"}
			for _, s := range qs.Sides {
				info.sides = append(info.sides, fmt.Sprintf("%s (%s)", s.Name, s.ID))
			}
			scenarioListVal = append(scenarioListVal, info)
		}
	})
	return scenarioListVal, scenarioListErr
}

// parseShipped parses a shipped scenario; an unknown name is the user's
// mistake.
func parseShipped(name string) (*scenario.Scenario, error) {
	data, err := scenario.BuiltIn(name)
	if err != nil {
		return nil, userError{err.Error()}
	}
	sc, err := scenario.Parse(data, nil)
	if err != nil {
		return nil, fmt.Errorf("shipped scenario %s: %w", name, err)
	}
	return sc, nil
}

func (g *Registry) scenarioList(_ context.Context, x *call) ([]Reply, error) {
	list, err := shippedScenarios()
	if err != nil {
		return nil, err
	}
	var t strings.Builder
	t.WriteString("The book's scenarios (play one with /scenario start name:NAME side:SIDE):\n")
	for _, s := range list {
		fmt.Fprintf(&t, "  %s — %s: %s\n", s.name, s.title, strings.Join(s.sides, " against "))
	}
	return []Reply{x.private(strings.TrimRight(t.String(), "\n"))}, nil
}

func (g *Registry) scenarioStart(ctx context.Context, x *call) ([]Reply, error) {
	if err := g.placeFree(ctx, x.Request); err != nil { // place.go
		return nil, err
	}
	name := x.str("name")
	if data, ok := scenario.QuickStartBuiltIn(name); ok {
		return g.quickStartStart(ctx, x, strings.ToLower(name), data)
	}
	if start := x.str("start"); start != "" {
		return nil, userf("start:%s: %s is played by the 1987 rules, whose scenarios deploy as the book sets them; start: is for the Quick-Start Veteran set-up", start, name)
	}
	sc, err := parseShipped(name)
	if err != nil {
		return nil, err
	}
	side := x.str("side")
	if sc.Setup.Side(side) == nil {
		var ids []string
		for _, s := range sc.Setup.Sides {
			ids = append(ids, s.ID)
		}
		return nil, userf("side:%s: %s is fought by %s", side, name, strings.Join(ids, " and "))
	}
	if list := x.str("buy"); list != "" {
		if err := scenario.Buy(sc, side, list); err != nil {
			return nil, userf("buy: %v", err)
		}
	}
	seed, err := x.scenarioSeed()
	if err != nil {
		return nil, err
	}
	// The set-up's rolls come from the seed, so one seed sets a scenario
	// up the same way every time; the battle then rolls the campaign's
	// own dice.
	st, setup, err := sc.Begin(dice.New(dice.NewSeeded(seed)))
	if err != nil {
		return nil, fmt.Errorf("scenario %s: %w", name, err)
	}
	c, err := campaign.NewScenarioBattle(0, sc.Name, st, name, seed)
	if err != nil {
		return nil, err
	}
	if l := x.str("level"); l != "" {
		c.Settings.AILevel = l // one of the option's choices, ai.LevelNames
	}
	id, who, err := g.seatStarter(ctx, x, c, side)
	if err != nil {
		return nil, err
	}
	c = x.c
	// The AI moves first when its side won the initiative.
	var aiEvents []referee.Event
	var logged []campaign.Event
	since := c.NextDecision
	if _, err := x.update(ctx, func(c *campaign.Campaign, d *dice.Dice) (*campaign.Campaign, []campaign.Event, error) {
		n, be, ce, err := ScenarioAI(c, 1, d, nil, nil)
		aiEvents, logged = be, ce
		return n, ce, err
	}); err != nil {
		return nil, err
	}
	text := fmt.Sprintf("Campaign %d is the scenario %s (%s): %s against %s in one battle. %s plays %s and holds the referee role (what would show the other side's secrets is refused once a second player joins); %s. Play it with /battle … (/battle view shows your side's map).",
		id, sc.Name, name, c.Sides[0].Name, c.Sides[1].Name, c.NameOf(x.User.ID), c.Side(side).Name, who)
	if l := x.str("level"); l != "" {
		text += fmt.Sprintf(" The AI plays at level %s (/campaign status shows it).", l)
	}
	out := []Reply{x.public(text)}
	out = append(out, BattleReplies(x.c, 1, append(setup, aiEvents...))...)
	out = append(out, EventReplies(x.c, logged)...)
	// The AI's first phase may leave the player a question (fire at its
	// dropping 'Mechs): the battle waits for his answer.
	out = append(out, DecisionPrompts(x.c, since)...)
	if b := x.c.Battle(1); b != nil && b.State != nil {
		v := b.State.View(side)
		f, err := tacticalPNG(x.c, b, v)
		if err != nil {
			return nil, err
		}
		out = append(out, x.private(fmt.Sprintf("Battle 1, game turn %d, %s %s phase: your side's map.", v.Turn, english.Possessive(x.c.SideName(v.Phasing)), v.Phase), f))
	}
	return out, nil
}

// scenarioSeed is the seed: option, 1 by default.
func (x *call) scenarioSeed() (uint64, error) {
	n, ok := x.integer("seed")
	switch {
	case !ok:
		return 1, nil
	case n < 0:
		return 0, userf("seed:%d: use a whole number from 0", n)
	}
	return uint64(n), nil
}

// seatStarter makes the new scenario campaign c the caller's: he holds
// the referee role and plays side, the AI the other (for good with
// ai:true); the campaign is created in this channel and becomes the
// call's. It returns the campaign's ID and who plays the other side, in
// words.
func (g *Registry) seatStarter(ctx context.Context, x *call, c *campaign.Campaign, side string) (int64, string, error) {
	c.Referee = x.User.ID
	c = campaign.WithName(c, x.User.ID, x.User.Name)
	c, err := campaign.Join(c, side, x.User.ID)
	if err != nil {
		return 0, "", err
	}
	other := c.Enemy(side).ID
	if x.flag("ai") {
		c.Scenario.AI = other
	}
	id, err := g.createHere(ctx, x.Request, c)
	if err != nil {
		return 0, "", err
	}
	x.c, x.side, x.referee = c, c.Side(side), true
	if x.flag("ai") {
		return id, fmt.Sprintf("the AI plays %s", c.Side(other).Name), nil
	}
	return id, fmt.Sprintf("the AI plays %s until someone takes it with /scenario join side:%s campaign:%d", c.Side(other).Name, other, id), nil
}

func (g *Registry) scenarioJoin(ctx context.Context, x *call) ([]Reply, error) {
	if x.c.Scenario == nil {
		return nil, userf("campaign %d is not a scenario: join it with /campaign join", x.c.ID)
	}
	// campaign.Join refuses the side the AI plays for good; once the
	// scenario is under way the starter approves the seat (ruling SEAT1).
	return g.campaignJoin(ctx, x)
}

// aiSides are the sides of a scenario campaign the AI plays: those with
// no player and the one it plays for good.
func aiSides(c *campaign.Campaign) []string {
	var out []string
	for _, s := range c.Sides {
		if len(s.Players) == 0 || s.ID == c.Scenario.AI {
			out = append(out, s.ID)
		}
	}
	return out
}

// ScenarioAI follows a battle step of a scenario campaign: while a side
// the AI plays is to act, the AI plays its phase (campaign.PlayAI). evs
// and logged are the step's events, to which the AI's are added. Other
// campaigns pass through.
func ScenarioAI(c *campaign.Campaign, battle int, d *dice.Dice, evs []referee.Event, logged []campaign.Event) (*campaign.Campaign, []referee.Event, []campaign.Event, error) {
	if c == nil || c.Scenario == nil || c.Phase == campaign.PhaseOver {
		return c, evs, logged, nil
	}
	b := c.Battle(battle)
	sides := aiSides(c)
	if b == nil || b.Over || b.State == nil || len(sides) == 0 {
		return c, evs, logged, nil
	}
	seed := uint64(c.ID)*1000 + uint64(battle)
	n, more, ce, err := withLog(c)(campaign.PlayAI(c, battle, sides, d, seed))
	if err != nil {
		return nil, nil, nil, err
	}
	return n, append(evs, more...), append(logged, ce...), nil
}
