// Package campaign holds the BattleForce campaign rules, the strategic
// layer: battlegroup worksheets, the strategic map, sealed orders, the
// campaign turn, contact and battle set-up, post-battle steps and the
// setup tables. The forces it starts from (unit catalog, lance creation,
// purchase points, regiments, rosters) are in campaign/forces.
//
// The package is pure rules code: no I/O beyond data embedded at build time,
// no clock, no global random source, no logging. Time and dice come in as
// arguments, so every result can be replayed.
//
// Rule references name the seed file and line, by default
// 000_7068ba969e06a83c.txt (BattleForce, FASA 1987). Rulings that settle
// gaps in the book carry ids: R* in shared/RULES.md, the rest in
// docs/rulings.md.
package campaign
