package console

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"bfbot/bot/command"
)

func cmdConsole(t testing.TB, asJSON bool, dir string) (*Console, *bytes.Buffer) {
	var out bytes.Buffer
	reg := command.New(command.Deps{Store: command.NewMemStore(1)})
	return &Console{Dispatcher: reg, Out: &out, JSON: asJSON, FilesDir: dir, Now: func() time.Time { return time.Unix(0, 0) }}, &out
}

const cmdSession = `# a campaign is made, joined and started
@ref /campaign create name:"Two words" turn_limit:2
@alice /campaign join side:crucis   # a comment
@bob /campaign join side:bandits

@ref /campaign start
@alice /orders ready via:dm
@alice /map strategic
@bob /press id:bf1|ready|1|0|1-orders
@bob /nonsense
/campaign status
@bob /orders move bg:"unclosed
`

// Ensure --json prints one object per reply with to, user, text and
// files, files land in the directory, and bad lines are answered without
// stopping the session.
func TestConsoleJSON(t *testing.T) {
	dir := t.TempDir()
	c, out := cmdConsole(t, true, dir)
	if err := c.Run(context.Background(), strings.NewReader(cmdSession)); err != nil {
		t.Fatal(err)
	}
	var lines []map[string]any
	for _, l := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("not JSON: %q", l)
		}
		if len(m) != 4 || m["to"] == nil || m["user"] == nil || m["text"] == nil || m["files"] == nil {
			t.Errorf("want exactly to, user, text, files: %q", l)
		}
		lines = append(lines, m)
	}
	all := out.String()
	for _, want := range []string{
		`"to":"public","user":"ref","text":"Campaign 1 “Two words” is set up`,
		`"to":"dm","user":"alice","text":"Turn 1: orders for 7th Crucis Lancers are open`,
		`"to":"private","user":"alice","text":"Turn 1, orders: orders marked ready"`,
		`Moore's Bandits has sealed its orders for turn 1.`,
		`/nonsense: unknown command`,
		`line 11: say who speaks`,
		`line 12: `,
	} {
		if !strings.Contains(all, want) {
			t.Errorf("missing %q in\n%s", want, all)
		}
	}
	var pngs int
	for _, m := range lines {
		for _, f := range m["files"].([]any) {
			if _, err := os.Stat(f.(string)); err != nil {
				t.Errorf("file %v: %v", f, err)
			}
			if filepath.Ext(f.(string)) == ".png" {
				pngs++
			}
		}
	}
	if pngs != 1 {
		t.Errorf("%d PNG files, want the one strategic map", pngs)
	}
}

// Ensure the text form names each reply's addressee and offers buttons
// as /press lines.
func TestConsoleText(t *testing.T) {
	c, out := cmdConsole(t, false, "")
	if err := c.Run(context.Background(), strings.NewReader(cmdSession)); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"> @ref /campaign create name:\"Two words\" turn_limit:2\n[public, campaign 1] Campaign 1",
		"[dm → alice] Turn 1: orders for 7th Crucis Lancers are open.",
		`button "Ready": /press id:bf1|ready|1|0|1-orders`,
		"[private → alice] Strategic map, turn 1.\n    file: 001-campaign-1-turn-1-crucis.png",
		// A line without a speaker is answered to nobody by name.
		"[private] ⚠ line 11: say who speaks",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("missing %q in\n%s", want, out.String())
		}
	}
}

// BenchmarkConsoleRoundTrip is one console line through the parser, the
// command layer (MemStore) and the JSON printer: an order. A campaign's
// log and undo history grow with every order, so given to one campaign
// for the whole run an order would cost more or less with b.N; every
// cnsCycle orders the benchmark starts over with a fresh campaign, made
// with the timer stopped, and each op is one order to a campaign fewer
// than cnsCycle orders old.
func BenchmarkConsoleRoundTrip(b *testing.B) {
	var c *Console
	var out *bytes.Buffer
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if i%cnsCycle == 0 {
			b.StopTimer()
			c, out = cmdConsole(b, true, "")
			for _, l := range strings.Split(cmdSession, "\n")[:6] {
				if err := c.Line(context.Background(), 0, l); err != nil {
					b.Fatal(err)
				}
			}
			b.StartTimer()
		}
		out.Reset()
		if err := c.Line(context.Background(), 1, "@alice /orders move bg:2 path:2"); err != nil {
			b.Fatal(err)
		}
		if i%cnsCycle == 0 && strings.Contains(out.String(), "⚠") {
			b.Fatalf("the order was refused: %s", out)
		}
	}
}

// cnsCycle is how many orders BenchmarkConsoleRoundTrip gives a campaign
// before it starts over.
const cnsCycle = 100

// cnsPlaces shows every channel and server rule of the command layer
// (bot/command, place.go) from console lines that say where they come
// from.
const cnsPlaces = `@ref in:#war-room /campaign create name:"Fourth War"
@alice in:#war-room /campaign join side:crucis
@bob /campaign join side:bandits campaign:1
@mallory in:#war-room /campaign create name:Decoy
@mallory in:#war-room/#battle-1 /scenario start name:surprise-encounter side:lancers
@mallory in:other/#general /campaign join side:crucis campaign:1
@mallory in:other/#general /campaign status
@mallory in:dm /campaign status campaign:1
@mallory in:dm /campaign status campaign:7
@alice in:dm /campaign status
@carol in:#tavern /campaign create name:Second
@ref in:#war-room/#battle-1 /campaign status
@ref /campaign status
@ref /campaign status in:#tavern
@ref in:#war-room /campaign status in:dm
@ref in:nowhere /campaign status
@ref in: /campaign status
`

// Ensure console lines say where they come from (in:…) and each place
// rule shows: a create in a channel holding a running campaign is
// refused naming it, another server and a stranger's DM are answered as
// for a missing campaign, a member's DM and a thread of the channel find
// it (rulings CH2, CH3).
func TestConsolePlaces(t *testing.T) {
	c, out := cmdConsole(t, false, "")
	if err := c.Run(context.Background(), strings.NewReader(cnsPlaces)); err != nil {
		t.Fatal(err)
	}
	got := strings.Split(out.String(), "\n> ")
	// The last three lines are not read: their errors follow line 14's answer.
	if len(got) != 14 {
		t.Fatalf("%d answers, want 14:\n%s", len(got), out.String())
	}
	for i, want := range []string{
		1:  "[public, campaign 1] Campaign 1 “Fourth War” is set up",
		2:  "You command 7th Crucis Lancers in campaign 1",
		3:  "You command Moore's Bandits in campaign 1",
		4:  "[private → mallory] ⚠ Not here: campaign #1 “Fourth War” is running in this channel",
		5:  "[private → mallory] ⚠ Not here: campaign #1 “Fourth War” is running in this channel",
		6:  "[private → mallory] ⚠ Not here: campaign 1: no such campaign in this server",
		7:  "[private → mallory] ⚠ no campaign is running",
		8:  "[private → mallory] ⚠ Not here: campaign 1: no such campaign of yours",
		9:  "[private → mallory] ⚠ Not here: campaign 7: no such campaign of yours",
		10: "Fourth War",
		11: "[public, campaign 2] Campaign 2 “Second” is set up",
		12: "Fourth War",
		13: "Fourth War", // the only campaign ref takes part in
		14: "Campaign 2 “Second”",
	} {
		if i > 0 && !strings.Contains(got[i-1], want) {
			t.Errorf("line %d answered:\n%s\nwant %q", i, got[i-1], want)
		}
	}
	for _, want := range []string{
		"line 15: in:#war-room: say once where the line comes from",
		"line 16: in:nowhere: say in:#channel, in:server/#channel, in:#channel/#thread or in:dm",
		"line 17: in: names no place: say in:#channel, in:server/#channel, in:#channel/#thread or in:dm",
	} {
		if !strings.Contains(got[13], want) {
			t.Errorf("missing %q in\n%s", want, got[13])
		}
	}
	if strings.Contains(got[5]+got[6]+got[7]+got[8], "Fourth War") {
		t.Error("a refusal from another server or a stranger's DM names the campaign")
	}
}
