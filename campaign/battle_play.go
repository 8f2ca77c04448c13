package campaign

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"bfbot/referee"
	"bfbot/referee/ai"
	"bfbot/referee/dice"
)

// Fighting a campaign battle (000 lines 2643–2661): the sides deploy and
// play by the tactical rules, with the campaign's additions (salvage,
// withdrawal after four damage steps) in referee.CampaignRules. The
// battle starts by itself once every ground unit has deployed, and its
// results go into the campaign by themselves once it ends (battle_end.go).

// AutoTurnLimit ends an auto-resolved battle after this game turn when the
// campaign sets no battle turn limit, so that two cautious AI players
// cannot fight forever (ruling CB4).
const AutoTurnLimit = 20

// BattleAct carries out one action of side in a battle. The action's Side
// is set to side (a different one is refused). Refusals are *Error with
// the rule's reason; the events are the referee's, each with its audience.
func BattleAct(c *Campaign, battleID int, side string, a referee.Action, d *dice.Dice) (*Campaign, []referee.Event, error) {
	if _, err := c.openBattle(battleID, side); err != nil {
		return nil, nil, err
	}
	if a.Side != "" && a.Side != side {
		return nil, nil, errorf("you play %s, not %s", side, a.Side)
	}
	a.Side = side
	n := c.Clone()
	b := n.Battle(battleID)
	if a.Kind == referee.ActDeploy {
		if err := n.DeployWait(b, side); err != nil {
			return nil, nil, err
		}
	}
	// The battle waits for a choice in the middle of the turn; when it is
	// the caller's own, say which decision to answer.
	if i := slices.IndexFunc(n.Decisions, func(dec Decision) bool { return MidTurn(battleID)(dec) && dec.Side == side }); i >= 0 {
		dec := n.Decisions[i]
		return nil, nil, errorf("battle %d waits for your answer to decision %d first: %s (/battle decide decision:%d)", battleID, dec.ID, dec.Question, dec.ID)
	}
	b.State.Asked = n.askedSides(b)
	prev, prevPhase := b.State.Turn, b.State.Phase
	st, evs, err := referee.Apply(b.State, a, d)
	if err != nil {
		return nil, nil, refusal(err)
	}
	b.State = st
	// A game turn that this action ended is followed by 004's morale
	// checks (Settings.MoraleTable; battle_morale.go).
	morale, err := n.moraleAfterTurn(b, prev, d)
	if err != nil {
		return nil, nil, err
	}
	evs = append(evs, morale...)
	// Then, with the checks rolled, a battle that nothing can change
	// before its turn limit ends (ruling V17).
	if lim := b.State.Rules.TurnLimit; lim > 0 && prev >= 1 && b.State.Turn > prev {
		st, settled, _, err := referee.Settle(b.State, lim)
		if err != nil {
			return nil, nil, fmt.Errorf("battle %d: %w", battleID, err)
		}
		b.State, evs = st, append(evs, settled...)
	}
	more, err := n.advanceBattle(b, evs, d)
	if err != nil {
		return nil, nil, err
	}
	evs = append(evs, more...)
	n.Battle(battleID).record(prev, prevPhase, evs)
	return n, evs, nil
}

// AutoDeploy deploys side's reserve units for it (the AI deployment
// helper), for a player who asks or missed the deadline.
func AutoDeploy(c *Campaign, battleID int, side string, d *dice.Dice) (*Campaign, []referee.Event, error) {
	b, err := c.openBattle(battleID, side)
	if err != nil {
		return nil, nil, err
	}
	if b.State.Phase != referee.PhaseDeploy {
		return nil, nil, errorf("battle %d has already started: deployment is over", battleID)
	}
	if err := c.DeployWait(b, side); err != nil {
		return nil, nil, err
	}
	n := c.Clone()
	b = n.Battle(battleID)
	prev := b.State.Turn
	st, evs, err := deployAI(b.State, side, d)
	if err != nil {
		return nil, nil, err
	}
	b.State = st
	more, err := n.advanceBattle(b, evs, d)
	if err != nil {
		return nil, nil, err
	}
	evs = append(evs, more...)
	n.Battle(battleID).record(prev, referee.PhaseDeploy, evs)
	return n, evs, nil
}

// AutoResolveBattle lets the AI fight a battle to its end from where it
// stands: it deploys whatever is still in reserve, starts the battle and
// plays both sides at the campaign's level (Settings.AILevel, seeded
// from seed), then folds the result into the campaign.
func AutoResolveBattle(c *Campaign, battleID int, d *dice.Dice, seed uint64) (*Campaign, []referee.Event, error) {
	return AutoResolveBattleAt(c, battleID, c.Settings.Level(), d, seed)
}

// AutoResolveBattleAt is AutoResolveBattle with the AI at level on both
// sides, whatever the campaign's setting (the referee's /battle auto
// level:, ruling AIL1).
func AutoResolveBattleAt(c *Campaign, battleID int, level ai.Level, d *dice.Dice, seed uint64) (*Campaign, []referee.Event, error) {
	if _, err := c.openBattle(battleID, ""); err != nil {
		return nil, nil, err
	}
	n := c.Clone()
	b := n.Battle(battleID)
	b.Auto = true
	// The AI answers the battle's questions with their defaults (each
	// recorded as it is carried out), and its hidden infantry attacks at
	// once.
	defaults, err := n.takeDefaults(InBattle(battleID), d)
	if err != nil {
		return nil, nil, err
	}
	b.State.Asked = nil
	st := b.State
	var all []referee.Event
	if st.Phase == referee.PhaseDeploy {
		for _, side := range SetupOrder(st) {
			next, evs, err := deployAI(st, side, d)
			if err != nil {
				return nil, nil, fmt.Errorf("battle %d: %w", battleID, err)
			}
			st, all = next, append(all, evs...)
		}
		next, evs, err := referee.Start(st)
		if err != nil {
			return nil, nil, fmt.Errorf("battle %d: %w", battleID, err)
		}
		st, all = next, append(all, evs...)
		b.State = st
		b.takeFrames(0)
	}
	// A battle its players have fought some turns of is taken over where
	// it stands, the AI told what each side saw of it.
	players := map[string]*ai.Player{}
	for i, sd := range st.Sides {
		players[sd.ID] = b.AIPlayer(sd.ID, level, seed+uint64(i))
	}
	limit := n.Settings.BattleTurnLimit
	if limit == 0 {
		limit = AutoTurnLimit
	}
	// 004's morale checks run at the end of each game turn, as in a
	// battle the players fight (Settings.MoraleTable).
	var after ai.After
	if n.Settings.MoraleTable {
		after = n.moraleHook(b, d)
	}
	st, evs, err := ai.AutoResolveLimit(st, d, players, limit, b.frameHook(after))
	all = append(all, evs...)
	if err != nil {
		return nil, nil, fmt.Errorf("battle %d: %w", battleID, err)
	}
	b.State = st
	b.logEvents(all)
	b.takeFrames(st.Turn)
	n.markAttackers(all)
	if err := n.endBattle(b, d, nil); err != nil { // all are logged
		return nil, nil, err
	}
	return n, append(defaults, all...), nil
}

// openBattle finds a battle still being fought in which side (when given)
// takes part.
func (c *Campaign) openBattle(battleID int, side string) (*Battle, error) {
	b := c.Battle(battleID)
	switch {
	case b == nil:
		return nil, errorf("there is no battle %d: %s", battleID, c.openBattleList())
	case b.Over || b.State == nil:
		return nil, errorf("battle %d is over", battleID)
	case b.State.Map == nil:
		return nil, fmt.Errorf("battle %d has no map: call Restore after loading the campaign", battleID)
	}
	if side != "" && b.State.Side(side) == nil {
		return nil, errorf("%s does not fight in battle %d", side, battleID)
	}
	return b, nil
}

// openBattleList names the battles being fought, for a refusal.
func (c *Campaign) openBattleList() string {
	var ids []string
	for _, b := range c.Battles {
		if !b.Over {
			ids = append(ids, fmt.Sprint(b.ID))
		}
	}
	if len(ids) == 0 {
		return "no battle is being fought"
	}
	return "battles being fought: " + strings.Join(ids, ", ")
}

// advanceBattle does what follows an action by itself: the battle starts
// once every ground unit is deployed, and its results are folded into
// the campaign once it is over. evs are the action's events.
func (c *Campaign) advanceBattle(b *Battle, evs []referee.Event, d *dice.Dice) ([]referee.Event, error) {
	c.markAttackers(evs)
	var more []referee.Event
	if b.State.Phase == referee.PhaseDeploy && b.State.Deployed() && !c.waiting(b.ID, DecideInitiative) {
		st, e, err := referee.Start(b.State)
		if err != nil {
			return nil, fmt.Errorf("battle %d: %w", b.ID, err)
		}
		b.State, more = st, e
	}
	if b.State.Phase == referee.PhaseOver {
		// The caller records evs once this returns.
		if err := c.endBattle(b, d, slices.Concat(evs, more)); err != nil {
			return nil, err
		}
		return more, nil
	}
	// Choices the action left to a side's players (ambush.go).
	asked, err := c.askChoices(b, d)
	return append(more, asked...), err
}

// follow takes the outcome of a rules step on b outside BattleAct (an
// answered decision): a refusal becomes the player's error; else b gets
// the new state, what follows by itself is done (advanceBattle) and the
// step goes into the battle's record.
func (c *Campaign) follow(b *Battle, st *referee.State, evs []referee.Event, err error, d *dice.Dice) ([]referee.Event, error) {
	if err != nil {
		return nil, refusal(err)
	}
	prev, prevPhase := b.State.Turn, b.State.Phase
	b.State = st
	more, err := c.advanceBattle(b, evs, d)
	if err != nil {
		return nil, err
	}
	evs = append(evs, more...)
	b.record(prev, prevPhase, evs)
	return evs, nil
}

// markAttackers sets Attacked on every campaign unit that attacked an
// enemy unit (000 line 2690): attacks and overruns on a unit of another
// side.
func (c *Campaign) markAttackers(evs []referee.Event) {
	for _, e := range evs {
		if e.Type != "attack" && e.Type != "overrun" {
			continue
		}
		as, au := c.unitOwner(e.Attacker)
		_, tu := c.unitOwner(e.Target)
		if au == nil || tu == nil || as.Unit(e.Target) != nil {
			continue
		}
		au.Attacked = true
	}
}

// unitOwner finds a campaign unit by ID and its side.
func (c *Campaign) unitOwner(id string) (*Side, *Unit) {
	for i := range c.Sides {
		if u := c.Sides[i].Unit(id); u != nil {
			return &c.Sides[i], u
		}
	}
	return nil, nil
}

// refusal turns the referee's rule refusals into player-facing *Error.
func refusal(err error) error {
	if errors.Is(err, referee.ErrIllegal) {
		return errorf("%s", strings.TrimPrefix(err.Error(), referee.ErrIllegal.Error()+": "))
	}
	return err
}
