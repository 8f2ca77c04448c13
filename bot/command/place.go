package command

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"bfbot/campaign"
	"bfbot/internal/english"
)

// A campaign's place is the server and channel it was created in
// (Campaign.Guild, Campaign.Channel). The rules here are the same for
// Discord and the console, so the console shows them offline:
//
//   - a channel (or a thread under it) holds at most one running
//     campaign: /campaign create and /scenario start there are refused,
//     naming the campaign that holds it (placeFree);
//   - a command from another server never reaches a campaign, whether it
//     names it with campaign:ID, by its channel or by the default: it is
//     answered as for a campaign that does not exist (reaches);
//   - a direct message reaches a campaign only for its members (Campaign.IsMember);
//   - a command typed in a campaign's channel, or in a thread under it (a
//     battle thread), is about that campaign (campaignHere).
//
// A campaign with no place (made before places were recorded, or outside
// any server) is reached from anywhere, as before.

// summaryMember is Campaign.IsMember (a player, the referee, or one whose
// join waits) on a List summary (the default campaign of a
// direct message is picked among the caller's own).
func summaryMember(s Summary, user string) bool {
	_, plays := s.Players[user]
	return user != "" && (plays || s.Referee == user || slices.Contains(s.Pending, user))
}

// reaches says whether request r may reach campaign c at all.
func reaches(c *campaign.Campaign, r *Request) bool {
	if r.DM {
		return c.IsMember(r.User.ID)
	}
	return c.Guild == "" || c.Guild == r.Guild
}

// summaryReaches is reaches on a List summary.
func summaryReaches(s Summary, r *Request) bool {
	if r.DM {
		return summaryMember(s, r.User.ID)
	}
	return s.Guild == "" || s.Guild == r.Guild
}

// indexReaches is reaches for campaign id read from the store's index
// alone, for a campaign the store cannot read: it is among the campaigns
// of the channel r comes from, or among the running ones of its server or
// of the caller, and r may reach it. Only a campaign the caller could
// have reached without naming it counts: one over, of another channel,
// reads as one that does not exist.
func (g *Registry) indexReaches(ctx context.Context, r *Request, id int64) (bool, error) {
	list, err := g.here(ctx, r)
	if err != nil {
		return false, err
	}
	found := func(l []Summary) bool {
		return slices.ContainsFunc(l, func(s Summary) bool { return s.ID == id && summaryReaches(s, r) })
	}
	if found(list) {
		return true, nil
	}
	type lookup struct {
		ix  Index
		key string
	}
	lookups := []lookup{{RunningOf, r.User.ID}}
	if !r.DM {
		// The server's own, and those made outside any server.
		lookups = append(lookups, lookup{RunningInGuild, r.Guild}, lookup{RunningInGuild, ""})
	}
	for _, k := range lookups {
		l, err := g.reachable(ctx, r, k.ix, k.key)
		if err != nil || found(l) {
			return err == nil, err
		}
	}
	return false, nil
}

// errNoCampaign answers a campaign that does not exist, and one the
// request may not reach, in the same words: nothing tells them apart.
func errNoCampaign(id int64, r *Request) error {
	if r.DM {
		return fmt.Errorf("%s campaign %d: %w of yours (in direct messages the bot answers only a campaign's players and referee; use its server channel)", refusedWhere, id, ErrNotFound)
	}
	return fmt.Errorf("%s campaign %d: %w in this server", refusedWhere, id, ErrNotFound)
}

// inPlace says how summary s lives where r comes from: 2 in its very
// channel, 1 in the channel of the thread r comes from, 0 elsewhere.
func inPlace(s Summary, r *Request) int {
	switch {
	case r.DM || s.Channel == "" || (s.Guild != "" && s.Guild != r.Guild):
		return 0
	case s.Channel == r.Channel:
		return 2
	case r.Parent != "" && s.Channel == r.Parent:
		return 1
	}
	return 0
}

// here summarizes the campaigns made in the channel r comes from and in
// the channel of the thread it comes from (none in a direct message),
// through the store's index: never every campaign.
func (g *Registry) here(ctx context.Context, r *Request) ([]Summary, error) {
	if r.DM {
		return nil, nil
	}
	var list []Summary
	for _, ch := range []string{r.Channel, r.Parent} {
		if ch == "" || (ch == r.Parent && r.Parent == r.Channel) {
			continue
		}
		l, err := g.deps.Store.Find(ctx, ByChannel, ch)
		if err != nil {
			return nil, err
		}
		list = append(list, l...)
	}
	return list, nil
}

// campaignHere returns the campaign of the channel r comes from (0 when
// none) among list (here): the one running there, else the newest that
// ran there. A
// campaign in the very channel comes before one of the thread's parent
// (a campaign created in a thread is that thread's). Two running in one
// place (a database from before this rule) must be named.
func campaignHere(list []Summary, r *Request) (int64, error) {
	for _, level := range []int{2, 1} {
		var running []Summary
		var newest int64
		for _, s := range list {
			if inPlace(s, r) != level {
				continue
			}
			if s.Phase != campaign.PhaseOver {
				running = append(running, s)
			}
			newest = max(newest, s.ID)
		}
		switch {
		case len(running) == 1:
			return running[0].ID, nil
		case len(running) > 1:
			return 0, userf("campaigns %s are running in this channel: say which with campaign:ID", summaryIDs(running))
		case newest > 0:
			return newest, nil
		}
	}
	return 0, nil
}

// summaryIDs lists the IDs of list in numeric order.
func summaryIDs(list []Summary) string {
	list = slices.Clone(list)
	slices.SortFunc(list, func(a, b Summary) int { return cmp.Compare(a.ID, b.ID) })
	ids := make([]string, len(list))
	for i, s := range list {
		ids[i] = strconv.FormatInt(s.ID, 10)
	}
	return strings.Join(ids, ", ")
}

// placeFree refuses a new campaign in a channel (or a thread under a
// channel) where one is running: its players' commands would land in the
// newcomer. The refusal names the campaign that holds the place. It
// also refuses one past the server's cap of running campaigns
// (Deps.MaxCampaignsPerServer), so no server grows the store without end.
func (g *Registry) placeFree(ctx context.Context, r *Request) error {
	list, err := g.here(ctx, r)
	if err != nil {
		return err
	}
	for _, s := range list {
		if s.Phase != campaign.PhaseOver && inPlace(s, r) > 0 {
			return userf("%s campaign #%d “%s” is running in this channel; start yours in another channel, or its referee ends it first with /campaign end", refusedWhere, s.ID, s.Name)
		}
	}
	capN := g.deps.MaxCampaignsPerServer
	if capN == 0 {
		capN = DefaultMaxCampaignsPerServer
	}
	if r.Guild == "" || capN < 0 {
		return nil
	}
	running, err := g.deps.Store.Count(ctx, RunningInGuild, r.Guild)
	if err != nil {
		return err
	}
	if running >= capN {
		return userf("This server already runs %s, as many as the bot allows a server (max_campaigns_per_server): its referee, or a member with Manage Server (ruling SEAT5), ends one with /campaign end before another starts, or the bot's operator raises the limit.", english.Count(running, "campaign"))
	}
	return nil
}

// creating serialises the place check and the creation of a campaign,
// so two creations in one channel cannot both pass the check. It holds
// within one process; bots sharing a store (the scale-out path) would
// need the check inside the store's transaction.
var creating sync.Mutex

// createHere stores a new campaign in the place r comes from, unless a
// running campaign holds it.
func (g *Registry) createHere(ctx context.Context, r *Request, c *campaign.Campaign) (int64, error) {
	creating.Lock()
	defer creating.Unlock()
	if err := g.placeFree(ctx, r); err != nil {
		return 0, err
	}
	c.Guild, c.Channel = r.Guild, r.Channel
	return g.deps.Store.Create(ctx, c)
}
