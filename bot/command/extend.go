package command

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"bfbot/campaign"
)

// Bounds of one extension: less than a minute is a typo, more than four
// weeks is a pause (/campaign pause).
const (
	minExtension = time.Minute
	maxExtension = 28 * 24 * time.Hour
)

var extendSpec = Spec{Name: "campaign", Sub: "extend", Description: "push the next order deadline back, e.g. by:24h or by:2d", Who: Referee, Options: []Option{
	{Name: "by", Description: `how long: a number with d, h or m, e.g. "2d", "12h", "1h30m"`, Required: true}}}

func (g *Registry) campaignExtend(ctx context.Context, x *call) ([]Reply, error) {
	d, err := parseExtension(x.str("by"))
	if err != nil {
		return nil, err
	}
	if x.c.Phase == campaign.PhaseOver {
		return nil, userf("campaign %d is over: it has no deadlines to extend", x.c.ID)
	}
	if g.deps.Scheduler == nil {
		return nil, errNoScheduler
	}
	until, err := g.deps.Scheduler.ExtendOrderDeadline(ctx, x.c.ID, d)
	if err != nil {
		return nil, err
	}
	return []Reply{x.public(fmt.Sprintf("The referee extended the order deadline by %s: orders are now due %s.", extensionText(d), deadlineText(until)))}, nil
}

// parseExtension reads by:. Go's durations (h, m, s) lack days, which a
// referee counts in, so a whole number of days ("2d", "1d12h") comes
// first.
func parseExtension(v string) (time.Duration, error) {
	bad := userf(`by:%s: say how long, e.g. "2d", "12h" or "1h30m"`, v)
	s := strings.ToLower(strings.TrimSpace(v))
	var d time.Duration
	if i := strings.IndexByte(s, 'd'); i >= 0 {
		days, err := strconv.Atoi(s[:i])
		if err != nil || days < 0 || days > 28 {
			return 0, bad
		}
		d = time.Duration(days) * 24 * time.Hour
		s = s[i+1:]
	}
	if s != "" {
		rest, err := time.ParseDuration(s)
		if err != nil {
			return 0, bad
		}
		d += rest
	}
	if d < minExtension || d > maxExtension {
		return 0, userf("by:%s: extend by at least a minute and at most %d days (pause the deadlines with /campaign pause for longer)", v, int(maxExtension/(24*time.Hour)))
	}
	return d, nil
}

// extensionText writes a duration the way by: reads it ("1d12h",
// "1h30m").
func extensionText(d time.Duration) string {
	var b strings.Builder
	for _, u := range []struct {
		unit time.Duration
		name string
	}{{24 * time.Hour, "d"}, {time.Hour, "h"}, {time.Minute, "m"}, {time.Second, "s"}} {
		if n := d / u.unit; n > 0 {
			fmt.Fprintf(&b, "%d%s", n, u.name)
			d -= n * u.unit
		}
	}
	return b.String()
}
