package discordtest

import (
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"slices"
)

// Discord's allowed_mentions (developers/resources/message, "Allowed
// Mentions Object"): without it, a channel message parses @everyone,
// @here, role and user mentions, and an interaction response or webhook
// message every user mention. The fake is stricter than Discord on one
// point: a payload that creates or edits a message without an
// allowed_mentions object is refused (400), so a bot that forgets it
// anywhere fails a test instead of leaving the decision to user text.

// Mentions is the allowed_mentions object of a payload.
type Mentions struct {
	Parse []string `json:"parse"`
	Users []string `json:"users"`
	Roles []string `json:"roles"`
}

// Pings is who a message would notify, computed from its content and
// allowed_mentions by Discord's rules. The bot's permissions are not
// considered (Discord also needs Mention Everyone for @everyone, @here and
// unmentionable roles): a server may grant it, so the fake counts the
// worst case.
type Pings struct {
	// Everyone is set when @everyone or @here would notify.
	Everyone bool
	Users    []string
	Roles    []string
}

// None reports whether nobody would be notified.
func (p Pings) None() bool { return !p.Everyone && len(p.Users) == 0 && len(p.Roles) == 0 }

// The mention syntax Discord parses in content.
var (
	mentionEveryone = regexp.MustCompile(`@(everyone|here)`)
	mentionUser     = regexp.MustCompile(`<@!?(\d+)>`)
	mentionRole     = regexp.MustCompile(`<@&(\d+)>`)
)

// maxMentionIDs is Discord's limit on allowed_mentions.users and .roles.
const maxMentionIDs = 100

// checkMentions decodes and validates an allowed_mentions object as
// Discord does, plus the fake's rule that it must be there.
func checkMentions(raw json.RawMessage) (Mentions, error) {
	var m Mentions
	if len(raw) == 0 || string(raw) == "null" {
		return m, errors.New("allowed_mentions: missing (discordtest requires it on every message: " +
			`Discord's default lets content ping; send {"parse": []} at least)`)
	}
	if err := json.Unmarshal(raw, &m); err != nil {
		return m, fmt.Errorf("allowed_mentions: %w", err)
	}
	for _, p := range m.Parse {
		switch p {
		case "users", "roles", "everyone":
		default:
			return m, fmt.Errorf("allowed_mentions.parse: %q is not one of users, roles, everyone", p)
		}
	}
	// "parse" and the lists of the same kind are mutually exclusive.
	if slices.Contains(m.Parse, "users") && len(m.Users) > 0 {
		return m, errors.New(`allowed_mentions: parse "users" and users are mutually exclusive`)
	}
	if slices.Contains(m.Parse, "roles") && len(m.Roles) > 0 {
		return m, errors.New(`allowed_mentions: parse "roles" and roles are mutually exclusive`)
	}
	if len(m.Users) > maxMentionIDs || len(m.Roles) > maxMentionIDs {
		return m, fmt.Errorf("allowed_mentions: at most %d users and %d roles", maxMentionIDs, maxMentionIDs)
	}
	return m, nil
}

// pings computes who content notifies under m: a mention counts only when
// it is in the content (no phantom pings) and its kind is parsed or its
// id listed.
func pings(content string, m Mentions) Pings {
	var p Pings
	p.Everyone = slices.Contains(m.Parse, "everyone") && mentionEveryone.MatchString(content)
	for _, sm := range mentionUser.FindAllStringSubmatch(content, -1) {
		id := sm[1]
		if (slices.Contains(m.Parse, "users") || slices.Contains(m.Users, id)) && !slices.Contains(p.Users, id) {
			p.Users = append(p.Users, id)
		}
	}
	for _, sm := range mentionRole.FindAllStringSubmatch(content, -1) {
		id := sm[1]
		if (slices.Contains(m.Parse, "roles") || slices.Contains(m.Roles, id)) && !slices.Contains(p.Roles, id) {
			p.Roles = append(p.Roles, id)
		}
	}
	return p
}

// Shown is content as Discord shows it to a reader: a backslash before
// punctuation is Discord's markdown escape and is not shown, nor is a
// zero-width space. Tests compare texts with Shown(m.Content).
func Shown(content string) string {
	var out []rune
	rs := []rune(content)
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		switch {
		case r == '\u200b':
			continue
		case r == '\\' && i+1 < len(rs) && isPunct(rs[i+1]):
			i++
			out = append(out, rs[i])
			continue
		}
		out = append(out, r)
	}
	return string(out)
}

func isPunct(r rune) bool {
	return r < 128 && r > ' ' && !(r >= '0' && r <= '9') && !(r >= 'a' && r <= 'z') && !(r >= 'A' && r <= 'Z')
}
