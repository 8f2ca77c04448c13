package scenario

import (
	"strings"
	"testing"

	"bfbot/campaign"
	"bfbot/referee/dice"
)

// Ensure a scenario file cannot give a side an id the bot's addressees
// use (ruling SE3): `id: referee` (in any case) is refused at its line,
// and a battle whose side has it cannot become a campaign, whose
// referee's notes would go to that side's players.
func TestScenarioReservedSideID(t *testing.T) {
	for _, id := range []string{"referee", "Referee", "public", "all"} {
		text := strings.ReplaceAll(change(t, "  - id: b\n", "  - id: "+id+"\n"), "@b ", "@"+id+" ")
		_, err := Parse([]byte(text), nil)
		if err == nil || !strings.Contains(err.Error(), "line 12") || !strings.Contains(err.Error(), "sides[1].id") ||
			!strings.Contains(err.Error(), "is reserved") || !strings.Contains(err.Error(), "choose another id") {
			t.Errorf("side id %s: got %v, want it refused at line 12 with what to do", id, err)
		}
	}
	sc := mustParse(t, base, nil)
	st, _, err := sc.Begin(dice.New(dice.NewSeeded(1)))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := campaign.NewScenarioBattle(1, "x", st, "base", 1); err != nil {
		t.Fatalf("the base scenario as a campaign: %v", err)
	}
	st = st.Clone()
	st.Sides[1].ID = campaign.RefereeAudience
	for i := range st.Units {
		if st.Units[i].Side == "b" {
			st.Units[i].Side = campaign.RefereeAudience
		}
	}
	if _, err := campaign.NewScenarioBattle(1, "x", st, "base", 1); err == nil || !strings.Contains(err.Error(), `side id "referee" is reserved`) {
		t.Errorf("a scenario side called referee as a campaign: %v, want it refused", err)
	}
}
