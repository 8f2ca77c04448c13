package campaign

import (
	"fmt"
	"slices"
	"strings"

	"bfbot/mapgen"
	"bfbot/referee/dice"
)

// Campaign objectives (000 lines 2704, 2733–2735; rulings CB9, CB14):
// the objectives on the strategic map are worth 100 to 250 VP each. A
// side holds a sector while one of its battlegroups (not a recon unit)
// stands there with no enemy battlegroup; it keeps holding a sector it
// leaves until the enemy takes it. At the start each side holds the
// sectors it stands in alone: they are its own, to defend. An objective
// is scored once in the campaign, by one side: by the side that takes it
// (from the enemy or from nobody), or, if nobody ever takes it, by the
// side that held it from the start and still holds it when the campaign
// ends. The campaign's objectives are met, and the campaign ends (step
// 11), when one side holds every objective sector and has taken at least
// one of the enemy's.

// sectorObjectives returns a sector's objectives' VP and names.
func sectorObjectives(sc *mapgen.Sector) (int, []string) {
	vp := 0
	var names []string
	for _, o := range sc.Objectives {
		vp += o.VP
		names = append(names, o.Name)
	}
	return vp, names
}

// standsAlone returns the side whose battlegroups alone (recon units
// aside) stand in the sector, or "".
func (c *Campaign) standsAlone(sector int) string {
	alone := ""
	for i := range c.Sides {
		if holdsGround(&c.Sides[i], sector) {
			if alone != "" {
				return ""
			}
			alone = c.Sides[i].ID
		}
	}
	return alone
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

// setHome records, at the start, the sides that hold each sector: its
// Home and its first Holder.
func (c *Campaign) setHome() {
	for _, sc := range c.Map.Sectors {
		if side := c.standsAlone(sc.ID); side != "" {
			c.hold(sc.ID, side, true)
		}
	}
}

// hold records that side holds the sector (at the start, as its home)
// and returns the sector's state.
func (c *Campaign) hold(sector int, side string, start bool) SectorState {
	if c.Sectors == nil {
		c.Sectors = map[int]SectorState{}
	}
	ss := c.Sectors[sector]
	ss.Holder = side
	if start {
		ss.Home = side
	}
	c.Sectors[sector] = ss
	return ss
}

// scoreObjectives runs step 9 for the objectives, changing c in place: a
// side standing alone in a sector holds it, and scores its objectives if
// it took them and nobody has scored them yet. The event is the side's
// own: it tells nothing of the enemy (ruling CB9).
func (c *Campaign) scoreObjectives() {
	for _, sc := range c.Map.Sectors {
		side := c.standsAlone(sc.ID)
		if side == "" {
			continue
		}
		ss := c.hold(sc.ID, side, false)
		vp, names := sectorObjectives(&sc)
		if vp == 0 || len(ss.Reached) > 0 || ss.Home == side {
			continue
		}
		c.scoreSector(sc.ID, side, vp, fmt.Sprintf("%s takes the objectives of sector %s (%s): %d victory points", c.Side(side).Name, c.sectorName(sc.ID), strings.Join(names, ", "), vp))
	}
}

// scoreSector gives side a sector's objective VP, once in the campaign.
func (c *Campaign) scoreSector(sector int, side string, vp int, text string) {
	ss := c.Sectors[sector]
	ss.Reached = []string{side}
	c.Sectors[sector] = ss
	c.emit(Event{Step: "vp", Type: "objective", Audience: secret(side), Side: side, Sector: sector, VP: vp, Text: text})
}

// scoreHeldObjectives is the campaign's last scoring: each side scores
// the objectives it held from the start, nobody took, and it still holds
// (000 line 2704: "to hold the same").
func (c *Campaign) scoreHeldObjectives() {
	for _, sc := range c.Map.Sectors {
		ss := c.Sectors[sc.ID]
		vp, names := sectorObjectives(&sc)
		if vp == 0 || len(ss.Reached) > 0 || ss.Home == "" || ss.Holder != ss.Home || len(c.Side(ss.Home).Battlegroups) == 0 {
			continue // taken, never held, lost, or its holder is gone
		}
		c.scoreSector(sc.ID, ss.Home, vp, fmt.Sprintf("%s has held the objectives of sector %s (%s) to the end: %d victory points", c.Side(ss.Home).Name, c.sectorName(sc.ID), strings.Join(names, ", "), vp))
	}
}

// objectivesMet returns the side that holds every objective sector,
// among them at least one the enemy held at the start, or "" (step 11,
// 000 lines 2575, 2733: a side's objective is to take the enemy's
// objectives and hold its own, 2704).
func (c *Campaign) objectivesMet() string {
	holder, taken, any := "", false, false
	for _, sc := range c.Map.Sectors {
		if vp, _ := sectorObjectives(&sc); vp == 0 {
			continue
		}
		ss := c.Sectors[sc.ID]
		if ss.Holder == "" || (any && ss.Holder != holder) {
			return ""
		}
		holder, any = ss.Holder, true
		taken = taken || ss.Home != "" && ss.Home != holder
	}
	if !taken {
		return ""
	}
	return holder
}

// rollRaidObjectives gives each side, at the start, a raid objective
// rolled on the common list (004 lines 244–256; ruling ST14) in a sector of
// the enemy's deployment area chosen by a die: the enemy defends it, the
// side scores it by taking it. The map is copied, not changed.
func (c *Campaign) rollRaidObjectives(d *dice.Dice) error {
	m := *c.Map
	m.Sectors = slices.Clone(c.Map.Sectors)
	for i, s := range c.Sides {
		enemy := c.Sides[1-i]
		sectors, err := placementSectors(c.Settings, c.Map, 1-i, enemy.ID)
		if err != nil {
			return err
		}
		var ground []int
		for _, id := range sectors {
			if id != 0 {
				ground = append(ground, id)
			}
		}
		if len(ground) == 0 {
			continue
		}
		o, err := RaidObjective(d, false)
		if err != nil {
			return err
		}
		n, err := d.D6(fmt.Sprintf("sector of %s's raid objective", s.ID))
		if err != nil {
			return err
		}
		id := ground[(n-1)%len(ground)]
		j := slices.IndexFunc(m.Sectors, func(sc mapgen.Sector) bool { return sc.ID == id })
		m.Sectors[j].Objectives = append(slices.Clone(m.Sectors[j].Objectives), o)
		c.emit(Event{Step: "setup", Type: "raid_objective", Side: s.ID, Sector: id, Text: fmt.Sprintf("%s's raid objective: %s (%s, %d VP) in sector %s, held by %s (Battle Setup Tables, Raid Objectives)", s.Name, o.Name, o.Kind, o.VP, c.sectorName(id), enemy.Name)})
	}
	c.Map = &m
	return nil
}
