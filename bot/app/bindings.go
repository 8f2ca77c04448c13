package app

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"bfbot/bot/discord"
	"bfbot/storage"
)

// Names of a campaign's Binding records.
const (
	bindingChannel = "channel" // where /campaign create ran: channelBinding
	bindingStatus  = "status"  // the pinned status message: statusBinding
	// bindingThread + battle ID: the battle's thread id (plain text).
	bindingThread = "thread-"
)

// channelBinding is the campaign's channel: where public replies of
// scheduled turns go and where the status message is pinned.
type channelBinding struct {
	Guild   string `json:"guild"`
	Channel string `json:"channel"`
}

// statusBinding is the pinned status message of a campaign.
type statusBinding struct {
	Channel string `json:"channel"`
	Message string `json:"message"`
}

// bindings keeps the campaign ↔ channel bindings: in the database, with a
// copy in memory for the channel → campaign look-up every command makes.
type bindings struct {
	db storage.Campaigns

	mu        sync.Mutex
	byChannel map[string]int64
	channels  map[int64]channelBinding
}

// loadBindings reads every campaign's channel binding.
func loadBindings(ctx context.Context, db storage.Campaigns) (*bindings, error) {
	b := &bindings{db: db, byChannel: map[string]int64{}, channels: map[int64]channelBinding{}}
	recs, err := db.Records(ctx, 0, storage.Binding)
	if err != nil {
		return nil, fmt.Errorf("reading the campaigns' channels: %w", err)
	}
	for _, r := range recs {
		if r.Name != bindingChannel {
			continue
		}
		var cb channelBinding
		if err := json.Unmarshal(r.Value, &cb); err != nil {
			return nil, fmt.Errorf("%s: %w", r.RecordKey, err)
		}
		b.channels[r.Campaign] = cb
		if cb.Channel != "" {
			b.byChannel[cb.Channel] = r.Campaign
		}
	}
	return b, nil
}

// bind remembers that campaign id lives in channel.
func (b *bindings) bind(ctx context.Context, id int64, cb channelBinding) error {
	v, err := json.Marshal(cb)
	if err != nil {
		return err
	}
	if err := b.db.PutRecord(ctx, storage.RecordKey{Campaign: id, Kind: storage.Binding, Name: bindingChannel}, v); err != nil {
		return fmt.Errorf("remembering the channel of campaign %d: %w", id, err)
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	b.channels[id] = cb
	b.byChannel[cb.Channel] = id
	return nil
}

// channel returns the campaign's channel binding.
func (b *bindings) channel(id int64) (channelBinding, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	cb, ok := b.channels[id]
	return cb, ok && cb.Channel != ""
}

// campaignIn returns the campaign created in channel.
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
func (t *threadStore) StatusMessage(channelID, key string) (string, bool, error) {
	id, ok := campaignOfKey(key)
	if !ok {
		return t.mem.StatusMessage(channelID, key)
	}
	v, err := t.db.GetRecord(context.Background(), storage.RecordKey{Campaign: id, Kind: storage.Binding, Name: bindingStatus})
	if err != nil || v == nil {
		return "", false, err
	}
	var sb statusBinding
	if err := json.Unmarshal(v, &sb); err != nil {
		return "", false, fmt.Errorf("status message of campaign %d: %w", id, err)
	}
	if sb.Channel != channelID || sb.Message == "" {
		return "", false, nil
	}
	return sb.Message, true, nil
}

// SetStatusMessage implements discord.ThreadStore.
func (t *threadStore) SetStatusMessage(channelID, key, messageID string) error {
	id, ok := campaignOfKey(key)
	if !ok {
		return t.mem.SetStatusMessage(channelID, key, messageID)
	}
	v, err := json.Marshal(statusBinding{Channel: channelID, Message: messageID})
	if err != nil {
		return err
	}
	return t.db.PutRecord(context.Background(), storage.RecordKey{Campaign: id, Kind: storage.Binding, Name: bindingStatus}, v)
}
