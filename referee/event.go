package referee

import (
	"encoding/json"

	"bfbot/mapgen/hex"
	"bfbot/referee/dice"
)

// Event is one thing that happened in a battle, as the referee announces
// it. Audience says who may see it: nil for everyone, else the IDs of the
// sides that may (ruling R10). Replies, views and pictures are built from
// the events a player may see, never from the state itself.
type Event struct {
	Type     string   `json:"type"`
	Turn     int      `json:"turn"`
	Side     string   `json:"side"`
	Audience []string `json:"-"`

	Unit string   `json:"unit,omitempty"`
	From *hex.Hex `json:"from,omitempty"`
	Hex  *hex.Hex `json:"hex,omitempty"`

	// Attacks (DESIGN.md): value and defense are the numbers compared,
	// column the column after all shifts, roll the 2D6 sum, result the
	// cell ("" a miss, "D", "C", or the number of steps).
	Attacker string         `json:"attacker,omitempty"`
	Target   string         `json:"target,omitempty"`
	Mode     string         `json:"mode,omitempty"`
	Value    *int           `json:"value,omitempty"`
	Defense  *int           `json:"defense,omitempty"`
	Column   *int           `json:"column,omitempty"`
	Roll     *int           `json:"roll,omitempty"`
	Result   *string        `json:"result,omitempty"`
	Dice     *dice.Roll     `json:"-"`
	Text     string         `json:"text,omitempty"`
	Winner   *string        `json:"winner,omitempty"`
	VP       map[string]int `json:"vp,omitempty"`
	Level    string         `json:"level,omitempty"`
}

// MarshalJSON writes a die roll as DESIGN.md's roll object (with turn and
// side) and every other event with its fields.
func (e Event) MarshalJSON() ([]byte, error) {
	if e.Dice != nil {
		return json.Marshal(struct {
			Type    string `json:"type"`
			Turn    int    `json:"turn"`
			Side    string `json:"side"`
			Purpose string `json:"purpose"`
			Faces   []int  `json:"faces"`
		}{"roll", e.Turn, e.Side, e.Dice.Purpose, e.Dice.Faces})
	}
	type plain Event
	return json.Marshal(plain(e))
}

// Visible reports whether side may see the event.
func (e Event) Visible(side string) bool {
	if e.Audience == nil {
		return true
	}
	for _, s := range e.Audience {
		if s == side {
			return true
		}
	}
	return false
}

func intp(v int) *int         { return &v }
func strp(v string) *string   { return &v }
func hexp(v hex.Hex) *hex.Hex { return &v }
