package command

import (
	"context"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"bfbot/campaign"
	"bfbot/internal/cite"
	"bfbot/internal/consoleline"
	"bfbot/internal/english"
	"bfbot/mapgen/hex"
	"bfbot/mapgen/render"
	"bfbot/referee"
	"bfbot/referee/ai"
	"bfbot/referee/dice"
	"bfbot/referee/scenario"
)

// battleOption picks a battle; the default is the only one being fought
// that the caller's side is in.
var battleOption = Option{Name: "battle", Description: "battle ID (default: your only battle)", Type: Integer}

var (
	unitOption   = Option{Name: "unit", Description: "your unit, e.g. A3", Required: true}
	hexOption    = Option{Name: "hex", Description: "a hex, XXYY, e.g. 0807", Required: true}
	sideOption   = Option{Name: "side", Description: "referee only: which side (default: all)"}
	confirmOpt   = Option{Name: "confirm", Description: "true to act without asking again", Type: Boolean}
	previewOpt   = Option{Name: "preview", Description: "true to see it first without acting", Type: Boolean}
	facingOpt    = Option{Name: "facing", Description: "Quick-Start: the hexside the unit faces at the end (default: as it faces)", Choices: []string{"N", "NE", "SE", "S", "SW", "NW"}}
	actionOnly   = map[string]bool{"campaign": true, "battle": true, "preview": true, "confirm": true, "auto": true}
	attackModes  = []string{"ranged", "close", "assault"}
	twoD6Chances = [13]int{0, 0, 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1} // ways to roll each 2D6 sum, of 36
)

func (g *Registry) battleCommands() []*entry {
	act := func(sub, desc string, opts ...Option) *entry {
		return &entry{spec: Spec{Name: "battle", Sub: sub, Description: desc, Who: Player, Options: append([]Option{battleOption}, opts...)},
			scope: campaignScope, run: g.battleAct}
	}
	return append([]*entry{
		{spec: Spec{Name: "battle", Sub: "status", Description: "a battle's turn, phase and sides (public)", Who: Anyone, Options: []Option{battleOption}},
			scope: campaignScope, run: g.battleStatus},
		act("deploy", "deploy a unit (or mines:) in your zone, again elsewhere until the battle starts (auto:true: the AI)",
			Option{Name: "unit", Description: "your unit, e.g. A3"}, Option{Name: "hex", Description: "a hex in your zone, XXYY"},
			Option{Name: "auto", Description: "true: deploy every unit in reserve for you", Type: Boolean},
			Option{Name: "mines", Description: `your prepared position's mines, e.g. "0807:10 0910:5" (hex:points)`}),
		act("move", "move a unit to a hex (cheapest route) or along a path", unitOption,
			Option{Name: "to", Description: "destination hex, XXYY"}, Option{Name: "path", Description: `hexes in order, e.g. "0706 0807"`}, previewOpt,
			facingOpt),
		act("jump", "Quick-Start: a unit jumps to a hex and lands facing a hexside", unitOption,
			Option{Name: "to", Description: "the hex it lands in, XXYY", Required: true}, facingOpt, previewOpt),
		act("overburn", "declare overburn for a unit before it moves", unitOption),
		act("attack", "attack an enemy unit (asks first while you may still move)", unitOption,
			Option{Name: "target", Description: "the enemy unit", Required: true},
			Option{Name: "mode", Description: "ranged, close or assault (infantry close assault)", Choices: attackModes},
			Option{Name: "value", Description: "declare a lower attack value", Type: Integer},
			Option{Name: "observer", Description: "forward observer for indirect fire"}, previewOpt, confirmOpt,
			Option{Name: "element", Description: "Quick-Start: your attacking element's number, 1–6", Type: Integer},
			Option{Name: "target_element", Description: "Quick-Start: the target element's number, 1–6", Type: Integer},
			Option{Name: "overheat", Description: "Quick-Start: overheat, 0 to the element's Overheat Value", Type: Integer}),
		act("rally", "a broken unit tries to rally into a hex", unitOption, hexOption),
		act("pickup", "a unit picks up the salvage in its hex", unitOption),
		act("withdraw", "a unit leaves the map (asks to confirm, saying if it gets away or is captured)", unitOption, confirmOpt),
		act("retreat", "your side breaks off the engagement (asks by which edge)"),
		act("surrender", "your side gives up the battle (asks to confirm)", confirmOpt),
		act("truce", "offer to end the battle as it stands, or accept the offers standing", confirmOpt),
		act("refuse", "decline the battle in game turn 1, when the setup tables allow it (asks to confirm)", confirmOpt),
		act("end", "end the current phase (Quick-Start set-up: the bot makes the choice due for you)"),
		act("place", "Quick-Start set-up: home edge (edge:), counter (kind:, hex:), order: or unit (unit:, hex:, facing:)",
			Option{Name: "kind", Description: "the counter due: objective or headquarters", Choices: []string{"objective", "headquarters"}},
			Option{Name: "hex", Description: "the hex, XXYY, in your Deployment Zone"},
			Option{Name: "edge", Description: "your home map edge, if you won the set-up roll", Choices: []string{"north", "east", "south", "west"}},
			Option{Name: "unit", Description: "your unit to place (with hex:)"},
			Option{Name: "facing", Description: "its facing (default: toward the enemy's edge)", Choices: []string{"N", "NE", "SE", "S", "SW", "NW"}},
			Option{Name: "order", Description: "if you won the starting positions roll: set up first or second", Choices: []string{"first", "second"}}),
		{spec: Spec{Name: "battle", Sub: "view", Description: "the battle as your side sees it: units, values and a map (secret)", Who: Player, Slow: true, Rate: Render,
			Options: []Option{battleOption, sideOption, pageOption}},
			scope: campaignScope, refereeReads: true, run: g.battleView},
		{spec: Spec{Name: "battle", Sub: "auto", Description: "the AI fights the battle to its end", Who: Referee, Slow: true, Rate: AutoResolve, Options: []Option{battleOption,
			{Name: "level", Description: "the AI's level on both sides (default: the campaign's ai_level)", Choices: ai.LevelNames()}}},
			scope: campaignScope, run: g.battleAuto},
		g.battleLogEntry(),
	}, actionSubs(act)...)
}

// battle picks the battle a command is about.
func (x *call) battle() (*campaign.Battle, error) {
	if x.c.QuickStart != nil {
		return nil, userf("battle %d is played by the Quick-Start rules: /battle place (its set-up), move, jump, attack, decide, end, view, status and log play it; /%s %s is not for it", x.c.QuickStart.ID, x.Name, x.Sub)
	}
	if id, ok := x.integer("battle"); ok {
		b := x.c.Battle(id)
		if b == nil {
			return nil, userf("battle:%d: campaign %d has no such battle (/campaign status lists them)", id, x.c.ID)
		}
		if b.State == nil {
			return nil, userf("battle %d has no map state to show", id)
		}
		return b, nil
	}
	var open []*campaign.Battle
	for i := range x.c.Battles {
		b := &x.c.Battles[i]
		if b.Over || b.State == nil {
			continue
		}
		if x.side != nil && !inBattle(b, x.side.ID) {
			continue
		}
		open = append(open, b)
	}
	switch len(open) {
	case 1:
		return open[0], nil
	case 0:
		return nil, userf("no battle is being fought that you are in (/campaign status lists the battles; name one with battle:ID)")
	}
	var ids []string
	for _, b := range open {
		ids = append(ids, strconv.Itoa(b.ID))
	}
	return nil, userf("battles %s are being fought: say which with battle:ID", strings.Join(ids, ", "))
}

func inBattle(b *campaign.Battle, side string) bool {
	for _, s := range b.Sides {
		if s.Side == side {
			return true
		}
	}
	return false
}

// battleView is the battle as the caller may see it: his side's view, or
// for the referee the whole battle (or one side's view).
func (x *call) battleView(b *campaign.Battle) (referee.View, error) {
	if err := x.ownOnly("view of the battle"); err != nil {
		return referee.View{}, err
	}
	if x.side != nil {
		return b.State.View(x.side.ID), nil
	}
	if only := x.str("side"); only != "" {
		if b.State.Side(only) == nil {
			return referee.View{}, userf("side:%s does not fight battle %d", only, b.ID)
		}
		return b.State.View(only), nil
	}
	return b.State.RefereeView(), nil
}

// viewedBattle is the battle the command names with the caller's view of
// it (battleView).
func (x *call) viewedBattle() (*campaign.Battle, referee.View, error) {
	b, err := x.battle()
	if err != nil {
		return nil, referee.View{}, err
	}
	v, err := x.battleView(b)
	return b, v, err
}

func (g *Registry) battleStatus(_ context.Context, x *call) ([]Reply, error) {
	if x.c.QuickStart != nil {
		return x.quickStartStatus(), nil
	}
	b, err := x.battle()
	if err != nil {
		return nil, err
	}
	v := b.State.View("") // a spectator's view: only what every side knows
	var sides []string
	for _, s := range b.Sides {
		sides = append(sides, x.c.SideName(s.Side))
	}
	text := fmt.Sprintf("Battle %d in %s (campaign turn %d), %s: game turn %d, %s %s phase.", b.ID, sectorName(x.c, b.Sector), b.Turn, strings.Join(sides, " against "), v.Turn, english.Possessive(x.c.SideName(v.Phasing)), v.Phase)
	if t := truceStanding(x.c, b.State); t != "" {
		text += "\n" + t
	}
	if b.Over {
		text = fmt.Sprintf("Battle %d in %s is over: %s.", b.ID, sectorName(x.c, b.Sector), outcomeText(x.c, b.Outcome))
	}
	return []Reply{x.private(text)}, nil
}

func outcomeText(c *campaign.Campaign, o *referee.Outcome) string {
	if o == nil {
		return "no result recorded"
	}
	var vp []string
	keys := make([]string, 0, len(o.VP))
	for k := range o.VP {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		vp = append(vp, fmt.Sprintf("%s %d VP", c.SideName(k), o.VP[k]))
	}
	if o.Winner == "" {
		return "a draw, " + strings.Join(vp, ", ")
	}
	return fmt.Sprintf("%s wins a %s, %s", c.SideName(o.Winner), o.Level, strings.Join(vp, ", "))
}

// battleLine is the /battle command as the console line a scenario
// file would hold for it: the caller's side acting, the options in
// order, those that only steer the command (preview, confirm, …) left out.
func (x *call) battleLine() *consoleline.Line {
	l := &consoleline.Line{User: x.side.ID, Command: "battle", Words: []string{x.Sub}}
	names := make([]string, 0, len(x.Options))
	for k := range x.Options {
		if !actionOnly[k] {
			names = append(names, k)
		}
	}
	sort.Strings(names)
	for _, k := range names {
		l.Options = append(l.Options, consoleline.Option{Name: k, Value: x.Options[k]})
	}
	return l
}

// action reads the referee action a /battle command asks for, with the
// same option names and checks as scenario files.
func (x *call) action() (referee.Action, error) {
	a, err := scenario.BattleAction(x.battleLine())
	if err != nil {
		return a, userError{err.Error()}
	}
	return a, nil
}

func (g *Registry) battleAct(ctx context.Context, x *call) ([]Reply, error) {
	if x.c.QuickStart != nil {
		return g.quickStartAct(ctx, x)
	}
	if x.side == nil {
		return nil, userf("%s only a side's player acts in a battle", refusedWho)
	}
	if x.Sub == "deploy" && x.Option("mines") != "" {
		return g.battleMines(ctx, x)
	}
	b, err := x.battle()
	if err != nil {
		return nil, err
	}
	if x.Sub == "deploy" && x.flag("auto") {
		return g.applyBattle(ctx, x, b.ID, func(c *campaign.Campaign, d *dice.Dice) (*campaign.Campaign, []referee.Event, []campaign.Event, error) {
			return g.rules.AutoDeploy(c, b.ID, x.side.ID, d)
		})
	}
	if x.Sub == "refuse" {
		return g.battleRefuse(ctx, x, b)
	}
	if x.Sub == "retreat" {
		// The edge is the player's to choose: asked, then declared
		// (campaign.AskRetreat).
		return g.applyBattle(ctx, x, b.ID, func(c *campaign.Campaign, d *dice.Dice) (*campaign.Campaign, []referee.Event, []campaign.Event, error) {
			return withLog(c)(campaign.AskRetreat(c, b.ID, x.side.ID, d))
		})
	}
	a, err := x.action()
	if err != nil {
		return nil, err
	}
	attack := a.Kind == referee.ActAttack || a.Kind == referee.ActStrafe || a.Kind == referee.ActBomb
	switch {
	case x.Sub == "attack" && x.flag("preview"):
		return x.attackPreview(b, a)
	case x.Sub == "move" && x.flag("preview"):
		return x.movePreview(b, a)
	case x.flag("preview") && previewed[a.Kind]:
		return x.actionPreview(b, a)
	case attack && !x.flag("confirm"):
		if out, asked, err := x.endsMovementPrompt(b, a); asked {
			return out, err
		}
	case x.Sub == "withdraw" && !x.flag("confirm"):
		return x.withdrawPrompt(b, a)
	case x.Sub == "liftoff" && !x.flag("confirm"):
		return x.liftoffPrompt(b, a)
	case x.Sub == "surrender" && !x.flag("confirm"):
		return []Reply{x.private("Surrender gives up the battle and your units in it. Confirm with /battle surrender confirm:true.")}, nil
	case a.Kind == referee.ActTruce:
		if out, asked, err := x.trucePrompt(b, a); asked {
			return out, err
		}
	}
	out, err := g.applyBattle(ctx, x, b.ID, func(c *campaign.Campaign, d *dice.Dice) (*campaign.Campaign, []referee.Event, []campaign.Event, error) {
		if a.Kind == referee.ActTruce {
			if err := x.truceStillMeant(c.Battle(b.ID), a); err != nil {
				return nil, nil, nil, err
			}
		}
		if err := x.stillAsked(c.Battle(b.ID), a); err != nil {
			return nil, nil, nil, err
		}
		return g.rules.BattleAct(c, b.ID, x.side.ID, a, d)
	})
	if err != nil {
		return nil, err
	}
	if a.Kind == referee.ActTruce {
		out = append(out, x.truceOffered(x.c.Battle(b.ID))...)
	}
	if nb := x.c.Battle(b.ID); nb != nil && !nb.Over && nb.State != nil && a.Kind != referee.ActEnd {
		if ph := nb.State.PhasingSide(); ph != nil && ph.ID == x.side.ID && nb.State.Phase != referee.PhaseDeploy {
			out = append(out, Reply{To: Private, User: x.User.ID, Campaign: x.c.ID, Battle: int64(b.ID),
				Text:    fmt.Sprintf("Battle %d: your %s phase goes on.", b.ID, nb.State.Phase),
				Buttons: button("End phase", false, ButtonID{Action: ButtonEndPhase, Campaign: x.c.ID, Battle: b.ID, Args: []string{phaseWord(nb.State.Turn, nb.State.Phase)}})})
		}
	}
	return out, nil
}

// applyBattle runs one battle step in a store transaction and addresses
// its events.
func (g *Registry) applyBattle(ctx context.Context, x *call, battle int, fn func(*campaign.Campaign, *dice.Dice) (*campaign.Campaign, []referee.Event, []campaign.Event, error)) ([]Reply, error) {
	return g.applyBattleBy(ctx, x, x.update, battle, fn)
}

// applyBattleBy is applyBattle storing the change with update (call.update,
// or call.updateAside for the AI's long work).
func (g *Registry) applyBattleBy(ctx context.Context, x *call, update func(context.Context, func(*campaign.Campaign, *dice.Dice) (*campaign.Campaign, []campaign.Event, error)) ([]campaign.Event, error), battle int, fn func(*campaign.Campaign, *dice.Dice) (*campaign.Campaign, []referee.Event, []campaign.Event, error)) ([]Reply, error) {
	var bevs []referee.Event
	before, since, waiting := len(x.c.Battles), x.c.NextDecision, waitingToDeploy(x.c)
	cevs, err := update(ctx, func(c *campaign.Campaign, d *dice.Dice) (*campaign.Campaign, []campaign.Event, error) {
		n, be, ce, err := fn(c, d)
		if err == nil {
			// A scenario's side nobody plays answers at once.
			n, be, ce, err = ScenarioAI(n, battle, d, be, ce)
		}
		bevs = be
		return n, ce, err
	})
	if err != nil {
		return nil, err
	}
	out := BattleReplies(x.c, battle, bevs)
	if x.side != nil {
		if notes := MoveNotes(bevs, x.side.ID); len(notes) > 0 {
			out = append(out, x.private(strings.Join(notes, "\n")))
		}
	}
	out = append(out, EventReplies(x.c, cevs)...)
	// A battle that ended may have started another (a retreat into a
	// sector the enemy holds): its sides are asked to deploy.
	out = append(out, DeployPrompts(x.c, x.c.Battles[min(before, len(x.c.Battles)):])...)
	out = append(out, DecisionPrompts(x.c, since)...)
	out = append(out, deployUnblocked(x.c, waiting)...)
	if len(out) == 0 {
		out = append(out, x.private("Done."))
	}
	return out, nil
}

// attackPreview works out the attack on a copy of the battle, with dice
// that are thrown away, and shows the column and the chance of each
// result, with a button that makes the attack for real.
func (x *call) attackPreview(b *campaign.Battle, a referee.Action) ([]Reply, error) {
	_, evs, err := dryRun(b, a)
	if err != nil {
		return nil, err
	}
	var at *referee.Event
	for i := range evs {
		if evs[i].Type == "attack" && evs[i].Attacker == a.Unit && evs[i].Column != nil && evs[i].Visible(x.side.ID) {
			at = &evs[i]
			break
		}
	}
	if at == nil {
		return nil, userf("%s cannot attack %s that way now", a.Unit, a.Target)
	}
	v := b.State.View(x.side.ID)
	text := fmt.Sprintf("%s %s attack on %s", a.Unit, at.Mode, a.Target)
	if !defenseKnown(v, a) {
		// Only what the attacker's side knows: its own value. The
		// target's D, and with it the column and the chances, come
		// from the defender when the attack is made (ruling SE1).
		if at.Value != nil {
			text += fmt.Sprintf(": %d against an unknown Defensive Value", *at.Value)
		}
		text += ". Its D, the column and the chances are unknown until you attack: the defender calls out D then (" + cite.Book(699, 847) + "; ruling SE1)."
	} else {
		odds, err := columnOdds(v.CRT, *at.Column)
		if err != nil {
			return nil, err
		}
		if at.Value != nil && at.Defense != nil {
			text += fmt.Sprintf(": %d against %d", *at.Value, *at.Defense)
		}
		text += fmt.Sprintf(", column %+d after shifts. Chances: %s.", *at.Column, odds)
	}
	text += x.attackHow(b)
	return []Reply{{To: Private, User: x.User.ID, Campaign: x.c.ID, Battle: int64(b.ID), Text: text,
		Buttons: button("Attack", true, ButtonID{Action: ButtonAttack, Campaign: x.c.ID, Battle: b.ID, Args: []string{a.Unit, a.Target, a.Mode.String(), strconv.Itoa(a.Value), endsWord(len(x.unitsWithMP(b)) > 0, b.State.Turn)}})}}, nil
}

// defenseKnown reports whether the attacker's side knows what a preview
// of attack a needs of its target (ruling SE1): a building and a close
// assault use no Defensive Value (rulings K9, K11, K13); a unit's D is
// known only while the side reads the unit's current values, as an AEP
// probe does (000 lines 1344–1353; rulings S4, S6). Sighting lifts the
// blind, not the values (000 lines 699, 782), and a D called out at an
// earlier attack may have changed since by damage the attacker cannot
// see (000 line 498).
func defenseKnown(v referee.View, a referee.Action) bool {
	if a.Mode == referee.CloseAssault {
		return true
	}
	u := v.Unit(a.Target)
	if u == nil {
		_, err := hex.Parse(a.Target)
		return err == nil // a building; an unseen unit never gets here
	}
	return u.Values != nil
}

// columnOdds gives the chance of each result on a CRT column over the 36
// rolls of 2D6.
func columnOdds(crt referee.CRT, column int) (string, error) {
	ways := map[string]int{}
	var order []string
	for roll := 2; roll <= 12; roll++ {
		r, err := crt.Lookup(column, roll)
		if err != nil {
			return "", err
		}
		name := r.String()
		switch {
		case name == "":
			name = "miss"
		case r.Kind == referee.Steps:
			name += " step"
			if r.Steps > 1 {
				name += "s"
			}
		case r.Kind == referee.Disruption:
			name = "disruption"
		case r.Kind == referee.Critical:
			name = "critical"
		}
		if _, ok := ways[name]; !ok {
			order = append(order, name)
		}
		ways[name] += twoD6Chances[roll]
	}
	var parts []string
	for _, n := range order {
		parts = append(parts, fmt.Sprintf("%s %d%%", n, (ways[n]*100+18)/36))
	}
	return strings.Join(parts, ", "), nil
}

// movePreview shows where the unit can go this phase (from
// ValidActions, which knows nothing the side may not) and the route
// asked for, on the side's own map; nothing moves.
func (x *call) movePreview(b *campaign.Battle, a referee.Action) ([]Reply, error) {
	v := b.State.View(x.side.ID)
	u := v.Unit(a.Unit)
	if u == nil || !u.Own || u.Hex == nil {
		return nil, userf("unit:%s: not one of your units on the map", a.Unit)
	}
	reach := map[hex.Hex]bool{}
	var hexes []hex.Hex
	for _, va := range referee.ValidActions(b.State, a.Unit) {
		if va.Kind == referee.ActMove && !reach[va.To] {
			reach[va.To] = true
			hexes = append(hexes, va.To)
		}
	}
	if len(hexes) == 0 {
		return nil, userf("%s cannot move now", a.Unit)
	}
	hl := []render.Highlight{{Kind: render.Reachable, Hexes: hexes, Side: u.SideIndex}, {Kind: render.Selected, Hexes: []hex.Hex{*u.Hex}, Side: u.SideIndex}}
	var text string
	if len(a.Path) > 0 {
		hl = append(hl, render.PathHighlight(*u.Hex, a.Path, u.SideIndex))
		text = fmt.Sprintf("%s along %s", a.Unit, hexList(*u.Hex, a.Path))
	} else {
		hl = append(hl, render.Highlight{Kind: render.Selected, Hexes: []hex.Hex{a.To}, Side: u.SideIndex})
		text = fmt.Sprintf("%s from %s to %s by the cheapest route", a.Unit, u.Hex, a.To)
		// The route the move would take, drawn as an arrow when there is
		// one this phase.
		if path, err := referee.CheapestPath(b.State, a.Unit, a.To); err == nil {
			hl = append(hl, render.PathHighlight(*u.Hex, path, u.SideIndex))
			text += " (" + hexList(*u.Hex, path) + ")"
		}
	}
	if reach[a.To] {
		text += ": within reach this phase. Move with the same command without preview."
	} else {
		text += fmt.Sprintf(": %s is out of reach this phase (%s reachable, each marked on the map by a yellow tag behind its number).", a.To, english.Counts(len(hexes), "hex is", "hexes are"))
	}
	f, err := tacticalPNG(x.c, b, v, hl...)
	if err != nil {
		return nil, err
	}
	return []Reply{{To: Private, User: x.User.ID, Campaign: x.c.ID, Battle: int64(b.ID), Text: text, Files: []File{f}}}, nil
}

func hexList(from hex.Hex, path []hex.Hex) string {
	s := from.String()
	for _, h := range path {
		s += " → " + h.String()
	}
	return s
}

func (g *Registry) battleView(_ context.Context, x *call) ([]Reply, error) {
	if x.c.QuickStart != nil {
		return x.quickStartViewReply()
	}
	b, v, err := x.viewedBattle()
	if err != nil {
		return nil, err
	}
	var t strings.Builder
	fmt.Fprintf(&t, "Battle %d, game turn %d, %s %s phase.\n", b.ID, v.Turn, english.Possessive(x.c.SideName(v.Phasing)), v.Phase)
	if s := truceStanding(x.c, b.State); s != "" {
		t.WriteString(s + "\n")
	}
	side := ""
	for _, u := range v.Units {
		if u.Side != side {
			side = u.Side
			t.WriteString(x.c.SideName(side) + ":\n")
		}
		where := u.Status
		if u.Hex != nil {
			where = u.Hex.String()
		}
		class := u.Class
		if class == "" {
			class = u.Kind + " (blind)"
		}
		line := fmt.Sprintf("  %s %s at %s", u.ID, class, where)
		if u.Values != nil {
			line += fmt.Sprintf(", step %d, RA %d D %d R %d, %s", u.Values.Step, u.Values.RA, u.Values.D, u.Values.Range, u.Values.Experience)
		}
		if u.Detail != nil && u.Hex != nil {
			line += fmt.Sprintf(", MP %d/%d", u.Detail.MPLeft, u.Detail.MP)
		}
		if u.Disrupted {
			line += ", disrupted"
		}
		t.WriteString(line + "\n")
	}
	if p, _ := x.integer("page"); p > 1 {
		// A later page of the list: the map came with the first.
		return []Reply{x.paged(strings.TrimRight(t.String(), "\n"), []string{"battle", strconv.Itoa(b.ID), "side", x.str("side")})}, nil
	}
	f, err := tacticalPNG(x.c, b, v)
	if err != nil {
		return nil, err
	}
	return []Reply{x.paged(strings.TrimRight(t.String(), "\n"), []string{"battle", strconv.Itoa(b.ID), "side", x.str("side")}, f)}, nil
}

// battleAuto lets the AI fight a battle to its end for both sides, at
// the campaign's ai_level or the level: the referee gives for this
// battle (ruling AIL1).
func (g *Registry) battleAuto(ctx context.Context, x *call) ([]Reply, error) {
	given := x.str("level")
	if x.c.QuickStart != nil {
		if given != "" {
			return nil, userf("level:%s: a Quick-Start battle's AI plays at one level; leave level: out", given)
		}
		return g.quickStartAuto(ctx, x)
	}
	level := x.c.Settings.Level()
	if given != "" {
		// level:'s choices let only ai.Levels' names through.
		level, _ = ai.ParsePlayLevel(given)
	}
	b, err := x.battle()
	if err != nil {
		return nil, err
	}
	seed := uint64(x.c.ID)*1000 + uint64(b.ID)
	// The battle's end is told by its after-action reports (BattleReplies).
	// The AI's whole battle is worked out outside the store's write
	// transaction, which every other campaign's change waits for.
	out, err := g.applyBattleBy(ctx, x, x.updateAside, b.ID, func(c *campaign.Campaign, d *dice.Dice) (*campaign.Campaign, []referee.Event, []campaign.Event, error) {
		var sides []string
		for _, bs := range b.Sides {
			sides = append(sides, bs.Side)
		}
		if err := autoRefused(c, x.User.ID, b.ID, sides, given != ""); err != nil {
			return nil, nil, nil, err
		}
		return g.rules.AutoResolveBattle(c, b.ID, level, d, seed)
	})
	if err != nil || given == "" {
		return out, err
	}
	// A level: given, whether or not the campaign's own, is said where
	// everyone reads the result, beside the campaign's (ruling AIL1).
	note := x.public(fmt.Sprintf("The AI fought battle %d at level %s on both sides (the campaign's ai_level is %s).", b.ID, level, x.c.Settings.Level()))
	return append([]Reply{note}, out...), nil
}

// battleRefuse declines a battle the setup tables let the side refuse
// (campaign.RefuseBattle; 004 lines 15, 27, 70), after a confirmation.
func (g *Registry) battleRefuse(ctx context.Context, x *call, b *campaign.Battle) ([]Reply, error) {
	if !x.flag("confirm") {
		return []Reply{x.private(fmt.Sprintf("Refusing ends battle %d for good: your battlegroups fall back out of %s. Confirm with /battle refuse battle:%d confirm:true.", b.ID, sectorName(x.c, b.Sector), b.ID))}, nil
	}
	return g.applyBattle(ctx, x, b.ID, func(c *campaign.Campaign, d *dice.Dice) (*campaign.Campaign, []referee.Event, []campaign.Event, error) {
		return campaign.RefuseBattle(c, b.ID, x.side.ID, d)
	})
}

// battleMines places the mines the caller's prepared position laid
// (campaign.PlaceMines), with /battle deploy mines: — as its units, in
// secret and again until the battle starts; the answer is secret to his
// side.
func (g *Registry) battleMines(ctx context.Context, x *call) ([]Reply, error) {
	if x.Option("unit") != "" || x.Option("hex") != "" || x.flag("auto") {
		return nil, userf("mines: places your mines alone: deploy units with unit: and hex: (or auto:true) in another /battle deploy")
	}
	mines, err := parseMines(x.str("mines"))
	if err != nil {
		return nil, err
	}
	b, err := x.battle()
	if err != nil {
		return nil, err
	}
	evs, err := x.update(ctx, func(c *campaign.Campaign, _ *dice.Dice) (*campaign.Campaign, []campaign.Event, error) {
		return campaign.PlaceMines(c, b.ID, x.side.ID, mines)
	})
	if err != nil {
		return nil, err
	}
	return x.secretReplies(evs), nil
}

// minesFormat is the mines option's form, for error messages.
const minesFormat = `write hex:points pairs separated by spaces, e.g. mines:"0807:10 0910:5"`

// parseMines reads "0807:10 0910:5" (commas also separate pairs): each
// hex once, each with a whole number of points.
func parseMines(text string) (map[hex.Hex]int, error) {
	fields := strings.Fields(strings.ReplaceAll(text, ",", " "))
	if len(fields) == 0 {
		return nil, userf("mines: none given: %s", minesFormat)
	}
	out := map[hex.Hex]int{}
	for _, f := range fields {
		hs, ps, ok := strings.Cut(f, ":")
		if !ok {
			return nil, userf("mines: %q has no points: %s", f, minesFormat)
		}
		h, err := hex.Parse(hs)
		if err != nil {
			return nil, userf("mines: %q: %q is not a hex (XXYY): %s", f, hs, minesFormat)
		}
		n, err := strconv.Atoi(ps)
		if err != nil || n <= 0 {
			return nil, userf("mines: %q: %q is not a number of points above 0: %s", f, ps, minesFormat)
		}
		if _, dup := out[h]; dup {
			return nil, userf("mines: %s is given twice: give each hex once with all its points", h)
		}
		out[h] = n
	}
	return out, nil
}
