package forces

import "bfbot/referee"

// LanceSize is how many machines one counter holds: four 'Mechs or
// vehicles, or two AeroSpace Fighters (000 line 201).
const LanceSize = 4

// Lance is one counter's values as lance creation makes them (quickly from
// the values table, or in full from BattleTech designs) and as a force
// keeps them: the counter printed on a roster, before any battle.
//
// Every campaign document holds a lance per unit, and most of a lance's
// fields are zero: the JSON form leaves zero fields out (omitzero, which
// keeps nil and empty slices apart), so a change writes less. Keys keep
// their Go names, so documents written before decode alike.
type Lance struct {
	Name  string // e.g. "Four Brothers", or the roster's lance name
	Class referee.Class
	// Rows are the counter's step 0 to step 3 values (000 line 1528).
	Rows [4]referee.Values
	// OverburnRA is the red row's RA (R5); 0 where the class has none.
	OverburnRA int `json:",omitzero"`
	// Range is R in hexes; MinRange the Long Tom's minimum (0 for none).
	Range, MinRange int `json:",omitzero"`
	MP              int `json:",omitzero"`
	// OverburnMP is the red row's MP: half again, rounded up (R5).
	OverburnMP     int  `json:",omitzero"`
	Jump, Indirect bool `json:",omitzero"`
	// Air lances: air attack value (AA) and strafing value (ST).
	AirAttack, Strafe int `json:",omitzero"`
	Experience        referee.Experience
	Chits             referee.Chits `json:",omitzero"`
	// Members are the machines, by catalog ID or design name.
	Members []string `json:",omitzero"`
}

// Unit makes the counter a battle unit with the given label and side, at
// full strength and in reserve.
func (l Lance) Unit(id, side string) referee.Unit {
	return referee.Unit{
		ID: id, Side: side, Name: l.Name, Class: l.Class,
		Rows: l.Rows, OverburnRA: l.OverburnRA,
		Range: l.Range, MinRange: l.MinRange, MP: l.MP,
		Jump: l.Jump, Indirect: l.Indirect,
		Experience: l.Experience, Chits: l.Chits,
		Status: referee.Reserve,
	}
}

// Cost is the counter's purchase cost and victory point value (R8).
func (l Lance) Cost() int {
	u := l.Unit("", "")
	return u.Cost()
}

// LanceJSON is a lance in the JSON form of `bfbot lance --json`
// (docs/architecture.md).
type LanceJSON struct {
	Name       string     `json:"name,omitempty"`
	Class      string     `json:"class"`
	RA         int        `json:"ra"`
	CA         int        `json:"ca"`
	D          int        `json:"d"`
	R          int        `json:"r"`
	MinRange   int        `json:"min_range,omitempty"`
	MP         int        `json:"mp"`
	Jump       bool       `json:"jump"`
	Indirect   bool       `json:"indirect,omitempty"`
	OverburnRA int        `json:"overburn_ra"`
	OverburnMP int        `json:"overburn_mp"`
	Steps      []StepJSON `json:"steps"`
	Experience string     `json:"experience"`
	Cost       int        `json:"cost"`
	Members    []string   `json:"members,omitempty"`
}

// StepJSON is one row of a counter.
type StepJSON struct {
	RA int `json:"ra"`
	CA int `json:"ca"`
	D  int `json:"d"`
}

// JSON returns the lance in its JSON form.
func (l Lance) JSON() LanceJSON {
	j := LanceJSON{
		Name: l.Name, Class: l.Class.String(),
		RA: l.Rows[0].RA, CA: l.Rows[0].CA, D: l.Rows[0].D, R: l.Range, MinRange: l.MinRange,
		MP: l.MP, Jump: l.Jump, Indirect: l.Indirect,
		OverburnRA: l.OverburnRA, OverburnMP: l.OverburnMP,
		Experience: l.Experience.String(), Cost: l.Cost(), Members: l.Members,
	}
	// Air lances have two rows, DropShips eight (beyond the four a ground
	// counter prints, 000 lines 276, 1163): list the rows the class has.
	for _, r := range l.Rows[:min(len(l.Rows), l.Class.Info().Steps)] {
		j.Steps = append(j.Steps, StepJSON{RA: r.RA, CA: r.CA, D: r.D})
	}
	return j
}

// airRows are an air counter's rows: AA and ST in the RA and CA places, as
// the rosters print them (000 line 3055; ruling Q3), and two damage steps,
// the second by the step table (000 line 1163; ruling Q5).
func airRows(aa, st, d int) [4]referee.Values {
	steps := referee.DeriveSteps(referee.Values{RA: aa, CA: st, D: d})
	return [4]referee.Values{steps[0], steps[1]}
}
