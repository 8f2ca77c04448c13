package command

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"bfbot/campaign"
	"bfbot/config"
	"bfbot/internal/cite"
	"bfbot/referee"
	"bfbot/referee/ai"
	"bfbot/referee/dice"
)

// settingOptions are the settings /campaign create and /campaign
// settings take, each with how it is applied.
var settingOptions = []struct {
	opt   Option
	apply func(st *campaign.Settings, v string) error
}{
	{Option{Name: "turn_limit", Description: "end after this campaign turn (0: no limit; at most " + strconv.Itoa(campaign.MaxTurnLimit) + ")", Type: Integer}, func(st *campaign.Settings, v string) error {
		// The bound is checked here, where turn_limit is set, not in
		// Settings.Validate: a campaign stored with a longer one keeps it.
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 || n > campaign.MaxTurnLimit {
			return fmt.Errorf("use 0 for no limit or 1 to %d campaign turns", campaign.MaxTurnLimit)
		}
		st.TurnLimit = n
		return nil
	}},
	{Option{Name: "raid_objectives", Description: "at the start, roll each side a raid objective in the enemy's area (Battle Setup Tables)", Type: Boolean}, func(st *campaign.Settings, v string) error {
		st.RaidObjectives, _ = strconv.ParseBool(v)
		return nil
	}},
	{Option{Name: "battle_turn_limit", Description: "end a battle after this game turn (0: no limit; at most " + strconv.Itoa(campaign.MaxBattleTurnLimit) + ")", Type: Integer}, func(st *campaign.Settings, v string) error {
		// Bounded where it is set, as turn_limit is (ruling CB20).
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 || n > campaign.MaxBattleTurnLimit {
			return fmt.Errorf("use 0 for no limit or 1 to %d game turns", campaign.MaxBattleTurnLimit)
		}
		st.BattleTurnLimit = n
		return nil
	}},
	{Option{Name: "crt", Description: "Combat Results Table printing (ruling R1)", Choices: []string{"rulebook", "reference"}}, func(st *campaign.Settings, v string) error {
		crt, err := referee.ParseCRT(v)
		st.CRT = crt
		return err
	}},
	{Option{Name: "early_resolution", Description: "resolve the turn as soon as every side has sealed its orders, not at the deadline", Type: Boolean}, func(st *campaign.Settings, v string) error {
		st.EarlyResolution, _ = strconv.ParseBool(v)
		return nil
	}},
	{Option{Name: "auto_resolve", Description: "the AI fights every battle", Type: Boolean}, func(st *campaign.Settings, v string) error {
		st.AutoResolve, _ = strconv.ParseBool(v)
		return nil
	}},
	{Option{Name: "setup_tables", Description: "roll the battle setup tables at contact (ruling R11)", Type: Boolean}, func(st *campaign.Settings, v string) error {
		st.SetupTables, _ = strconv.ParseBool(v)
		return nil
	}},
	{Option{Name: "morale_check", Description: "the optional morale rule (" + cite.Book(1003) + ")", Type: Boolean}, func(st *campaign.Settings, v string) error {
		st.MoraleCheck, _ = strconv.ParseBool(v)
		return nil
	}},
	{Option{Name: "morale_table", Description: "the battle setup tables' morale checks (004 morale table; needs setup_tables)", Type: Boolean}, func(st *campaign.Settings, v string) error {
		b, err := strconv.ParseBool(v)
		if err != nil {
			return fmt.Errorf("use true or false")
		}
		st.MoraleTable = b
		return nil
	}},
	{Option{Name: "repair_points", Description: "repair points each RBG starts with (25–100 in the book; 0: each regiment's own)", Type: Integer}, func(st *campaign.Settings, v string) error {
		st.RepairPoints, _ = strconv.Atoi(v)
		return nil
	}},
	{Option{Name: "deployment", Description: "set-up: opposite ends of the map, or secret placement in each side's half (/bg place)", Choices: []string{"ends", "sectors"}}, func(st *campaign.Settings, v string) error {
		st.Deployment = v
		return nil
	}},
	{Option{Name: "seat_limit", Description: "the most players a side seats (0: no limit)", Type: Integer}, func(st *campaign.Settings, v string) error {
		st.SeatLimit, _ = strconv.Atoi(v)
		return nil
	}},
	{Option{Name: "join_approval", Description: "joins wait for the referee's approval before the start too (after it they always do; on by default with referee_plays)", Type: Boolean}, func(st *campaign.Settings, v string) error {
		st.JoinApproval, _ = strconv.ParseBool(v)
		return nil
	}},
	{Option{Name: "missed_deadline", Description: "a missed battle deadline: the AI plays the phase, or it passes", Choices: []string{"ai", "pass"}}, func(st *campaign.Settings, v string) error {
		st.MissedDeadline = v
		return nil
	}},
	{Option{Name: "ai_level", Description: "how well the AI fights for every side: auto-resolve, missed deadlines (default normal)", Choices: ai.LevelNames()}, func(st *campaign.Settings, v string) error {
		// Its choices let only ai.Levels' names through; Validate
		// reads them as the stored setting is read.
		st.AILevel = v
		return nil
	}},
}

// mapOptions size and seed a new campaign's strategic map.
var mapOptions = []Option{
	{Name: "map_cols", Description: "strategic map columns (1–8)", Type: Integer},
	{Name: "map_rows", Description: "strategic map rows (1–8)", Type: Integer},
	{Name: "map_seed", Description: "seed of the strategic map", Type: Integer},
}

// scheduleOptions are the deadlines the scheduler reads.
var scheduleOptions = []Option{
	{Name: "order_deadline", Description: `cron spec of the order deadline, e.g. "0 20 * * 5", at least an hour apart (none: off)`},
	{Name: "battle_deadline", Description: `cron spec of the battle-phase deadline (none: off)`},
	{Name: "time_zone", Description: "time zone of the deadlines, e.g. Europe/Berlin"},
}

func settingOpts() []Option {
	var out []Option
	for _, s := range settingOptions {
		out = append(out, s.opt)
	}
	return out
}

func (g *Registry) campaignCommands() []*entry {
	create := []Option{
		{Name: "name", Description: "the campaign's name", Required: true},
		{Name: "regiments", Description: `built-in regiments, e.g. "crucis bandits"; with one regiment_file, the opponent`},
		{Name: "referee_plays", Description: "you referee and play a side (you then cannot see the other side's secrets)", Type: Boolean},
	}
	create = append(append(append(create, createFileOptions...), mapOptions...), settingOpts()...) // createFileOptions: attach_create.go
	return []*entry{
		{spec: Spec{Name: "campaign", Sub: "create", Description: "create a campaign between two regiments; you become its referee", Options: create, Who: Anyone, Where: GuildOnly, Rate: Create},
			run: g.campaignCreate},
		{spec: Spec{Name: "campaign", Sub: "start", Description: "start the campaign: turn 1's orders open", Who: Referee},
			scope: campaignScope, run: g.campaignStart},
		{spec: Spec{Name: "campaign", Sub: "status", Description: "the campaign's turn, phase, sides, victory points and battles", Who: Anyone},
			scope: campaignScope, run: g.campaignStatus},
		{spec: Spec{Name: "campaign", Sub: "settings", Description: "show the settings, or change those given", Who: Referee, Options: settingOpts()},
			scope: campaignScope, run: g.campaignSettings},
		{spec: Spec{Name: "campaign", Sub: "schedule", Description: "show or set the order and battle deadlines", Who: Referee, Options: scheduleOptions},
			scope: campaignScope, run: g.campaignSchedule},
		{spec: Spec{Name: "campaign", Sub: "advance", Description: "run the campaign on now: resolve the turn's orders, or the upkeep once the battles are over", Who: Referee, Slow: true, Rate: Advance},
			scope: campaignScope, run: g.campaignAdvance},
		{spec: Spec{Name: "campaign", Sub: "pause", Description: "pause the deadlines", Who: Referee},
			scope: campaignScope, run: g.campaignPause},
		{spec: Spec{Name: "campaign", Sub: "resume", Description: "resume the deadlines", Who: Referee},
			scope: campaignScope, run: g.campaignResume},
		{spec: extendSpec, scope: campaignScope, run: g.campaignExtend},
		{spec: Spec{Name: "campaign", Sub: "export", Description: "the whole campaign as a JSON file (secrets included: referee only)", Who: Referee, Rate: Export},
			scope: campaignScope, reveals: true, run: g.campaignExport},
		{spec: Spec{Name: "campaign", Sub: "end", Description: "end the campaign now; the side with more victory points wins", Who: Referee, Managers: true},
			scope: campaignScope, run: g.campaignEnd},
		g.campaignNotifyEntry(),
	}
}

func (g *Registry) campaignCreate(ctx context.Context, x *call) ([]Reply, error) {
	if err := g.placeFree(ctx, x.Request); err != nil { // place.go
		return nil, err
	}
	st := campaign.DefaultSettings()
	if err := applySettings(&st, x); err != nil {
		return nil, err
	}
	// The map and the regiments may come from files (attach_create.go).
	m, mapText, err := createMap(x, &st)
	if err != nil {
		return nil, err
	}
	regs, labels, err := createRegiments(x)
	if err != nil {
		return nil, err
	}
	c, err := campaign.New(0, x.str("name"), st, m, regs)
	if err != nil {
		return nil, err
	}
	c.Referee = x.User.ID
	c.Settings.RefereePlays = x.flag("referee_plays")
	approval := ""
	if c.Settings.RefereePlays && x.str("join_approval") == "" {
		// A user who sat down on a side for a moment would make the
		// referee who plays conflicted for good (ruling SEAT4).
		c.Settings.JoinApproval = true
		approval = " Joins wait for the referee's approval (join_approval, on since the referee plays; ruling SEAT4)."
	}
	c = campaign.WithName(c, x.User.ID, x.User.Name)
	id, err := g.createHere(ctx, x.Request, c)
	if err != nil {
		return nil, err
	}
	x.c = c
	level := ""
	if l := c.Settings.Level(); l != ai.Normal {
		level = fmt.Sprintf(" The AI plays at level %s (ruling AIL1).", l)
	}
	return []Reply{x.public(fmt.Sprintf("Campaign %d “%s” is set up: %s on %s. Referee: %s.%s%s\nJoin a side with /campaign join side:%s campaign:%d; the referee starts it with /campaign start.",
		id, c.Name, strings.Join(labels, " against "), mapText, c.NameOf(x.User.ID), level, approval, c.Sides[0].ID, id))}, nil
}

func applySettings(st *campaign.Settings, x *call) error {
	for _, s := range settingOptions {
		if v := x.str(s.opt.Name); v != "" {
			if err := s.apply(st, v); err != nil {
				return userf("%s:%s: %v", s.opt.Name, v, err)
			}
		}
	}
	return nil
}

func (g *Registry) campaignStart(ctx context.Context, x *call) ([]Reply, error) {
	evs, err := x.update(ctx, func(c *campaign.Campaign, d *dice.Dice) (*campaign.Campaign, []campaign.Event, error) {
		n, err := campaign.Start(c, d)
		if err != nil {
			return nil, nil, err
		}
		return n, n.Log.Since(c.Log.Len()), nil
	})
	if err != nil {
		return nil, err
	}
	return TurnDigest(x.c, evs, OrdersOpen(x.c, g.nextOrderDeadline(x.c))), nil
}

// OrdersOpen tells every player by DM that his side's orders are open,
// or in a turn with drops that its searches are (ruling CO10), and when
// they are due (due; zero when no deadline is set), and gives a Ready
// button.
func OrdersOpen(c *campaign.Campaign, due time.Time) []Reply {
	var open, how string
	switch c.Phase {
	case campaign.PhaseOrders:
		open, how = "Turn %d: orders for %s are open.", "/bg list shows your worksheet, /orders move|hold|search|drop|liftoff gives orders, /orders ready seals them."
	case campaign.PhaseSearches:
		open, how = "Turn %d: movement is over and drops were made: %s may search in answer where its battlegroups stand.", "/orders search, then /orders ready."
	default:
		return nil
	}
	var out []Reply
	for _, s := range c.Sides {
		for _, p := range s.Players {
			out = append(out, Reply{To: DM, User: p, Campaign: c.ID, Everyone: true,
				Text:    strings.Join(slices.DeleteFunc([]string{fmt.Sprintf(open, c.Turn, s.Name), ordersDue(due), how}, func(t string) bool { return t == "" }), " "),
				Buttons: button("Ready", false, ButtonID{Action: ButtonReady, Campaign: c.ID, Args: []string{turnWord(c)}})})
		}
	}
	return out
}

func (g *Registry) campaignStatus(_ context.Context, x *call) ([]Reply, error) {
	return []Reply{x.private(statusText(x.c, g.nextOrderDeadline(x.c)))}, nil
}

// statusText is what everyone may know of a campaign: no worksheet, no
// orders, no positions; and the order deadline, due (zero: none).
func statusText(c *campaign.Campaign, due time.Time) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Campaign %d “%s”: ", c.ID, c.Name)
	switch c.Phase {
	case campaign.PhaseSetup:
		b.WriteString("setting up")
	case campaign.PhaseOver:
		b.WriteString("over")
		if w := c.Side(c.Winner); w != nil {
			fmt.Fprintf(&b, ", won by %s", w.Name)
		} else {
			b.WriteString(", a draw")
		}
	default:
		fmt.Fprintf(&b, "turn %d, %s", c.Turn, c.Phase)
	}
	if c.Settings.TurnLimit > 0 {
		fmt.Fprintf(&b, " (of %d)", c.Settings.TurnLimit)
	}
	if c.Referee != "" {
		fmt.Fprintf(&b, "; refereed by %s", c.NameOf(c.Referee))
	}
	// How well the AI plays for a player who misses a deadline is
	// everyone's to know (ruling AIL1).
	fmt.Fprintf(&b, "; AI level %s", c.Settings.Level())
	if s := ordersDue(due); s != "" {
		b.WriteString(". " + s)
	}
	b.WriteString("\n")
	for _, s := range c.Sides {
		players := "no players yet"
		if len(s.Players) > 0 {
			var names []string
			for _, p := range s.Players {
				names = append(names, c.NameOf(p))
			}
			players = strings.Join(names, ", ")
		}
		ready := ""
		if c.Phase == campaign.PhaseOrders || c.Phase == campaign.PhaseSearches {
			ready = ", orders not ready"
			if s.Orders.Ready {
				ready = ", orders ready"
			}
		}
		// The public account: no secret gain or spending shows (ruling SE2).
		fmt.Fprintf(&b, "• %s (%s): %d VP; %s%s\n", s.Name, s.ID, c.KnownVP(s.ID, ""), players, ready)
	}
	for _, bt := range c.Battles {
		state := "being fought"
		if bt.Over {
			state = "over"
			switch {
			case bt.Outcome != nil && bt.Outcome.Winner != "":
				state += ", won by " + c.SideName(bt.Outcome.Winner)
			case bt.Outcome != nil:
				state += ", a draw"
			}
		}
		fmt.Fprintf(&b, "• Battle %d (turn %d) in %s: %s\n", bt.ID, bt.Turn, sectorName(c, bt.Sector), state)
	}
	return strings.TrimRight(b.String(), "\n")
}

func sectorName(c *campaign.Campaign, id int) string {
	if id == 0 {
		return "orbit"
	}
	if c.Map != nil {
		if s := c.Map.ByID(id); s != nil && s.Name != "" {
			return fmt.Sprintf("sector %d (%s)", id, s.Name)
		}
	}
	return fmt.Sprintf("sector %d", id)
}

func (g *Registry) campaignSettings(ctx context.Context, x *call) ([]Reply, error) {
	var changed []string
	for _, s := range settingOptions {
		if v := x.str(s.opt.Name); v != "" {
			changed = append(changed, s.opt.Name+"="+v)
		}
	}
	if len(changed) == 0 {
		return []Reply{x.private(settingsText(x.c.Settings))}, nil
	}
	if _, err := x.update(ctx, func(c *campaign.Campaign, _ *dice.Dice) (*campaign.Campaign, []campaign.Event, error) {
		for _, opt := range []string{"ai_level", "missed_deadline", "auto_resolve"} {
			if x.str(opt) == "" {
				continue
			}
			if err := standInRefused(c, x.User.ID, opt); err != nil {
				return nil, nil, err
			}
		}
		n := c.Clone()
		if err := applySettings(&n.Settings, x); err != nil {
			return nil, nil, err
		}
		return n, nil, n.ValidateSettings()
	}); err != nil {
		return nil, err
	}
	return []Reply{x.public(fmt.Sprintf("The referee changed the settings: %s.", strings.Join(changed, ", ")))}, nil
}

func settingsText(st campaign.Settings) string {
	return fmt.Sprintf("Settings: turn_limit %d, raid_objectives %t, battle_turn_limit %d, crt %s, auto_resolve %t, early_resolution %t, setup_tables %t, morale_check %t, morale_table %t, repair_points %d, deployment %s, seat_limit %d, join_approval %t, referee_plays %t, missed_deadline %s, ai_level %s, order_deadline %q, battle_deadline %q, time_zone %q, map %dx%d seed %d",
		st.TurnLimit, st.RaidObjectives, st.BattleTurnLimit, st.CRT, st.AutoResolve, st.EarlyResolution, st.SetupTables, st.MoraleCheck, st.MoraleTable, st.RepairPoints, st.Deployment, st.SeatLimit, st.JoinApproval, st.RefereePlays, st.MissedDeadline, st.Level(),
		st.OrderDeadline, st.BattleDeadline, st.TimeZone, st.MapCols, st.MapRows, st.MapSeed)
}

func (g *Registry) campaignSchedule(ctx context.Context, x *call) ([]Reply, error) {
	var changed []string
	for _, o := range scheduleOptions {
		if v := x.str(o.Name); v != "" {
			changed = append(changed, o.Name+"="+v)
		}
	}
	if len(changed) == 0 {
		st := x.c.Settings
		return []Reply{x.private(fmt.Sprintf("Deadlines: orders %q, battles %q, time zone %q.", st.OrderDeadline, st.BattleDeadline, st.TimeZone))}, nil
	}
	if _, err := x.update(ctx, func(c *campaign.Campaign, _ *dice.Dice) (*campaign.Campaign, []campaign.Event, error) {
		n := c.Clone()
		set := func(dst *string, name string) {
			if v := x.str(name); v == "none" {
				*dst = ""
			} else if v != "" {
				*dst = v
			}
		}
		set(&n.Settings.OrderDeadline, "order_deadline")
		set(&n.Settings.BattleDeadline, "battle_deadline")
		set(&n.Settings.TimeZone, "time_zone")
		if err := config.ValidateDeadlines(n.Settings.OrderDeadline, n.Settings.BattleDeadline, n.Settings.TimeZone); err != nil {
			return nil, nil, userf("%v", err)
		}
		// Ruling SCH5's hour holds for the deadlines set here: the
		// campaign keeps closer ones it already had (the operator's
		// defaults, a backup's), which a new time zone or the other
		// deadline does not touch.
		for _, d := range []struct{ name, spec string }{{"order_deadline", n.Settings.OrderDeadline}, {"battle_deadline", n.Settings.BattleDeadline}} {
			if x.str(d.name) == "" || d.spec == "" {
				continue
			}
			if err := config.ValidateNewDeadline(d.name, d.spec); err != nil {
				return nil, nil, userf("%v", err)
			}
		}
		return n, nil, n.ValidateSettings()
	}); err != nil {
		return nil, err
	}
	return []Reply{x.public(fmt.Sprintf("The referee set the deadlines: %s.", strings.Join(changed, ", ")))}, nil
}

func (g *Registry) campaignAdvance(ctx context.Context, x *call) ([]Reply, error) {
	return g.advance(ctx, x)
}

// advance runs the campaign on (campaign.Advance) and answers as
// /campaign advance does; the referee is told of each new battle, by a
// private answer when he ran it, else by DM (early_resolution, run by the
// last player to seal his orders).
func (g *Registry) advance(ctx context.Context, x *call) ([]Reply, error) {
	before, since := len(x.c.Battles), x.c.NextDecision
	evs, err := x.update(ctx, func(c *campaign.Campaign, d *dice.Dice) (*campaign.Campaign, []campaign.Event, error) {
		// It moves on the phase it came in, never the one a deadline
		// opened meanwhile, whose orders are not given yet.
		if err := x.turnStillAsked(c); err != nil {
			return nil, nil, err
		}
		return g.rules.Advance(c, d)
	})
	if err != nil {
		return nil, err
	}
	// Each player's news and what he is to do next come as one digest.
	next := DeployPrompts(x.c, x.c.Battles[before:])
	to := Private
	if x.User.ID != x.c.Referee {
		to = DM
	}
	for _, b := range x.c.Battles[before:] {
		if b.Over || x.c.Referee == "" {
			continue
		}
		next = append(next, Reply{To: to, User: x.c.Referee, Campaign: x.c.ID,
			Text:    fmt.Sprintf("Battle %d in %s is set up. The players fight it with /battle …, or the AI does with /battle auto battle:%d.", b.ID, sectorName(x.c, b.Sector), b.ID),
			Buttons: button("Auto-resolve", false, ButtonID{Action: ButtonAutoResolve, Campaign: x.c.ID, Battle: b.ID})})
	}
	next = append(next, DecisionPrompts(x.c, since)...)
	due := g.nextOrderDeadline(x.c)
	next = append(next, x.public(statusText(x.c, due)))
	return TurnDigest(x.c, evs, append(next, OrdersOpen(x.c, due)...)), nil
}

func (g *Registry) campaignPause(ctx context.Context, x *call) ([]Reply, error) {
	if g.deps.Scheduler == nil {
		return nil, errNoScheduler
	}
	if err := g.deps.Scheduler.Pause(ctx, x.c.ID); err != nil {
		return nil, err
	}
	return []Reply{x.public("The referee paused the deadlines.")}, nil
}

func (g *Registry) campaignResume(ctx context.Context, x *call) ([]Reply, error) {
	if g.deps.Scheduler == nil {
		return nil, errNoScheduler
	}
	if err := g.deps.Scheduler.Resume(ctx, x.c.ID); err != nil {
		return nil, err
	}
	return []Reply{x.public("The referee resumed the deadlines.")}, nil
}

func (g *Registry) campaignExport(ctx context.Context, x *call) ([]Reply, error) {
	data, err := g.deps.Store.Export(ctx, x.c.ID)
	if err != nil {
		return nil, err
	}
	return []Reply{x.private(fmt.Sprintf("Campaign %d as JSON (it holds both sides' secrets).", x.c.ID), File{Name: fmt.Sprintf("campaign-%d.json", x.c.ID), Data: data})}, nil
}

// campaignEnd ends the campaign for its referee, or for a manager of its
// server (ruling SEAT5), whom the public line names: he sees no more than
// everyone does.
func (g *Registry) campaignEnd(ctx context.Context, x *call) ([]Reply, error) {
	by := "the referee"
	if !x.referee {
		by = "server manager " + x.User.Name
	}
	evs, err := x.update(ctx, func(c *campaign.Campaign, _ *dice.Dice) (*campaign.Campaign, []campaign.Event, error) {
		return g.rules.End(c, by)
	})
	if err != nil {
		return nil, err
	}
	return append(EventReplies(x.c, evs), x.public(statusText(x.c, g.nextOrderDeadline(x.c)))), nil
}
