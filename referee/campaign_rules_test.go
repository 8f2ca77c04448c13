package referee

import (
	"fmt"
	"testing"

	"bfbot/mapgen"
	"bfbot/mapgen/hex"
)

// btlCampaignBattle is a campaign battle on an open 16×10 map: lancers
// unit A1 deploys by the west edge, bandits B1 from a prepared position.
func btlCampaignBattle(tb testing.TB, phase Phase) *State {
	status := "" // active
	if phase == PhaseDeploy {
		status = "reserve"
	}
	return mustPosition(tb, fmt.Sprintf(`map blank 16x10; turn 1 %v lancers player=1
		side lancers name="7th Crucis Lancers" retreat=west; side bandits name="Moore's Bandits" retreat=east
		unit A1 lancers heavy-mech regular 10/12/8 %[2]s @0105 name="A1" r=3 mp=4 ob=13
		unit B1 bandits heavy-mech regular 10/12/8 %[2]s @1605 name="B1" r=3 mp=4 ob=13
		campaign withdraw=4 zone=A1:west:3 zone=B1:none:3 start=A1:1`, phase, status))
}

// Ensure zones hold the hexes ruling R7 and 000 line 2633 give them.
func TestZoneContains(t *testing.T) {
	m := mapgen.New(16, 10)
	for _, tc := range []struct {
		z    Zone
		at   string
		want bool
	}{
		{Zone{Edge: West, Depth: 3}, "0305", true},
		{Zone{Edge: West, Depth: 3}, "0405", false},
		{Zone{Edge: East, Depth: 3}, "1401", true},
		{Zone{Edge: North, Depth: 3}, "0803", true},
		{Zone{Edge: South, Depth: 3}, "0808", true},
		{Zone{Edge: South, Depth: 3}, "0807", false},
		{Zone{Depth: 3}, "0404", true},
		{Zone{Depth: 3}, "0403", false},
		{Zone{Depth: 3}, "1404", false},
		{Zone{}, "0101", true},
		{Zone{}, "1711", false},
	} {
		t.Run(tc.z.String()+" "+tc.at, func(t *testing.T) {
			if got := tc.z.Contains(m, hex.MustParse(tc.at)); got != tc.want {
				t.Fatalf("Contains(%s) = %v, want %v", tc.at, got, tc.want)
			}
		})
	}
}

// Ensure a campaign battle's units deploy only in their zones, and are
// offered only those hexes.
func TestCampaignDeploy(t *testing.T) {
	s := btlCampaignBattle(t, PhaseDeploy)
	cbRefuse(t, s, "lancers", "deploy A1 0405", "within 3 hexes of the west edge")
	cbRefuse(t, s, "bandits", "deploy B1 1605", "at least 3 hexes from every edge")
	s, _ = cbDo(t, s, "lancers", "deploy A1 0305")
	s, _ = cbDo(t, s, "bandits", "deploy B1 1005")
	cbCheck(t, s)
	s = btlCampaignBattle(t, PhaseDeploy)
	acts := ValidActions(s, "A1")
	if len(acts) != 3*10 {
		t.Errorf("%d deploy hexes offered, want the 30 of the west zone", len(acts))
	}
	for _, a := range acts {
		if a.Kind != ActDeploy || a.To.X > 2 {
			t.Fatalf("offered %v", a)
		}
	}
}

// Ensure a side breaks off a campaign battle only after its units took
// four damage steps in it (000 line 2653), not counting earlier damage.
func TestCampaignRetreat(t *testing.T) {
	s := btlCampaignBattle(t, PhaseMovement)
	s.Units[0].Step = 3 // one step before the battle, two in it
	cbRefuse(t, s, "lancers", "retreat", "taken 2 damage steps")
	s.Units[0].Step = 1
	s.Campaign = &CampaignRules{WithdrawAfterSteps: 0}
	s, _ = cbDo(t, s, "lancers", "retreat")
	if !s.Side("lancers").Retreating {
		t.Fatal("no retreat with no steps required")
	}
	s = btlCampaignBattle(t, PhaseMovement)
	s.Units[0].Status, s.Units[0].Step = Destroyed, 4
	if got := s.StepsTaken("lancers"); got != 3 {
		t.Fatalf("a destroyed unit that began at step 1 counts %d steps, want 3", got)
	}
}
