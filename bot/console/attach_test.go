package console

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"bfbot/bot/command"
)

// attWrite writes a file into dir and returns its path.
func attWrite(tb testing.TB, dir, name string, data []byte) string {
	tb.Helper()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		tb.Fatal(err)
	}
	return path
}

// Ensure a file option takes a local path: the console reads the file
// (relative to Dir, or absolute) and the command gets its name and
// content; a missing file, a directory and a file over the limit are
// clear error lines, and the session goes on.
func TestConsoleFileOption(t *testing.T) {
	dir := t.TempDir()
	attWrite(t, dir, "twin valleys.yaml", []byte("name: Twin Valleys\ncols: 2\nrows: 1\nsectors:\n"+
		"  - {col: 1, row: 1, name: West Vale, theme: plains}\n  - {col: 2, row: 1, name: East Vale, theme: woods}\n"))
	guard := attWrite(t, dir, "guard.yaml", []byte("id: harlech-guard\nname: Harlech Guard\ngroups:\n  - units:\n"+
		"      - {name: Command Lance, machines: [Atlas, Atlas, Stalker, Zeus], experience: veteran}\n"))
	attWrite(t, dir, "big.yaml", make([]byte, command.MaxAttachmentBytes+1))
	c, out := cmdConsole(t, false, "")
	c.Dir = dir
	session := `@ref /campaign create name:Filed map_file:"twin valleys.yaml" regiments:bandits regiment_file:` + guard + `
@ref /campaign create name:Lost map_file:nope.yaml
@ref /campaign create name:Dir map_file:.
@ref /campaign create name:Big map_file:big.yaml
@ref /campaign status
`
	if err := c.Run(context.Background(), strings.NewReader(session)); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	for _, want := range []string{
		"Moore's Bandits (bandits) against Harlech Guard (harlech-guard, from file guard.yaml) on the 2×1 strategic map “Twin Valleys” from file twin valleys.yaml (2 sectors)",
		"> @ref /campaign create name:Lost map_file:nope.yaml\n[private → ref] ⚠ line 2: /campaign create: map_file:nope.yaml: no such file (a file option takes the path of a local file)",
		"[private → ref] ⚠ line 3: /campaign create: map_file:.: is a directory; name a file",
		"[private → ref] ⚠ line 4: /campaign create: map_file: the file is 262145 bytes; an attached file is at most 256 KiB",
		"> @ref /campaign status\n[private → ref] Campaign 1",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in\n%s", want, got)
		}
	}
}
