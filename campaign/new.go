package campaign

import (
	"fmt"
	"strconv"

	"bfbot/campaign/forces"
	"bfbot/internal/usertext"
	"bfbot/mapgen"
	"bfbot/referee"
	"bfbot/referee/dice"
)

// New makes a campaign in PhaseSetup between the given regiments (two, as
// the book plays it) on a strategic map: each regiment becomes a side whose
// counters are numbered with the side's letter ("A1", "B7"), its trucks and
// DropShips form the RBG with the regiment's own units, and each battalion
// forms a battlegroup. With Settings.Deployment "ends" the sides stand at
// opposite ends of the map (000 line 2559): the first in the westmost
// column, the second in the eastmost, battalions spread over the column and
// the RBG in its middle; with "sectors" they stand the same way in the
// rearmost column of the side's designated sectors (placement.go). Until
// Start each side may place its battlegroups anew (Place).
func New(id int64, name string, st Settings, m *mapgen.Strategic, regs []forces.Regiment) (*Campaign, error) {
	name, err := userName(usertext.Campaign, "name", name)
	if err != nil {
		return nil, err
	}
	if err := st.Validate(); err != nil {
		return nil, err
	}
	if m == nil || len(m.Sectors) < 2 {
		return nil, errorf("the strategic map needs at least two sectors")
	}
	if len(regs) != 2 {
		return nil, errorf("a campaign is fought between two regiments, not %d", len(regs))
	}
	for _, r := range regs {
		// A side's ID addresses its secret events: the reserved names
		// mean someone else (ruling SE3).
		if err := referee.ReservedSideIDError(r.ID); err != nil {
			return nil, errorf("regiment %s: id %v", r.Name, err)
		}
	}
	if regs[0].ID == regs[1].ID {
		return nil, errorf("both sides chose regiment %q: pick two different regiments", regs[0].ID)
	}
	if err := checkDesignated(st, m, []string{regs[0].ID, regs[1].ID}); err != nil {
		return nil, err
	}
	c := &Campaign{ID: id, Name: name, Settings: st, Map: m, Phase: PhaseSetup, NextBattle: 1}
	c = c.Clone() // a copy of st's designated sectors, not the caller's map
	for i, r := range regs {
		home, err := homeSectors(st, m, i, r.ID)
		if err != nil {
			return nil, err
		}
		c.Sides = append(c.Sides, newSide(r, string(rune('A'+i)), st.RepairPoints, home))
	}
	for _, s := range c.Sides {
		c.emit(Event{Step: "setup", Type: "side", Side: s.ID, Text: fmt.Sprintf("%s takes the field", s.Name)})
	}
	return c, nil
}

// endColumn lists the sector IDs of one grid column, north to south.
func endColumn(m *mapgen.Strategic, col int) []int {
	var ids []int
	for row := 0; row < m.Rows; row++ {
		if s := m.At(col, row); s != nil {
			ids = append(ids, s.ID)
		}
	}
	return ids
}

func newSide(r forces.Regiment, letter string, repair int, sectors []int) Side {
	s := Side{ID: r.ID, Name: r.Name, Letter: letter, Mercenary: r.Mercenary, RepairPoints: repair, NextBattlegroup: 1}
	// Special purchases that are not counters come with the side: mines
	// for prepared positions (line 2633; ruling CI2) and salvage counters
	// in the RBG box.
	s.Mines, s.Salvage = r.Special.MineAttack, r.Special.Salvage
	// Repair points are fixed when the campaign begins (line 2669):
	// the referee's setting, else the regiment's own, else F8's 50
	// (ruling RF3).
	if repair == 0 {
		s.RepairPoints = r.RBG.RepairPoints
	}
	if s.RepairPoints == 0 {
		s.RepairPoints = forces.DefaultRepairPoints
	}
	add := func(u forces.RosterUnit) string {
		id := letter + strconv.Itoa(len(s.Units)+1)
		s.Units = append(s.Units, Unit{ID: id, Lance: u.Lance, Battalion: u.Battalion, Company: u.Company, Status: UnitActive, Hidden: u.Hidden, DropReady: r.KeptForDrop(u)})
		return id
	}
	rbgSector := sectors[len(sectors)/2]
	rbg := s.newBattlegroup("Regimental Battlegroup", rbgSector)
	rbg.RBG = true
	for _, u := range r.RBG.Trucks {
		rbg.Units = append(rbg.Units, add(u))
	}
	for _, u := range r.RBG.DropShips {
		rbg.Units = append(rbg.Units, add(u))
	}
	s.Battlegroups = append(s.Battlegroups, rbg)
	byBattalion := map[string]int{} // battalion → index in Battlegroups
	for _, u := range r.Units {
		id := add(u)
		if u.Battalion == "" || u.Hidden {
			s.Battlegroups[0].Units = append(s.Battlegroups[0].Units, id)
			continue
		}
		i, ok := byBattalion[u.Battalion]
		if !ok {
			sector := sectors[len(byBattalion)%len(sectors)]
			s.Battlegroups = append(s.Battlegroups, s.newBattlegroup(u.Battalion, sector))
			i = len(s.Battlegroups) - 1
			byBattalion[u.Battalion] = i
		}
		s.Battlegroups[i].Units = append(s.Battlegroups[i].Units, id)
	}
	for i := range s.Battlegroups {
		for _, id := range s.Battlegroups[i].Units {
			s.Unit(id).Battlegroup = s.Battlegroups[i].ID
		}
	}
	return s
}

// newBattlegroup makes an empty battlegroup with the side's next ID.
func (s *Side) newBattlegroup(name string, sector int) Battlegroup {
	b := Battlegroup{ID: s.NextBattlegroup, Name: name, Sector: sector}
	s.NextBattlegroup++
	return b
}

// Start opens the first turn's orders once every battlegroup stands where
// the campaign set-up lets it (checkPlacements). Each side holds the
// sectors it stands in alone (ruling CB14); with Settings.RaidObjectives
// each side's raid objective is rolled on d (ruling ST14), which may be
// nil otherwise.
func Start(c *Campaign, d *dice.Dice) (*Campaign, error) {
	if c.Phase != PhaseSetup {
		return nil, errorf("campaign %d has already started (turn %d)", c.ID, c.Turn)
	}
	if err := checkPlacements(c); err != nil {
		return nil, err
	}
	n := c.Clone()
	if n.Settings.RaidObjectives {
		if d == nil {
			return nil, errorf("raid objectives are rolled at the start, and no dice were given")
		}
		if err := n.rollRaidObjectives(d); err != nil {
			return nil, err
		}
	}
	n.setHome()
	n.Turn, n.Phase = 1, PhaseOrders
	n.emit(Event{Step: "orders", Type: "turn", Text: "orders are open"})
	return n, nil
}

func (c *Campaign) sideIDs() string {
	out := ""
	for i, s := range c.Sides {
		if i > 0 {
			out += " or "
		}
		out += s.ID
	}
	return out
}
