package discord

import (
	"strings"
	"unicode/utf8"
)

// zwsp is a zero-width space: put inside a mention's syntax it stops
// Discord's parser from seeing a mention, while the text reads the same.
const zwsp = "\u200b"

// neutral makes text the command layer wrote show on Discord exactly as
// typed: the command layer never means Discord markdown or mentions
// (command.Reply.Text), and names people type (campaigns, battlegroups,
// uploaded files) reach posts inside it. So every markdown character is
// escaped with a backslash, which Discord's markdown drops before any
// punctuation ("turn\_limit" shows "turn_limit"), and every mention is
// broken with a zero-width space after its '@' or '<', so that "@everyone",
// "@here", "<@id>", "<@!id>", "<@&role>", "<#channel>" and "</cmd:id>"
// neither ping (allowed_mentions already forbids that, message.go) nor
// show as a highlighted mention. Discord timestamps, "<t:UNIX>" and
// "<t:UNIX:R>", are left alone: the command layer writes them for the
// reader's own time zone. The bot's own pings are put before the neutral
// text (outgoing.ping), never inside it.
func neutral(s string) string {
	if s == "" {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + len(s)/8)
	lineStart := true // only spaces or tabs since the start of the line
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		rest := s[i+size:]
		switch {
		case r == '\n':
			lineStart = true
			b.WriteByte('\n')
			i += size
			continue
		case lineStart && (r == ' ' || r == '\t'):
			b.WriteRune(r)
			i += size
			continue
		}
		atStart := lineStart
		lineStart = false
		switch {
		case strings.ContainsRune(`\*_~`+"`"+`|[]`, r):
			// Emphasis, strike-through, code, spoilers, masked links and
			// the escape itself.
			b.WriteByte('\\')
			b.WriteRune(r)
		case atStart && (r == '>' || r == '#' || r == '-' || r == '+'):
			// Quotes, headings, "-# " small text and lists exist only at
			// the start of a line.
			b.WriteByte('\\')
			b.WriteRune(r)
		case atStart && r >= '0' && r <= '9':
			// "1. " starts a numbered list: escape its dot.
			j := 0
			for j < len(s)-i && s[i+j] >= '0' && s[i+j] <= '9' {
				j++
			}
			b.WriteString(s[i : i+j])
			i += j
			if i < len(s) && s[i] == '.' {
				b.WriteString(`\.`)
				i++
			}
			continue
		case breaksMention(r, rest):
			b.WriteRune(r)
			b.WriteString(zwsp)
		default:
			b.WriteRune(r)
		}
		i += size
	}
	return b.String()
}

// neutralName is neutral for text Discord shows without markdown: thread
// names, which a system message repeats in the channel. Markdown needs
// no escape there (a backslash would show), but mentions are broken and
// the name is kept on one line.
func neutralName(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		b.WriteRune(r)
		if breaksMention(r, s[i+size:]) {
			b.WriteString(zwsp)
		}
		i += size
	}
	return b.String()
}

// breaksMention says whether r, followed by rest, starts a mention:
// "@everyone", "@here" (any case), "<@…", "<#…" or "</…".
func breaksMention(r rune, rest string) bool {
	switch r {
	case '@':
		return hasPrefixFold(rest, "everyone") || hasPrefixFold(rest, "here")
	case '<':
		return rest != "" && (rest[0] == '@' || rest[0] == '#' || rest[0] == '/')
	}
	return false
}

func hasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}
