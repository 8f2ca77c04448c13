package scenario

import (
	"fmt"
	"strings"

	"bfbot/internal/consoleline"

	"bfbot/mapgen/hex"
	"bfbot/referee/quickstart"
)

// CounterStep is one placing of the Veteran set-up: Side places one of
// Owner's counters of Kind (Owner defends it, 002 line 552).
type CounterStep struct {
	Side, Owner int
	Kind        quickstart.CounterKind
}

// CounterPlacement is the Veteran set-up's objectives and Headquarters
// being placed in the book's order (002 lines 572–574, ruling QS18) once
// the home edges are chosen: beginning with the set-up's loser, each
// side places an objective it attacks; then, beginning with the winner,
// one it defends; then, beginning with the loser, each its Headquarters;
// counters a file lists beyond the book's are placed last, by their
// owner. Place takes a side's own choice, Default is the bot's (QS18).
// It changes the QuickStart it was made for.
type CounterPlacement struct {
	qs    *QuickStart
	steps []CounterStep
	// index[i] is the counter steps[i] places, -1 when its owner has no
	// such counter left.
	index []int
	next  int
}

// newCounterPlacement orders qs's counters for placing; winner won the
// set-up roll.
func newCounterPlacement(qs *QuickStart, winner int) *CounterPlacement {
	loser := 1 - winner
	p := &CounterPlacement{qs: qs}
	used := make([]bool, len(qs.Counters))
	add := func(side, owner int, kind quickstart.CounterKind) {
		i := -1
		for j, c := range qs.Counters {
			if i < 0 && !used[j] && c.Owner == owner && c.Kind == kind {
				i = j
			}
		}
		if i < 0 {
			return // the side has no such counter left to place
		}
		used[i] = true
		p.steps = append(p.steps, CounterStep{Side: side, Owner: owner, Kind: kind})
		p.index = append(p.index, i)
	}
	add(loser, winner, quickstart.Objective)
	add(winner, loser, quickstart.Objective)
	add(winner, winner, quickstart.Objective)
	add(loser, loser, quickstart.Objective)
	add(loser, loser, quickstart.Headquarters)
	add(winner, winner, quickstart.Headquarters)
	for i, c := range qs.Counters {
		if !used[i] {
			add(c.Owner, c.Owner, c.Kind)
		}
	}
	return p
}

// Next is the placing to make now, false when every counter is down.
func (p *CounterPlacement) Next() (CounterStep, bool) {
	if p.next >= len(p.steps) {
		return CounterStep{}, false
	}
	return p.steps[p.next], true
}

// Place puts the next counter in h for side, refusing with a reason a
// player can act on: not his turn to place, another kind due, a hex off
// the map, outside the owner's Deployment Zone (002 lines 572, 574), or
// on a counter already down (ruling QS18).
func (p *CounterPlacement) Place(side int, kind quickstart.CounterKind, h hex.Hex) error {
	st, ok := p.Next()
	qs := p.qs
	switch {
	case !ok:
		return fmt.Errorf("every objective and Headquarters is placed")
	case side != st.Side:
		return fmt.Errorf("%s places %s's %v now: wait for your turn", qs.Sides[st.Side].ID, qs.Sides[st.Owner].ID, st.Kind)
	case kind != st.Kind:
		return fmt.Errorf("you place %s's %v now, not kind:%v", qs.Sides[st.Owner].ID, st.Kind, kind)
	case !qs.Map.Contains(h):
		return fmt.Errorf("%s is off the map", h)
	case edgeDepth(qs.Map, h, qs.Sides[st.Owner].Home) > veteranZone:
		return fmt.Errorf("%s's %v goes in its Deployment Zone, the %d hexes from the %v edge, and %s is %d hexes in (Quick-Start rules, Veteran Training Scenario, Setting Up)",
			qs.Sides[st.Owner].ID, st.Kind, veteranZone, qs.Sides[st.Owner].Home, h, edgeDepth(qs.Map, h, qs.Sides[st.Owner].Home))
	}
	for i := range p.next {
		if c := qs.Counters[p.index[i]]; c.Hex == h {
			return fmt.Errorf("%s already holds %s's %v: choose another hex", h, qs.Sides[c.Owner].ID, c.Kind)
		}
	}
	qs.Counters[p.index[p.next]].Hex = h
	p.next++
	return nil
}

// Default is the bot's choice for the next placing (ruling QS18): an
// objective the side attacks at the front of the enemy's zone, every
// other counter at the back of its owner's, each row from the middle
// out; false when no hex is free.
func (p *CounterPlacement) Default() (hex.Hex, bool) {
	st, ok := p.Next()
	if !ok {
		return hex.Hex{}, false
	}
	return p.qs.freeHex(st.Owner, st.Side != st.Owner, p.taken())
}

// taken are the hexes of the counters placed so far.
func (p *CounterPlacement) taken() map[hex.Hex]bool {
	t := map[hex.Hex]bool{}
	for i := range p.next {
		t[p.qs.Counters[p.index[i]].Hex] = true
	}
	return t
}

// CounterPlacing is a side's own choice of hex for a counter of the
// Veteran set-up, a file's `@side /battle place kind:objective hex:0713`.
type CounterPlacing struct {
	Line int
	Text string
	Side int
	Kind quickstart.CounterKind
	Hex  hex.Hex
}

func (c CounterPlacing) String() string { return fmt.Sprintf("line %d: %q", c.Line, c.Text) }

// readPlacing reads `/battle place kind:objective|headquarters hex:XXYY`.
func readPlacing(l *consoleline.Line) (quickstart.CounterKind, hex.Hex, error) {
	if err := checkOptions(l, "place", []string{"kind", "hex"}, nil); err != nil {
		return 0, hex.Hex{}, err
	}
	k, _ := l.Option("kind")
	var kind quickstart.CounterKind
	switch strings.ToLower(k) {
	case "objective":
	case "headquarters", "hq":
		kind = quickstart.Headquarters
	default:
		return 0, hex.Hex{}, fmt.Errorf("kind:%s: use objective or headquarters", k)
	}
	at, _ := l.Option("hex")
	h, err := hex.Parse(at)
	if err != nil {
		return 0, hex.Hex{}, fmt.Errorf("hex: %w", err)
	}
	return kind, h, nil
}
