package discordtest

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// dscSession is a bare discordgo session on the fake (no gateway).
func dscSession(t *testing.T, f *Fake) *discordgo.Session {
	t.Helper()
	s, err := discordgo.New("Bot " + f.Token())
	if err != nil {
		t.Fatal(err)
	}
	s.Client = f.Client()
	return s
}

// Ensure the client never leaves loopback.
func TestClientRefusesOtherHosts(t *testing.T) {
	f := New(t)
	_, err := f.Client().Get("https://example.com/")
	if err == nil || !strings.Contains(err.Error(), "refusing") {
		t.Errorf("err %v, want a refusal", err)
	}
}

// Ensure a wrong token is refused like Discord does.
func TestWrongToken(t *testing.T) {
	f := New(t)
	s := dscSession(t, f)
	s.Token = "Bot wrong"
	_, err := s.UserChannelCreate("1")
	var re *discordgo.RESTError
	if !errors.As(err, &re) || re.Response.StatusCode != http.StatusUnauthorized {
		t.Errorf("err %v, want 401", err)
	}
}

// Ensure a follow-up before the acknowledgement is refused (Discord has no
// webhook for the interaction yet) and a second acknowledgement too.
func TestAckRules(t *testing.T) {
	f := New(t)
	s := dscSession(t, f)
	f.mu.Lock()
	in := &Interaction{ID: f.newID(), Token: "tok", acked: make(chan struct{}), created: f.now()}
	f.interactions[in.ID], f.byToken[in.Token] = in, in
	f.mu.Unlock()
	di := &discordgo.Interaction{ID: in.ID, AppID: f.AppID(), Token: in.Token}
	none := &discordgo.MessageAllowedMentions{}
	if _, err := s.FollowupMessageCreate(di, true, &discordgo.WebhookParams{Content: "early", AllowedMentions: none}); err == nil {
		t.Error("follow-up before the acknowledgement accepted")
	}
	ack := &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{AllowedMentions: none}}
	if err := s.InteractionRespond(di, ack); err != nil {
		t.Fatal(err)
	}
	if err := s.InteractionRespond(di, ack); err == nil {
		t.Error("second acknowledgement accepted")
	}
	// The first follow-up after a deferral replaces the loading message.
	if _, err := s.FollowupMessageCreate(di, true, &discordgo.WebhookParams{Content: "late", Flags: discordgo.MessageFlagsEphemeral, AllowedMentions: none}); err != nil {
		t.Fatal(err)
	}
	ans := f.Answers(in.ID)
	if len(ans) != 1 || ans[0].Content != "late" || ans[0].Loading || ans[0].Ephemeral {
		t.Errorf("answers %+v, want the public deferral replaced", ans)
	}
}

// Ensure a deferral fixes the visibility of the interaction's answer, as
// on Discord, where the deferral's flags decide whether the answer is
// ephemeral and the answer that completes it cannot change that: a
// private deferral edited with a payload that is not ephemeral stays
// private (TestAckRules: a public one stays public, so a test sees the
// leak a public deferral of a secret answer would be).
func TestDeferralFixesVisibility(t *testing.T) {
	f := New(t)
	s := dscSession(t, f)
	f.mu.Lock()
	in := &Interaction{ID: f.newID(), Token: "tok", acked: make(chan struct{}), created: f.now()}
	f.interactions[in.ID], f.byToken[in.Token] = in, in
	f.mu.Unlock()
	di := &discordgo.Interaction{ID: in.ID, AppID: f.AppID(), Token: in.Token}
	none := &discordgo.MessageAllowedMentions{}
	ack := &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral, AllowedMentions: none}}
	if err := s.InteractionRespond(di, ack); err != nil {
		t.Fatal(err)
	}
	text := "answer"
	if _, err := s.InteractionResponseEdit(di, &discordgo.WebhookEdit{Content: &text, AllowedMentions: none}); err != nil {
		t.Fatal(err)
	}
	ans := f.Answers(in.ID)
	if len(ans) != 1 || ans[0].Content != "answer" || ans[0].Loading || !ans[0].Ephemeral {
		t.Errorf("answers %+v, want the private deferral completed privately", ans)
	}
}

// Ensure a 429 carries what discordgo needs to wait and retry.
func TestRateLimitHeaders(t *testing.T) {
	f := New(t)
	f.RateLimitNext(1)
	req, _ := http.NewRequestWithContext(context.Background(), "POST", "https://discord.com/api/v9/users/@me/channels", strings.NewReader(`{"recipient_id":"1"}`))
	req.Header.Set("Authorization", "Bot "+f.Token())
	resp, err := f.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusTooManyRequests || resp.Header.Get("X-RateLimit-Reset-After") == "" || resp.Header.Get("Retry-After") == "" {
		t.Errorf("status %d headers %v", resp.StatusCode, resp.Header)
	}
	// And discordgo waits and retries: the DM channel is opened once.
	f.RateLimitNext(1)
	if _, err := dscSession(t, f).UserChannelCreate("2"); err != nil {
		t.Fatal(err)
	}
	if got := f.RateLimited(); got != 2 {
		t.Errorf("429s %d, want 2", got)
	}
}

// Ensure a bulk overwrite with one command over Discord's combined size
// (8,000 characters of names, descriptions and choice values), or with
// more than 25 sub-commands, options or choices at one level, is refused
// whole with 50035, as Discord does, and one just under is taken.
func TestCommandSizeLimit(t *testing.T) {
	f := New(t)
	s := dscSession(t, f)
	build := func(subs, opts int) []*discordgo.ApplicationCommand {
		c := &discordgo.ApplicationCommand{Name: "big", Description: "big"} // 6
		for range subs {
			sub := &discordgo.ApplicationCommandOption{
				Type: discordgo.ApplicationCommandOptionSubCommand, Name: "s" + strings.Repeat("x", 9), // 10
				Description: strings.Repeat("d", 90), // 100 a sub-command
			}
			for range opts {
				sub.Options = append(sub.Options, &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionInteger,
					Name: "n", Description: strings.Repeat("o", 96), // 97
					Choices: []*discordgo.ApplicationCommandOptionChoice{{Name: "12", Value: 12}}}) // 4
			}
			c.Options = append(c.Options, sub)
		}
		return []*discordgo.ApplicationCommand{{Name: "ok", Description: "ok"}, c}
	}
	refused := func(cmds []*discordgo.ApplicationCommand, want string) {
		t.Helper()
		_, err := s.ApplicationCommandBulkOverwrite(f.AppID(), "", cmds)
		var re *discordgo.RESTError
		if !errors.As(err, &re) || re.Message == nil || re.Message.Code != 50035 || !strings.Contains(re.Message.Message, want) {
			t.Errorf("err %v, want 50035 with %q", err, want)
		}
	}
	// 6 + 19·403 = 7,663 fits; 6 + 20·403 = 8,066 does not.
	if _, err := s.ApplicationCommandBulkOverwrite(f.AppID(), "", build(19, 3)); err != nil {
		t.Fatalf("7,663 characters refused: %v", err)
	}
	refused(build(20, 3), "(8066)")
	if got := f.Commands(""); len(got) != 2 || len(got[1].Options) != 19 {
		t.Errorf("commands after the refusal: %d, want the earlier registration kept", len(got))
	}
	// 25 sub-commands of 25 options each are Discord's most; one more
	// of either is refused, naming where.
	if _, err := s.ApplicationCommandBulkOverwrite(f.AppID(), "", build(25, 0)); err != nil {
		t.Fatalf("25 sub-commands refused: %v", err)
	}
	refused(build(26, 0), "1.options: Must be 25 or fewer in length (26)")
	many := build(1, 0)
	for range 26 {
		many[1].Options[0].Options = append(many[1].Options[0].Options, &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionBoolean, Name: "b", Description: "b"})
	}
	refused(many, "1.options.0.options: Must be 25 or fewer in length (26)")
	if got := f.Commands(""); len(got) != 2 || len(got[1].Options) != 25 {
		t.Errorf("commands after the refusal: %d, want the earlier registration kept", len(got))
	}
}
