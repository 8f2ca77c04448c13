package command

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"bfbot/campaign"
	"bfbot/referee/dice"
)

// /campaign notify: each player says how he wants to hear from the bot —
// a digest each turn or not, pings or not, quiet hours — and Notify
// applies it to every message of the campaign before it goes out.

func (g *Registry) campaignNotifyEntry() *entry {
	return &entry{spec: Spec{Name: "campaign", Sub: "notify", Description: "how the bot tells you things: turn digests, pings, quiet hours (no options: show them)", Who: Player,
		Options: []Option{
			{Name: "digest", Description: "true: one digest of your side's news each turn; false: only what to do next", Type: Boolean},
			{Name: "pings", Description: "false: the bot never pings you", Type: Boolean},
			{Name: "quiet_hours", Description: `hours without notifications in the campaign's time zone, e.g. "22-07", or "none"`},
		}},
		scope: campaignScope, run: g.campaignNotify}
}

func (g *Registry) campaignNotify(ctx context.Context, x *call) ([]Reply, error) {
	p := x.c.NotifyOf(x.User.ID)
	changed := false
	if v := x.Option("digest"); v != "" {
		p.NoDigest, changed = !x.flag("digest"), true
	}
	if v := x.Option("pings"); v != "" {
		p.NoPings, changed = !x.flag("pings"), true
	}
	if v := x.str("quiet_hours"); v != "" {
		from, to, err := parseQuietHours(v)
		if err != nil {
			return nil, err
		}
		p.QuietFrom, p.QuietTo, changed = from, to, true
	}
	if changed {
		if _, err := x.update(ctx, func(c *campaign.Campaign, _ *dice.Dice) (*campaign.Campaign, []campaign.Event, error) {
			n, err := campaign.SetNotify(c, x.User.ID, p)
			return n, nil, err
		}); err != nil {
			return nil, err
		}
	}
	return []Reply{x.private(fmt.Sprintf("Your notifications in campaign %d: %s.", x.c.ID, x.c.NotifyOf(x.User.ID)))}, nil
}

// quietFormat is the quiet_hours option's form, for error messages.
const quietFormat = `give the first and the last hour, 0 to 23, e.g. quiet_hours:"22-07" (from 22:00 to 07:00), or quiet_hours:none`

// parseQuietHours reads "22-07" (the hours from 22:00 up to 07:00) or
// "none".
func parseQuietHours(s string) (int, int, error) {
	if strings.EqualFold(s, "none") {
		return 0, 0, nil
	}
	a, b, ok := strings.Cut(s, "-")
	from, err1 := strconv.Atoi(strings.TrimSpace(a))
	to, err2 := strconv.Atoi(strings.TrimSpace(b))
	switch {
	case !ok || err1 != nil || err2 != nil:
		return 0, 0, userf("quiet_hours:%s: %s", s, quietFormat)
	case from < 0 || from > 23 || to < 0 || to > 23:
		return 0, 0, userf("quiet_hours:%s: hours are 0 to 23: %s", s, quietFormat)
	case from == to:
		return 0, 0, userf("quiet_hours:%s: the hours are the same, which is no quiet at all: %s", s, quietFormat)
	}
	return from, to, nil
}

// Notify applies the members' preferences of campaign c to out, sent at
// now: nobody who turned pings off, or is in his quiet hours (the
// campaign's time zone), is pinged, and a direct message to a member in
// his quiet hours comes silently.
func Notify(c *campaign.Campaign, out []Reply, now time.Time) []Reply {
	if c == nil || len(c.Notify) == 0 {
		return out
	}
	loc, err := time.LoadLocation(c.Settings.TimeZone)
	if err != nil {
		loc = time.UTC
	}
	hour := now.In(loc).Hour()
	res := make([]Reply, len(out))
	for i, r := range out {
		if r.To == DM && c.NotifyOf(r.User).Quiet(hour) {
			r.Silent, r.Ping = true, nil
		}
		if len(r.Ping) > 0 {
			r.Ping = slices.DeleteFunc(slices.Clone(r.Ping), func(u string) bool {
				p := c.NotifyOf(u)
				return p.NoPings || p.Quiet(hour)
			})
		}
		res[i] = r
	}
	return res
}
