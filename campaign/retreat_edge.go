package campaign

import (
	"fmt"
	"strings"

	"bfbot/referee"
	"bfbot/referee/dice"
)

// The retreat edge (000 lines 2655–2659): a side that declares its
// retreat withdraws every unit off one side of the map, and its
// battlegroups fall back into the sector beyond that edge (ruling CB7).
// Which edge is the player's choice, asked when he declares the retreat;
// the default is the edge his side deployed by (ruling CB3).

// mapEdges are the edges a retreat may take, in the order asked.
var mapEdges = []referee.Edge{referee.North, referee.East, referee.South, referee.West}

// AskRetreat is side's declaration that it breaks off battle battleID:
// the rules must allow the retreat now; the declaration is made when the
// side answers which edge it withdraws by (Decide), or by its default
// edge at the deadline. A side nobody plays declares at once by the
// default edge.
func AskRetreat(c *Campaign, battleID int, side string, d *dice.Dice) (*Campaign, []referee.Event, error) {
	b, err := c.openBattle(battleID, side)
	if err != nil {
		return nil, nil, err
	}
	if c.waiting(battleID, DecideRetreat) {
		for _, dec := range DecisionsFor(c, side) {
			if dec.Kind == DecideRetreat && dec.Battle == battleID {
				return nil, nil, errorf("your retreat from battle %d waits for its edge: answer decision %d", battleID, dec.ID)
			}
		}
	}
	// A trial on the battle as it stands: the retreat must be legal now.
	if _, _, err := referee.Apply(b.State, referee.Action{Kind: referee.ActRetreat, Side: side}, d); err != nil {
		return nil, nil, refusal(err)
	}
	def := b.State.Side(side).RetreatEdge
	var opts, where []string
	for _, e := range mapEdges {
		opts = append(opts, e.String())
		w := "the rim of the strategic map: you stay in the sector"
		if to := sectorBeyond(c.Map, b.Sector, e); to != 0 {
			w = "into sector " + c.sectorName(to)
		}
		where = append(where, fmt.Sprintf("%s: %s", e, w))
	}
	n := c.Clone()
	evs, err := n.ask(Decision{Kind: DecideRetreat, Side: side, Battle: battleID, Options: opts, Default: def.String(),
		Question: fmt.Sprintf("Your side breaks off battle %d in %s. By which edge do your units withdraw, and so fall back? %s. The default is the %s edge, the one you deployed by.",
			battleID, c.sectorName(b.Sector), strings.Join(where, "; "), def)}, d)
	if err != nil {
		return nil, nil, err
	}
	return n, evs, nil
}

// declareRetreat carries out the answer: the side's retreat edge is set
// and the retreat declared (000 line 2655).
func (c *Campaign) declareRetreat(dec Decision, answer string, d *dice.Dice) ([]referee.Event, error) {
	b, err := c.openBattle(dec.Battle, dec.Side)
	if err != nil {
		return nil, err
	}
	edge := referee.NoEdge
	for _, e := range mapEdges {
		if e.String() == answer {
			edge = e
		}
	}
	st := b.State.Clone()
	st.Side(dec.Side).RetreatEdge = edge
	next, evs, err := referee.Apply(st, referee.Action{Kind: referee.ActRetreat, Side: dec.Side}, d)
	return c.follow(b, next, evs, err, d)
}
