package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"bfbot/bot/app"
	"bfbot/bot/discordtest"
	"bfbot/storage"
)

// srvServe runs `bfbot serve` args with env and returns stderr and the
// exit code.
func srvServe(ctx context.Context, env []string, args ...string) (string, int) {
	var out bytes.Buffer
	errb := &srvSyncBuffer{}
	m := &Main{Stdin: strings.NewReader(""), Stdout: &out, Stderr: errb, Environ: env}
	code := m.ExitCode(m.Run(ctx, append([]string{"serve"}, args...)))
	return errb.String(), code
}

// srvWriteConfig writes a config file for a database in dir.
func srvWriteConfig(t *testing.T, dir string) (cfgPath, dbPath string) {
	t.Helper()
	dbPath = filepath.Join(dir, "bfbot.db")
	cfgPath = filepath.Join(dir, "bfbot.toml")
	text := "database_path = \"" + filepath.ToSlash(dbPath) + "\"\ntime_zone = \"UTC\"\norder_deadline = \"0 20 * * *\"\nlog_level = \"debug\"\n"
	if err := os.WriteFile(cfgPath, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	return cfgPath, dbPath
}

// Ensure `bfbot serve` says what to fix when it cannot start.
func TestServeErrors(t *testing.T) {
	cfgPath, dbPath := srvWriteConfig(t, t.TempDir())
	t.Run("ErrNoToken", func(t *testing.T) {
		errs, code := srvServe(context.Background(), []string{"BFBOT_APPLICATION_ID=900000000000000001"}, "--config", cfgPath)
		if code != 1 || !strings.Contains(errs, "BFBOT_TOKEN") {
			t.Errorf("exit %d, stderr %q: want 1 and how to set BFBOT_TOKEN", code, errs)
		}
	})
	t.Run("ErrMissingConfig", func(t *testing.T) {
		errs, code := srvServe(context.Background(), nil, "--config", filepath.Join(t.TempDir(), "none.toml"))
		if code != 1 || !strings.Contains(errs, "none.toml") {
			t.Errorf("exit %d, stderr %q: want 1 naming the file", code, errs)
		}
	})
	t.Run("ErrArgs", func(t *testing.T) {
		if _, code := srvServe(context.Background(), nil, "extra"); code != 2 {
			t.Errorf("exit %d, want 2", code)
		}
	})
	t.Run("ErrLocked", func(t *testing.T) {
		st, err := storage.Open(dbPath, storage.Options{})
		if err != nil {
			t.Fatal(err)
		}
		defer st.Close()
		env := []string{"BFBOT_TOKEN=" + discordtest.DefaultToken, "BFBOT_APPLICATION_ID=" + discordtest.DefaultAppID}
		errs, code := srvServe(context.Background(), env, "--config", cfgPath)
		if code != 1 || !strings.Contains(errs, "in use by another bfbot") {
			t.Errorf("exit %d, stderr %q: want 1 and the file in use", code, errs)
		}
	})
}

// Ensure `bfbot serve --config FILE` runs the real wiring against the fake
// Discord: it warms the map renderer, registers the commands, connects,
// answers a command, and shuts down cleanly when its context ends (as on
// SIGINT or SIGTERM), leaving the database closed for the next process.
func TestServeRuns(t *testing.T) {
	fake := discordtest.New(t)
	old := serveOptions
	serveOptions = func(*Main) app.Options { return app.Options{HTTPClient: fake.Client()} }
	warmed := make(chan struct{})
	oldWarm := warmRenderer
	warmRenderer = func() error { close(warmed); return nil }
	t.Cleanup(func() { serveOptions, warmRenderer = old, oldWarm })
	cfgPath, dbPath := srvWriteConfig(t, t.TempDir())
	env := []string{"BFBOT_TOKEN=" + fake.Token(), "BFBOT_APPLICATION_ID=" + fake.AppID(), "BFBOT_CONFIG=" + cfgPath}

	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct {
		errs string
		code int
	}, 1)
	go func() {
		errs, code := srvServe(ctx, env) // the config comes from BFBOT_CONFIG
		done <- struct {
			errs string
			code int
		}{errs, code}
	}()
	if err := fake.WaitConnected(10 * time.Second); err != nil {
		cancel()
		t.Fatal(err)
	}
	if len(fake.Commands("")) == 0 {
		t.Error("no commands registered globally")
	}
	in, err := fake.SendCommand("300000000000000001", "300000000000000100", "300000000000000200", "campaign", "create", map[string]any{"name": "Served"})
	if err != nil {
		t.Fatal(err)
	}
	if a := in.Ack(); !strings.Contains(a.Content, "Campaign 1 “Served” is set up") {
		t.Errorf("create answered %q", a.Content)
	}
	cancel()
	res := <-done
	select {
	case <-warmed:
	case <-time.After(10 * time.Second):
		t.Error("serve did not warm the map renderer")
	}
	if res.code != 0 {
		t.Fatalf("serve exit %d: %s", res.code, res.errs)
	}
	if strings.Contains(res.errs, fake.Token()) {
		t.Error("the token was logged")
	}
	st, err := storage.Open(dbPath, storage.Options{})
	if err != nil {
		t.Fatalf("the database is still held after shutdown: %v", err)
	}
	defer st.Close()
	if list, err := st.List(context.Background()); err != nil || len(list) != 1 {
		t.Errorf("campaigns after shutdown %+v %v, want the one created", list, err)
	}
}

// srvSyncBuffer is stderr for a bot whose gateway goroutines may still log
// while the test reads.
type srvSyncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *srvSyncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *srvSyncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
