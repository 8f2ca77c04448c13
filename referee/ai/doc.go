// Package ai plays a side of a tactical battle: Player chooses the side's
// next action and AutoResolve plays a whole battle with one Player per side.
//
// A Player cannot cheat. Everything it knows of the enemy comes from
// State.View(side) — counters it can see, classes it has sighted, values
// it has probed — and it takes only actions referee.ValidActions and
// referee.ValidSideActions offer for its own units and side. It never
// reads enemy units, mines or hidden infantry from the State.
//
// # Heuristics (Normal)
//
// Attacks: every attack offered is scored by its expected damage on the
// Combat Results Table — the column is the attacker's value minus the
// target's D (its probed D when known, else an estimate by class, or by
// kind behind an information blind), with the experience, target terrain,
// intervening terrain (direct fire), night and disrupted-target shifts —
// weighted towards targets that are damaged, disrupted, already fired on
// this turn (concentration) or dangerous. Same-hex attacks go first (they
// close once another hex is fired on); an infantry close assault is
// charged the two steps it costs. Indirect fire uses the observer
// ValidActions names. The phase ends when no attack is worth a roll.
// Enemy DropShips are targets like any counter, with the values table's
// values until probed (they are never worth the kill bonus).
//
// Movement: each unit in turn scores every hex it may end in (and staying
// put): the damage it could deal from there to the enemies it knows, less
// half the damage they could deal to it there (their estimated range and
// RA against its D and the hex's terrain shift: this keeps a longer-ranged
// unit at its own range and prefers woods and buildings), a small bonus
// for terrain that hides its kind, closing on the nearest known enemy (or
// the enemy's retreat edge when none is in sight) when nothing is in
// range, salvage to pick up and surrendered enemies to capture. A unit
// overburns when it stands in water (then prefers to end in water, where
// overburn costs no step), when its unspent Extra 'Mech chit makes it
// free, or when the nearest enemy is just beyond its normal reach.
// Broken units rally; salvage is picked up.
//
// Retreat: when its strength on the map (steps left × attack value) falls
// under a third of the enemy's that it can see, and the rules allow it,
// the side declares a retreat, its units head for the retreat edge and
// withdraw there.
//
// Ground units move before air units (000 lines 578–580; ruling AIR3).
//
// # Scenario aims, drops and DropShips
//
// What the scenario rewards besides combat is read from the View's
// public rules (View.Scenario, View.TurnLimit) and added to the move
// score (aims.go):
//
//   - a unit that scores by leaving the map by an edge (an exit award)
//     is pulled towards it, harder for more VP, for a unit that cannot
//     fight, and once the turns left are just enough to get there; on
//     the edge it withdraws;
//   - objective hexes: the nearest free unit is sent to each, the side's
//     own to hold and the enemy's to contest; the pull is slight until
//     the turn limit is close enough that the unit needs the turns left;
//   - salvage is worth picking up by what the scenario makes a counter
//     worth; when it counts only once carried off, a carrier takes it to
//     the nearest edge while scavenging, else to its scoring exit or
//     retreat edge, and leaves;
//   - a side paid for leaving by DropShip (a space award), one whose
//     units left on the map are captured, or one that is losing with
//     DropShips on the map evacuates: its units board the nearest ship
//     with room, and a ship lifts off when full, badly damaged with a
//     load, on the last turn, or when no unit of the side is within two
//     turns' move of it (with a load, or empty in a lost battle).
//
// A unit in orbit without a declared drop picks its target in its first
// movement phase: a 'Mech where it may fire next and not next to the
// enemy it sees (they fire at it as it comes down, and a step lost then
// makes the landing harder), out of water; a DropShip on open level-0
// ground close to its side's units and out of close reach. Units aboard
// a landed DropShip come out unless the side is leaving. A DropShip
// fires in each arc ValidActions still offers.
//
// # Easy
//
// Easy ignores danger, cover, concentration and overburn, adds noise to
// every score and now and then takes a random move.
//
// # Determinism
//
// A Player draws from its own generator, seeded by New: the same seed and
// the same sequence of states give the same actions.
package ai
