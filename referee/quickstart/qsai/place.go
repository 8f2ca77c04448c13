package qsai

import (
	"bfbot/mapgen/hex"
	"bfbot/referee"
	"bfbot/referee/quickstart"
)

// placeScore is the Tactician's worth of Unit u standing in h facing f:
// the expected damage its Elements can deal to the best enemy Unit in its
// front arc, less half the damage the enemy Units can answer with against
// it there, less a little for each hex to the nearest enemy so that a
// Unit with nothing in reach closes, plus the pull of the enemy's
// objectives and Headquarters (objectives).
func placeScore(s quickstart.State, u quickstart.UnitState, h hex.Hex, f hex.Direction, jumped bool) float64 {
	moved := u
	moved.Hex, moved.Facing = h, f
	offense, threat, nearest := 0.0, 0.0, 1<<30
	facesNearest := false
	for _, t := range s.Units {
		if t.Side == u.Side || !t.Alive() {
			continue
		}
		t.Hex = where(s, t, h)
		d := hex.Distance(h, t.Hex)
		if d < nearest {
			nearest, facesNearest = d, inArc(h, f, t.Hex)
		}
		if d > quickstart.MaxRange || !clearLine(s, h, t.Hex) {
			continue
		}
		if inArc(h, f, t.Hex) {
			offense = max(offense, volley(s, moved, t))
		}
		// The enemy may turn to face the Unit before it fires: its whole
		// volley counts, from the rear when the Unit shows it its back.
		threat += volley(s, t, moved)
	}
	score := offense - 0.5*threat - 0.3*float64(nearest) + objectives(s, u, h)
	if facesNearest {
		// Out of reach too, the front stays on the nearest enemy.
		score += 0.2
	}
	if jumped {
		// Jumping costs nothing in these rules but is no better than
		// walking to the same place: prefer the walk on a tie.
		score -= 0.01
	}
	return score
}

// volley is the expected damage of every Element of a at one Element of
// t, as a's side knows t (public values), from where they stand.
func volley(s quickstart.State, a, t quickstart.UnitState) float64 {
	te, ok := firstInPlay(t)
	if !ok {
		return 0
	}
	sum := 0.0
	for _, ae := range a.Elements {
		if ae.Removed || ae.Shutdown {
			continue
		}
		pr, dmg := expected(s, a, ae, t, te, 0)
		sum += pr * float64(dmg)
	}
	return sum
}

func firstInPlay(u quickstart.UnitState) (quickstart.ElementState, bool) {
	for _, e := range u.Elements {
		if !e.Removed {
			return e, true
		}
	}
	return quickstart.ElementState{}, false
}

// clearLine says whether the line between a and b is clear whichever
// side of a hexside the target's player picks: the attack is sure.
func clearLine(s quickstart.State, a, b hex.Hex) bool {
	return quickstart.LineOfSight(s.Map, a, b, quickstart.Left) && quickstart.LineOfSight(s.Map, a, b, quickstart.Right)
}

// inArc says whether b is in the arc of a Unit in a facing f for sure.
func inArc(a hex.Hex, f hex.Direction, b hex.Hex) bool {
	return quickstart.FiringArcOf(a, f, b) == quickstart.InArc
}

// greedyPlace is the Greedy baseline's worth of standing in h facing f:
// nearer the nearest enemy is better, and facing straight at it.
func greedyPlace(s quickstart.State, u quickstart.UnitState, h hex.Hex, f hex.Direction) float64 {
	var target hex.Hex
	nearest := -1
	for _, t := range s.Units {
		if t.Side == u.Side || !t.Alive() {
			continue
		}
		if d := hex.Distance(h, where(s, t, h)); nearest < 0 || d < nearest {
			nearest, target = d, where(s, t, h)
		}
	}
	if nearest < 0 {
		return 0
	}
	v := target.Cube().Sub(h.Cube())
	c := f.Cube()
	return -float64(nearest) + 0.01*float64(v.Q*c.Q+v.R*c.R+v.S*c.S)
}

// objectives is the worth of standing in h for the enemy's counters
// still to capture (the Veteran scenario, 002 lines 604–632): in the
// counter's hex a share of its value (occupying it scores, two End
// Phases there capture it), elsewhere a pull that fades with distance.
func objectives(s quickstart.State, u quickstart.UnitState, h hex.Hex) float64 {
	best := 0.0
	for _, c := range s.Counters {
		if c.Owner == u.Side || c.Captured {
			continue
		}
		v := float64(c.Value) / 4
		if d := hex.Distance(h, c.Hex); d > 0 {
			v = float64(c.Value) / float64(20*(d+1))
		}
		best = max(best, v)
	}
	return best
}

// where is the hex an enemy Unit t is reckoned in, seen from h: its own,
// or for a Unit still off the map the hex of its home edge nearest h,
// where it may enter (ruling QS22).
func where(s quickstart.State, t quickstart.UnitState, h hex.Hex) hex.Hex {
	if !t.OffBoard {
		return t.Hex
	}
	switch s.Home[t.Side] {
	case referee.North:
		return hex.Hex{X: h.X}
	case referee.South:
		return hex.Hex{X: h.X, Y: s.Map.Height - 1}
	case referee.West:
		return hex.Hex{Y: h.Y}
	}
	return hex.Hex{X: s.Map.Width - 1, Y: h.Y}
}
