package command

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"strings"

	"bfbot/campaign"
	"bfbot/internal/cite"
	"bfbot/internal/consoleline"
	"bfbot/internal/english"
	"bfbot/mapgen/hex"
	"bfbot/mapgen/render"
	"bfbot/referee"
	"bfbot/referee/dice"
	"bfbot/referee/quickstart"
	"bfbot/referee/scenario"
)

// Quick-Start battles on Discord: /scenario start of a Quick-Start
// scenario makes a scenario campaign whose battle is played by the
// Quick-Start rules (campaign.QuickStartBattle), and /battle move (with
// facing:), jump, attack (element:, target_element:, overheat:), end,
// view and status play it. The AI plays a side nobody holds, right after
// the command that hands it the move, as for the 1987 scenarios.

// quickStartSubs are the /battle subcommands a Quick-Start battle takes.
var quickStartSubs = map[string]bool{"move": true, "jump": true, "attack": true, "end": true, "place": true}

// quickStartStart is /scenario start of a shipped Quick-Start scenario.
func (g *Registry) quickStartStart(ctx context.Context, x *call, name string, data []byte) ([]Reply, error) {
	qs, err := scenario.ParseQuickStart(data, nil)
	if err != nil {
		return nil, fmt.Errorf("shipped scenario %s: %w", name, err)
	}
	side := x.str("side")
	if qs.SideIndex(side) < 0 {
		return nil, userf("side:%s: %s is fought by %s and %s", side, name, qs.Sides[0].ID, qs.Sides[1].ID)
	}
	if x.str("buy") != "" {
		return nil, userf("buy: a Quick-Start scenario's forces are its record sheets; start it without buy:")
	}
	if l := x.str("level"); l != "" {
		return nil, userf("level:%s: the Quick-Start AI plays at one level; start it without level:", l)
	}
	seed, err := x.scenarioSeed()
	if err != nil {
		return nil, err
	}
	onBoard := qs.OnBoard
	if start := x.str("start"); start != "" {
		switch {
		case qs.Green:
			return nil, userf("start:%s: in %s the players place their Units on the map (%s); only a scenario with the Veteran set-up starts them on or off the map: start it without start:", start, name, cite.QuickStart(520, 528))
		case !qs.SetUp:
			return nil, userf("start:%s: %s places its Units itself; only a scenario with the Veteran set-up starts them on or off the map: start it without start:", start, name)
		}
		onBoard = start == "on-board"
	}
	st, setup, err := qs.Begin(dice.New(dice.NewSeeded(seed)), onBoard)
	if err != nil {
		return nil, fmt.Errorf("scenario %s: %w", name, err)
	}
	st.AskHexside = true // the target's player chooses (quickstart_hexside.go)
	c, err := campaign.NewQuickStartScenario(0, qs.Name, st, [2]string{qs.Sides[0].Name, qs.Sides[1].Name}, name, seed)
	if err != nil {
		return nil, err
	}
	c.QuickStart.Log = append(c.QuickStart.Log, setup...) // the set-up's roll or deployment, for /battle log
	id, who, err := g.seatStarter(ctx, x, c, side)
	if err != nil {
		return nil, err
	}
	c = x.c
	evs, logged, err := g.quickStartUpdate(ctx, x, x.update, nil)
	if err != nil {
		return nil, err
	}
	out := []Reply{x.public(fmt.Sprintf("Campaign %d is the scenario %s (%s), played by the BattleForce Quick-Start rules: %s against %s. %s plays %s and holds the referee role; %s. Play it with /battle move (facing:), jump, attack (element:, target_element:, overheat:) and end; /battle view shows your side's record sheets and map.%s",
		id, qs.Name, name, c.Sides[0].Name, c.Sides[1].Name, c.NameOf(x.User.ID), c.Side(side).Name, who, setUpHelp(qs, onBoard)))}
	out = append(out, QuickStartReplies(x.c, append(setup, evs...))...)
	out = append(out, EventReplies(x.c, logged)...)
	view, err := x.quickStartView(qs.SideIndex(side))
	if err != nil {
		return nil, err
	}
	return append(out, view...), nil
}

// quickStartUpdate plays fn (nil: nothing) on the campaign's Quick-Start
// battle in one store change by update (x.update, or x.updateAside for
// the AI's whole battle), the AI playing the sides it holds before and
// after; it returns the battle's events and the campaign's.
func (g *Registry) quickStartUpdate(ctx context.Context, x *call, update func(context.Context, func(*campaign.Campaign, *dice.Dice) (*campaign.Campaign, []campaign.Event, error)) ([]campaign.Event, error), fn func(*campaign.Campaign, *dice.Dice) (*campaign.Campaign, []quickstart.Event, error)) ([]quickstart.Event, []campaign.Event, error) {
	var evs []quickstart.Event
	logged, err := update(ctx, func(c *campaign.Campaign, d *dice.Dice) (*campaign.Campaign, []campaign.Event, error) {
		before := c.Log.Len()
		// The AI first plays a part of the phase left to it (after an
		// undo, or a seat given up), then the command, then answers it.
		n, e, err := campaign.PlayQuickStartAI(c, aiSides(c), d)
		if err != nil {
			return nil, nil, err
		}
		if fn != nil {
			var more []quickstart.Event
			if n, more, err = fn(n, d); err != nil {
				return nil, nil, err
			}
			e = append(e, more...)
		}
		n, more, err := campaign.PlayQuickStartAI(n, aiSides(n), d)
		if err != nil {
			return nil, nil, err
		}
		evs = append(e, more...)
		return n, n.Log.Since(min(before, n.Log.Len())), nil
	})
	return evs, logged, err
}

// QuickStartReplies posts a Quick-Start battle's events in its thread:
// the rules hide none of them (quickstart.Event). When the battle ended,
// the after-action reports follow, and a long run of events (/battle
// auto) is left to them and to /battle log.
func QuickStartReplies(c *campaign.Campaign, evs []quickstart.Event) []Reply {
	if len(evs) == 0 {
		return nil
	}
	lines := make([]string, len(evs))
	ended := false
	for i, e := range evs {
		lines[i] = fmt.Sprintf("T%d %s", e.Turn, e.Text)
		ended = ended || e.Type == "battle-over"
	}
	var out []Reply
	if !ended || len(lines) <= maxReplyLines {
		out = append(out, Reply{To: Public, Campaign: c.ID, Battle: int64(c.QuickStart.ID), Text: limitLines(c.QuickStart.ID, lines)})
	}
	if ended {
		out = append(out, QuickStartAfterAction(c)...)
	}
	if due := setUpDue(c); due != "" {
		out = append(out, Reply{To: Public, Campaign: c.ID, Battle: int64(c.QuickStart.ID), Text: due})
	}
	return append(out, hexsidePrompts(c, evs)...)
}

// QuickStartAI follows a step of a Quick-Start battle taken outside a
// command (a battle deadline): the AI plays the sides nobody holds while
// one of them is to act, as after a player's command.
func QuickStartAI(c *campaign.Campaign, d *dice.Dice) (*campaign.Campaign, []quickstart.Event, error) {
	if c.QuickStart == nil || c.Phase == campaign.PhaseOver {
		return c, nil, nil
	}
	return campaign.PlayQuickStartAI(c, aiSides(c), d)
}

// quickStartAuto is /battle auto of a Quick-Start battle: the AI fights
// it to its end for both sides (campaign.AutoResolveQuickStart).
func (g *Registry) quickStartAuto(ctx context.Context, x *call) ([]Reply, error) {
	if x.c.QuickStart.State.Phase == quickstart.Over {
		return nil, userf("battle %d is over (/battle status, /battle log)", x.c.QuickStart.ID)
	}
	// The AI's whole battle is worked out outside the store's write
	// transaction, which every other campaign's change waits for.
	evs, logged, err := g.quickStartUpdate(ctx, x, x.updateAside, func(c *campaign.Campaign, d *dice.Dice) (*campaign.Campaign, []quickstart.Event, error) {
		var sides []string
		for _, s := range c.Sides {
			sides = append(sides, s.ID)
		}
		if err := autoRefused(c, x.User.ID, c.QuickStart.ID, sides, false); err != nil {
			return nil, nil, err
		}
		return g.rules.AutoResolveQuickStart(c, d)
	})
	if err != nil {
		return nil, err
	}
	return append(QuickStartReplies(x.c, evs), EventReplies(x.c, logged)...), nil
}

// quickStartAct is a /battle action in a Quick-Start battle.
func (g *Registry) quickStartAct(ctx context.Context, x *call) ([]Reply, error) {
	if x.side == nil {
		return nil, userf("%s only a side's player acts in a battle", refusedWho)
	}
	if !quickStartSubs[x.Sub] {
		return nil, userf("/battle %s is not an action of the Quick-Start rules: use place (in the set-up), move (with facing:), jump, attack (element:, target_element:, overheat:) or end", x.Sub)
	}
	qb := x.c.QuickStart
	if qb.State.Phase == quickstart.Over {
		return nil, userf("the battle is over (/battle status)")
	}
	if err := x.setUpTurn(qb.State); err != nil {
		return nil, err
	}
	if err := x.hexsideWait(qb.State); err != nil {
		return nil, err
	}
	a, err := x.quickStartAction(qb.State)
	if err != nil {
		return nil, err
	}
	if x.flag("preview") {
		return x.quickStartPreview(qb.State, a)
	}
	evs, logged, err := g.quickStartUpdate(ctx, x, x.update, func(c *campaign.Campaign, d *dice.Dice) (*campaign.Campaign, []quickstart.Event, error) {
		s := c.QuickStart.State
		n, evs, err := campaign.QuickStartAct(c, x.side.ID, a, d)
		if err == nil && a.Kind == quickstart.Done {
			// The engine's refusal first, as it is; then the phase asked.
			err = x.phaseStillAsked(qb.ID, s.Turn, s.Phase)
		}
		return n, evs, err
	})
	if err != nil {
		return nil, err
	}
	out := QuickStartReplies(x.c, evs)
	out = append(out, EventReplies(x.c, logged)...)
	s := x.c.QuickStart.State
	switch {
	case s.Phase != quickstart.Over && s.Phase != quickstart.SetUpPhase && s.Sides[s.Acting] == x.side.ID && a.Kind != quickstart.Done:
		out = append(out, Reply{To: Private, User: x.User.ID, Campaign: x.c.ID, Battle: int64(qb.ID),
			Text:    fmt.Sprintf("Battle %d: done (%s). Your %v phase goes on.", qb.ID, a, s.Phase),
			Buttons: button("End phase", false, ButtonID{Action: ButtonEndPhase, Campaign: x.c.ID, Battle: qb.ID, Args: []string{phaseWord(s.Turn, s.Phase)}})})
	case len(out) == 0:
		out = append(out, x.private("Done."))
	}
	return out, nil
}

// quickStartAction reads the action a /battle command asks for, with the
// same options as a Quick-Start scenario file's commands. A move or jump
// without facing: keeps the Unit's facing.
func (x *call) quickStartAction(s quickstart.State) (quickstart.Action, error) {
	l := x.battleLine()
	if _, ok := l.Option("facing"); !ok && (x.Sub == "move" || x.Sub == "jump") {
		unit := x.str("unit")
		for _, u := range s.Units {
			if u.ID == unit && s.Sides[u.Side] == x.side.ID {
				l.Options = append(l.Options, consoleline.Option{Name: "facing", Value: u.Facing.String()})
			}
		}
	}
	if _, ok := l.Option("facing"); !ok && x.Sub == "place" && x.str("unit") != "" {
		// A Unit placed without facing: looks toward the enemy's edge.
		if side := sideIndex(s, x.side.ID); side >= 0 {
			l.Options = append(l.Options, consoleline.Option{Name: "facing", Value: quickstart.FacingAway(s.Home[side]).String()})
		}
	}
	a, err := scenario.QuickStartAction(l)
	if err != nil {
		return a, userError{err.Error()}
	}
	if _, hasPath := l.Option("path"); a.Kind == quickstart.Move && len(a.Path) == 1 && !hasPath {
		// to: alone names where the move ends: the cheapest path there.
		p, ok := quickstart.PathTo(s, a.Unit, a.Path[0])
		moved := slices.ContainsFunc(s.Units, func(u quickstart.UnitState) bool { return u.ID == a.Unit && u.Moved })
		if !ok && !moved && s.Sides[s.Acting] == x.side.ID {
			return a, userf("%s cannot reach %s by ground movement this turn: name a nearer hex, or jump", a.Unit, a.Path[0])
		}
		if ok {
			a.Path = p
		}
	}
	return a, nil
}

// quickStartPreview tries the action on a copy of the battle, with no
// dice, and says what it would do: a move's path, an attack's to-hit
// number with each modifier and, where the line to the target runs along
// hexsides, what the target's player's choice would mean (hexsideWarning).
func (x *call) quickStartPreview(s quickstart.State, a quickstart.Action) ([]Reply, error) {
	if s.Sides[s.Acting] != x.side.ID {
		return nil, userf("it is %s %v phase: wait for your turn", english.Possessive(x.c.SideName(s.Sides[s.Acting])), s.Phase)
	}
	if a.Kind == quickstart.Done {
		return []Reply{x.private(fmt.Sprintf("/battle end ends your part of the %v phase.", s.Phase))}, nil
	}
	none, _ := dice.NewScript()
	next, evs, err := quickstart.Apply(s, a, dice.New(none))
	if err != nil {
		return nil, userf("%s", strings.TrimPrefix(err.Error(), quickstart.ErrIllegal.Error()+": "))
	}
	if a.Kind != quickstart.Declare {
		var lines []string
		for _, e := range evs {
			lines = append(lines, e.Text)
		}
		return []Reply{x.private("Preview: " + strings.Join(lines, "; ") + ". Nothing was moved: run it again without preview:.")}, nil
	}
	n, err := quickstart.AttackToHit(next, a.Attack)
	if err != nil {
		return nil, userf("%v", err)
	}
	mods := make([]string, len(n.Modifiers))
	for i, m := range n.Modifiers {
		mods[i] = fmt.Sprintf("%s %+d", m.Name, m.Value)
	}
	chance := 0
	for roll := max(2, n.Number); roll <= 12; roll++ {
		chance += twoD6Chances[roll]
	}
	text := fmt.Sprintf("Preview of %v: to-hit %d (%s) at %v range: %d in 36 to hit.", a.Attack, n.Number, strings.Join(mods, ", "), n.Bracket, chance)
	if n.Impossible() {
		text = fmt.Sprintf("Preview of %v: to-hit %d (%s): no roll reaches it; the attack would be aborted.", a.Attack, n.Number, strings.Join(mods, ", "))
	}
	if next.Question != nil {
		text += " " + hexsideWarning(x.c, next)
	}
	return []Reply{x.private(text + " Nothing was declared: run it again without preview:.")}, nil
}

// quickStartLog is /battle log of a Quick-Start battle: every event,
// turn by turn, in pages. The rules hide none (ruling QS19), so each
// side's record is the same; still a player reads his own side's, as of
// a 1987 battle.
func (x *call) quickStartLog() ([]Reply, error) {
	qb := x.c.QuickStart
	side := x.str("side")
	if x.side != nil {
		if side != "" && side != x.side.ID {
			return nil, userf("%s you play %s and read only its own record of the battle", refusedWho, x.side.Name)
		}
		side = x.side.ID
	}
	head := fmt.Sprintf("Battle %d (Quick-Start rules)", qb.ID)
	if side != "" {
		if sideIndex(qb.State, side) < 0 {
			return nil, userf("side:%s does not fight this battle: use %s or %s", side, qb.State.Sides[0], qb.State.Sides[1])
		}
		head += ", as " + x.c.SideName(side) + " saw it"
	}
	var lines []string
	turn := -1
	for _, e := range qb.Log {
		if e.Turn != turn {
			turn = e.Turn
			header := fmt.Sprintf("— Game turn %d —", turn)
			if turn == 0 {
				header = "— Set-up —"
			}
			lines = append(lines, header)
		}
		lines = append(lines, e.Text)
	}
	if len(lines) == 0 {
		lines = []string{"nothing has happened yet"}
	}
	return x.logPage(lines, qb.ID, side, head, "")
}

// quickStartStatus is /battle status of a Quick-Start battle.
func (x *call) quickStartStatus() []Reply {
	s := x.c.QuickStart.State
	if s.Phase == quickstart.Over {
		who := "a draw"
		if s.Winner >= 0 {
			who = x.c.SideName(s.Sides[s.Winner]) + " won"
		}
		return []Reply{x.private(fmt.Sprintf("Battle %d (Quick-Start rules) is over after game turn %d: %s.", x.c.QuickStart.ID, s.Turn, who))}
	}
	return []Reply{x.private(fmt.Sprintf("Battle %d (Quick-Start rules), %s against %s: game turn %d, %v phase, %s to act.",
		x.c.QuickStart.ID, x.c.SideName(s.Sides[0]), x.c.SideName(s.Sides[1]), s.Turn, s.Phase, x.c.SideName(s.Sides[s.Acting])))}
}

// quickStartViewReply is /battle view of a Quick-Start battle: the
// caller's side's view, or for the referee (not playing against anyone)
// a side's with side:.
func (x *call) quickStartViewReply() ([]Reply, error) {
	if err := x.ownOnly("view of the battle"); err != nil {
		return nil, err
	}
	s := x.c.QuickStart.State
	side := -1
	if x.side != nil {
		side = sideIndex(s, x.side.ID)
	} else if want := x.str("side"); want != "" {
		if side = sideIndex(s, want); side < 0 {
			return nil, userf("side:%s does not fight this battle: use %s or %s", want, s.Sides[0], s.Sides[1])
		}
	} else {
		return nil, userf("say whose view with side:%s or side:%s", s.Sides[0], s.Sides[1])
	}
	return x.quickStartView(side)
}

// quickStartUnits are side's Units still in play, for autocomplete:
// those yet to move in the Movement Phase, those yet to place in the
// set-up.
func quickStartUnits(s quickstart.State, side string) []string {
	var out []string
	for _, u := range s.Units {
		if s.Sides[u.Side] == side && u.Alive() && !(s.Phase == quickstart.MovementPhase && u.Moved) && !(s.Phase == quickstart.SetUpPhase && !u.OffBoard) {
			out = append(out, u.ID)
		}
	}
	return out
}

func sideIndex(s quickstart.State, id string) int {
	for i, sd := range s.Sides {
		if sd == id {
			return i
		}
	}
	return -1
}

// quickStartView is side's view as private replies: the record sheets'
// lines (own Elements' armor, structure, heat and critical hits; the
// enemy's printed values only), in as many messages as they take, and
// the map with the Units' facings.
func (x *call) quickStartView(side int) ([]Reply, error) {
	c := x.c
	v := quickstart.ViewOf(c.QuickStart.State, side)
	own, enemy := QuickStartViewText(c, v)
	f, err := quickStartMap(c, v)
	if err != nil {
		return nil, err
	}
	return splitLong([]Reply{x.private(own, f), x.private(enemy)}), nil
}

// quickStartMap is a View's map as a PNG, described for a screen reader.
func quickStartMap(c *campaign.Campaign, v quickstart.View) (File, error) {
	var buf bytes.Buffer
	if err := render.WriteTacticalPNG(&buf, QuickStartPicture(c, v), render.DefaultOptions()); err != nil {
		return File{}, err
	}
	return File{Name: fmt.Sprintf("campaign-%d-battle-%d-turn-%d-%s.png", c.ID, c.QuickStart.ID, v.Turn, v.Sides[v.Viewer]), Data: buf.Bytes(),
		Description: quickStartDescription(c, v)}, nil
}

// weightClass is a Unit's class for its counter, by its heaviest Element
// in play: light to assault 'Mechs.
var weightClass = [5]string{"", "light-mech", "medium-mech", "heavy-mech", "assault-mech"}

// QuickStartPicture is the tactical map of a View: every Unit's counter
// with its facing, the viewer's own drawn as his; the objectives and
// Headquarters not yet captured hatched in their owner's colour.
func QuickStartPicture(c *campaign.Campaign, v quickstart.View) render.Tactical {
	t := render.Tactical{Map: c.QuickStart.State.Map, Viewer: c.SideName(v.Sides[v.Viewer]),
		Title: fmt.Sprintf("%s — turn %d %v — %s", c.Name, v.Turn, v.Phase, c.SideName(v.Sides[v.Viewer]))}
	for _, u := range v.Units {
		if !u.Alive || u.OffBoard {
			continue
		}
		w := 1
		for _, e := range u.Elements {
			if !e.Removed {
				w = max(w, min(4, e.Weight))
			}
		}
		t.Counters = append(t.Counters, render.Counter{Hex: u.Hex, Side: u.Side, Kind: "mech", Class: weightClass[w],
			Label: u.ID, Own: u.Own, HasFacing: true, Facing: u.Facing})
	}
	for _, side := range v.ShownZones() {
		// The Deployment Zones, where the set-up places counters and
		// Units; both sides see both.
		t.Highlights = append(t.Highlights, render.Highlight{Kind: render.Deployment,
			Hexes: quickstart.ZoneHexes(t.Map, v.Home[side], v.Zones[side]), Side: side})
	}
	for owner := range 2 {
		var marks []hex.Hex
		for _, k := range v.Counters {
			if !k.Captured && k.Owner == owner {
				marks = append(marks, k.Hex)
			}
		}
		if len(marks) > 0 {
			t.Highlights = append(t.Highlights, render.Highlight{Kind: render.Objective, Hexes: marks, Side: owner})
		}
	}
	return t
}

// QuickStartViewText writes a View as the record sheets a player keeps:
// his Units' Elements with their marks, then the enemy's as printed and
// the counters.
func QuickStartViewText(c *campaign.Campaign, v quickstart.View) (own, enemy string) {
	var b strings.Builder
	fmt.Fprintf(&b, "Battle %d (Quick-Start rules) as %s sees it: game turn %d, %v phase, %s to act.",
		c.QuickStart.ID, c.SideName(v.Sides[v.Viewer]), v.Turn, v.Phase, c.SideName(v.Sides[v.Acting]))
	if v.TurnLimit > 0 {
		fmt.Fprintf(&b, " The battle ends after turn %d.", v.TurnLimit)
	}
	if v.SetUp != nil {
		fmt.Fprintf(&b, " The set-up waits for this: %s.", v.SetUp.Steps[0].Describe(sideNames(c, v.Sides)))
	}
	for i, e := range v.Home {
		if e != referee.NoEdge {
			fmt.Fprintf(&b, " %s home edge: %v (Deployment Zone %s deep).", english.Possessive(c.SideName(v.Sides[i])), e, english.Counts(v.Zones[i], "hex", "hexes"))
		}
	}
	var parts [2]string
	for _, own := range []bool{true, false} {
		if own {
			b.WriteString("\nYour units:")
		} else {
			parts[0] = b.String()
			b.Reset()
			b.WriteString("Enemy units:")
		}
		for _, u := range v.Units {
			if u.Own != own || !u.Alive {
				continue
			}
			if u.OffBoard {
				fmt.Fprintf(&b, "\n%s %s off the map: %s", u.ID, u.Name, offBoardText(v, u.Side))
			} else {
				fmt.Fprintf(&b, "\n%s %s in %s facing %v", u.ID, u.Name, u.Hex, u.Facing)
			}
			if own {
				fmt.Fprintf(&b, ", %d MP", u.MP)
				if u.JumpMP > 0 {
					fmt.Fprintf(&b, " (jump %d)", u.JumpMP)
				}
				if u.Moved {
					b.WriteString(", moved")
				}
			}
			for i, e := range u.Elements {
				if e.Removed {
					continue
				}
				fmt.Fprintf(&b, "\n  %d %s: MV %d%s, damage %d/%d/%d", i+1, e.Name, e.MV, jumpText(e.Element), e.Damage[0], e.Damage[1], e.Damage[2])
				if e.Known {
					fmt.Fprintf(&b, ", OV %d, armor %d/%d, structure %d/%d, heat %d", e.Overheat, e.ArmorLeft, e.Armor, e.StructureLeft, e.Structure, e.Heat)
					if e.Shutdown {
						b.WriteString(" (shut down)")
					}
					if crits := critText(e.Crits, e.NewCrits); crits != "" {
						b.WriteString(", " + crits)
					}
					if e.Fired {
						b.WriteString(", has attacked")
					}
				} else {
					fmt.Fprintf(&b, ", armor %d, structure %d as printed", e.Armor, e.Structure)
				}
				if e.Destroyed {
					b.WriteString(", DESTROYED")
				}
			}
		}
	}
	for _, k := range v.Counters {
		state := "standing"
		switch {
		case k.Captured:
			state = "captured"
		case k.Occupied:
			state = "occupied"
		}
		fmt.Fprintf(&b, "\n%s %v in %s (worth %d): %s", english.Possessive(c.SideName(v.Sides[k.Owner])), k.Kind, k.Hex, k.Value, state)
	}
	parts[1] = b.String()
	return parts[0], parts[1]
}

// offBoardText says how a Unit off the map comes onto it.
func offBoardText(v quickstart.View, side int) string {
	switch {
	case v.SetUp != nil && v.SetUp.OnBoard:
		return "to be placed in its Deployment Zone in the set-up (/battle place unit: hex: facing:)"
	case v.Home[side] == referee.NoEdge:
		return "it enters from its home edge, not chosen yet, in game turn 1"
	}
	return fmt.Sprintf("it enters from the %v edge in game turn 1", v.Home[side])
}

// sideNames are the names of a battle's sides.
func sideNames(c *campaign.Campaign, ids [2]string) [2]string {
	return [2]string{c.SideName(ids[0]), c.SideName(ids[1])}
}

func jumpText(e quickstart.Element) string {
	if e.Jump == 0 {
		return ""
	}
	return fmt.Sprintf(" (jump %d)", e.Jump)
}

// critText lists an Element's critical hits, in effect and marked this
// turn (those take effect in the End Phase).
func critText(in, marked quickstart.Crits) string {
	var parts []string
	for _, k := range []struct {
		name      string
		now, next int
	}{{"engine", in.Engine, marked.Engine}, {"fire control", in.FireControl, marked.FireControl}, {"MP", in.MP, marked.MP}, {"weapon", in.Weapon, marked.Weapon}} {
		if k.now > 0 {
			parts = append(parts, fmt.Sprintf("%s hits %d", k.name, k.now))
		}
		if k.next > 0 {
			parts = append(parts, fmt.Sprintf("%s hits %d from the End Phase", k.name, k.next))
		}
	}
	return strings.Join(parts, ", ")
}

// quickStartDescription is the map in words for a screen reader.
func quickStartDescription(c *campaign.Campaign, v quickstart.View) string {
	var own, enemy []string
	for _, u := range v.Units {
		if !u.Alive {
			continue
		}
		s := fmt.Sprintf("%s in %s facing %v", u.ID, u.Hex, u.Facing)
		if u.OffBoard {
			s = u.ID + " off the map"
		}
		if u.Own {
			own = append(own, s)
		} else {
			enemy = append(enemy, s)
		}
	}
	d := fmt.Sprintf("Map of battle %d, game turn %d, %v phase, as %s sees it. Yours: %s. Enemy: %s.", c.QuickStart.ID, v.Turn, v.Phase,
		c.SideName(v.Sides[v.Viewer]), strings.Join(own, "; "), strings.Join(enemy, "; "))
	for _, k := range v.Counters {
		if !k.Captured {
			d += fmt.Sprintf(" %s %v in %s (hatched).", english.Possessive(c.SideName(v.Sides[k.Owner])), k.Kind, k.Hex)
		}
	}
	for _, side := range v.ShownZones() {
		d += fmt.Sprintf(" %s Deployment Zone shaded: %s from the %v edge.", english.Possessive(c.SideName(v.Sides[side])), english.Counts(v.Zones[side], "hex", "hexes"), v.Home[side])
	}
	if r := []rune(d); len(r) > MaxDescription {
		d = string(r[:MaxDescription-1]) + "…"
	}
	return d
}
