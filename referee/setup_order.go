package referee

// The set-up order of a campaign battle (000 line 2629): the player with
// the initiative may have his opponent set up first, and a player whose
// battlegroup holds a prepared position sets up first. The side that sets
// up first places all its units before the other places any; from then on
// its placement stands, and the other side sees its counters (blinds on,
// hidden infantry and mines still secret) while it sets up (ruling DEC5).

// SetupWait says why side may not deploy now under the set-up order, or
// nil when it may.
func (s *State) SetupWait(side string) error {
	if s.Phase != PhaseDeploy || s.Campaign == nil || s.Campaign.SetupFirst == "" {
		return nil
	}
	first := s.Campaign.SetupFirst
	if side == first {
		for i := range s.Units {
			if u := s.Units[i]; u.Side != first && u.Status == Active && u.Class.Ground() {
				return illegal("your set-up is over: %s has begun to set up after you (%s)", s.sideName(u.Side), bookCite{2629})
			}
		}
		return nil
	}
	if !s.SideDeployed(first) {
		return illegal("%s sets up first (%s): your units deploy once all of its are placed", s.sideName(first), bookCite{2629})
	}
	return nil
}

// SideDeployed reports whether every unit of side that must be deployed
// when the battle starts is (Deployed, for one side).
func (s *State) SideDeployed(side string) bool {
	for i := range s.Units {
		if u := s.Units[i]; u.Side == side && s.MustDeploy(u) {
			return false
		}
	}
	return true
}

// setupSeen reports whether viewer sees u's counter during deployment: u's
// side set up first and has finished (SetupWait).
func (s *State) setupSeen(u *Unit, viewer string) bool {
	return s.Phase == PhaseDeploy && viewer != "" && viewer != u.Side && s.Campaign != nil &&
		s.Campaign.SetupFirst == u.Side && u.Status.OnMap() && !u.Hidden && s.SideDeployed(u.Side)
}

func (s *State) sideName(id string) string {
	if sd := s.Side(id); sd != nil {
		return sd.Name
	}
	return id
}
