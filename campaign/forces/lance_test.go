package forces

import (
	"encoding/json"
	"testing"

	"bfbot/referee"
)

// Ensure the JSON form has docs/architecture.md's fields and as many step rows as the
// class has: four on the ground, two in the air (000 line 1163).
func TestLanceJSON(t *testing.T) {
	l := Lance{Class: referee.HeavyMech, Rows: referee.DeriveSteps(referee.Values{RA: 18, CA: 17, D: 11}), OverburnRA: 22,
		Range: 3, MP: 4, OverburnMP: 6, Experience: referee.Regular}
	b, err := json.Marshal(l.JSON())
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"ra", "ca", "d", "r", "mp", "jump", "overburn_ra", "overburn_mp", "steps", "experience", "cost"} {
		if _, ok := m[k]; !ok {
			t.Errorf("JSON lacks %q: %s", k, b)
		}
	}
	if n := len(m["steps"].([]any)); n != 4 {
		t.Errorf("ground lance has %d step rows, want 4", n)
	}
	if m["cost"].(float64) != 22 {
		t.Errorf("cost = %v, want 22 (R8: overburn RA, Regular)", m["cost"])
	}
	air := Lance{Class: referee.LightAir, Rows: airRows(8, 10, 6), Experience: referee.Regular}
	if n := len(air.JSON().Steps); n != 2 {
		t.Errorf("air lance has %d step rows, want 2", n)
	}
}
