package main

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"bfbot/bot/app"
	"bfbot/bot/discordtest"
	"bfbot/campaign"
	"bfbot/referee/dice"
	"bfbot/storage"
	"bfbot/storage/etcdtest"
)

// Ensure a database file whose newer meta page is damaged, which bbolt
// would open at the transaction before without a word, losing the
// campaign's last change, is handled as ruling SG3 says: check reports
// the page and the transaction and exits 1; serve, the console, import
// and backup refuse it naming --accept-damaged-meta; export reads the
// transaction before with a warning; the console and serve with the
// flag serve it, and backup with it copies it, with a warning.
func TestDamagedMetaPage(t *testing.T) {
	dir := t.TempDir()
	cfgPath, dbPath := srvWriteConfig(t, dir)
	says := metaDamaged(t, dbPath)
	out, errs, code := run(t, "check", "--db", dbPath)
	if code != 1 || !strings.Contains(errs, "1 problems") {
		t.Errorf("check: exit %d\nstdout %s\nstderr %s\nwant 1 and one problem", code, out, errs)
	}
	says("check", out)
	if strings.Contains(out, "`bfbot check") {
		t.Errorf("check: %q tells to run check", out)
	}
	fake := discordtest.New(t)
	old := serveOptions
	serveOptions = func(*Main) app.Options { return app.Options{HTTPClient: fake.Client()} }
	t.Cleanup(func() { serveOptions = old })
	env := []string{"BFBOT_TOKEN=" + fake.Token(), "BFBOT_APPLICATION_ID=" + fake.AppID()}
	// A serve that started would run until its context ends.
	refusing, stop := context.WithTimeout(context.Background(), 10*time.Second)
	errs, code = srvServe(refusing, env, "--config", cfgPath)
	stop()
	if code != 1 {
		t.Errorf("serve: exit %d, want 1", code)
	}
	says("serve", errs)
	console := func(args ...string) (string, string, int) {
		var cout, cerr bytes.Buffer
		m := &Main{Stdin: strings.NewReader("@referee /campaign status campaign:1\n"), Stdout: &cout, Stderr: &cerr}
		code := m.ExitCode(m.Run(context.Background(), append([]string{"console", "--db", dbPath, "--out", t.TempDir()}, args...)))
		return cout.String(), cerr.String(), code
	}
	_, errs, code = console()
	if code != 1 {
		t.Errorf("console: exit %d, want 1", code)
	}
	says("console", errs)
	// A sound export, so that import gets as far as opening the file.
	doc, errs, code := run(t, "export", "--campaign", "1", "--db", stoDB(t))
	if code != 0 {
		t.Fatalf("export: exit %d, %s", code, errs)
	}
	export := filepath.Join(dir, "export.json")
	if err := os.WriteFile(export, []byte(doc), 0o600); err != nil {
		t.Fatal(err)
	}
	_, errs, code = run(t, "import", export, "--db", dbPath)
	if code != 1 {
		t.Errorf("import: exit %d, want 1", code)
	}
	says("import", errs)
	// A backup one transaction short would look sound and could replace
	// a good one: made only with the flag.
	backup := filepath.Join(dir, "backup.db")
	_, errs, code = run(t, "backup", backup, "--db", dbPath)
	if _, err := os.Stat(backup); code != 1 || err == nil {
		t.Errorf("backup: exit %d, stat %v, want 1 and no copy", code, err)
	}
	says("backup", errs)
	_, errs, code = run(t, "backup", backup, "--db", dbPath, "--accept-damaged-meta")
	if _, err := os.Stat(backup); code != 0 || err != nil {
		t.Errorf("backup --accept-damaged-meta: exit %d, stat %v, want 0 and the copy", code, err)
	}
	says("backup --accept-damaged-meta", errs)
	out, errs, code = run(t, "export", "--campaign", "1", "--db", dbPath)
	if code != 0 || !strings.Contains(out, `"tools test"`) || strings.Contains(out, "renamed") {
		t.Errorf("export: exit %d, want 0 and the campaign before its last change", code)
	}
	says("export", errs)
	out, errs, code = console("--accept-damaged-meta")
	if code != 0 || !strings.Contains(out, "tools test") {
		t.Errorf("console --accept-damaged-meta: exit %d\nstdout %s\nstderr %s\nwant 0 and the campaign before its last change", code, out, errs)
	}
	says("console --accept-damaged-meta", errs)
	// Last: the bot's start may write, which writes the page anew.
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan string, 1)
	go func() {
		errs, _ := srvServe(ctx, env, "--config", cfgPath, "--accept-damaged-meta")
		served <- errs
	}()
	err := fake.WaitConnected(10 * time.Second)
	cancel()
	if err != nil {
		t.Fatal(err)
	}
	errs = <-served
	if !strings.Contains(errs, "serving a database file with a damaged meta page") {
		t.Errorf("serve --accept-damaged-meta: its log does not warn of the damage:\n%s", errs)
	}
	says("serve --accept-damaged-meta", errs)
}

// metaDamaged writes at dbPath a file of one campaign, "tools test",
// whose last change (renaming it "renamed") the damage to its newer meta
// page loses, and returns a check that what a program refusing or
// reading it said says all it must.
func metaDamaged(t *testing.T, dbPath string) (says func(what, text string)) {
	t.Helper()
	good, err := os.ReadFile(stoDB(t))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dbPath, good, 0o600); err != nil {
		t.Fatal(err)
	}
	// The last change, which the damage loses: a new name.
	s, err := storage.Open(dbPath, storage.Options{})
	if err != nil {
		t.Fatal(err)
	}
	_, err = s.Update(context.Background(), 1, func(c *campaign.Campaign, _ *dice.Dice) (*campaign.Campaign, error) {
		n := c.Clone()
		n.Name = "renamed"
		return n, nil
	})
	s.Close()
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(dbPath)
	if err != nil {
		t.Fatal(err)
	}
	// bbolt's meta page: a 16-byte page header, then magic, version, page
	// size, flags (uint32 each), root, sequence, freelist, high-water mark
	// and transaction (uint64 each).
	ps := int(binary.LittleEndian.Uint32(b[16+8:]))
	txid := func(page int) uint64 { return binary.LittleEndian.Uint64(b[page*ps+16+48:]) }
	newer := 0
	if txid(1) > txid(0) {
		newer = 1
	}
	b[newer*ps+16+32] ^= 0x10 // the freelist field: only the checksum tells
	if err := os.WriteFile(dbPath, b, 0o600); err != nil {
		t.Fatal(err)
	}
	said := []string{dbPath, fmt.Sprintf("meta page %d of 2 is damaged", newer), fmt.Sprintf("opens at transaction %d,", txid(newer)-1), "is lost", "--accept-damaged-meta, which bfbot serve, console, import, backup and migrate-store --to etcd take"}
	return func(what, text string) {
		t.Helper()
		for _, want := range said {
			if !strings.Contains(text, want) {
				t.Errorf("%s: %q does not say %q", what, text, want)
			}
		}
	}
}

// Ensure migrate-store --to etcd refuses a file whose newer meta page is
// damaged, as backup does (ruling SG3): the copy would be one
// transaction short yet look sound, and the bot started on it would
// serve it without a word. It says what is lost and names
// --accept-damaged-meta, copies no campaign, and with the flag copies
// the campaign as the sound page holds it, with a warning.
func TestMigrateStoreDamagedMeta(t *testing.T) {
	dbPath := filepath.Join(t.TempDir(), "bfbot.db")
	says := metaDamaged(t, dbPath)
	srv := etcdtest.Start(t, t.TempDir())
	etcdEnv := []string{"BFBOT_ETCD_ENDPOINTS=" + strings.Join(srv.Endpoints, ","), "BFBOT_ETCD_PREFIX=migrated/"}
	out, errs, code := stoRunEnv(etcdEnv, "migrate-store", "--to", "etcd", "--db", dbPath)
	if code != 1 || strings.Contains(out, "copied") {
		t.Errorf("migrate-store: exit %d, %q, want 1 and no copy", code, out)
	}
	says("migrate-store", errs)
	onEtcd := append([]string{"BFBOT_STORE=etcd"}, etcdEnv...)
	if out, errs, code := stoRunEnv(onEtcd, "check"); code != 0 || !strings.Contains(out, "0 campaigns") {
		t.Errorf("check of the prefix after the refusal: exit %d, %q %q, want no campaign copied", code, out, errs)
	}
	out, errs, code = stoRunEnv(etcdEnv, "migrate-store", "--to", "etcd", "--db", dbPath, "--accept-damaged-meta")
	if code != 0 || !strings.Contains(out, "copied 1 campaigns") {
		t.Fatalf("migrate-store --accept-damaged-meta: exit %d, %q %q", code, out, errs)
	}
	says("migrate-store --accept-damaged-meta", errs)
	if out, errs, code := stoRunEnv(onEtcd, "export", "--campaign", "1"); code != 0 || !strings.Contains(out, `"tools test"`) || strings.Contains(out, "renamed") {
		t.Errorf("export from etcd: exit %d %q, want the campaign before its last change", code, errs)
	}
}
