// Package ai plays a side of a tactical battle: Player chooses the side's
// next action and AutoResolve plays a whole battle with one Player per side.
//
// A Player cannot cheat. Everything it knows of the enemy comes from
// State.View(side) — counters it can see, classes it has sighted, values
// it has probed — and it takes only actions referee.ValidActions and
// referee.ValidSideActions offer for its own units and side. It never
// reads enemy units, mines or hidden infantry from the State.
//
// # Heuristics (Normal, and Hard underneath its own search)
//
// Attacks: every attack offered is scored by its expected damage on the
// Combat Results Table — the column is the attacker's value minus the
// target's D (its probed D when known, else an estimate by class, or by
// kind behind an information blind), with the experience, target terrain,
// intervening terrain (direct fire), night and disrupted-target shifts —
// weighted towards targets that are damaged, disrupted, already fired on
// this turn (concentration) or dangerous — by their menace: the steps
// their better attack is expected to deal a unit of the side's mean D —
// plus the chance the attack destroys the target times what a kill is
// worth. Same-hex attacks go
// first (they close once another hex is fired on); an infantry close
// assault is charged the two steps it costs. Ground units fire at an
// enemy air lance in or next to their hex (no terrain, −4 from next door,
// 000 lines 1154–1157), air lances fight air lances with their AA, and
// strafe or bomb a hex when the expected damage to the enemies there
// outweighs that to their own side's units. Indirect fire uses the
// observer ValidActions names. Lines of sight are traced as the referee
// traces them, light woods blocking at night (K15). The phase ends when
// no attack is worth a roll. Enemy DropShips are targets like any counter, with the values
// table's values until probed (they are never worth the kill bonus).
//
// Movement: each unit in turn scores every hex it may end in (and staying
// put): the damage it could deal from there to the enemies it knows
// (with the chance of a kill), less the damage they could deal to it
// there next turn (threat.go): every enemy whose guessed MP and range
// reach the hex (MP by class, raised to the most hexes the side has seen
// the counter cover between two of its turns), its RA, or its CA when it
// can come next to the unit, against the unit's D and the hex's terrain
// shift. The enemy closes in on one unit only, the nearest, so what its
// CA adds over its RA is shared with the side's other units as near to
// it; the chance of being destroyed there costs a step more. A step of
// the unit is worth what a step of an enemy is worth in its attacks
// (three quarters as much over a plain step: more once damaged, and by
// the unit's own menace against the enemy's mean D) set against the
// enemy's typical unit reckoned alike, and never less than a plain step:
// a lance stronger than the enemy's units keeps out of fire a platoon may
// walk into. A unit more than two hexes from the nearest of its side's
// other ground units loses a step's worth for each hex more: it fights
// beside them rather than ahead of them alone. A unit that can fire this
// turn counts that return fire at 0.6
// (it prefers cover and its own range); one that cannot counts it in
// full, so it waits outside the enemy's reach and the enemy that comes on
// is fired on first; as many times in full (at most four) while its side
// has two or more units on the map for each fighting enemy ground unit it
// sees: the many wait for the few to come to them. A unit whose aim is
// not the enemy (an exit, an objective, a DropShip to board) does not
// count it: it goes to its aim; but a small award (under 10 VP) for leaving by an edge past the enemy
// (not the side's retreat edge) is no aim until the edge is within the
// unit's MP in the last turns, and even then the unit counts the fire.
// Then a small bonus for terrain that hides its kind,
// the side's own minefields (mines attack friend and foe, 000 line
// 1042), closing on the nearest known enemy (or the enemy's retreat edge
// when none is in sight) by the MP of the way to a hex in its range of
// it (route.go: round lakes and cliffs, along roads; not into the enemy's
// own hex, which its terrain may bar) when nothing is in range — an
// enemy that scores by leaving by its own retreat edge is closed on at
// the hex of that edge straight ahead of it, cut off rather than chased
// — salvage to
// pick up and surrendered enemies to capture. A hex holding an enemy is entered only
// for an overrun that goes ahead — a lone enemy whose D the unit's RA
// tops by 6 (by 8 for an estimated D; 000 lines 697–701) — or to capture.
// A unit overburns only when it is free (an unspent Extra 'Mech chit
// pays; it ends in water if it started there, when it can) or when the extra MP buys something this
// turn worth the step: the reach to attack a known enemy one step from
// destruction, or an objective or an exit worth 10 VP or more that it
// could not reach in the turns left otherwise. Broken units rally;
// salvage is picked up. When nobody has attacked for three game turns
// the battle is stalled (in the last three turns before a turn limit,
// one turn without an attack is enough), and stays so until an attack
// takes a step (a miss does not end it): units close in harder, go out
// of their way for a salvage counter (worth a turn of closing in) and
// pick it up in the movement phase they reach it, and hidden infantry
// leaves its ambush. A side that sees no enemy ground unit, once it has
// fought or the battle is stalled, hunts for the hidden infantry that
// keeps the battle going (hunt.go): the hexes of the enemy's half, from
// the middle of the map on, that none of its units has entered yet are
// shared out among them, each to the unit that could search it first
// after the others it has (of those that may enter it), and each unit
// walks through its own by a path it names through the most of them
// (sweep.go); a unit that jumps searches only where it lands, so it
// jumps from one of its hexes to the nearest next while it has MP left,
// a move split in as many jumps (ruling M19). So an AI battle does not
// run to its turn limit with nothing happening. Nor does it for an
// enemy in sight far from the fight (chase.go): within ten turns of a
// turn limit, once the side's unit quickest to fire at such an enemy
// (by the MP of its way to a hex in its range) needs all but two of the
// turns left to get there, it sets out for it alone, whatever the fire
// on the way, and keeps on after it from turn to turn while it can still
// get there in time; units close on the nearest enemy, so one penned in
// a corner was otherwise closed on only once every other had fallen,
// too late. In a stalled battle a unit's route leads to a hex from which it can see the
// enemy it closes on, not only to one within its range behind a wood;
// a unit that fires indirectly (artillery, a Fire 'Mech lance) with no
// other unit of its side on the map to observe for it counts no
// indirect fire, so it too goes where it sees its enemy. A unit penned
// where no route leads to such a hex (a hover in a river through heavy
// woods) goes instead to a window of its pocket, a hex from which it
// could fire at ground an enemy can reach (window.go). When the side
// sees nothing coming of going on in a stalled battle — none of its
// units can fire at an enemy it knows of before the turn limit, or, in
// a battle nobody has fought in for three turns, none may fire now and
// none has come nearer doing so since its last turn — it offers a
// truce, or accepts one standing, unless it still has units to come,
// hunts, or plays a scenario (truce.go, ruling V18): two sides that
// cannot or will not reach each other end the battle as it stands.
// A side that has won the visible fight hunts on rather than leave by
// its retreat edge: leaving never scores better, since the side left
// alone in the field takes the salvage lying on the map (ruling V8)
// and, in a campaign, the sector (CB7), while a platoon found is worth
// its cost and the salvage with it. The turn limit is in the View
// (View.TurnLimit, AutoResolveLimit's when the battle's rules set none;
// ruling CB4),
// and the hunt does not stop for it: a platoon found in the last turn is
// worth as much as one found in the first.
//
// Hidden infantry also leaves its ambush (and is revealed, ruling M15)
// once its side retreats or has no other ground unit on the map. A side
// reduced to hidden infantry and ahead on points could sit out the turn
// limit unfound and win on them, as the rules allow; the AI does not:
// it comes out and fights, or retreats when its prospects are lost
// (prospects.go). Hiding to the turn limit is the stalemate the hunt is
// there to end, and a platoon found late would lose the points anyway.
//
// Air lances (air.go) fly to the hex whose strike — a strafe or a bomb
// run on it or next to it, an air attack within R — is worth the most
// against the fire they may draw there (ground units that may come next
// to them, at −4; enemy air lances in reach), or, in a stalled battle,
// whatever that fire, as the ground units close in. Striking nothing, it
// ends where its next straight flight reaches a hex from which it could
// strike its target wherever the target may have gone by then. An air
// lance leaves by flying up, never by the retreat edge: once no flight
// leaves it a strike worth that fire and its side is retreating or has
// no ground unit left to fight beside and no unit still to come (so it
// strikes on the way out); seeing no target, it sweeps toward the middle
// of the map, where an enemy that deployed out of sight most likely
// stands.
//
// Prospects and retreat (prospects.go): the side weighs its strength on
// the map and still to come (drops, DropShips in orbit) against the
// enemy's it can see — steps left, the better of RA and CA (close
// attacks count for less), experience, D and the cover of each unit's
// hex. The battle is lost when the enemy's tops its own three times, and
// more by the VP at stake against what its ground units are worth (the
// salvage on the map, the objective hexes, exits by another edge than
// its retreat edge; less when units left on the map are captured), by
// few turns left (never with two left) and by a long way home (a half
// more for each turn beyond the first its units need to reach the
// retreat edge, the enemy firing at their backs; a unit with no way
// there at all, penned in, is not saved by a retreat and not counted,
// and a side none of whose units has a way home does not retreat). A
// side none of whose units can attack (trucks alone) has lost a battle
// without scenario aims whatever the odds: staying can win it nothing;
// unless, as for any side, its units would reach the edge only after a
// turn limit: the retreat would save nobody. A lost battle is a retreat, when
// the rules allow it and the side has no DropShips to leave by: its
// units head for the retreat edge by the MP of the way there (round
// what their mode may not cross) and withdraw there; with DropShips it
// is an evacuation, and an empty ship lifts off. A side of air lances
// alone never declares a retreat: its lances leave one by one.
//
// Memory: AutoResolve tells each player what happened (Player.Observe,
// only the events its side may see). Every player notes the last turn an
// attack was made (the stall above) and the values each attack showed,
// rolled in the open (the attacker's RA or CA, the target's current D),
// in place of the estimates for enemies it has not probed; Hard also keeps the steps it has
// seen each attack deal, rolled in the open, and treats an enemy it has
// hit as damaged (closer to destruction, firing with a lower row).
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
//     the edge it withdraws. An award worth less than a step (under 10
//     VP) to a side stronger than the enemy it sees waits for the end:
//     the unit fights first;
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
//     load, on the last turn, with a load once the enemy is next to it,
//     or when no unit of the side can reach it in the turns left (with a
//     load, or empty in a lost battle). A side left with nothing but
//     empty landed DropShips, which cannot move, lifts them off once
//     the battle is stalled (idleShips).
//
// A unit in orbit without a declared drop picks its target in its first
// movement phase: a 'Mech where it may fire next and not next to the
// enemy it sees (they fire at it as it comes down, and a step lost then
// makes the landing harder), out of water; a DropShip on open level-0
// ground close to its side's units and out of close reach. Units aboard
// a landed DropShip come out unless the side is leaving. A DropShip
// fires in each arc ValidActions still offers.
//
// # Hard
//
// Hard is Normal with a look one ply ahead at the fire exchange, for the
// side as a whole (hard.go). A plan — which unit fires at which enemy
// this turn — is rolled through the Combat Results Table attack by
// attack: the chance of each cell, of the target failing its Disruption
// Roll (a Regular's, its experience unread), of each critical hit, and
// the +2 column a target disrupted by an earlier attack gives the next.
// Then every enemy neither destroyed nor disrupted fires back next turn,
// once, at the unit of the side it would hurt most, with the steps the
// plan left it. A plan is worth the steps and kills it deals (a step
// weighted with three times the target's menace Normal gives it)
// less that return fire (a step of the side's unit worth what Normal
// counts it in its danger), counted three times over in the
// attack phase and nine times in the movement phase (measured: a
// side that denies the enemy its fire beats one that deals the most);
// a side that moves first in the game turn with more than four units on
// the map counts it nine times four over their number (a dozen at
// most), since its units come up one after another into the enemy's
// reach and share the fire (hard_first.go). The enemy's reach is
// measured over the ground (reach.go): its guessed MP spent as its
// class moves through the terrain, then its range.
//
//   - Attack phase: each unit is given the attack that adds most to the
//     plan (the units with fewest choices first, then once more against
//     the others' choices), and the unit with the least to gain
//     elsewhere fires first, so that those with other targets turn on
//     one of them when the first target falls. Same-hex attacks still
//     go first.
//   - Movement phase: a ground unit's hexes are scored by what it adds to
//     the plan of the other units where they stand, less the return fire
//     it draws there beyond what the enemy would fire at them anyway,
//     and twice what Normal pays for standing apart from its mates; the
//     rest of the score (closing in, cover, mines, aims, retreat) is
//     Normal's, but that a side that moves first in the game turn with
//     a lance or more on the map gives ground in the first two game
//     turns: its units out of range of every enemy step back rather
//     than close in, and the enemy comes on to meet them
//     (hard_first.go).
//   - Size: a unit weighs the dozen enemies nearest it (by hexes, ties
//     by ID), and a moving unit the plan of the dozen of its side nearest
//     it, against the dozen enemies nearest it (ruling AIL2): a battle of
//     a hundred units a side costs a decision about what one of a dozen
//     does, and a battle of a dozen a side is weighed whole.
//
// It reads nothing Normal does not: the picture of the side's View and
// the events it was told (TestNoCheating plays it).
//
// # Easy
//
// Easy ignores danger, cover, concentration, kills and overburn, adds
// noise to every score and now and then takes a random move. It notices
// a stalled battle as Normal does (its hidden infantry leaves its
// ambush, its units close in by the route round what bars the way, as
// Normal's do, without noise or random moves once the battle has seen
// an attack, its idle DropShips lift off, it offers a truce as Normal
// does), and its air lance leaves
// once nothing is left for it to do: no AI battle runs to its turn
// limit for want of it.
//
// # Baselines
//
// Greedy and Random (baseline.go) are what the levels are measured
// against in the tournament (tournament_test.go, BENCHMARKS.md): Random
// takes any legal action; Greedy closes each unit on the nearest enemy
// and makes the offered attack with the best column, never retreating,
// overburning or close assaulting.
//
// # Determinism
//
// A Player draws from its own generator, seeded by New: the same seed and
// the same sequence of states give the same actions.
package ai
