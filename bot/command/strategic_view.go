package command

import (
	"fmt"
	"slices"
	"time"

	"bfbot/campaign"
	"bfbot/mapgen/render"
)

// strategicView is the strategic map as side (or the referee) may see
// it, for the picture and its description. A player's is built from
// campaign.View alone (ruling R10): his battlegroups, in sectors or in
// orbit, his pending orders as arrows, prepared positions and searches, the enemy he found
// with the turn he found it, the battles being fought (contact is
// public), the victory points as his side knows them (its own account,
// the enemy's public points; ruling SE2), the deadline and, in the set-up
// phase, where he may deploy. The referee's shows every side's (or only's)
// battlegroups and orders, and no intel. due is the order deadline, zero
// for none.
func strategicView(c *campaign.Campaign, side *campaign.Side, isReferee bool, only string, due time.Time) render.StrategicView {
	sv := render.StrategicView{Map: c.Map}
	index := map[string]int{}
	for i, s := range c.Sides {
		index[s.ID] = i
	}
	var v campaign.SideView
	var shown []campaign.Side
	switch {
	case side != nil:
		v = campaign.View(c, side.ID)
		sv.Viewer = side.Name
		shown = []campaign.Side{*v.Own}
	case isReferee:
		v = campaign.RefereeView(c)
		sv.Viewer = "referee"
		for _, s := range v.All {
			if only == "" || s.ID == only {
				shown = append(shown, s)
			}
		}
	default:
		return sv
	}
	when := fmt.Sprintf("turn %d", c.Turn)
	if c.Phase == campaign.PhaseSetup {
		when = "set-up"
	}
	sv.Title = c.Name + " — " + when
	for _, s := range v.Sides {
		sv.Scores = append(sv.Scores, render.Score{Name: s.Name, VP: s.VP, Side: index[s.ID]})
	}
	if !due.IsZero() {
		sv.Deadline = "orders due " + mapTime(c, due)
	}

	// Where the viewer knows the enemy is: his contacts and the battles;
	// for the referee, where another side stands.
	hostile := map[int]map[int]bool{} // side index → sectors
	known := func(i, sector int) {
		for j := range c.Sides {
			if j != i {
				if hostile[j] == nil {
					hostile[j] = map[int]bool{}
				}
				hostile[j][sector] = true
			}
		}
	}
	for _, b := range v.Battles {
		if !b.Over {
			sv.Battles = append(sv.Battles, render.BattleMark{SectorID: b.Sector, Label: fmt.Sprintf("battle %d", b.ID)})
			known(-1, b.Sector)
		}
	}
	if side != nil {
		enemy := 1 - index[side.ID]
		for _, sec := range v.Sectors {
			if in := sec.Intel; in != nil && (in.Present || in.Drop || in.Searched) {
				sv.Contacts = append(sv.Contacts, render.SectorMark{SectorID: sec.ID, Side: enemy, Seen: in.Turn})
				known(enemy, sec.ID)
			}
		}
		for _, id := range v.Placement {
			sv.Deploy = append(sv.Deploy, render.SectorMark{SectorID: id, Side: index[side.ID]})
		}
	} else {
		for _, s := range v.All {
			for _, b := range s.Battlegroups {
				if b.Sector != 0 {
					known(index[s.ID], b.Sector)
				}
			}
		}
	}
	for _, s := range shown {
		i := index[s.ID]
		for _, b := range s.Battlegroups {
			sv.Own = append(sv.Own, render.SectorMark{SectorID: b.Sector, Label: badgeLabel(b.ID), Side: i})
		}
		// Orders are drawn while they are pending: moves until the turn
		// resolves them, searches until the search step reads them.
		if c.Phase == campaign.PhaseOrders {
			sv.Orders = append(sv.Orders, orderArrows(&s, i, hostile[i])...)
			for _, id := range s.Orders.Holds {
				if b := s.Battlegroup(id); b != nil && b.Sector != 0 {
					sv.Holds = append(sv.Holds, render.SectorMark{SectorID: b.Sector, Label: badgeLabel(id), Side: i})
				}
			}
		}
		if c.Phase == campaign.PhaseOrders || c.Phase == campaign.PhaseSearches {
			for _, sec := range s.Orders.Searches {
				sv.Searches = append(sv.Searches, render.SectorMark{SectorID: sec, Side: i})
			}
		}
	}
	return sv
}

// badgeLabel is a battlegroup's mark on the strategic map: "BG3", never
// a unit's "A3".
func badgeLabel(id int) string { return fmt.Sprintf("BG%d", id) }

// orderArrows are side s's sealed moves, drops and lift-off as arrows in
// the colour of side i. A move into a sector where the viewer knows the
// enemy is (hostile) is drawn as an attack; a recon unit's move as a
// recon path.
func orderArrows(s *campaign.Side, i int, hostile map[int]bool) []render.OrderArrow {
	var out []render.OrderArrow
	for _, m := range s.Orders.Moves {
		b := s.Battlegroup(m.Battlegroup)
		if b == nil || len(m.Path) == 0 || b.Sector == 0 {
			continue
		}
		kind := render.MoveArrow
		switch {
		case b.Recon() || len(m.Path) > 1:
			kind = render.ReconArrow
		case hostile[m.Path[len(m.Path)-1]]:
			kind = render.AttackArrow
		}
		out = append(out, render.OrderArrow{Kind: kind, Path: append([]int{b.Sector}, m.Path...), Label: badgeLabel(b.ID), Side: i})
	}
	for _, d := range s.Orders.Drops {
		out = append(out, render.OrderArrow{Kind: render.DropArrow, Path: []int{render.Orbit, d.Sector}, Label: badgeLabel(d.Battlegroup), Side: i})
	}
	if s.Orders.LiftOff {
		if j := slices.IndexFunc(s.Battlegroups, func(b campaign.Battlegroup) bool { return b.RBG }); j >= 0 && s.Battlegroups[j].Sector != 0 {
			b := s.Battlegroups[j]
			out = append(out, render.OrderArrow{Kind: render.LiftOffArrow, Path: []int{b.Sector, render.Orbit}, Label: badgeLabel(b.ID), Side: i})
		}
	}
	return out
}

// mapTime is a deadline as a picture can give it: in the campaign's time
// zone, named (a picture cannot show each reader his own time, as
// Discord's timestamps in the text do).
func mapTime(c *campaign.Campaign, t time.Time) string {
	loc, err := time.LoadLocation(c.Settings.TimeZone)
	if err != nil {
		loc = time.UTC
	}
	return t.In(loc).Format("Mon 2 Jan 15:04 MST")
}
