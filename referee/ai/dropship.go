package ai

import (
	"bfbot/mapgen/hex"
	"bfbot/referee"
)

// Drops and DropShips (referee/drop.go, referee/dropship.go): a unit in
// orbit without a declared target picks one; units aboard a landed
// DropShip come out unless the side is leaving; units that should leave
// board, and a DropShip lifts off once it has what it waits for.

// dropFirePenalty is what a drop target loses for each enemy counter the
// side can see in the hex or next to it: each fires at the dropping
// 'Mech (000 line 741), and a step lost in the descent adds 5 to the
// landing roll (000 line 756). Air units in range fire too, but their
// reach covers most of a map, so no hex is safer from them.
const dropFirePenalty = 1.5

// declareDrop picks the target of own unit u waiting in orbit, from the
// drops ValidActions offers; ok false when it has none.
func (p *Player) declareDrop(g *game, u *referee.ViewUnit) (referee.Action, bool) {
	drops := legalOf(g, u.ID, referee.ActDrop)
	if len(drops) == 0 {
		return referee.Action{}, false
	}
	if p.Level == Easy {
		return drops[p.rng.IntN(len(drops))], true
	}
	pic := g.pic
	m := pic.mover(u, p.Level)
	ship := u.Kind == referee.KindDropShip.String()
	return p.bestBy(drops, func(a referee.Action) float64 { return p.dropScore(pic, m, ship, a.To) }), true
}

// legalOf is unit id's legal actions of kind k.
func legalOf(g *game, id string, k referee.ActionKind) []referee.Action {
	var out []referee.Action
	for _, a := range g.legal(id) {
		if a.Kind == k {
			out = append(out, a)
		}
	}
	return out
}

// bestBy is the action of acts (at least one) that score rates highest,
// a little noise from the player's dice breaking ties; the first wins
// what is still equal.
func (p *Player) bestBy(acts []referee.Action, score func(referee.Action) float64) referee.Action {
	best, bestScore := 0, 0.0
	for i, a := range acts {
		sc := score(a) + p.rng.Float64()*1e-3
		if i == 0 || sc > bestScore {
			best, bestScore = i, sc
		}
	}
	return acts[best]
}

// dropScore is how good h is as the target of a drop or a landing: the
// move score there (fire it may deal, fire it draws, the scenario's
// aims), less the enemy's fire as it comes down, and — with nothing in
// sight — near its own units. A DropShip keeps out of reach of enemy
// close attacks, and a 'Mech out of water (the landing table has no
// terrain modifier, 000 lines 751–761, but a lance in water moves and
// fights badly).
func (p *Player) dropScore(pic *picture, m *moveScorer, ship bool, h hex.Hex) float64 {
	sc := m.score(h)
	for _, e := range pic.enemies {
		if !e.fighting() {
			continue
		}
		if d := hex.Distance(h, e.at); d <= 1 && !ship {
			sc -= dropFirePenalty
		} else if d <= 1 {
			sc -= 3
		}
	}
	if !ship && pic.cell(h).Terrain.IsWater() {
		sc -= 0.5
	}
	nearest := 1 << 20
	for _, o := range pic.own {
		if o.Hex != nil && o.Status == "active" && o.ID != m.u.ID {
			nearest = min(nearest, hex.Distance(h, *o.Hex))
		}
	}
	if nearest < 1<<20 {
		w := 0.02
		if ship {
			w = 0.4 // its load comes out next to it and joins the others
		}
		sc -= w * float64(nearest)
	}
	return sc
}

// debark brings a unit aboard a landed own DropShip out onto the best hex
// next to it; it then moves as any other unit.
func (p *Player) debark(g *game, u *referee.ViewUnit) (referee.Action, bool) {
	outs := legalOf(g, u.ID, referee.ActDebark)
	if len(outs) == 0 {
		return referee.Action{}, false
	}
	m := g.pic.mover(u, p.Level)
	return p.bestBy(outs, func(a referee.Action) float64 { return m.score(a.To) }), true
}

// embark boards own unit u onto the fullest DropShip next to it that
// takes it, when the side is leaving.
func (p *Player) embark(g *game, u *referee.ViewUnit) (referee.Action, bool) {
	var best referee.Action
	found, most := false, -1
	for _, a := range g.legal(u.ID) {
		if a.Kind != referee.ActEmbark {
			continue
		}
		n := 0
		if ship := g.v.Unit(a.Target); ship != nil && ship.Detail != nil {
			n = len(ship.Detail.Carrying)
		}
		if n > most {
			best, most, found = a, n, true
		}
	}
	return best, found
}

// liftoff picks a DropShip of the side to lift off now, if any should.
func (p *Player) liftoff(g *game) (referee.Action, bool) {
	for _, ship := range g.pic.aims.ships {
		if !p.wantsLiftoff(g.pic, ship) {
			continue
		}
		for _, a := range g.legal(ship.ID) {
			if a.Kind == referee.ActLiftoff {
				return a, true
			}
		}
	}
	return referee.Action{}, false
}

// wantsLiftoff: a side that is leaving lifts a DropShip off on the last
// turn (what stays is captured or scores nothing), once it is full, once
// it is badly damaged (with a load, or about to be destroyed), with a
// load once the enemy is next to it, or once no unit of the side can
// reach it in the turns left — with a load, or empty when the ships wait
// idle (idleShips) or the battle is lost and the enemy comes within fire
// of it. A ship that leaves early strands every unit still coming to it.
func (p *Player) wantsLiftoff(pic *picture, ship *referee.ViewUnit) bool {
	a := pic.aims
	if !a.evacuate || ship.Detail == nil {
		return false
	}
	aboard := len(ship.Detail.Carrying)
	step := 0
	if ship.Values != nil {
		step = ship.Values.Step
	}
	switch {
	case a.last:
		return true
	case room(ship) <= 0:
		return true
	case aboard > 0 && step >= 5, step >= 7:
		return true
	}
	if aboard > 0 {
		for _, e := range pic.enemies {
			if e.fighting() && hex.Distance(e.at, *ship.Hex) <= 2 {
				return true // the enemy is at the ramp: save what is aboard
			}
		}
	}
	turns := a.turnsLeft - 1
	for _, u := range pic.own {
		if groundMover(u) && hex.Distance(*u.Hex, *ship.Hex)-1 <= turns*max(u.Detail.MP, 1) {
			return false // someone is coming
		}
	}
	if aboard > 0 || pic.idleShips() {
		return true
	}
	// Empty, it leaves a lost battle only once the enemy can fire on it:
	// sooner it saves nothing, and the last ship to leave may end the
	// battle (a scenario's end_when_lifted_off), giving up every unit
	// still on the map to be captured (SC11) while they fight on.
	return pic.lost() && pic.underFire(*ship.Hex)
}

// underFire reports that an enemy the side sees may fire on h next
// turn: it stands within its reach of it (a DropShip, its range).
func (pic *picture) underFire(h hex.Hex) bool {
	for _, e := range pic.enemies {
		if e.fighting() && hex.Distance(e.at, h) <= e.reach() {
			return true
		}
	}
	return false
}
