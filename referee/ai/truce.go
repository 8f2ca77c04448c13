package ai

import (
	"slices"

	"bfbot/mapgen/hex"
	"bfbot/referee"
)

// A truce (ruling V18): a battle ends as it stands once every side still
// in it offers to end it. The AI offers — and so accepts an offer
// standing — only in a stalled battle (Player.stalled: no attack for
// stallTurns game turns, for one within stallTurns of a turn limit, and
// no step taken since),
// and only when it sees nothing coming of going on: its units can fire
// at no enemy it knows of before the turn limit, or, in a battle without
// an attack for stallTurns turns, none may fire now and none is nearer
// doing so than at its last turn. A side that searches for hidden units
// (hunt.go) plays on but in the last stallTurns turns before the limit,
// when a search would have to be over almost before it began (a side
// that had hunted from turn 16 through 220 hexes with two units); so
// does one that still has units to come or retreats, and one whose
// battle is a scenario's, where exits, objectives and salvage are what
// the battle is for (aims.go). Without it two sides that could not, or
// would not, reach each other stepped to and fro to the turn limit (the
// tournament's stalled games): one penned behind woods, one whose only
// way in led into the enemy's fire, a chase a turn or two short as the
// limit came.

// fireNeed is how soon the side could fire at an enemy it knows of: the
// least turns any of its units needs to reach a hex it may fire from
// (chaseField), and of those the least MP of way; turns −1 for never.
type fireNeed struct{ turns, way int }

// nearer reports whether n is sooner than before.
func (n fireNeed) nearer(before fireNeed) bool {
	switch {
	case n.turns < 0:
		return false
	case before.turns < 0 || n.turns < before.turns:
		return true
	}
	return n.turns == before.turns && n.way < before.way
}

// soonestFire measures the side's fireNeed. A ground unit (hidden
// infantry too, which leaves its ambush in a stalled battle) is measured
// over the ground (chaseField), the units soonest by hexes first, until
// the hexes alone put the next one past the soonest found: one penned
// near the enemy does not hide one farther off with a way there. An air
// lance strikes a hex next to the end of its flight, so it is measured
// by hexes; a landed DropShip, which never moves, may fire now at an
// enemy within its range. Broken units, which must rally first, and
// units that make no attacks do not count.
func (pic *picture) soonestFire() fireNeed {
	best := fireNeed{turns: -1}
	sooner := func(f fireNeed) {
		if f.nearer(best) {
			best = f
		}
	}
	var ground []unitTurns
	for _, e := range pic.enemies {
		if e.air || !e.fighting() {
			continue
		}
		ground = ground[:0]
		for _, u := range pic.own {
			if u.Status != "active" || u.Hex == nil || u.Detail == nil || u.Values == nil || noCombat(u.Class) {
				continue
			}
			d := hex.Distance(*u.Hex, e.at)
			switch u.Kind {
			case referee.KindAir.String():
				turns := chaseTurns(max(d-1, 0), u)
				if u.Disrupted {
					turns = max(turns, 1) // it makes no attack this turn
				}
				sooner(fireNeed{turns, d})
			case referee.KindDropShip.String():
				if d <= u.Values.Range {
					sooner(fireNeed{0, 0})
				}
			default:
				ground = append(ground, unitTurns{u, chaseTurns(max(d-max(u.Values.Range, 1), 0), u)})
			}
		}
		slices.SortStableFunc(ground, func(a, b unitTurns) int { return a.turns - b.turns })
		for _, n := range ground {
			if best.turns >= 0 && n.turns > best.turns {
				break // by hexes alone it is later than the soonest found
			}
			if way := pic.chaseField(n.u, e)[n.u.Hex.Y*pic.v.Map.Width+n.u.Hex.X]; way >= 0 {
				sooner(fireNeed{chaseTurns(way, n.u), way})
			}
		}
	}
	return best
}

// truce offers a truce, or accepts the enemy's, when the side wants one
// (wantsTruce); it looks once a player turn, as the side's movement
// begins.
func (p *Player) truce(g *game) (referee.Action, bool) {
	if p.noTruce || p.truceLooked == g.v.Turn {
		return referee.Action{}, false
	}
	p.truceLooked = g.v.Turn
	for _, a := range g.side {
		if a.Kind == referee.ActTruce && p.wantsTruce(g.pic) {
			return a, true
		}
	}
	return referee.Action{}, false
}

// wantsTruce reports whether the side sees nothing coming of going on
// (the file's comment). It keeps the side's fireNeed for its next turn.
func (p *Player) wantsTruce(pic *picture) bool {
	searching := len(pic.hunt) > 0 && (pic.turnsLeft() == 0 || pic.turnsLeft() > stallTurns)
	if !pic.stalled || pic.v.Scenario != nil || searching {
		return false
	}
	if me := pic.v.Side(pic.side); me == nil || me.Retreating {
		return false // on its way off the map
	}
	for _, u := range pic.own {
		if u.Status == "reserve" {
			return false
		}
	}
	now := pic.soonestFire()
	before, had := p.fireNeed, p.fireNeedTurn == pic.v.Turn-1
	p.fireNeed, p.fireNeedTurn = now, pic.v.Turn
	if left := pic.turnsLeft(); now.turns < 0 || left > 0 && now.turns > left {
		return true
	}
	// Coming no nearer counts only in a battle nobody has fought in for
	// stallTurns turns (a stall lasts through attacks that miss, and two
	// sides that traded shots in the turn before agreed to stop in the
	// middle of a battle), and not for a side with a unit that may fire
	// now: whether it fires is its attack phase's to say.
	return had && now.turns > 0 && pic.v.Turn-p.lastFight >= stallTurns && !now.nearer(before)
}
