package campaign

import "bfbot/internal/usertext"

// userName checks a name people typed or uploaded (a campaign's, a
// battlegroup's, one from a regiment file) with usertext, the one check
// of such names, and returns it trimmed, or the refusal as an Error the
// command layer shows: field names the option or the file's path.
func userName(k usertext.Kind, field, s string) (string, error) {
	t, err := k.Clean(field, s)
	if err != nil {
		return "", &Error{Msg: err.Error()}
	}
	return t, nil
}
