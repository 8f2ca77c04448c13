package app

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"bfbot/bot/command"
	"bfbot/bot/schedule"
	"bfbot/campaign"
	"bfbot/referee"
	"bfbot/referee/dice"
	"bfbot/referee/quickstart"
	"bfbot/storage"
)

// deadlines is the schedule.Handler: a passed deadline runs the campaign's
// turn; a reminder nudges the players who are not ready.
type deadlines struct {
	a *App
}

var _ schedule.Handler = deadlines{}

// Sentinels that end a deadline's Update without writing the campaign.
var (
	errAlreadyDone = errors.New("deadline already processed")
	errNothingToDo = errors.New("nothing for the deadline to do")
)

// maxPhaseActions bounds the actions the AI takes for one missed phase:
// ai.Player always ends a phase in the end, the bound guards the bot.
const maxPhaseActions = 500

// Deadline implements schedule.Handler. In ONE store Update it reads the
// stored entry, returns if r.Done says the deadline was processed, else
// runs the turn and writes r.Entry with it; then it posts the replies and
// refreshes the campaign's pinned status.
//
// The stored entry is read inside the Update function: bbolt runs one
// write transaction at a time, so nothing can commit between that read
// and this Update's commit. Writes of the record outside Update (pause,
// resume, extend) hold the campaign's schedules lock, held here too.
func (h deadlines) Deadline(ctx context.Context, r schedule.Run) error {
	a := h.a
	id, kind := r.Entry.Campaign, r.Entry.Kind
	// A forced run (/campaign advance) runs where it was asked for.
	if !r.Forced && !a.runsHere(id) {
		return schedule.ErrElsewhere
	}
	unlock := a.sched.lock(id)
	stored, ok, err := a.sched.load(ctx, id, kind)
	if err != nil {
		unlock()
		return err
	}
	if ok && r.Done(stored.LastRun) {
		unlock()
		return nil
	}
	e := r.Entry
	if ok {
		e.Paused = stored.Paused // a pause made while this deadline waited stays
	}
	rec := storage.Record{RecordKey: scheduleKey(id, kind), Value: encodeEntry(e)}
	var replies []command.Reply
	var after *campaign.Campaign
	// The turn is worked out inside the store's write transaction, not
	// on a snapshot as /battle auto is (bot/command/aside.go): a
	// /campaign advance or the last /orders ready committed while it was
	// worked out would close the turn, and the deadline, worked out again
	// from the new campaign, would close the next one before anyone
	// could order for it.
	_, err = a.db.Update(ctx, id, func(c *campaign.Campaign, d *dice.Dice) (*campaign.Campaign, error) {
		if st, ok, err := a.sched.load(ctx, id, kind); err != nil {
			return nil, err
		} else if ok && r.Done(st.LastRun) {
			return nil, errAlreadyDone
		}
		n, out, err := h.turn(c, d, kind, r)
		// The members' notification preferences, as they stand after the turn.
		replies = command.Notify(cmp.Or(n, c), out, a.clock.Now())
		if err != nil {
			return nil, err
		}
		if n == nil {
			return nil, errNothingToDo
		}
		after = n
		return n, nil
	}, rec)
	switch {
	case errors.Is(err, errAlreadyDone):
		unlock()
		return nil
	case errors.Is(err, errNothingToDo):
		err = a.db.PutRecord(ctx, rec.RecordKey, rec.Value)
	}
	unlock()
	if err != nil {
		h.turnFailed(ctx, r, err) // unsaved.go
		return fmt.Errorf("campaign %d %s due %s: %w", id, kind, r.Due.Format(time.RFC3339), err)
	}
	a.log.Info("deadline processed", "campaign", id, "kind", kind.String(), "due", r.Due, "forced", r.Forced, "skipped", r.Skipped, "replies", len(replies))
	if after != nil {
		if err := a.sched.sync(ctx, after); err != nil {
			a.log.Error("schedule not updated after the turn", "campaign", id, "err", err)
		}
	}
	a.deliver(ctx, id, replies)
	a.refreshStatus(ctx, id)
	return nil
}

// turn is the campaign's work at a deadline: the new campaign (nil when
// nothing changes) and the replies to post.
func (h deadlines) turn(c *campaign.Campaign, d *dice.Dice, kind schedule.Kind, r schedule.Run) (*campaign.Campaign, []command.Reply, error) {
	seed := uint64(r.Due.Unix()) ^ uint64(c.ID)<<32
	due, _ := h.a.scheduler.Next(c.ID, schedule.OrderDeadline) // after an order deadline, already the one after r's
	if kind == schedule.BattleDeadline {
		return battleDeadline(c, d, seed, due)
	}
	return orderDeadline(c, d, seed, due)
}

// gaveOrders reports whether a side has given any order this turn.
func gaveOrders(o campaign.Orders) bool {
	return len(o.Moves)+len(o.Drops)+len(o.Holds)+len(o.Searches) > 0 || o.LiftOff
}

// orderDeadline closes the turn's orders. A side that is not ready moves
// by the orders it gave; a side that gave none gets the AI's orders
// (missed_deadline ai) or holds where it stands (pass) (ruling SRV2).
// With the orders resolved, battles the AI fights (auto_resolve) are
// fought at once, and once none is left the upkeep opens the next turn.
// In the battle phase, the deadline runs the upkeep if every battle is
// over; otherwise it only says what is holding the turn up. due is the
// next order deadline, for the players' "orders are open" DMs.
func orderDeadline(c *campaign.Campaign, d *dice.Dice, seed uint64, due time.Time) (*campaign.Campaign, []command.Reply, error) {
	var out []command.Reply
	n := c
	switch c.Phase {
	case campaign.PhaseOrders:
		for _, s := range c.Sides {
			if s.Orders.Ready || gaveOrders(s.Orders) {
				continue
			}
			note := fmt.Sprintf("The order deadline passed before %s gave any order: its battlegroups hold where they stand.", s.Name)
			if c.Settings.MissedDeadline != "pass" {
				for _, o := range campaign.AIOrders(n, s.ID, seed) {
					next, _, err := campaign.GiveOrder(n, s.ID, o)
					if err != nil {
						continue // the AI's plan is advice; a refused step is dropped
					}
					n = next
				}
				note = fmt.Sprintf("The order deadline passed before %s gave any order: the AI gave them. ", s.Name) +
					strings.Join(campaign.DescribeOrders(n, s.ID), "; ")
			}
			for _, p := range s.Players {
				out = append(out, command.Reply{To: command.DM, User: p, Campaign: c.ID, Text: note})
			}
		}
	case campaign.PhaseSearches:
		// The search step closes with the searches given (ruling CO10).
	case campaign.PhaseBattles:
		if ids := campaign.Unfought(c); len(ids) > 0 {
			return nil, []command.Reply{{To: command.Public, Campaign: c.ID, Text: fmt.Sprintf(
				"The order deadline of turn %d passed while battles %s are still being fought; the turn goes on once they end.", c.Turn, joinInts(ids))}}, nil
		}
	default:
		return nil, nil, nil
	}
	before, battles, since := n.Log.Len(), len(n.Battles), n.NextDecision
	next, _, err := campaign.Advance(n, d)
	if err != nil {
		return nil, nil, err
	}
	n = next
	var battleOut []command.Reply
	for _, b := range n.Battles {
		if b.Over || !b.Auto {
			continue
		}
		next, evs, err := campaign.AutoResolveBattle(n, b.ID, d, seed+uint64(b.ID))
		if err != nil {
			return nil, nil, err
		}
		battleOut = append(battleOut, command.BattleReplies(next, b.ID, evs)...)
		n = next
	}
	if n.Phase == campaign.PhaseBattles && len(campaign.Unfought(n)) == 0 && len(battleOut) > 0 {
		if n, _, err = campaign.Advance(n, d); err != nil {
			return nil, nil, err
		}
	}
	// Each player's news and what he is to do next come as one digest;
	// the after-action reports of the battles fought follow it.
	then := append(command.DeployPrompts(n, n.Battles[min(battles, len(n.Battles)):]), command.DecisionPrompts(n, since)...)
	then = append(then, command.OrdersOpen(n, due)...)
	out = append(out, command.TurnDigest(n, n.Log.Since(min(before, n.Log.Len())), then)...)
	return n, append(out, battleOut...), nil
}

// battleDeadline closes the current phase of every battle being fought: a
// battle still deploying is deployed by the AI (deployment cannot pass);
// otherwise the phasing side's phase is played by the AI
// (missed_deadline ai) or ended (pass); in a Quick-Start battle, the
// acting side's part of the phase. Battles the AI fights are fought to
// the end.
func battleDeadline(c *campaign.Campaign, d *dice.Dice, seed uint64, due time.Time) (*campaign.Campaign, []command.Reply, error) {
	if c.Phase == campaign.PhaseSearches {
		// A turn's search step waits for the next deadline of either
		// kind, not a whole turn's period (ruling CO10); due is the next
		// order deadline.
		return orderDeadline(c, d, seed, due)
	}
	if c.Phase != campaign.PhaseBattles || len(campaign.Unfought(c)) == 0 {
		return nil, nil, nil
	}
	n := c
	var out []command.Reply
	for _, id := range campaign.Unfought(c) {
		if qb := n.QuickStart; qb != nil && qb.ID == id {
			next, evs, err := quickStartDeadline(n, d)
			if err != nil {
				return nil, nil, err
			}
			n, out = next, append(out, command.QuickStartReplies(next, evs)...)
			continue
		}
		// The battle's questions not answered in time take their
		// defaults first (campaign/decision.go); a battle still deploying
		// is not played on by the AI, even if the default starts it.
		deploying := n.Battle(id) != nil && n.Battle(id).State != nil && n.Battle(id).State.Phase == referee.PhaseDeploy
		var evs []referee.Event
		var err error
		n, evs, err = campaign.TakeDefaults(n, campaign.InBattle(id), d)
		if err != nil {
			return nil, nil, err
		}
		out = append(out, command.BattleReplies(n, id, evs)...)
		evs = nil
		b := n.Battle(id)
		if b == nil || b.Over || b.State == nil {
			continue
		}
		switch {
		case b.Auto:
			var next *campaign.Campaign
			if next, evs, err = campaign.AutoResolveBattle(n, id, d, seed+uint64(id)); err == nil {
				n = next
			}
		case deploying:
			for _, side := range campaign.SetupOrder(b.State) {
				next, e, err := campaign.AutoDeploy(n, id, side, d)
				if err != nil {
					continue // this side has deployed, or the battle has begun
				}
				n, evs = next, append(evs, e...)
			}
		default:
			n, evs, err = missedPhase(n, id, d, seed)
			if err == nil {
				// In a scenario the AI's own side answers at once, as it
				// does after a player's command.
				n, evs, _, err = command.ScenarioAI(n, id, d, evs, nil)
			}
		}
		if err != nil {
			return nil, nil, err
		}
		if len(evs) > 0 {
			out = append(out, command.BattleReplies(n, id, evs)...)
		}
	}
	// What the deadline did to the campaign: defaults taken, set-up and
	// battle results.
	out = append(out, command.EventReplies(n, n.Log.Since(min(c.Log.Len(), n.Log.Len())))...)
	out = append(out, command.DecisionPrompts(n, c.NextDecision)...)
	if n == c {
		return nil, nil, nil
	}
	// A battle that ended may have started another (a retreat into a
	// sector the enemy holds): its sides are asked to deploy.
	out = append(out, command.DeployPrompts(n, n.Battles[min(len(c.Battles), len(n.Battles)):])...)
	return n, out, nil
}

// missedPhase plays the phasing side's current phase of a battle for it,
// the AI at the campaign's level (ai_level, ruling AIL1): a player that
// takes the battle over where it stands, told its record as the side saw
// it (campaign.Battle.AIPlayer), and then every step of the phase.
func missedPhase(c *campaign.Campaign, id int, d *dice.Dice, seed uint64) (*campaign.Campaign, []referee.Event, error) {
	b := c.Battle(id)
	side, phase, turn := b.State.PhasingSide().ID, b.State.Phase, b.State.Turn
	end := referee.Action{Kind: referee.ActEnd, Side: side}
	if c.Settings.MissedDeadline == "pass" {
		n, evs, err := campaign.BattleAct(c, id, side, end, d)
		return n, evs, err
	}
	player := b.AIPlayer(side, c.Settings.Level(), seed+uint64(id))
	n := c
	var all []referee.Event
	for i := 0; i < maxPhaseActions; i++ {
		nb := n.Battle(id)
		if nb.Over || nb.State.Phase != phase || nb.State.Turn != turn || nb.State.PhasingSide().ID != side {
			break
		}
		a := player.Next(nb.State)
		next, evs, err := campaign.BattleAct(n, id, side, a, d)
		if err != nil && a.Kind != referee.ActEnd {
			next, evs, err = campaign.BattleAct(n, id, side, end, d)
		}
		if err != nil {
			return nil, nil, fmt.Errorf("battle %d: the AI's %s phase for %s: %w", id, phase, side, err)
		}
		// The AI's phase goes on at once: hidden infantry it met takes its
		// owner's default (ruling DEC6).
		next, more, err := campaign.TakeDefaults(next, campaign.MidTurn(id), d)
		if err != nil {
			return nil, nil, err
		}
		player.Observe(evs)
		player.Observe(more)
		n, all = next, append(append(all, evs...), more...)
	}
	return n, all, nil
}

// quickStartDeadline closes the acting side's part of the phase of a
// Quick-Start battle (campaign.QuickStartMissedPart), and the AI's own
// side answers at once, as after a player's command.
func quickStartDeadline(c *campaign.Campaign, d *dice.Dice) (*campaign.Campaign, []quickstart.Event, error) {
	n, evs, err := campaign.QuickStartMissedPart(c, d)
	if err != nil {
		return nil, nil, err
	}
	n, more, err := command.QuickStartAI(n, d)
	if err != nil {
		return nil, nil, err
	}
	return n, append(evs, more...), nil
}

func joinInts(ids []int) string {
	s := make([]string, len(ids))
	for i, id := range ids {
		s[i] = fmt.Sprint(id)
	}
	return strings.Join(s, ", ")
}

// Remind implements schedule.Handler: a DM to every player who asked for
// reminders (/orders remind) and whose side has not marked its orders
// ready (order deadlines only).
func (h deadlines) Remind(ctx context.Context, e schedule.Entry, due time.Time) error {
	if e.Kind != schedule.OrderDeadline {
		return nil
	}
	if !h.a.runsHere(e.Campaign) {
		return schedule.ErrElsewhere
	}
	c, err := h.a.db.Get(ctx, e.Campaign)
	if err != nil {
		return err
	}
	if c.Phase != campaign.PhaseOrders {
		return nil
	}
	// The reminder of each deadline goes out once, whichever process
	// sends it: one that takes a campaign over in the reminder window
	// (bot/lease) tries again, and finds this marker if its predecessor
	// sent it. A process dying between the DMs and the marker sends it
	// twice, never not at all.
	sent := storage.RecordKey{Campaign: c.ID, Kind: storage.Marker, Name: "reminded"}
	mark := []byte(due.UTC().Format(time.RFC3339))
	prev, err := h.a.db.GetRecord(ctx, sent)
	var re *storage.RecordError
	switch {
	case errors.As(err, &re):
		// A damaged marker only keeps a reminder from going out twice:
		// it is taken as absent and written anew below (ruling SG3).
		h.a.log.Warn("reminder marker damaged, taken as absent: this deadline's reminder may go out a second time, and the marker is written anew",
			"campaign", re.Campaign, "record", re.Key, "err", re.Err)
	case err != nil:
		return err
	case string(prev) == string(mark):
		return nil
	}
	wants, err := h.a.store.Reminded(ctx, c.ID)
	if err != nil {
		return err
	}
	var out []command.Reply
	for _, s := range c.Sides {
		if s.Orders.Ready {
			continue
		}
		for _, p := range s.Players {
			if !wants[p] {
				continue
			}
			// Discord shows a timestamp in each reader's own time zone.
			out = append(out, command.Reply{To: command.DM, User: p, Campaign: c.ID, Ping: []string{p}, Text: fmt.Sprintf(
				"Reminder: turn %d's orders for %s are due <t:%d:F> (<t:%d:R>). /orders ready seals them.", c.Turn, s.Name, due.Unix(), due.Unix())})
		}
	}
	h.a.deliver(ctx, c.ID, command.Notify(c, out, h.a.clock.Now()))
	return h.a.db.PutRecord(ctx, sent, mark)
}
