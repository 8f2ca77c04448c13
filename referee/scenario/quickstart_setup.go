package scenario

import (
	"fmt"
	"slices"

	"bfbot/mapgen/hex"
	"bfbot/referee"
	"bfbot/referee/dice"
	"bfbot/referee/quickstart"
)

// veteranZone is the depth of a Deployment Zone: the first five hexes
// from the home edge (002 line 572).
const veteranZone = 5

// veteranSetUp plays the Veteran Training Scenario's set-up (002 lines
// 566–580) on a copy of qs, every choice made by the bot for both sides
// (ruling QS18):
//
//  1. both roll 2D6 (ties again): the higher is the set-up's Initiative
//     winner, and takes as home edge the short edge whose Deployment
//     Zone has more woods (north on a tie); the loser's is the opposite;
//  2. objectives: beginning with the loser, each places one of the
//     objectives he attacks in the opponent's zone, at its front; then,
//     beginning with the winner, each places one of the objectives he
//     defends in his own zone, at its back;
//  3. Headquarters, beginning with the loser, each at the back of his
//     own zone;
//  4. starting positions on the map (the option the players may agree
//     on): 2D6 again, the higher chooses to set up second, and the sides
//     place a Unit each in turn at the front of their zones, facing the
//     enemy's edge.
func (qs *QuickStart) veteranSetUp(d *dice.Dice) (*QuickStart, []quickstart.Event, error) {
	c := *qs
	c.Units = slices.Clone(qs.Units)
	c.Counters = slices.Clone(qs.Counters)
	var ev []quickstart.Event
	say := func(side int, format string, args ...any) {
		ev = append(ev, quickstart.Event{Type: "setup", Turn: 0, Side: side, Text: fmt.Sprintf(format, args...)})
	}
	winner, a, b, err := c.rollOff(d, "set-up")
	if err != nil {
		return nil, nil, err
	}
	home := referee.North
	if woodsIn(&c, referee.South) > woodsIn(&c, referee.North) {
		home = referee.South
	}
	c.Sides[winner].Home, c.Sides[1-winner].Home = home, home.Opposite()
	say(winner, "set-up: %s %d, %s %d; %s chooses the %v edge, %s has the %v edge", c.Sides[0].ID, a, c.Sides[1].ID, b,
		c.Sides[winner].ID, home, c.Sides[1-winner].ID, home.Opposite())
	// Each side places by its own /battle place commands while it has
	// one left, the bot choosing for it otherwise (ruling QS18).
	var own [2][]CounterPlacing
	for _, pl := range qs.Placings {
		own[pl.Side] = append(own[pl.Side], pl)
	}
	place := newCounterPlacement(&c, winner)
	for st, ok := place.Next(); ok; st, ok = place.Next() {
		if len(own[st.Side]) > 0 {
			pl := own[st.Side][0]
			own[st.Side] = own[st.Side][1:]
			if err := place.Place(pl.Side, pl.Kind, pl.Hex); err != nil {
				return nil, nil, fmt.Errorf("%v: %w", pl, err)
			}
		} else {
			h, free := place.Default()
			if !free {
				return nil, nil, fmt.Errorf("the set-up: no free hex for %s's %v in its Deployment Zone", c.Sides[st.Owner].ID, st.Kind)
			}
			if err := place.Place(st.Side, st.Kind, h); err != nil {
				return nil, nil, fmt.Errorf("the set-up: %w", err)
			}
		}
		say(st.Side, "set-up: %s places %s's %v in %s", c.Sides[st.Side].ID, c.Sides[st.Owner].ID, st.Kind, c.Counters[place.index[place.next-1]].Hex)
	}
	for side, left := range own {
		if len(left) > 0 {
			return nil, nil, fmt.Errorf("%v: %s has no counter left to place", left[0], c.Sides[side].ID)
		}
	}
	taken := place.taken()
	chooser, a, b, err := c.rollOff(d, "starting positions")
	if err != nil {
		return nil, nil, err
	}
	say(chooser, "starting positions: %s %d, %s %d; %s sets up second", c.Sides[0].ID, a, c.Sides[1].ID, b, c.Sides[chooser].ID)
	queues := [2][]int{}
	for i, u := range c.Units {
		queues[u.Side] = append(queues[u.Side], i)
	}
	for side := 1 - chooser; len(queues[0])+len(queues[1]) > 0; side = 1 - side {
		if len(queues[side]) == 0 {
			continue
		}
		i := queues[side][0]
		queues[side] = queues[side][1:]
		h, ok := c.freeHex(side, true, taken)
		if !ok {
			return nil, nil, fmt.Errorf("the set-up: no free hex for unit %s in %s's Deployment Zone", c.Units[i].ID, c.Sides[side].ID)
		}
		c.Units[i].Hex, c.Units[i].Facing, taken[h] = h, towardCentre(c.Sides[side].Home), true
		say(side, "set-up: %s places %s in %s facing %v", c.Sides[side].ID, c.Units[i].ID, h, c.Units[i].Facing)
	}
	return &c, ev, nil
}

// rollOff rolls 2D6 for each side, ties again, and returns the higher
// side with both rolls.
func (qs *QuickStart) rollOff(d *dice.Dice, what string) (int, int, int, error) {
	for {
		a, err := d.TwoD6(what + " " + qs.Sides[0].ID)
		if err != nil {
			return 0, 0, 0, err
		}
		b, err := d.TwoD6(what + " " + qs.Sides[1].ID)
		if err != nil {
			return 0, 0, 0, err
		}
		if a != b {
			if a > b {
				return 0, a, b, nil
			}
			return 1, a, b, nil
		}
	}
}

// freeHex is the first hex of side's Deployment Zone not in taken: from
// its front row (front) or its back row, each row from the middle out.
// A Unit never stands on its own side's counters (002 line 582): taken
// holds them once placed.
func (qs *QuickStart) freeHex(side int, front bool, taken map[hex.Hex]bool) (hex.Hex, bool) {
	home := qs.Sides[side].Home
	for k := range veteranZone {
		depth := k + 1
		if front {
			depth = veteranZone - k
		}
		var row []hex.Hex
		for _, h := range qs.Map.Hexes() {
			if edgeDepth(qs.Map, h, home) == depth && !taken[h] {
				row = append(row, h)
			}
		}
		if len(row) == 0 {
			continue
		}
		mid := hex.Hex{X: qs.Map.Width / 2, Y: qs.Map.Height / 2}
		slices.SortStableFunc(row, func(a, b hex.Hex) int { return hex.Distance(a, mid) - hex.Distance(b, mid) })
		return row[0], true
	}
	return hex.Hex{}, false
}

// woodsIn counts the woods hexes of the Deployment Zone along edge e.
func woodsIn(qs *QuickStart, e referee.Edge) int {
	n := 0
	for _, h := range qs.Map.Hexes() {
		if edgeDepth(qs.Map, h, e) <= veteranZone && qs.Map.At(h).Terrain.IsWoods() {
			n++
		}
	}
	return n
}
