package app

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"bfbot/bot/discordtest"
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

// Ensure user text pings nobody, wherever it comes from: a campaign name,
// a display name, sector names of an uploaded map file and a battlegroup
// name, each holding @everyone, @here and role and user mentions. The
// fake Discord refuses any payload without allowed_mentions and computes
// who each message would notify by Discord's rules.
func TestUserTextPingsNobody(t *testing.T) {
	t.Parallel()
	r := srvNewRig(t)
	const hostile = "@everyone @here <@&42> <@" + srvBob + ">"
	r.fake.SetUserName(srvAlice, "@everyone")
	m, err := os.ReadFile("../../mapgen/testdata/strategic_example.yaml")
	if err != nil {
		t.Fatal(err)
	}
	mapFile := strings.ReplaceAll(string(m), "name: Dustbowl\n", "name: \"@here Dustbowl <@&7>\"\n")
	mapFile = strings.ReplaceAll(mapFile, "name: Kessel Flats,", "name: \"@everyone Kessel\",")
	r.must(srvRef, false, "campaign", "create", srvOpts("name", hostile, "setup_tables", "false"))
	r.must(srvRef, false, "campaign", "end", nil)
	opts := srvOpts("name", "Files "+hostile, "setup_tables", "false")
	opts["map_file"] = discordtest.File{Name: "harlech.yaml", Data: []byte(mapFile)}
	r.must(srvRef, false, "campaign", "create", opts)
	r.must(srvAlice, false, "campaign", "join", srvOpts("side", "crucis"))
	r.must(srvBob, false, "campaign", "join", srvOpts("side", "bandits"))
	r.must(srvRef, false, "campaign", "start", nil)
	r.must(srvAlice, true, "bg", "rename", srvOpts("bg", "2", "name", "@everyone <@&1>"))
	r.must(srvAlice, true, "bg", "list", nil)
	r.must(srvAlice, false, "campaign", "status", nil)
	r.orders(srvAlice, "crucis", 3)
	r.orders(srvBob, "bandits", 4)
	r.must(srvRef, false, "campaign", "advance", nil)

	seen := false
	for _, msg := range r.fake.AllMessages() {
		if strings.Contains(discordtest.Shown(msg.Content), "@everyone") {
			seen = true
		}
		if !msg.Pings.None() {
			t.Errorf("message %s notifies %+v: %q", msg.ID, msg.Pings, msg.Content)
		}
	}
	if !seen {
		t.Fatal("no message showed the hostile names: the test proves nothing")
	}
}
