package command

import (
	"fmt"
	"reflect"

	"bfbot/campaign"
	"bfbot/referee"
	"bfbot/referee/ai"
	"bfbot/referee/dice"
	"bfbot/referee/quickstart"
)

// Rules are the campaign engine's operations the commands call. They are
// function fields so that tests can stand in for a part; a nil field
// takes DefaultRules()'s (withDefaults), so the commands never meet one.
type Rules struct {
	// GiveOrder records a sealed order or worksheet change for side.
	GiveOrder func(c *campaign.Campaign, side string, o campaign.Order) (*campaign.Campaign, []campaign.Event, error)
	// Advance runs the campaign on to the next point where players act:
	// the turn's orders resolved (battles set up), or the upkeep once
	// every battle is over.
	Advance func(c *campaign.Campaign, d *dice.Dice) (*campaign.Campaign, []campaign.Event, error)
	// BattleAct applies one side's action in a battle.
	BattleAct func(c *campaign.Campaign, battle int, side string, a referee.Action, d *dice.Dice) (*campaign.Campaign, []referee.Event, []campaign.Event, error)
	// AutoDeploy deploys side's reserve units for it.
	AutoDeploy func(c *campaign.Campaign, battle int, side string, d *dice.Dice) (*campaign.Campaign, []referee.Event, []campaign.Event, error)
	// AutoResolveBattle lets the AI fight the battle to its end, at
	// level on both sides.
	AutoResolveBattle func(c *campaign.Campaign, battle int, level ai.Level, d *dice.Dice, seed uint64) (*campaign.Campaign, []referee.Event, []campaign.Event, error)
	// AutoResolveQuickStart lets the AI fight a Quick-Start battle to its
	// end for both sides.
	AutoResolveQuickStart func(c *campaign.Campaign, d *dice.Dice) (*campaign.Campaign, []quickstart.Event, error)
	// AIOrders are the orders the AI would give for side (the demo's
	// players).
	AIOrders func(c *campaign.Campaign, side string, seed uint64) []campaign.Order
	// AIBattleDrops are the drops into battles in progress the AI would
	// make for side while battles are fought (the demo's players).
	AIBattleDrops func(c *campaign.Campaign, side string) []campaign.Order
	// End closes the campaign now (/campaign end); by names who ends it:
	// the referee, or a manager of the server (ruling SEAT5).
	End func(c *campaign.Campaign, by string) (*campaign.Campaign, []campaign.Event, error)
}

// DefaultRules wires the campaign package.
//
// IMPORTANT: this is the one place to adapt when the engine's signatures
// change.
func DefaultRules() *Rules {
	return &Rules{
		GiveOrder: campaign.GiveOrder,
		Advance:   campaign.Advance,
		BattleAct: func(c *campaign.Campaign, battle int, side string, a referee.Action, d *dice.Dice) (*campaign.Campaign, []referee.Event, []campaign.Event, error) {
			return withLog(c)(campaign.BattleAct(c, battle, side, a, d))
		},
		AutoDeploy: func(c *campaign.Campaign, battle int, side string, d *dice.Dice) (*campaign.Campaign, []referee.Event, []campaign.Event, error) {
			return withLog(c)(campaign.AutoDeploy(c, battle, side, d))
		},
		AutoResolveBattle: func(c *campaign.Campaign, battle int, level ai.Level, d *dice.Dice, seed uint64) (*campaign.Campaign, []referee.Event, []campaign.Event, error) {
			return withLog(c)(campaign.AutoResolveBattleAt(c, battle, level, d, seed))
		},
		AutoResolveQuickStart: campaign.AutoResolveQuickStart,
		AIOrders:              campaign.AIOrders,
		AIBattleDrops:         campaign.AIBattleDrops,
		End:                   endNow,
	}
}

// withDefaults returns r with its nil fields (all of them when r is nil)
// taken from DefaultRules.
func (r *Rules) withDefaults() *Rules {
	d := DefaultRules()
	if r == nil {
		return d
	}
	n := *r
	// Every field is a function: a new one is filled too.
	nv, dv := reflect.ValueOf(&n).Elem(), reflect.ValueOf(d).Elem()
	for i := range nv.NumField() {
		if nv.Field(i).IsNil() {
			nv.Field(i).Set(dv.Field(i))
		}
	}
	return &n
}

// withLog adds to a battle step's referee events the campaign events it
// logged (a battle that ends folds its results into the campaign).
func withLog(before *campaign.Campaign) func(*campaign.Campaign, []referee.Event, error) (*campaign.Campaign, []referee.Event, []campaign.Event, error) {
	return func(n *campaign.Campaign, evs []referee.Event, err error) (*campaign.Campaign, []referee.Event, []campaign.Event, error) {
		if err != nil {
			return nil, nil, nil, err
		}
		var logged []campaign.Event
		if n.Log.Len() > before.Log.Len() {
			logged = n.Log.Since(before.Log.Len())
		}
		return n, evs, logged, nil
	}
}

// endNow ends the campaign where it stands: the side with more victory
// points wins, equal points draw.
func endNow(c *campaign.Campaign, by string) (*campaign.Campaign, []campaign.Event, error) {
	if c.Phase == campaign.PhaseOver {
		return nil, nil, userf("campaign %d is already over", c.ID)
	}
	n := c.Clone()
	n.Phase = campaign.PhaseOver
	n.Winner = ""
	best, tie := -1<<31, false
	for _, s := range n.Sides {
		switch {
		case s.VP > best:
			best, tie, n.Winner = s.VP, false, s.ID
		case s.VP == best:
			tie = true
		}
	}
	text := by + " ends the campaign: a draw"
	if tie {
		n.Winner = ""
	} else if w := n.Side(n.Winner); w != nil {
		text = fmt.Sprintf("%s ends the campaign: %s wins with %d VP", by, w.Name, w.VP)
	}
	ev := campaign.Event{Turn: n.Turn, Step: "end", Type: "end", Text: text}
	n.Log.Append(ev)
	return n, []campaign.Event{ev}, nil
}
