package campaign

import "fmt"

// NotifyPrefs is how one player wants to hear from the bot (/campaign
// notify), kept with the campaign. The zero value is the default: a
// digest each turn, pings, no quiet hours.
type NotifyPrefs struct {
	// NoDigest: no turn digest; the player reads his side's news with
	// /bg list and the maps, and is told only what to do next.
	NoDigest bool `json:"no_digest,omitempty"`
	// NoPings: the bot never pings the player (reminders come without).
	NoPings bool `json:"no_pings,omitempty"`
	// QuietFrom and QuietTo are the player's quiet hours, whole hours of
	// the campaign's time zone, from QuietFrom up to QuietTo (across
	// midnight when QuietFrom is later); equal: none. Messages then come
	// without a notification.
	QuietFrom int `json:"quiet_from,omitempty"`
	QuietTo   int `json:"quiet_to,omitempty"`
}

// Quiet reports whether hour (0–23, the campaign's time zone) is within
// the quiet hours.
func (p NotifyPrefs) Quiet(hour int) bool {
	switch {
	case p.QuietFrom == p.QuietTo:
		return false
	case p.QuietFrom < p.QuietTo:
		return hour >= p.QuietFrom && hour < p.QuietTo
	}
	return hour >= p.QuietFrom || hour < p.QuietTo
}

// NotifyOf is user's preferences (the defaults when he set none).
func (c *Campaign) NotifyOf(user string) NotifyPrefs { return c.Notify[user] }

// SetNotify stores a member's notification preferences. Nobody else
// learns them: the answer is the caller's alone.
func SetNotify(c *Campaign, user string, p NotifyPrefs) (*Campaign, error) {
	if !c.IsMember(user) && user != c.Referee {
		return nil, errorf("only the campaign's players and referee keep notification preferences in it")
	}
	if p.QuietFrom < 0 || p.QuietFrom > 23 || p.QuietTo < 0 || p.QuietTo > 23 {
		return nil, errorf("quiet hours %d–%d: hours are 0 to 23", p.QuietFrom, p.QuietTo)
	}
	n := c.Clone()
	if n.Notify == nil {
		n.Notify = map[string]NotifyPrefs{}
	}
	if p == (NotifyPrefs{}) {
		delete(n.Notify, user)
	} else {
		n.Notify[user] = p
	}
	return n, nil
}

// String says the preferences in words.
func (p NotifyPrefs) String() string {
	digest, pings, quiet := "a digest each turn", "pings on", "no quiet hours"
	if p.NoDigest {
		digest = "no digest (only what to do next)"
	}
	if p.NoPings {
		pings = "no pings"
	}
	if p.QuietFrom != p.QuietTo {
		quiet = fmt.Sprintf("quiet from %02d:00 to %02d:00 (the campaign's time zone)", p.QuietFrom, p.QuietTo)
	}
	return digest + ", " + pings + ", " + quiet
}
