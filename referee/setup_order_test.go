package referee

import "testing"

// Ensure the side setting up second sees the first side's counters and
// nothing more (ruling DEC5; 000 line 2629): the Bandits set up first
// and are done, so the Lancers see B1's counter blind, but not the
// hidden infantry B2, not the minefield, and not B3, whose drop hex is
// declared but which is still in orbit; a spectator sees none of them,
// and the Bandits see nothing of the Lancers setting up.
func TestSetupSecondSeesOnlyCounters(t *testing.T) {
	s := mustPosition(t, `map blank 32x17; turn 0 deploy lancers
		side lancers name="7th Crucis Lancers"
		side bandits name="Moore's Bandits" mines=1010:10
		unit A1 lancers heavy-mech regular 14/16/12 @0311 r=3 mp=4 ob=18
		unit A2 lancers medium-mech regular 10/12/8 reserve r=3 mp=4 ob=13
		unit B1 bandits heavy-mech regular 14/16/12 @1408 r=3 mp=4 ob=18
		unit B2 bandits infantry veteran 3/6/5 @0908 r=1 mp=2 hidden
		unit B3 bandits heavy-mech regular 14/16/9 reserve drop drop-at=1407 drop-turn=1 r=3 mp=4 ob=17
		campaign setup-first=bandits zone=A1:west:3 zone=A2:west:3 zone=B1:east:32 zone=B2:east:32 zone=B3:none:0:drop`)
	if !s.SideDeployed("bandits") {
		t.Fatal("the bandits have not finished setting up: the test sees nothing")
	}
	v := s.View("lancers")
	if u := v.Unit("B1"); u == nil || u.Hex == nil || u.Class != "" {
		t.Errorf("lancers' view of B1: %+v, want its counter, blind", u)
	}
	for _, id := range []string{"B2", "B3"} {
		if u := v.Unit(id); u != nil {
			t.Errorf("lancers see %s while setting up second: %+v", id, u)
		}
	}
	for _, sd := range v.Sides {
		if sd.ID == "bandits" && len(sd.Mines) > 0 {
			t.Errorf("lancers see the bandits' mines: %+v", sd.Mines)
		}
	}
	if u := s.View("").Unit("B1"); u != nil {
		t.Errorf("a spectator sees B1 set up: %+v", u)
	}
	if u := s.View("bandits").Unit("A1"); u != nil {
		t.Errorf("the bandits see A1 set up after them: %+v", u)
	}
}
