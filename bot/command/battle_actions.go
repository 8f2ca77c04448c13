package command

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"bfbot/campaign"
	"bfbot/internal/cite"
	"bfbot/mapgen/hex"
	"bfbot/referee"
	"bfbot/referee/dice"
)

// The air, drop and DropShip actions as /battle commands (000 lines
// 729–765, 1128–1150, 1173–1269), their previews, and the questions that
// keep a player from acting by mistake (ruling CMD4).

// previewed are the actions whose preview:true actionPreview shows.
var previewed = map[referee.ActionKind]bool{referee.ActStrafe: true, referee.ActBomb: true, referee.ActDrop: true,
	referee.ActEmbark: true, referee.ActDebark: true, referee.ActLiftoff: true}

var dropshipOption = Option{Name: "dropship", Description: "your landed DropShip next to the unit", Required: true}

// actionSubs are the /battle subcommands of this file, for the
// registry: each is a referee action of the same name.
func actionSubs(act func(sub, desc string, opts ...Option) *entry) []*entry {
	return []*entry{
		act("strafe", "an air lance strafes every ground unit in its own or an adjacent hex", unitOption,
			Option{Name: "hex", Description: "the hex to strafe, XXYY", Required: true}, previewOpt, confirmOpt),
		act("bomb", "an air lance drops its bomb load on its own or an adjacent hex", unitOption,
			Option{Name: "hex", Description: "the hex to bomb, XXYY", Required: true}, previewOpt, confirmOpt),
		act("drop", "a 'Mech lance or DropShip held in orbit declares its drop hex (secret until it lands)", unitOption,
			Option{Name: "hex", Description: "the hex to drop onto, XXYY", Required: true}, previewOpt),
		act("embark", "a unit boards your landed DropShip next to it", unitOption, dropshipOption, previewOpt),
		act("debark", "a unit leaves its landed DropShip onto an adjacent hex", unitOption,
			Option{Name: "hex", Description: "a hex next to the DropShip, XXYY", Required: true}, previewOpt),
		act("liftoff", "a landed DropShip leaves the battle with everything aboard (asks to confirm)", unitOption, previewOpt, confirmOpt),
	}
}

// dryRun carries out a on a copy of the battle with dice that are thrown
// away: the engine's refusal, worded as the action itself would be
// refused (campaign.BattleAct), or what would happen. Nothing is saved.
// On the copy nobody is asked the choices of the middle of a turn: each
// takes its default at once. Whether one would wait is the owner's
// secret until the action is made (ruling SE7), and an attack that ends
// the movement phase waits for one (ruling DEC6): a preview that showed
// the wait would tell it for nothing.
func dryRun(b *campaign.Battle, a referee.Action) (*referee.State, []referee.Event, error) {
	st := *b.State // Apply changes nothing it is given: the copy may share the rest
	st.Asked = nil
	ns, evs, err := referee.Apply(&st, a, dice.New(dice.NewSeeded(0)))
	if errors.Is(err, referee.ErrIllegal) {
		return nil, nil, userError{strings.TrimPrefix(err.Error(), referee.ErrIllegal.Error()+": ")}
	}
	return ns, evs, err
}

// actionPreview shows what a strafe, bomb, drop, embark, debark or
// lift-off would do, from what the caller's side may know; nothing
// happens. The engine's refusal comes back as it is.
func (x *call) actionPreview(b *campaign.Battle, a referee.Action) ([]Reply, error) {
	ns, evs, err := dryRun(b, a)
	if err != nil {
		return nil, err
	}
	v := b.State.View(x.side.ID)
	u := b.State.Unit(a.Unit) // the caller's own unit (Apply checked it)
	var text string
	switch a.Kind {
	case referee.ActStrafe, referee.ActBomb:
		text, err = x.hexAttackPreview(b, v, a, evs)
		if err != nil {
			return nil, err
		}
	case referee.ActDrop:
		if u.Class.Kind() == referee.KindDropShip {
			text = fmt.Sprintf("%s would land on %s when your movement phase ends: it needs %d or better on 2D6 (%d%%; %s), else it scatters and may be damaged by the Failed Landing Table. The hex stays secret until it lands. Declare it with the same command without preview.",
				a.Unit, a.To, referee.DropShipLandingTarget, atLeast(referee.DropShipLandingTarget), cite.Book(1214))
		} else {
			need, hurt := referee.LandingTarget(u.Experience, false), referee.LandingTarget(u.Experience, true)
			text = fmt.Sprintf("%s would drop onto %s when your movement phase ends, after your other units have moved (%s). Enemy air units in range and ground units in or next to the hex fire at it as it comes down. It then needs %d or better on 2D6 to land (%d%%), %d if it was damaged in the descent (%d%%; %s); a failed landing costs a step and scatters it. The hex stays secret until it lands. Declare it with the same command without preview.",
				a.Unit, a.To, cite.Span(578, 584), need, atLeast(need), hurt, atLeast(hurt), cite.Span(751, 761))
		}
	case referee.ActEmbark:
		cost := u.MPLeft - ns.Unit(a.Unit).MPLeft
		text = fmt.Sprintf("%s would board %s: entering its hex costs %d of its %d MP (%s). Its movement is over for the turn; it may debark from your next movement phase. Board with the same command without preview.",
			a.Unit, a.Target, cost, u.MPLeft, cite.Book(1257))
	case referee.ActDebark:
		// Its MP as it leaves, not the dry run's: an enemy hidden in the
		// hex would stop it there (ruling M14), which the preview may not
		// tell.
		text = fmt.Sprintf("%s would leave %s onto %s with its whole %d MP still to move (%s). Debark with the same command without preview.",
			a.Unit, u.Aboard, a.To, referee.DebarkMP(b.State, u), cite.Book(1253))
	case referee.ActLiftoff:
		text = liftoffText(b.State, a.Unit) + " Lift off with the button or /battle liftoff unit:" + a.Unit + " confirm:true."
	}
	var buttons []Button
	ends := endsWord(len(x.unitsWithMP(b)) > 0, b.State.Turn)
	switch a.Kind {
	case referee.ActStrafe:
		buttons = button("Strafe", true, ButtonID{Action: ButtonStrafe, Campaign: x.c.ID, Battle: b.ID, Args: []string{a.Unit, a.To.String(), ends}})
	case referee.ActBomb:
		buttons = button("Bomb", true, ButtonID{Action: ButtonBomb, Campaign: x.c.ID, Battle: b.ID, Args: []string{a.Unit, a.To.String(), ends}})
	case referee.ActLiftoff:
		buttons = button("Lift off", true, ButtonID{Action: ButtonLiftoff, Campaign: x.c.ID, Battle: b.ID, Args: []string{a.Unit, loadWord(b.State, a.Unit)}})
	}
	return []Reply{{To: Private, User: x.User.ID, Campaign: x.c.ID, Battle: int64(b.ID), Text: text, Buttons: buttons}}, nil
}

// hexAttackPreview lists the attacks a strafe or bomb makes on the hex:
// every ground unit in it, friend or foe, each with its column and odds
// when the side knows the target's D (ruling SE1).
func (x *call) hexAttackPreview(b *campaign.Battle, v referee.View, a referee.Action, evs []referee.Event) (string, error) {
	var parts []string
	for _, e := range evs {
		if e.Type != "attack" || e.Attacker != a.Unit || e.Column == nil || !e.Visible(x.side.ID) {
			continue
		}
		t := v.Unit(e.Target)
		who := e.Target
		if t != nil && t.Own {
			who += " (yours)"
		}
		if t == nil || t.Values == nil {
			parts = append(parts, fmt.Sprintf("%s: %d against an unknown Defensive Value (the defender calls it out when you attack)", who, *e.Value))
			continue
		}
		odds, err := columnOdds(v.CRT, *e.Column)
		if err != nil {
			return "", err
		}
		parts = append(parts, fmt.Sprintf("%s: %d against %d, column %+d (%s)", who, *e.Value, *e.Defense, *e.Column, odds))
	}
	what := "strafes"
	if a.Kind == referee.ActBomb {
		what = "drops its bomb load (once a game, " + cite.Book(1146) + ") on"
	}
	text := fmt.Sprintf("%s %s %s, every ground unit in it, friend or foe (%s). %s.", a.Unit, what, a.To, cite.Book(1134, 1144), strings.Join(parts, "; "))
	return text + x.attackHow(b), nil
}

// attackHow ends an attack's preview with how to make it: in the
// movement phase the attack ends every unit's movement, so it takes
// confirm:true (ruling CMD4); in the attack phase the same command
// without preview makes it.
func (x *call) attackHow(b *campaign.Battle) string {
	if names := x.unitsWithMP(b); len(names) > 0 {
		return " It ends your movement phase: " + strings.Join(names, ", ") + " would move no more this turn. Attack with the button or confirm:true."
	}
	return " Attack with the button or the same command without preview."
}

// atLeast is the chance in percent of n or more on 2D6.
func atLeast(n int) int {
	ways := 0
	for r := max(n, 2); r <= 12; r++ {
		ways += twoD6Chances[r]
	}
	return (ways*100 + 18) / 36
}

// liftoffText says what a lift-off takes away: the ship and its load,
// which are the owner's to know.
func liftoffText(s *referee.State, ship string) string {
	load := "nothing aboard"
	if ids := aboard(s, ship); len(ids) > 0 {
		load = strings.Join(ids, ", ") + " aboard"
	}
	return fmt.Sprintf("%s lifts off with %s and leaves the battle for good: withdrawn, not lost (ruling DR16).", ship, load)
}

// aboard lists the units that a lift-off of ship takes away.
func aboard(s *referee.State, ship string) []string {
	var ids []string
	for _, u := range s.Units {
		if u.Aboard == ship && u.Status == referee.Reserve {
			ids = append(ids, u.ID)
		}
	}
	return ids
}

// unitsWithMP lists the caller's units that could still move in his
// movement phase (a move the engine would take now: ValidActions, which
// knows the stops and the air rules), with their MP left; empty outside
// it. An attack now would end their movement (000 lines 578–602).
func (x *call) unitsWithMP(b *campaign.Battle) []string {
	s := b.State
	if s.Phase != referee.PhaseMovement || s.PhasingSide() == nil || s.PhasingSide().ID != x.side.ID {
		return nil
	}
	var out []string
	for _, u := range s.Units {
		if u.Side != x.side.ID || u.Status != referee.Active || u.MPLeft <= 0 {
			continue
		}
		for _, a := range referee.ValidActions(s, u.ID) {
			if a.Kind == referee.ActMove {
				out = append(out, fmt.Sprintf("%s (%d MP)", u.ID, u.MPLeft))
				break
			}
		}
	}
	return out
}

// endsMovementPrompt asks before an attack typed in the movement phase,
// which ends movement for every unit of the side (ruling CMD4). The
// engine's refusal comes first: there is nothing to confirm then.
func (x *call) endsMovementPrompt(b *campaign.Battle, a referee.Action) ([]Reply, bool, error) {
	names := x.unitsWithMP(b)
	if len(names) == 0 {
		return nil, false, nil
	}
	if _, _, err := dryRun(b, a); err != nil {
		return nil, true, err
	}
	var id ButtonID
	switch a.Kind {
	case referee.ActAttack:
		if a.Observer == "" {
			// The button carries no observer: with one, the typed
			// command is the only way.
			id = ButtonID{Action: ButtonAttack, Campaign: x.c.ID, Battle: b.ID, Args: []string{a.Unit, a.Target, a.Mode.String(), strconv.Itoa(a.Value), endsWord(true, b.State.Turn)}}
		}
	case referee.ActStrafe:
		id = ButtonID{Action: ButtonStrafe, Campaign: x.c.ID, Battle: b.ID, Args: []string{a.Unit, a.To.String(), endsWord(true, b.State.Turn)}}
	case referee.ActBomb:
		id = ButtonID{Action: ButtonBomb, Campaign: x.c.ID, Battle: b.ID, Args: []string{a.Unit, a.To.String(), endsWord(true, b.State.Turn)}}
	}
	text := endsMovementText(names) + fmt.Sprintf(" Confirm with %s confirm:true (or the button); or move them first and attack in the attack phase.", x.attackCmd(a))
	var buttons []Button
	if id.Action != "" {
		buttons = button("Attack and end movement", true, id)
	}
	return []Reply{{To: Private, User: x.User.ID, Campaign: x.c.ID, Battle: int64(b.ID), Text: text, Buttons: buttons}}, true, nil
}

// endsMovementText says that an attack now ends the movement of the
// units named (unitsWithMP).
func endsMovementText(names []string) string {
	return fmt.Sprintf("Attacking now ends the movement phase for every unit of your side: %s still %s MP and would move no more this turn (%s).",
		strings.Join(names, ", "), map[bool]string{true: "has", false: "have"}[len(names) == 1], cite.Span(578, 602))
}

// attackCmd is attack, strafe or bomb a as the /battle command that
// makes it, its options as given.
func (x *call) attackCmd(a referee.Action) string {
	cmd := fmt.Sprintf("/battle %s unit:%s", x.Sub, a.Unit)
	if a.Kind != referee.ActAttack {
		return cmd + " hex:" + a.To.String()
	}
	cmd += " target:" + a.Target
	if a.Mode != referee.Ranged {
		cmd += " mode:" + a.Mode.String()
	}
	if a.Value > 0 {
		cmd += " value:" + strconv.Itoa(a.Value)
	}
	if a.Observer != "" {
		cmd += " observer:" + a.Observer
	}
	return cmd
}

// withdrawPrompt asks before a unit leaves the map, saying whether it gets
// away or is captured, and why (referee.FateOfWithdrawal; ruling V6). The
// engine's refusal (not on an edge, no MP) comes first.
func (x *call) withdrawPrompt(b *campaign.Battle, a referee.Action) ([]Reply, error) {
	if _, _, err := dryRun(b, a); err != nil {
		return nil, err
	}
	fate, err := referee.FateOfWithdrawal(b.State, a.Unit)
	if err != nil {
		return nil, err
	}
	text, label := fateText(a.Unit, fate)
	text += fmt.Sprintf(" Confirm with the button or /battle withdraw unit:%s confirm:true.", a.Unit)
	return []Reply{{To: Private, User: x.User.ID, Campaign: x.c.ID, Battle: int64(b.ID), Text: text,
		Buttons: button(label, true, ButtonID{Action: ButtonWithdraw, Campaign: x.c.ID, Battle: b.ID, Args: []string{a.Unit, fateWord(fate)}})}}, nil
}

// fateText says what withdrawing unit does to it, and why, with the
// label of the button that confirms it.
func fateText(unit string, fate referee.WithdrawFate) (text, label string) {
	switch {
	case fate.Captured:
		return fmt.Sprintf("%s would be CAPTURED, not withdrawn: %s (%s). The enemy scores it.", unit, fate.Why, cite.Span(2655, 2657)), "Leave and be captured"
	case fate.Chance:
		return fmt.Sprintf("%s may be captured: %s (%s).", unit, fate.Why, cite.Book(2657)), "Leave the map"
	}
	return fmt.Sprintf("%s leaves the map for good: %s.", unit, fate.Why), "Confirm withdrawal"
}

// liftoffPrompt asks before a DropShip leaves the battle with its load.
func (x *call) liftoffPrompt(b *campaign.Battle, a referee.Action) ([]Reply, error) {
	if _, _, err := dryRun(b, a); err != nil {
		return nil, err
	}
	return []Reply{{To: Private, User: x.User.ID, Campaign: x.c.ID, Battle: int64(b.ID),
		Text:    liftoffText(b.State, a.Unit) + fmt.Sprintf(" Confirm with the button or /battle liftoff unit:%s confirm:true.", a.Unit),
		Buttons: button("Lift off", true, ButtonID{Action: ButtonLiftoff, Campaign: x.c.ID, Battle: b.ID, Args: []string{a.Unit, loadWord(b.State, a.Unit)}})}}, nil
}

// DeployPrompts tells each player of each side that must deploy in the
// battles just set up to do it now, with a button that lets the AI place
// every unit. Battles the AI fights, and sides with nothing to place,
// get none.
func DeployPrompts(c *campaign.Campaign, battles []campaign.Battle) []Reply {
	var out []Reply
	for _, b := range battles {
		if b.Over || b.Auto || b.State == nil || b.State.Phase != referee.PhaseDeploy {
			continue
		}
		for _, bs := range b.Sides {
			out = append(out, deployPrompt(c, &b, bs.Side)...)
		}
	}
	return out
}

// deployPrompt asks side's players to deploy in b, with the Auto-deploy
// button, or, while the set-up order keeps them waiting (000 line 2629),
// says why.
func deployPrompt(c *campaign.Campaign, b *campaign.Battle, sideID string) []Reply {
	side := c.Side(sideID)
	if side == nil || b.State.SideDeployed(sideID) {
		return nil
	}
	text := fmt.Sprintf("Battle %d in %s is set up: deploy your units now with /battle deploy battle:%d unit:… hex:… (/battle view shows your zone), before the battle deadline; a unit may be placed again until the battle starts. Or let the AI place them all.",
		b.ID, sectorName(c, b.Sector), b.ID)
	buttons := button("Auto-deploy", false, ButtonID{Action: ButtonAutoDeploy, Campaign: c.ID, Battle: b.ID})
	if wait := c.DeployWait(b, sideID); wait != nil {
		// Told again when the wait is over (deployUnblocked).
		text = fmt.Sprintf("Battle %d in %s is set up. Wait to deploy: %s.", b.ID, sectorName(c, b.Sector), wait)
		buttons = nil
	}
	var out []Reply
	for _, p := range side.Players {
		out = append(out, Reply{To: DM, User: p, Campaign: c.ID, Battle: int64(b.ID), Text: text, Buttons: buttons})
	}
	return out
}

// waitingToDeploy lists, per battle deploying in c, the sides that the
// set-up order keeps from deploying (deployUnblocked compares them).
func waitingToDeploy(c *campaign.Campaign) map[int][]string {
	out := map[int][]string{}
	for i := range c.Battles {
		b := &c.Battles[i]
		if b.Over || b.State == nil || b.State.Phase != referee.PhaseDeploy {
			continue
		}
		for _, bs := range b.Sides {
			if c.DeployWait(b, bs.Side) != nil {
				out[b.ID] = append(out[b.ID], bs.Side)
			}
		}
	}
	return out
}

// deployUnblocked prompts the sides that waited to deploy (before) and
// now may: the set-up order was chosen, or the side setting up first has
// finished.
func deployUnblocked(c *campaign.Campaign, before map[int][]string) []Reply {
	var out []Reply
	for id, sides := range before {
		b := c.Battle(id)
		if b == nil || b.Over || b.State == nil || b.State.Phase != referee.PhaseDeploy {
			continue
		}
		for _, side := range sides {
			if c.DeployWait(b, side) == nil {
				out = append(out, deployPrompt(c, b, side)...)
			}
		}
	}
	return out
}

// canDo reports whether the caller's own unit id is of the kind that can
// take the /battle subcommand sub, for autocomplete: air lances strafe,
// those still holding a load bomb, lances kept in orbit drop, ground
// units beside a landed DropShip of theirs embark, units aboard debark,
// landed DropShips lift off. It reads only the side's own units.
func canDo(sub string, s *referee.State, id string) bool {
	u := s.Unit(id)
	if u == nil {
		return false
	}
	onMap := u.Status == referee.Active
	switch sub {
	case "strafe":
		return onMap && u.Class.Kind() == referee.KindAir
	case "bomb":
		return onMap && u.Class.Kind() == referee.KindAir && u.Chits.Bomb > 0 && !u.BombDropped
	case "drop":
		return u.Status == referee.Reserve && u.Drop && u.Aboard == ""
	case "debark":
		return u.Status == referee.Reserve && u.Aboard != "" && u.Class.Ground()
	case "liftoff":
		return onMap && u.Class.Kind() == referee.KindDropShip
	case "embark":
		if !onMap || !u.Class.Ground() {
			return false
		}
		for _, ds := range s.Units {
			if ds.Side == u.Side && ds.Class.Kind() == referee.KindDropShip && ds.Status.OnMap() && hex.Distance(ds.Hex, u.Hex) == 1 {
				return true
			}
		}
		return false
	}
	return true
}
