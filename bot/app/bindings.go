package app

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"sync"

	"bfbot/bot/discord"
	"bfbot/campaign"
	"bfbot/referee/dice"
	"bfbot/storage"
)

// Names of a campaign's Binding records.
const (
	// bindingChannel is where /campaign create ran (channelBinding), as
	// bfbot kept it before the campaign recorded its own place
	// (Campaign.Guild, Campaign.Channel): read once on open and moved
	// into the campaign (migratePlaces), never written again.
	bindingChannel = "channel"
	bindingStatus  = "status" // the pinned status message: statusBinding
	// bindingThread + battle ID: the battle's thread id (plain text).
	bindingThread = "thread-"
)

// channelBinding is a campaign's place: where public replies of
// scheduled turns go and where the status message is pinned.
type channelBinding struct {
	Guild   string `json:"guild"`
	Channel string `json:"channel"`
}

// statusBinding is the pinned status message of a campaign.
type statusBinding struct {
	Channel string `json:"channel"`
	Message string `json:"message"`
	Sum     string `json:"sum,omitempty"` // of the text last written (discord.StatusRef)
}

// bindings finds the place of a campaign (Campaign.Guild and .Channel,
// which the command layer sets when the campaign is made): a copy in
// memory, since a place never changes and every post asks for it.
type bindings struct {
	db storage.Campaigns

	mu        sync.Mutex
	byChannel map[string]int64 // the newest campaign of each channel
	channels  map[int64]channelBinding
}

// loadBindings moves the old channel records into their campaigns and
// reads every campaign's place; a campaign with a damaged binding
// record is added to damaged (everyRecord).
func loadBindings(ctx context.Context, db storage.Campaigns, log *slog.Logger, damaged *damagedSet) (*bindings, error) {
	if err := migratePlaces(ctx, db, log, damaged); err != nil {
		return nil, err
	}
	b := &bindings{db: db, byChannel: map[string]int64{}, channels: map[int64]channelBinding{}}
	list, err := db.List(ctx)
	if err != nil {
		return nil, fmt.Errorf("reading the campaigns' channels: %w", err)
	}
	for _, s := range list {
		b.remember(s.ID, channelBinding{Guild: s.Guild, Channel: s.Channel})
	}
	return b, nil
}

// migratePlaces gives each campaign that has no place the channel its
// old Binding record names (databases of bfbot before Campaign.Channel),
// so an old campaign keeps its channel and its channel's rules.
func migratePlaces(ctx context.Context, db storage.Campaigns, log *slog.Logger, damaged *damagedSet) error {
	recs, err := everyRecord(ctx, db, storage.Binding, log, damaged)
	if err != nil {
		return fmt.Errorf("reading the campaigns' channels: %w", err)
	}
	for _, r := range recs {
		if r.Name != bindingChannel {
			continue
		}
		var cb channelBinding
		if err := json.Unmarshal(r.Value, &cb); err != nil {
			return fmt.Errorf("%s: %w", r.RecordKey, err)
		}
		c, err := db.Get(ctx, r.Campaign)
		var re *storage.RecordError
		switch {
		case errors.Is(err, storage.ErrNotFound):
			continue
		case errors.As(err, &re):
			// A damaged campaign is left as it is (its commands are
			// refused) and the others are served.
			log.Error("damaged campaign's channel left as it is: restore the database from a backup", "campaign", r.Campaign, "err", err)
			continue
		case err != nil:
			return fmt.Errorf("campaign %d: %w", r.Campaign, err)
		}
		if c.Channel != "" || cb.Channel == "" {
			continue
		}
		_, err = db.Update(ctx, r.Campaign, func(c *campaign.Campaign, _ *dice.Dice) (*campaign.Campaign, error) {
			n := c.Clone()
			n.Guild, n.Channel = cb.Guild, cb.Channel
			return n, nil
		})
		if err != nil {
			return fmt.Errorf("moving the channel of campaign %d into it: %w", r.Campaign, err)
		}
	}
	return nil
}

// remember keeps a campaign's place (nothing for a campaign without one).
func (b *bindings) remember(id int64, cb channelBinding) {
	if cb.Channel == "" {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	b.channels[id] = cb
	if id > b.byChannel[cb.Channel] {
		b.byChannel[cb.Channel] = id
	}
}

// channel returns the campaign's place; false for a campaign without one.
func (b *bindings) channel(id int64) (channelBinding, bool) {
	b.mu.Lock()
	cb, ok := b.channels[id]
	b.mu.Unlock()
	if ok {
		return cb, true
	}
	// A campaign made since the bot started.
	c, err := b.db.Get(context.Background(), id)
	if err != nil {
		return channelBinding{}, false
	}
	// Copies: the campaign's strings may be its stored document's
	// memory (storage's decodeKeptDoc), 30 KB a campaign kept alive for
	// as long as the bot runs.
	cb = channelBinding{Guild: strings.Clone(c.Guild), Channel: strings.Clone(c.Channel)}
	b.remember(id, cb)
	return cb, cb.Channel != ""
}

// campaignIn returns the newest campaign made in channel.
func (b *bindings) campaignIn(channel string) (int64, bool) {
	if channel == "" {
		return 0, false
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	id, ok := b.byChannel[channel]
	return id, ok
}

// campaigns lists the campaigns that have a channel.
func (b *bindings) campaigns() []int64 {
	b.mu.Lock()
	defer b.mu.Unlock()
	out := make([]int64, 0, len(b.channels))
	for id := range b.channels {
		out = append(out, id)
	}
	return out
}

// channelOf is the Discord adapter's question (discord.WithPlaces): the
// channel a campaign's public replies go to.
func (b *bindings) channelOf(id int64) (string, bool) {
	cb, ok := b.channel(id)
	return cb.Channel, ok
}

// statusKey is the adapter's key of a campaign's status message.
func statusKey(id int64) string { return "campaign-" + strconv.FormatInt(id, 10) }

// threadStore is the Discord adapter's ThreadStore, kept in the
// campaign's Binding records so that a restart posts in the battle's
// thread and edits the pinned status message instead of starting or
// pinning a second one. Battle IDs count from 1 in every campaign, so a
// thread is a record of its campaign named by its battle. Keys with no
// campaign (a battle reply outside one; a status key not "campaign-N")
// are kept in memory.
type threadStore struct {
	mem *discord.MemoryStore
	db  storage.Campaigns
}

var _ discord.ThreadStore = (*threadStore)(nil)

func newThreadStore(db storage.Campaigns) *threadStore {
	return &threadStore{mem: discord.NewMemoryStore(), db: db}
}

func campaignOfKey(key string) (int64, bool) {
	n, err := strconv.ParseInt(strings.TrimPrefix(key, "campaign-"), 10, 64)
	return n, err == nil && strings.HasPrefix(key, "campaign-") && n > 0
}

// threadKey is the Binding record of a campaign's battle thread.
func threadKey(campaign, battle int64) storage.RecordKey {
	return storage.RecordKey{Campaign: campaign, Kind: storage.Binding, Name: bindingThread + strconv.FormatInt(battle, 10)}
}

// BattleThread implements discord.ThreadStore.
func (t *threadStore) BattleThread(campaign, battle int64) (string, bool, error) {
	if campaign <= 0 {
		return t.mem.BattleThread(campaign, battle)
	}
	v, err := t.db.GetRecord(context.Background(), threadKey(campaign, battle))
	if err != nil || len(v) == 0 {
		return "", false, err
	}
	return string(v), true, nil
}

// SetBattleThread implements discord.ThreadStore.
func (t *threadStore) SetBattleThread(campaign, battle int64, threadID string) error {
	if campaign <= 0 {
		return t.mem.SetBattleThread(campaign, battle, threadID)
	}
	return t.db.PutRecord(context.Background(), threadKey(campaign, battle), []byte(threadID))
}

// StatusMessage implements discord.ThreadStore.
func (t *threadStore) StatusMessage(channelID, key string) (discord.StatusRef, bool, error) {
	id, ok := campaignOfKey(key)
	if !ok {
		return t.mem.StatusMessage(channelID, key)
	}
	v, err := t.db.GetRecord(context.Background(), storage.RecordKey{Campaign: id, Kind: storage.Binding, Name: bindingStatus})
	if err != nil || v == nil {
		return discord.StatusRef{}, false, err
	}
	var sb statusBinding
	if err := json.Unmarshal(v, &sb); err != nil {
		return discord.StatusRef{}, false, fmt.Errorf("status message of campaign %d: %w", id, err)
	}
	if sb.Channel != channelID || sb.Message == "" {
		return discord.StatusRef{}, false, nil
	}
	return discord.StatusRef{Message: sb.Message, Sum: sb.Sum}, true, nil
}

// SetStatusMessage implements discord.ThreadStore.
func (t *threadStore) SetStatusMessage(channelID, key string, ref discord.StatusRef) error {
	id, ok := campaignOfKey(key)
	if !ok {
		return t.mem.SetStatusMessage(channelID, key, ref)
	}
	v, err := json.Marshal(statusBinding{Channel: channelID, Message: ref.Message, Sum: ref.Sum})
	if err != nil {
		return err
	}
	return t.db.PutRecord(context.Background(), storage.RecordKey{Campaign: id, Kind: storage.Binding, Name: bindingStatus}, v)
}
