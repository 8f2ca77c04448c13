package discord

import "time"

// WithInvalidSessionWait sets the pause before a new IDENTIFY after a
// non-resumable Invalid Session (Discord asks for 1 to 5 seconds; tests
// wait less).
func WithInvalidSessionWait(d time.Duration) Option {
	return func(b *Bot) { b.gw.invalidWait = func() time.Duration { return d } }
}
