package ai

import (
	"bfbot/mapgen/hex"
	"bfbot/referee"
)

// The baselines the levels are measured against in the tournament
// (tournament_test.go). Both read only the side's View and the actions
// ValidActions and ValidSideActions offer, as every Player does.
//
// Random takes any legal action of the side (a surrender one time in
// fifty, never a truce), and ends the phase one time in six (never while
// an air lance still has to fly).
//
// Greedy plays as a beginner would: each unit closes on the nearest enemy
// it sees (or the enemy's edge), and every unit makes the offered attack
// with the best column; it never retreats, never overburns, never close
// assaults and never strafes a hex holding its own units.

// random picks the Random baseline's next action.
func (p *Player) random(g *game) referee.Action {
	var options []referee.Action
	mustFly := false
	for _, u := range g.v.Units {
		if !u.Own {
			continue
		}
		acts := g.legal(u.ID)
		options = append(options, acts...)
		if g.v.Phase == "movement" && u.Kind == referee.KindAir.String() {
			for _, a := range acts {
				mustFly = mustFly || a.Kind == referee.ActMove
			}
		}
	}
	for _, a := range g.side {
		if a.Kind == referee.ActTruce {
			continue // an offer is a judgment of the battle, which Random has none of
		}
		if a.Kind != referee.ActSurrender || p.rng.IntN(50) == 0 {
			options = append(options, a)
		}
	}
	if len(options) == 0 || (!mustFly && p.rng.IntN(6) == 0) {
		return p.end()
	}
	return options[p.rng.IntN(len(options))]
}

// greedy picks the Greedy baseline's next action.
func (p *Player) greedy(g *game) referee.Action {
	if g.v.Phase == "movement" {
		if a, ok := p.greedyMove(g); ok {
			return a
		}
		return p.end()
	}
	pic := g.pic
	var best referee.Action
	bestCol, found := 0, false
	for _, u := range pic.own {
		if u.Status != "active" || u.Detail == nil || u.Detail.Hidden {
			continue
		}
		for _, a := range g.legal(u.ID) {
			col, ok := p.greedyColumn(pic, u, a)
			if ok && (!found || col > bestCol) {
				best, bestCol, found = a, col, true
			}
		}
	}
	if !found {
		return p.end()
	}
	return best
}

// greedyColumn is the column of attack a by u as Greedy judges it: the
// attack value against the target's D (known or estimated) with the
// shifts the picture counts; ok false for attacks it never makes.
func (p *Player) greedyColumn(pic *picture, u *referee.ViewUnit, a referee.Action) (int, bool) {
	switch a.Kind {
	case referee.ActAttack:
		if a.Mode == referee.CloseAssault {
			return 0, false
		}
		t := pic.enemy(a.Target)
		if t == nil {
			return 0, false
		}
		col, _ := pic.column(u, a, t)
		return col, true
	case referee.ActStrafe, referee.ActBomb:
		for _, f := range pic.own {
			if f.Hex != nil && *f.Hex == a.To && f.Kind != referee.KindAir.String() && f.Status == "active" {
				return 0, false
			}
		}
		value := u.Detail.Current.CA
		if a.Kind == referee.ActBomb {
			if u.Values == nil {
				return 0, false
			}
			value = u.Values.Chits.Bomb
		}
		col, found := 0, false
		for _, e := range pic.enemies {
			if e.at == a.To && !e.surrendered {
				c := referee.Column(value, e.d, experienceShift(u), pic.cell(e.at).Terrain.Info().Shift)
				if !found || c > col {
					col, found = c, true
				}
			}
		}
		return col, found
	}
	return 0, false
}

// greedyMove moves the next unit of the side towards the nearest enemy.
func (p *Player) greedyMove(g *game) (referee.Action, bool) {
	pic := g.pic
	for _, u := range pic.own {
		if p.done[u.ID] {
			continue
		}
		air := u.Kind == referee.KindAir.String()
		switch {
		case u.Status == "reserve" && u.Detail != nil && u.Detail.Drop && u.Detail.DropAt == nil:
			p.done[u.ID] = true
			if drops := legalOf(g, u.ID, referee.ActDrop); len(drops) > 0 {
				return p.closest(pic, drops), true
			}
			continue
		case u.Status == "reserve" && u.Detail != nil && u.Detail.Aboard != "":
			if outs := legalOf(g, u.ID, referee.ActDebark); len(outs) > 0 {
				return p.closest(pic, outs), true
			}
			p.done[u.ID] = true
			continue
		case u.Status == "broken":
			p.done[u.ID] = true
			if rallies := legalOf(g, u.ID, referee.ActRally); len(rallies) > 0 {
				return rallies[0], true
			}
			continue
		case u.Status != "active" || u.Hex == nil || u.Detail == nil || u.Detail.Hidden || (u.Disrupted && !air):
			continue
		}
		p.done[u.ID] = true
		var moves []referee.Action
		for _, a := range legalOf(g, u.ID, referee.ActMove) {
			if air || !pic.enemyAt(a.To) {
				moves = append(moves, a)
			}
		}
		if len(moves) == 0 {
			if w := legalOf(g, u.ID, referee.ActWithdraw); air && len(w) > 0 && len(legalOf(g, u.ID, referee.ActMove)) == 0 {
				return w[0], true
			}
			continue
		}
		best := p.closest(pic, moves)
		if air || max(pic.nearestEnemy(best.To), 1) < max(pic.nearestEnemy(*u.Hex), 1) {
			return best, true
		}
	}
	return referee.Action{}, false
}

// closest is the action of acts (at least one) whose hex is nearest the
// nearest enemy the side sees (or the enemy's edge), no nearer than next
// to it.
func (p *Player) closest(pic *picture, acts []referee.Action) referee.Action {
	return p.bestBy(acts, func(a referee.Action) float64 { return -float64(max(pic.nearestEnemy(a.To), 1)) })
}

// enemyAt reports an enemy counter the side sees in h.
func (pic *picture) enemyAt(h hex.Hex) bool {
	for _, e := range pic.enemies {
		if e.at == h {
			return true
		}
	}
	return false
}
