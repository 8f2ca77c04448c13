package discordtest

import "sort"

// AllMessages returns every message the bot has sent or edited so far,
// in every channel, thread and DM, interaction answers included, in the
// order they were first stored (by id): what a whole-run check (no user
// ID in any text, nobody pinged) reads.
func (f *Fake) AllMessages() []Message {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := make([]Message, 0, len(f.byID))
	for _, m := range f.byID {
		out = append(out, m.clone())
	}
	sort.Slice(out, func(i, j int) bool {
		if len(out[i].ID) != len(out[j].ID) {
			return len(out[i].ID) < len(out[j].ID)
		}
		return out[i].ID < out[j].ID
	})
	return out
}
