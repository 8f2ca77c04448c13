package discord

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"hash/fnv"
	"net/http"
	"strings"
	"sync"

	"bfbot/bot/command"

	"github.com/bwmarrin/discordgo"
)

// threadArchiveMinutes keeps a battle thread open a week between messages
// (one of Discord's allowed values: 60, 1440, 4320, 10080).
const threadArchiveMinutes = 10080

// dmChannels remembers each user's DM channel: Discord gives the same
// channel every time, and asking for it on every DM queued all DMs behind
// one rate-limit bucket (the soak, 50 campaigns). One entry per user who
// got a DM; safe for concurrent use.
type dmChannels struct {
	mu  sync.Mutex
	ids map[string]string
}

func (c *dmChannels) get(user string) (string, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	id, ok := c.ids[user]
	return id, ok
}

// set remembers a copy of user: the caller's may be a campaign's stored
// document's memory (storage's decodeKeptDoc), 30 KB kept alive by a key
// that outlives the campaign's turn.
func (c *dmChannels) set(user, id string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.ids == nil {
		c.ids = map[string]string{}
	}
	c.ids[strings.Clone(user)] = id
}

// drop forgets user's channel if it is still id (a concurrent DM may have
// stored a newer one).
func (c *dmChannels) drop(user, id string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.ids[user] == id {
		delete(c.ids, user)
	}
}

// SendDM sends a reply to user's direct messages. A user who does not accept
// DMs from server members gives an error for which IsDMClosed is true.
func (b *Bot) SendDM(ctx context.Context, user string, rep command.Reply) error {
	return b.sendDM(ctx, user, b.build(rep, ""))
}

// sendDM sends one message to user's direct messages.
func (b *Bot) sendDM(ctx context.Context, user string, o outgoing) error {
	ch, cached := b.dms.get(user)
	for {
		if !cached {
			c, err := b.session.UserChannelCreate(user, discordgo.WithContext(ctx))
			if err != nil {
				return fmt.Errorf("opening the DM channel: %w", err)
			}
			ch = c.ID
			b.dms.set(user, ch)
		}
		_, err := b.sendMessage(ctx, ch, o)
		if err == nil {
			return nil
		}
		if !hasCode(err, discordgo.ErrCodeUnknownChannel) {
			// A closed DM (50007) keeps its channel: the user may open
			// his DMs again.
			return fmt.Errorf("sending the DM: %w", err)
		}
		b.dms.drop(user, ch)
		if !cached {
			return fmt.Errorf("sending the DM: %w", err)
		}
		// The remembered channel is gone: nothing was posted, so asking
		// for a new channel and sending again cannot double the DM.
		b.log.Info("DM channel gone, opening a new one", "user", user)
		cached = false
	}
}

// Post delivers replies that answer no interaction (the scheduler's turn
// results, reminders): public ones to channelID, or to the battle's thread
// under it; DMs to their addressee. A private reply has no caller to be
// private to and is an error.
func (b *Bot) Post(ctx context.Context, channelID string, replies []command.Reply) error {
	var errs []error
	for _, rep := range replies {
		var err error
		switch {
		case rep.To == command.DM && rep.User != "":
			err = b.SendDM(ctx, rep.User, rep)
		case rep.To == command.Public && rep.Battle != 0:
			_, err = b.postBattle(ctx, channelID, rep)
		case rep.To == command.Public:
			_, err = b.sendMessage(ctx, channelID, b.build(rep, ""))
		default:
			err = fmt.Errorf("a %q reply to %q cannot be delivered outside an interaction", rep.To, rep.User)
		}
		if err != nil {
			errs = append(errs, errors.New(b.scrub(err.Error())))
		}
	}
	return errors.Join(errs...)
}

// postBattle sends a public reply to its battle's thread under parent
// (the campaign's channel), starting the thread the first time, and
// returns the channel it posted in. A thread that was deleted (10003) is
// started again and stored; one archived and locked (50083) is reopened;
// either way the post is sent once more. A campaign that lives in a
// thread or a forum post, where Discord starts no thread (50024), has
// its battles posted in that thread, each post headed by the battle's
// name (ruling CH1).
func (b *Bot) postBattle(ctx context.Context, parent string, rep command.Reply) (string, error) {
	if ci, err := b.channelInfo(ctx, parent); err == nil && ci.thread {
		rep.Text = threadName(rep.Battle) + ": " + rep.Text
		if err := b.sendReopening(ctx, parent, rep); err != nil {
			return "", fmt.Errorf("posting battle %d in the campaign's thread: %w", rep.Battle, err)
		}
		return parent, nil
	}
	thread, err := b.battleThread(ctx, parent, rep.Campaign, rep.Battle, "")
	if err != nil {
		return "", err
	}
	err = b.sendReopening(ctx, thread, rep)
	// A deleted thread, or one a moderator locked that the bot may not
	// reopen (Manage Threads, which it does not ask for): the battle goes
	// on in a new thread rather than losing its posts (ruling CH4).
	if hasCode(err, discordgo.ErrCodeUnknownChannel) || hasCode(err, discordgo.ErrCodePerformedOperationOnArchivedThread) {
		b.log.Info("battle thread gone or locked, starting a new one", "campaign", rep.Campaign, "battle", rep.Battle, "thread", thread)
		if thread, err = b.battleThread(ctx, parent, rep.Campaign, rep.Battle, thread); err != nil {
			return "", err
		}
		err = b.sendReopening(ctx, thread, rep)
	}
	if err != nil {
		return "", fmt.Errorf("posting in the thread of battle %d: %w", rep.Battle, err)
	}
	return thread, nil
}

// sendReopening posts rep in channel; when Discord refuses because the
// thread is archived (50083: archived and locked, since a post reopens an
// unlocked one by itself), it reopens the thread and posts once more.
func (b *Bot) sendReopening(ctx context.Context, channel string, rep command.Reply) error {
	_, err := b.sendMessage(ctx, channel, b.build(rep, ""))
	if !hasCode(err, discordgo.ErrCodePerformedOperationOnArchivedThread) {
		return err
	}
	if perr := b.reopen(ctx, channel); perr != nil {
		return fmt.Errorf("%w (reopening the thread: %s)", err, b.scrub(perr.Error()))
	}
	// Built again: the first message's files were read by the first send.
	_, err = b.sendMessage(ctx, channel, b.build(rep, ""))
	return err
}

// reopen unarchives a thread (Discord lets the bot do it in a thread it
// started, or with Manage Threads when a moderator locked it).
func (b *Bot) reopen(ctx context.Context, thread string) error {
	open := false
	if _, err := b.session.ChannelEditComplex(thread, &discordgo.ChannelEdit{Archived: &open}, discordgo.WithContext(ctx)); err != nil {
		return err
	}
	b.log.Info("archived thread reopened", "thread", thread)
	return nil
}

// threadCall is a battle thread being started: posts to the same battle
// wait for it instead of starting a second thread.
type threadCall struct {
	done chan struct{} // closed when id and err are set
	id   string
	err  error
}

// battleThread returns the thread of a campaign's battle, starting it
// under parent when the store knows none, or only dead (a thread Discord
// says is gone). Only posts to the same battle wait while its thread is
// started: the lookup takes no lock, and threadMu is held only to join or
// register the battle's threadCall, never across the REST call or the
// store's write (a database transaction that queued every battle behind
// one writer in the soak).
func (b *Bot) battleThread(ctx context.Context, parent string, campaign, battle int64, dead string) (string, error) {
	if id, ok, err := b.store.BattleThread(campaign, battle); err != nil {
		return "", fmt.Errorf("looking up the thread of battle %d: %w", battle, err)
	} else if ok && id != dead {
		return id, nil
	}
	key := BattleKey{campaign, battle}
	b.threadMu.Lock()
	if c, ok := b.threadCalls[key]; ok {
		b.threadMu.Unlock()
		select {
		case <-c.done:
			return c.id, c.err
		case <-ctx.Done():
			return "", fmt.Errorf("waiting for the thread of battle %d: %w", battle, ctx.Err())
		}
	}
	c := &threadCall{done: make(chan struct{})}
	b.threadCalls[key] = c
	b.threadMu.Unlock()

	c.id, c.err = b.startBattleThread(ctx, parent, campaign, battle, dead)
	b.threadMu.Lock()
	delete(b.threadCalls, key)
	b.threadMu.Unlock()
	close(c.done)
	return c.id, c.err
}

// startBattleThread starts a battle's thread and stores it (in place of
// dead); the caller holds the battle's threadCall.
func (b *Bot) startBattleThread(ctx context.Context, parent string, campaign, battle int64, dead string) (string, error) {
	// Looked up again: a call that finished between our first lookup and
	// our registering stored its thread before it left the map.
	id, ok, err := b.store.BattleThread(campaign, battle)
	if err != nil {
		return "", fmt.Errorf("looking up the thread of battle %d: %w", battle, err)
	}
	if ok && id != dead {
		return id, nil
	}
	ch, err := b.session.ThreadStartComplex(parent, &discordgo.ThreadStart{
		Name:                truncate(neutralName(threadName(battle)), maxThreadName),
		Type:                discordgo.ChannelTypeGuildPublicThread,
		AutoArchiveDuration: threadArchiveMinutes,
	}, discordgo.WithContext(ctx))
	if err != nil {
		return "", fmt.Errorf("starting the thread of battle %d: %w", battle, err)
	}
	if err := b.store.SetBattleThread(campaign, battle, ch.ID); err != nil {
		return "", fmt.Errorf("remembering the thread of battle %d: %w", battle, err)
	}
	b.log.Info("battle thread started", "campaign", campaign, "battle", battle, "thread", ch.ID, "parent", parent)
	return ch.ID, nil
}

// UpsertStatus keeps one pinned message per key in a channel (the campaign
// status): it edits the message when it still exists, else sends a new one
// and pins it. A text the message already holds is not written again:
// every edit reaches every member of the channel (Discord's Message Update
// event, the message's edited time), so an edit that changes nothing
// would tell them only that somebody did something (ruling SE9).
func (b *Bot) UpsertStatus(ctx context.Context, channelID, key, text string) error {
	mu := b.statusLock(channelID, key)
	mu.Lock()
	defer mu.Unlock()
	o := b.build(command.Reply{Text: text}, "")
	sum := fmt.Sprintf("%x", sha256.Sum256([]byte(text)))
	ref, ok, err := b.store.StatusMessage(channelID, key)
	if err != nil {
		return fmt.Errorf("discord: looking up status %q: %w", key, err)
	}
	if ok && ref.Sum == sum {
		return nil
	}
	if ok {
		edit := func() error {
			_, err := b.session.ChannelMessageEditComplex(o.edit(channelID, ref.Message), discordgo.WithContext(ctx))
			return err
		}
		err := edit()
		if hasCode(err, discordgo.ErrCodePerformedOperationOnArchivedThread) && b.reopen(ctx, channelID) == nil {
			// A campaign living in a thread: no edit in an archived one.
			err = edit()
		}
		if err == nil {
			ref.Sum = sum
			if err := b.store.SetStatusMessage(channelID, key, ref); err != nil {
				return fmt.Errorf("discord: remembering status %q: %w", key, err)
			}
			return nil
		}
		if !hasCode(err, discordgo.ErrCodeUnknownMessage) {
			return fmt.Errorf("discord: editing status %q: %s", key, b.scrub(err.Error()))
		}
		b.log.Info("status message gone, sending a new one", "channel", channelID, "key", key)
	}
	m, err := b.session.ChannelMessageSendComplex(channelID, o.send(), discordgo.WithContext(ctx))
	if err != nil {
		return fmt.Errorf("discord: sending status %q: %s", key, b.scrub(err.Error()))
	}
	// Remember before pinning: a failed pin must not make the next update
	// send a second message.
	if err := b.store.SetStatusMessage(channelID, key, StatusRef{Message: m.ID, Sum: sum}); err != nil {
		return fmt.Errorf("discord: remembering status %q: %w", key, err)
	}
	if err := b.pin(ctx, channelID, m.ID); err != nil {
		return fmt.Errorf("discord: pinning status %q: %s", key, b.scrub(err.Error()))
	}
	return nil
}

// statusStripes is how many locks the status messages share.
const statusStripes = 64

// statusLock is the lock of a channel's status message of key: one
// update at a time per message (else two could each send a new one), and
// of a few dozen others only, so a campaign's status does not wait for
// every other's REST calls and store write, as it did behind one lock
// for all: a /campaign command's answer waits for its status. Striped, not
// one per key, so that no lock outlives its message.
func (b *Bot) statusLock(channelID, key string) *sync.Mutex {
	h := fnv.New32a()
	h.Write([]byte(channelID))
	h.Write([]byte{0})
	h.Write([]byte(key))
	return &b.statusMu[h.Sum32()%statusStripes]
}

// pin pins a message by Discord's current route, PUT
// /channels/{channel}/messages/pins/{message}, which needs the Pin
// Messages permission (README). discordgo v0.29.0's ChannelMessagePin
// still calls the deprecated PUT /channels/{channel}/pins/{message}.
func (b *Bot) pin(ctx context.Context, channelID, messageID string) error {
	pins := discordgo.EndpointChannelMessages(channelID) + "/pins/"
	_, err := b.session.RequestWithBucketID(http.MethodPut, pins+messageID, nil, pins, discordgo.WithContext(ctx))
	return err
}
