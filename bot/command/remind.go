package command

import (
	"context"
	"fmt"

	"bfbot/internal/english"
)

// ReminderPrefs keeps each player's choice of deadline reminders
// (reminders to players not yet ready, opt-in per player). A player who
// never chose gets none. Every Store keeps them.
type ReminderPrefs interface {
	// SetRemind records whether user wants reminders in a campaign.
	SetRemind(ctx context.Context, campaign int64, user string, on bool) error
	// Reminded lists the users of a campaign who asked for reminders.
	Reminded(ctx context.Context, campaign int64) (map[string]bool, error)
}

// The values of /orders remind's state option.
const (
	remindOn  = "on"
	remindOff = "off"
)

var remindSpec = Spec{Name: "orders", Sub: "remind", Description: "a DM before each order deadline while your side's orders are not sealed: on or off (default off)", Who: Player,
	Options: []Option{{Name: "state", Description: "on: remind me; off: no reminders (none: say which I chose)", Choices: []string{remindOn, remindOff}}}}

func (g *Registry) ordersRemind(ctx context.Context, x *call) ([]Reply, error) {
	prefs := g.deps.Store
	switch x.str("state") {
	case "":
		on, err := prefs.Reminded(ctx, x.c.ID)
		if err != nil {
			return nil, err
		}
		if on[x.User.ID] {
			return []Reply{x.private("Reminders are on: you get a DM before each order deadline while your side's orders are not sealed. /orders remind state:off stops them.")}, nil
		}
		return []Reply{x.private("Reminders are off. /orders remind state:on sends you a DM before each order deadline while your side's orders are not sealed.")}, nil
	case remindOn:
		if err := prefs.SetRemind(ctx, x.c.ID, x.User.ID, true); err != nil {
			return nil, err
		}
		return []Reply{x.private(fmt.Sprintf("Reminders on: a DM before each order deadline of campaign %d while %s orders are not sealed.", x.c.ID, english.Possessive(x.side.Name)))}, nil
	default:
		if err := prefs.SetRemind(ctx, x.c.ID, x.User.ID, false); err != nil {
			return nil, err
		}
		return []Reply{x.private(fmt.Sprintf("Reminders off for campaign %d.", x.c.ID))}, nil
	}
}
