package main

import (
	"bytes"
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"bfbot/bot/app"
	"bfbot/bot/discordtest"
	"bfbot/storage"
	"bfbot/storage/storagetest"
)

// Ensure a damaged database never takes bfbot down: for each corrupted
// copy of a real file (truncations, both meta pages, a leaf and a branch
// page, including a root page beyond the file that crashes bbolt), check
// says the file is damaged and exits 1, and serve and the console refuse
// to start naming the file; none of them crashes this process, which
// runs them all. BFBOT_DAMAGE_ALL=1 tries every page in use.
func TestDamagedDatabase(t *testing.T) {
	good, err := os.ReadFile(dmgDB(t))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	cfgPath, dbPath := srvWriteConfig(t, dir)
	env := []string{"BFBOT_TOKEN=" + discordtest.DefaultToken, "BFBOT_APPLICATION_ID=" + discordtest.DefaultAppID}
	refusal := func(s string) bool {
		return strings.Contains(s, "is damaged") && strings.Contains(s, "restore it from a backup") ||
			strings.Contains(s, "not a bfbot database")
	}
	cs := storagetest.Corruptions(good, storagetest.All())
	storagetest.MustCover(t, cs)
	for _, c := range cs {
		if err := os.WriteFile(dbPath, c.Data, 0o600); err != nil {
			t.Fatal(err)
		}
		out, errs, code := run(t, "check", "--db", dbPath)
		if st, err := storage.Open(dbPath, storage.Options{ReadOnly: true, Verify: true}); err == nil {
			// Only BFBOT_DAMAGE_ALL's flips of bytes no page header or
			// pointer depends on get here: check reads the file whole and
			// names the damaged records, if any. Serve would go on to
			// connect to Discord, so it is not tried.
			st.Close()
			if !storagetest.All() {
				t.Errorf("%s: opened, want it refused", c.Name)
			}
			if code != 0 && !strings.Contains(out, "is damaged") {
				t.Errorf("%s: check: exit %d\nstdout %s\nstderr %s", c.Name, code, out, errs)
			}
			continue
		}
		if code != 1 || !strings.Contains(errs, dbPath) || !refusal(out+errs) {
			t.Errorf("%s: check: exit %d\nstdout %s\nstderr %s\nwant 1 and the file damaged", c.Name, code, out, errs)
		}
		if strings.Contains(c.Name, "root beyond the file") && !strings.Contains(out, dbPath+": the meta page's root bucket points to page 1073741824, past the end of the file") {
			t.Errorf("%s: check does not name the root page past the file:\n%s", c.Name, out)
		}
		if errs, code := srvServe(context.Background(), env, "--config", cfgPath); code != 1 || !strings.Contains(errs, dbPath) || !refusal(errs) {
			t.Errorf("%s: serve: exit %d, stderr %q: want 1 and the file refused", c.Name, code, errs)
		}
		var cout, cerr bytes.Buffer
		m := &Main{Stdin: strings.NewReader("@ref /campaign status campaign:1\n"), Stdout: &cout, Stderr: &cerr}
		if code := m.ExitCode(m.Run(context.Background(), []string{"console", "--db", dbPath, "--out", t.TempDir()})); code != 1 || !strings.Contains(cerr.String(), dbPath) || !refusal(cerr.String()) {
			t.Errorf("%s: console: exit %d, stderr %q: want 1 and the file refused", c.Name, code, cerr.String())
		}
	}
}

// dmgDB is stoDB's file with the campaign stored three times more, so the
// campaigns bucket spans leaf pages under a branch page.
func dmgDB(t *testing.T) string {
	t.Helper()
	path := stoDB(t)
	s, err := storage.Open(path, storage.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()
	c, err := s.Get(ctx, 1)
	if err != nil {
		t.Fatal(err)
	}
	for seed := uint64(1); seed <= 3; seed++ {
		if _, err := s.Create(ctx, c, seed); err != nil {
			t.Fatal(err)
		}
	}
	return path
}

// Ensure bfbot check reports a byte changed inside a campaign's record,
// which bbolt's own checks cannot see: the record's checksum names the
// campaign and the record, and the check exits 1 saying to restore a
// backup.
func TestDamagedRecordChecked(t *testing.T) {
	good, err := os.ReadFile(dmgDB(t))
	if err != nil {
		t.Fatal(err)
	}
	var rec *storagetest.Value
	for _, v := range storagetest.Values(good) {
		if p := v.Path; len(p) == 5 && string(p[0]) == "campaigns" && string(p[4]) == "record" {
			rec = &v
			break
		}
	}
	if rec == nil {
		t.Fatal("no revision record found in the file")
	}
	dbPath := t.TempDir() + "/bfbot.db"
	if err := os.WriteFile(dbPath, storagetest.Flips(good, *rec, 0x20, false, 0)[1].Data, 0o600); err != nil {
		t.Fatal(err)
	}
	out, errs, code := run(t, "check", "--db", dbPath)
	if code != 1 || !strings.Contains(out, `record "revisions/`) || !strings.Contains(out, "checksum mismatch") ||
		!strings.Contains(out, "restore the database from a backup") || !strings.Contains(errs, "problems") {
		t.Errorf("check of a flipped record: exit %d\nstdout %s\nstderr %s\nwant 1 and the record named", code, out, errs)
	}
}

// Ensure a byte changed in a schedule record, which before schema 12 had
// no checksum and would have moved the campaign's deadline without a
// word, is named by bfbot check as that record, and that serve starts
// without it, its log naming it and what to do, rather than schedule a
// changed deadline (ruling SG3: one campaign's damage does not stop the
// others being served).
func TestDamagedScheduleRecord(t *testing.T) {
	dir := t.TempDir()
	cfgPath, dbPath := srvWriteConfig(t, dir)
	s, err := storage.Open(stoDB(t), storage.Options{})
	if err != nil {
		t.Fatal(err)
	}
	key := storage.RecordKey{Campaign: 1, Kind: storage.Schedule, Name: "order"}
	err = s.PutRecord(context.Background(), key, []byte(`{"Campaign":1,"Kind":0,"Spec":"0 20 * * *","TimeZone":"UTC"}`))
	s.Close()
	if err != nil {
		t.Fatal(err)
	}
	good, err := os.ReadFile(s.Path())
	if err != nil {
		t.Fatal(err)
	}
	var rec *storagetest.Value
	for _, v := range storagetest.Values(good) {
		if p := v.Path; len(p) == 4 && string(p[2]) == "schedule" {
			rec = &v
		}
	}
	if rec == nil {
		t.Fatal("no schedule record found in the file")
	}
	// The spec's hour, "20" made "24": a deadline moved, still valid JSON.
	bad := append([]byte(nil), good...)
	at := rec.Offset + bytes.Index(good[rec.Offset:rec.Offset+rec.Len], []byte(`0 20 *`)) + 3
	bad[at] ^= '0' ^ '4'
	if err := os.WriteFile(dbPath, bad, 0o600); err != nil {
		t.Fatal(err)
	}
	out, errs, code := run(t, "check", "--db", dbPath)
	if code != 1 || !strings.Contains(out, `campaign 1: record "schedule/order" is damaged: checksum mismatch`) ||
		!strings.Contains(out, "restore the database from a backup") || !strings.Contains(errs, "1 problems") {
		t.Errorf("check of a flipped schedule record: exit %d\nstdout %s\nstderr %s\nwant 1 and the record named", code, out, errs)
	}
	fake := discordtest.New(t)
	old := serveOptions
	serveOptions = func(*Main) app.Options { return app.Options{HTTPClient: fake.Client()} }
	t.Cleanup(func() { serveOptions = old })
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	served := make(chan string, 1)
	go func() {
		errs, _ := srvServe(ctx, []string{"BFBOT_TOKEN=" + fake.Token(), "BFBOT_APPLICATION_ID=" + fake.AppID()}, "--config", cfgPath)
		served <- errs
	}()
	// The referee is told once the start has read the schedules.
	fake.MustWait(t, 10*time.Second, "the damaged-data notice", func() bool {
		for _, m := range fake.AllMessages() {
			if strings.Contains(m.Content, "saved data is damaged") {
				return true
			}
		}
		return false
	})
	cancel()
	errs = <-served
	if !strings.Contains(errs, "record=schedule/order") || !strings.Contains(errs, "restore the database from a backup") || !strings.Contains(errs, "deadlines=0") {
		t.Errorf("serve on a flipped schedule record: stderr %q: want the record named and left out", errs)
	}
}

// Ensure a byte changed in a chunk of a campaign's event log is named by
// bfbot check as that chunk alone, and that the bot serves the file
// without losing an event: the damaged campaign's commands are refused
// telling the caller its saved data is damaged and what the operator
// must do (the log names the chunk), the other campaigns answer, and the
// chunk is not written over.
func TestDamagedChunkServed(t *testing.T) {
	good, err := os.ReadFile(dmgDB(t))
	if err != nil {
		t.Fatal(err)
	}
	var chunk *storagetest.Value
	for _, v := range storagetest.Values(good) {
		if p := v.Path; len(p) == 4 && string(p[2]) == "events" && string(p[1]) == "\x00\x00\x00\x00\x00\x00\x00\x01" {
			chunk = &v
		}
	}
	if chunk == nil {
		t.Fatal("campaign 1 has no chunk of its log in the file")
	}
	dbPath := t.TempDir() + "/bfbot.db"
	bad := storagetest.Flips(good, *chunk, 0x20, false, 0)[1].Data
	if err := os.WriteFile(dbPath, bad, 0o600); err != nil {
		t.Fatal(err)
	}
	out, errs, code := run(t, "check", "--db", dbPath)
	if code != 1 || strings.Count(out, "\n") != 1 || !strings.Contains(out, `campaign 1: record "events/1" is damaged: checksum mismatch`) || !strings.Contains(errs, "1 problems") {
		t.Errorf("check of a flipped chunk: exit %d\nstdout %s\nstderr %s\nwant 1 and the chunk alone named", code, out, errs)
	}
	var cout, cerr bytes.Buffer
	m := &Main{Stdin: strings.NewReader("@referee /campaign status campaign:1\n@referee /campaign advance campaign:1\n@referee /campaign status campaign:2\n"), Stdout: &cout, Stderr: &cerr}
	if code := m.ExitCode(m.Run(context.Background(), []string{"console", "--db", dbPath, "--out", t.TempDir()})); code != 0 {
		t.Fatalf("console: exit %d\n%s", code, cerr.String())
	}
	if n := strings.Count(cout.String(), "This campaign's saved data is damaged, so the bot will not read it, and nothing was changed. The bot's operator must restore the database from a backup"); n != 2 {
		t.Errorf("console: %d replies say campaign 1 is damaged, want 2:\n%s", n, cout.String())
	}
	if !strings.Contains(cout.String(), "Campaign 2 “tools test”: turn 1") || !strings.Contains(cerr.String(), `record \"events/1\" is damaged`) {
		t.Errorf("console: campaign 2 not served or the chunk not logged:\nstdout %s\nstderr %s", cout.String(), cerr.String())
	}
	after, err := os.ReadFile(dbPath)
	if err != nil {
		t.Fatal(err)
	}
	if at := chunk.Offset; !bytes.Equal(after[at:at+chunk.Len], bad[at:at+chunk.Len]) {
		t.Error("the damaged chunk was written over")
	}
}
