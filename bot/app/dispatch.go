package app

import (
	"context"
	"slices"
	"strconv"
	"strings"

	"bfbot/bot/command"
	"bfbot/bot/schedule"
	"bfbot/campaign"
	"bfbot/referee/dice"
)

// dispatcher is the registry as the Discord adapter sees it, with what
// only the running bot knows: the deadlines a new campaign gets from the
// configuration, the schedule following the campaign's settings, and the
// pinned status after a campaign command. Which campaign a command is
// about (by its channel, too) is the command layer's rule (place.go).
type dispatcher struct {
	a   *App
	reg *command.Registry
}

var _ command.Dispatcher = (*dispatcher)(nil)

func newDispatcher(a *App, reg *command.Registry) *dispatcher {
	return &dispatcher{a: a, reg: reg}
}

// Specs implements command.Dispatcher.
func (d *dispatcher) Specs() []command.Spec { return d.reg.Specs() }

// Complete implements command.Dispatcher.
func (d *dispatcher) Complete(ctx context.Context, r *command.Request, option, partial string) []string {
	return d.reg.Complete(ctx, r, option, partial)
}

// Dispatch implements command.Dispatcher.
func (d *dispatcher) Dispatch(ctx context.Context, r *command.Request) []command.Reply {
	out := d.reg.Dispatch(ctx, r)
	// The pinned status changes only with news everyone is told, whatever
	// the command (sealed orders, a battle ended, a seat approved by its
	// button). A command that answers its caller alone (his notification
	// settings, his side's decision, a refusal) leaves it as it is: every
	// edit reaches every member (the message's edited time, Discord's
	// Message Update event) and would tell the other side when he acted.
	// An update with the text unchanged is not sent (UpsertStatus).
	public := slices.ContainsFunc(out, func(rep command.Reply) bool { return rep.To == command.Public })
	settings := r.Name == "campaign" || r.Name == "undo"
	// The registry names the campaign it resolved in the campaign option.
	ids := map[int64]bool{}
	if id, err := strconv.ParseInt(r.Options["campaign"], 10, 64); err == nil && id > 0 {
		ids[id] = true
	}
	for _, rep := range out {
		if rep.Campaign > 0 {
			ids[rep.Campaign] = true
		}
	}
	for id := range ids {
		if rep, ok := d.a.tellMissedDM(ctx, id, r.User.ID); ok {
			out = append(out, rep)
		}
	}
	if !settings && !public {
		return out
	}
	if r.Name == "campaign" && r.Sub == "create" {
		for _, rep := range out {
			if rep.To == command.Public && rep.Campaign > 0 {
				d.created(ctx, r, rep.Campaign)
			}
		}
	}
	if settings && (r.Sub == "status" || r.Sub == "export") {
		return out
	}
	for id := range ids {
		if settings {
			out = d.schedule(ctx, r, id, out)
		}
		if public {
			d.a.refreshStatus(ctx, id)
		}
	}
	return out
}

// schedule makes the campaign's deadlines follow its settings after a
// campaign command, telling the referee of /campaign schedule if they
// could not be.
func (d *dispatcher) schedule(ctx context.Context, r *command.Request, id int64, out []command.Reply) []command.Reply {
	c, err := d.a.db.Get(ctx, id)
	if err != nil {
		return out
	}
	if err := d.a.sched.sync(ctx, c); err != nil {
		d.a.log.Warn("deadline not scheduled", "campaign", id, "err", err)
		if r.Sub == "schedule" {
			out = append(out, command.Reply{To: command.Private, User: r.User.ID, Campaign: id,
				Text: "⚠ The deadlines are saved but not scheduled: " + strings.TrimPrefix(err.Error(), "schedule: ")})
		}
	}
	return out
}

// created learns where a new campaign lives (the command layer recorded
// it in the campaign) and gives it the configured deadlines.
func (d *dispatcher) created(ctx context.Context, r *command.Request, id int64) {
	d.a.binds.channel(id)
	cfg := d.a.cfg
	if cfg.OrderDeadline == "" && cfg.BattleDeadline == "" {
		return
	}
	valid := func(spec string) bool {
		return spec != "" && schedule.Entry{Campaign: id, Kind: schedule.OrderDeadline, Spec: spec, TimeZone: cfg.TimeZone}.Validate() == nil
	}
	err := d.a.store.Update(ctx, id, func(c *campaign.Campaign, _ *dice.Dice) (*campaign.Campaign, error) {
		n := c.Clone()
		if n.Settings.OrderDeadline == "" && valid(cfg.OrderDeadline) {
			n.Settings.OrderDeadline = cfg.OrderDeadline
		}
		if n.Settings.BattleDeadline == "" && valid(cfg.BattleDeadline) {
			n.Settings.BattleDeadline = cfg.BattleDeadline
		}
		if n.Settings.TimeZone == "" {
			n.Settings.TimeZone = cfg.TimeZone
		}
		return n, nil
	})
	if err != nil {
		d.a.log.Error("configured deadlines not set", "campaign", id, "err", err)
	}
}
