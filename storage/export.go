package storage

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"

	bolt "go.etcd.io/bbolt"

	"bfbot/campaign"
	"bfbot/config"
	"bfbot/referee/dice"
	"bfbot/referee/scenario"
)

// Export document format: ExportFormat names it, ExportVersion is the
// newest version this bfbot writes and reads.
const (
	ExportFormat  = "bfbot-campaign"
	ExportVersion = 1
)

// exportDoc is a campaign as one readable JSON document. It holds what
// another bot needs to go on playing: the campaign and its dice state.
// Undo snapshots, schedule entries, markers and Discord bindings stay with
// the bot that made them (ruling SG2): the importing bot binds its own
// channels and builds its schedule from the campaign's settings.
type exportDoc struct {
	Format  string `json:"format"`
	Version int    `json:"version"`
	// Revision is the exporting bot's revision, for the record.
	Revision uint64 `json:"revision"`
	// Dice is the dice state (dice.Seeded.MarshalText).
	Dice     string             `json:"dice"`
	Campaign *campaign.Campaign `json:"campaign"`
}

// Export returns the campaign as an indented JSON document.
func (s *Store) Export(ctx context.Context, id int64) ([]byte, error) {
	var out []byte
	err := s.view(ctx, func(tx *bolt.Tx) error {
		_, st, e, err := s.load(tx, id)
		if err != nil {
			return err
		}
		out, err = exportJSON(id, st, e.c)
		return err
	})
	return out, err
}

// exportJSON is the export document of campaign c at revision st.
func exportJSON(id int64, st state, c *campaign.Campaign) ([]byte, error) {
	seeded, err := st.seeded(id)
	if err != nil {
		return nil, err
	}
	text, err := seeded.MarshalText()
	if err != nil {
		return nil, err
	}
	out, err := json.MarshalIndent(exportDoc{ExportFormat, ExportVersion, st.rev, string(text), c}, "", "  ")
	if err == nil {
		// The log's chunks are unpacked as it is written out: one
		// that could not be would be exported as placeholders.
		if err = c.Log.Err(); err != nil {
			err = fmt.Errorf("campaign %d: not exported, as its log could not be read: %w", id, err)
		}
	}
	return append(out, '\n'), err
}

// Import loads an exported campaign under the next free ID, at revision
// 1 with no undo history, and returns the ID. A document of another
// format, a newer version, or a campaign that fails campaign.Check is
// refused with nothing written.
// MaxImportBytes caps an imported document: a campaign of a thousand
// turns with its whole log exports to a few MiB.
const MaxImportBytes = 64 << 20

func (s *Store) Import(ctx context.Context, data []byte) (int64, error) {
	c, diceState, err := parseImport(data)
	if err != nil {
		return 0, err
	}
	id, err := s.create(ctx, c, diceState)
	if err != nil {
		return 0, fmt.Errorf("import: %w", err)
	}
	return id, nil
}

// ReadExport reads and checks an export document as Import does, and
// returns its campaign, writing nothing: a program can refuse a document,
// or look at where its campaign lives, before it opens a store.
func ReadExport(data []byte) (*campaign.Campaign, error) {
	c, _, err := parseImport(data)
	return c, err
}

// parseImport reads and checks an export document: the campaign (with
// its battles' maps) and its dice state. Nothing is written before it
// passes.
func parseImport(data []byte) (*campaign.Campaign, []byte, error) {
	if len(data) > MaxImportBytes {
		return nil, nil, fmt.Errorf("import: %w: %d bytes is more than the %d MiB a campaign export may have", ErrBadExport, len(data), MaxImportBytes>>20)
	}
	if hasBoltMagic(data) {
		return nil, nil, fmt.Errorf("import: %w: the file is a bfbot database file, not a campaign export: read it with --db FILE (bfbot export --campaign ID --db FILE writes an export)", ErrBadExport)
	}
	var doc exportDoc
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&doc); err != nil {
		return nil, nil, fmt.Errorf("import: %w: %v", ErrBadExport, err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, nil, fmt.Errorf("import: %w: data after the end of the JSON document (at byte %d): an export is one document", ErrBadExport, dec.InputOffset())
	}
	switch {
	case doc.Format != ExportFormat:
		return nil, nil, fmt.Errorf("import: %w: format %q, want %q", ErrBadExport, doc.Format, ExportFormat)
	case doc.Version > ExportVersion:
		return nil, nil, fmt.Errorf("import: %w: version %d is newer than this bfbot reads (%d): upgrade bfbot", ErrBadExport, doc.Version, ExportVersion)
	case doc.Version < 1:
		return nil, nil, fmt.Errorf("import: %w: version %d: versions start at 1", ErrBadExport, doc.Version)
	case doc.Campaign == nil || doc.Campaign.Map == nil:
		return nil, nil, fmt.Errorf("import: %w: no campaign (or no strategic map) in the document", ErrBadExport)
	}
	seeded := new(dice.Seeded)
	if err := seeded.UnmarshalText([]byte(doc.Dice)); err != nil {
		return nil, nil, fmt.Errorf("import: %w: dice state: %v", ErrBadExport, err)
	}
	diceState, err := seeded.MarshalBinary()
	if err != nil {
		return nil, nil, err
	}
	// Everything is checked before anything is written (CheckImport puts
	// the battles' maps back on the way).
	if err := doc.Campaign.CheckImport(scenario.BuiltInMap); err != nil {
		return nil, nil, fmt.Errorf("import: %w: %v", ErrInvalid, err)
	}
	// The deadlines as the scheduler will read them.
	st := doc.Campaign.Settings
	if err := config.ValidateDeadlines(st.OrderDeadline, st.BattleDeadline, st.TimeZone); err != nil {
		return nil, nil, fmt.Errorf("import: %w: settings: %v", ErrInvalid, err)
	}
	return doc.Campaign, diceState, nil
}
