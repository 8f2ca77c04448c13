package scenario

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"bfbot/internal/consoleline"
	"bfbot/mapgen/hex"
	"bfbot/referee"
)

// battleSub describes one /battle subcommand a scenario plays: the action
// it becomes, its required and optional options.
type battleSub struct {
	kind               referee.ActionKind
	required, optional []string
}

// battleSubs are the /battle subcommands of docs/architecture.md that act on a
// battle; status, view and auto only show or delegate and have no place
// in a scenario.
var battleSubs = map[string]battleSub{
	"deploy":    {referee.ActDeploy, []string{"unit", "hex"}, nil},
	"move":      {referee.ActMove, []string{"unit"}, []string{"to", "path"}},
	"overburn":  {referee.ActOverburn, []string{"unit"}, nil},
	"attack":    {referee.ActAttack, []string{"unit", "target"}, []string{"mode", "value", "observer"}},
	"rally":     {referee.ActRally, []string{"unit", "hex"}, nil},
	"pickup":    {referee.ActPickup, []string{"unit"}, nil},
	"withdraw":  {referee.ActWithdraw, []string{"unit"}, nil},
	"retreat":   {referee.ActRetreat, nil, nil},
	"surrender": {referee.ActSurrender, nil, nil},
	"end":       {referee.ActEnd, nil, nil},
	"strafe":    {referee.ActStrafe, []string{"unit", "hex"}, nil},
	"bomb":      {referee.ActBomb, []string{"unit", "hex"}, nil},
	"drop":      {referee.ActDrop, []string{"unit", "hex"}, nil},
	"embark":    {referee.ActEmbark, []string{"unit", "dropship"}, nil},
	"debark":    {referee.ActDebark, []string{"unit", "hex"}, nil},
	"liftoff":   {referee.ActLiftoff, []string{"unit"}, nil},
	"truce":     {referee.ActTruce, nil, nil},
}

var battleSubNames = []string{"deploy", "move", "overburn", "attack", "rally", "pickup", "withdraw", "retreat", "surrender", "end", "strafe", "bomb", "drop", "embark", "debark", "liftoff", "truce"}

// BattleAction turns a console line `@side /battle sub option:value…`
// into the referee action it asks for. The user is the acting side. The
// options are those of the slash command: unit, to (or path: "0706
// 0807"), target, mode (ranged, close, assault), value, observer, hex,
// dropship (the ship an embark boards).
func BattleAction(l *consoleline.Line) (referee.Action, error) {
	var a referee.Action
	name, err := battleWord(l, battleSubNames)
	if err != nil {
		return a, err
	}
	sub, ok := battleSubs[name]
	if !ok {
		return a, fmt.Errorf("/battle %s: unknown here; use %s", name, strings.Join(battleSubNames, ", "))
	}
	if err := checkOptions(l, name, sub.required, sub.optional); err != nil {
		return a, err
	}
	a.Kind, a.Side = sub.kind, l.User
	a.Unit, _ = l.Option("unit")
	switch sub.kind {
	case referee.ActDeploy, referee.ActRally, referee.ActStrafe, referee.ActBomb, referee.ActDrop, referee.ActDebark:
		v, _ := l.Option("hex")
		if a.To, err = hex.Parse(v); err != nil {
			return a, fmt.Errorf("hex: %w", err)
		}
	case referee.ActMove:
		to, hasTo := l.Option("to")
		path, hasPath := l.Option("path")
		if !hasTo && !hasPath {
			return a, fmt.Errorf("/battle move needs to: (the destination) or path: (the hexes in order)")
		}
		if hasPath {
			for _, f := range strings.Fields(path) {
				h, err := hex.Parse(f)
				if err != nil {
					return a, fmt.Errorf("path: %w", err)
				}
				a.Path = append(a.Path, h)
			}
			if len(a.Path) == 0 {
				return a, fmt.Errorf("path: name the hexes in order, e.g. path:\"0706 0807\"")
			}
			a.To = a.Path[len(a.Path)-1]
		}
		if hasTo {
			h, err := hex.Parse(to)
			if err != nil {
				return a, fmt.Errorf("to: %w", err)
			}
			if hasPath && h != a.To {
				return a, fmt.Errorf("to:%s is not where path: ends (%s)", h, a.To)
			}
			a.To = h
		}
	case referee.ActEmbark:
		a.Target, _ = l.Option("dropship")
	case referee.ActAttack:
		a.Target, _ = l.Option("target")
		if m, ok := l.Option("mode"); ok {
			if a.Mode, err = referee.ParseAttackMode(m); err != nil {
				return a, err
			}
		}
		if v, ok := l.Option("value"); ok {
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 {
				return a, fmt.Errorf("value:%s: the declared attack value is a whole number of 1 or more", v)
			}
			a.Value = n
		}
		a.Observer, _ = l.Option("observer")
	}
	return a, nil
}

// battleWord is the subcommand of a console line `@side /battle sub …`,
// one of subs.
func battleWord(l *consoleline.Line, subs []string) (string, error) {
	switch {
	case l.User == "":
		return "", fmt.Errorf("say which side acts: @side /battle …")
	case l.Command != "battle":
		return "", fmt.Errorf("/%s: a scenario plays /battle commands only", l.Command)
	case len(l.Words) != 1:
		return "", fmt.Errorf("/battle needs one subcommand: %s", strings.Join(subs, ", "))
	}
	return l.Words[0], nil
}

// checkOptions refuses an option /battle name does not take and a
// required one missing.
func checkOptions(l *consoleline.Line, name string, required, optional []string) error {
	allowed := append(slices.Clone(required), optional...)
	for _, o := range l.Options {
		if !slices.Contains(allowed, o.Name) {
			if len(allowed) == 0 {
				return fmt.Errorf("/battle %s takes no options (got %s:)", name, o.Name)
			}
			return fmt.Errorf("/battle %s: unknown option %s: (it takes %s)", name, o.Name, optionList(allowed))
		}
	}
	for _, r := range required {
		if _, ok := l.Option(r); !ok {
			return fmt.Errorf("/battle %s needs %s (it takes %s)", name, r+":", optionList(allowed))
		}
	}
	return nil
}

func optionList(names []string) string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = n + ":"
	}
	return strings.Join(out, " ")
}
