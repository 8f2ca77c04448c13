package discord

import (
	"context"
	"sync"

	"github.com/bwmarrin/discordgo"
)

// A campaign lives in one channel (command.Request's place rules); its
// public replies go there, and its battles' threads live under it,
// whatever channel or DM a command came from. The adapter learns the
// channel of a campaign from the bot (WithPlaces) and the kind of a
// channel from Discord (channelInfo).

// WithPlaces sets how the adapter finds the channel a campaign lives in
// (ok false: none known; its public replies then go where the command
// came from).
func WithPlaces(f func(campaign int64) (channel string, ok bool)) Option {
	return func(b *Bot) { b.places = f }
}

// chanInfo is what the adapter needs to know of a channel: whether it is
// a thread (a thread of a text channel, or a forum post), and its parent.
type chanInfo struct {
	thread bool
	parent string
}

// chanCache keeps what Discord said of each channel: a channel's type and
// a thread's parent never change.
type chanCache struct {
	mu  sync.Mutex
	ids map[string]chanInfo
}

// maxCachedChannels bounds the cache; past it, it starts again.
const maxCachedChannels = 10000

// channelInfo asks Discord (once per channel) what kind of channel id is.
func (b *Bot) channelInfo(ctx context.Context, id string) (chanInfo, error) {
	b.chans.mu.Lock()
	ci, ok := b.chans.ids[id]
	b.chans.mu.Unlock()
	if ok {
		return ci, nil
	}
	ch, err := b.session.Channel(id, discordgo.WithContext(ctx))
	if err != nil {
		return chanInfo{}, err
	}
	ci = chanInfo{thread: ch.IsThread()}
	if ci.thread {
		ci.parent = ch.ParentID
	}
	b.chans.mu.Lock()
	if b.chans.ids == nil || len(b.chans.ids) >= maxCachedChannels {
		b.chans.ids = map[string]chanInfo{}
	}
	b.chans.ids[id] = ci
	b.chans.mu.Unlock()
	return ci, nil
}

// parentOf is the channel a thread belongs to ("" for a channel that is
// no thread, or one Discord would not describe: the command layer then
// goes by the channel alone).
func (b *Bot) parentOf(ctx context.Context, channel string) string {
	ci, err := b.channelInfo(ctx, channel)
	if err != nil {
		b.log.Debug("channel not described", "channel", channel, "error", b.scrub(err.Error()))
		return ""
	}
	return ci.parent
}

// placeOf is the channel a public reply goes to: its campaign's, else
// fallback (the channel the command came from).
func (b *Bot) placeOf(campaign int64, fallback string) string {
	if campaign > 0 && b.places != nil {
		if ch, ok := b.places(campaign); ok && ch != "" {
			return ch
		}
	}
	return fallback
}
