// Package hex is the geometry of BattleTech hex maps: coordinates, their
// XXYY text form, distance, neighbours, rings and the line between two hex
// centres used for line of sight.
//
// # Coordinates
//
// Hexes are flat-topped and laid out in columns. A Hex holds 0-based column
// X and row Y; its text form is the 1-based XXYY name printed on BattleTech
// and BattleForce mapsheets (X=0,Y=0 is "0101"; past column or row 99 the
// form widens to XXXYYY). Columns with odd 0-based X (the 1-based even
// columns 02, 04, …) sit half a hex lower than their neighbours, as on the
// printed mapsheets and MegaMek boards ("odd-q" offset). See docs/rulings.md
// (B1): the worked movement example of BattleForce (000 line 675) fixes this.
//
// # Caveats
//
// Hex is a value type with no knowledge of map bounds: neighbours and rings
// may lie off the map, and it is the caller's job (mapgen.Map.Contains) to
// discard them.
package hex
