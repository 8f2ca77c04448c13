package campaign

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"bfbot/internal/english"
	"bfbot/internal/usertext"
	"bfbot/referee/dice"
	"bfbot/referee/quickstart"
	"bfbot/referee/quickstart/qsai"
)

// A Quick-Start scenario campaign plays one battle of the BattleForce
// Quick-Start rules (package referee/quickstart) as a scenario campaign
// plays a 1987 battle (scenario_battle.go): two sides with seats, the
// player who started it holding the referee role, the AI playing a side
// nobody holds, and the campaign over when the battle is. The battle is
// not one of Battles (those are the 1987 rules'): it is QuickStart, and
// Unfought counts it, so nothing advances the campaign past it.

// QuickStartBattle is a Quick-Start scenario campaign's battle.
type QuickStartBattle struct {
	// ID is the battle's number in the campaign's commands (1).
	ID int `json:"id"`
	// State is the battle as it stands; its Map is left out of the JSON
	// and built again from the scenario by RestoreWith.
	State quickstart.State `json:"state"`
	// Log is every event of the battle, in order.
	Log []quickstart.Event `json:"log,omitempty"`
}

// NewQuickStartScenario makes a Quick-Start scenario campaign from a
// battle a scenario set up: its sides become campaign sides (with names
// names), with no units in the campaign's sense and no players yet
// (Join).
func NewQuickStartScenario(id int64, name string, st quickstart.State, names [2]string, scenarioName string, seed uint64) (*Campaign, error) {
	switch {
	case st.Map == nil:
		return nil, errorf("scenario %s: the battle has no map", scenarioName)
	case st.Phase == quickstart.Over:
		return nil, errorf("scenario %s: the battle is already over", scenarioName)
	case strings.TrimSpace(scenarioName) == "":
		return nil, errorf("name the scenario the campaign plays")
	}
	if errs := st.Check(); len(errs) > 0 {
		return nil, fmt.Errorf("scenario %s: the battle breaks its invariants: %v", scenarioName, errs[0])
	}
	if strings.TrimSpace(name) == "" {
		name = scenarioName
	}
	name, err := userName(usertext.Campaign, "name", name)
	if err != nil {
		return nil, err
	}
	c := newScenarioCampaign(id, name, scenarioName, seed)
	c.QuickStart = &QuickStartBattle{ID: 1, State: st.Clone()}
	for i, sid := range st.Sides {
		n := names[i]
		if n == "" {
			n = sid
		}
		c.Sides = append(c.Sides, Side{ID: sid, Name: n, Letter: strings.ToUpper(sid[:1]), NextBattlegroup: 1})
	}
	c.emit(Event{Step: "battle", Type: "scenario", Sector: scenarioSector, Battle: 1,
		Text: fmt.Sprintf("scenario %s (Quick-Start rules): %s against %s", scenarioName, c.Sides[0].Name, c.Sides[1].Name)})
	if errs := c.Check(); len(errs) > 0 {
		return nil, fmt.Errorf("scenario %s: %v", scenarioName, errs[0])
	}
	return c, nil
}

// QuickStartAct plays action a for side in the campaign's Quick-Start
// battle: it must be that side's part of the phase. The battle's end
// ends the campaign, won by the battle's winner.
func QuickStartAct(c *Campaign, side string, a quickstart.Action, d *dice.Dice) (*Campaign, []quickstart.Event, error) {
	qb := c.QuickStart
	if qb == nil {
		return nil, nil, errorf("campaign %d has no Quick-Start battle", c.ID)
	}
	s := qb.State
	if s.Phase == quickstart.Over {
		return nil, nil, errorf("the battle is over")
	}
	if s.Sides[s.Acting] != side {
		return nil, nil, errorf("it is %s %v phase: wait for your turn", english.Possessive(c.SideName(s.Sides[s.Acting])), s.Phase)
	}
	next, evs, err := quickstart.Apply(s, a, d)
	if err != nil {
		return nil, nil, &Error{Msg: strings.TrimPrefix(err.Error(), quickstart.ErrIllegal.Error()+": ")}
	}
	if errs := next.Check(); len(errs) > 0 {
		return nil, nil, fmt.Errorf("the rules left a broken battle: %v", errs[0])
	}
	n := c.Clone()
	n.QuickStart.State = next
	n.QuickStart.Log = append(n.QuickStart.Log, evs...)
	if next.Phase == quickstart.Over {
		n.Phase = PhaseOver
		text := fmt.Sprintf("scenario %s is over: a draw", n.Scenario.Name)
		if next.Winner >= 0 {
			n.Winner = next.Sides[next.Winner]
			text = fmt.Sprintf("scenario %s is over: %s wins", n.Scenario.Name, n.SideName(n.Winner))
		}
		n.emit(Event{Step: "end", Type: "end", Side: n.Winner, Text: text})
	}
	return n, evs, nil
}

// PlayQuickStartAI lets the Quick-Start AI (qsai.Tactician) act for the
// given sides for as long as one of them is to act in the campaign's
// Quick-Start battle.
func PlayQuickStartAI(c *Campaign, sides []string, d *dice.Dice) (*Campaign, []quickstart.Event, error) {
	return playQuickStart(c, d, func(s quickstart.State) (quickstart.Action, bool) {
		if !slices.Contains(sides, s.Sides[s.Acting]) {
			return quickstart.Action{}, false
		}
		return qsai.Player{Side: s.Acting, Level: qsai.Tactician}.Next(s), true
	})
}

// AutoResolveQuickStart lets the AI fight the campaign's Quick-Start
// battle to its end for both sides, as AutoResolveBattle does a 1987
// battle. A battle with no turn limit of its own (the Green scenario)
// ends after the campaign's battle turn limit, else AutoTurnLimit, or
// the current turn if that is later, by victory points (ruling QS21).
func AutoResolveQuickStart(c *Campaign, d *dice.Dice) (*Campaign, []quickstart.Event, error) {
	if c.QuickStart == nil {
		return nil, nil, errorf("campaign %d has no Quick-Start battle", c.ID)
	}
	if c.QuickStart.State.Phase == quickstart.Over {
		return nil, nil, errorf("the battle is over")
	}
	n := c.Clone()
	if s := &n.QuickStart.State; s.TurnLimit == 0 {
		s.TurnLimit = max(cmp.Or(n.Settings.BattleTurnLimit, AutoTurnLimit), s.Turn)
	}
	return PlayQuickStartAI(n, []string{n.Sides[0].ID, n.Sides[1].ID}, d)
}

// QuickStartMissedPart closes the acting side's part of the current
// phase of the campaign's Quick-Start battle at a missed battle
// deadline, as missed_deadline says: the AI plays it ("ai"), or it is
// ended as it stands ("pass").
func QuickStartMissedPart(c *Campaign, d *dice.Dice) (*Campaign, []quickstart.Event, error) {
	if c.QuickStart == nil || c.QuickStart.State.Phase == quickstart.Over {
		return c, nil, nil
	}
	s := c.QuickStart.State
	turn, phase, acting := s.Turn, s.Phase, s.Acting
	pass := c.Settings.MissedDeadline == "pass"
	return playQuickStart(c, d, func(s quickstart.State) (quickstart.Action, bool) {
		switch {
		case s.Turn != turn || s.Phase != phase || s.Acting != acting:
			return quickstart.Action{}, false
		case pass:
			return quickstart.Action{Kind: quickstart.Done}, true
		}
		return qsai.Player{Side: s.Acting, Level: qsai.Tactician}.Next(s), true
	})
}

// playQuickStart plays the actions next picks, for the side to act, for
// as long as it picks one and the battle goes on.
func playQuickStart(c *Campaign, d *dice.Dice, next func(quickstart.State) (quickstart.Action, bool)) (*Campaign, []quickstart.Event, error) {
	var all []quickstart.Event
	for i := 0; c.QuickStart != nil && c.Phase != PhaseOver; i++ {
		s := c.QuickStart.State
		side := s.Sides[s.Acting]
		a, ok := next(s)
		if !ok {
			break
		}
		if i >= maxAIActions {
			return nil, nil, fmt.Errorf("the Quick-Start AI for %s took more than %d actions", side, maxAIActions)
		}
		n, evs, err := QuickStartAct(c, side, a, d)
		if err != nil {
			return nil, nil, fmt.Errorf("the Quick-Start AI for %s: %w", side, err)
		}
		c, all = n, append(all, evs...)
	}
	return c, all, nil
}

// clone is a deep copy; the log only grows, so the copy shares it clipped.
func (b *QuickStartBattle) clone() *QuickStartBattle {
	if b == nil {
		return nil
	}
	n := *b
	n.State = b.State.Clone()
	n.Log = b.Log[:len(b.Log):len(b.Log)]
	return &n
}
