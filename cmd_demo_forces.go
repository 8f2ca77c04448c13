package main

import (
	"fmt"

	botcommand "bfbot/bot/command"
	"bfbot/campaign/forces"
	"bfbot/referee"
)

// The demo's regiments are the book's two rosters with part of their 50
// special points spent (000 line 2016), so that the demo shows
// drops and DropShips: the 7th Crucis Lancers keep Christoph's Elite
// Heavy lance ready to drop from orbit, 40 points, as in the book's drop
// example (000 line 765); Moore's Bandits bring a Union DropShip with
// their RBG, 3 × 13 = 39 points (000 lines 1811, 2060–2062). They reach the
// campaign as regiment files, as a player's would.

// demoSeed is the demo's default seed. Its campaign shows the drop
// rules: the Lancers' drop lance drops from orbit into a battle, declares
// its hex in secret and lands (TestDemoDropsAndDropShip, which plays
// another seed for the Bandits' DropShip in battle).
const demoSeed = 52

// demoDropLance is the lance the Lancers keep ready to drop.
const demoDropLance = "Christoph's Company Command Lance"

// demoRegimentFiles are the /campaign create attachments: the Lancers'
// file as regiment_file, the Bandits' as regiment_file2.
func demoRegimentFiles() (map[string]botcommand.File, error) {
	crucis, err := forces.BuiltIn("crucis")
	if err != nil {
		return nil, err
	}
	crucis.Special.Drops = append(crucis.Special.Drops, demoDropLance)
	bandits, err := forces.BuiltIn("bandits")
	if err != nil {
		return nil, err
	}
	ship, err := forces.DropShipUnit("Jolly Roger", "Union", referee.Regular)
	if err != nil {
		return nil, err
	}
	bandits.RBG.DropShips = append(bandits.RBG.DropShips, ship)
	files := map[string]botcommand.File{}
	for opt, r := range map[string]forces.Regiment{"regiment_file": crucis, "regiment_file2": bandits} {
		data := forces.WriteRegiment(r)
		// The file must read back as the regiment it was written from.
		if _, err := forces.ReadRegimentChecked(data); err != nil {
			return nil, fmt.Errorf("demo regiment %s: %w", r.ID, err)
		}
		files[opt] = botcommand.File{Name: r.ID + ".yaml", Data: data}
	}
	return files, nil
}
