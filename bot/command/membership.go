package command

import (
	"context"
	"fmt"

	"bfbot/campaign"
	"bfbot/internal/english"
	"bfbot/referee/dice"
)

// Seats: join, approve, deny, leave, replace and kick (campaign's
// membership.go has the rules, rulings SEAT1–SEAT3). Every change of seat is
// told in the campaign's channel; a join that waits for the referee is
// told to the joiner alone and to the referee with Approve/Deny buttons.

var (
	userOption       = Option{Name: "user", Description: "the person", Type: UserID, Required: true}
	substituteOption = Option{Name: "substitute", Description: "who takes the seat", Type: UserID, Required: true}
	playerOption     = Option{Name: "player", Description: "whose seat (default: yours)", Type: UserID}
)

func (g *Registry) membershipCommands() []*entry {
	return []*entry{
		{spec: Spec{Name: "campaign", Sub: "join", Description: "ask for a seat on a side (after the start the referee approves)", Who: Anyone, Options: []Option{
			{Name: "side", Description: "the side (regiment) you command", Required: true}}},
			scope: campaignScope, run: g.campaignJoin},
		{spec: Spec{Name: "campaign", Sub: "approve", Description: "give a waiting player the seat he asked for", Who: Referee, Options: []Option{userOption}},
			scope: campaignScope, run: g.campaignApprove},
		{spec: Spec{Name: "campaign", Sub: "deny", Description: "refuse a waiting player's request to join", Who: Referee, Options: []Option{userOption}},
			scope: campaignScope, run: g.campaignDeny},
		{spec: Spec{Name: "campaign", Sub: "leave", Description: "give up your seat, or withdraw your request to join", Who: Anyone},
			scope: campaignScope, run: g.campaignLeave},
		{spec: Spec{Name: "campaign", Sub: "replace", Description: "hand a seat to a substitute (yours, or any as referee)", Who: Player, Options: []Option{substituteOption, playerOption}},
			scope: campaignScope, refereeActs: true, run: g.campaignReplace},
		{spec: Spec{Name: "campaign", Sub: "kick", Description: "remove a player from his side", Who: Referee, Options: []Option{userOption}},
			scope: campaignScope, run: g.campaignKick},
	}
}

// seatChange runs a membership change in one transaction; the replies are
// the campaign's events (the public notice of the change).
func (x *call) seatChange(ctx context.Context, fn func(c *campaign.Campaign) (*campaign.Campaign, error)) ([]Reply, error) {
	evs, err := x.update(ctx, func(c *campaign.Campaign, _ *dice.Dice) (*campaign.Campaign, []campaign.Event, error) {
		n, err := fn(c)
		if err != nil {
			return nil, nil, err
		}
		return n, n.Log.Since(c.Log.Len()), nil
	})
	if err != nil {
		return nil, err
	}
	return EventReplies(x.c, evs), nil
}

// named returns c knowing the display name of the user a UserID option
// names (Request.Resolved), so the notice names him.
func (x *call) named(c *campaign.Campaign, option string) *campaign.Campaign {
	id := x.str(option)
	return campaign.WithName(c, id, x.Resolved[id])
}

func (g *Registry) campaignJoin(ctx context.Context, x *call) ([]Reply, error) {
	side := x.str("side")
	known := refereeMayKnow(x.c, side) // as the campaign was before the request
	var seated bool
	out, err := x.seatChange(ctx, func(c *campaign.Campaign) (*campaign.Campaign, error) {
		n, ok, err := campaign.RequestJoin(campaign.WithName(c, x.User.ID, x.User.Name), side, x.User.ID)
		seated = ok
		return n, err
	})
	if err != nil {
		return nil, err
	}
	s := x.c.Side(side)
	if !seated {
		return []Reply{
			x.private(fmt.Sprintf("You asked to join %s in campaign %d “%s”. The referee decides; until then you see nothing of the side. /campaign leave withdraws the request.%s", s.Name, x.c.ID, x.c.Name, known)),
			{To: DM, User: x.c.Referee, Campaign: x.c.ID,
				Text: fmt.Sprintf("%s asks to join %s in campaign %d “%s”. Approve or deny (or /campaign approve|deny user:…).", x.c.NameOf(x.User.ID), s.Name, x.c.ID, x.c.Name),
				Buttons: append(button("Approve", false, ButtonID{Action: ButtonApprove, Campaign: x.c.ID, Args: []string{x.User.ID, s.ID}}),
					button("Deny", true, ButtonID{Action: ButtonDeny, Campaign: x.c.ID, Args: []string{x.User.ID, s.ID}})...)},
		}, nil
	}
	if x.c.Scenario != nil {
		return append(out, x.private(fmt.Sprintf("You command %s in the scenario %s (campaign %d). /battle view shows your side's map; /battle status whose phase it is.%s", s.Name, x.c.Scenario.Name, x.c.ID, known))), nil
	}
	return append(out, x.private(fmt.Sprintf("You command %s in campaign %d. Your worksheet: /bg list. Your map: /map strategic. Orders are given with /orders … once the referee starts the campaign.%s", s.Name, x.c.ID, known))), nil
}

// refereeMayKnow is the note for a user who asks for a seat on side in
// c: that the referee plays another side and, with no other player
// seated until now, could read every side's secrets (ruling SEAT3), so
// he may know what side has done so far (a scenario's side the AI
// played, a campaign side nobody held since the start). "" when the
// referee is neutral, plays that same side, or nothing was played yet.
func refereeMayKnow(c *campaign.Campaign, side string) string {
	ref := c.Referee
	if ref == "" || !c.Settings.RefereePlays || c.RefereeConflicted() || c.Phase == campaign.PhaseSetup && c.Scenario == nil {
		return ""
	}
	own := c.SideOf(ref)
	if own == nil {
		own = c.Side(c.Held[ref])
	}
	if own == nil || own.ID == side {
		return ""
	}
	return fmt.Sprintf(" Note: the referee plays %s and, with no other player seated until now, could read every side's secrets (ruling SEAT3): he may know what %s has done so far.", own.Name, c.SideName(side))
}

func (g *Registry) campaignApprove(ctx context.Context, x *call) ([]Reply, error) {
	user := x.str("user")
	var req campaign.JoinRequest
	out, err := x.seatChange(ctx, func(c *campaign.Campaign) (n *campaign.Campaign, err error) {
		if err := x.joinStillAsked(c, user); err != nil {
			return nil, err
		}
		n, req, err = campaign.Approve(x.named(c, "user"), user)
		return n, err
	})
	if err != nil {
		return nil, err
	}
	s := x.c.Side(req.Side)
	return append(out, Reply{To: DM, User: user, Campaign: x.c.ID,
		Text: fmt.Sprintf("The referee gave you a seat on %s in campaign %d “%s”. Your worksheet: /bg list. Your map: /map strategic.", s.Name, x.c.ID, x.c.Name)}), nil
}

func (g *Registry) campaignDeny(ctx context.Context, x *call) ([]Reply, error) {
	user := x.str("user")
	var req campaign.JoinRequest
	if _, err := x.seatChange(ctx, func(c *campaign.Campaign) (n *campaign.Campaign, err error) {
		if err := x.joinStillAsked(c, user); err != nil {
			return nil, err
		}
		n, req, err = campaign.Deny(c, user)
		return n, err
	}); err != nil {
		return nil, err
	}
	s := x.c.Side(req.Side)
	return []Reply{
		x.private(fmt.Sprintf("You denied %s request to join %s.", english.Possessive(x.c.NameOf(user)), s.Name)),
		{To: DM, User: user, Campaign: x.c.ID, Text: fmt.Sprintf("The referee of campaign %d “%s” did not give you a seat on %s.", x.c.ID, x.c.Name, s.Name)},
	}, nil
}

func (g *Registry) campaignLeave(ctx context.Context, x *call) ([]Reply, error) {
	pending := x.c.PendingOf(x.User.ID) != nil
	var side string
	out, err := x.seatChange(ctx, func(c *campaign.Campaign) (n *campaign.Campaign, err error) {
		n, side, err = campaign.Leave(c, x.User.ID)
		return n, err
	})
	if err != nil {
		return nil, err
	}
	x.side = nil
	if pending {
		return []Reply{x.private(fmt.Sprintf("You withdrew your request to join %s.", x.c.Side(side).Name))}, nil
	}
	return append(out, x.private(fmt.Sprintf("You left %s. /campaign join asks for a seat again.", x.c.Side(side).Name))), nil
}

// campaignReplace hands a seat on: a player hands his own, the referee
// anyone's.
func (g *Registry) campaignReplace(ctx context.Context, x *call) ([]Reply, error) {
	old := x.str("player")
	if old == "" {
		old = x.User.ID
	}
	if old != x.User.ID && !x.referee {
		return nil, userf("%s only the referee hands another player's seat on; you may hand on your own (leave out player:)", refusedWho)
	}
	sub := x.str("substitute")
	out, err := x.seatChange(ctx, func(c *campaign.Campaign) (*campaign.Campaign, error) {
		return campaign.Replace(x.named(c, "substitute"), old, sub, x.referee)
	})
	if err != nil {
		return nil, err
	}
	s := x.c.SideOf(sub)
	return append(out, Reply{To: DM, User: sub, Campaign: x.c.ID,
		Text: fmt.Sprintf("You now hold a seat on %s in campaign %d “%s”. Your worksheet: /bg list. Your map: /map strategic.", s.Name, x.c.ID, x.c.Name)}), nil
}

func (g *Registry) campaignKick(ctx context.Context, x *call) ([]Reply, error) {
	user := x.str("user")
	out, err := x.seatChange(ctx, func(c *campaign.Campaign) (*campaign.Campaign, error) {
		return campaign.Kick(c, user)
	})
	if err != nil {
		return nil, err
	}
	return append(out, Reply{To: DM, User: user, Campaign: x.c.ID,
		Text: fmt.Sprintf("The referee removed you from your side in campaign %d “%s”.", x.c.ID, x.c.Name)}), nil
}
