package campaign

import (
	"encoding/json"
	"strings"
	"testing"

	"bfbot/referee"
	"bfbot/referee/ai"
	"bfbot/referee/dice"
)

// Ensure ai_level takes easy, normal and hard and nothing else, with an
// error naming the choices; that a campaign stored without it (before
// the setting) reads as normal; and that it round-trips through JSON
// (ruling AIL1).
func TestSettingsAILevel(t *testing.T) {
	if got := DefaultSettings().Level(); got != ai.Normal {
		t.Errorf("a new campaign's level = %s, want normal", got)
	}
	for _, name := range []string{"", "easy", "normal", "hard"} {
		st := DefaultSettings()
		st.AILevel = name
		if err := st.Validate(); err != nil {
			t.Errorf("ai_level %q: %v", name, err)
		}
	}
	for _, name := range []string{"greedy", "random", "Hard", "expert"} {
		st := DefaultSettings()
		st.AILevel = name
		err := st.Validate()
		if err == nil || !strings.Contains(err.Error(), "ai_level") || !strings.Contains(err.Error(), "easy, normal, hard") {
			t.Errorf("ai_level %q: error %v, want one naming ai_level and its choices", name, err)
		}
	}
	// A campaign stored before the setting has no ai_level.
	var old Settings
	if err := json.Unmarshal([]byte(`{"crt":"rulebook","setup_tables":true,"turn_limit":12,"deployment":"ends","missed_deadline":"ai","map_cols":4,"map_rows":3,"map_seed":1}`), &old); err != nil {
		t.Fatal(err)
	}
	if err := old.Validate(); err != nil || old.Level() != ai.Normal {
		t.Errorf("a stored campaign without ai_level: level %s, %v; want normal", old.Level(), err)
	}
	for _, l := range ai.Levels {
		st := DefaultSettings()
		st.AILevel = l.String()
		data, err := json.Marshal(st)
		if err != nil {
			t.Fatal(err)
		}
		var back Settings
		if err := json.Unmarshal(data, &back); err != nil {
			t.Fatal(err)
		}
		if back.Level() != l || !strings.Contains(string(data), `"ai_level":"`+l.String()+`"`) {
			t.Errorf("%s: back as %s from %s", l, back.Level(), data)
		}
	}
}

// Ensure an auto-resolved battle is fought at the campaign's ai_level:
// with the setting at each level it plays as AutoResolveBattleAt at that
// level does, a campaign without the setting plays normal, and the
// levels play the same battle, seed and dice differently — a level
// ignored would play them alike.
func TestAutoResolveAtTheCampaignsLevel(t *testing.T) {
	c, b := btlContact(t)
	record := func(n *Campaign, evs []referee.Event, err error) string {
		t.Helper()
		btlMust(t, n, err)
		data, err := json.Marshal(evs)
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	played := map[ai.Level]string{}
	for _, l := range ai.Levels {
		set := c.Clone()
		set.Settings.AILevel = l.String()
		bySetting := record(AutoResolveBattle(set, b.ID, dice.New(dice.NewSeeded(7)), 7))
		byLevel := record(AutoResolveBattleAt(c, b.ID, l, dice.New(dice.NewSeeded(7)), 7))
		if bySetting != byLevel {
			t.Errorf("ai_level %s: the battle is not fought as at level %s", l, l)
		}
		played[l] = bySetting
	}
	unset := c.Clone()
	unset.Settings.AILevel = ""
	if record(AutoResolveBattle(unset, b.ID, dice.New(dice.NewSeeded(7)), 7)) != played[ai.Normal] {
		t.Error("a campaign without ai_level does not fight at level normal")
	}
	for _, pair := range [][2]ai.Level{{ai.Easy, ai.Normal}, {ai.Normal, ai.Hard}, {ai.Easy, ai.Hard}} {
		if played[pair[0]] == played[pair[1]] {
			t.Errorf("%s and %s fought the battle alike: the level makes no difference", pair[0], pair[1])
		}
	}
}

// Ensure RefereeConflicted counts the seat the referee may take, not the
// one he holds (rulings SEAT3, AIL1): with referee_plays, any other user
// seated or waiting conflicts him, seated or not; without it he plays
// nobody; alone he is free.
func TestRefereeConflicted(t *testing.T) {
	base := func(plays bool) *Campaign {
		c := &Campaign{ID: 1, Referee: "ref", Settings: Settings{RefereePlays: plays},
			Sides: []Side{{ID: "a"}, {ID: "b"}}}
		return c
	}
	tests := []struct {
		name    string
		plays   bool
		a, b    []string
		pending []JoinRequest
		want    bool
	}{
		{"Alone", true, []string{"ref"}, nil, nil, false},
		{"AgainstBob", true, []string{"ref"}, []string{"bob"}, nil, true},
		{"LeftHisSeat", true, nil, []string{"bob"}, nil, true},
		{"BobWaits", true, []string{"ref"}, nil, []JoinRequest{{User: "bob", Side: "b"}}, true},
		{"NotSatYet", true, nil, nil, []JoinRequest{{User: "bob", Side: "b"}}, true},
		{"RefereePlaysNot", false, []string{"alice"}, []string{"bob"}, nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := base(tt.plays)
			c.Sides[0].Players, c.Sides[1].Players, c.Pending = tt.a, tt.b, tt.pending
			if got := c.RefereeConflicted(); got != tt.want {
				t.Errorf("RefereeConflicted = %t, want %t", got, tt.want)
			}
		})
	}
}
