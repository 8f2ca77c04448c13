package campaign

import (
	"fmt"
	"maps"
	"slices"

	"bfbot/referee"
)

// The strategic AI's estimate of the enemy: how strong it believes him in
// each sector, from nothing but the side's view (its intel, the battles
// it fought and what it saw of the enemy when they ended, its scouts'
// counts), weighed in the same terms as its own battlegroups (aiWorth),
// so it weighs the odds as a player of that side could.

// aiIntelAge is how many turns old intel may be and still count: a
// battlegroup moves one sector a turn, so older sightings say little.
const aiIntelAge = 2

// aiStale is the share of its worth intel loses for each turn it is
// older than the turn just played: the enemy may have moved on, or been
// joined, since.
const aiStale = 0.25

// aiOdds is the ratio of strength the AI wants over its estimate of the
// enemy before it seeks a fight; below it, it holds and stays hidden.
const aiOdds = 1.5

// aiWorth is what the AI counts its own units and the enemy's at: a
// unit's strength is its cost (its better RA with its experience and
// chits, R8; the points it gives the enemy destroyed, 000 line 2153)
// times the share of its steps left. An enemy counter the side saw is
// worth what its own counters of that class are on average at full
// strength (of that kind while the information blind hides the class;
// with its steps left once probed); a counter it only knows the number
// of, what its own counters are on average: the side knows nothing of
// the enemy's roster, and its own is the measure it has.
type aiWorth struct {
	of map[string]float64 // each own unit's strength, by ID
	// full is the mean full-strength cost of the side's counters by class
	// and by kind name; typical over all of them but DropShips.
	full    map[string]float64
	typical float64
}

// newAIWorth weighs the side's units: its whole roster, the lost ones
// too, makes the measure, which so stays the same from turn to turn.
func newAIWorth(s *Side) *aiWorth {
	w := &aiWorth{of: make(map[string]float64, len(s.Units)), full: map[string]float64{}}
	count := map[string]int{}
	all, n := 0.0, 0
	for i := range s.Units {
		u := &s.Units[i]
		cost := float64(u.Lance.Cost())
		cl := u.Lance.Class
		w.of[u.ID] = cost * aiShare(cl.Info().Steps, u.Step)
		if cl.Kind() == referee.KindDropShip {
			continue // a DropShip stays with the RBG: no measure of a battlegroup
		}
		for _, name := range [2]string{cl.String(), cl.Kind().String()} {
			w.full[name] += cost
			count[name]++
		}
		all += cost
		n++
	}
	for name := range w.full {
		w.full[name] /= float64(count[name])
	}
	w.typical = 1
	if n > 0 {
		w.typical = all / float64(n)
	}
	return w
}

// aiShare is the share of a counter's steps left after taking step of
// steps.
func aiShare(steps, step int) float64 {
	return float64(max(steps-step, 0)) / float64(max(steps, 1))
}

// units is the strength of the side's units ids.
func (w *aiWorth) units(ids []string) float64 {
	s := 0.0
	for _, id := range ids {
		s += w.of[id]
	}
	return s
}

// seen is the strength of an enemy counter as the side saw it.
func (w *aiWorth) seen(u referee.ViewUnit) float64 {
	full, ok := w.full[u.Class]
	if !ok {
		full, ok = w.full[u.Kind]
	}
	if !ok {
		full = w.typical
	}
	if u.Values == nil {
		return full
	}
	steps := 4
	for _, cl := range referee.Classes {
		if cl.String() == u.Class || u.Class == "" && cl.Kind().String() == u.Kind {
			steps = cl.Info().Steps
			break
		}
	}
	return full * aiShare(steps, u.Values.Step)
}

// aiEnemy estimates the enemy's strength in each sector. A battle the
// side fought there counts what it saw left of the enemy at its end;
// later intel overrides it: a search that found nobody means none; one
// that found battlegroups, a drop, or the enemy's own search there (his
// battlegroup or recon unit stood there, ruling CO4; where the side's own
// battlegroups stand and fought no battle, only a recon unit) means what
// aiSighting says, since a search never says how many (000 line 2599).
// Intel older than aiIntelAge turns is forgotten; younger, it loses
// aiStale of its worth a turn.
func aiEnemy(v SideView, w *aiWorth) map[int]float64 {
	est, _ := aiEstimate(v, w)
	return est
}

// aiEstimate is aiEnemy's estimate and the sectors where it found the
// enemy: where it rests on more than his search, on a battle there, the
// side's own search that found his battlegroups, or his drop. His search
// alone tells that a battlegroup or a recon unit stood there (ruling
// CO4), and recon units search where they stand alone: a sighting worth
// looking into, not yet a fight found.
func aiEstimate(v SideView, w *aiWorth) (map[int]float64, map[int]bool) {
	est, found := map[int]float64{}, map[int]bool{}
	battle := map[int]BattleView{}
	for _, b := range v.Battles {
		if b.Over && len(b.Own) > 0 && b.Turn >= v.Turn-aiIntelAge {
			if old, ok := battle[b.Sector]; !ok || b.Turn >= old.Turn {
				battle[b.Sector] = b
			}
		}
	}
	scouted := aiScouted(v)
	// fade is the worth left of intel from turn.
	fade := func(turn int) float64 { return 1 - aiStale*float64(max(v.Turn-1-turn, 0)) }
	for _, sec := range v.Sectors {
		b, fought := battle[sec.ID]
		in := sec.Intel
		fresh := in != nil && in.Turn >= v.Turn-aiIntelAge
		switch {
		case fought && (!fresh || in.Turn <= b.Turn):
			left := 0.0
			for _, u := range b.EnemyLeft {
				left += w.seen(u)
			}
			est[sec.ID] = left * fade(b.Turn)
			found[sec.ID] = left > 0
		case fresh && aiSighting(v, sec):
			est[sec.ID] = aiSighted(w, scouted, sec.ID) * fade(in.Turn)
			found[sec.ID] = in.Present || in.Drop
		}
	}
	return est, found
}

// aiBattalion is the size, in units, the AI expects of an enemy
// battlegroup it knows nothing more of: a battalion, ten lances (000 line
// 1869), the size a regiment's fighting battlegroups start at.
const aiBattalion = 10

// aiSighted is the strength of an enemy battlegroup the side knows is in
// sector but not how strong: a battalion of typical counters, or as many
// as the side's scouts last counted there (004 line 27; ruling ST8), if
// more: a cautious default.
func aiSighted(w *aiWorth, scouted map[int]int, sector int) float64 {
	return float64(max(aiBattalion, scouted[sector])) * w.typical
}

// aiScouted are the side's scouts' latest counts of the enemy, by
// sector, from the average reports of the setup tables (scoutCount),
// which are secret to the side.
func aiScouted(v SideView) map[int]int {
	out := map[int]int{}
	for _, e := range v.Events {
		if e.Type != "setup" || e.Side != v.Side || len(e.Audience) != 1 {
			continue
		}
		var n, sector int
		if _, err := fmt.Sscanf(e.Text, scoutCount, &n, &sector); err == nil && sector == e.Sector {
			out[sector] = n
		}
	}
	return out
}

// aiCleared reports the sectors the side searched within aiIntelAge
// turns and found no enemy in, and where it saw none left when a battle
// there ended: no need to look there again yet.
func aiCleared(v SideView, enemy map[int]float64) map[int]bool {
	out := map[int]bool{}
	for _, sec := range v.Sectors {
		in := sec.Intel
		if _, known := enemy[sec.ID]; known && enemy[sec.ID] == 0 ||
			in != nil && in.Turn >= v.Turn-aiIntelAge && !in.Present && !in.Drop && !in.Searched {
			out[sec.ID] = true
		}
	}
	return out
}

// aiFightsIn reports whether the side has a battlegroup other than a
// recon unit in the sector: an enemy search there that made no battle
// was a recon unit's (000 line 2601).
func aiFightsIn(v SideView, sec SectorView) bool {
	for _, id := range sec.Own {
		if b := v.Own.Battlegroup(id); b != nil && !b.Recon() {
			return true
		}
	}
	return false
}

// aiReach is the enemy the AI expects may stand in each sector after the
// next movement: those it expects there and in the sectors next to it,
// since a battlegroup moves a sector a turn (000 line 2591). An air-only
// battlegroup, which harms nobody on the ground and would only be caught
// (ruling AIR13), keeps out of that reach. An enemy counts twice in its
// own sector: there contact is sure, next door only possible, so a
// battlegroup with no way out of the reach at least leaves the enemy's
// sector instead of waiting there to be caught again. So does an enemy
// next to an objective nobody has scored: the enemy marches on such
// sectors (aiTargets), and an air-only battlegroup that steps into one
// meets it there.
func aiReach(v SideView, enemy map[int]float64) map[int]float64 {
	scored := aiScored(v)
	reach := map[int]float64{}
	for sec, e := range enemy {
		if e <= 0 {
			continue
		}
		reach[sec] += 2 * e
		for _, nb := range v.Map.Neighbors(sec) {
			if len(v.Map.ByID(nb).Objectives) > 0 && !scored[nb] {
				reach[nb] += 2 * e
			} else {
				reach[nb] += e
			}
		}
	}
	return reach
}

// aiScored are the sectors whose objectives are scored: once in the
// campaign, by whichever side takes them first (objectives.go); the
// scoring is public.
func aiScored(v SideView) map[int]bool {
	scored := map[int]bool{}
	for _, e := range v.Events {
		if e.Type == "objective" {
			scored[e.Sector] = true
		}
	}
	return scored
}

// aiWary is the enemy an air-only battlegroup keeps away from: the
// estimate, and where the side's latest intel, however old, saw an enemy
// battlegroup and nothing since says otherwise, counted as fresh intel
// is (aiSighted). A fighting battlegroup forgets sightings older than
// aiIntelAge, for it may still win what it finds; air lances alone can
// only be caught (ruling AIR13), and an enemy RBG holding its prepared
// position is seen once and stays put.
func aiWary(v SideView, w *aiWorth, enemy map[int]float64) map[int]float64 {
	wary := maps.Clone(enemy)
	scouted := aiScouted(v)
	for _, sec := range v.Sectors {
		if sec.Intel != nil && aiSighting(v, sec) {
			if _, known := enemy[sec.ID]; !known {
				wary[sec.ID] = aiSighted(w, scouted, sec.ID)
			}
		}
	}
	return wary
}

// aiSighting reports whether the side's latest intel of sec saw an enemy
// there: battlegroups found by a search, a drop, or the enemy's own search
// (aiEnemy), unless that search can only have been a recon unit's (one
// where the side's own battlegroups stand and fought no battle) or most
// likely was (aiReconSearching).
func aiSighting(v SideView, sec SectorView) bool {
	in := sec.Intel
	return in.Present || in.Drop || in.Searched && !aiFightsIn(v, sec) && !aiReconSearching(v, sec.ID)
}

// aiReconSearching reports whether the enemy who searches sector is most
// likely a recon unit: the last time the side could tell, it was, and
// nothing it learnt since says otherwise. The side can tell in a turn it
// searched the sector too and found nobody though the enemy searched
// there: the searched side must reveal every battlegroup it has there
// and never a recon unit (000 line 2599). A search of its own that
// found the enemy, a drop, or one that found nobody while the enemy did
// not search, says otherwise.
func aiReconSearching(v SideView, sector int) bool {
	type turnIntel struct{ found, none, searched bool }
	byTurn := map[int]*turnIntel{}
	var turns []int
	for _, in := range v.Own.Intel {
		if in.Sector != sector {
			continue
		}
		t := byTurn[in.Turn]
		if t == nil {
			t = &turnIntel{}
			byTurn[in.Turn] = t
			turns = append(turns, in.Turn)
		}
		t.found = t.found || in.Present || in.Drop
		t.none = t.none || !in.Present && !in.Drop && !in.Searched
		t.searched = t.searched || in.Searched
	}
	slices.Sort(turns)
	for i := len(turns) - 1; i >= 0; i-- {
		switch t := byTurn[turns[i]]; {
		case t.found:
			return false
		case t.none:
			return t.searched
		}
	}
	return false
}
