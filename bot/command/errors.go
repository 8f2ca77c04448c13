package command

import (
	"errors"
	"fmt"

	"bfbot/campaign"
	"bfbot/referee"
)

// userError is a refusal the caller can act on, made in this package
// (bad options, a permission, a missing campaign).
type userError struct{ msg string }

func (e userError) Error() string { return e.msg }

func userf(format string, args ...any) error { return userError{fmt.Sprintf(format, args...)} }

// failure is the one place errors become replies (STYLE.md, WTF Dial): a
// refusal from this package, the campaign rules (*campaign.Error) or the
// referee (ErrIllegal), or a store's not-found, goes privately to the
// caller as it is; anything else is logged with an id and shown only as
// "Internal error (id …)".
func (g *Registry) failure(r *Request, err error) []Reply {
	user := ""
	if r != nil {
		user = r.User.ID
	}
	var ue userError
	var ce *campaign.Error
	switch {
	case errors.As(err, &ue), errors.As(err, &ce), errors.Is(err, referee.ErrIllegal),
		errors.Is(err, ErrNotFound), errors.Is(err, ErrNothingToUndo):
		return []Reply{{To: Private, User: user, Text: "⚠ " + err.Error()}}
	}
	id := g.deps.ErrorID()
	attrs := []any{"id", id, "err", err}
	if r != nil {
		attrs = append(attrs, "user", r.User.ID, "command", r.Name, "sub", r.Sub, "component", r.Component)
	}
	g.log.Error("command failed", attrs...)
	// A store that cannot save (disk full) says so in its own words.
	var n interface{ Notice() string }
	if errors.As(err, &n) {
		return []Reply{{To: Private, User: user, Text: fmt.Sprintf("⚠ %s (id %s)", n.Notice(), id)}}
	}
	return []Reply{{To: Private, User: user, Text: fmt.Sprintf("Internal error (id %s). Tell the referee this id.", id)}}
}
