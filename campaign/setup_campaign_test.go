package campaign

import (
	"testing"

	"bfbot/referee"
	"bfbot/referee/ai"
	"bfbot/referee/dice"
)

// Ensure NewSetupInput reads a contact from the campaign: the fighting
// counters with class, MP and cost, recon battlegroups in or next to the
// sector (004 line 20), prepared positions.
func TestNewSetupInput(t *testing.T) {
	c := btlCampaign(t)
	a := btlGroup(t, c, "crucis", 6, "A6", "A7")
	b := btlGroup(t, c, "bandits", 6, "B8", "B9")
	b.Prepared = true
	r := btlGroup(t, c, "crucis", 5, "A10")
	r.ReconESR = true
	mustCheck(t, c)
	in, err := NewSetupInput(c, 6, []BattleSide{{Side: "crucis", Battlegroups: []int{a.ID}}, {Side: "bandits", Battlegroups: []int{b.ID}}})
	if err != nil {
		t.Fatal(err)
	}
	if !c.Map.Adjacent(5, 6) {
		t.Fatal("the test needs sectors 5 and 6 adjacent")
	}
	cr, bd := in.Sides[0], in.Sides[1]
	if cr.ID != "crucis" || cr.Recon != 1 || cr.Prepared || bd.Recon != 0 || !bd.Prepared {
		t.Errorf("sides %+v / %+v", cr, bd)
	}
	if len(cr.Units) != 2 || cr.Units[0].ID != "A6" || cr.Units[0].MP == 0 || cr.Units[0].Cost == 0 {
		t.Errorf("crucis units %+v", cr.Units)
	}
	if _, err := NewSetupInput(c, 6, []BattleSide{{Side: "crucis"}}); err == nil {
		t.Error("one side accepted")
	}
	if _, err := NewSetupInput(c, 6, []BattleSide{{Side: "crucis", Battlegroups: []int{999}}, {Side: "bandits"}}); err == nil {
		t.Error("an unknown battlegroup accepted")
	}
}

// Ensure the whole module on a real contact: roll the tables with seeded
// dice, apply them to the battle contact set up, and the battle still
// checks, deploys and starts, over many seeds.
func TestSetupOnContact(t *testing.T) {
	seeds := 60
	if testing.Short() {
		seeds = 10
	}
	for seed := range uint64(seeds) {
		c, bt := btlContact(t)
		in, err := NewSetupInput(c, bt.Sector, bt.Sides)
		if err != nil {
			t.Fatal(err)
		}
		in.Sides[1].Prepared = seed%2 == 0
		in.Sides[0].Recon = int(seed % 3)
		in.Sides[1].Recon = int(seed % 2)
		r, evs, err := RollSetupTables(in, dice.New(dice.NewSeeded(seed)))
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if len(evs) == 0 {
			t.Fatalf("seed %d: no events", seed)
		}
		ns := r.Apply(bt.State)
		for _, err := range ns.Map.Check() {
			t.Errorf("seed %d (%v): map: %v", seed, r, err)
		}
		for _, err := range ns.Check() {
			t.Errorf("seed %d (%v): %v", seed, r, err)
		}
		bt.State = ns
		deployed := 0
		for _, u := range ns.Units {
			if u.Status == referee.Reserve && u.Class.Ground() {
				deployed++
			}
		}
		if deployed == 0 {
			continue // every counter of a side kept out: nothing to deploy
		}
		for _, side := range []string{"crucis", "bandits"} {
			n, _, err := AutoDeploy(c, bt.ID, side, btlDice(t, "1"))
			if err != nil {
				t.Fatalf("seed %d (%v): deploying %s: %v", seed, r, side, err)
			}
			c = n
		}
		mustCheck(t, c)
		st := c.Battle(bt.ID).State
		if st.Phase != referee.PhaseMovement {
			t.Fatalf("seed %d (%v): after deployment the battle is in phase %v", seed, r, st.Phase)
		}
		// Play it out: late counters come on when their turn comes.
		end, _, err := ai.AutoResolve(st, dice.New(dice.NewSeeded(seed)), nil, 8)
		if err != nil {
			t.Fatalf("seed %d (%v): %v", seed, r, err)
		}
		for id, turn := range r.Arrival {
			if u := end.Unit(id); turn <= end.Turn && end.Turn > 1 && u == nil && r.Absent[id] == "" {
				t.Errorf("seed %d: %s due on turn %d has not come by turn %d", seed, id, turn, end.Turn)
			}
		}
	}
}
