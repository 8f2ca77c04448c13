package command

import (
	"fmt"
	"slices"

	"bfbot/campaign"
	"bfbot/internal/english"
	"bfbot/referee/quickstart"
)

// The Veteran set-up on Discord and in the console (ruling QS18): after
// /scenario start the battle waits in its set-up phase for each side in
// its turn — the set-up roll's winner's /battle place edge:, then each
// /battle place kind: hex: in the book's order — and /battle end leaves
// the choice due to the bot. The AI's side has the bot's choices at
// once, a missed deadline the bot's choice for the side that missed it.
// Every choice is public (ruling QS19): the thread hears each, and who
// chooses next.

// setUpHelp is what the start announcement says of the set-up.
func setUpHelp(setUp, onBoard bool) string {
	if !setUp {
		return ""
	}
	start := "then the Units enter from their home edges in game turn 1"
	if onBoard {
		start = "then the bot sets the Units up on the map"
	}
	return " First the Veteran set-up (Quick-Start rules, Veteran Training Scenario, Setting Up): the set-up roll's winner chooses his home edge with /battle place edge:, then each side in turn places the objective or Headquarters due with /battle place kind: hex:, " + start + "; /battle end lets the bot make the choice due."
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
	if st.Home {
		return fmt.Sprintf("Battle %d set-up: %s won the set-up roll and chooses the home map edge with /battle place edge:north, east, south or west; the enemy's is the opposite edge. /battle end lets the bot choose.", qb.ID, who)
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
		return userf("/battle %s is for the Veteran set-up, and battle %d is past it (game turn %d, %v phase)", x.Sub, x.c.QuickStart.ID, s.Turn, s.Phase)
	case s.Phase != quickstart.SetUpPhase:
		return nil
	}
	st := s.SetUp.Steps[0]
	text := x.c.SideName(s.Sides[st.Side]) + " chooses the home map edge"
	if !st.Home {
		text = fmt.Sprintf("%s places %s %v", x.c.SideName(s.Sides[st.Side]), english.Possessive(x.c.SideName(s.Sides[st.Counter.Owner])), st.Counter.Kind)
	}
	switch {
	case !setUpSub && x.Sub != "end":
		return userf("battle %d is in its Veteran set-up (%s now): /battle %s comes after it", x.c.QuickStart.ID, text, x.Sub)
	case s.Sides[s.Acting] != x.side.ID && !slices.Contains(aiSides(x.c), s.Sides[s.Acting]):
		// The AI's side choosing now does so before the command is
		// played (quickStartUpdate); a player's side is waited for.
		return userf("the set-up waits: %s now. Wait for your turn.", text)
	}
	return nil
}
