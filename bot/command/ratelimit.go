package command

import (
	"fmt"
	"math"
	"sync"
	"time"
)

// RateClass groups the expensive commands that share one per-user token
// bucket (RELIABILITY.md): drawing a PNG, letting the AI fight a battle, running
// a campaign turn, exporting a campaign. Cheap commands are not limited.
type RateClass uint8

// The rate classes.
const (
	// Cheap commands are never limited.
	Cheap RateClass = iota
	// Render: a command that draws a map (/map …, /battle view).
	Render
	// AutoResolve: the AI fights a whole battle (/battle auto).
	AutoResolve
	// Advance: a campaign turn or upkeep (/campaign advance).
	Advance
	// Export: the whole campaign as JSON (/campaign export).
	Export
	// Create: a new campaign (/campaign create, /scenario start). Besides
	// each user's bucket, a server has one bucket of its own
	// (RateLimits.GuildCreate) that all its users share, so many
	// accounts cannot fill the store together either.
	Create
)

var rateClassNames = map[RateClass]string{Render: "renders a map", AutoResolve: "lets the AI fight a battle", Advance: "runs a campaign turn", Export: "exports a campaign", Create: "creates a campaign"}

// Rate is one token bucket: a token comes back every Every, and at most
// Burst tokens are kept, so a user may run Burst commands of the class at
// once and then one per Every.
type Rate struct {
	Every time.Duration
	Burst int
}

// RateLimits configures the per-user limits. A zero Rate takes the
// class's default (DefaultRateLimits); Off turns every limit off (the
// demo and the console, where one person at a keyboard drives a fixed or
// fast clock).
type RateLimits struct {
	Render, AutoResolve, Advance, Export, Create Rate
	// GuildCreate is the bucket of Create a whole server shares.
	GuildCreate Rate
	Off         bool
}

// DefaultRateLimits are the limits a zero RateLimits takes: a few maps in
// a row, then one every 3 s; an auto-resolved battle every 30 s; a
// campaign turn every 10 s (two in a row, for an advance right after the
// upkeep); two exports, then one a minute; two new campaigns, then one a
// minute, and five on a server, then one a minute there.
func DefaultRateLimits() RateLimits {
	return RateLimits{
		Render:      Rate{Every: 3 * time.Second, Burst: 3},
		AutoResolve: Rate{Every: 30 * time.Second, Burst: 1},
		Advance:     Rate{Every: 10 * time.Second, Burst: 2},
		Export:      Rate{Every: time.Minute, Burst: 2},
		Create:      Rate{Every: time.Minute, Burst: 2},
		GuildCreate: Rate{Every: time.Minute, Burst: 5},
	}
}

// guildClass is the rate class of a server's own bucket of Create: it is
// never a command's class, only rate's key for RateLimits.GuildCreate.
const guildClass RateClass = 255

// rate returns the bucket of a class, with the default for a zero Rate
// (and a burst of at least 1).
func (l RateLimits) rate(c RateClass) (Rate, bool) {
	if l.Off || c == Cheap {
		return Rate{}, false
	}
	def := DefaultRateLimits()
	var r, d Rate
	switch c {
	case Render:
		r, d = l.Render, def.Render
	case AutoResolve:
		r, d = l.AutoResolve, def.AutoResolve
	case Advance:
		r, d = l.Advance, def.Advance
	case Export:
		r, d = l.Export, def.Export
	case Create:
		r, d = l.Create, def.Create
	case guildClass:
		r, d = l.GuildCreate, def.GuildCreate
	default:
		return Rate{}, false
	}
	if r.Every <= 0 {
		r.Every = d.Every
	}
	if r.Burst <= 0 {
		r.Burst = d.Burst
	}
	return r, true
}

// pruneEvery is how many takes pass between sweeps of full buckets, so
// the table stays as small as the set of users who spent a token lately.
const pruneEvery = 1024

// limiter holds one bucket per user and class. It keeps each bucket as
// the time it will be full again ("theoretical arrival time", GCRA),
// which is a token bucket without floating-point tokens: a take at now is
// allowed while full-now ≤ (Burst−1)·Every, and pushes full on by Every.
// Times come from Request.Now, never the wall clock, so tests give them.
type limiter struct {
	limits RateLimits
	mu     sync.Mutex
	full   map[rateKey]time.Time
	takes  int
}

// rateKey is a bucket: a user's, or with guild set a server's.
type rateKey struct {
	user, guild string
	class       RateClass
}

func newLimiter(l RateLimits) *limiter {
	return &limiter{limits: l, full: map[rateKey]time.Time{}}
}

// take spends one of user's tokens of class at now. When none is left it
// returns how long until one is.
func (l *limiter) take(user string, class RateClass, now time.Time) (wait time.Duration, ok bool) {
	wait, refused := l.takeAll(now, rateKey{user: user, class: class})
	return wait, refused < 0
}

// takeAll spends one token of every bucket in keys at now, or, when one
// of them is empty, of none (a refusal by one bucket costs the others
// nothing): it then returns the index of the first empty bucket and how
// long until it has a token. refused is -1 when the tokens were spent.
func (l *limiter) takeAll(now time.Time, keys ...rateKey) (wait time.Duration, refused int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.takes++
	if l.takes%pruneEvery == 0 {
		for k, t := range l.full {
			if !t.After(now) {
				delete(l.full, k)
			}
		}
	}
	next := make([]time.Time, len(keys))
	for i, k := range keys {
		r, limited := l.limits.rate(k.class)
		if !limited {
			continue
		}
		full := l.full[k]
		if full.Before(now) {
			full = now
		}
		tolerance := time.Duration(r.Burst-1) * r.Every
		if over := full.Sub(now) - tolerance; over > 0 {
			return over, i
		}
		next[i] = full.Add(r.Every)
	}
	for i, k := range keys {
		if !next[i].IsZero() {
			l.full[k] = next[i]
		}
	}
	return 0, -1
}

// allow is the rate check the registry runs after the permission check
// (see run): a refusal names the command and says when to try again. A
// creation in a server draws on the user's bucket and the server's.
func (l *limiter) allow(e *entry, x *call) error {
	keys := []rateKey{{user: x.User.ID, class: e.spec.Rate}}
	if e.spec.Rate == Create && x.Guild != "" {
		keys = append(keys, rateKey{guild: x.Guild, class: guildClass})
	}
	switch wait, refused := l.takeAll(x.Now, keys...); refused {
	case -1:
		return nil
	case 0:
		return userf("Slow down: %s %s, which takes a while. Try again in %s.", commandName(e.spec), rateClassNames[e.spec.Rate], secondsText(wait))
	default:
		return userf("Slow down: campaigns are being created quickly on this server, and %s %s. Try again in %s.", commandName(e.spec), rateClassNames[e.spec.Rate], secondsText(wait))
	}
}

// secondsText is a wait rounded up to whole seconds: "1 second", "12 seconds".
func secondsText(wait time.Duration) string {
	secs := int(math.Ceil(wait.Seconds()))
	if secs == 1 {
		return "1 second"
	}
	return fmt.Sprintf("%d seconds", secs)
}

// rateText describes a class's limit for the command reference.
func (l RateLimits) rateText(c RateClass) string {
	r, ok := l.rate(c)
	if !ok {
		return ""
	}
	text := fmt.Sprintf("%d in a row, then one every %s per user", r.Burst, extensionText(r.Every))
	if r.Burst == 1 {
		text = fmt.Sprintf("one every %s per user", extensionText(r.Every))
	}
	if c == Create {
		g, _ := l.rate(guildClass)
		text += fmt.Sprintf("; %d in a row, then one every %s per server", g.Burst, extensionText(g.Every))
	}
	return text
}
