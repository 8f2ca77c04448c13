package campaign

import (
	"slices"
	"strconv"
	"strings"

	"bfbot/referee/dice"
)

// ResolveTurn carries out both sides' sealed orders, steps 3–5 of the
// campaign turn (000 lines 2571–2584; steps 1 and 2 were made at once on
// the worksheet while orders were open): drops, secret moves, prepared
// positions and lift-off (movement.go), searches (search.go), and a battle
// for every contact (contact.go). Afterwards both sides' orders are
// cleared and the campaign is in PhaseBattles, even when no contact was
// made; Advance goes on to the upkeep.
func ResolveTurn(c *Campaign, d *dice.Dice) (*Campaign, []Event, error) {
	if c == nil {
		return nil, nil, errorf("no campaign")
	}
	if c.Phase != PhaseOrders {
		return nil, nil, errorf("campaign %d is in its %s phase: there are no orders to resolve", c.ID, c.Phase)
	}
	n := c.Clone()
	resolveMovementAndSearches(n)
	if err := resolveContacts(n, d); err != nil {
		return nil, nil, err
	}
	for i := range n.Sides {
		n.Sides[i].Orders = Orders{}
	}
	n.Phase = PhaseBattles
	return n, slices.Clone(n.Log[len(c.Log):]), nil
}

// resolveMovementAndSearches runs the movement and search steps on n in
// place.
func resolveMovementAndSearches(n *Campaign) {
	for i := range n.Sides {
		for j := range n.Sides[i].Battlegroups {
			b := &n.Sides[i].Battlegroups[j]
			b.Moved, b.From, b.Dropped = false, 0, false
		}
	}
	n.emit(Event{Step: "movement", Type: "resolve", Text: "orders are closed; movement begins"})
	resolveDrops(n)
	resolveMoves(n)
	resolveHolds(n)
	resolveLiftOff(n)
	resolveSearches(n)
}

// Advance moves the campaign on as far as it can go without players: it
// resolves the orders of a campaign in PhaseOrders, and once no battle of
// the turn is left to fight it runs the upkeep (steps 7–11), which opens
// the next turn. With battles still being fought it returns the campaign
// in PhaseBattles.
func Advance(c *Campaign, d *dice.Dice) (*Campaign, []Event, error) {
	if c == nil {
		return nil, nil, errorf("no campaign")
	}
	var evs []Event
	switch c.Phase {
	case PhaseOrders:
		n, e, err := ResolveTurn(c, d)
		if err != nil {
			return nil, nil, err
		}
		c, evs = n, e
	case PhaseBattles:
		if ids := Unfought(c); len(ids) > 0 {
			return nil, nil, errorf("battles %s are still being fought: finish or auto-resolve them first", intList(ids))
		}
	default:
		return nil, nil, errorf("campaign %d is in its %s phase: nothing to advance", c.ID, c.Phase)
	}
	if len(Unfought(c)) > 0 {
		return c, evs, nil
	}
	n, e, err := Upkeep(c, d)
	if err != nil {
		return nil, nil, err
	}
	return n, append(evs, e...), nil
}

// intList writes battle IDs as a reply lists them: "1, 3, 4".
func intList(ids []int) string {
	words := make([]string, len(ids))
	for i, id := range ids {
		words[i] = strconv.Itoa(id)
	}
	return strings.Join(words, ", ")
}

// Unfought lists the IDs of the battles not yet over.
func Unfought(c *Campaign) []int {
	var out []int
	for _, b := range c.Battles {
		if !b.Over {
			out = append(out, b.ID)
		}
	}
	return out
}
