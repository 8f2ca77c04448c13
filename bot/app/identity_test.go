package app

import (
	"regexp"
	"testing"
)

var (
	// srvMentionOrTime are the only places a message may carry an ID: a
	// real mention, which Discord shows as the display name, and a
	// timestamp, which it shows in the reader's time.
	srvMentionOrTime = regexp.MustCompile(`<[@#]!?[0-9]+>|<t:-?[0-9]+(:[tTdDfFR])?>`)
	srvSnowflake     = regexp.MustCompile(`[0-9]{17,20}`)
)

// srvNoUserIDs fails when any text the bot sent during the run (channel
// posts, thread posts, DMs, interaction answers, edits, embeds, buttons'
// labels) shows a Discord ID where a person's name belongs.
func srvNoUserIDs(t *testing.T, r *srvRig) {
	t.Helper()
	for _, m := range r.fake.AllMessages() {
		texts := []string{m.Content}
		for _, e := range m.Embeds {
			texts = append(texts, e.Title, e.Description)
			for _, f := range e.Fields {
				texts = append(texts, f.Name, f.Value)
			}
		}
		for _, b := range m.Buttons {
			texts = append(texts, b.Label)
		}
		for _, text := range texts {
			if id := srvSnowflake.FindString(srvMentionOrTime.ReplaceAllString(text, "")); id != "" {
				t.Errorf("message %s in channel %s shows the ID %s: %q", m.ID, m.ChannelID, id, text)
			}
		}
	}
}
