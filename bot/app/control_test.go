package app

import (
	"bytes"
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"bfbot/bot/admin"
	"bfbot/bot/schedule"
	"bfbot/storage"
)

// Ensure the running app serves the control socket beside its database:
// a hot backup arrives complete and opens with the campaign in it, and
// once the app is closed nothing answers there.
func TestControlSocketBackup(t *testing.T) {
	t.Parallel()
	r := srvNewRig(t)
	r.must(srvRef, false, "campaign", "create", srvOpts("name", "Backed up"))
	sock := admin.SocketPath(r.path)
	var buf bytes.Buffer
	ctx, cancel := context.WithTimeout(context.Background(), srvWait)
	defer cancel()
	// The socket is served from a goroutine Start began: wait for it.
	var n int64
	var err error
	r.fake.MustWait(t, srvWait, "the control socket", func() bool {
		buf.Reset()
		n, err = admin.Backup(ctx, sock, &buf)
		return !errors.Is(err, admin.ErrNoServer)
	})
	if err != nil || n == 0 || int64(buf.Len()) != n {
		t.Fatalf("backup: %d bytes (%d received), %v", n, buf.Len(), err)
	}
	copyPath := filepath.Join(t.TempDir(), "copy.db")
	if err := polWriteFile(copyPath, buf.Bytes()); err != nil {
		t.Fatal(err)
	}
	db, err := storage.Open(copyPath, storage.Options{})
	if err != nil {
		t.Fatalf("the copy does not open: %v", err)
	}
	defer db.Close()
	if c, err := db.Get(ctx, 1); err != nil || c.Name != "Backed up" {
		t.Errorf("campaign 1 in the copy: %v, %v", c, err)
	}

	r.close()
	if _, err := admin.Backup(ctx, sock, &bytes.Buffer{}); !errors.Is(err, admin.ErrNoServer) {
		t.Errorf("backup after Close: %v, want ErrNoServer", err)
	}
}

// Ensure /campaign extend reaches the app's scheduler through the
// registry: the order deadline due at 20:00 moves a day on, so the fake
// clock passing 20:00 closes nothing and the extended deadline closes
// the turn once.
func TestCampaignExtend(t *testing.T) {
	t.Parallel()
	r := srvNewRig(t)
	srvSetUp(r)
	out := r.must(srvRef, false, "campaign", "extend", srvOpts("by", "1d"))
	// Tue 3 Mar 2026 20:00 UTC, as a Discord timestamp.
	if len(out) == 0 || !strings.Contains(out[0].Content, "due <t:1772568000:F> (<t:1772568000:R>)") {
		t.Fatalf("/campaign extend by:1d answered %+v, want orders due Tue 3 Mar 2026 20:00 UTC", out)
	}
	if e, ok := r.app.scheduler.Entry(1, schedule.OrderDeadline); !ok || !e.ExtendedUntil.Equal(time.Date(2026, 3, 3, 20, 0, 0, 0, time.UTC)) {
		t.Fatalf("scheduler entry %+v (ok %t), want extended until 3 March 20:00", e, ok)
	}
	r.clock.Set(time.Date(2026, 3, 2, 20, 0, 0, 0, time.UTC))
	r.settle()
	if got := srvCountTurnsClosed(r.campaign(), 1); got != 0 {
		t.Fatalf("the extended deadline closed turn 1 %d times at its old time", got)
	}
	r.clock.Set(time.Date(2026, 3, 3, 20, 0, 0, 0, time.UTC))
	r.settle()
	if got := srvCountTurnsClosed(r.campaign(), 1); got != 1 {
		t.Errorf("turn 1 closed %d times at the extended deadline, want 1", got)
	}
}

// Ensure the bot says so when it makes a new database file, which is
// right at its first start but, later on, the sign of a database_path
// naming the wrong file (every campaign would seem gone), and says
// nothing when it opens the file again.
func TestNewDatabaseFileTold(t *testing.T) {
	t.Parallel()
	const told = "made a new, empty database file"
	r := srvNewRig(t)
	if n := strings.Count(r.logs.String(), told); n != 1 {
		t.Errorf("the first start told of the new file %d times, want once:\n%s", n, r.logs.String())
	}
	r.close()
	r.open()
	if n := strings.Count(r.logs.String(), told); n != 1 {
		t.Errorf("opening the file again told of a new file:\n%s", r.logs.String())
	}
}
