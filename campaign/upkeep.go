package campaign

import (
	"fmt"

	"bfbot/referee/dice"
)

// Upkeep (000 lines 2563–2575, steps 7–11): once every battle of the turn
// is over, repair (7), experience (8), victory points (9), the
// reinforcement roll (10) and the end check (11), which ends the campaign
// or opens the next turn's orders.

// Upkeep runs steps 7–11 of the turn. It refuses while a battle of the
// turn is still being fought.
func Upkeep(c *Campaign, d *dice.Dice) (*Campaign, []Event, error) {
	if c.Phase != PhaseBattles {
		return nil, nil, errorf("upkeep follows the battles; the campaign is in its %s phase", c.Phase)
	}
	for _, b := range c.Battles {
		if !b.Over {
			return nil, nil, errorf("battle %d in sector %s is still being fought: finish it (or auto-resolve it) first", b.ID, c.sectorName(b.Sector))
		}
	}
	n := c.Clone()
	mark := n.Log.Len()
	// The upkeep is the deadline of the decisions it needs: captured
	// units kept or scrapped (their salvage counts), then repair.
	if _, err := n.takeDefaults(func(Decision) bool { return true }, d); err != nil {
		return nil, nil, err
	}
	n.repair()
	if err := n.experienceRolls(d); err != nil {
		return nil, nil, err
	}
	n.scoreVictoryPoints()
	// Reinforcements are bought while the next turn's orders are open:
	// after the last turn there is none, so no roll is made (ruling CB11).
	if end, _ := n.endReason(); end == "" {
		if err := n.reinforcementRolls(d); err != nil {
			return nil, nil, err
		}
	}
	if !n.endCheck() {
		n.nextTurn()
	}
	return n, n.Log.Since(mark), nil
}

// CampaignVictoryLevel reads the Campaign Victory Point Table (000 lines
// 2739–2744) for a side's total. The printed bands share their ends (100,
// 250); a shared end belongs to the higher band, and a negative total
// reads as the lowest (ruling CB10).
func CampaignVictoryLevel(vp int) string {
	switch {
	case vp >= 750:
		return "crushing strategic victory"
	case vp >= 500:
		return "decisive operational victory"
	case vp >= 250:
		return "tactical victory"
	case vp >= 100:
		return "pyrrhic victory"
	}
	return "should have stayed home"
}

// End is why a campaign ended (endReason); "" while it goes on.
type End string

const (
	// EndObjectives: a side holds every objective, one of them the
	// enemy's (step 11, 000 line 2575; ruling CB14).
	EndObjectives End = "objectives"
	// EndNoBattlegroup: a side has no battlegroup left.
	EndNoBattlegroup End = "no_battlegroup"
	// EndTurnLimit: the campaign's last turn is done (ruling CB15).
	EndTurnLimit End = "turn_limit"
)

// endReason is why the campaign ends at this turn's end check, and the
// words that say it: its objectives are met (step 11, 000 line 2575;
// ruling CB14), its last turn is done (CB15) or a side has no
// battlegroup left; "" when it goes on.
func (c *Campaign) endReason() (End, string) {
	end, why := End(""), ""
	if c.Settings.TurnLimit > 0 && c.Turn >= c.Settings.TurnLimit {
		end, why = EndTurnLimit, fmt.Sprintf("turn %d, the last, is over", c.Turn)
	}
	if side := c.objectivesMet(); side != "" {
		end, why = EndObjectives, fmt.Sprintf("%s holds every objective: the campaign objectives are met", c.Side(side).Name)
	}
	for _, s := range c.Sides {
		if len(s.Battlegroups) == 0 {
			end, why = EndNoBattlegroup, fmt.Sprintf("%s has no battlegroup left", s.Name)
		}
	}
	return end, why
}

// endCheck ends the campaign when endReason says so, and reports whether
// it did. Objectives held from the start to the end are scored then.
func (c *Campaign) endCheck() bool {
	end, why := c.endReason()
	if end == "" {
		return false
	}
	c.scoreHeldObjectives()
	c.Phase, c.End = PhaseOver, end
	a, b := c.Sides[0], c.Sides[1]
	switch {
	case a.VP > b.VP:
		c.Winner = a.ID
	case b.VP > a.VP:
		c.Winner = b.ID
	default:
		c.Winner = ""
	}
	text := fmt.Sprintf("the campaign is over: %s. ", why)
	if c.Winner == "" {
		text += "Neither side leads"
	} else {
		text += fmt.Sprintf("%s leads", c.Side(c.Winner).Name)
	}
	c.emit(Event{Step: "end", Type: "campaign_end", Side: c.Winner, Text: text})
	for _, s := range c.Sides {
		c.emit(Event{Step: "end", Type: "campaign_result", Side: s.ID,
			Text: fmt.Sprintf("%s ends with %d victory points: %s", s.Name, s.VP, CampaignVictoryLevel(s.VP))})
	}
	return true
}

// nextTurn opens the next turn's orders and clears what held for one turn.
func (c *Campaign) nextTurn() {
	c.Turn++
	c.Phase = PhaseOrders
	for i := range c.Sides {
		s := &c.Sides[i]
		s.Orders = Orders{}
		for j := range s.Units {
			s.Units[j].Attacked = false
		}
		for j := range s.Battlegroups {
			bg := &s.Battlegroups[j]
			bg.Moved, bg.From, bg.Dropped = false, 0, false
		}
	}
	c.emit(Event{Step: "orders", Type: "turn", Text: "orders are open"})
}
