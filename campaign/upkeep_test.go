package campaign

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"bfbot/referee"
)

// btlUpkeep runs Upkeep with scripted faces and checks the result.
func btlUpkeep(t *testing.T, c *Campaign, faces string) (*Campaign, []Event) {
	t.Helper()
	n, evs, err := Upkeep(c, btlDice(t, faces))
	if err != nil {
		t.Fatal(err)
	}
	mustCheck(t, n)
	return n, evs
}

// btlLoseAll strikes every unit of a battlegroup off as destroyed.
func btlLoseAll(c *Campaign, side string, bg int) {
	s := c.Side(side)
	for _, id := range append([]string(nil), s.Battlegroup(bg).Units...) {
		c.loseUnit(s, s.Unit(id), UnitDestroyed)
	}
	c.pruneBattlegroups()
}

// Ensure repair (000 lines 2665–2669) mends one step per unit a turn,
// salvage first, then repair points, for units stationed with the RBG
// only (ruling CB8), worst damaged first; nothing once the RBG is off
// the map. Crucis's RBG and Clifton's battalion (battlegroup 3) stand in
// sector 5; Vanur's (battlegroup 2, A6) in sector 1.
func TestRepair(t *testing.T) {
	setup := func(t *testing.T) *Campaign {
		c := btlCampaign(t)
		s := c.Side("crucis")
		s.Unit("A4").Step, s.Unit("A5").Step, s.Unit("A6").Step = 2, 1, 1
		clifton := s.Battlegroup(3).Units[0]
		s.Unit(clifton).Step = 1
		s.Salvage, s.RepairPoints = 1, 1
		return c
	}
	t.Run("OK", func(t *testing.T) {
		c := setup(t)
		clifton := c.Side("crucis").Battlegroup(3).Units[0]
		// Reinforcement rolls 3+3, 3+3: none.
		n, _ := btlUpkeep(t, c, "3,3,3,3")
		s := n.Side("crucis")
		for id, want := range map[string]int{"A4": 1, "A5": 0, "A6": 1, clifton: 1} {
			if got := s.Unit(id).Step; got != want {
				t.Errorf("%s at step %d, want %d", id, got, want)
			}
		}
		if s.Salvage != 0 || s.RepairPoints != 0 {
			t.Errorf("salvage %d repair points %d left, want 0 and 0", s.Salvage, s.RepairPoints)
		}
	})
	t.Run("RBGOffTheMap", func(t *testing.T) {
		c := setup(t)
		c.Side("crucis").RBG().Sector = 0
		n, _ := btlUpkeep(t, c, "3,3,3,3")
		if s := n.Side("crucis"); s.Unit("A4").Step != 2 || s.Salvage != 1 {
			t.Errorf("A4 at step %d with %d salvage, want no repair", s.Unit("A4").Step, s.Salvage)
		}
	})
}

// Ensure units that attacked roll for experience (000 line 2683: 8, 10,
// 12) and lost units do not.
func TestExperienceRolls(t *testing.T) {
	c := btlCampaign(t)
	cru, ban := c.Side("crucis"), c.Side("bandits")
	cru.Unit("A7").Attacked = true // Elite: cannot rise, no roll
	c.loseUnit(cru, cru.Unit("A6"), UnitDestroyed)
	cru.Unit("A6").Attacked = true  // lost: no roll
	ban.Unit("B9").Attacked = true  // Regular: 4+5 = 9 < 10
	ban.Unit("B11").Attacked = true // Green: 5+3 = 8 ≥ 8
	// Then the reinforcement rolls 3+3 and 3+4: none.
	n, evs := btlUpkeep(t, c, "4,5,5,3,3,3,3,4")
	if got := n.Side("bandits").Unit("B9").Lance.Experience.String(); got != "regular" {
		t.Errorf("B9 is %s, want regular", got)
	}
	if got := n.Side("bandits").Unit("B11").Lance.Experience.String(); got != "regular" {
		t.Errorf("B11 is %s, want regular", got)
	}
	if n.Side("bandits").Unit("B11").Attacked {
		t.Error("Attacked is not cleared for the next turn")
	}
	rolls, stays := 0, 0
	for _, e := range evs {
		if e.Type == ExperienceStays {
			stays++
		}
		if e.Step == "experience" {
			rolls++
			if len(e.Audience) != 1 {
				t.Errorf("experience roll not secret: %s", e.Text)
			}
		}
	}
	if rolls != 2 || stays != 1 {
		t.Errorf("%d experience rolls, %d failed, want 2 and 1 (B11 stays regular)", rolls, stays)
	}
	for e, want := range map[referee.Experience]int{referee.Green: 8, referee.Regular: 10, referee.Veteran: 12, referee.Elite: 0} {
		if got := ExperienceTarget(e); got != want {
			t.Errorf("ExperienceTarget(%v) = %d, want %d", e, got, want)
		}
	}
}

// Ensure step 9 scores an eliminated RBG once (000 line 2703: 200); the
// bandits' battalion standing on their own city, Carrick Landing (sector
// 12), where they started, scores nothing (ruling CB14).
func TestVictoryPointsStep(t *testing.T) {
	c := btlCampaign(t)
	btlLoseAll(c, "bandits", c.Side("bandits").RBG().ID)
	// Only crucis rolls for reinforcements (no RBG, no roll): 3+3.
	n, _ := btlUpkeep(t, c, "3,3")
	if got := n.Side("crucis").VP; got != RBGEliminatedVP {
		t.Errorf("crucis VP %d, want %d", got, RBGEliminatedVP)
	}
	if got := n.Side("bandits").VP; got != 0 {
		t.Errorf("bandits VP %d, want 0: their own start sector is no objective reached", got)
	}
	n.Phase = PhaseBattles
	n2, _ := btlUpkeep(t, n, "3,3")
	if n2.Side("crucis").VP != RBGEliminatedVP || n2.Side("bandits").VP != 0 {
		t.Errorf("second upkeep: VP %d and %d, want them unchanged", n2.Side("crucis").VP, n2.Side("bandits").VP)
	}
}

// Ensure the reinforcement roll (000 line 2714) sets the points a side may
// spend, and buying takes unused or destroyed units into the RBG for
// their cost (R8), spent for good (line 2729). Costs: A6 15, A7 23, A8 23,
// A10 21.
func TestReinforcements(t *testing.T) {
	c := btlCampaign(t)
	cru := c.Side("crucis")
	for _, id := range []string{"A6", "A7", "A8", "A10"} {
		c.loseUnit(cru, cru.Unit(id), UnitDestroyed)
	}
	c.pruneBattlegroups()
	c.emit(Event{Step: "battle", Type: "vp", Side: "crucis", VP: 100, Text: "test"})
	c.loseUnit(c.Side("bandits"), c.Side("bandits").Unit("B8"), UnitDestroyed)
	// Crucis 5+6 = 11: 75 VP; bandits 1+1 = 2: 100 VP.
	n, _ := btlUpkeep(t, c, "5,6,1,1")
	if n.Side("crucis").Reinforcements != 75 || n.Side("bandits").Reinforcements != 100 {
		t.Fatalf("available %d and %d, want 75 and 100", n.Side("crucis").Reinforcements, n.Side("bandits").Reinforcements)
	}
	if n.Turn != 2 || n.Phase != PhaseOrders {
		t.Fatalf("turn %d phase %s, want turn 2 orders", n.Turn, n.Phase)
	}
	want := fmt.Sprintf("A%d", len(cru.Units)+1)
	b, evs, err := BuyReinforcements(n, "crucis", []string{"A6", "A7"})
	b = btlMust(t, b, err)
	s := b.Side("crucis")
	if s.VP != 62 || s.VPSpent != 38 || s.Reinforcements != 37 || len(evs) != 2 {
		t.Errorf("VP %d spent %d left %d events %d, want 62, 38, 37, 2", s.VP, s.VPSpent, s.Reinforcements, len(evs))
	}
	if u := s.Unit(want); u == nil || u.Battlegroup != s.RBG().ID || u.Step != 0 || s.Unit("A6").Replaced != want {
		t.Errorf("new unit %s = %+v, A6 replaced by %q", want, u, s.Unit("A6").Replaced)
	}
	var e *Error
	for _, tc := range []struct {
		name, side string
		units      []string
		msg        string
	}{
		{"ErrBoughtAlready", "crucis", []string{"A6"}, "not a unit you may buy"},
		{"ErrActive", "crucis", []string{"A4"}, "not a unit you may buy"},
		{"ErrTwice", "crucis", []string{"A8", "A8"}, "named twice"},
		{"ErrOverRoll", "crucis", []string{"A8", "A10"}, "allows 37"},
		{"ErrVP", "bandits", []string{"B8"}, "has 0"},
		{"ErrNothing", "crucis", nil, "name the units"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, _, err := BuyReinforcements(b, tc.side, tc.units); !errors.As(err, &e) || !strings.Contains(e.Msg, tc.msg) {
				t.Fatalf("buy %v = %v, want a refusal with %q", tc.units, err, tc.msg)
			}
		})
	}
	if got := AIReinforcements(b, "crucis"); len(got) != 1 || got[0] != "A8" {
		t.Errorf("the AI buys %v with 37, want [A8] (23)", got)
	}
	t.Run("ErrNoRBG", func(t *testing.T) {
		c := b.Clone()
		btlLoseAll(c, "crucis", c.Side("crucis").RBG().ID)
		if _, _, err := BuyReinforcements(c, "crucis", []string{"A8"}); !errors.As(err, &e) {
			t.Fatalf("buying without an RBG = %v, want *Error", err)
		}
	})
}

// Ensure the end check (step 11) ends the campaign at its turn limit or
// when a side has no battlegroup, with the winner and each side's level
// on the Campaign Victory Point Table (000 lines 2739–2744), and otherwise opens
// the next turn.
func TestEndCheck(t *testing.T) {
	t.Run("TurnLimit", func(t *testing.T) {
		c := btlCampaign(t)
		c.Settings.TurnLimit = 1
		n, evs := btlUpkeep(t, c, "3,3,3,3")
		// The bandits held Carrick Landing from the start to the end: 150
		// VP to 0 (ruling CB14).
		if n.Phase != PhaseOver || n.Winner != "bandits" || n.End != EndTurnLimit {
			t.Fatalf("phase %s winner %q end %q, want over by the turn limit, bandits", n.Phase, n.Winner, n.End)
		}
		if last := evs[len(evs)-1]; last.Type != "campaign_result" || !strings.Contains(last.Text, "150 victory points: pyrrhic victory") {
			t.Errorf("last event %q", last.Text)
		}
	})
	t.Run("NoBattlegroup", func(t *testing.T) {
		c := btlCampaign(t)
		for len(c.Side("crucis").Battlegroups) > 0 {
			btlLoseAll(c, "crucis", c.Side("crucis").Battlegroups[0].ID)
		}
		// Crucis has no RBG: only the bandits roll.
		n, _ := btlUpkeep(t, c, "3,3")
		if n.Phase != PhaseOver || n.Winner != "bandits" || n.End != EndNoBattlegroup {
			t.Fatalf("phase %s winner %q end %q, want over with no battlegroup, bandits", n.Phase, n.Winner, n.End)
		}
	})
	t.Run("NextTurn", func(t *testing.T) {
		c := btlCampaign(t)
		bg := &c.Side("crucis").Battlegroups[1]
		bg.Moved, bg.From = true, 2
		c.Side("crucis").Orders.Searches = []int{5}
		n, _ := btlUpkeep(t, c, "3,3,3,3")
		if n.Turn != 2 || n.Phase != PhaseOrders || n.End != "" || n.Side("crucis").Battlegroups[1].Moved || len(n.Side("crucis").Orders.Searches) != 0 {
			t.Fatal("the next turn is not opened clean")
		}
	})
	t.Run("ErrBattleGoing", func(t *testing.T) {
		c, _ := btlContact(t)
		var e *Error
		if _, _, err := Upkeep(c, btlDice(t, "1")); !errors.As(err, &e) {
			t.Fatalf("upkeep during a battle = %v, want *Error", err)
		}
	})
	t.Run("ErrPhase", func(t *testing.T) {
		c := btlCampaign(t)
		c.Phase = PhaseOrders
		if _, _, err := Upkeep(c, btlDice(t, "1")); err == nil {
			t.Fatal("upkeep in the orders phase accepted")
		}
	})
	for _, tc := range []struct {
		vp   int
		want string
	}{
		{750, "crushing strategic victory"}, {749, "decisive operational victory"}, {500, "decisive operational victory"},
		{499, "tactical victory"}, {250, "tactical victory"}, {249, "pyrrhic victory"}, {100, "pyrrhic victory"},
		{99, "should have stayed home"}, {0, "should have stayed home"}, {-5, "should have stayed home"},
	} {
		t.Run(fmt.Sprint(tc.vp), func(t *testing.T) {
			if got := CampaignVictoryLevel(tc.vp); got != tc.want {
				t.Fatalf("CampaignVictoryLevel(%d) = %q, want %q", tc.vp, got, tc.want)
			}
		})
	}
	for roll, want := range map[int]int{2: 100, 3: 80, 4: 60, 5: 40, 6: 0, 9: 0, 10: 50, 11: 75, 12: 100} {
		if got := ReinforcementsAvailable(roll); got != want {
			t.Errorf("ReinforcementsAvailable(%d) = %d, want %d (000 line 2714)", roll, got, want)
		}
	}
}
