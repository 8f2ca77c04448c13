package campaign

import (
	"encoding/json"
	"slices"
	"testing"

	"bfbot/referee"
	"bfbot/referee/ai"
	"bfbot/referee/dice"
)

// brTurns lists the game turns of side's pictures of battle id.
func brTurns(c *Campaign, id int, side string) []int {
	var out []int
	for _, f := range c.Battle(id).SideFrames(side) {
		out = append(out, f.Turn)
	}
	return out
}

// Ensure a battle fought action by action keeps its record: every event
// but the die rolls and MP notes, each with its audience, and each
// side's picture at the start and at the end of every game turn (its
// view at that moment), its own units marked own; the record
// survives a JSON round trip with its audiences (nil: everyone; empty:
// nobody).
func TestBattleRecordActionByAction(t *testing.T) {
	c, b := btlContact(t)
	c = btlDeployAll(t, c, b.ID)
	for _, side := range []string{"crucis", "bandits"} {
		if got := brTurns(c, b.ID, side); !slices.Equal(got, []int{0}) {
			t.Fatalf("%s's pictures after deployment: turns %v, want [0]", side, got)
		}
	}
	d := dice.New(dice.NewSeeded(11))
	players := map[string]*ai.Player{"crucis": ai.New("crucis", ai.Normal, 1), "bandits": ai.New("bandits", ai.Normal, 2)}
	var all []referee.Event
	for st := c.Battle(b.ID).State; st.Turn < 3 && st.Phase != referee.PhaseOver; st = c.Battle(b.ID).State {
		side := st.PhasingSide().ID
		n, evs, err := BattleAct(c, b.ID, side, players[side].Next(st), d)
		c = btlMust(t, n, err)
		all = append(all, evs...)
		for _, sd := range []string{"crucis", "bandits"} {
			// The picture just taken is what the side's view shows now.
			if fs := c.Battle(b.ID).SideFrames(sd); st.Turn < c.Battle(b.ID).State.Turn && !slices.Equal(fs[len(fs)-1].Units, frameOf(c.Battle(b.ID).State, sd, 0).Units) {
				t.Fatalf("%s's picture of turn %d is not its view", sd, st.Turn)
			}
		}
	}
	rec := c.Battle(b.ID)
	for _, side := range []string{"crucis", "bandits"} {
		if got := brTurns(c, b.ID, side); len(got) < 2 || got[0] != 0 || got[1] != 1 {
			t.Errorf("%s's pictures: turns %v, want 0, 1, …", side, got)
		}
		for _, f := range rec.SideFrames(side) {
			for _, u := range f.Units {
				own := rec.State.Unit(u.ID).Side == side
				if u.Own != own {
					t.Errorf("%s's picture of turn %d: %s own %v", side, f.Turn, u.ID, u.Own)
				}
			}
		}
	}
	var want []LoggedEvent
	for _, e := range all {
		if e.Type != "roll" && e.Type != "mp" && e.Dice == nil {
			aud := e.Audience
			e.Audience = nil
			want = append(want, LoggedEvent{Event: e, Audience: aud})
		}
	}
	// The deployment's events came first.
	got := rec.Log[len(rec.Log)-len(want):]
	if len(got) != len(want) {
		t.Fatalf("the record holds %d events of the turns played, want %d", len(got), len(want))
	}
	for i := range want {
		if got[i].Event.Describe() != want[i].Event.Describe() || !slices.Equal(got[i].Audience, want[i].Audience) || (got[i].Audience == nil) != (want[i].Audience == nil) {
			t.Fatalf("record event %d: %+v, want %+v", i, got[i], want[i])
		}
	}

	data, err := json.Marshal(rec.Log)
	if err != nil {
		t.Fatal(err)
	}
	var back []LoggedEvent
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	secret, public := 0, 0
	for i := range back {
		if (back[i].Audience == nil) != (rec.Log[i].Audience == nil) || !slices.Equal(back[i].Audience, rec.Log[i].Audience) {
			t.Fatalf("event %d's audience %v came back as %v", i, rec.Log[i].Audience, back[i].Audience)
		}
		if back[i].Audience == nil {
			public++
		} else {
			secret++
		}
	}
	if secret == 0 || public == 0 {
		t.Errorf("%d secret and %d public events: the round trip checked too little", secret, public)
	}
}

// Ensure an auto-resolved battle keeps the same record: its events to
// the end and each side's pictures, one per game turn, the last at the
// end of the battle.
func TestBattleRecordAutoResolved(t *testing.T) {
	c, b := btlContact(t)
	n, evs, err := AutoResolveBattle(c, b.ID, dice.New(dice.NewSeeded(5)), 5)
	c = btlMust(t, n, err)
	rec := c.Battle(b.ID)
	if !rec.Over || rec.Log[len(rec.Log)-1].Event.Type != "battle_end" || len(rec.Log) >= len(evs) {
		t.Fatalf("record of %d events for %d played, the last %q", len(rec.Log), len(evs), rec.Log[len(rec.Log)-1].Event.Type)
	}
	last := rec.State.Turn
	for _, side := range []string{"crucis", "bandits"} {
		got := brTurns(c, b.ID, side)
		if got[0] != 0 || got[len(got)-1] > last || !slices.IsSorted(got) || len(got) > last+2 {
			t.Errorf("%s's pictures: turns %v for a battle ended in turn %d", side, got, last)
		}
		fs := rec.SideFrames(side)
		if end := frameOf(rec.State, side, 0); !slices.Equal(fs[len(fs)-1].Units, end.Units) {
			t.Errorf("%s's last picture is not the battle's end", side)
		}
	}
}
