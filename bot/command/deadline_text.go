package command

import (
	"fmt"
	"time"

	"bfbot/campaign"
)

// deadlineText is a deadline as Discord shows it to each reader: the date
// and time in his own time zone, then how far off it is
// ("<t:1767300000:F> (<t:1767300000:R>)"). Discord renders both forms of
// its timestamp markup; no time zone is guessed for anyone.
func deadlineText(t time.Time) string {
	return fmt.Sprintf("<t:%d:F> (<t:%d:R>)", t.Unix(), t.Unix())
}

// nextOrderDeadline is a campaign's next order deadline while its orders
// are open; zero when there is none (no scheduler, no order_deadline,
// paused) or the orders are not open.
func (g *Registry) nextOrderDeadline(c *campaign.Campaign) time.Time {
	if c.Phase != campaign.PhaseOrders || g.deps.Scheduler == nil {
		return time.Time{}
	}
	due, _ := g.deps.Scheduler.NextOrderDeadline(c.ID)
	return due
}

// ordersDue is the sentence that gives an order deadline, or "" for none
// (zero).
func ordersDue(due time.Time) string {
	if due.IsZero() {
		return ""
	}
	return "Orders are due " + deadlineText(due) + "."
}
