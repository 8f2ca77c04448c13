package discordtest

import (
	"errors"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// testClock is a clock a test moves by hand.
type testClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *testClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *testClock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// tokenLifeRig is a fake on a clock of the test's and one interaction
// dispatched now.
func tokenLifeRig(t *testing.T) (*Fake, *testClock, *discordgo.Session, *discordgo.Interaction, *Interaction) {
	t.Helper()
	clock := &testClock{now: fakeEpoch}
	f := New(t, WithClock(clock.Now))
	s := dscSession(t, f)
	f.mu.Lock()
	in := &Interaction{ID: f.newID(), Token: "tok", acked: make(chan struct{}), created: f.now()}
	f.interactions[in.ID], f.byToken[in.Token] = in, in
	f.mu.Unlock()
	return f, clock, s, &discordgo.Interaction{ID: in.ID, AppID: f.AppID(), Token: in.Token}, in
}

func hasDiscordCode(err error, status, code int) bool {
	var re *discordgo.RESTError
	return errors.As(err, &re) && re.Response.StatusCode == status && re.Message != nil && re.Message.Code == code
}

var tokenLifeNone = &discordgo.MessageAllowedMentions{}

// Ensure a callback within 3 seconds of the interaction (on the fake's
// clock) is taken and one after is refused as Discord does: 404, code
// 10062, and the interaction counted as failed.
func TestAckWindow(t *testing.T) {
	ack := &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{AllowedMentions: tokenLifeNone}}
	t.Run("InTime", func(t *testing.T) {
		f, clock, s, di, _ := tokenLifeRig(t)
		clock.Advance(AckWindow)
		if err := s.InteractionRespond(di, ack); err != nil {
			t.Fatalf("callback at 3 s: %v", err)
		}
		if in, _ := f.Interaction(di.ID); len(in.Acks) != 1 || in.LateCalls != 0 {
			t.Errorf("interaction %+v, want acknowledged", in)
		}
	})
	t.Run("Late", func(t *testing.T) {
		f, clock, s, di, _ := tokenLifeRig(t)
		clock.Advance(AckWindow + time.Millisecond)
		err := s.InteractionRespond(di, ack)
		if !hasDiscordCode(err, http.StatusNotFound, discordgo.ErrCodeUnknownInteraction) {
			t.Fatalf("callback after 3 s: %v, want 404 Unknown interaction (10062)", err)
		}
		if in, _ := f.Interaction(di.ID); len(in.Acks) != 0 || in.LateCalls != 1 {
			t.Errorf("interaction %+v, want no acknowledgement and one late call", in)
		}
		// Nothing answered: the interaction has no webhook either.
		if _, err := s.FollowupMessageCreate(di, true, &discordgo.WebhookParams{Content: "x", AllowedMentions: tokenLifeNone}); !hasDiscordCode(err, http.StatusNotFound, discordgo.ErrCodeUnknownWebhook) {
			t.Errorf("follow-up of a failed interaction: %v, want 404 Unknown Webhook", err)
		}
	})
}

// Ensure the token serves follow-ups and edits for 15 minutes on the
// fake's clock and is refused after, as Discord does: 401, code 50027.
func TestTokenLifetime(t *testing.T) {
	f, clock, s, di, _ := tokenLifeRig(t)
	if err := s.InteractionRespond(di, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Content: "first", AllowedMentions: tokenLifeNone}}); err != nil {
		t.Fatal(err)
	}
	clock.Advance(TokenLifetime - time.Millisecond)
	if _, err := s.FollowupMessageCreate(di, true, &discordgo.WebhookParams{Content: "in time", AllowedMentions: tokenLifeNone}); err != nil {
		t.Fatalf("follow-up before 15 min: %v", err)
	}
	clock.Advance(time.Millisecond)
	expired := func(what string, err error) {
		t.Helper()
		if !hasDiscordCode(err, http.StatusUnauthorized, discordgo.ErrCodeInvalidWebhookTokenProvided) {
			t.Errorf("%s at 15 min: %v, want 401 Invalid Webhook Token (50027)", what, err)
		}
	}
	_, err := s.FollowupMessageCreate(di, true, &discordgo.WebhookParams{Content: "late", AllowedMentions: tokenLifeNone})
	expired("follow-up", err)
	content := "edited"
	_, err = s.InteractionResponseEdit(di, &discordgo.WebhookEdit{Content: &content, AllowedMentions: tokenLifeNone})
	expired("edit of the response", err)
	expired("removal of the response", s.InteractionResponseDelete(di))
	in, _ := f.Interaction(di.ID)
	if in.LateCalls != 3 || len(in.FollowupIDs) != 1 {
		t.Errorf("interaction %+v, want one follow-up and three late calls", in)
	}
	if ans := f.Answers(di.ID); ans[0].Content != "first" {
		t.Errorf("response %q, want it unchanged", ans[0].Content)
	}
}
