package command

import (
	"fmt"
	"slices"
	"strings"

	"bfbot/campaign"
	"bfbot/internal/cite"
	"bfbot/internal/english"
	"bfbot/referee/quickstart"
	"bfbot/referee/scenario"
)

// The set-up on Discord and in the console (rulings QS18, QS23): after
// /scenario start the battle waits in its set-up phase for each side in
// its turn — in the Veteran set-up the set-up roll's winner's /battle
// place edge:, then each /battle place kind: hex: in the book's order,
// then, the Units starting on the map, the starting positions roll's
// winner's /battle place order:, then a /battle place unit: hex:
// facing: a side in turn; in the Green one the defender's Units, then
// the attacker's — and /battle end leaves the choice due to the bot.
// The AI's side has the bot's choices at once, a missed deadline the
// bot's choice for the side that missed it. Every choice is public
// (ruling QS19): the thread hears each, and who chooses next.

// setUpHelp is what the start announcement says of the set-up.
func setUpHelp(qs *scenario.QuickStart, onBoard bool) string {
	switch {
	case qs.Green:
		return fmt.Sprintf(" First the deployment (%s): %s, the defender, places its Units within %s of the %v edge, then %s within %s of the %v edge, each with /battle place unit: hex: facing:; /battle end lets the bot place the Unit due.",
			cite.QuickStart(520, 528), qs.Sides[0].Name, english.Counts(qs.Sides[0].Zone, "hex", "hexes"), qs.Sides[0].Home,
			qs.Sides[1].Name, english.Counts(qs.Sides[1].Zone, "hex", "hexes"), qs.Sides[1].Home)
	case !qs.SetUp:
		return ""
	}
	start := "then the Units enter from their home edges in game turn 1"
	if onBoard {
		start = "then the starting positions roll's winner chooses to set up first or second (/battle place order:) and the sides place a Unit each in turn (/battle place unit: hex: facing:)"
	}
	return " First the Veteran set-up (" + cite.QuickStart(568, 570, 572, 574) + "): the set-up roll's winner chooses his home edge with /battle place edge:, then each side in turn places the objective or Headquarters due with /battle place kind: hex:, " + start + "; /battle end lets the bot make the choice due."
}

// setUpDue says whose choice the set-up waits for and how to make it,
// or "" when the battle is not in its set-up.
func setUpDue(c *campaign.Campaign) string {
	qb := c.QuickStart
	if qb == nil || qb.State.Phase != quickstart.SetUpPhase {
		return ""
	}
	s := qb.State
	st := s.SetUp.Steps[0]
	who := c.SideName(s.Sides[st.Side])
	v := quickstart.ViewOf(s, st.Side)
	switch {
	case st.Home:
		return fmt.Sprintf("Battle %d set-up: %s won the set-up roll and chooses the home map edge with /battle place edge:north, east, south or west; the enemy's is the opposite edge. /battle end lets the bot choose.", qb.ID, who)
	case st.Order:
		return fmt.Sprintf("Battle %d set-up: %s won the starting positions roll and chooses to set up first or second with /battle place order:first or order:second; the sides then place a Unit each in turn. /battle end lets the bot choose (second).", qb.ID, who)
	case st.Unit:
		var left []string
		for _, u := range s.Units {
			if u.Side == st.Side && u.OffBoard && u.Alive() {
				left = append(left, u.ID)
			}
		}
		return fmt.Sprintf("Battle %d set-up: %s places one of its Units (%s) in its Deployment Zone, within %s of the %v edge, at any facing, with /battle place unit: hex:XXYY facing:; never on a Unit or on its own counters. /battle end lets the bot place %s.",
			qb.ID, who, strings.Join(left, ", "), english.Counts(v.Zones[st.Side], "hex", "hexes"), s.Home[st.Side], left[0])
	}
	owner := c.SideName(s.Sides[st.Counter.Owner])
	whose := english.Possessive(owner)
	if st.Counter.Owner == st.Side {
		whose = "its own"
	}
	return fmt.Sprintf("Battle %d set-up: %s places %s %v (worth %d) in %s Deployment Zone, the %d hexes from the %v edge, with /battle place kind:%v hex:XXYY. /battle end lets the bot place it.",
		qb.ID, who, whose, st.Counter.Kind, st.Counter.Value, english.Possessive(owner), quickstart.ZoneDepth, s.Home[st.Counter.Owner], st.Counter.Kind)
}

// setUpTurn refuses a command of a side whose turn in the set-up it is
// not, naming the choice the set-up waits for; and a set-up command once
// the set-up is over.
func (x *call) setUpTurn(s quickstart.State) error {
	setUpSub := x.Sub == "place"
	switch {
	case s.Phase != quickstart.SetUpPhase && setUpSub:
		return userf("/battle %s is for the set-up, and battle %d is past it (game turn %d, %v phase)", x.Sub, x.c.QuickStart.ID, s.Turn, s.Phase)
	case s.Phase != quickstart.SetUpPhase:
		return nil
	}
	st := s.SetUp.Steps[0]
	text := st.Describe(sideNames(x.c, s.Sides))
	switch {
	case !setUpSub && x.Sub != "end":
		return userf("battle %d is in its set-up (%s now): /battle %s comes after it", x.c.QuickStart.ID, text, x.Sub)
	case s.Sides[s.Acting] != x.side.ID && !slices.Contains(aiSides(x.c), s.Sides[s.Acting]):
		// The AI's side choosing now does so before the command is
		// played (quickStartUpdate); a player's side is waited for.
		return userf("the set-up waits: %s now. Wait for your turn.", text)
	}
	return nil
}
