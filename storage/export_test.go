package storage

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
)

// Ensure an exported campaign imports into another store under a new ID
// as the same campaign with the same dice, in a readable document.
func TestExportImport(t *testing.T) { stoEach(t, testExportImport) }

func testExportImport(t *testing.T, e stoEngine) {
	ctx := context.Background()
	from, to := e.open(t, Options{}), e.open(t, Options{})
	id := stoCreate(t, from, 7)
	for i := 0; i < 3; i++ {
		if _, err := from.Update(ctx, id, stoStep); err != nil {
			t.Fatal(err)
		}
	}
	stoCreate(t, to, 1) // so the import gets ID 2
	doc, err := from.Export(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"format": "bfbot-campaign"`, `"version": 1`, `"revision": 4`, "\n    \"name\": \"storage test\""} {
		if !bytes.Contains(doc, []byte(want)) {
			t.Errorf("export does not hold %s", want)
		}
	}
	got, err := to.Import(ctx, doc)
	if err != nil {
		t.Fatal(err)
	}
	if got != 2 {
		t.Errorf("imported as campaign %d, want 2", got)
	}
	a, err := from.Update(ctx, id, stoStep)
	if err != nil {
		t.Fatal(err)
	}
	b, err := to.Update(ctx, got, stoStep)
	if err != nil {
		t.Fatal(err)
	}
	b.ID = a.ID
	stoSameJSON(t, b, a) // same campaign, same next roll
	if n := stoSnapshots(t, to, got); n != 1 {
		t.Errorf("imported campaign has %d snapshots after one change, want 1 (no history)", n)
	}
}

// Ensure Import refuses documents it cannot trust, writing nothing.
func TestImportRefuses(t *testing.T) { stoEach(t, testImportRefuses) }

func testImportRefuses(t *testing.T, e stoEngine) {
	ctx := context.Background()
	s := e.open(t, Options{})
	good, err := func() ([]byte, error) { id := stoCreate(t, s, 7); return s.Export(ctx, id) }()
	if err != nil {
		t.Fatal(err)
	}
	replace := func(old, new string) []byte { return bytes.Replace(good, []byte(old), []byte(new), 1) }
	tests := []struct {
		name string
		doc  []byte
		want error
	}{
		{"NotJSON", []byte("hello"), ErrBadExport},
		{"OtherFormat", replace(`"bfbot-campaign"`, `"bfbot-battle"`), ErrBadExport},
		{"NewerVersion", replace(`"version": 1`, `"version": 2`), ErrBadExport},
		{"UnknownField", replace(`"version": 1`, `"version": 1, "extra": 1`), ErrBadExport},
		{"BadDice", replace(`"dice": "`, `"dice": "x`), ErrBadExport},
		{"NoCampaign", replace(`"campaign": {`, `"campaign": null, "x": {`), ErrBadExport},
		{"BrokenCampaign", replace(`"vp": 0`, `"vp": 3`), ErrInvalid},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if bytes.Equal(tt.doc, good) {
				t.Fatal("test document unchanged")
			}
			if _, err := s.Import(ctx, tt.doc); !errors.Is(err, tt.want) {
				t.Errorf("Import = %v, want %v", err, tt.want)
			}
			if list, _ := s.List(ctx); len(list) != 1 {
				t.Errorf("refused import stored a campaign: %d campaigns", len(list))
			}
		})
	}
}

// Ensure a backup taken while campaigns change opens and passes Check,
// holding a state that was committed.
func TestBackupWhileWriting(t *testing.T) { stoEach(t, testBackupWhileWriting) }

func testBackupWhileWriting(t *testing.T, e stoEngine) {
	ctx := context.Background()
	s := e.open(t, Options{Snapshots: 5})
	ids := []int64{stoCreate(t, s, 1), stoCreate(t, s, 2)}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for _, id := range ids {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case <-stop:
					return
				default:
				}
				if _, err := s.Update(ctx, id, stoStep); err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	dir := t.TempDir()
	// Five backups at least, and more until both writers have changed
	// their campaigns in between (a loaded machine may run a writer late).
	changed := func() bool {
		list, _ := s.List(ctx)
		return len(list) == 2 && list[0].Revision >= 2 && list[1].Revision >= 2
	}
	for i := 0; i < 5 || (i < 100 && !changed()); i++ {
		path := filepath.Join(dir, fmt.Sprintf("backup%d.db", i))
		f, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		n, err := s.Backup(ctx, f)
		if err := errors.Join(err, f.Close()); err != nil {
			t.Fatal(err)
		}
		if st, _ := os.Stat(path); st.Size() != n {
			t.Errorf("backup wrote %d bytes, file has %d", n, st.Size())
		}
		b, err := Open(path, Options{Snapshots: 5, ReadOnly: true})
		if err != nil {
			t.Fatal(err)
		}
		stoMustCheck(t, b)
		list, err := b.List(ctx)
		if err != nil || len(list) != 2 {
			t.Errorf("backup lists %v, %v; want both campaigns", list, err)
		}
		b.Close()
	}
	close(stop)
	wg.Wait()
	if list, _ := s.List(ctx); list[0].Revision < 2 || list[1].Revision < 2 {
		t.Errorf("writers made no change during the backups: %+v", list)
	}
}

// Ensure a campaign's place (Campaign.Guild, Campaign.Channel) is kept
// in its List summary, survives Check, and travels with an export (ruling
// SG2).
func TestPlaceKeptAndExported(t *testing.T) { stoEach(t, testPlaceKeptAndExported) }

func testPlaceKeptAndExported(t *testing.T, e stoEngine) {
	ctx := context.Background()
	from, to := e.open(t, Options{}), e.open(t, Options{})
	c := stoNewCampaign(t)
	c.Guild, c.Channel = "g1", "c1"
	id, err := from.Create(ctx, c, 3)
	if err != nil {
		t.Fatal(err)
	}
	list, err := from.List(ctx)
	if err != nil || len(list) != 1 || list[0].Guild != "g1" || list[0].Channel != "c1" {
		t.Fatalf("summary %+v (%v), want the place", list, err)
	}
	stoMustCheck(t, from)
	doc, err := from.Export(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	got, err := to.Import(ctx, doc)
	if err != nil {
		t.Fatal(err)
	}
	if n, err := to.Get(ctx, got); err != nil || n.Guild != "g1" || n.Channel != "c1" {
		t.Errorf("imported campaign lives in %q/%q (%v), want g1/c1", n.Guild, n.Channel, err)
	}
	stoMustCheck(t, to)
}

// Ensure a backup holding settings allowed when it was taken and bounded
// since, deadlines closer than an hour apart (ruling SCH5), a
// turn_limit past campaign.MaxTurnLimit (CB15) and a battle_turn_limit
// past campaign.MaxBattleTurnLimit (CB20), still imports with them,
// as stored campaigns keep theirs: every backup restores.
func TestImportKeepsOldSettings(t *testing.T) { stoEach(t, testImportKeepsOldSettings) }

func testImportKeepsOldSettings(t *testing.T, e stoEngine) {
	ctx := context.Background()
	s := e.open(t, Options{})
	c := stoNewCampaign(t)
	c.Settings.OrderDeadline, c.Settings.BattleDeadline = "*/15 * * * *", "* * * * *"
	c.Settings.TurnLimit, c.Settings.BattleTurnLimit = 150, 80
	id, err := s.Create(ctx, c, 7)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := s.Export(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	got, err := s.Import(ctx, doc)
	if err != nil {
		t.Fatalf("a backup with deadlines every minute, turn_limit 150 and battle_turn_limit 80 was refused: %v", err)
	}
	n, err := s.Get(ctx, got)
	if err != nil {
		t.Fatal(err)
	}
	if st := n.Settings; st.OrderDeadline != "*/15 * * * *" || st.BattleDeadline != "* * * * *" || st.TurnLimit != 150 || st.BattleTurnLimit != 80 {
		t.Errorf("imported deadlines %q, %q, turn_limit %d, battle_turn_limit %d, want them kept", st.OrderDeadline, st.BattleDeadline, st.TurnLimit, st.BattleTurnLimit)
	}
}
