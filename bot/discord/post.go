package discord

import (
	"context"
	"errors"
	"fmt"

	"bfbot/bot/command"

	"github.com/bwmarrin/discordgo"
)

// threadArchiveMinutes keeps a battle thread open a week between messages
// (one of Discord's allowed values: 60, 1440, 4320, 10080).
const threadArchiveMinutes = 10080

// SendDM sends a reply to user's direct messages. A user who does not accept
// DMs from server members gives an error for which IsDMClosed is true.
func (b *Bot) SendDM(ctx context.Context, user string, rep command.Reply) error {
	ch, err := b.session.UserChannelCreate(user, discordgo.WithContext(ctx))
	if err != nil {
		return fmt.Errorf("opening the DM channel: %w", err)
	}
	if _, err := b.session.ChannelMessageSendComplex(ch.ID, b.build(rep, "").send(), discordgo.WithContext(ctx)); err != nil {
		return fmt.Errorf("sending the DM: %w", err)
	}
	return nil
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
			err = b.postBattle(ctx, channelID, rep)
		case rep.To == command.Public:
			_, err = b.session.ChannelMessageSendComplex(channelID, b.build(rep, "").send(), discordgo.WithContext(ctx))
		default:
			err = fmt.Errorf("a %q reply to %q cannot be delivered outside an interaction", rep.To, rep.User)
		}
		if err != nil {
			errs = append(errs, errors.New(b.scrub(err.Error())))
		}
	}
	return errors.Join(errs...)
}

// postBattle sends a public reply to its battle's thread, starting the
// thread under parent the first time.
func (b *Bot) postBattle(ctx context.Context, parent string, rep command.Reply) error {
	thread, err := b.battleThread(ctx, parent, rep.Campaign, rep.Battle)
	if err != nil {
		return err
	}
	if _, err := b.session.ChannelMessageSendComplex(thread, b.build(rep, "").send(), discordgo.WithContext(ctx)); err != nil {
		return fmt.Errorf("posting in the thread of battle %d: %w", rep.Battle, err)
	}
	return nil
}

// battleThread returns the thread of a campaign's battle, starting it
// under parent when the store knows none. Creation is serialised so two
// replies of the same battle do not start two threads.
func (b *Bot) battleThread(ctx context.Context, parent string, campaign, battle int64) (string, error) {
	b.threadMu.Lock()
	defer b.threadMu.Unlock()
	id, ok, err := b.store.BattleThread(campaign, battle)
	if err != nil {
		return "", fmt.Errorf("looking up the thread of battle %d: %w", battle, err)
	}
	if ok {
		return id, nil
	}
	ch, err := b.session.ThreadStartComplex(parent, &discordgo.ThreadStart{
		Name:                b.threadName(battle),
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
// and pins it.
func (b *Bot) UpsertStatus(ctx context.Context, channelID, key, text string) error {
	b.statusMu.Lock()
	defer b.statusMu.Unlock()
	o := b.build(command.Reply{Text: text}, "")
	id, ok, err := b.store.StatusMessage(channelID, key)
	if err != nil {
		return fmt.Errorf("discord: looking up status %q: %w", key, err)
	}
	if ok {
		_, err := b.session.ChannelMessageEditComplex(&discordgo.MessageEdit{
			ID: id, Channel: channelID, Content: &o.content,
		}, discordgo.WithContext(ctx))
		if err == nil {
			return nil
		}
		if !hasCode(err, discordgo.ErrCodeUnknownMessage) {
			return fmt.Errorf("discord: editing status %q: %s", key, b.scrub(err.Error()))
		}
		b.log.Info("status message gone, sending a new one", "channel", channelID, "key", key)
	}
	m, err := b.session.ChannelMessageSendComplex(channelID, &discordgo.MessageSend{Content: o.content}, discordgo.WithContext(ctx))
	if err != nil {
		return fmt.Errorf("discord: sending status %q: %s", key, b.scrub(err.Error()))
	}
	// Remember before pinning: a failed pin must not make the next update
	// send a second message.
	if err := b.store.SetStatusMessage(channelID, key, m.ID); err != nil {
		return fmt.Errorf("discord: remembering status %q: %w", key, err)
	}
	if err := b.session.ChannelMessagePin(channelID, m.ID, discordgo.WithContext(ctx)); err != nil {
		return fmt.Errorf("discord: pinning status %q: %s", key, b.scrub(err.Error()))
	}
	return nil
}
