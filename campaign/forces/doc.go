// Package forces holds what a side fields before any campaign or battle:
// the unit catalog (the BattleForce Values Table and its aliases),
// weapons and designs converted to BattleForce values (design files and
// MegaMek .mtf files), lance creation (quick lance generation and from
// designs), experience levels, purchase points, regiments with their
// checks and their file format, and the shipped rosters.
//
// It is a sub-package of campaign because campaign is its main user — a
// campaign starts from regiments — but it sits below it: it imports
// referee (unit classes, values, experience) and the dice, never
// campaign, so that referee/scenario can buy a scenario's forces with it
// without importing the strategic layer above the tactical engine. The
// import direction is asserted by TestImportDirection (layers_test.go).
//
// The package is pure rules code: no I/O beyond data embedded at build
// time and readers the caller passes, no clock, no global random source,
// no logging.
//
// Rule references name the book and the line of its text copy
// (docs/sources.md), by default 000 (BattleForce, FASA 1987). Rulings that settle gaps in the book carry ids in
// docs/rulings.md: C* (catalog), Q* (quick lances and experience), D*
// (designs), F* (regiments, purchase points, rosters), RF* (regiment
// files).
package forces
