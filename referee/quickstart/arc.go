package quickstart

import (
	"bfbot/mapgen/hex"
)

// Side is one side of the straight line from an attacker's hex to its
// target's, as seen from the attacker with north up. Where the line runs
// exactly along hexsides the target's player picks a side, and with it
// which hexes lie along the line of sight, for all attacks between the
// two Units that turn (002 line 197).
type Side uint8

// The two sides.
const (
	Left Side = iota
	Right
)

func (s Side) String() string {
	if s == Right {
		return "right"
	}
	return "left"
}

// cubeDot is the dot product of two cube vectors; on the hex plane it is a
// positive multiple of the Euclidean one, so its sign says on which side
// of a line through the origin a hex lies.
func cubeDot(a, b hex.Cube) int { return a.Q*b.Q + a.R*b.R + a.S*b.S }

// sideOf is the side of the line along v (a cube vector) that the hex at
// offset w lies on, and false for a hex on the line. In the plane, with
// x = 3/2·q and y = √3·(r + q/2) (y down, as the map is printed), the cross
// product of v and w is a positive multiple of v.Q·w.R − v.R·w.Q; it is
// positive when w lies to the right.
func sideOf(v, w hex.Cube) (Side, bool) {
	switch c := v.Q*w.R - v.R*w.Q; {
	case c > 0:
		return Right, true
	case c < 0:
		return Left, true
	}
	return 0, false
}

// Arc is where a hex lies from a Unit's firing arc.
type Arc uint8

// Whether a target is in the firing arc.
const (
	OutOfArc Arc = iota
	InArc
	// ArcBoundary: the line of fire runs along the hexsides that bound the
	// arc; the target's side of the line decides (InFiringArc).
	ArcBoundary
)

// FiringArcOf says whether target lies in the firing arc of a Unit in
// from facing hexside facing. Ruling QS1: the arc is the half of the map
// in front of the Unit, its three front hexsides (the Firing Arc Diagram,
// 002 line 211, is not in the text copy; the hex-A example, 002 line 271,
// has the arc's edge run along hexsides, which only the half-plane and a
// one-hexside wedge do).
func FiringArcOf(from hex.Hex, facing hex.Direction, target hex.Hex) Arc {
	switch d := cubeDot(target.Cube().Sub(from.Cube()), facing.Cube()); {
	case d > 0:
		return InArc
	case d < 0:
		return OutOfArc
	}
	if from == target {
		return InArc
	}
	return ArcBoundary
}

// InFiringArc says whether the attack may be made, the target's player
// having picked side where the line of fire runs along hexsides (002
// lines 197, 213–215, example 271).
func InFiringArc(from hex.Hex, facing hex.Direction, target hex.Hex, side Side) bool {
	switch FiringArcOf(from, facing, target) {
	case InArc:
		return true
	case OutOfArc:
		return false
	}
	// On the boundary the line runs across the facing's perpendicular: the
	// hexes on one side of it are in front, on the other behind.
	v := target.Cube().Sub(from.Cube())
	front, _ := sideOf(v, facing.Cube())
	return side == front
}

// Direction is the side of a target an attack strikes (002 lines 257–269).
type Direction uint8

// Front or rear.
const (
	Front Direction = iota
	Rear
)

func (d Direction) String() string {
	if d == Rear {
		return "rear"
	}
	return "front"
}

// AttackDirection is the side of the target, in hex target facing facing,
// that an attack from attacker strikes: the rear only when the straightedge
// from attacker's centre to target's crosses the one rear hexside (002
// lines 259–269). Ruling QS2: where it crosses at a corner of the rear
// hexside the target chooses, and it chooses the front, the rear's only
// difference being 1 more damage (002 line 287).
func AttackDirection(attacker, target hex.Hex, facing hex.Direction) Direction {
	v := attacker.Cube().Sub(target.Cube())
	r := facing.Opposite().Cube()
	// The straightedge enters through the rear hexside when the angle
	// between v and the rear direction is under 30°: cos > √3/2, that is
	// 4·(v·r)² > 3·|v|²·|r|² with |r|² = 2 in cube units.
	vr := cubeDot(v, r)
	if vr > 0 && 2*vr*vr > 3*cubeDot(v, v) {
		return Rear
	}
	return Front
}
