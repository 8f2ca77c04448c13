package command

import (
	"context"
	"fmt"
	"strings"
)

func (g *Registry) helpCommands() []*entry {
	return []*entry{{spec: Spec{Name: "help", Description: "the commands, or one command's options", Who: Anyone, Options: []Option{
		{Name: "command", Description: `a command, e.g. "battle" or "battle attack"`}}},
		run: g.help}}
}

var whoNames = map[Who]string{Anyone: "anyone", Player: "players", Referee: "referee"}

func (g *Registry) help(_ context.Context, x *call) ([]Reply, error) {
	want := strings.Fields(strings.TrimPrefix(x.str("command"), "/"))
	var b strings.Builder
	found := false
	for _, s := range g.specs {
		if len(want) > 0 && s.Name != want[0] || len(want) > 1 && s.Sub != want[1] {
			continue
		}
		found = true
		fmt.Fprintf(&b, "%s — %s (%s)\n", commandName(s), s.Description, whoNames[s.Who])
		if len(want) > 0 {
			for _, o := range s.Options {
				req := ""
				if o.Required {
					req = ", required"
				}
				fmt.Fprintf(&b, "    %s: %s%s\n", o.Name, o.Description, req)
			}
		}
	}
	if !found {
		return nil, userf("command:%s: no such command; /help lists them", x.str("command"))
	}
	if len(want) == 0 {
		b.WriteString("/help command:NAME shows a command's options; /rules topic:NAME sums up a rule.")
	}
	return []Reply{x.private(strings.TrimRight(b.String(), "\n"))}, nil
}

func commandName(s Spec) string {
	if s.Sub == "" {
		return "/" + s.Name
	}
	return "/" + s.Name + " " + s.Sub
}
