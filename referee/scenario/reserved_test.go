package scenario

import (
	"strings"
	"testing"
)

// Ensure a scenario file cannot give a side an id the bot's addressees
// use (ruling SE3): `id: referee` (in any case) is refused at its line.
// A battle whose side has it cannot become a campaign either:
// campaign.TestNewScenarioBattle, ErrReservedSideID.
func TestScenarioReservedSideID(t *testing.T) {
	for _, id := range []string{"referee", "Referee", "public", "all"} {
		text := strings.ReplaceAll(change(t, "  - id: b\n", "  - id: "+id+"\n"), "@b ", "@"+id+" ")
		_, err := Parse([]byte(text), nil)
		if err == nil || !strings.Contains(err.Error(), "line 12") || !strings.Contains(err.Error(), "sides[1].id") ||
			!strings.Contains(err.Error(), "is reserved") || !strings.Contains(err.Error(), "choose another id") {
			t.Errorf("side id %s: got %v, want it refused at line 12 with what to do", id, err)
		}
	}
}
