package command

import (
	"slices"

	"bfbot/campaign"
)

// A referee who may play against human players (campaign.RefereeConflicted)
// does not choose how the AI plays for them (ruling AIL1): the AI stands
// in for a player who misses a deadline, so ai_level and missed_deadline
// would let him pick his absent opponent's stand-in; /battle auto would
// take a battle from the opponent who is playing it, and auto_resolve
// every battle; and level: would
// set how well the AI fights a battle his side is in. Each check reads
// the campaign as it is stored at the change (inside the update), so an
// approval that races the command cannot slip past it.

// conflictReason says why the referee counts as a player against human
// players: his seat, or the seat he may take at any time.
func conflictReason(c *campaign.Campaign, user string) string {
	if s := c.SideOf(user); s != nil {
		return "you play " + s.Name + " while other players hold, wait for or have held a seat"
	}
	return "you may take a seat at any time (referee_plays:true) while other players hold, wait for or have held one"
}

// standInRefused refuses a setting that chooses how the AI plays for a
// player (ai_level, missed_deadline, auto_resolve) to a conflicted
// referee.
func standInRefused(c *campaign.Campaign, user, option string) error {
	if !c.RefereeConflicted() {
		return nil
	}
	return userf("%s %s: %s, and the AI plays for a player who misses a deadline (or for everyone, with auto_resolve): how it plays for him is not yours to choose (ruling AIL1)",
		refusedWho, option, conflictReason(c, user))
}

// autoRefused refuses /battle auto to a conflicted referee for a battle
// (its ID, its sides' IDs) that a side with another human player fights,
// and level: for any battle: the AI plays the whole battle, and its
// level would be his to pick.
func autoRefused(c *campaign.Campaign, user string, battle int, sides []string, level bool) error {
	if !c.RefereeConflicted() {
		return nil
	}
	for _, id := range sides {
		if s := c.Side(id); s != nil && slices.ContainsFunc(s.Players, func(p string) bool { return p != user }) {
			return userf("%s /battle auto: %s, and %s plays battle %d: the AI may not take it from its players (ruling AIL1)",
				refusedWho, conflictReason(c, user), s.Name, battle)
		}
	}
	if level {
		return userf("%s level: %s: the AI fights at the campaign's ai_level, which you cannot change either; leave level: out (ruling AIL1)",
			refusedWho, conflictReason(c, user))
	}
	return nil
}
