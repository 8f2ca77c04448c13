package discord

import (
	"context"
	"fmt"
	"strings"
)

// textUndelivered tells a caller that one of his command's replies was
// lost on the way (Discord refused the follow-up, e.g. with a 500): his
// command was carried out, and the read-only commands show its result.
const textUndelivered = "A reply to this command could not be delivered (id %s). The command itself was carried out: /campaign status, /orders show and /bg list show where things stand."

// undelivered tells the caller, privately and once per lost follow-up,
// that a follow-up failed; a lost notice is not noticed again (it would
// fail the same way, and loop).
func (x *exchange) undelivered(ctx context.Context, lost outgoing) {
	if strings.HasPrefix(lost.content, strings.SplitN(textUndelivered, "(", 2)[0]) {
		return
	}
	id := "reply-" + x.i.ID
	x.b.log.Warn("caller told of a lost reply", "interaction", x.i.ID, "error_id", id)
	x.followup(ctx, outgoing{content: fmt.Sprintf(textUndelivered, id)}, true)
}
