package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"bfbot/campaign"
	"bfbot/campaign/forces"
	"bfbot/mapgen"
	"bfbot/referee/dice"
	"bfbot/storage"
)

// stoDB makes a database file holding one started campaign.
func stoDB(t *testing.T) string {
	t.Helper()
	return stoDBIn(t, "", "")
}

// stoDBIn makes a database file holding one started campaign, "tools
// test", living in channel of server guild.
func stoDBIn(t *testing.T, guild, channel string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "bfbot.db")
	s, err := storage.Open(path, storage.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	m, err := mapgen.GenerateStrategic(1, 4, 3)
	if err != nil {
		t.Fatal(err)
	}
	var regs []forces.Regiment
	for _, id := range forces.BuiltInIDs {
		r, err := forces.BuiltIn(id)
		if err != nil {
			t.Fatal(err)
		}
		regs = append(regs, r)
	}
	c, err := campaign.New(0, "tools test", campaign.DefaultSettings(), m, regs)
	if err == nil {
		c.Referee = "referee" // as /campaign create makes its creator the referee
		c.Guild, c.Channel = guild, channel
		c, err = campaign.Start(c, nil)
	}
	if err == nil {
		_, err = s.Create(context.Background(), c, 7)
	}
	if err != nil {
		t.Fatal(err)
	}
	return path
}

// stoRunEnv runs a command line with the given environment.
func stoRunEnv(env []string, args ...string) (stdout, stderr string, code int) {
	var out, errb bytes.Buffer
	m := &Main{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb, Environ: env}
	code = m.ExitCode(m.Run(context.Background(), args))
	return out.String(), errb.String(), code
}

// Ensure check, export, import and backup work on a file and the file
// they make: export → import gives the campaign again under a new ID, and
// the backup passes check.
func TestDatabaseTools(t *testing.T) {
	db := stoDB(t)
	out, errs, code := run(t, "check", "--db", db)
	if code != 0 || !strings.Contains(out, fmt.Sprintf("ok, schema %d, 1 campaigns", storage.SchemaVersion)) {
		t.Fatalf("check: exit %d, %q %q", code, out, errs)
	}
	doc, errs, code := run(t, "export", "--campaign", "1", "--db", db)
	if code != 0 || !strings.Contains(doc, `"name": "tools test"`) {
		t.Fatalf("export: exit %d, %q", code, errs)
	}
	file := filepath.Join(t.TempDir(), "c1.json")
	if err := os.WriteFile(file, []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errs, code = run(t, "import", file, "--db", db)
	if code != 0 || !strings.Contains(out, "is campaign 2 in "+db) {
		t.Fatalf("import: exit %d, %q %q", code, out, errs)
	}
	copyPath := filepath.Join(t.TempDir(), "copy.db")
	out, errs, code = run(t, "backup", copyPath, "--db", db)
	if code != 0 || !strings.Contains(out, "to "+copyPath) {
		t.Fatalf("backup: exit %d, %q %q", code, out, errs)
	}
	if left, _ := filepath.Glob(copyPath + "*.tmp"); len(left) > 0 {
		t.Errorf("backup left its temporary file: %v", left)
	}
	out, errs, code = run(t, "check", "--db", copyPath)
	if code != 0 || !strings.Contains(out, "2 campaigns") {
		t.Errorf("check of the backup: exit %d, %q %q", code, out, errs)
	}
	t.Run("DefaultFromConfig", func(t *testing.T) {
		out, errs, code := stoRunEnv([]string{"BFBOT_DATABASE_PATH=" + db}, "check")
		if code != 0 || !strings.Contains(out, db+": ok") {
			t.Errorf("check with BFBOT_DATABASE_PATH: exit %d, %q %q", code, out, errs)
		}
	})
}

// Ensure the tools' bad command lines exit 2 and failures exit 1, each
// with a message naming the problem.
func TestDatabaseToolErrors(t *testing.T) {
	db := stoDB(t)
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.json")
	os.WriteFile(bad, []byte(`{"format":"other"}`), 0o644)
	for _, tc := range []struct {
		args []string
		want string
		code int
	}{
		{[]string{"check", "x", "--db", db}, "check takes no arguments", 2},
		{[]string{"export", "--db", db}, "give the campaign's ID", 2},
		{[]string{"export", "--campaign", "0", "--db", db}, "a number from 1", 2},
		{[]string{"export", "--campaign", "9", "--db", db}, "campaign 9: no such campaign", 1},
		{[]string{"import", "--db", db}, "name one exported campaign file", 2},
		{[]string{"import", filepath.Join(dir, "none.json"), "--db", db}, "no such file", 1},
		{[]string{"import", bad, "--db", db}, "not a bfbot campaign export", 1},
		{[]string{"import", db, "--db", filepath.Join(dir, "other.db")}, "is a bfbot database file, not a campaign export: read it with --db", 1},
		{[]string{"backup", "--db", db}, "name one file", 2},
		{[]string{"backup", "", "--db", db}, "name one file", 2},
		{[]string{"backup", db, "--db", db}, "is the database itself", 2},
		{[]string{"check", "--db", filepath.Join(dir, "none.db")}, "none.db: no such database file: name the bot's database with --db FILE", 1},
		{[]string{"export", "--campaign", "1", "--db", filepath.Join(dir, "none.db")}, "none.db: no such database file", 1},
	} {
		_, errs, code := run(t, tc.args...)
		if code != tc.code || !strings.Contains(errs, tc.want) {
			t.Errorf("bfbot %s: exit %d, stderr %q; want exit %d and %q", strings.Join(tc.args, " "), code, errs, tc.code, tc.want)
		}
	}
	t.Run("ErrLocked", func(t *testing.T) {
		s, err := storage.Open(db, storage.Options{})
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		// The tools that read are told how to read it anyway: through a
		// copy the bot makes; import, which writes, to stop the bot.
		for _, args := range [][]string{{"check", "--db", db}, {"export", "--campaign", "1", "--db", db}} {
			_, errs, code := run(t, args...)
			if code != 1 || !strings.Contains(errs, db+" is held by a running bot") || !strings.Contains(errs, "bfbot backup COPY.db --db "+db) {
				t.Errorf("bfbot %s of a held file: exit %d, %q", strings.Join(args, " "), code, errs)
			}
		}
		doc := filepath.Join(t.TempDir(), "c.json")
		if err := os.WriteFile(doc, stoExport(t), 0o600); err != nil {
			t.Fatal(err)
		}
		_, errs, code := run(t, "import", doc, "--db", db)
		if code != 1 || !strings.Contains(errs, db+" is held by a running bot") || !strings.Contains(errs, "stop it first") {
			t.Errorf("import into a held file: exit %d, %q", code, errs)
		}
	})
}

// Ensure `bfbot import` of a campaign whose channel already holds a
// running campaign (the same export imported twice) is refused, naming
// that campaign, with nothing written: two would run their deadlines
// side by side and every command in the channel would have to name one
// (ruling CH2). A campaign that ran there and is over leaves the channel
// free, as it does for /campaign create.
func TestImportIntoHeldChannel(t *testing.T) {
	ctx := context.Background()
	db := stoDBIn(t, "g1", "c1")
	out, errs, code := run(t, "export", "--campaign", "1", "--db", db)
	if code != 0 {
		t.Fatalf("export: exit %d, %s", code, errs)
	}
	doc := filepath.Join(t.TempDir(), "c.json")
	if err := os.WriteFile(doc, []byte(out), 0o600); err != nil {
		t.Fatal(err)
	}
	_, errs, code = run(t, "import", doc, "--db", db)
	if code != 1 || !strings.Contains(errs, "campaign #1 “tools test” is running in its channel") || !strings.Contains(errs, "/campaign end") {
		t.Errorf("import into a held channel: exit %d, stderr %q", code, errs)
	}
	s, err := storage.Open(db, storage.Options{})
	if err != nil {
		t.Fatal(err)
	}
	list, err := s.List(ctx)
	if err != nil || len(list) != 1 {
		t.Errorf("after the refused import: %d campaigns (%v), want 1", len(list), err)
	}
	// Over, the campaign leaves its channel free.
	if _, err := s.Update(ctx, 1, func(c *campaign.Campaign, _ *dice.Dice) (*campaign.Campaign, error) {
		c.Phase = campaign.PhaseOver
		return c, nil
	}); err != nil {
		t.Fatal(err)
	}
	s.Close()
	if out, errs, code := run(t, "import", doc, "--db", db); code != 0 || !strings.Contains(out, "is campaign 2") {
		t.Errorf("import once the channel's campaign is over: exit %d, %q %q", code, out, errs)
	}
}

// Ensure an import that fails on its document makes no database file:
// a mistyped --db, or a file that is no export, must not leave an empty
// database behind.
func TestImportBadDocumentMakesNoDatabase(t *testing.T) {
	dir := t.TempDir()
	notExport := filepath.Join(dir, "notes.txt")
	if err := os.WriteFile(notExport, []byte("hello\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(dir, "new.db")
	if _, errs, code := run(t, "import", notExport, "--db", db); code != 1 || !strings.Contains(errs, "not a bfbot campaign export") {
		t.Errorf("import of a text file: exit %d, stderr %q", code, errs)
	}
	if _, err := os.Stat(db); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a failed import left %s behind (%v)", db, err)
	}
}

// Ensure the database tools read the config file the bot runs with, given
// as serve takes it (--config), so that `bfbot backup copy.db --config
// bfbot.toml` copies the bot's database_path and an import lands there,
// not in a new bfbot.db of the working directory.
func TestDatabaseToolsConfigFlag(t *testing.T) {
	db := stoDB(t)
	dir := t.TempDir()
	cfg := filepath.Join(dir, "bfbot.toml")
	if err := os.WriteFile(cfg, []byte(fmt.Sprintf("database_path = %q\n", db)), 0o600); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	if out, errs, code := run(t, "check", "--config", cfg); code != 0 || !strings.Contains(out, db+": ok") {
		t.Errorf("check --config: exit %d, %q %q", code, out, errs)
	}
	doc, errs, code := run(t, "export", "--campaign", "1", "--config", cfg)
	if code != 0 {
		t.Fatalf("export --config: exit %d, %q", code, errs)
	}
	if err := os.WriteFile("c1.json", []byte(doc), 0o600); err != nil {
		t.Fatal(err)
	}
	if out, errs, code := run(t, "import", "c1.json", "--config", cfg); code != 0 || !strings.Contains(out, "is campaign 2 in "+db) {
		t.Errorf("import --config: exit %d, %q %q", code, out, errs)
	}
	if out, errs, code := run(t, "backup", "copy.db", "--config", cfg); code != 0 || !strings.Contains(out, "of "+db) {
		t.Errorf("backup --config: exit %d, %q %q", code, out, errs)
	}
	if _, err := os.Stat("bfbot.db"); err == nil {
		t.Error("a tool made bfbot.db in the working directory")
	}
	if _, errs, code := run(t, "check", "--config", filepath.Join(dir, "none.toml")); code != 1 || !strings.Contains(errs, "none.toml") {
		t.Errorf("check --config of a missing file: exit %d, %q", code, errs)
	}
}

// oldSchemaCopy is a copy of a database file an older bfbot wrote
// (schema 9), and its bytes.
func oldSchemaCopy(t *testing.T) (string, []byte) {
	t.Helper()
	old, err := os.ReadFile(filepath.Join("storage", "testdata", "v9.db"))
	if err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(t.TempDir(), "old.db")
	if err := os.WriteFile(db, old, 0o600); err != nil {
		t.Fatal(err)
	}
	return db, old
}

// Ensure a tool that only reads, given a file an older bfbot wrote, says
// how to migrate it: which programs do, and to copy it first if an older
// bfbot must still read it.
func TestReadOldSchemaSaysHow(t *testing.T) {
	db, old := oldSchemaCopy(t)
	for _, args := range [][]string{{"check", "--db", db}, {"export", "--campaign", "1", "--db", db}} {
		_, errs, code := run(t, args...)
		if code != 1 || !strings.Contains(errs, "needs migrating from schema 9") || !strings.Contains(errs, "bfbot console --db "+db+" </dev/null") || !strings.Contains(errs, "copy the file first") {
			t.Errorf("bfbot %s: exit %d, stderr %q", strings.Join(args, " "), code, errs)
		}
	}
	if got, err := os.ReadFile(db); err != nil || !bytes.Equal(got, old) {
		t.Errorf("a tool that only reads changed the old file (%v)", err)
	}
}

// Ensure a program that migrates a file an older bfbot wrote says so (an
// older bfbot can no longer read it), once: the console and import on
// stderr; the next open migrates nothing and says nothing.
func TestMigrationIsTold(t *testing.T) {
	db, _ := oldSchemaCopy(t)
	want := fmt.Sprintf("%s: migrated from schema 9 to %d: an older bfbot can no longer read it", db, storage.SchemaVersion)
	for i, wantTold := range []bool{true, false} {
		var out, errb bytes.Buffer
		m := &Main{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb}
		if code := m.ExitCode(m.Run(context.Background(), []string{"console", "--db", db, "--out", t.TempDir()})); code != 0 {
			t.Fatalf("console %d: exit %d: %s", i, code, errb.String())
		}
		if told := strings.Contains(errb.String(), want); told != wantTold {
			t.Errorf("console %d: stderr %q; told of the migration: %v, want %v", i, errb.String(), told, wantTold)
		}
	}
}

// Ensure `bfbot backup FILE` replaces an older copy but never a file that
// is no database (bfbot backup bfbot.toml, the name completed wrong):
// that file is left as it was, named in the refusal.
func TestBackupKeepsOtherFiles(t *testing.T) {
	db := stoDB(t)
	dir := t.TempDir()
	older := filepath.Join(dir, "copy.db")
	if _, errs, code := run(t, "backup", older, "--db", db); code != 0 {
		t.Fatalf("first backup: exit %d, %s", code, errs)
	}
	if _, errs, code := run(t, "backup", older, "--db", db); code != 0 {
		t.Errorf("backup over an older copy: exit %d, %s", code, errs)
	}
	cfg := filepath.Join(dir, "bfbot.toml")
	want := []byte("application_id = \"1\"\n")
	if err := os.WriteFile(cfg, want, 0o600); err != nil {
		t.Fatal(err)
	}
	_, errs, code := run(t, "backup", cfg, "--db", db)
	if code != 1 || !strings.Contains(errs, cfg+" exists and is not a bfbot database") {
		t.Errorf("backup over a config file: exit %d, stderr %q", code, errs)
	}
	if got, err := os.ReadFile(cfg); err != nil || !bytes.Equal(got, want) {
		t.Errorf("the config file was replaced (%v)", err)
	}
}

// stoExport is the export document of stoDB's campaign.
func stoExport(t *testing.T) []byte {
	t.Helper()
	out, errs, code := run(t, "export", "--campaign", "1", "--db", stoDB(t))
	if code != 0 {
		t.Fatalf("export: exit %d, %s", code, errs)
	}
	return []byte(out)
}

// Ensure the database tools check the settings that say where the
// campaigns are: a misspelt store is refused, naming it, rather than
// read as the default and an import written into a new bfbot.db; a
// setting the tools do not use (a bad time zone) does not stop them.
func TestDatabaseToolsCheckStore(t *testing.T) {
	db := stoDB(t)
	dir := t.TempDir()
	t.Chdir(dir)
	bad := filepath.Join(dir, "bad.toml")
	if err := os.WriteFile(bad, []byte("store = \"etdc\"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile("c1.json", stoExport(t), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"check"}, {"import", "c1.json"}, {"backup", "copy.db"}, {"export", "--campaign", "1"}} {
		_, errs, code := run(t, append(args, "--config", bad)...)
		if code != 1 || !strings.Contains(errs, `store "etdc" is not a store`) {
			t.Errorf("bfbot %s with store etdc: exit %d, stderr %q", args[0], code, errs)
		}
	}
	if _, err := os.Stat("bfbot.db"); err == nil {
		t.Error("a tool made bfbot.db in the working directory")
	}
	// --db names the file: the configured store is not read, so its
	// settings do not refuse it.
	if out, errs, code := run(t, "check", "--db", db, "--config", bad); code != 0 {
		t.Errorf("check --db with store etdc in the config: exit %d, %q %q", code, out, errs)
	}
	odd := filepath.Join(dir, "odd.toml")
	if err := os.WriteFile(odd, []byte(fmt.Sprintf("database_path = %q\ntime_zone = \"Mars/Base\"\n", db)), 0o600); err != nil {
		t.Fatal(err)
	}
	if out, errs, code := run(t, "check", "--config", odd); code != 0 {
		t.Errorf("check with a bad time zone in the config: exit %d, %q %q", code, out, errs)
	}
}
