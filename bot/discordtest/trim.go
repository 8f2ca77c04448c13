package discordtest

import "strconv"

// Trim forgets what the fake recorded long ago, so that a soak test's
// memory figures measure the bot, not the fake's records: it keeps the
// interactions and messages among the newest keep ids the fake handed out
// (ids count up, and an interaction's answers are newer than it), every
// pinned message (the bot edits its status messages in place), every
// interaction not yet acknowledged, and the newest keep REST requests and
// gateway events (events older than that could no longer be replayed on a
// RESUME; a client that far behind reconnects with IDENTIFY instead).
// Channels are kept. A keep below 1000 is taken as 1000.
func (f *Fake) Trim(keep int) {
	keep = max(keep, 1000)
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.nextID <= uint64(keep) {
		return
	}
	cutoff := 910000000000000000 + f.nextID - uint64(keep)
	old := func(id string) bool {
		n, err := strconv.ParseUint(id, 10, 64)
		return err == nil && n < cutoff
	}
	for id, in := range f.interactions {
		select {
		case <-in.acked:
		default:
			continue // still waited for
		}
		if old(id) {
			delete(f.interactions, id)
			delete(f.byToken, in.Token)
		}
	}
	for ch, msgs := range f.messages {
		kept := msgs[:0]
		for _, m := range msgs {
			if m.Pinned || !old(m.ID) {
				kept = append(kept, m)
				continue
			}
			delete(f.byID, m.ID)
		}
		clear(msgs[len(kept):])
		if len(kept) == 0 {
			delete(f.messages, ch)
			continue
		}
		f.messages[ch] = kept
	}
	if n := len(f.requests); n > keep {
		f.requests = append([]Request(nil), f.requests[n-keep:]...)
	}
	if n := len(f.events); n > keep {
		f.events = append([]gatewayEvent(nil), f.events[n-keep:]...)
	}
	if n := len(f.unknown); n > keep {
		f.unknown = append([]Request(nil), f.unknown[n-keep:]...)
	}
}
