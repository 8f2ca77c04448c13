// Package mapgen holds BattleForce terrain and maps: the terrain types and
// their movement and line-of-sight properties (as data, cited to the
// rulebook), mapsheets of 32×17 hexes, sector maps of two sheets, the
// strategic map of sectors, a seeded terrain generator, and MegaMek .board
// import and export.
//
// The package is pure: no clock, no global random source, no I/O beyond
// the io.Reader and io.Writer a caller passes in.
package mapgen
