package ai

import (
	"testing"

	"bfbot/mapgen/hex"
	"bfbot/referee"
	"bfbot/referee/dice"
)

// Ensure a unit penned where it cannot fire at the enemy goes, once the
// battle is stalled, to a window: a hex of its pocket from which it could
// fire at ground the enemy can reach. Closing by the hexes, a hover penned
// in a river through heavy woods went to the river's end nearest the
// enemy's hovers, behind the woods, and stood there to the turn limit
// (Normal on both sides, dropships battle 1029). Here R1, a hover, is in
// a river (row 5, 0205–0905) through heavy woods, with a channel north
// from its west end to 0203, which sees across a hex of light woods it
// may not enter to the open strip along the north edge (0201–2001);
// B1, a hover, stands in the open ground east of the woods (columns
// 14–20), from which it can reach that strip. By the hexes R1 would go
// east to 0905; the window is 0203.
func TestPennedUnitGoesToWindow(t *testing.T) {
	open := map[hex.Hex]bool{}
	for _, h := range []string{"0205", "0305", "0405", "0505", "0605", "0705", "0805", "0905", "0204", "0203"} {
		open[hex.MustParse(h)] = true
	}
	text := `map blank 20x10; turn 0 deploy red
		side red name="Red" retreat=west; side blue name="Blue" retreat=east`
	for y := 1; y < 10; y++ { // row 1 stays open
		for x := 0; x < 13; x++ {
			h := hex.Hex{X: x, Y: y}
			switch {
			case open[h]:
				text += "; cell " + h.String() + " water-1"
			case h == hex.MustParse("0202"):
				text += "; cell 0202 light-woods" // a hover may not enter it, but sees through
			default:
				text += "; cell " + h.String() + " heavy-woods"
			}
		}
	}
	s := aixStart(t, text, nil,
		aixUnit("R1", "red", referee.Hover, "0505", 5, 4, 2, 4),
		aixUnit("B1", "blue", referee.Hover, "1705", 5, 4, 2, 4))
	s.Known = map[string]map[string]referee.Knowledge{"red": {"B1": referee.KnowClass}}
	s.Turn = 6 // a player told of no attack takes the battle for stalled
	_, _, after := aixPhase(t, s, dice.New(dice.NewSeeded(1)))
	window := hex.MustParse("0203")
	if at := after.Unit("R1").Hex; hex.Distance(at, window) >= hex.Distance(hex.MustParse("0505"), window) {
		t.Errorf("R1 moves to %v, not towards the window %v", at, window)
	}
}
