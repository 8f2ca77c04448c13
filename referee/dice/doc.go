// Package dice is the one source of dice for the referee and the campaign
// (ruling R9): every six-sided die the rules throw comes from a [Source]
// passed in by the caller, and every throw is kept in a log with its
// purpose, so any result can be audited and any battle replayed.
//
// Rules code calls a [Dice], never a Source directly:
//
//	d := dice.New(dice.NewSeeded(seed)) // in play: `--seed N`
//	d := dice.New(script)               // in tests: `--dice 3,4,6` via ParseFaces
//	roll, err := d.TwoD6("close attack A1 on B1")
//
// Two sources are provided. [Seeded] is a PCG generator from math/rand/v2
// whose state can be saved with a battle and restored, so a battle saved
// half-way continues with exactly the dice it would have had. [Script] gives
// faces from a fixed list, so a worked example from the rulebook can be
// played with the book's own dice; running out is an error, not a fallback
// to random dice, because a worked example that needs more dice than it was
// given is wrong and should say so.
//
// # Replay guarantee
//
// A battle is a function of its starting state, its actions and its dice.
// The dice are pinned in two ways, and either is enough to replay it:
//
//   - by the seed (or the saved [Seeded] state): [NewSeeded] gives the same
//     faces on every machine and Go version, because PCG is a specified
//     algorithm and faces are derived from its output here, in this package,
//     by a fixed unbiased method (see [Seeded.Face]);
//   - by the log: [Replay] turns a logged sequence of rolls back into a
//     Script giving the same faces in the same order.
//
// # Caveats
//
// IMPORTANT: discarding a failed action does not rewind the source. Save the
// Seeded state in the same transaction as the battle state it belongs to,
// and restore both together, or a replay will drift.
//
// A Dice, a Seeded and a Script are not safe for concurrent use; one command
// uses one Dice.
//
// There is no randomness here but the d6: the rules (including scatter,
// which is 1D6) need nothing else, and no floating point is used so that
// results never depend on the platform.
package dice
