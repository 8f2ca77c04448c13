package discord

import (
	"context"
	"strings"
	"sync"
)

// TextDMMissed tells a player, at his next command, that a direct
// message for him was lost while someone else's command ran, or at a
// deadline (bot/app).
const TextDMMissed = "A direct message for you could not be delivered: allow direct messages from server members " +
	"(the server's Privacy Settings) to receive your secret messages. /battle log, /orders show and /bg list show what you missed."

// missedDMs are the users a direct message could not reach during
// another member's command. That member is not told: the message may be
// a secret of the addressee's side (an enemy's sighting, a decision),
// and a notice that it was sent — to him, or in the channel at that
// moment — would tell him it exists (ruling SE5). The addressee is told
// privately at his next command instead.
type missedDMs struct {
	mu    sync.Mutex
	users map[string]bool
}

func (m *missedDMs) add(user string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.users == nil {
		m.users = map[string]bool{}
	}
	m.users[strings.Clone(user)] = true // not the reply's: see dmChannels.set
}

// take reports whether user missed a direct message, and forgets it.
func (m *missedDMs) take(user string) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	missed := m.users[user]
	delete(m.users, user)
	return missed
}

// tellMissed tells the caller of x, privately, of a direct message he
// missed during another member's command (or a late reply of his own,
// late.go). A spent token keeps the notice for his next command: it
// could only go by DM, which is what failed.
func (x *exchange) tellMissed(ctx context.Context, user string) {
	if !x.late() && x.b.missed.take(user) {
		x.followup(ctx, outgoing{content: TextDMMissed}, true)
	}
}
