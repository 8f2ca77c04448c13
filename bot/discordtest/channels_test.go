package discordtest

import (
	"errors"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// chnCode is the Discord error code of err (0 for none).
func chnCode(err error) int {
	var re *discordgo.RESTError
	if errors.As(err, &re) && re.Message != nil {
		return re.Message.Code
	}
	return 0
}

// Ensure the fake models channels as Discord's documentation says
// (topics/Threads.md): threads start only under text channels (50024
// under a thread, a forum post, a forum or a DM), GET /channels/{id}
// gives a thread's parent, a post reopens an archived thread unless it is
// locked (50083 until a PATCH unarchives it), no message is edited in an
// archived thread, and a deleted channel answers 10003.
func TestChannelModel(t *testing.T) {
	f := New(t)
	s := dscSession(t, f)
	const guild, text = "10", "11"
	th := f.AddThread(guild, text, "talk")
	post := f.AddForumPost(guild, "12", "a post")
	dm, err := s.UserChannelCreate("13")
	if err != nil {
		t.Fatal(err)
	}
	start := &discordgo.ThreadStart{Name: "Battle 1", Type: discordgo.ChannelTypeGuildPublicThread}
	for _, parent := range []string{th, post, "12", dm.ID} {
		if _, err := s.ThreadStartComplex(parent, start); chnCode(err) != codeInvalidChannelType {
			t.Errorf("thread under %s: %v, want 50024", parent, err)
		}
	}
	got, err := s.ThreadStartComplex(text, start)
	if err != nil {
		t.Fatal(err)
	}
	if ch, err := s.Channel(got.ID); err != nil || !ch.IsThread() || ch.ParentID != text || ch.GuildID != guild {
		t.Errorf("GET the new thread: %+v %v", ch, err)
	}
	if ch, err := s.Channel(post); err != nil || !ch.IsThread() || ch.ParentID != "12" {
		t.Errorf("GET the forum post: %+v %v", ch, err)
	}
	if ch, err := s.Channel(text); err != nil || ch.IsThread() || ch.Type != discordgo.ChannelTypeGuildText {
		t.Errorf("GET the text channel: %+v %v", ch, err)
	}

	f.ArchiveThread(th, false)
	m, err := chnSend(s, th, "reopens it")
	if c, _ := f.Channel(th); err != nil || c.Archived {
		t.Errorf("post in an archived thread: %v, archived %v; want posted and reopened", err, c.Archived)
	}
	f.ArchiveThread(th, false)
	if _, err := chnEdit(s, th, m.ID, "edit"); chnCode(err) != codeThreadArchived {
		t.Errorf("edit in an archived thread: %v, want 50083", err)
	}
	f.ArchiveThread(th, true)
	if _, err := chnSend(s, th, "locked"); chnCode(err) != codeThreadArchived {
		t.Errorf("post in a locked archived thread: %v, want 50083", err)
	}
	open := false
	// Only Manage Threads unarchives a locked thread.
	if _, err := s.ChannelEditComplex(th, &discordgo.ChannelEdit{Archived: &open}); chnCode(err) != codeMissingPermissions {
		t.Errorf("reopening a locked thread without Manage Threads: %v, want 50013", err)
	}
	f.SetPermissions(text, DefaultPermissions|PermManageThreads)
	if _, err := s.ChannelEditComplex(th, &discordgo.ChannelEdit{Archived: &open}); err != nil {
		t.Fatal(err)
	}
	if _, err := chnSend(s, th, "after the reopening"); err != nil {
		t.Errorf("post after the reopening: %v", err)
	}

	f.DeleteChannel(th)
	if _, err := chnSend(s, th, "gone"); chnCode(err) != codeUnknownChannel {
		t.Errorf("post in a deleted thread: %v, want 10003", err)
	}
	if _, err := s.Channel(th); chnCode(err) != codeUnknownChannel {
		t.Errorf("GET a deleted thread: %v, want 10003", err)
	}
	if len(f.Threads(text)) != 1 {
		t.Errorf("threads under the channel %+v, want only the bot's (the deleted one gone)", f.Threads(text))
	}
}

// chnSend and chnEdit post as the bot does: with allowed_mentions, which
// the fake requires.
func chnSend(s *discordgo.Session, channel, text string) (*discordgo.Message, error) {
	return s.ChannelMessageSendComplex(channel, &discordgo.MessageSend{Content: text, AllowedMentions: &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}}})
}

func chnEdit(s *discordgo.Session, channel, id, text string) (*discordgo.Message, error) {
	return s.ChannelMessageEditComplex(&discordgo.MessageEdit{ID: id, Channel: channel, Content: &text, AllowedMentions: &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}}})
}
