package command

import (
	"fmt"
	"strconv"
	"strings"
)

// ButtonAction is what a button does. Each maps to one command (see
// buttonCommands), so a press runs the same handler, permission check and
// error translation as the typed command.
type ButtonAction string

// The buttons the bot offers for frequent steps.
const (
	// ButtonReady marks the side's orders ready (/orders ready); Args[0]
	// is the campaign turn and phase of its message (Request.Asked,
	// turnWord).
	ButtonReady ButtonAction = "ready"
	// ButtonEndPhase ends the current battle phase (/battle end);
	// Args[0] is the game turn and phase its message said goes on
	// (Request.Asked, phaseWord).
	ButtonEndPhase ButtonAction = "end"
	// ButtonWithdraw confirms a unit's withdrawal (/battle withdraw
	// confirm:true); Args are the unit and the fate its question told
	// (Request.Asked, fateWord).
	ButtonWithdraw ButtonAction = "withdraw"
	// ButtonAutoResolve lets the AI fight the battle (/battle auto).
	ButtonAutoResolve ButtonAction = "auto"
	// ButtonAttack confirms a previewed attack (/battle attack); Args are
	// unit, target, mode, the declared value ("0" for full) and whether
	// its question said it ends movement (Request.Asked, endsWord).
	ButtonAttack ButtonAction = "attack"
	// ButtonStrafe and ButtonBomb confirm an air lance's attack on a hex
	// (/battle strafe|bomb confirm:true); Args are unit, hex and whether
	// its question said it ends movement (Request.Asked, endsWord).
	ButtonStrafe ButtonAction = "strafe"
	ButtonBomb   ButtonAction = "bomb"
	// ButtonLiftoff confirms a DropShip's lift-off (/battle liftoff
	// confirm:true); Args are the DropShip and the load its question
	// told (Request.Asked, loadWord).
	ButtonLiftoff ButtonAction = "liftoff"
	// ButtonTruce accepts the offers standing to end the battle as it
	// stands (/battle truce confirm:true; ruling V18).
	ButtonTruce ButtonAction = "truce"
	// ButtonAutoDeploy lets the AI deploy the side's units (/battle
	// deploy auto:true).
	ButtonAutoDeploy ButtonAction = "autodeploy"
	// ButtonApprove and ButtonDeny answer a join request (/campaign
	// approve|deny); Args are the user asking and the side he asked for
	// (Request.Asked).
	ButtonApprove ButtonAction = "approve"
	ButtonDeny    ButtonAction = "deny"
	// ButtonDecide answers a decision (/campaign decide); Args are the
	// decision's number and the answer.
	ButtonDecide ButtonAction = "decide"
	// ButtonLog turns a page of a battle's record (/battle log); Args
	// are the side whose record it is and the page.
	ButtonLog ButtonAction = "log"
	// ButtonPage shows another page of a long reply (paginate.go): Args
	// are the command, its subcommand ("-" for none), the page, then the
	// name and value of each option that chose the text (a space of a
	// value is written '.'). Its campaign may be 0: /help pages belong
	// to none.
	ButtonPage ButtonAction = "page"
)

// buttonCommand is the command a button runs and the names of its
// arguments as that command's options.
type buttonCommand struct {
	name, sub string
	args      []string
	fixed     map[string]string
}

// buttonCommands maps a button to its command.
var buttonCommands = map[ButtonAction]buttonCommand{
	ButtonReady:       {"orders", "ready", []string{askedArg}, nil},
	ButtonEndPhase:    {"battle", "end", []string{askedArg}, nil},
	ButtonWithdraw:    {"battle", "withdraw", []string{"unit", askedArg}, map[string]string{"confirm": "true"}},
	ButtonAutoResolve: {"battle", "auto", nil, nil},
	ButtonAttack:      {"battle", "attack", []string{"unit", "target", "mode", "value", askedArg}, nil},
	ButtonStrafe:      {"battle", "strafe", []string{"unit", "hex", askedArg}, map[string]string{"confirm": "true"}},
	ButtonBomb:        {"battle", "bomb", []string{"unit", "hex", askedArg}, map[string]string{"confirm": "true"}},
	ButtonLiftoff:     {"battle", "liftoff", []string{"unit", askedArg}, map[string]string{"confirm": "true"}},
	ButtonTruce:       {"battle", "truce", nil, map[string]string{"confirm": "true"}},
	ButtonAutoDeploy:  {"battle", "deploy", nil, map[string]string{"auto": "true"}},
	ButtonApprove:     {"campaign", "approve", []string{"user", askedArg}, nil},
	ButtonDeny:        {"campaign", "deny", []string{"user", askedArg}, nil},
	ButtonDecide:      {"campaign", "decide", []string{"decision", "answer"}, nil},
	ButtonLog:         {"battle", "log", []string{"side", "page"}, nil},
	ButtonPage:        {"", "", []string{"command", "sub", "page"}, nil},
}

// askedArg names the argument of a question's button that is what the
// question told, not an option: the press carries it as Request.Asked,
// and the command refuses to act once the battle no longer matches it
// (asked.go).
const askedArg = "asked"

// minCampaign is the lowest campaign a button of action a may carry.
func minCampaign(a ButtonAction) int64 {
	if a == ButtonPage {
		return 0
	}
	return 1
}

// ButtonID is the decoded custom ID of a button: what it does, for which
// campaign and battle, with which arguments.
type ButtonID struct {
	Action   ButtonAction
	Campaign int64
	Battle   int
	Args     []string
}

// Custom ID form: "bf1" | action | campaign | battle | args…, separated
// by '|'. Arguments are unit IDs, hexes, modes and numbers, so they are
// limited to letters, digits, '-', '.' and '%' (a page button's
// escaped names, paginate.go), and never need escaping.
const (
	buttonPrefix = "bf1"
	buttonSep    = "|"
	// maxCustomID is Discord's limit on a component's custom ID.
	maxCustomID = 100
)

// Encode returns the custom ID of b.
func (b ButtonID) Encode() (string, error) {
	cmd, ok := buttonCommands[b.Action]
	if !ok {
		return "", fmt.Errorf("button: unknown action %q", b.Action)
	}
	if !argCountOK(b.Action, len(b.Args)) {
		return "", fmt.Errorf("button %s: takes %d arguments, got %d", b.Action, len(cmd.args), len(b.Args))
	}
	if b.Campaign < minCampaign(b.Action) || b.Battle < 0 {
		return "", fmt.Errorf("button %s: campaign %d, battle %d: want a campaign from %d and a battle from 0", b.Action, b.Campaign, b.Battle, minCampaign(b.Action))
	}
	parts := []string{buttonPrefix, string(b.Action), strconv.FormatInt(b.Campaign, 10), strconv.Itoa(b.Battle)}
	for _, a := range b.Args {
		if !buttonArgOK(a) {
			return "", fmt.Errorf("button %s: argument %q: only letters, digits, '-', '.' and '%%'", b.Action, a)
		}
		parts = append(parts, a)
	}
	s := strings.Join(parts, buttonSep)
	if len(s) > maxCustomID {
		return "", fmt.Errorf("button %s: custom ID of %d characters is over Discord's %d", b.Action, len(s), maxCustomID)
	}
	return s, nil
}

// DecodeButton reads a custom ID made by Encode. The error says what is
// wrong; a press of a button from another bot or an older version fails
// here and is answered, never run.
func DecodeButton(s string) (ButtonID, error) {
	var b ButtonID
	if len(s) > maxCustomID {
		return b, fmt.Errorf("button: custom ID longer than %d characters", maxCustomID)
	}
	parts := strings.Split(s, buttonSep)
	if len(parts) < 4 || parts[0] != buttonPrefix {
		return b, fmt.Errorf("button %q: not a bfbot button (or one from an older version): run the command instead", s)
	}
	b.Action = ButtonAction(parts[1])
	cmd, ok := buttonCommands[b.Action]
	if !ok {
		return b, fmt.Errorf("button %q: unknown action %q", s, parts[1])
	}
	var err error
	if b.Campaign, err = strconv.ParseInt(parts[2], 10, 64); err != nil || b.Campaign < minCampaign(b.Action) || parts[2] != strconv.FormatInt(b.Campaign, 10) {
		return ButtonID{}, fmt.Errorf("button %q: bad campaign %q", s, parts[2])
	}
	if b.Battle, err = strconv.Atoi(parts[3]); err != nil || b.Battle < 0 || parts[3] != strconv.Itoa(b.Battle) {
		return ButtonID{}, fmt.Errorf("button %q: bad battle %q", s, parts[3])
	}
	args := parts[4:]
	if !argCountOK(b.Action, len(args)) {
		return ButtonID{}, fmt.Errorf("button %q: %s takes %d arguments, got %d (a button from an older version?): run the command instead", s, b.Action, len(cmd.args), len(args))
	}
	for _, a := range args {
		if !buttonArgOK(a) {
			return ButtonID{}, fmt.Errorf("button %q: bad argument %q", s, a)
		}
	}
	if len(args) > 0 {
		b.Args = append([]string(nil), args...)
	}
	return b, nil
}

// argCountOK reports whether n arguments fit a button of action a: its
// command's args, then for a page button option name, value pairs.
func argCountOK(a ButtonAction, n int) bool {
	want := len(buttonCommands[a].args)
	if a == ButtonPage {
		return n >= want && (n-want)%2 == 0
	}
	return n == want
}

func buttonArgOK(a string) bool {
	if a == "" {
		return false
	}
	for _, r := range a {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '.' || r == '%') {
			return false
		}
	}
	return true
}

// Command is the command a press of b runs ("" for a page button, whose
// command is its argument): the adapter acknowledges a press of a Slow
// one at once, as it does the typed command.
func (b ButtonID) Command() (name, sub string) {
	c := buttonCommands[b.Action]
	return c.name, c.sub
}

// request turns a pressed button into the command it stands for.
func (b ButtonID) request(r *Request) *Request {
	cmd := buttonCommands[b.Action]
	n := *r
	n.Component = ""
	if b.Action == ButtonPage {
		return b.pageRequest(&n)
	}
	n.Name, n.Sub = cmd.name, cmd.sub
	n.Options = map[string]string{"campaign": strconv.FormatInt(b.Campaign, 10)}
	if b.Battle > 0 {
		n.Options["battle"] = strconv.Itoa(b.Battle)
	}
	for i, name := range cmd.args {
		switch {
		case name == askedArg:
			n.Asked = b.Args[i]
		case b.Args[i] == "0" && name == "value":
		default:
			n.Options[name] = b.Args[i]
		}
	}
	for k, v := range cmd.fixed {
		n.Options[k] = v
	}
	if b.Action == ButtonAttack {
		n.Options["confirm"] = "true"
	}
	return &n
}

// button makes a Button, or nothing when its ID cannot be encoded (a unit
// ID with characters a custom ID cannot carry): the typed command still
// works, so a missing shortcut is no failure.
func button(label string, danger bool, id ButtonID) []Button {
	s, err := id.Encode()
	if err != nil {
		return nil
	}
	// Discord refuses a label over 80 characters (a long list of units
	// in a decision's default, a long name): cut it, not the message.
	if r := []rune(label); len(r) > maxButtonLabel {
		label = string(r[:maxButtonLabel-1]) + "…"
	}
	return []Button{{Label: label, CustomID: s, Danger: danger}}
}

// maxButtonLabel is Discord's limit on a button's label, in characters.
const maxButtonLabel = 80
