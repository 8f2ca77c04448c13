package campaign

import (
	"fmt"
	"slices"

	"bfbot/internal/english"
	"bfbot/internal/usertext"
)

// Membership: who holds a seat on which side, who waits for one, and what
// the referee may see. A side's seats are given, not taken: after the
// campaign has started (or always, with Settings.JoinApproval) a join is
// a request the referee approves or denies, so a second account cannot
// sit down on the enemy's side and read its worksheet (ruling SEAT1). A
// player holds one seat in one campaign; a referee holds none unless the
// campaign was created with Settings.RefereePlays (ruling SEAT2).

// A user who held a seat on one side knows its secrets: seated on
// another he would read that side's and could tell them to the first,
// so a switch of sides waits for the referee's approval, whatever the
// phase. A referee who plays against nobody (not RefereeConflicted) may
// give it, or switch himself; one who plays may give it for a switch
// away from his own side only (ruling SEAT4).

// switching reports whether a seat on side would seat user on a side
// other than the one he last held.
func (c *Campaign) switching(user, side string) bool {
	held := c.Held[user]
	return held != "" && held != side
}

// switchApprovable reports whether the referee may approve user's switch
// to side: always when he plays against nobody; when he plays, only a
// switch away from the side he plays, whose secrets (his own) are the
// only ones the mover read, never one onto it, which would hand him the
// other side's (ruling SEAT4).
func (c *Campaign) switchApprovable(user, side string) bool {
	if c.Referee == "" || user == c.Referee {
		return false
	}
	if !c.RefereeConflicted() {
		return true
	}
	own := c.Held[c.Referee]
	return own != "" && c.Held[user] == own && side != own
}

// switchError refuses user a seat on side that would switch him from the
// side he held, unless ok (the referee's approval where switchApprovable
// allows it, or the referee himself while he plays against nobody), and
// says what he may do instead.
func (c *Campaign) switchError(user, side string, ok bool) error {
	if !c.switching(user, side) || ok {
		return nil
	}
	held := c.SideName(c.Held[user])
	again := fmt.Sprintf("/campaign join side:%s campaign:%d", c.Held[user], c.ID)
	switch {
	case user == c.Referee:
		return errorf("you played %s in campaign %d and another player holds, waits for or has held a seat: you may sit on %s again (%s), not on %s (ruling SEAT4)", held, c.ID, held, again, c.SideName(side))
	case c.switchApprovable(user, side):
		return errorf("%s played %s in campaign %d: a seat on %s needs the referee's approval (ruling SEAT4)", c.NameOf(user), held, c.ID, c.SideName(side))
	case c.Referee != "" && c.Settings.RefereePlays:
		return errorf("%s played %s in campaign %d, and this campaign's referee plays %s: no one can approve a change to %s, which would carry one side's secrets to the other (ruling SEAT4). %s may sit on %s again with %s", c.NameOf(user), held, c.ID, c.refereeSide(), c.SideName(side), c.NameOf(user), held, again)
	}
	return errorf("%s played %s in campaign %d: a seat on %s needs the approval of a referee who plays no side against other players (ruling SEAT4)", c.NameOf(user), held, c.ID, c.SideName(side))
}

// refereeSide names the side a referee who plays last held, for a
// refusal.
func (c *Campaign) refereeSide() string {
	if own := c.Held[c.Referee]; own != "" {
		return c.SideName(own)
	}
	return "a side when he likes"
}

// held records that user holds a seat on side (n is a copy being made).
func (n *Campaign) held(user, side string) {
	if n.Held == nil {
		n.Held = map[string]string{}
	}
	n.Held[user] = side
}

// JoinRequest is a join that waits for the referee's answer.
type JoinRequest struct {
	User string `json:"user"`
	Side string `json:"side"`
	// Turn is the campaign turn the request was made in (0: set-up).
	Turn int `json:"turn,omitempty"`
}

// NeedsApproval reports whether a join now waits for the referee.
func (c *Campaign) NeedsApproval() bool {
	return c.Referee != "" && (c.Phase != PhaseSetup || c.Settings.JoinApproval)
}

// PendingOf returns the user's waiting join request, or nil.
func (c *Campaign) PendingOf(user string) *JoinRequest {
	for i := range c.Pending {
		if c.Pending[i].User == user {
			return &c.Pending[i]
		}
	}
	return nil
}

// IsMember reports whether user takes part in the campaign: a player, the
// referee, or someone whose join waits for an answer.
func (c *Campaign) IsMember(user string) bool {
	return user != "" && (c.Referee == user || c.SideOf(user) != nil || c.PendingOf(user) != nil)
}

// RefereeConflicted reports whether the referee may be playing against
// another human: the campaign lets him hold a seat (Settings.RefereePlays)
// and another user holds one, waits for one or has held one (Held: a
// player kicked or gone leaves his side's secrets behind). He then loses every power
// that shows another side's secrets (export, undo, other sides' records,
// referee notes; ruling SEAT3) and the choice of how well the AI plays
// for an absent player (ai_level, missed_deadline; ruling AIL1). His seat
// of the moment does not count: he may leave it and take it again at
// once (his join waits for no one), so whatever he could do standing up
// he could do as a player; and a waiting request is an opponent about to
// sit, whom an approval seats after the fact.
func (c *Campaign) RefereeConflicted() bool {
	if c.Referee == "" || !c.Settings.RefereePlays {
		return false
	}
	for _, s := range c.Sides {
		for _, p := range s.Players {
			if p != c.Referee {
				return true
			}
		}
	}
	for _, r := range c.Pending {
		if r.User != c.Referee {
			return true
		}
	}
	for user := range c.Held {
		if user != c.Referee {
			return true
		}
	}
	return false
}

// NameOf is how messages name a user: the display name last seen, never
// the ID (an unknown user is "a player"), shown as usertext.Display
// shows it (a name stored before it was, or imported).
func (c *Campaign) NameOf(user string) string {
	if n := usertext.Display(c.Names[user]); n != "" {
		return n
	}
	return "a player"
}

// WithName returns c with user's display name set, or c itself when the
// name is already known (so a command that changes nothing else stores
// nothing).
func WithName(c *Campaign, user, name string) *Campaign {
	if user == "" || name == "" || c.Names[user] == name {
		return c
	}
	n := c.Clone()
	if n.Names == nil {
		n.Names = map[string]string{}
	}
	n.Names[user] = name
	return n
}

// checkSeat refuses a seat on side for user: a second seat, the AI's side
// of a scenario, the referee in a campaign he does not play, a full side.
func (c *Campaign) checkSeat(side, user string) error {
	if c.Phase == PhaseOver {
		return errorf("campaign %d is over", c.ID)
	}
	if s := c.SideOf(user); s != nil {
		if s.ID == side {
			return errorf("you already play %s", s.Name)
		}
		return errorf("you already play %s; a player commands one side only", s.Name)
	}
	s := c.Side(side)
	if s == nil {
		return errorf("no side %q in this campaign: use %s", side, c.sideIDs())
	}
	if c.Scenario != nil && c.Scenario.AI == side {
		return errorf("the AI plays %s in this scenario for good (it was started with ai:true); join the other side or start a new one", side)
	}
	if user == c.Referee && !c.Settings.RefereePlays {
		return errorf("you referee campaign %d: a referee plays no side unless the campaign is created with referee_plays:true (ruling SEAT2)", c.ID)
	}
	if limit := c.Settings.SeatLimit; limit > 0 && len(s.Players) >= limit {
		return errorf("%s %d seats are taken (seat_limit %d): the referee can raise the limit with /campaign settings seat_limit:…, or a player can hand you his seat with /campaign replace", english.Possessive(s.Name), limit, limit)
	}
	return nil
}

// Join seats user on side at once (the set-up's open seats, an approved
// request, a scenario's starter). A user plays one side only.
func Join(c *Campaign, side, user string) (*Campaign, error) {
	if err := c.checkSeat(side, user); err != nil {
		return nil, err
	}
	n := c.Clone()
	n.Pending = slices.DeleteFunc(n.Pending, func(r JoinRequest) bool { return r.User == user })
	s := n.Side(side)
	s.Players = append(s.Players, user)
	n.held(user, side)
	n.emit(Event{Step: "setup", Type: "join", Side: side, Text: fmt.Sprintf("%s joins %s", n.NameOf(user), s.Name)})
	return n, nil
}

// RequestJoin seats user on side, or, when joins need the referee's
// approval (NeedsApproval), records the request; seated says which.
func RequestJoin(c *Campaign, side, user string) (n *Campaign, seated bool, err error) {
	switching := c.switching(user, side)
	if user == c.Referee {
		if err := c.switchError(user, side, !c.RefereeConflicted()); err != nil {
			return nil, false, err
		}
	} else if switching {
		if err := c.switchError(user, side, c.switchApprovable(user, side)); err != nil {
			return nil, false, err
		}
	}
	if (!c.NeedsApproval() && !switching) || user == c.Referee {
		n, err = Join(c, side, user)
		return n, err == nil, err
	}
	if r := c.PendingOf(user); r != nil {
		return nil, false, errorf("your request to join %s waits for the referee's answer; /campaign leave withdraws it", c.Side(r.Side).Name)
	}
	if err := c.checkSeat(side, user); err != nil {
		return nil, false, err
	}
	n = c.Clone()
	n.Pending = append(n.Pending, JoinRequest{User: user, Side: side, Turn: c.Turn})
	return n, false, nil
}

// Approve seats the user whose request waits, on the side he asked for.
func Approve(c *Campaign, user string) (*Campaign, JoinRequest, error) {
	req, err := c.request(user)
	if err != nil {
		return nil, req, err
	}
	if err := c.switchError(user, req.Side, c.switchApprovable(user, req.Side)); err != nil {
		return nil, req, err
	}
	n, err := Join(c, req.Side, user)
	return n, req, err
}

// Deny drops a waiting join request.
func Deny(c *Campaign, user string) (*Campaign, JoinRequest, error) {
	req, err := c.request(user)
	if err != nil {
		return nil, req, err
	}
	n := c.Clone()
	n.Pending = slices.DeleteFunc(n.Pending, func(p JoinRequest) bool { return p.User == user })
	return n, req, nil
}

// request is user's waiting join request, or the error that he has none.
func (c *Campaign) request(user string) (JoinRequest, error) {
	if r := c.PendingOf(user); r != nil {
		return *r, nil
	}
	return JoinRequest{}, errorf("%s has not asked to join campaign %d", c.NameOf(user), c.ID)
}

// Leave gives up user's seat (or withdraws his waiting request); side is
// the side he left or asked for.
func Leave(c *Campaign, user string) (n *Campaign, side string, err error) {
	if r := c.PendingOf(user); r != nil {
		n, req, err := Deny(c, user)
		return n, req.Side, err
	}
	if c.SideOf(user) == nil {
		return nil, "", errorf("you hold no seat in campaign %d and have not asked for one", c.ID)
	}
	return unseat(c, user, "%s leaves %s")
}

// Kick takes a player's seat away (the referee's power).
func Kick(c *Campaign, user string) (*Campaign, error) {
	n, _, err := unseat(c, user, "the referee removes %s from %s")
	return n, err
}

// unseat removes user from his side; notice names him and the side.
func unseat(c *Campaign, user, notice string) (*Campaign, string, error) {
	s := c.SideOf(user)
	if s == nil {
		return nil, "", errorf("%s plays no side in campaign %d", c.NameOf(user), c.ID)
	}
	n := c.Clone()
	ns := n.Side(s.ID)
	ns.Players = slices.DeleteFunc(ns.Players, func(p string) bool { return p == user })
	n.held(user, s.ID) // also for a seat taken before Held was kept
	if user != c.Referee {
		delete(n.Notify, user) // a player gone keeps nothing here
	}
	if len(ns.Players) == 0 && ns.Orders.Ready {
		// Nobody is left to stand by the sealed orders.
		ns.Orders.Ready = false
	}
	n.emit(Event{Step: "setup", Type: "leave", Side: s.ID, Text: fmt.Sprintf(notice, c.NameOf(user), s.Name)})
	return n, s.ID, nil
}

// Replace hands old's seat to substitute, who must hold none and may not
// be the referee of a campaign he does not play; one who held a seat on
// another side takes it only from a referee who plays against nobody
// (byReferee: the referee hands it on; ruling SEAT4).
func Replace(c *Campaign, old, substitute string, byReferee bool) (*Campaign, error) {
	s := c.SideOf(old)
	if s == nil {
		return nil, errorf("%s plays no side in campaign %d", c.NameOf(old), c.ID)
	}
	if old == substitute {
		return nil, errorf("%s already holds that seat", c.NameOf(old))
	}
	if o := c.SideOf(substitute); o != nil {
		return nil, errorf("%s already plays %s; a player commands one side only", c.NameOf(substitute), o.Name)
	}
	if substitute == c.Referee && !c.Settings.RefereePlays {
		return nil, errorf("the referee of campaign %d plays no side unless the campaign is created with referee_plays:true (ruling SEAT2)", c.ID)
	}
	if err := c.switchError(substitute, s.ID, byReferee && c.switchApprovable(substitute, s.ID)); err != nil {
		return nil, err
	}
	n := c.Clone()
	n.Pending = slices.DeleteFunc(n.Pending, func(r JoinRequest) bool { return r.User == substitute })
	ns := n.Side(s.ID)
	for i, p := range ns.Players {
		if p == old {
			ns.Players[i] = substitute
		}
	}
	n.held(substitute, s.ID)
	n.held(old, s.ID)
	if old != c.Referee {
		delete(n.Notify, old)
	}
	n.emit(Event{Step: "setup", Type: "replace", Side: s.ID, Text: fmt.Sprintf("%s hands the seat on %s to %s", c.NameOf(old), s.Name, n.NameOf(substitute))})
	return n, nil
}

// checkSeats is Check's part for membership: a user holds one seat at
// most, a waiting request names a side and a user with no seat.
func (c *Campaign) checkSeats() []error {
	var errs []error
	seat := map[string]string{}
	for _, s := range c.Sides {
		for _, p := range s.Players {
			if p == "" {
				errs = append(errs, fmt.Errorf("side %s: a player with no user ID", s.ID))
			}
			if other, ok := seat[p]; ok {
				errs = append(errs, fmt.Errorf("user %s holds seats on %s and %s", p, other, s.ID))
			}
			seat[p] = s.ID
		}
	}
	for user, side := range c.Held {
		if c.Side(side) == nil {
			errs = append(errs, fmt.Errorf("user %s held a seat on %q, no side of the campaign", user, side))
		}
	}
	asked := map[string]bool{}
	for _, r := range c.Pending {
		switch {
		case c.Side(r.Side) == nil:
			errs = append(errs, fmt.Errorf("join request of %s: no side %q", r.User, r.Side))
		case seat[r.User] != "":
			errs = append(errs, fmt.Errorf("join request of %s, who already plays %s", r.User, seat[r.User]))
		case asked[r.User]:
			errs = append(errs, fmt.Errorf("two join requests of %s", r.User))
		}
		asked[r.User] = true
	}
	return errs
}
