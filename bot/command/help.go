package command

import (
	"context"
	"fmt"
	"strings"
)

func (g *Registry) helpCommands() []*entry {
	return []*entry{{spec: Spec{Name: "help", Description: "the commands, or one command's options", Who: Anyone, Options: []Option{
		{Name: "command", Description: `a command, e.g. "battle" or "battle attack"`},
		pageOption}},
		run: g.help}}
}

var whoNames = map[Who]string{Anyone: "anyone", Player: "players", Referee: "referee"}

// whoName is who may run s, as /help and the command reference say it.
func whoName(s Spec) string {
	if s.Managers {
		return whoNames[s.Who] + " or server manager"
	}
	return whoNames[s.Who]
}

// help answers /help: with no command an overview of the commands that
// fits one message; with a command name its subcommands; with a
// subcommand its options. A long answer is paged (paginate.go).
func (g *Registry) help(_ context.Context, x *call) ([]Reply, error) {
	want := strings.Fields(strings.TrimPrefix(x.str("command"), "/"))
	if len(want) == 0 {
		return []Reply{x.paged(g.helpOverview(), nil)}, nil
	}
	var matched []Spec
	for _, s := range g.specs {
		if s.Name == want[0] && (len(want) == 1 || s.Sub == want[1]) {
			matched = append(matched, s)
		}
	}
	if len(matched) == 0 || len(want) > 2 {
		return nil, userf("command:%s: no such command; /help lists them", x.str("command"))
	}
	var b strings.Builder
	if len(matched) == 1 {
		s := matched[0]
		fmt.Fprintf(&b, "%s — %s (%s)\n", commandName(s), s.Description, whoName(s))
		for _, o := range s.Options {
			req := ""
			if o.Required {
				req = ", required"
			}
			fmt.Fprintf(&b, "    %s: %s%s\n", o.Name, o.Description, req)
		}
	} else {
		for _, s := range matched {
			fmt.Fprintf(&b, "%s — %s (%s)\n", commandName(s), s.Description, whoName(s))
		}
		fmt.Fprintf(&b, "/help command:\"%s NAME\" shows one command's options.", want[0])
	}
	return []Reply{x.paged(strings.TrimRight(b.String(), "\n"), []string{"command", strings.Join(want, " ")})}, nil
}

// helpOverview lists each command with its subcommands, one line each.
func (g *Registry) helpOverview() string {
	var b strings.Builder
	var names []string
	subs := map[string][]string{}
	for _, s := range g.specs {
		if _, ok := subs[s.Name]; !ok {
			names = append(names, s.Name)
		}
		subs[s.Name] = append(subs[s.Name], s.Sub)
	}
	for _, n := range names {
		if len(subs[n]) == 1 && subs[n][0] == "" {
			fmt.Fprintf(&b, "/%s\n", n)
			continue
		}
		fmt.Fprintf(&b, "/%s: %s\n", n, strings.Join(subs[n], ", "))
	}
	b.WriteString("/help command:NAME shows a command's subcommands or options; /rules topic:NAME sums up a rule.")
	return b.String()
}

func commandName(s Spec) string {
	if s.Sub == "" {
		return "/" + s.Name
	}
	return "/" + s.Name + " " + s.Sub
}
