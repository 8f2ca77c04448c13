package app

import (
	"context"

	"bfbot/bot/command"
	"bfbot/bot/discord"
	"bfbot/storage"
)

// missedDMKey is the marker that a DM of campaign id could not reach
// user at a deadline. It is kept in the store, not in the process: the
// process that runs a campaign's deadlines (its lease, shared.go) is not
// the one that answers the player's next command (his server's shard),
// and a restart must not forget it (ruling SE5).
func missedDMKey(id int64, user string) storage.RecordKey {
	return storage.RecordKey{Campaign: id, Kind: storage.Marker, Name: "missed-dm/" + user}
}

// missedDM marks that a DM of campaign id could not reach user.
func (a *App) missedDM(ctx context.Context, id int64, user string) {
	if err := a.db.PutRecord(ctx, missedDMKey(id, user), []byte("1")); err != nil {
		a.log.Error("missed DM not recorded", "campaign", id, "user", user, "err", err)
	}
}

// tellMissedDM is the private notice to user, at a command of his in
// campaign id, that a DM of a deadline could not reach him, once: the
// marker is removed as he is told.
func (a *App) tellMissedDM(ctx context.Context, id int64, user string) (command.Reply, bool) {
	key := missedDMKey(id, user)
	if v, err := a.db.GetRecord(ctx, key); err != nil || v == nil {
		return command.Reply{}, false
	}
	if err := a.db.PutRecord(ctx, key, nil); err != nil {
		a.log.Error("missed DM marker not removed", "campaign", id, "user", user, "err", err)
	}
	return command.Reply{To: command.Private, User: user, Campaign: id, Text: discord.TextDMMissed}, true
}
