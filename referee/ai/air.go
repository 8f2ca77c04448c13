package ai

import (
	"bfbot/mapgen"
	"bfbot/mapgen/hex"
	"bfbot/referee"
)

// Air lances (rulings AIR1–AIR13): an air lance flies one straight line
// a turn after the ground units have moved and then makes one attack —
// a strafe or a bomb run on its own hex or one next to it, or an air
// attack on an enemy air lance within R (000 lines 1095–1150). Only
// ground units in or next to its hex fire back, at −4 from next door
// (000 lines 1154–1157), and enemy air lances within their R. So it flies
// to the hex whose strike is worth the most against that fire, and it
// leaves by flying up (000 line 1099) only once no strike is worth the
// risk and it has nothing to stay for: its side is retreating, or has no
// ground unit left to fight beside and no unit still to come. Striking
// nothing this turn, it lines up on a target for the next (airLineUp).
// Seeing no target, it sweeps toward the middle of the map.

// airRiskWeight is what a step of expected damage to an air lance costs
// its flight against a step dealt: an air lance has two steps, so each is
// half of it.
const airRiskWeight = 1.5

// airPull is what a hex of distance to the nearest target costs a flight
// that strikes nothing this turn: it closes in for the next.
const airPull = 0.05

// airLinePull is what a flight that strikes nothing this turn gives up
// by ending where no straight flight next turn reaches a hex it could
// strike its target from, wherever the target goes (airLineUp): a turn's
// flight more before it strikes, worth more than the hexes it is nearer
// by (at half this, Hard won 53% of its decided air battles against
// Normal from the second seat; at this, 62%).
const airLinePull = 1.0

// airMove is the flight of own air lance u (it must fly, AIR4): the move
// whose strike is worth the most against the fire it draws there, a
// little noise breaking ties. Where its strike is worth nothing against
// the fire it draws (none at all, or not worth the risk), it ends where
// its next flight lines up on a target, and nearer the nearest; the
// flight it lines up is as long as this turn's longest. Pulled by the
// hexes alone, a lance ended its flights off its target's lines turn
// after turn: in Normal–Normal air 141, its side's ground units penned
// in behind rough ground, it never struck the enemy's last unit, a
// wheeled lance at 2 MP, in the three turns left.
func (p *Player) airMove(pic *picture, u *referee.ViewUnit, moves []referee.Action) referee.Action {
	mp := 0
	for _, a := range moves {
		mp = max(mp, hex.Distance(*u.Hex, a.To))
	}
	var targets []airTarget
	listed := false
	return p.bestBy(moves, func(a referee.Action) float64 {
		strike := pic.airStrike(u, a.To, p.Level)
		v := strike - airPull*float64(pic.airTargetDistance(a.To))
		if strike <= 0 {
			if !listed {
				targets, listed = pic.airTargets(), true
			}
			v -= airLinePull * (1 - airLineUp(targets, a.To, mp, pic.v.Map))
		}
		return v
	})
}

// airTarget is an enemy unit on the ground an air lance lines up on: the
// hexes it may stand in by next turn (those on the map within its MP; a
// DropShip's own), and the weight of each, each distance from where it
// stands alike, so a hex nearer weighs more.
type airTarget struct {
	at     hex.Cube
	reach  int
	hexes  []hex.Cube
	weight []float64
	all    float64
}

// airTargets are the fighting enemy units on the ground the side sees
// (picture.enemies), as air lances line up on them (airLineUp).
func (pic *picture) airTargets() []airTarget {
	var out []airTarget
	for _, e := range pic.enemies {
		if !e.fighting() {
			continue
		}
		move := e.mp
		if e.ship {
			move = 0
		}
		t := airTarget{at: e.at.Cube(), reach: move}
		for _, h := range hex.Within(e.at, move) {
			if !pic.v.Map.Contains(h) {
				continue
			}
			w := 1 / float64(max(1, 6*hex.Distance(h, e.at)))
			t.hexes, t.weight, t.all = append(t.hexes, h.Cube()), append(t.weight, w), t.all+w
		}
		out = append(out, t)
	}
	return out
}

// airLineUp is how well an air lance of mp MP in h is lined up for its
// next flight, a straight line of 2 hexes or more (AIR4), on targets
// (airTargets): the most, over them, of the weighed share of the hexes
// a target may stand in by then whose own hex, or one next to it, lies
// on one of the six lines from h within mp. With no target in sight
// every hex is alike (1). An enemy air lance is not lined up on: one
// within its R of nearly every hex of the lines, it drew the lance away
// from the ground it could strike. Lined up on the hex a 2-MP wheeled
// lance stood in, the lance of air 141 found it two hexes on; counting
// every hex within its MP alike, on the far side of it.
func airLineUp(targets []airTarget, h hex.Hex, mp int, m *mapgen.Map) float64 {
	if len(targets) == 0 {
		return 1
	}
	hc := h.Cube()
	best := 0.0
	for _, t := range targets {
		if t.at.Sub(hc).Len() > mp+1+t.reach || t.all == 0 {
			continue
		}
		in := 0.0
		for i, c := range t.hexes {
			if airCovers(hc, c, mp, m) {
				in += t.weight[i]
			}
		}
		best = max(best, in/t.all)
	}
	return best
}

// airCovers reports that a straight flight from h of 2 to mp hexes ends
// in t or next to it, on map m: a strafe or bomb run on t. A hex next to
// t lies on a line from h only if t is within one hex of that line, one
// of the differences of their cube coordinates at most 1: most hexes are
// passed over at that.
func airCovers(h, t hex.Cube, mp int, m *mapgen.Map) bool {
	d := t.Sub(h)
	if d.Q*d.Q > 1 && d.R*d.R > 1 && d.S*d.S > 1 || d.Len() > mp+1 {
		return false
	}
	for i := -1; i < len(hex.Directions); i++ {
		s := t
		if i >= 0 {
			s = t.Add(hex.Directions[i].Cube())
		}
		ds := s.Sub(h)
		if n := ds.Len(); (ds.Q == 0 || ds.R == 0 || ds.S == 0) && n >= referee.AirMinMove && n <= mp && m.Contains(s.Hex()) {
			return true
		}
	}
	return false
}

// airBreaksOff reports that own air lance u should fly up out of the
// battle now: no move leaves it a strike worth the fire it draws (a
// disrupted lance may not attack this turn, AIR12), and it has nothing to
// stay for — its side is retreating, or has no ground unit on the map, no
// drop or DropShip to come and no reinforcement still off the map
// (View.ToCome), so nothing is left for it to cover (and air lances alone
// end a campaign battle in the end phase anyway, ruling AIR13).
func (pic *picture) airBreaksOff(u *referee.ViewUnit, moves []referee.Action, level Level) bool {
	me := pic.v.Side(pic.side)
	if me != nil && !me.Retreating && (pic.groundSide() || pic.v.ToCome > 0) {
		// Ground units to cover, or units still to come: the battle goes
		// on (AIR13), so the lance stays to find a strike.
		return false
	}
	if u.Disrupted {
		return true
	}
	for _, a := range moves {
		if pic.airStrike(u, a.To, level) > 0 {
			return false
		}
	}
	return true
}

// airStrike is the worth of own air lance u ending its flight in h: the
// best attack it may make from there (a strafe or a bomb run on h or a
// hex next to it, hexAttackScore; an air attack on an enemy air lance
// within its R) less the fire it may draw there next turn (airThreat).
// A disrupted lance makes no attack this turn. In a stalled battle the
// fire is not weighed: the lance comes in whatever the danger, as the
// ground units close in (moveScorer.score). Weighing it, two air lances
// each kept out of the other's reach and of the infantry beside its
// target to the turn limit, their sides otherwise unable to fight.
func (pic *picture) airStrike(u *referee.ViewUnit, h hex.Hex, level Level) float64 {
	best := 0.0
	if !u.Disrupted && u.Detail != nil {
		kinds := []referee.ActionKind{referee.ActStrafe}
		if u.Values != nil && u.Values.Chits.Bomb > 0 {
			kinds = append(kinds, referee.ActBomb)
		}
		nbs := h.Neighbors()
		for _, t := range append([]hex.Hex{h}, nbs[:]...) {
			for _, k := range kinds {
				best = max(best, pic.hexAttackScore(u, referee.Action{Kind: k, Unit: u.ID, To: t}, level))
			}
		}
		if u.Values != nil {
			for _, e := range pic.air {
				if e.fighting() && hex.Distance(h, e.at) <= u.Values.Range {
					col := referee.Column(u.Detail.Current.RA, e.d, experienceShift(u))
					best = max(best, pic.ev(col)*e.weight())
				}
			}
		}
	}
	d := 0
	if u.Detail != nil {
		d = u.Detail.Current.D
	}
	if pic.stalled {
		return best
	}
	return best - airRiskWeight*pic.airThreat(h, d)
}

// airThreat is the expected damage the enemies the side sees may deal
// next turn to an air lance of D d in h: every ground unit that may come
// next to it (its MP and one hex; a DropShip only from next door), at −4
// with the better of its RA and CA, and every enemy air lance whose
// flight and R reach it, with its AA.
func (pic *picture) airThreat(h hex.Hex, d int) float64 {
	sum := 0.0
	for _, e := range pic.enemies {
		if !e.fighting() || e.disrupted {
			continue
		}
		reach := e.mp + 1
		if e.ship {
			reach = 1
		}
		if hex.Distance(h, e.at) <= reach {
			sum += pic.ev(referee.Column(max(e.ra, e.ca), d, referee.AirAdjacentShift))
		}
	}
	for _, e := range pic.air {
		if e.fighting() && !e.disrupted && hex.Distance(h, e.at) <= e.mp+e.rng {
			sum += pic.ev(referee.Column(e.ra, d))
		}
	}
	return sum
}

// airTargetDistance is how far h is from the nearest enemy the side sees
// that an air lance may attack: a ground unit (not surrendered) or an
// air lance. When it sees none, how far h is from the middle of the map,
// where an enemy that deployed out of sight most likely stands: the lance
// sweeps over it instead of circling where it came in.
func (pic *picture) airTargetDistance(h hex.Hex) int {
	best := -1
	for _, l := range [][]*enemy{pic.enemies, pic.air} {
		for _, e := range l {
			if d := hex.Distance(h, e.at); e.fighting() && (best < 0 || d < best) {
				best = d
			}
		}
	}
	if best < 0 {
		m := pic.v.Map
		return hex.Distance(h, hex.Hex{X: m.Width / 2, Y: m.Height / 2})
	}
	return best
}
