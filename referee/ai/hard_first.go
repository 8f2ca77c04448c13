package ai

import "bfbot/referee"

// hardFirstShare is how many of the side's units take the return fire
// of its movement phase in full when the side moves first in the game
// turn (moveReturn).
const hardFirstShare = 4.0

// moveReturn is what a step of return fire costs in Hard's movement
// phase against a step dealt this turn: hardMoveReturn, but for a side
// that moves first in the game turn (movesFirst) with more than
// hardFirstShare units on the map (groundUnits), hardMoveReturn times
// hardFirstShare over their number, counted up to hardNear: a mover's
// exchange weighs no more of its side (ruling AIL2), so a larger side
// weighs it as one of a dozen.
//
// Moving first, the side comes into the enemy's reach before the enemy
// comes into its own. The first unit to step in draws the return fire
// of every enemy that can reach it, its mates still standing behind,
// and a large side weighed at hardMoveReturn held back at the edge of
// the enemy's reach while the enemy, moving second, chose the fight:
// Hard won 57% of the decided mirror games from the first seat against
// Normal, 64% from the second, and 56% of the ten-a-side battles from
// the first seat. The more units come up behind the first, the more the
// return fire is shared. Measured in the tournament (BENCHMARKS.md,
// "Hard from the first seat"): 4, 3 or 2 in place of 9 in the large
// battles won 62–64% from the first seat, but 2 lost five points in the
// battles of three a side; moving second, 6 in place of 9 won nothing.
func (pic *picture) moveReturn() float64 {
	if !pic.movesFirst() {
		return hardMoveReturn
	}
	return hardMoveReturn * min(1, hardFirstShare/float64(min(pic.groundUnits(), hardNear)))
}

// Hard, moving first, gives ground in the first hardGiveGroundTurns game
// turns with at least hardGiveGroundUnits units on the map (a lance,
// groundUnits): its units out of range of every enemy step back at
// hardGiveGround times the pull that would have closed them in
// (givesGround, moveScorer.score).
const (
	hardGiveGroundTurns = 2
	hardGiveGroundUnits = 4
	hardGiveGround      = 0.5
)

// givesGround reports that Hard's units out of range of every enemy step
// back from the enemy in this movement phase rather than close in.
//
// In a battle both sides begin out of reach, and the side that moves
// first comes on first: the enemy, moving second, chose where to meet it
// and fired first (in the mirror battles of ten a side against Normal,
// in an earlier game turn in 108 of 200 games, Hard in 6), and Hard won
// 57.7% of the decided mirror games from the first seat, 64% from the
// second. Given ground for two turns, the enemy comes on across it and
// meets the side's units a turn or two later, and the side wins more of
// the fights that follow: 66% from the first seat. Measured in the
// tournament (BENCHMARKS.md, "Hard from the first seat gives ground"):
// one turn given won less than two, three less than two; a step back
// worth a hex closed in (1 in place of 0.5) about as much as half; with
// three units a side it lost five points.
func (pic *picture) givesGround() bool {
	return pic.v.Turn <= hardGiveGroundTurns && pic.movesFirst() && pic.groundUnits() >= hardGiveGroundUnits
}

// movesFirst reports that the side moves first in the game turn: first
// in the turn order (View.Sides).
func (pic *picture) movesFirst() bool {
	return len(pic.v.Sides) > 0 && pic.v.Sides[0].ID == pic.side
}

// groundUnits is how many of the side's units are on the map, air lances
// aside; a landed DropShip counts, as it too stands to take the enemy's
// fire.
func (pic *picture) groundUnits() int {
	n := 0
	for _, u := range pic.own {
		if u.Status == "active" && u.Hex != nil && u.Kind != referee.KindAir.String() {
			n++
		}
	}
	return n
}
