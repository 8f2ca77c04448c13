package referee

import (
	"fmt"

	"bfbot/mapgen/hex"
)

// Values is one row of a counter: Ranged Attack, Close Attack and
// Defensive Value (000 lines 234–238).
type Values struct {
	RA, CA, D int `json:",omitzero"`
}

// StepDecrement is how much a full-strength value drops with each damage
// step: 2 under 10, 3 from 10 to 15, 4 over 15 (000 line 1528; R5 reads the
// overlapping "15+" as "over 15").
func StepDecrement(full int) int {
	switch {
	case full < 10:
		return 2
	case full <= 15:
		return 3
	}
	return 4
}

// DeriveSteps builds the four rows of a counter, step 0 to step 3, from
// its full-strength values by the step table (000 line 1528): each value
// drops by its own decrement per step, never below 0. Printed counters
// whose rows differ (the book's own do) are given row by row instead.
func DeriveSteps(full Values) [4]Values {
	var rows [4]Values
	for s := range rows {
		rows[s] = Values{
			RA: max(0, full.RA-s*StepDecrement(full.RA)),
			CA: max(0, full.CA-s*StepDecrement(full.CA)),
			D:  max(0, full.D-s*StepDecrement(full.D)),
		}
	}
	return rows
}

// OverburnMP is the overburn movement allowance: half again the MP,
// rounded up (R5; 000 line 1520).
func OverburnMP(mp int) int { return (3*mp + 1) / 2 }

// Chits are a unit's variation chits (000 lines 1279–1353). Each kind may
// be held once, except Jump (an Assault lance needs two).
type Chits struct {
	Bomb      int  `json:",omitzero"` // bomb points, a multiple of 5 (air units; issue of air rules)
	Recon     bool `json:",omitzero"` // +2 ESR
	ExtraMech bool `json:",omitzero"`
	Jump      int  `json:",omitzero"` // Jump chits held
	Firepower int  `json:",omitzero"` // +N to RA, usable once
	Armor     int  `json:",omitzero"` // +N to D
	ECM       bool `json:",omitzero"`
	AEP       bool `json:",omitzero"`
}

// Status is where a unit stands in the battle.
type Status uint8

// The states a unit passes through.
const (
	// Reserve: not yet deployed on the map.
	Reserve Status = iota
	// Active: on the map (possibly disrupted).
	Active
	// Broken: broke and fled (critical hit); off the map, may rally on 12.
	Broken
	// Surrendered: toppled where it stood, until a unit enters its hex.
	Surrendered
	// Captured: an enemy entered its hex while it had surrendered.
	Captured
	// Destroyed: took more damage steps than it has.
	Destroyed
	// Withdrawn: left the map by its side's retreat edge.
	Withdrawn
)

var statusNames = [...]string{"reserve", "active", "broken", "surrendered", "captured", "destroyed", "withdrawn"}

func (s Status) String() string {
	if int(s) < len(statusNames) {
		return statusNames[s]
	}
	return fmt.Sprintf("Status(%d)", uint8(s))
}

// OnMap reports a status whose counter stands on the map.
func (s Status) OnMap() bool { return s == Active || s == Surrendered }

// Unit is one counter: a lance, platoon or battery. Its fixed values come
// from its counter; the rest is its state in the battle.
type Unit struct {
	ID    string // short label, unique in the battle: "A3"
	Side  string // the side's ID
	Name  string // e.g. "Heavy 'Mech Lance, Type 5"
	Class Class

	// Rows are the counter's step 0 to step 3 values; OverburnRA is the red
	// row's Ranged Attack Value.
	Rows       [4]Values
	OverburnRA int `json:",omitzero"`
	// Range is R in hexes; MinRange is the Long Tom's minimum (0 for none).
	Range, MinRange int  `json:",omitzero"`
	MP              int  `json:",omitzero"`
	Jump            bool `json:",omitzero"` // the counter says JUMP (or enough Jump chits)
	Indirect        bool `json:",omitzero"`
	Experience      Experience
	Chits           Chits `json:",omitzero"`

	// State in the battle.
	Status    Status
	Hex       hex.Hex
	Step      int  `json:",omitzero"` // damage steps taken: 0 to 3 on the map
	Disrupted bool `json:",omitzero"` // toppled
	// DisruptedAt is the player turn (State.PlayerTurn) in which it was
	// disrupted: it stands up at the end of a later turn of its own side.
	DisruptedAt int `json:",omitzero"`
	// Per-turn bookkeeping, cleared when its side's turn begins.
	MPLeft      int      `json:",omitzero"`
	Overburning bool     `json:",omitzero"`
	Moved       bool     `json:",omitzero"` // has spent movement this turn
	Attacked    bool     `json:",omitzero"` // has attacked this turn
	StartHex    hex.Hex  `json:",omitzero"`
	Overrun     []string `json:",omitzero"` // defenders it attempted to overrun this turn
	// Used once per battle.
	FirepowerUsed, ExtraMechUsed bool `json:",omitzero"`
	// BombDropped: the air lance has dropped its bomb load (000 line 1146).
	BombDropped bool `json:",omitzero"`
	// Salvage counters it carries.
	Salvage int `json:",omitzero"`
	// Hidden: placed in secret (hidden infantry) and not yet revealed.
	Hidden bool `json:",omitzero"`
	// Righting: it had surrendered and a friendly unit entered its hex
	// first; it rights itself when its side's next turn begins (000 line
	// 970).
	Righting bool `json:",omitzero"`
	// victory: RalliedAt is the player turn (State.PlayerTurn) of its last
	// rally roll: a broken unit rolls once per turn (000 line 968).
	RalliedAt int `json:",omitzero"`
	// movement: MoveTurn is the player turn (State.PlayerTurn) of the
	// unit's last move; RoadBonus and Halted hold for that turn only, and
	// only while Moved is set. RoadBonus: it began the turn on a road and
	// has kept to it, so the road bonus hex is still open (000 line 653).
	// Halted: its movement has ended this turn (an enemy hex, mines, an
	// overrun, the one-hex rule; 000 lines 620–626, 1042).
	MoveTurn  int  `json:",omitzero"`
	RoadBonus bool `json:",omitzero"`
	Halted    bool `json:",omitzero"`

	// drop (drop.go, dropship.go; rulings DR*). Drop: the unit is kept in
	// orbit and may arrive by drop — a 'Mech lance (000 line 733) or a
	// DropShip making a landing (000 line 1201); it waits in Reserve.
	// DropTurn > 0: a drop is declared, to land at the hidden DropAt when
	// its side's movement phase of that game turn ends (set at set-up for
	// a drop on a given turn, or by a drop action).
	Drop     bool    `json:",omitzero"`
	DropAt   hex.Hex `json:",omitzero"`
	DropTurn int     `json:",omitzero"`
	// LandedAt is the player turn (State.PlayerTurn) it landed in, 0 if it
	// never dropped; HardLanding: that landing failed, so it neither sights
	// nor fires in that player turn (000 line 763; ruling DR5).
	LandedAt    int  `json:",omitzero"`
	HardLanding bool `json:",omitzero"`
	// DropFireAt is the player turn it last fired at a dropping 'Mech: once
	// a segment (000 line 743).
	DropFireAt int `json:",omitzero"`
	// Aboard is the ID of the DropShip carrying it; while aboard it is in
	// Reserve, off the map (000 lines 630, 1257).
	Aboard string `json:",omitzero"`
	// ArcsAt is the player turn whose firing arcs Arcs (bit per arc) a
	// DropShip has used (000 line 1265).
	ArcsAt int   `json:",omitzero"`
	Arcs   uint8 `json:",omitzero"`
}

// Current returns the values of the unit's current row, with armor and
// overburn applied: overburn raises RA one row (to the red row from step
// 0) and CA one row but never above step 0 (000 line 1021, R5). The
// Firepower chit is added by the attack that spends it, not here.
func (u *Unit) Current() Values {
	if u.Class.Kind() == KindDropShip {
		return dropShipValues(u) // eight steps (dropship.go)
	}
	s := min(max(u.Step, 0), 3)
	v := u.Rows[s]
	if u.Overburning {
		if s == 0 {
			// Vehicles have no red row (000 line 2124): their RA stays.
			v.RA = max(u.OverburnRA, v.RA)
		} else {
			v.RA = u.Rows[s-1].RA
			v.CA = u.Rows[s-1].CA
		}
	}
	v.D += u.Chits.Armor
	return v
}

// CurrentMP is the unit's movement allowance this turn: the overburn MP
// only for a full-strength unit that declared overburn (000 line 691).
func (u *Unit) CurrentMP() int {
	if u.Overburning && u.Step == 0 {
		return OverburnMP(u.MP)
	}
	return u.MP
}

// CanJump reports whether the unit jumps: by class, by counter, or by Jump
// chits (two for an Assault lance, 000 line 1310).
func (u *Unit) CanJump() bool {
	need := 1
	if u.Class == AssaultMech {
		need = 2
	}
	return u.Jump || u.Class.Info().Jump || (u.Class.Kind() == KindMech && u.Chits.Jump >= need)
}

// ESR is the unit's electronic sensing range: 5 hexes, +2 with a Recon
// chit (000 lines 774–778, 1297).
func (u *Unit) ESR() int {
	if u.Chits.Recon {
		return 7
	}
	return 5
}

// Cost is what the unit costs in purchase points and is worth in victory
// points when destroyed (R8, 000 line 2124): overburn RA (else step-0 RA),
// plus the experience cost and chit costs, at least 1.
func (u *Unit) Cost() int {
	c := u.OverburnRA
	if c == 0 {
		c = u.Rows[0].RA
	}
	c += ExperienceCost(u.Experience) + u.Chits.Cost()
	return max(c, 1)
}

// ExperienceCost is the Experience Level Cost Table (000 line 2134).
func ExperienceCost(e Experience) int {
	return [...]int{Green: -2, Regular: 0, Veteran: +5, Elite: +10}[min(e, Elite)]
}

// Cost is the purchase cost of the chits (Special Purchases Table, 000
// lines 2185–2193): bomb 1 per 5 points, recon 3, extra 'Mech 10, jump 5 each,
// firepower 3, armor 3, ECM 3, AEP 10.
func (c Chits) Cost() int {
	n := c.Bomb/5 + 5*c.Jump
	for _, f := range []struct {
		has  bool
		cost int
	}{{c.Recon, 3}, {c.ExtraMech, 10}, {c.Firepower > 0, 3}, {c.Armor > 0, 3}, {c.ECM, 3}, {c.AEP, 10}} {
		if f.has {
			n += f.cost
		}
	}
	return n
}
