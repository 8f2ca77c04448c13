package campaign

import (
	"maps"
	"slices"

	"bfbot/mapgen"
	"bfbot/referee"
)

// SideView is what one side may know of the campaign (ruling
// R10): its own worksheet, orders, victory points and intel, its
// battlegroups on its own copy of the strategic map, the battles it
// fights, and the events addressed to it or to everyone. A spectator (an
// unknown side) gets only what is public. A SideView holds copies: changing it
// changes nothing in the campaign.
type SideView struct {
	Campaign int64  `json:"campaign"`
	Name     string `json:"name"`
	Turn     int    `json:"turn"`
	// LastTurn is the campaign's turn limit, public like the turn (0:
	// none; ruling CB15).
	LastTurn int   `json:"last_turn,omitempty"`
	Phase    Phase `json:"phase"`
	// Side is the viewing side's ID ("" for a spectator or the referee).
	Side    string `json:"side,omitempty"`
	Referee bool   `json:"referee,omitempty"`
	// Map is the strategic map itself, which is public.
	Map   *mapgen.Strategic `json:"-"`
	Sides []SideSummary     `json:"sides"`
	// Own is the viewing side in full (nil for a spectator).
	Own *Side `json:"own,omitempty"`
	// Placement lists the ground sectors where the viewing side may place
	// its battlegroups, during the set-up phase only (PlacementSectors).
	Placement []int `json:"placement,omitempty"`
	// All is every side in full, for the referee only.
	All     []Side       `json:"all,omitempty"`
	Sectors []SectorView `json:"sectors"`
	Battles []BattleView `json:"battles,omitempty"`
	Events  []Event      `json:"events,omitempty"`
	Winner  string       `json:"winner,omitempty"`
}

// lastTurn tells whether this is the campaign's last turn.
func (v SideView) lastTurn() bool { return v.LastTurn > 0 && v.Turn >= v.LastTurn }

// SideSummary is what everyone knows of a side, and its victory points
// as the viewer knows them (KnownVP; ruling SE2): its own account for
// the viewing side and the referee, the public points for anyone else.
type SideSummary struct {
	ID     string `json:"id"`
	Name   string `json:"name"`
	Letter string `json:"letter"`
	VP     int    `json:"vp"`
}

// SectorView is one sector on the viewer's copy of the strategic map.
type SectorView struct {
	ID   int    `json:"id"`
	Name string `json:"name"`
	// Own lists the viewer's battlegroups standing there (none for the
	// referee, who reads All).
	Own []int `json:"own,omitempty"`
	// Intel is the latest the viewer learnt of the enemy there (nil when
	// it never learnt anything).
	Intel *Intel `json:"intel,omitempty"`
	// Mines are the attack points of the viewer's own mines still lying
	// there (ruling CI3); the enemy's are never shown.
	Mines int `json:"mines,omitempty"`
	// Held: the viewer holds the sector (ruling CB14). Whether the enemy
	// holds one is the enemy's secret.
	Held bool `json:"held,omitempty"`
}

// BattleView is a battle as a side may know it: where and between whom
// (contact is public), its own battlegroups there, and how it ended.
type BattleView struct {
	ID      int              `json:"id"`
	Turn    int              `json:"turn"`
	Sector  int              `json:"sector"`
	Sides   []string         `json:"sides"`
	Own     []int            `json:"own,omitempty"`
	Over    bool             `json:"over,omitempty"`
	Outcome *referee.Outcome `json:"outcome,omitempty"`
	// EnemyLeft are the enemy counters the side saw standing on the
	// battle's map when it ended, as its own picture of the battle shows
	// them (kind, the class once sighted, the values once probed; never a
	// hidden unit), for a battle it fought that is over: what it knows
	// stays of the enemy in the sector.
	EnemyLeft []referee.ViewUnit `json:"enemy_left,omitempty"`
}

// View is what side may know of the campaign; an unknown side ("" for a
// spectator) gets only public things.
func View(c *Campaign, side string) SideView {
	v := publicView(c)
	s := c.Side(side)
	if s == nil {
		return v
	}
	own := s.clone()
	v.Side, v.Own = side, &own
	for i := range v.Sides {
		v.Sides[i].VP = c.KnownVP(v.Sides[i].ID, side)
	}
	if c.Phase == PhaseSetup {
		v.Placement, _ = PlacementSectors(c, side)
	}
	for i := range v.Sectors {
		sec := &v.Sectors[i]
		for _, b := range s.Battlegroups {
			if b.Sector == sec.ID {
				sec.Own = append(sec.Own, b.ID)
			}
		}
		sec.Mines = mineTotal(c.Sectors[sec.ID].Mines[side])
		sec.Held = c.Sectors[sec.ID].Holder == side
		// The latest turn's intel on the sector, its facts together (a
		// search that found the enemy and his own search there, CO4).
		for j := len(s.Intel) - 1; j >= 0; j-- {
			in := s.Intel[j]
			switch {
			case in.Sector != sec.ID:
			case sec.Intel == nil:
				sec.Intel = &in
			case in.Turn == sec.Intel.Turn:
				sec.Intel.Present = sec.Intel.Present || in.Present
				sec.Intel.Drop = sec.Intel.Drop || in.Drop
				sec.Intel.Searched = sec.Intel.Searched || in.Searched
			}
		}
	}
	for i := range v.Battles {
		bv := &v.Battles[i]
		b := c.Battle(bv.ID)
		for _, bs := range b.Sides {
			if bs.Side == side {
				bv.Own = slices.Clone(bs.Battlegroups)
				bv.Outcome = viewOutcome(b.Outcome)
				if b.Over && b.State != nil {
					bv.EnemyLeft = enemyLeft(b.State.View(side))
				}
			}
		}
	}
	v.Events = nil
	for _, e := range c.Log.All() {
		if e.For(side) {
			v.Events = append(v.Events, viewEvent(e))
		}
	}
	return v
}

// RefereeView is everything, for the campaign's referee role.
func RefereeView(c *Campaign) SideView {
	v := publicView(c)
	v.Referee = true
	for i, s := range c.Sides {
		v.All = append(v.All, s.clone())
		v.Sides[i].VP = s.VP
	}
	for i := range v.Battles {
		b := c.Battle(v.Battles[i].ID)
		v.Battles[i].Outcome = viewOutcome(b.Outcome)
	}
	v.Events = nil
	for _, e := range c.Log.All() {
		v.Events = append(v.Events, viewEvent(e))
	}
	return v
}

func publicView(c *Campaign) SideView {
	v := SideView{Campaign: c.ID, Name: c.Name, Turn: c.Turn, LastTurn: c.Settings.TurnLimit, Phase: c.Phase, Map: c.Map, Winner: c.Winner}
	for _, s := range c.Sides {
		v.Sides = append(v.Sides, SideSummary{ID: s.ID, Name: s.Name, Letter: s.Letter, VP: c.KnownVP(s.ID, "")})
	}
	if c.Map != nil {
		for _, sec := range c.Map.Sectors {
			v.Sectors = append(v.Sectors, SectorView{ID: sec.ID, Name: sec.Name})
		}
	}
	for _, b := range c.Battles {
		bv := BattleView{ID: b.ID, Turn: b.Turn, Sector: b.Sector, Over: b.Over}
		for _, bs := range b.Sides {
			bv.Sides = append(bv.Sides, bs.Side)
		}
		v.Battles = append(v.Battles, bv)
	}
	for _, e := range c.Log.All() {
		if len(e.Audience) == 0 {
			v.Events = append(v.Events, viewEvent(e))
		}
	}
	return v
}

func viewEvent(e Event) Event {
	e.Audience = slices.Clone(e.Audience)
	return e
}

func viewOutcome(o *referee.Outcome) *referee.Outcome {
	if o == nil {
		return nil
	}
	n := *o
	n.VP = maps.Clone(o.VP)
	return &n
}

// enemyLeft are the enemy units still fighting in a side's picture of
// a battle: on the map, not surrendered.
func enemyLeft(v referee.View) []referee.ViewUnit {
	var out []referee.ViewUnit
	for _, u := range v.Units {
		if !u.Own && u.Status == referee.Active.String() {
			out = append(out, u)
		}
	}
	return out
}
