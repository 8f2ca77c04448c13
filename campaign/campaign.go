package campaign

import (
	"fmt"
	"maps"
	"slices"

	"bfbot/campaign/forces"
	"bfbot/mapgen"
	"bfbot/mapgen/hex"
	"bfbot/referee"
)

// Phase is where a campaign stands in its turn (000 lines 2563–2575).
type Phase string

// The phases a campaign passes through. A turn opens for orders, resolves
// them (steps 1–5: divide and combine, recon, movement, searches, contact;
// a search step waits for the players when drops were made),
// fights the battles that contact made (step 6), then does the upkeep
// (steps 7–11: repair, experience, victory points, reinforcements, end
// check) and opens the next turn's orders.
const (
	// PhaseSetup: sides are being joined and placed; no turn has begun.
	PhaseSetup Phase = "setup"
	// PhaseOrders: players give sealed orders for the turn.
	PhaseOrders Phase = "orders"
	// PhaseSearches: movement is over and drops were made in public;
	// each side may add searches in answer before they are read (step 4,
	// 000 line 2599; ruling CO10).
	PhaseSearches Phase = "searches"
	// PhaseBattles: contacts are being fought.
	PhaseBattles Phase = "battles"
	// PhaseOver: the campaign has ended.
	PhaseOver Phase = "over"
)

// Campaign is a whole BattleForce campaign: two sides with their regiments
// and secret worksheets, the strategic map, the battles and the history.
//
// A Campaign is a value in the way referee.State is: the functions that
// advance it return a new Campaign and leave the one they were given
// unchanged (Clone), so a campaign's history of values is what undo needs.
type Campaign struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
	// Referee is the user ID holding the referee role ("" for none).
	Referee string `json:"referee,omitempty"`
	// Pending are the joins waiting for the referee (membership.go).
	Pending []JoinRequest `json:"pending,omitempty"`
	// Names are the display names of the campaign's people by user ID,
	// as last seen: messages name people, never show their IDs.
	Names map[string]string `json:"names,omitempty"`
	// Held is the side each user last held a seat on, by user ID, kept
	// when he leaves: he knows its secrets, so he is seated on another
	// only as ruling SEAT4 allows (membership.go).
	Held     map[string]string   `json:"held,omitempty"`
	Settings Settings            `json:"settings"`
	Map      *mapgen.Strategic   `json:"map"`
	Sides    []Side              `json:"sides"`
	Turn     int                 `json:"turn"` // campaign turn, from 1 once started
	Phase    Phase               `json:"phase"`
	Battles  []Battle            `json:"battles,omitempty"`
	Sectors  map[int]SectorState `json:"sectors,omitempty"`
	// Log is every campaign event with its audience, oldest first,
	// shared by the campaign's copies (log.go); events are added by emit.
	Log Log `json:"log,omitzero"`
	// Notify is each member's notification preferences (/campaign
	// notify), by user ID; a member without an entry takes the defaults.
	Notify map[string]NotifyPrefs `json:"notify,omitempty"`
	// NextBattle is the ID the next battle gets (IDs from 1).
	NextBattle int `json:"next_battle"`
	// Winner is the side ID with the most victory points once Phase is
	// PhaseOver ("" for a draw).
	Winner string `json:"winner,omitempty"`
	// End is why the campaign ended, set with PhaseOver by the end
	// check of a campaign turn (upkeep.go); "" for a scenario's or
	// Quick-Start battle's campaign, and for one the referee ended
	// (bot/command's endNow), which no rule decided.
	End End `json:"end,omitempty"`
	// Scenario is set for a campaign that plays one of the book's
	// scenarios as its only battle (NewScenarioBattle).
	Scenario *ScenarioRef `json:"scenario,omitempty"`
	// QuickStart is the battle of a campaign that plays a Quick-Start
	// scenario (NewQuickStartScenario); nil for every other campaign.
	QuickStart *QuickStartBattle `json:"quickstart,omitempty"`
	// Guild and Channel are the server and channel the campaign lives in,
	// set where /campaign create or /scenario start ran: its public posts
	// and battle threads go there, and commands from another server never
	// reach it (bot/command, place.go). A thread (or forum post) may be
	// the channel. Both are "" for a campaign made outside any server.
	Guild   string `json:"guild,omitempty"`
	Channel string `json:"channel,omitempty"`
	// Decisions are the questions waiting for a side's answer
	// (decision.go), each secret to its side; NextDecision is the Seq
	// the next one gets (from 1).
	Decisions    []Decision `json:"decisions,omitempty"`
	NextDecision int        `json:"next_decision,omitempty"`
}

// SectorState is what battles leave behind in a sector for the next
// battle fought there: the tactical map is generated once from the
// sector's seed, and rubble, mines and hidden infantry stay (000 lines 2611, 2633; ruling CB19).
type SectorState struct {
	Rubble []hex.Hex `json:"rubble,omitempty"`
	// Reached is the side that scored the sector's objectives: one side,
	// once in the campaign (objectives.go; ruling CB9). Campaigns from
	// before that rule may list both sides.
	Reached []string `json:"reached,omitempty"`
	// Home is the side that held the sector at the start, and Holder the
	// side that holds it now: the last to stand there alone at an upkeep
	// (ruling CB14).
	Home   string `json:"home,omitempty"`
	Holder string `json:"holder,omitempty"`
	// Mines are the mines laid in the sector and not yet set off, per
	// side and hex (attack points): they stay after the battle whoever
	// wins it (000 line 2633; ruling CI3). Secret to their side.
	Mines map[string]map[hex.Hex]int `json:"mines,omitempty"`
}

// Side is one commander's (or team's) side: a regiment split into
// battlegroups, its victory points and its sealed orders. Everything here
// but the side's name and its public drops is secret to the other side.
type Side struct {
	ID     string `json:"id"`   // the regiment's id: "crucis"
	Name   string `json:"name"` // "7th Crucis Lancers"
	Letter string `json:"letter"`
	// Mercenary: the regiment is a mercenary one (Regiment.Mercenary).
	Mercenary bool     `json:"mercenary,omitempty"`
	Players   []string `json:"players,omitempty"` // user IDs
	// Units are every counter the side has ever had, in ID order; lost
	// ones stay with their Status for the record and for reinforcements.
	Units        []Unit        `json:"units"`
	Battlegroups []Battlegroup `json:"battlegroups"`
	// VP is the running total of victory points; VPSpent what
	// reinforcements have used up (000 line 2729).
	VP      int `json:"vp"`
	VPSpent int `json:"vp_spent"`
	// Reinforcements is the victory points this turn's reinforcement roll
	// made available and not yet spent (000 line 2712).
	Reinforcements int `json:"reinforcements,omitempty"`
	// Salvage counters in the RBG box, and repair points kept with the
	// RBG (000 lines 2663–2669).
	Salvage      int `json:"salvage"`
	RepairPoints int `json:"repair_points"`
	// RepairChosen: the side has answered this turn's repair decision;
	// RepairOrder are the units it chose to mend, in order (none when
	// empty). Cleared by the upkeep.
	RepairChosen bool     `json:"repair_chosen,omitempty"`
	RepairOrder  []string `json:"repair_order,omitempty"`
	// DecisionsAsked is the ID of the side's last decision (decision.go):
	// its decisions are numbered apart from the other sides' (SE6).
	DecisionsAsked int `json:"decisions_asked,omitempty"`
	// Mines are the attack points of mines bought (Regiment.Special) and
	// not yet laid: a prepared position lays them (000 line 2633; ruling
	// CI2).
	Mines int `json:"mines,omitempty"`
	// Orders are the sealed orders for the current turn.
	Orders Orders `json:"orders"`
	// Intel is what this side has learnt of the enemy: search answers
	// and public drops, by turn.
	Intel []Intel `json:"intel,omitempty"`
	// NextBattlegroup is the ID the next battlegroup gets (from 1).
	NextBattlegroup int `json:"next_battlegroup"`
}

// UnitStatus is where a campaign unit is.
type UnitStatus string

// The campaign statuses of a unit.
const (
	UnitActive    UnitStatus = "active"
	UnitDestroyed UnitStatus = "destroyed"
	UnitCaptured  UnitStatus = "captured" // taken by the enemy
	UnitLeft      UnitStatus = "left"     // left the planet (DropShips lifting off)
	UnitBrokenUp  UnitStatus = "broken-up"
	// UnitAvailable: not yet in play; reinforcements may bring it in
	// (000 line 2712).
	UnitAvailable UnitStatus = "available"
)

// Unit is one counter of a side in the campaign: its lance values and
// what the campaign has done to it.
type Unit struct {
	// ID is unique in the campaign and is the counter's label in battles:
	// the side's letter and a number, "A12".
	ID    string       `json:"id"`
	Lance forces.Lance `json:"lance"`
	// Battalion and Company as the roster has them.
	Battalion string `json:"battalion,omitempty"`
	Company   string `json:"company,omitempty"`
	// Step is the damage steps taken (0–3; 0–1 air; 0–7 DropShips).
	Step   int        `json:"step"`
	Status UnitStatus `json:"status"`
	// Battlegroup is the ID of the battlegroup holding it (0 when lost or
	// available).
	Battlegroup int `json:"battlegroup,omitempty"`
	// Attacked: it attacked an enemy in a battle this turn, which earns an
	// experience roll (000 line 2690).
	Attacked bool `json:"attacked,omitempty"`
	// Hidden infantry, placed in secret by a prepared position.
	Hidden bool `json:"hidden,omitempty"`
	// DropReady: a 'Mech lance kept ready to drop from space, a special
	// purchase of 10 points a 'Mech (000 lines 2040–2042); only battlegroups
	// of such lances may be held in orbit (ruling DR24).
	DropReady bool `json:"drop_ready,omitempty"`
	// From names the side it was captured from ("" for its own).
	From string `json:"from,omitempty"`
	// Replaced: the ID of the unit that took this lost unit's place (a
	// captured counter its crew took over, or a reinforcement copy), so
	// a lost unit is replaced once.
	Replaced string `json:"replaced,omitempty"`
}

// Battlegroup is one box of the Battlegroup Worksheet: units that move and
// fight together (000 lines 2529–2533).
type Battlegroup struct {
	ID   int    `json:"id"`
	Name string `json:"name"`
	// Sector is where it stands (0: in orbit, aboard DropShips, for a
	// later drop).
	Sector int      `json:"sector"`
	Units  []string `json:"units"`
	// RBG marks the regimental battlegroup (000 lines 2541–2547).
	RBG bool `json:"rbg,omitempty"`
	// Recon: +2 ESR and/or AEP bought for a lance-sized battlegroup
	// (000 lines 2583).
	ReconESR bool `json:"recon_esr,omitempty"`
	ReconAEP bool `json:"recon_aep,omitempty"`
	// Prepared: it did not move and holds a prepared position (000 line
	// 2593).
	Prepared bool `json:"prepared,omitempty"`
	// Moved this turn, and From the sector it came from (ruling R7).
	Moved bool `json:"moved,omitempty"`
	From  int  `json:"from,omitempty"`
	// Dropped: it dropped from orbit this turn (public, no further move;
	// 000 line 2589).
	Dropped bool `json:"dropped,omitempty"`
}

// Recon reports whether the battlegroup is a recon unit.
func (b *Battlegroup) Recon() bool { return b.ReconESR || b.ReconAEP }

// Intel is one thing a side learnt of the enemy in a turn.
type Intel struct {
	Turn   int `json:"turn"`
	Sector int `json:"sector"`
	// Present: a search found at least one enemy battlegroup there (the
	// answer says no more, 000 line 2599); Drop: an enemy dropped there;
	// Searched: the enemy searched there, so one of its battlegroups or
	// recon units stood there (ruling CO4).
	Present  bool `json:"present,omitempty"`
	Drop     bool `json:"drop,omitempty"`
	Searched bool `json:"searched,omitempty"`
}

// Battle is a tactical battle that contact made in a sector.
type Battle struct {
	ID     int `json:"id"`
	Turn   int `json:"turn"` // campaign turn of the contact
	Sector int `json:"sector"`
	// Sides are the battlegroups engaged, per side ID.
	Sides []BattleSide `json:"sides"`
	// State is the battle as it stands; its Map is regenerated from the
	// sector on load and never stored (Restore).
	State *referee.State `json:"state"`
	// Over: the battle has ended and its results are in the campaign.
	Over bool `json:"over,omitempty"`
	// Auto: the AI fights (both sides agreed, a setting, or a deadline).
	Auto    bool             `json:"auto,omitempty"`
	Outcome *referee.Outcome `json:"outcome,omitempty"`
	// RetreatFrom is the ID of the battle whose withdrawal started this
	// one (000 line 2659), 0 for a battle that contact made. Such a
	// battle starts no further one (rulings CB7, CI1).
	RetreatFrom int `json:"retreat_from,omitempty"`
	// Installations are the hardened buildings 004's defensive advantage
	// put on the map (ruling ST12): Restore puts them back on the
	// regenerated sector map.
	Installations []hex.Hex `json:"installations,omitempty"`
	// Terrain are the referee's terrain judgements (ruling JD2), in
	// order: Restore lays them on the regenerated map after the
	// installations.
	Terrain []TerrainChange `json:"terrain,omitempty"`
	// Refusal are the sides the setup tables let decline this battle in
	// game turn 1 (RefuseBattle; 004 lines 15, 27, 70).
	Refusal []string `json:"refusal,omitempty"`
	// Morale is what 004's morale checks need of the battle's start and
	// have done so far (Settings.MoraleTable; battle_morale.go); nil with
	// the setting off.
	Morale *BattleMorale `json:"morale,omitempty"`
	// Log and Frames are the battle's record (battle_record.go): its
	// events with their audiences, and each side's picture at the start
	// and the end of every game turn. Both only grow.
	Log    []LoggedEvent `json:"log,omitempty"`
	Frames []Frame       `json:"frames,omitempty"`
}

// BattleSide is one side's part in a battle.
type BattleSide struct {
	Side         string `json:"side"`
	Battlegroups []int  `json:"battlegroups"`
	// Withdrew: the side broke off (declared and left the map).
	Withdrew bool `json:"withdrew,omitempty"`
	// Mines are the mines this side laid from its stock in this battle
	// (a prepared position, ruling CI2), by hex; secret to the side, which
	// may place them again with PlaceMines until the battle starts.
	Mines map[hex.Hex]int `json:"mines,omitempty"`
}

// Event is one thing that happened in the campaign, with who may know it.
type Event struct {
	Turn int    `json:"turn"`
	Step string `json:"step"` // "orders", "movement", "search", "contact", "battle", "repair", "experience", "vp", "reinforcements", "end"
	Type string `json:"type"`
	// Audience are the side IDs that may see it; empty means everyone.
	Audience []string `json:"audience,omitempty"`
	Side     string   `json:"side,omitempty"`
	Sector   int      `json:"sector,omitempty"`
	Battle   int      `json:"battle,omitempty"`
	// VP is a change of Side's victory points (negative when spent);
	// Check adds them up against Side.VP.
	VP   int    `json:"vp,omitempty"`
	Text string `json:"text"`
}

// For reports whether side may see e.
func (e Event) For(side string) bool {
	if len(e.Audience) == 0 {
		return true
	}
	for _, a := range e.Audience {
		if a == side {
			return true
		}
	}
	return false
}

// Side returns the side with the given ID, or nil.
func (c *Campaign) Side(id string) *Side {
	for i := range c.Sides {
		if c.Sides[i].ID == id {
			return &c.Sides[i]
		}
	}
	return nil
}

// Enemy returns the other side of a two-sided campaign, or nil.
func (c *Campaign) Enemy(id string) *Side {
	for i := range c.Sides {
		if c.Sides[i].ID != id {
			return &c.Sides[i]
		}
	}
	return nil
}

// SideOf returns the side a user plays, or nil.
func (c *Campaign) SideOf(user string) *Side {
	for i := range c.Sides {
		for _, p := range c.Sides[i].Players {
			if p == user {
				return &c.Sides[i]
			}
		}
	}
	return nil
}

// Battle returns the battle with the given ID, or nil.
func (c *Campaign) Battle(id int) *Battle {
	for i := range c.Battles {
		if c.Battles[i].ID == id {
			return &c.Battles[i]
		}
	}
	return nil
}

// Unit returns the side's unit with the given ID, or nil.
func (s *Side) Unit(id string) *Unit {
	for i := range s.Units {
		if s.Units[i].ID == id {
			return &s.Units[i]
		}
	}
	return nil
}

// Battlegroup returns the side's battlegroup with the given ID, or nil.
func (s *Side) Battlegroup(id int) *Battlegroup {
	for i := range s.Battlegroups {
		if s.Battlegroups[i].ID == id {
			return &s.Battlegroups[i]
		}
	}
	return nil
}

// RBG returns the side's regimental battlegroup, or nil once it is gone.
func (s *Side) RBG() *Battlegroup {
	for i := range s.Battlegroups {
		if s.Battlegroups[i].RBG {
			return &s.Battlegroups[i]
		}
	}
	return nil
}

// BattlegroupsIn returns the side's battlegroups standing in a sector.
func (s *Side) BattlegroupsIn(sector int) []*Battlegroup {
	var out []*Battlegroup
	for i := range s.Battlegroups {
		if s.Battlegroups[i].Sector == sector {
			out = append(out, &s.Battlegroups[i])
		}
	}
	return out
}

// secret is the audience of an event only side may see.
func secret(side string) []string { return []string{side} }

// Clone returns a deep copy of the campaign. The strategic map is shared
// (it never changes after creation); battle states are cloned; the log's
// events are shared (log.go), and so are the units' lance members.
//
// IMPORTANT: events in Log are never changed once logged; a change to the
// campaign appends new ones.
func (c *Campaign) Clone() *Campaign {
	n := *c
	if c.Settings.DesignatedSectors != nil {
		n.Settings.DesignatedSectors = make(map[string][]int, len(c.Settings.DesignatedSectors))
		for k, v := range c.Settings.DesignatedSectors {
			n.Settings.DesignatedSectors[k] = append([]int(nil), v...)
		}
	}
	n.Notify = maps.Clone(c.Notify)
	n.Sides = make([]Side, len(c.Sides))
	for i, s := range c.Sides {
		n.Sides[i] = s.clone()
	}
	n.Battles = make([]Battle, len(c.Battles))
	for i, b := range c.Battles {
		nb := b
		nb.Sides = append([]BattleSide(nil), b.Sides...)
		for j := range nb.Sides {
			nb.Sides[j].Battlegroups = append([]int(nil), b.Sides[j].Battlegroups...)
			nb.Sides[j].Mines = maps.Clone(b.Sides[j].Mines)
		}
		nb.Installations = append([]hex.Hex(nil), b.Installations...)
		nb.Terrain = append([]TerrainChange(nil), b.Terrain...)
		nb.Refusal = append([]string(nil), b.Refusal...)
		nb.Morale = b.Morale.clone()
		// The record only grows (as the campaign's log): the copy shares
		// it, clipped so that an append makes a new array.
		nb.Log = slices.Clip(b.Log)
		nb.Frames = slices.Clip(b.Frames)
		if b.State != nil {
			nb.State = b.State.Clone()
		}
		if b.Outcome != nil {
			o := *b.Outcome
			o.VP = maps.Clone(b.Outcome.VP)
			nb.Outcome = &o
		}
		n.Battles[i] = nb
	}
	if c.Sectors != nil {
		n.Sectors = make(map[int]SectorState, len(c.Sectors))
		for k, v := range c.Sectors {
			v.Rubble = append([]hex.Hex(nil), v.Rubble...)
			v.Reached = append([]string(nil), v.Reached...)
			if v.Mines != nil {
				ms := make(map[string]map[hex.Hex]int, len(v.Mines))
				for side, m := range v.Mines {
					ms[side] = maps.Clone(m)
				}
				v.Mines = ms
			}
			n.Sectors[k] = v
		}
	}
	// The log only grows: events are never changed in place, so the copy
	// shares them (log.go; copied with the fields above).
	n.Pending = slices.Clone(c.Pending)
	n.Decisions = make([]Decision, len(c.Decisions))
	for i, d := range c.Decisions {
		d.Options = slices.Clone(d.Options)
		n.Decisions[i] = d
	}
	if c.Names != nil {
		n.Names = maps.Clone(c.Names)
	}
	if c.Held != nil {
		n.Held = maps.Clone(c.Held)
	}
	if c.Scenario != nil {
		sc := *c.Scenario
		n.Scenario = &sc
	}
	n.QuickStart = c.QuickStart.clone()
	return &n
}

func (s Side) clone() Side {
	n := s
	n.Players = append([]string(nil), s.Players...)
	// A lance's members are set when the lance is made and never changed
	// in place (a lance made from another copies them): the copy shares
	// them, clipped so that an append makes a new array. Copying them
	// was most of a Clone's allocations.
	n.Units = slices.Clone(s.Units)
	for i := range n.Units {
		n.Units[i].Lance.Members = slices.Clip(n.Units[i].Lance.Members)
	}
	n.Battlegroups = make([]Battlegroup, len(s.Battlegroups))
	for i, b := range s.Battlegroups {
		b.Units = append([]string(nil), b.Units...)
		n.Battlegroups[i] = b
	}
	n.Orders = s.Orders.clone()
	n.Intel = append([]Intel(nil), s.Intel...)
	n.RepairOrder = slices.Clone(s.RepairOrder)
	return n
}

// errorf is a refusal a player can act on.
func errorf(format string, args ...any) error { return &Error{Msg: fmt.Sprintf(format, args...)} }

// Error is a refused order or command: the message says what is wrong and
// how to fix it. Errors of other types are internal.
type Error struct{ Msg string }

func (e *Error) Error() string { return e.Msg }
