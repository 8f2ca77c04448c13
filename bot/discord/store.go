package discord

import (
	"strconv"
	"sync"
)

// ThreadStore keeps the Discord ids the adapter must find again: the thread
// of each battle and the pinned status message of each channel. Battle IDs
// count from 1 in every campaign, so a thread is keyed by campaign and
// battle (command.Reply's Campaign and Battle). The memory implementation
// forgets them on restart (a battle then gets a new thread); the bot
// persists them by giving New a store backed by its database.
type ThreadStore interface {
	// BattleThread returns the thread of a campaign's battle; ok is false
	// when none.
	BattleThread(campaign, battle int64) (threadID string, ok bool, err error)
	SetBattleThread(campaign, battle int64, threadID string) error
	// StatusMessage returns the pinned status message of key in a channel.
	StatusMessage(channelID, key string) (StatusRef, bool, error)
	SetStatusMessage(channelID, key string, ref StatusRef) error
}

// StatusRef is a pinned status message and what it was last written
// with: a digest of its text, so that an update with the same text
// leaves the message alone (every edit reaches every member of the
// channel, ruling SE9).
type StatusRef struct {
	Message string
	Sum     string
}

// BattleKey names a battle across campaigns.
type BattleKey struct{ Campaign, Battle int64 }

// MemoryStore is a ThreadStore in memory, safe for concurrent use.
type MemoryStore struct {
	mu      sync.Mutex
	threads map[BattleKey]string
	status  map[string]StatusRef
}

// NewMemoryStore returns an empty MemoryStore.
func NewMemoryStore() *MemoryStore {
	return &MemoryStore{threads: map[BattleKey]string{}, status: map[string]StatusRef{}}
}

// BattleThread implements ThreadStore.
func (s *MemoryStore) BattleThread(campaign, battle int64) (string, bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	id, ok := s.threads[BattleKey{campaign, battle}]
	return id, ok, nil
}

// SetBattleThread implements ThreadStore.
func (s *MemoryStore) SetBattleThread(campaign, battle int64, threadID string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.threads[BattleKey{campaign, battle}] = threadID
	return nil
}

// statusKey joins channel and key; a channel id is digits, so "/" cannot
// appear in it and the pair is unambiguous.
func statusKey(channelID, key string) string { return channelID + "/" + key }

// StatusMessage implements ThreadStore.
func (s *MemoryStore) StatusMessage(channelID, key string) (StatusRef, bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ref, ok := s.status[statusKey(channelID, key)]
	return ref, ok, nil
}

// SetStatusMessage implements ThreadStore.
func (s *MemoryStore) SetStatusMessage(channelID, key string, ref StatusRef) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.status[statusKey(channelID, key)] = ref
	return nil
}

// threadName is the default name of a battle's thread.
func threadName(battle int64) string { return "Battle " + strconv.FormatInt(battle, 10) }
