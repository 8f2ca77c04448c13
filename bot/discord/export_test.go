package discord

import (
	"reflect"
	"time"
)

// WithInvalidSessionWait sets the pause before a new IDENTIFY after a
// non-resumable Invalid Session (Discord asks for 1 to 5 seconds; tests
// wait less).
func WithInvalidSessionWait(d time.Duration) Option {
	return func(b *Bot) { b.gw.invalidWait = func() time.Duration { return d } }
}

// RateBuckets is the number of rate-limit buckets the session's
// discordgo.RateLimiter holds. Its map is unexported; reflect reads its
// length under the limiter's own lock.
func (b *Bot) RateBuckets() int {
	rl := b.session.Ratelimiter
	rl.Lock()
	defer rl.Unlock()
	return reflect.ValueOf(rl).Elem().FieldByName("buckets").Len()
}

// SameStatusLock reports whether the status messages of two keys share a
// lock (statusLock).
func (b *Bot) SameStatusLock(ch1, key1, ch2, key2 string) bool {
	return b.statusLock(ch1, key1) == b.statusLock(ch2, key2)
}

// InteractionLife is how long after receiving an interaction the bot
// uses its token.
const InteractionLife = interactionLife
