package ai

import (
	"math"

	"bfbot/mapgen/hex"
	"bfbot/referee"
)

// The battle's prospects, as the side weighs them for a retreat (000
// line 2175), an evacuation by DropShip and a lift-off: its strength
// against the enemy's it can see, what it gives up by leaving the field
// and the turns left to lose it in.

// retreatOdds is how many times the side's strength the enemy's must be
// before the side gives up a battle in which nothing is at stake but its
// units, with many turns left.
const retreatOdds = 3

// lost reports that the battle is clearly lost: the enemy's strength it
// can see (prospects) tops its own by retreatOdds, times what leaving
// costs besides its units (stakeOdds), times the turns-left factor (a
// battle with few turns left costs fewer units to sit out) and times the
// way home (homeOdds: a retreat saves only the units that reach the
// edge, and the enemy fires at their backs all the way). A side
// with no ground unit on the map or to come has nothing to lose by
// staying: its air lances leave one by one when they have nothing left
// to do (000 line 1099; airBreaksOff), and in a campaign battle air
// lances alone end it at once (ruling AIR13). With two turns left or
// fewer it fights on.
func (pic *picture) lost() bool {
	if !pic.groundSide() {
		return false
	}
	mine, theirs := pic.prospects()
	if theirs == 0 {
		return false
	}
	odds := retreatOdds * pic.stakeOdds()
	left := noLimit
	if pic.v.TurnLimit > 0 {
		left = pic.v.TurnLimit - pic.v.Turn + 1
		if left <= 2 {
			return false
		}
		odds *= 1 + 2/float64(left-2)
	}
	if pic.v.Scenario == nil && !pic.armed() {
		// Nothing of the side can ever attack (trucks, 000 line 847):
		// in a battle without scenario aims staying can win it
		// nothing and only lose the units, unless the retreat too
		// saves nobody: a truck 27 hexes from its edge with seven
		// turns left fled from an enemy as fast as itself, a retreat
		// begun to the turn limit with nothing happening.
		_, last := pic.homeTurns()
		return last <= left
	}
	// The way home only raises the odds: it is measured only when the
	// rest would have the side retreat.
	if theirs <= odds*mine {
		return false
	}
	home, last := pic.homeTurns()
	return last <= left && theirs > odds*homeOdds(home)*mine
}

// armed reports that some unit of the side on the map or still to come
// (toCome) can attack: one that is not a truck, with an attack value.
func (pic *picture) armed() bool {
	for _, u := range pic.own {
		if u.Detail == nil || noCombat(u.Class) || !(u.Status == "active" && u.Hex != nil || pic.toCome(u)) {
			continue
		}
		if u.Kind == referee.KindInfantry.String() {
			return true // it close-assaults whatever its values (000 line 1013)
		}
		step := 0
		if u.Values != nil {
			step = u.Values.Step
		}
		// Overburning, it fires a row up (000 line 1021).
		for _, row := range u.Detail.Rows[max(min(step, 3)-1, 0) : min(step, 3)+1] {
			if row.RA > 0 || row.CA > 0 {
				return true
			}
		}
	}
	return false
}

// homeOdds is the way home as a factor on the odds the side retreats
// at: 1 when its ground units on the map reach the retreat edge in a
// turn (homeTurns), a half more for each turn more they need. Measured
// in the tournament (BENCHMARKS.md): four lances that broke off 25 hexes
// from their edge were shot down on the way by the enemy they turned
// their backs on, and fighting on won more.
func homeOdds(turns float64) float64 { return 1 + 0.5*max(turns-1, 0) }

// homeTurns measures the way home of the side's ground units on the
// map, by the MP of the way their mode may take (home): mean, the mean
// of the game turns they need to reach its retreat edge at their MP
// (what homeOdds was measured with), and last, the most game turns,
// this one counted, any of them needs to leave by it (turnsToLeave).
// Both 0 without such units, or with a DropShip on the map, which they
// leave by (an evacuation), not by the edge. A unit with no way home at
// all (penned in by woods and water its mode may not cross) is not
// saved by a retreat and is left out; when none has a way home, no
// retreat saves anybody: +Inf and math.MaxInt. Counted by its hexes
// from the edge, a tracked sniper penned in a pocket of light woods
// broke off alone against three units, stood in the pocket's hex
// nearest the edge, and the battle ran to its turn limit with nothing
// happening. With a turn limit, a retreat that would bring some of them
// out only after it is not begun (lost): sides of No 'Mech played to 30
// turns broke off in turn 24–27, their units' mean turns home in time,
// and were still walking to their edge when the battle ended, the last
// of them on it with no MP left to leave by.
func (pic *picture) homeTurns() (mean float64, last int) {
	me := pic.v.Side(pic.side)
	if me == nil || me.RetreatEdge == "" {
		return 0, 0
	}
	n, penned, turns := 0, 0, 0
	for _, u := range pic.own {
		if u.Kind == referee.KindDropShip.String() && u.Status == "active" && u.Hex != nil {
			return 0, 0
		}
		// Hidden infantry too: it leaves its ambush to retreat, and
		// left out, a side whose last unit was a hidden platoon ten
		// hexes from its edge had no way home to weigh, broke off with
		// five turns left and was still walking at the limit
		// (Normal–Easy secrets 173).
		if !groundUnit(u) {
			continue
		}
		mp := max(u.Detail.MP, 1)
		way := pic.homeOf(u, me.RetreatEdge)[u.Hex.Y*pic.v.Map.Width+u.Hex.X]
		if way < 0 {
			penned++
			continue
		}
		turns += (way + mp - 1) / mp
		last = max(last, turnsToLeave(way, u.Detail.MPLeft, mp))
		n++
	}
	if n == 0 {
		if penned > 0 {
			return math.Inf(1), math.MaxInt
		}
		return 0, 0
	}
	return float64(turns) / float64(n), last
}

// turnsToLeave is the game turns, this one counted, a unit way MP from
// its retreat edge needs to stand on it with a MP left to leave by:
// mpLeft this turn, mp (at least 1) each turn after.
func turnsToLeave(way, mpLeft, mp int) int {
	need := way + 1
	if need <= mpLeft {
		return 1
	}
	mp = max(mp, 1)
	return 1 + (need-mpLeft+mp-1)/mp
}

// groundSide reports that the side has a ground unit or a DropShip on
// the map, or one still to come (toCome).
func (pic *picture) groundSide() bool {
	for _, u := range pic.own {
		if u.Kind == referee.KindAir.String() || u.Detail == nil {
			continue
		}
		if u.Status == "active" && u.Hex != nil || pic.toCome(u) {
			return true
		}
	}
	return false
}

// toCome reports an own unit not yet on the map that will come: a drop
// or a DropShip in orbit (the units aboard a ship come with it, and
// count in its strength). Reinforcements waiting off the map are only a
// number in the View (View.ToCome), without their values: they keep an
// air lance in the battle (airBreaksOff) but add nothing to the strength.
func (pic *picture) toCome(u *referee.ViewUnit) bool {
	return u.Status == "reserve" && u.Hex == nil && u.Detail != nil && u.Detail.Aboard == ""
}

// stakeOdds is what leaving the field costs the side besides its units,
// as a factor on the odds it retreats at: 1 plus the VP it gives up
// (stake) over the VP its ground units on the map would give the enemy
// destroyed; at least a half (a side whose units are captured when the
// battle ends on the map leaves sooner).
func (pic *picture) stakeOdds() float64 {
	worth := 0
	for _, u := range pic.own {
		if groundMover(u) {
			worth += unitWorth(u)
		}
	}
	return max(0.5, 1+float64(pic.stake(worth))/float64(max(worth, 1)))
}

// stake is the VP the side gives up by leaving the field now, its
// ground units on the map being worth worth: the salvage lying on the
// map, which the side left holding the field scores (000 line 2647;
// V8); every objective hex, its own to hold and the enemy's to contest
// (SC9); the exit awards its units would score by an edge other than its
// retreat edge (SC4); less the worth of its units when those left on the
// map at the end are captured (SC11), since leaving saves them.
func (pic *picture) stake(worth int) int {
	sc := pic.v.Scenario
	salvage := referee.SalvageVP
	if sc != nil {
		salvage = sc.SalvageVP
		if sc.SalvageExitedOnly {
			salvage = 0 // it scores only carried off, which a retreat does too
		}
	}
	n := 0
	for _, c := range pic.v.Salvage {
		n += c.Count * salvage
	}
	if sc == nil {
		return n
	}
	for _, o := range sc.Objectives {
		n += o.VP
	}
	edge := ""
	if me := pic.v.Side(pic.side); me != nil {
		edge = me.RetreatEdge
	}
	for _, u := range pic.own {
		if !groundMover(u) {
			continue
		}
		best := 0
		for _, e := range sc.Exits {
			if e.Side == pic.side && !e.Space && e.Edge != "" && e.Edge != edge {
				best = max(best, exitWorth(e, u))
			}
		}
		n += best
	}
	if sc.Stranded == pic.side {
		n -= worth
	}
	return n
}

// unitWorth is the VP own unit u gives the enemy destroyed: its cost,
// the better of its first and overburn RA plus its experience (000 line
// 2134; V8).
func unitWorth(u *referee.ViewUnit) int {
	c := max(u.Detail.Rows[0].RA, u.Detail.OverburnRA)
	if e, ok := experience(u); ok {
		c += referee.ExperienceCost(e)
	}
	return max(c, 1)
}

// prospects weighs the battle as the side sees it: the strength of its
// own units on the map and still to come (toCome) against that of the enemy
// units it can see, each counting its steps left, its better attack
// value (close attacks count for less: the enemy must come to it), its
// experience (a column shift is worth about two points of attack), its D
// and the cover of its hex.
func (pic *picture) prospects() (mine, theirs float64) {
	// Worked out once a picture: the aims and the retreat both ask, and
	// the picture is finished (its enemies estimated, moved, revealed
	// and remembered) before either does.
	if pic.odds != nil {
		return pic.odds[0], pic.odds[1]
	}
	defer func() { pic.odds = &[2]float64{mine, theirs} }()
	strength := func(stepsLeft, ra, ca, exp, d int, at *hex.Hex) float64 {
		attack := max(float64(ra), 0.7*float64(ca)) + 2*float64(exp)
		cover := 1.0
		if at != nil {
			cover -= 0.05 * float64(pic.cell(*at).Terrain.Info().Shift)
		}
		return float64(max(stepsLeft, 0)) * max(attack, 1) * (0.5 + float64(d)/16) * cover
	}
	for _, u := range pic.own {
		if u.Values == nil || u.Detail == nil || !(u.Status == "active" && u.Hex != nil || pic.toCome(u)) {
			continue
		}
		n := 4 - u.Values.Step
		switch u.Kind {
		case referee.KindDropShip.String():
			n = (8 - u.Values.Step) / 2 // eight steps count as four of a lance's
		case referee.KindAir.String():
			n = 2 * (2 - u.Values.Step)
		}
		cur := u.Detail.Current
		mine += strength(n, cur.RA, cur.CA, experienceShift(u), cur.D, u.Hex)
	}
	for _, l := range [][]*enemy{pic.enemies, pic.air} {
		for _, e := range l {
			if !e.fighting() {
				continue
			}
			n := e.steps() - e.step
			switch {
			case e.ship:
				n /= 2
			case e.air:
				n *= 2
			}
			theirs += strength(n, e.ra, e.ca, 0, e.d, &e.at)
		}
	}
	return mine, theirs
}
