package campaign

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"bfbot/campaign/forces"
	"bfbot/internal/cite"
	"bfbot/mapgen"
	"bfbot/referee"
)

// Campaign set-up (000 lines 2557–2559): before turn 1 each side secretly
// places its battlegroups, either at its own end of the strategic map
// (Settings.Deployment "ends") or in the sectors designated for it
// ("sectors"), and may hold 'Mech battlegroups back in orbit to drop later
// (lines 2589, 2639). Split, merge and rename work in the set-up phase
// too (GiveOrder), so a side forms its battlegroups before placing them.

// sideIndex is the side's place in c.Sides: the first side holds the west
// of the map, the second the east (New).
func (c *Campaign) sideIndex(side string) int {
	for i := range c.Sides {
		if c.Sides[i].ID == side {
			return i
		}
	}
	return -1
}

// PlacementSectors lists the ground sectors where side may place its
// battlegroups, rearmost first (its own map edge, then inward; north to
// south within a column). With Deployment "ends" that is the side's end
// column of the map (ruling PL1); with "sectors" the sectors
// Settings.DesignatedSectors lists for it, or else its half of the map
// (ruling PL2).
func PlacementSectors(c *Campaign, side string) ([]int, error) {
	i := c.sideIndex(side)
	if i < 0 {
		return nil, errorf("no side %q in this campaign: use %s", side, c.sideIDs())
	}
	if c.Map == nil {
		return nil, errorf("the campaign has no strategic map")
	}
	return placementSectors(c.Settings, c.Map, i, side)
}

func placementSectors(st Settings, m *mapgen.Strategic, i int, side string) ([]int, error) {
	var ids []int
	switch {
	case st.Deployment != "sectors":
		col := 0
		if i == 1 {
			col = m.Cols - 1
		}
		return endColumn(m, col), nil
	case st.DesignatedSectors != nil:
		ids = slices.Clone(st.DesignatedSectors[side])
		if len(ids) == 0 {
			return nil, errorf("designated_sectors names no sector for side %s: list at least one", side)
		}
		for _, id := range ids {
			if m.ByID(id) == nil {
				return nil, errorf("designated_sectors: side %s is given sector %d, which is not on the %d-sector map", side, id, len(m.Sectors))
			}
		}
	default:
		// The side's half of the map by column; with an odd number of
		// columns the middle one is no man's land; a map one column wide
		// is halved by rows instead (ruling PL2).
		for _, sec := range m.Sectors {
			pos, size := sec.Col, m.Cols
			if m.Cols == 1 {
				pos, size = sec.Row, m.Rows
			}
			if (i == 0 && pos < size/2) || (i == 1 && pos >= size-size/2) {
				ids = append(ids, sec.ID)
			}
		}
	}
	rear := func(id int) int {
		sec := m.ByID(id)
		if i == 1 {
			return m.Cols - 1 - sec.Col
		}
		return sec.Col
	}
	slices.SortFunc(ids, func(a, b int) int {
		if c := cmp.Compare(rear(a), rear(b)); c != 0 {
			return c
		}
		return cmp.Compare(m.ByID(a).Row, m.ByID(b).Row)
	})
	return ids, nil
}

// homeSectors are the sectors New spreads a side's battlegroups over: the
// rearmost column of its placement sectors, north to south (so with
// "ends", its end column, 000 line 2559).
func homeSectors(st Settings, m *mapgen.Strategic, i int, side string) ([]int, error) {
	ids, err := placementSectors(st, m, i, side)
	if err != nil {
		return nil, err
	}
	if len(ids) == 0 {
		return nil, errorf("side %s has no sector to start in on a %dx%d map: use a larger map or designated_sectors", side, m.Cols, m.Rows)
	}
	col := m.ByID(ids[0]).Col
	return slices.DeleteFunc(ids, func(id int) bool { return m.ByID(id).Col != col }), nil
}

// checkDesignated validates Settings.DesignatedSectors against the map and
// the sides: only with Deployment "sectors", every side listed, and no
// sector given to both sides (ruling PL3).
func checkDesignated(st Settings, m *mapgen.Strategic, sides []string) error {
	if st.DesignatedSectors == nil {
		return nil
	}
	if st.Deployment != "sectors" {
		return errorf("designated_sectors only counts with deployment sectors; set deployment to sectors or drop designated_sectors")
	}
	owner := map[int]string{}
	for i, side := range sides {
		ids, err := placementSectors(st, m, i, side)
		if err != nil {
			return err
		}
		for _, id := range ids {
			if other, ok := owner[id]; ok {
				if other == side {
					return errorf("designated_sectors: sector %d is listed twice for side %s", id, side)
				}
				return errorf("designated_sectors: sector %d is given to both %s and %s; a sector is designated to one side only (ruling PL3)", id, other, side)
			}
			owner[id] = side
		}
	}
	for side := range st.DesignatedSectors {
		if !slices.Contains(sides, side) {
			return errorf("designated_sectors names side %q, which is not in this campaign: use %s", side, strings.Join(sides, " and "))
		}
	}
	return nil
}

// orbitRefusal says why a battlegroup may not be held in orbit, or nil:
// only battlegroups of 'Mech lances, which can drop (000 line 2589), each
// kept ready to drop with the special purchase of 10 points a 'Mech (000
// lines 2040–2042; ruling DR24), and never the RBG (ruling PL4).
func orbitRefusal(s *Side, b *Battlegroup) error {
	if b.RBG {
		return errorf("the regimental battlegroup starts on the ground: its trucks cannot drop and its DropShips stay in the sector where it is first placed (%s, ruling PL4); place it in a sector", cite.Book(2547))
	}
	for _, id := range b.Units {
		u := s.Unit(id)
		if u == nil || u.Lance.Class.Kind() != referee.KindMech {
			return errorf("only 'Mech battlegroups can be held in orbit to drop later (%s); unit %s of battlegroup %d is not a 'Mech lance: split it off first", cite.Book(2589), id, b.ID)
		}
		if !u.DropReady {
			return errorf("battlegroup %d cannot be held in orbit: unit %s is not kept ready to drop, a special purchase of %d points for its 'Mechs (%s) that the regiment did not make; split it off and place it in a sector, or buy the drop in the regiment file (drop: true)", b.ID, id, forces.DropCost(u.Lance), cite.Span(2040, 2042))
		}
	}
	return nil
}

// Place puts side's battlegroup bg in sector, 0 meaning in orbit, before
// the campaign starts. The placement is secret: its event is addressed to
// the side only.
func Place(c *Campaign, side string, bg, sector int) (*Campaign, []Event, error) {
	if c == nil {
		return nil, nil, errorf("no campaign")
	}
	if c.Phase != PhaseSetup {
		return nil, nil, errorf("placement is over: the campaign started in turn 1; move battlegroups with /orders move, or drop them from orbit with /orders drop")
	}
	if c.Side(side) == nil {
		return nil, nil, errorf("no side %q in this campaign: use %s", side, c.sideIDs())
	}
	n := c.Clone()
	s := n.Side(side)
	b, err := orderBattlegroup(s, bg)
	if err != nil {
		return nil, nil, err
	}
	text, err := place(n, s, b, sector)
	if err != nil {
		return nil, nil, err
	}
	n.emit(Event{Step: "setup", Type: string(OrderPlace), Audience: secret(side), Side: side, Sector: sector, Text: text})
	return n, n.Log.Since(c.Log.Len()), nil
}

func place(c *Campaign, s *Side, b *Battlegroup, sector int) (string, error) {
	if sector == 0 {
		if err := orbitRefusal(s, b); err != nil {
			return "", err
		}
		b.Sector = 0
		return fmt.Sprintf("battlegroup %d %q is held in orbit aboard DropShips; drop it with /orders drop in any turn", b.ID, b.Name), nil
	}
	if err := c.checkSector(sector); err != nil {
		return "", err
	}
	allowed, err := PlacementSectors(c, s.ID)
	if err != nil {
		return "", err
	}
	if !slices.Contains(allowed, sector) {
		return "", errorf("sector %s is not one of your deployment sectors (%s): place battlegroup %d in %s, or a 'Mech battlegroup in orbit",
			sectorLabel(c, sector), deploymentWords(c.Settings), b.ID, sectorList(c, allowed))
	}
	b.Sector = sector
	return fmt.Sprintf("battlegroup %d %q will start in sector %s", b.ID, b.Name, sectorLabel(c, sector)), nil
}

func deploymentWords(st Settings) string {
	switch {
	case st.Deployment != "sectors":
		return "deployment ends: your end of the map"
	case st.DesignatedSectors != nil:
		return "the sectors designated for your side"
	}
	return "deployment sectors: your half of the map"
}

func sectorList(c *Campaign, ids []int) string {
	var out []string
	for _, id := range ids {
		out = append(out, sectorLabel(c, id))
	}
	return strings.Join(out, ", ")
}

// checkPlacements is Start's check: every battlegroup stands in one of its
// side's placement sectors, or in orbit when it may be held there.
func checkPlacements(c *Campaign) error {
	var bad []string
	for i := range c.Sides {
		s := &c.Sides[i]
		allowed, err := PlacementSectors(c, s.ID)
		if err != nil {
			return err
		}
		for j := range s.Battlegroups {
			b := &s.Battlegroups[j]
			switch {
			case b.Sector == 0:
				if err := orbitRefusal(s, b); err != nil {
					bad = append(bad, fmt.Sprintf("%s battlegroup %d is in orbit: %v", s.ID, b.ID, err))
				}
			case !slices.Contains(allowed, b.Sector):
				bad = append(bad, fmt.Sprintf("%s battlegroup %d stands in sector %s, outside %s", s.ID, b.ID, sectorLabel(c, b.Sector), sectorList(c, allowed)))
			}
		}
	}
	if len(bad) > 0 {
		return errorf("the campaign cannot start until every battlegroup is placed in its side's deployment sectors or in orbit (/bg place): %s", strings.Join(bad, "; "))
	}
	return nil
}

// AIPlacement is how the built-in AI commander places side's
// battlegroups, reading nothing but View(c, side): the RBG in the sector
// nearest the middle of its placement sectors, the other battlegroups
// spread over the rest, and its drop force held in orbit (aiDropForce).
// The orders are worksheet changes and placements (/bg split, /bg place)
// to give in turn. The same campaign, side and seed give the same
// orders; outside the set-up phase there are none.
func AIPlacement(c *Campaign, side string, seed uint64) []Order {
	return aiPlacement(View(c, side), seed)
}

func aiPlacement(v SideView, seed uint64) []Order {
	s, allowed := v.Own, v.Placement
	if s == nil || v.Phase != PhaseSetup || v.Map == nil || len(allowed) == 0 {
		return nil
	}
	// The middle: nearest the allowed sectors' centre, the rearmost first
	// on a tie (allowed is in that order).
	var cx, cy float64
	for _, id := range allowed {
		sec := v.Map.ByID(id)
		cx += float64(sec.Col)
		cy += float64(sec.Row)
	}
	cx, cy = cx/float64(len(allowed)), cy/float64(len(allowed))
	middle, best := allowed[0], -1.0
	for _, id := range allowed {
		sec := v.Map.ByID(id)
		dx, dy := float64(sec.Col)-cx, float64(sec.Row)-cy
		if d := dx*dx + dy*dy; best < 0 || d < best {
			middle, best = id, d
		}
	}
	others := slices.DeleteFunc(slices.Clone(allowed), func(id int) bool { return id == middle })
	if len(others) == 0 {
		others = []int{middle}
	}
	out, orbit := aiDropForce(s)
	rng := rand.New(rand.NewPCG(seed, 0x706c61636531))
	offset := rng.IntN(len(others))
	place := func(bg, sector int) {
		out = append(out, Order{Kind: OrderPlace, Battlegroup: bg, Sectors: []int{sector}})
	}
	k := 0
	for i := range s.Battlegroups {
		b := &s.Battlegroups[i]
		switch {
		case b.RBG:
			place(b.ID, middle)
		case b.ID == orbit:
			place(b.ID, 0)
		default:
			place(b.ID, others[(offset+k)%len(others)])
			k++
		}
	}
	if orbit == s.NextBattlegroup {
		place(orbit, 0)
	}
	return out
}

// aiDropForce picks the battlegroup the AI holds in orbit, 0 for none:
// the lances kept ready to drop (ruling DR24) of the battlegroup that has
// the most of them, as long as a fighting battlegroup stays on the
// ground. If they are the whole battlegroup it goes up as it is;
// otherwise they split off into a new one (the side's next battlegroup
// ID), and the split order comes first.
func aiDropForce(s *Side) ([]Order, int) {
	fighting := 0
	var from *Battlegroup
	var ready []string
	for i := range s.Battlegroups {
		b := &s.Battlegroups[i]
		if b.RBG {
			continue
		}
		fighting++
		var r []string
		for _, id := range b.Units {
			if u := s.Unit(id); u != nil && u.DropReady && u.Lance.Class.Kind() == referee.KindMech {
				r = append(r, id)
			}
		}
		if len(r) > len(ready) {
			from, ready = b, r
		}
	}
	switch {
	case from == nil:
		return nil, 0
	case len(ready) < len(from.Units):
		return []Order{{Kind: OrderSplit, Battlegroup: from.ID, Units: ready, Name: "Drop Force"}}, s.NextBattlegroup
	case fighting >= 2:
		return nil, from.ID
	}
	return nil, 0
}
