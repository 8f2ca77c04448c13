package discordtest

import (
	"errors"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// Ensure who would be pinged follows Discord's documented examples
// (developers/resources/message, "Allowed Mentions Examples").
func TestPings(t *testing.T) {
	content := "@here Hello <@&1234> and <@5678> <@!9012>"
	tests := []struct {
		name string
		m    Mentions
		want Pings
	}{
		{"Suppressed", Mentions{Parse: []string{}}, Pings{}},
		{"UsersAndRoles", Mentions{Parse: []string{"users", "roles"}}, Pings{Users: []string{"5678", "9012"}, Roles: []string{"1234"}}},
		{"EveryoneAndListed", Mentions{Parse: []string{"everyone"}, Users: []string{"5678", "1"}}, Pings{Everyone: true, Users: []string{"5678"}}},
		{"ListedRole", Mentions{Roles: []string{"1234"}}, Pings{Roles: []string{"1234"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := pings(content, tt.m)
			if got.Everyone != tt.want.Everyone || !slices.Equal(got.Users, tt.want.Users) || !slices.Equal(got.Roles, tt.want.Roles) {
				t.Errorf("pings %+v, want %+v", got, tt.want)
			}
		})
	}
	if p := pings("@\u200beveryone <\u200b@5678>", Mentions{Parse: []string{"everyone", "users"}}); !p.None() {
		t.Errorf("broken mentions ping %+v", p)
	}
}

// Ensure a message without allowed_mentions, or with parse "users" and a
// users list together (Discord's validation error), is refused with 400,
// and one with {"parse": []} is stored pinging nobody.
func TestAllowedMentionsRequired(t *testing.T) {
	f := New(t)
	s := dscSession(t, f)
	const ch = "100"
	_, err := s.ChannelMessageSendComplex(ch, &discordgo.MessageSend{Content: "@everyone"})
	var re *discordgo.RESTError
	if !errors.As(err, &re) || re.Response.StatusCode != http.StatusBadRequest || !strings.Contains(err.Error(), "allowed_mentions") {
		t.Errorf("no allowed_mentions: err %v, want 400", err)
	}
	_, err = s.ChannelMessageSendComplex(ch, &discordgo.MessageSend{Content: "<@1>", AllowedMentions: &discordgo.MessageAllowedMentions{
		Parse: []discordgo.AllowedMentionType{discordgo.AllowedMentionTypeUsers}, Users: []string{"1"}}})
	if err == nil || !strings.Contains(err.Error(), "mutually exclusive") {
		t.Errorf("parse users with users: err %v, want 400", err)
	}
	none := &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}}
	m, err := s.ChannelMessageSendComplex(ch, &discordgo.MessageSend{Content: "@everyone", AllowedMentions: none})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.ChannelMessageEditComplex(&discordgo.MessageEdit{ID: m.ID, Channel: ch, Content: &m.Content}); err == nil {
		t.Error("edit without allowed_mentions accepted")
	}
	got := f.Messages(ch)
	if len(got) != 1 || !got[0].Pings.None() || got[0].Mentions.Parse == nil || len(f.Notified()) != 0 {
		t.Errorf("messages %+v notified %+v, want one pinging nobody", got, f.Notified())
	}
}

// Ensure pins take the current route and Pin Messages, and the
// deprecated route is refused and recorded.
func TestPinRoutes(t *testing.T) {
	f := New(t)
	s := dscSession(t, f)
	const ch = "100"
	m, err := s.ChannelMessageSendComplex(ch, &discordgo.MessageSend{Content: "status", AllowedMentions: &discordgo.MessageAllowedMentions{}})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.ChannelMessagePin(ch, m.ID); err == nil { // discordgo v0.29.0: the deprecated route
		t.Error("deprecated pin route accepted")
	}
	if d := f.Deprecated(); len(d) != 1 || d[0].Path != "/api/v9/channels/100/pins/"+m.ID {
		t.Errorf("deprecated calls %+v", d)
	}
	pin := discordgo.EndpointChannelMessages(ch) + "/pins/" + m.ID
	f.SetPermissions(ch, DefaultPermissions&^PermPinMessages|PermManageMessages)
	_, err = s.RequestWithBucketID(http.MethodPut, pin, nil, pin)
	var re *discordgo.RESTError
	if !errors.As(err, &re) || re.Message == nil || re.Message.Code != codeMissingPermissions {
		t.Errorf("pin without Pin Messages: err %v, want 403 50013", err)
	}
	f.SetPermissions(ch, PermViewChannel|PermPinMessages)
	if _, err := s.RequestWithBucketID(http.MethodPut, pin, nil, pin); err != nil {
		t.Fatal(err)
	}
	if got, _ := f.Message(m.ID); !got.Pinned {
		t.Error("not pinned")
	}
}
