package discordtest

import (
	"strconv"
	"time"
)

// Gateway sharding, as Discord documents it (developers/events/gateway,
// Sharding): a client that IDENTIFYs with "shard": [shard_id, num_shards]
// gets a session of that shard. A guild's events go to shard
// (guild_id >> 22) % num_shards; direct messages to shard 0. The fake
// takes num_shards from the first IDENTIFY that sends it, and closes with
// 4010 (Invalid shard) one that names a shard outside it or another
// count. A client that sends no shard is shard 0 of 1.

// shardGateway is one shard's session: its connection, id, sequence and
// the events kept for a RESUME.
type shardGateway struct {
	gateway *gatewayConn
	session string
	seq     int64
	events  []gatewayEvent
}

// identifyShardLocked returns the session of the shard an IDENTIFY names,
// or nil with the close code of an invalid shard.
func (f *Fake) identifyShardLocked(shard []int) (*shardGateway, int) {
	if len(shard) != 2 {
		return &f.shardGateway, 0
	}
	id, count := shard[0], shard[1]
	if f.shardCount == 0 {
		f.shardCount = count
	}
	if count != f.shardCount || id < 0 || id >= count {
		return nil, 4010
	}
	if id == 0 {
		return &f.shardGateway, 0
	}
	if f.shards == nil {
		f.shards = map[int]*shardGateway{}
	}
	st, ok := f.shards[id]
	if !ok {
		st = &shardGateway{}
		f.shards[id] = st
	}
	return st, 0
}

// allShardsLocked lists every shard's session, shard 0 first.
func (f *Fake) allShardsLocked() []*shardGateway {
	out := []*shardGateway{&f.shardGateway}
	for _, st := range f.shards {
		out = append(out, st)
	}
	return out
}

// sessionShardLocked finds the shard of a session id (nil: none).
func (f *Fake) sessionShardLocked(session string) *shardGateway {
	if session == "" {
		return nil
	}
	for _, st := range f.allShardsLocked() {
		if st.session == session {
			return st
		}
	}
	return nil
}

// ShardOf is the shard Discord sends a guild's events to among count
// shards; a direct message (guild "") goes to shard 0.
func ShardOf(guild string, count int) int {
	id, err := strconv.ParseUint(guild, 10, 64)
	if guild == "" || err != nil || count <= 1 {
		return 0
	}
	return int((id >> 22) % uint64(count))
}

// shardOfLocked is the session a guild's (or a DM's) events go to.
func (f *Fake) shardOfLocked(guild string) *shardGateway {
	n := ShardOf(guild, f.shardCount)
	if n == 0 {
		return &f.shardGateway
	}
	if st, ok := f.shards[n]; ok {
		return st
	}
	// Not identified yet: the events wait in the shard's session.
	st, _ := f.identifyShardLocked([]int{n, f.shardCount})
	return st
}

// WaitShards waits until shards 0 to count-1 each have a client.
func (f *Fake) WaitShards(count int, timeout time.Duration) bool {
	return f.Wait(timeout, func() bool {
		f.mu.Lock()
		defer f.mu.Unlock()
		if f.gateway == nil {
			return false
		}
		for i := 1; i < count; i++ {
			if st := f.shards[i]; st == nil || st.gateway == nil {
				return false
			}
		}
		return true
	})
}
