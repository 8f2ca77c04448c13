package app

import (
	"context"
	"fmt"
	"strings"

	"bfbot/bot/command"
	"bfbot/storage"
)

// bindingRemind + user ID is a campaign's Binding record of a player who
// asked for deadline reminders (/orders remind state:on); a player with
// no record gets none (opt-in, ruling POL1). The value is "on"; turning
// them off deletes the record.
const bindingRemind = "remind-"

var _ command.ReminderPrefs = (*Store)(nil)

// SetRemind implements command.ReminderPrefs.
func (s *Store) SetRemind(ctx context.Context, id int64, user string, on bool) error {
	if user == "" {
		return fmt.Errorf("reminders of campaign %d: no user", id)
	}
	if err := s.damaged.err(id); err != nil {
		return err
	}
	var v []byte
	if on {
		v = []byte("on")
	}
	key := storage.RecordKey{Campaign: id, Kind: storage.Binding, Name: bindingRemind + user}
	return mapErr(s.db.PutRecord(ctx, key, v))
}

// Reminded implements command.ReminderPrefs.
func (s *Store) Reminded(ctx context.Context, id int64) (map[string]bool, error) {
	recs, err := s.db.Records(ctx, id, storage.Binding)
	if err != nil {
		return nil, mapErr(err)
	}
	out := map[string]bool{}
	for _, r := range recs {
		if user, ok := strings.CutPrefix(r.Name, bindingRemind); ok && user != "" && len(r.Value) > 0 {
			out[user] = true
		}
	}
	return out, nil
}
