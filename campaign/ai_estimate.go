package campaign

import "maps"

// The strategic AI's estimate of the enemy: how many units it believes
// stand in each sector, from nothing but the side's view (its intel, the
// battles it fought and what it saw of the enemy when they ended), so it
// weighs the odds as a player of that side could.

// aiIntelAge is how many turns old intel may be and still count: a
// battlegroup moves one sector a turn, so older sightings say little.
const aiIntelAge = 2

// aiOdds is the ratio of units the AI wants over its estimate of the
// enemy before it seeks a fight; below it, it holds and stays hidden.
const aiOdds = 1.5

// aiEnemy estimates the enemy's units in each sector. A battle the side
// fought there counts what it saw left of the enemy at its end; later
// intel overrides it: a search that found nobody means none; one that
// found battlegroups, a drop, or the enemy's own search there (his
// battlegroup or recon unit stood there, ruling CO4; where the side's own
// battlegroups stand and fought no battle, only a recon unit) means one
// battalion
// (aiBattalion), since a search never says how many (000 line 2614).
// Intel older than aiIntelAge turns is forgotten.
func aiEnemy(v SideView) map[int]float64 {
	est := map[int]float64{}
	battle := map[int]BattleView{}
	for _, b := range v.Battles {
		if b.Over && len(b.Own) > 0 && b.Turn >= v.Turn-aiIntelAge {
			if old, ok := battle[b.Sector]; !ok || b.Turn >= old.Turn {
				battle[b.Sector] = b
			}
		}
	}
	for _, sec := range v.Sectors {
		b, fought := battle[sec.ID]
		in := sec.Intel
		fresh := in != nil && in.Turn >= v.Turn-aiIntelAge
		switch {
		case fought && (!fresh || in.Turn <= b.Turn):
			est[sec.ID] = float64(b.EnemyLeft)
		case fresh && aiSighting(v, sec):
			est[sec.ID] = aiBattalion
		}
	}
	return est
}

// aiBattalion is the size, in units, the AI expects of an enemy
// battlegroup it knows nothing more of: a battalion, ten lances (000 line
// 1869), the size a regiment's fighting battlegroups start at.
const aiBattalion = 10

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
// was a recon unit's (000 line 2620).
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
// battlegroup and nothing since says otherwise, counted as a battalion
// as fresh intel is (aiEnemy). A fighting battlegroup forgets sightings
// older than aiIntelAge, for it may still win what it finds; air lances
// alone can only be caught (ruling AIR13), and an enemy RBG holding its
// prepared position is seen once and stays put.
func aiWary(v SideView, enemy map[int]float64) map[int]float64 {
	wary := maps.Clone(enemy)
	for _, sec := range v.Sectors {
		if sec.Intel != nil && aiSighting(v, sec) {
			if _, known := enemy[sec.ID]; !known {
				wary[sec.ID] = aiBattalion
			}
		}
	}
	return wary
}

// aiSighting reports whether the side's latest intel of sec saw an enemy
// there: battlegroups found by a search, a drop, or the enemy's own search
// (aiEnemy).
func aiSighting(v SideView, sec SectorView) bool {
	in := sec.Intel
	return in.Present || in.Drop || in.Searched && !aiFightsIn(v, sec)
}
