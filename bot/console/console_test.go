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
@bob /press id:bf1|ready|1|0
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
		`button "Ready": /press id:bf1|ready|1|0`,
		"[private → alice] Strategic map, turn 1.\n    file: 001-campaign-1-turn-1-crucis.png",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("missing %q in\n%s", want, out.String())
		}
	}
}

// BenchmarkConsoleRoundTrip is one console line through the parser, the
// command layer (MemStore) and the JSON printer.
func BenchmarkConsoleRoundTrip(b *testing.B) {
	c, out := cmdConsole(b, true, "")
	for _, l := range strings.Split(cmdSession, "\n")[:6] {
		if err := c.Line(context.Background(), 0, l); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		out.Reset()
		if err := c.Line(context.Background(), 1, "@alice /orders move bg:2 path:2"); err != nil {
			b.Fatal(err)
		}
	}
}
