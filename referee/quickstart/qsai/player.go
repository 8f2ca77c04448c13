// Package qsai is a player for the Quick-Start rules (package
// referee/quickstart): it takes every decision of one side through the
// rules' own ValidActions, so whatever it plays Apply accepts.
//
// It reads its own Units whole, and of the enemy only what a player
// across the table knows: where each Unit stands and faces, its Elements'
// printed record sheet values and which Elements are out of play — never
// their armor and structure left, critical hits or heat.
//
// Two levels:
//
//   - Tactician (the AI proper): each Unit takes the hex and facing that
//     give its Elements the most expected damage on an enemy in the front
//     arc, less the damage the enemy can answer with there (rear hits
//     dearer), closing on the enemy when nothing is in reach and drawn
//     to the enemy's objectives and Headquarters; each Element
//     fires at the best expected damage, its Unit's Elements on the same
//     enemy Element until the printed circles are covered (focus fire),
//     and overheats only while its heat stays at 1 or less.
//   - Greedy (the baseline): each Unit walks to the reachable hex nearest
//     the nearest enemy and faces it; each Element fires at the target it
//     is likeliest to hurt with all the overheat it has.
package qsai

import (
	"slices"

	"bfbot/mapgen/hex"
	"bfbot/referee/quickstart"
)

// Level is how the player plays.
type Level uint8

// The levels.
const (
	Tactician Level = iota
	Greedy
)

func (l Level) String() string {
	if l == Greedy {
		return "greedy"
	}
	return "tactician"
}

// Player plays side Side of a Quick-Start battle at Level.
type Player struct {
	Side  int
	Level Level
}

// Next is the player's next action in s, in which its side is acting.
// It is always one of quickstart.ValidActions(s); Done when there is
// nothing it wants to do.
func (p Player) Next(s quickstart.State) quickstart.Action {
	if s.Phase == quickstart.SetUpPhase {
		// The set-up's choices are the bot's (rulings QS18, QS23); where
		// it has none, Done, which Apply refuses saying why.
		if a, err := quickstart.SetUpChoice(s); err == nil {
			return a
		}
		return quickstart.Action{Kind: quickstart.Done}
	}
	if s.Question != nil {
		// Which hexes lie along a line: the automatic pick (ruling QS11).
		return quickstart.HexsideDefault(s)
	}
	valid := quickstart.ValidActions(s)
	done := quickstart.Action{Kind: quickstart.Done}
	if s.Phase == quickstart.MovementPhase {
		if a, ok := p.move(s, valid); ok {
			return a
		}
		return done
	}
	if a, ok := p.attack(s, valid); ok {
		return a
	}
	return done
}

// move picks the move of the first Unit still to move.
func (p Player) move(s quickstart.State, valid []quickstart.Action) (quickstart.Action, bool) {
	unit := ""
	for _, a := range valid {
		if a.Kind == quickstart.Move || a.Kind == quickstart.Jump {
			unit = a.Unit
			break
		}
	}
	if unit == "" {
		return quickstart.Action{}, false
	}
	u, _ := unitByID(s, unit)
	best, bestScore, found := quickstart.Action{}, 0.0, false
	for _, a := range valid {
		if (a.Kind != quickstart.Move && a.Kind != quickstart.Jump) || a.Unit != unit {
			continue
		}
		to := u.Hex
		if len(a.Path) > 0 {
			to = a.Path[len(a.Path)-1]
		}
		var score float64
		if p.Level == Greedy {
			score = greedyPlace(s, u, to, a.Facing)
		} else {
			score = placeScore(s, u, to, a.Facing, a.Kind == quickstart.Jump)
		}
		if !found || score > bestScore {
			best, bestScore, found = a, score, true
		}
	}
	return best, found
}

// attack picks the next attack to declare, or false to end the phase.
func (p Player) attack(s quickstart.State, valid []quickstart.Action) (quickstart.Action, bool) {
	best, bestScore, found := quickstart.Action{}, 0.0, false
	for _, a := range valid {
		if a.Kind != quickstart.Declare {
			continue
		}
		at := a.Attack
		au, _ := unitByID(s, at.Unit)
		tu, _ := unitByID(s, at.Target)
		ae, te := au.Elements[at.Element], tu.Elements[at.TargetElement]
		if te.Removed || knownDestroyed(s, at) {
			continue
		}
		if p.Level == Greedy && at.Overheat != ae.MaxOverheat() {
			continue
		}
		if p.Level == Tactician && ae.Heat+at.Overheat > 1 {
			continue
		}
		pr, dmg := expected(s, au, ae, tu, te, at.Overheat)
		if pr == 0 {
			continue
		}
		score := pr * float64(dmg)
		if p.Level == Tactician {
			score = focusScore(s, at, pr, dmg)
		}
		if !found || score > bestScore {
			best, bestScore, found = a, score, true
		}
	}
	return best, found
}

// expected is the chance that Element ae of au hits Element te of tu
// with overheat, and the damage a hit does.
func expected(s quickstart.State, au quickstart.UnitState, ae quickstart.ElementState, tu quickstart.UnitState, te quickstart.ElementState, overheat int) (float64, int) {
	n, err := quickstart.ToHit(ae, public(te), hex.Distance(au.Hex, tu.Hex), s.Map.At(tu.Hex).Terrain)
	if err != nil {
		return 0, 0
	}
	ae.OverheatUsed = overheat
	rear := quickstart.AttackDirection(au.Hex, tu.Hex, tu.Facing) == quickstart.Rear
	return chance(n.Number), quickstart.AttackDamage(ae, n.Bracket, rear)
}

// public is an enemy Element as its opponent knows it: the record sheet,
// undamaged, cool, with no critical hits.
func public(e quickstart.ElementState) quickstart.ElementState {
	p := quickstart.NewElementState(e.Element)
	p.Removed, p.Destroyed = e.Removed, e.Destroyed
	return p
}

// knownDestroyed says whether the target of at was announced destroyed
// this turn: the attack events say so.
func knownDestroyed(s quickstart.State, at quickstart.Attack) bool {
	u, _ := unitByID(s, at.Target)
	return u.Elements[at.TargetElement].Destroyed
}

// focusScore is the Tactician's worth of attack at: its expected damage,
// counted only up to what the target's printed circles still need after
// the attacks its side has declared on it this phase, plus a share of
// the target's Point Value by how near the attacks come to covering them.
func focusScore(s quickstart.State, at quickstart.Attack, pr float64, dmg int) float64 {
	tu, _ := unitByID(s, at.Target)
	te := tu.Elements[at.TargetElement]
	need := float64(te.Armor + te.Structure)
	var declared float64
	for _, d := range s.Declared {
		if d.Target == at.Target && d.TargetElement == at.TargetElement {
			au, _ := unitByID(s, d.Unit)
			p, dm := expected(s, au, au.Elements[d.Element], tu, te, d.Overheat)
			declared += p * float64(dm)
		}
	}
	left := max(0, need-declared)
	gain := min(pr*float64(dmg), left)
	return gain + float64(te.PV)*gain/need
}

// chance is the probability that 2D6 rolls n or more.
func chance(n int) float64 {
	switch {
	case n <= 2:
		return 1
	case n > 12:
		return 0
	}
	ways := 0
	for a := 1; a <= 6; a++ {
		for b := 1; b <= 6; b++ {
			if a+b >= n {
				ways++
			}
		}
	}
	return float64(ways) / 36
}

func unitByID(s quickstart.State, id string) (quickstart.UnitState, bool) {
	i := slices.IndexFunc(s.Units, func(u quickstart.UnitState) bool { return u.ID == id })
	if i < 0 {
		return quickstart.UnitState{}, false
	}
	return s.Units[i], true
}
