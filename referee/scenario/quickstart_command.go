package scenario

import (
	"fmt"
	"strconv"
	"strings"

	"bfbot/internal/consoleline"
	"bfbot/mapgen/hex"
	"bfbot/referee/quickstart"
)

// quickStartSubs are the /battle subcommands of a Quick-Start battle and
// the options each takes, required first.
var quickStartSubs = map[string]struct{ required, optional []string }{
	"move":   {[]string{"unit", "facing"}, []string{"path", "to"}},
	"jump":   {[]string{"unit", "to", "facing"}, nil},
	"attack": {[]string{"unit", "element", "target", "target_element"}, []string{"overheat"}},
	"end":    {nil, nil},
	"place":  {nil, []string{"kind", "hex", "edge", "order", "unit", "facing"}},
}

var quickStartSubNames = []string{"move", "jump", "attack", "end", "place"}

// QuickStartAction turns a console line `@side /battle sub option:value…`
// into the Quick-Start action it asks for:
//
//	/battle move unit:DF path:"0815 0814" facing:N   (no path: turn in place)
//	/battle jump unit:AR to:0810 facing:S
//	/battle attack unit:DF element:2 target:AR target_element:1 overheat:1
//	/battle end
//	/battle place edge:south                        (the Veteran set-up's home edge)
//	/battle place kind:objective hex:0713           (the Veteran set-up's counters)
//	/battle place order:second                      (to set up first or second)
//	/battle place unit:DF hex:0616 facing:N         (a Unit's starting position)
//
// Elements are numbered from 1 in record sheet order. to: alone on a
// move is the destination of a one-hex move; longer moves list the path.
func QuickStartAction(l *consoleline.Line) (quickstart.Action, error) {
	var a quickstart.Action
	name, err := battleWord(l, quickStartSubNames)
	if err != nil {
		return a, err
	}
	sub, ok := quickStartSubs[name]
	if !ok {
		return a, fmt.Errorf("/battle %s: not a Quick-Start action; use %s", name, strings.Join(quickStartSubNames, ", "))
	}
	if err := checkOptions(l, name, sub.required, sub.optional); err != nil {
		return a, err
	}
	a.Unit, _ = l.Option("unit")
	if f, ok := l.Option("facing"); ok {
		if a.Facing, err = ParseFacing(f); err != nil {
			return a, err
		}
	}
	switch name {
	case "end":
		a.Kind = quickstart.Done
	case "move":
		a.Kind = quickstart.Move
		path, hasPath := l.Option("path")
		to, hasTo := l.Option("to")
		if hasPath {
			for _, f := range strings.Fields(path) {
				h, err := hex.Parse(f)
				if err != nil {
					return a, fmt.Errorf("path: %w", err)
				}
				a.Path = append(a.Path, h)
			}
		}
		if hasTo {
			h, err := hex.Parse(to)
			if err != nil {
				return a, fmt.Errorf("to: %w", err)
			}
			switch {
			case !hasPath:
				a.Path = []hex.Hex{h}
			case len(a.Path) == 0 || a.Path[len(a.Path)-1] != h:
				return a, fmt.Errorf("to:%s is not where path: ends", h)
			}
		}
	case "jump":
		a.Kind = quickstart.Jump
		to, _ := l.Option("to")
		h, err := hex.Parse(to)
		if err != nil {
			return a, fmt.Errorf("to: %w", err)
		}
		a.Path = []hex.Hex{h}
	case "place":
		return placeAction(l)
	case "attack":
		a.Kind = quickstart.Declare
		at := &a.Attack
		at.Unit = a.Unit
		at.Target, _ = l.Option("target")
		if at.Element, err = elementNumber(l, "element"); err != nil {
			return a, err
		}
		if at.TargetElement, err = elementNumber(l, "target_element"); err != nil {
			return a, err
		}
		if v, ok := l.Option("overheat"); ok {
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 || n > 3 {
				return a, fmt.Errorf("overheat:%s: a whole number from 0 to 3, at most the element's Overheat Value", v)
			}
			at.Overheat = n
		}
	}
	return a, nil
}

// placeAction reads the set-up's /battle place: edge: alone (the home
// edge), kind: and hex: (a counter), order: alone (to set up first or
// second), or unit:, hex: and facing: (a Unit's starting position).
func placeAction(l *consoleline.Line) (quickstart.Action, error) {
	var a quickstart.Action
	given := func(names ...string) bool {
		for _, n := range names {
			if _, ok := l.Option(n); !ok {
				return false
			}
		}
		return len(names) == len(l.Options)
	}
	switch {
	case given("edge"):
		e, _ := l.Option("edge")
		var ok bool
		a.Kind = quickstart.ChooseHome
		if a.Edge, ok = edges[strings.ToLower(e)]; !ok {
			return a, fmt.Errorf("edge:%s: use north, east, south or west", e)
		}
		return a, nil
	case given("order"):
		o, _ := l.Option("order")
		a.Kind = quickstart.ChooseOrder
		switch strings.ToLower(o) {
		case "first":
			a.First = true
		case "second":
		default:
			return a, fmt.Errorf("order:%s: use first or second", o)
		}
		return a, nil
	case given("kind", "hex"):
		a.Kind = quickstart.PlaceCounter
		k, _ := l.Option("kind")
		switch strings.ToLower(k) {
		case "objective":
		case "headquarters", "hq":
			a.Counter = quickstart.Headquarters
		default:
			return a, fmt.Errorf("kind:%s: use objective or headquarters", k)
		}
	case given("unit", "hex", "facing"):
		a.Kind = quickstart.PlaceUnit
		a.Unit, _ = l.Option("unit")
		f, _ := l.Option("facing")
		var err error
		if a.Facing, err = ParseFacing(f); err != nil {
			return a, err
		}
	default:
		return a, fmt.Errorf("/battle place takes one of: edge: (your home edge); kind: and hex: (the objective or Headquarters due); order:first or order:second (to set up first or second); unit:, hex: and facing: (a Unit's starting position)")
	}
	at, _ := l.Option("hex")
	h, err := hex.Parse(at)
	if err != nil {
		return a, fmt.Errorf("hex: %w", err)
	}
	a.Path = []hex.Hex{h}
	return a, nil
}

// elementNumber reads an Element's number, 1 to 6, as a 0-based index.
func elementNumber(l *consoleline.Line, opt string) (int, error) {
	v, _ := l.Option(opt)
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 || n > 6 {
		return 0, fmt.Errorf("%s:%s: an element's number on its record sheet, 1 to 6", opt, v)
	}
	return n - 1, nil
}

// QuickStartLine writes an action back as the console line a side types
// for it: what a file's commands hold and what the AI's moves are logged
// as.
func QuickStartLine(side string, a quickstart.Action) string {
	l := consoleline.Line{User: side, Command: "battle"}
	opt := func(n, v string) { l.Options = append(l.Options, consoleline.Option{Name: n, Value: v}) }
	switch a.Kind {
	case quickstart.Move, quickstart.Jump:
		l.Words = []string{a.Kind.String()}
		opt("unit", a.Unit)
		if a.Kind == quickstart.Jump && len(a.Path) > 0 {
			opt("to", a.Path[len(a.Path)-1].String())
		} else if len(a.Path) > 0 {
			names := make([]string, len(a.Path))
			for i, h := range a.Path {
				names[i] = h.String()
			}
			opt("path", strings.Join(names, " "))
		}
		opt("facing", a.Facing.String())
	case quickstart.Declare:
		l.Words = []string{"attack"}
		at := a.Attack
		opt("unit", at.Unit)
		opt("element", strconv.Itoa(at.Element+1))
		opt("target", at.Target)
		opt("target_element", strconv.Itoa(at.TargetElement+1))
		if at.Overheat > 0 {
			opt("overheat", strconv.Itoa(at.Overheat))
		}
	case quickstart.ChooseHexside:
		l.Words = []string{"decide"}
		opt("decision", "1")
		opt("answer", a.Hexside.String())
	case quickstart.ChooseHome:
		l.Words = []string{"place"}
		opt("edge", a.Edge.String())
	case quickstart.PlaceCounter:
		l.Words = []string{"place"}
		opt("kind", a.Counter.String())
		if len(a.Path) > 0 {
			opt("hex", a.Path[0].String())
		}
	case quickstart.ChooseOrder:
		l.Words = []string{"place"}
		opt("order", map[bool]string{true: "first", false: "second"}[a.First])
	case quickstart.PlaceUnit:
		l.Words = []string{"place"}
		opt("unit", a.Unit)
		if len(a.Path) > 0 {
			opt("hex", a.Path[0].String())
		}
		opt("facing", a.Facing.String())
	default:
		l.Words = []string{"end"}
	}
	return l.String()
}

// IsSetUpAction says whether a is a choice of a set-up: a home edge, a
// counter's hex, the order of setting up or a Unit's starting position.
func IsSetUpAction(a quickstart.Action) bool {
	switch a.Kind {
	case quickstart.ChooseHome, quickstart.PlaceCounter, quickstart.ChooseOrder, quickstart.PlaceUnit:
		return true
	}
	return false
}
