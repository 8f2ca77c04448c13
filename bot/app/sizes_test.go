package app

import (
	"testing"
	"unicode/utf8"
)

// srvFitsDiscord fails on any message of the run that did not fit one
// Discord message: the adapter sends a reply over 2,000 characters cut
// short with its whole text as message.txt, which players must download
// to read. Replies are sized or paginated to fit instead. (The fake
// refuses payloads over Discord's limits outright, limits.go.)
func srvFitsDiscord(t *testing.T, r *srvRig) {
	t.Helper()
	for _, m := range r.fake.AllMessages() {
		for _, f := range m.Files {
			if f.Name == "message.txt" {
				t.Errorf("message %s in channel %s overflowed into message.txt (%d characters): %.120q…", m.ID, m.ChannelID, utf8.RuneCount(f.Data), f.Data)
			}
		}
	}
}
