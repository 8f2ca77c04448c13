package campaign

import (
	"fmt"

	"strconv"
	"strings"

	"bfbot/internal/cite"
	"bfbot/referee/dice"
	"bfbot/referee/quickstart"
)

// ResolveTurn carries out both sides' sealed orders, steps 3–5 of the
// campaign turn (000 lines 2563–2575; steps 1 and 2 were made at once on
// the worksheet while orders were open): drops, secret moves, prepared
// positions and lift-off (movement.go), searches (search.go), and a battle
// for every contact (contact.go). Searches follow movement (step 4, line
// 2599): when a drop was made this turn, in public, the campaign stops in
// PhaseSearches so that each side may search in answer (ruling CO10), and
// ResolveSearches goes on from there. Otherwise, or afterwards, both
// sides' orders are cleared and the campaign is in PhaseBattles, even
// when no contact was made; Advance goes on to the upkeep.
func ResolveTurn(c *Campaign, d *dice.Dice) (*Campaign, []Event, error) {
	if err := resolveIn(c, PhaseOrders, "orders to resolve"); err != nil {
		return nil, nil, err
	}
	n := c.Clone()
	resolveMovement(n)
	if dropsMade(n) {
		n.Phase = PhaseSearches
		for i := range n.Sides {
			n.Sides[i].Orders.Ready = false
		}
		n.emit(Event{Step: "search", Type: "searches_open", Text: fmt.Sprintf("turn %d: movement is over and drops were made: each side may add searches in answer before they are read (%s)", n.Turn, cite.Book(2599))})
		return n, n.Log.Since(c.Log.Len()), nil
	}
	if err := n.searchAndContact(d); err != nil {
		return nil, nil, err
	}
	return n, n.Log.Since(c.Log.Len()), nil
}

// ResolveSearches ends the search step of a turn with drops: the
// searches are read and answered, and contact makes the battles.
func ResolveSearches(c *Campaign, d *dice.Dice) (*Campaign, []Event, error) {
	if err := resolveIn(c, PhaseSearches, "searches to read"); err != nil {
		return nil, nil, err
	}
	n := c.Clone()
	if err := n.searchAndContact(d); err != nil {
		return nil, nil, err
	}
	return n, n.Log.Since(c.Log.Len()), nil
}

// resolveIn refuses a resolution step unless c is in phase p.
func resolveIn(c *Campaign, p Phase, what string) error {
	if c == nil {
		return errorf("no campaign")
	}
	if c.Phase != p {
		return errorf("campaign %d is in its %s phase: there are no %s", c.ID, c.Phase, what)
	}
	return nil
}

// searchAndContact runs steps 4 and 5 on n in place and clears the
// turn's orders.
func (n *Campaign) searchAndContact(d *dice.Dice) error {
	resolveSearches(n)
	if err := resolveContacts(n, d); err != nil {
		return err
	}
	for i := range n.Sides {
		n.Sides[i].Orders = Orders{}
	}
	n.Phase = PhaseBattles
	return nil
}

// dropsMade reports whether a battlegroup dropped this turn.
func dropsMade(n *Campaign) bool {
	for _, s := range n.Sides {
		for _, b := range s.Battlegroups {
			if b.Dropped {
				return true
			}
		}
	}
	return false
}

// resolveMovement runs the movement step on n in place.
func resolveMovement(n *Campaign) {
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
}

// Advance moves the campaign on as far as it can go without players: it
// resolves the orders of a campaign in PhaseOrders (stopping in
// PhaseSearches when drops were made) or the searches of one in
// PhaseSearches, and once no battle of the turn is left to fight it runs
// the upkeep (steps 7–11), which opens the next turn. With battles still
// being fought it returns the campaign in PhaseBattles.
func Advance(c *Campaign, d *dice.Dice) (*Campaign, []Event, error) {
	if c == nil {
		return nil, nil, errorf("no campaign")
	}
	var evs []Event
	switch c.Phase {
	case PhaseOrders, PhaseSearches:
		resolve := ResolveTurn
		if c.Phase == PhaseSearches {
			resolve = ResolveSearches
		}
		n, e, err := resolve(c, d)
		if err != nil {
			return nil, nil, err
		}
		c, evs = n, e
		if c.Phase == PhaseSearches {
			return c, evs, nil // the players search in answer to the drops
		}
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
	if qb := c.QuickStart; qb != nil && qb.State.Phase != quickstart.Over {
		out = append(out, qb.ID)
	}
	for _, b := range c.Battles {
		if !b.Over {
			out = append(out, b.ID)
		}
	}
	return out
}
