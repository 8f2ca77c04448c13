package referee

import (
	"encoding/json"
	"fmt"
	"strings"

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

	// Attacks (docs/architecture.md): value and defense are the numbers compared,
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

// MarshalJSON writes a die roll as docs/architecture.md's roll object (with turn and
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

// Describe says what happened in one line, for a console or a chat reply
// that puts the turn and side in front as it needs: an attack with its
// numbers ("A1 close attack on B1: 20 vs 12, column +10, roll 7 → 1");
// any other event by its text, or without one by its type, unit and hex.
func (e Event) Describe() string {
	var b strings.Builder
	switch {
	case e.Type == "attack" && e.Column != nil && e.Roll != nil:
		fmt.Fprintf(&b, "%s %s attack on %s: ", e.Attacker, e.Mode, e.Target)
		if e.Value != nil && e.Defense != nil {
			fmt.Fprintf(&b, "%d vs %d, ", *e.Value, *e.Defense)
		}
		result := "miss"
		if e.Result != nil && *e.Result != "" {
			result = *e.Result
		}
		fmt.Fprintf(&b, "column %+d, roll %d → %s", *e.Column, *e.Roll, result)
		if e.Text != "" {
			fmt.Fprintf(&b, " (%s)", e.Text)
		}
	case e.Text != "":
		b.WriteString(e.Text)
	default:
		b.WriteString(e.Type)
		if e.Unit != "" {
			b.WriteString(" " + e.Unit)
		}
		if e.Hex != nil {
			b.WriteString(" at " + e.Hex.String())
		}
	}
	return b.String()
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
