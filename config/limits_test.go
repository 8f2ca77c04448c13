package config

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// writeConfig writes a config file for one test.
func writeConfig(t *testing.T, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "bfbot.toml")
	if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// Ensure a deeply nested file is refused before parsing, quickly and with
// a message naming the line and the limit: 20,000 inline tables inside
// each other (120 KB) ran a TOML decoder out of memory.
func TestLoadDepthLimit(t *testing.T) {
	const n = 20000
	deep := "guild_id = \"1\"\na = " + strings.Repeat("{b = ", n) + "1" + strings.Repeat("}", n) + "\n"
	start := time.Now()
	_, err := Load(writeConfig(t, deep), nil)
	if took := time.Since(start); took > 2*time.Second {
		t.Errorf("took %v", took)
	}
	var e *Error
	if !errors.As(err, &e) || len(e.Problems) != 1 || e.Problems[0].Line != 2 || !strings.Contains(err.Error(), "nested more than 8 levels deep") {
		t.Fatalf("err %v", err)
	}
	for name, text := range map[string]string{
		"arrays":      "a = " + strings.Repeat("[", 9) + strings.Repeat("]", 9) + "\n",
		"dotted key":  "a.b.c.d.e.f.g.h.i.j = 1\n",
		"header":      "[a.b.c.d.e.f.g.h.i]\n",
		"inline keys": "a = {b.c.d.e = {f.g.h.i.j = 1}}\n",
	} {
		if _, err := Load(writeConfig(t, text), nil); err == nil || !strings.Contains(err.Error(), "line 1: nested more than 8 levels") {
			t.Errorf("%s: err %v", name, err)
		}
	}
	// Brackets, braces and dots inside strings and comments do not count.
	ok := "guild_id = \"[[[[[[[[[[{{{{{{{{{{a.b.c.d.e.f.g.h.i.j\" # [[[[[[[[[[.........\n" +
		"database = '''\n[[[[[[[[[[[\n'''\nadmin_socket = \"\\\"[[[[[[[[[[\"\n"
	if got := checkDepth(ok); got != 0 {
		t.Errorf("checkDepth of strings and comments = line %d", got)
	}
}

// Ensure a file over the size limit is refused unparsed, naming the limit.
func TestLoadSizeLimit(t *testing.T) {
	big := "guild_id = \"1\"\n" + strings.Repeat("# padding\n", MaxFileBytes/10+1)
	_, err := Load(writeConfig(t, big), nil)
	if err == nil || !strings.Contains(err.Error(), "over the 262144-byte (256 KiB) limit") {
		t.Fatalf("err %v", err)
	}
}

// Ensure unknown keys cost time in proportion to their number (they were
// quadratic: each looked for its line through every key), and that one
// error lists the first few and counts the rest.
func TestLoadManyUnknownKeys(t *testing.T) {
	file := func(n int) string {
		var b strings.Builder
		for i := range n {
			fmt.Fprintf(&b, "k%d=1\n", i)
		}
		return writeConfig(t, b.String())
	}
	// cost is the bytes Load allocates and the best wall time of five
	// runs. The bytes do not depend on the machine's load, so they decide;
	// the time only catches a quadratic loop that allocates nothing, with
	// a gap wide enough that a busy machine cannot fake one.
	cost := func(path string) (bytes uint64, best time.Duration) {
		best = time.Duration(1 << 62)
		for range 5 {
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			start := time.Now()
			_, err := Load(path, nil)
			d := time.Since(start)
			runtime.ReadMemStats(&after)
			best, bytes = min(best, d), after.TotalAlloc-before.TotalAlloc
			if err == nil {
				t.Fatal("unknown keys accepted")
			}
		}
		return bytes, best
	}
	small, large := file(1000), file(25000)
	bs, ts := cost(small)
	bl, tl := cost(large)
	// 25 times the keys: about 25 times the cost if linear, 625 times if
	// quadratic.
	if bl > 60*bs {
		t.Errorf("1,000 unknown keys allocated %d bytes, 25,000 allocated %d: not linear", bs, bl)
	}
	if tl > 200*ts && tl > 2*time.Second {
		t.Errorf("1,000 unknown keys took %v, 25,000 took %v: not linear", ts, tl)
	}
	_, err := Load(large, nil)
	var e *Error
	if !errors.As(err, &e) || len(e.Problems) != maxUnknownKeys+1 || !strings.Contains(err.Error(), "and 24980 more unknown keys or tables") {
		t.Errorf("%d problems: %.300s", len(e.Problems), err)
	}
}
