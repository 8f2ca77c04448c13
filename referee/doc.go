// Package referee is the BattleForce tactical engine: units, battle state,
// sighting and line of sight, combat and the sequence of play. It is pure:
// no I/O, no clock, no global random source; dice come from referee/dice.
package referee
