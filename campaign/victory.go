package campaign

import (
	"fmt"
	"slices"
	"strings"
)

// Victory points (000 lines 2694–2706), upkeep step 9. The battles have
// already scored destroyed units (R8), captured ones (×2) and salvage (10
// a counter) as they ended (battle_end.go); here come the regimental
// battlegroup's elimination and the campaign objectives.

// RBGEliminatedVP is what eliminating the enemy's regimental battlegroup
// is worth, beyond its units' own costs (000 line 2703).
const RBGEliminatedVP = 200

// scoreVictoryPoints runs step 9, changing c in place.
func (c *Campaign) scoreVictoryPoints() {
	for i := range c.Sides {
		s := &c.Sides[i]
		enemy := c.Enemy(s.ID)
		if s.RBG() != nil || c.rbgScored(enemy.ID) {
			continue
		}
		// Its units were destroyed, captured or flew off the planet (line
		// 2703); the battles have counted the costs of those lost.
		c.emit(Event{Step: "vp", Type: "rbg_eliminated", Side: enemy.ID, VP: RBGEliminatedVP,
			Text: fmt.Sprintf("the regimental battlegroup of %s is eliminated: %s scores %d victory points", s.Name, enemy.Name, RBGEliminatedVP)})
	}
	c.scoreObjectives()
}

// rbgScored reports whether side has already scored the enemy RBG.
func (c *Campaign) rbgScored(side string) bool {
	for _, e := range c.Log {
		if e.Type == "rbg_eliminated" && e.Side == side {
			return true
		}
	}
	return false
}

// scoreObjectives gives a side a sector's objective victory points the
// first time it reaches the sector: at the end of a turn's battles one of
// its battlegroups (not a recon unit) stands there. Each side scores each
// sector once, and keeps the points (line 2704 pays for reaching an
// objective; ruling CB9). The event is the side's own: it tells nothing
// of the enemy.
func (c *Campaign) scoreObjectives() {
	for _, sc := range c.Map.Sectors {
		vp := 0
		var names []string
		for _, o := range sc.Objectives {
			vp += o.VP
			names = append(names, o.Name)
		}
		if vp == 0 {
			continue
		}
		for i := range c.Sides {
			s := &c.Sides[i]
			ss := c.Sectors[sc.ID]
			if slices.Contains(ss.Reached, s.ID) || !holdsGround(s, sc.ID) {
				continue
			}
			ss.Reached = append(ss.Reached, s.ID)
			if c.Sectors == nil {
				c.Sectors = map[int]SectorState{}
			}
			c.Sectors[sc.ID] = ss
			c.emit(Event{Step: "vp", Type: "objective", Audience: secret(s.ID), Side: s.ID, Sector: sc.ID, VP: vp,
				Text: fmt.Sprintf("%s reaches the objectives of sector %s (%s): %d victory points", s.Name, c.sectorName(sc.ID), strings.Join(names, ", "), vp)})
		}
	}
}

// holdsGround reports whether side has a battlegroup other than a recon
// unit standing in the sector.
func holdsGround(s *Side, sector int) bool {
	for _, bg := range s.BattlegroupsIn(sector) {
		if !bg.Recon() {
			return true
		}
	}
	return false
}
