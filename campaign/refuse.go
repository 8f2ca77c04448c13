package campaign

import (
	"fmt"
	"slices"

	"bfbot/referee"
	"bfbot/referee/dice"
)

// Refusing a battle (004 lines 15, 27, 70; ruling R11): the setup tables
// may let a side decline the battle during game turn 1 (Battle.Refusal).
// The refusing side's units leave the field and its battlegroups fall
// back out of the sector as after a withdrawal (ruling CB7); the battle
// ends with the victory points as they stand (ruling V11), which before
// any fighting is no result at all.

// RefuseBattle lets side decline battle battleID, when the setup tables
// gave it the right and the battle is still in deployment or game turn
// 1. It returns the new campaign, the battle's events and the campaign
// events the end of the battle logged.
func RefuseBattle(c *Campaign, battleID int, side string, d *dice.Dice) (*Campaign, []referee.Event, []Event, error) {
	b, err := c.openBattle(battleID, side)
	if err != nil {
		return nil, nil, nil, err
	}
	if !slices.Contains(b.Refusal, side) {
		return nil, nil, nil, errorf("%s may not refuse battle %d: only the battle setup tables give that right (an attacker in a massive storm, the right of refusal, or scouts facing overwhelming odds)", side, battleID)
	}
	if b.State.Phase != referee.PhaseDeploy && b.State.Turn > 1 {
		return nil, nil, nil, errorf("battle %d is in game turn %d: a battle may be refused only until the end of game turn 1", battleID, b.State.Turn)
	}
	n := c.Clone()
	nb := n.Battle(battleID)
	prev, prevPhase := nb.State.Turn, nb.State.Phase
	st := nb.State.Clone()
	sd := st.Side(side)
	sd.Retreating = true
	for _, u := range st.Units {
		if u.Side == side && (u.Status == referee.Reserve || u.Status == referee.Active) {
			u.Status, u.Hidden = referee.Withdrawn, false
		}
	}
	start := n.Log.Len()
	n.emit(Event{Step: "battle", Type: "refusal", Side: side, Sector: nb.Sector, Battle: battleID,
		Text: fmt.Sprintf("battle %d: %s refuses the battle and leaves the field", battleID, sd.Name)})
	st, evs, err := referee.EndBattle(st, fmt.Sprintf("%s refused the battle", sd.Name))
	if err != nil {
		return nil, nil, nil, refusal(err)
	}
	nb.State = st
	nb.record(prev, prevPhase, evs)
	if err := n.endBattle(nb, d, nil); err != nil {
		return nil, nil, nil, err
	}
	return n, evs, n.Log.Since(start), nil
}
