package app

import (
	"errors"
	"strings"

	"bfbot/bot/discord"
)

// discordDMClosed reports whether a Post error is Discord's "cannot send
// messages to this user". Post joins its errors as text (scrubbed of
// tokens), so the code is looked for in the text when the chain lost it.
func discordDMClosed(err error) bool {
	if discord.IsDMClosed(err) {
		return true
	}
	for e := err; e != nil; e = errors.Unwrap(e) {
		if strings.Contains(e.Error(), "50007") {
			return true
		}
	}
	return false
}
