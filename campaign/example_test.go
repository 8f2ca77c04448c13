package campaign_test

import (
	"fmt"

	"bfbot/campaign"
	"bfbot/campaign/forces"
	"bfbot/mapgen"
	"bfbot/referee/dice"
)

// A campaign between the two built-in regiments on a generated strategic
// map of 4×3 sectors, its first four turns played with the AI giving both
// sides' sealed orders and fighting the battles the contacts set up.
// Every step takes a *Campaign and returns a new one with the events it
// logged, each addressed to everyone or to one side; the value passed in
// is left as it was.
func Example() {
	m, err := mapgen.GenerateStrategic(1, 4, 3)
	if err != nil {
		fmt.Println(err)
		return
	}
	var regs []forces.Regiment
	for _, id := range forces.BuiltInIDs { // crucis, bandits
		r, err := forces.BuiltIn(id)
		if err != nil {
			fmt.Println(err)
			return
		}
		regs = append(regs, r)
	}
	c, err := campaign.New(1, "Example", campaign.DefaultSettings(), m, regs)
	if err == nil {
		c, err = campaign.Start(c, nil) // the set-up ends; turn 1's orders open
	}
	if err != nil {
		fmt.Println(err)
		return
	}
	d := dice.New(dice.NewSeeded(7)) // the campaign's one dice source (ruling R9)

	for c.Turn <= 4 {
		turn := c.Turn
		// Orders: each side's are sealed until the turn runs. The AI
		// orders from what its side may know, as a player would.
		for _, side := range []string{"crucis", "bandits"} {
			for _, o := range campaign.AIOrders(c, side, uint64(turn)) {
				if c, _, err = campaign.GiveOrder(c, side, o); err != nil {
					fmt.Println(err)
					return
				}
			}
		}
		// Advance resolves the orders (movement, searches, contacts). A
		// contact sets up a battle; the upkeep waits until every battle
		// is over, so here the AI fights them.
		var events, more []campaign.Event
		if c, events, err = campaign.Advance(c, d); err != nil {
			fmt.Println(err)
			return
		}
		for ids := campaign.Unfought(c); len(ids) > 0; ids = campaign.Unfought(c) {
			if c, _, err = campaign.AutoResolveBattle(c, ids[0], d, uint64(ids[0])); err != nil {
				fmt.Println(err)
				return
			}
		}
		if c.Phase == campaign.PhaseBattles { // the upkeep opens the next turn
			if c, more, err = campaign.Advance(c, d); err != nil {
				fmt.Println(err)
				return
			}
			events = append(events, more...)
		}

		public, secret := 0, map[string]int{}
		for _, e := range events {
			if len(e.Audience) == 0 {
				public++
			}
			for _, side := range e.Audience {
				secret[side]++
			}
		}
		fmt.Printf("turn %d: %d public events, %d secret to crucis, %d secret to bandits\n",
			turn, public, secret["crucis"], secret["bandits"])
		for _, b := range c.Battles {
			if b.Turn == turn {
				fmt.Printf("  battle %d in sector %d: winner %q\n", b.ID, b.Sector, b.Outcome.Winner)
			}
		}
		if errs := c.Check(); len(errs) > 0 { // the invariants after every step
			fmt.Println(errs)
			return
		}
	}

	// What a player is shown is built from campaign.View: its own
	// battlegroups in full, of the enemy only what its searches and
	// battles taught it (ruling R10), and the victory points as it may
	// know them (ruling SE2).
	for _, side := range []string{"crucis", "bandits"} {
		v := campaign.View(c, side)
		intel := 0
		for _, sec := range v.Sectors {
			if sec.Intel != nil {
				intel++
			}
		}
		fmt.Printf("%s sees: turn %d, %s phase; %d own battlegroups; intel on %d of %d sectors;",
			side, v.Turn, v.Phase, len(v.Own.Battlegroups), intel, len(v.Sectors))
		for _, s := range v.Sides {
			fmt.Printf(" %s %d VP", s.ID, s.VP)
		}
		fmt.Println()
	}
	// Output:
	// turn 1: 5 public events, 5 secret to crucis, 4 secret to bandits
	// turn 2: 5 public events, 3 secret to crucis, 3 secret to bandits
	// turn 3: 5 public events, 2 secret to crucis, 2 secret to bandits
	// turn 4: 8 public events, 8 secret to crucis, 6 secret to bandits
	//   battle 1 in sector 6: winner "bandits"
	// crucis sees: turn 5, orders phase; 3 own battlegroups; intel on 6 of 12 sectors; crucis 127 VP bandits 372 VP
	// bandits sees: turn 5, orders phase; 2 own battlegroups; intel on 6 of 12 sectors; crucis 127 VP bandits 372 VP
}
