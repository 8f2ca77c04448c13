package app

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"bfbot/bot/command"
	"bfbot/config"
	"bfbot/referee/dice"
)

// rollApp builds an app (New only: nothing contacts Discord) whose /roll
// dice are seeded by rollSeed (nil: the operating system), logging into
// logs.
func rollApp(t *testing.T, rollSeed func() uint64, logs *bytes.Buffer) *App {
	t.Helper()
	cfg := config.Default()
	cfg.Token = config.Secret("roll-test-token")
	cfg.ApplicationID = "100000000000000001"
	cfg.DatabasePath = filepath.Join(t.TempDir(), "bfbot.db")
	a, err := New(cfg, Options{
		Logger:   slog.New(slog.NewTextHandler(logs, nil)),
		RollSeed: rollSeed,
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close(context.Background()) })
	return a
}

// rollFaces throws /roll dice:20d6 on a and returns the faces it posted.
func rollFaces(t *testing.T, a *App) string {
	t.Helper()
	replies := a.reg.Dispatch(context.Background(), &command.Request{User: command.User{ID: "alice", Name: "alice"},
		Guild: "1", Channel: "2", Name: "roll", Options: map[string]string{"dice": "20d6"}})
	if len(replies) != 1 {
		t.Fatalf("/roll: %d replies, want 1", len(replies))
	}
	m := regexp.MustCompile(`: ((?:[1-6] \+ )*[1-6]) = `).FindStringSubmatch(replies[0].Text)
	if m == nil {
		t.Fatalf("/roll said %q, want the faces", replies[0].Text)
	}
	return m[1]
}

// rollLoggedSeed is the seed the app logged for /roll's dice.
func rollLoggedSeed(t *testing.T, logs *bytes.Buffer) string {
	t.Helper()
	m := regexp.MustCompile(`level=INFO msg="dice for /roll seeded" component=command seed=([0-9]+)`).FindStringSubmatch(logs.String())
	if m == nil {
		t.Fatalf("no info line with /roll's seed in the logs:\n%s", logs)
	}
	return m[1]
}

// Ensure the bot seeds /roll's dice once, at start, from its seed source,
// logs the seed, and rolls that seed's dice: /roll is not seeded with a
// constant (which repeated the same numbers after every restart).
func TestRollSeededAtStart(t *testing.T) {
	t.Parallel()
	var logs bytes.Buffer
	calls := 0
	a := rollApp(t, func() uint64 { calls++; return 4242 }, &logs)
	if calls != 1 {
		t.Errorf("the roll seed was asked %d times, want once at start", calls)
	}
	if got := rollLoggedSeed(t, &logs); got != "4242" {
		t.Errorf("logged seed %s, want 4242", got)
	}
	want := dice.New(dice.NewSeeded(4242))
	for i := 0; i < 2; i++ {
		r, err := want.Roll("want", 20)
		if err != nil {
			t.Fatal(err)
		}
		w := strings.Trim(strings.Join(strings.Fields(fmt.Sprint(r.Faces)), " + "), "[]")
		if got := rollFaces(t, a); got != w {
			t.Errorf("roll %d: %s, want seed 4242's %s", i+1, got, w)
		}
	}
	if calls != 1 {
		t.Errorf("the roll seed was asked %d times, want once at start", calls)
	}
}

// Ensure two bots started without a roll seed (a restart) take different
// seeds from the operating system, log them, and roll different dice.
// (Two 64-bit seeds from crypto/rand agree once in 2⁶⁴ starts.)
func TestRollRandomAfterRestart(t *testing.T) {
	t.Parallel()
	var logs1, logs2 bytes.Buffer
	a1, a2 := rollApp(t, nil, &logs1), rollApp(t, nil, &logs2)
	s1, s2 := rollLoggedSeed(t, &logs1), rollLoggedSeed(t, &logs2)
	if s1 == s2 {
		t.Errorf("both starts logged seed %s", s1)
	}
	if f1, f2 := rollFaces(t, a1), rollFaces(t, a2); f1 == f2 {
		t.Errorf("both starts rolled %s", f1)
	}
}
