package console

import (
	"fmt"
	"strings"

	"bfbot/bot/command"
)

// resolveUsers reads the options that name a person (command.UserID) as
// Discord's user picker gives them: the console's people are their
// @names, which are both ID and display name.
func (c *Console) resolveUsers(r *command.Request) error {
	types := c.optionTypes()[r.Name+" "+r.Sub]
	for name, v := range r.Options {
		if types[name] != command.UserID {
			continue
		}
		id, ok := strings.CutPrefix(v, "@")
		if !ok || id == "" || strings.ContainsAny(id, " @") {
			return fmt.Errorf("%s:%s: name a person as @name", name, v)
		}
		if r.Resolved == nil {
			r.Resolved = map[string]string{}
		}
		r.Options[name] = id
		r.Resolved[id] = id
	}
	return nil
}
