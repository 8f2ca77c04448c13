// Package campaign holds the BattleForce forces and campaign rules: the unit
// catalog (the BattleForce Values Table), lance creation, purchase points,
// rosters, battlegroup worksheets, the strategic map, sealed orders and the
// campaign turn.
//
// The package is pure rules code: no I/O beyond data embedded at build time,
// no clock, no global random source, no logging. Time and dice come in as
// arguments, so every result can be replayed.
//
// Rule references name the seed file and line, by default
// 000_7068ba969e06a83c.txt (BattleForce, FASA 1987). Rulings that settle
// gaps in the book carry ids: R1–R11 and the rest in docs/rulings.md, C* (catalog) in
// catalog.go.
package campaign
