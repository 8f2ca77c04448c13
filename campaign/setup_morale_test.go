package campaign

import (
	"strings"
	"testing"

	"bfbot/mapgen"
	"bfbot/mapgen/hex"
	"bfbot/referee"
	"bfbot/referee/dice"
)

// stbMoraleState is stbState with every unit on the map and the damage
// steps given taken in the battle.
func stbMoraleState(tb testing.TB, steps map[string]int) *referee.State {
	tb.Helper()
	s := stbState(tb)
	for i := range s.Units {
		u := s.Units[i]
		u.Status, u.Hex = referee.Active, hex.Hex{X: 2 + i*2, Y: 5}
		u.Step = steps[u.ID]
		if u.Step >= u.Class.Info().Steps {
			u.Status = referee.Destroyed
		}
	}
	s.Phase, s.Turn = referee.PhaseMovement, 1
	if errs := s.Check(); len(errs) > 0 {
		tb.Fatalf("morale position breaks the invariants: %v", errs)
	}
	return s
}

// Ensure the morale table (lines 214–237): d100 + 50, 30 for mercenaries
// (line 183), ± modifiers, read per unit class (ST13).
func TestMoraleCheck(t *testing.T) {
	for _, tc := range []struct {
		name   string
		roll   int
		merc   bool
		extra  []MoraleModifier
		score  int
		line   int
		a1, a3 MoraleLevel // medium 'Mech, infantry
	}{
		{"all stand fast (line 218)", 50, false, nil, 100, 218, StandFast, StandFast},
		{"infantry demoralized (line 219)", 33, false, nil, 83, 219, StandFast, Demoralized},
		{"mercenary (line 183)", 33, true, nil, 63, 221, StandFast, FallbackPositions},
		{"medium demoralized (line 224)", 1, false, []MoraleModifier{{"hostile", -15, 0}}, 36, 224, Demoralized, RetreatUncond},
		{"01-10 (line 227)", 1, true, []MoraleModifier{{"exposed", -25, 193}}, 6, 227, FullRetreat, Collapse},
		{"0- (line 232)", 1, true, []MoraleModifier{{"exposed", -40, 193}}, -9, 232, RetreatComplete, Collapse},
		{"-50- (line 237)", 1, true, []MoraleModifier{{"exposed", -90, 193}}, -59, 237, Collapse, Collapse},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := stbMoraleState(t, nil)
			d, src := stbDice(t, stbD100(tc.roll))
			// About equal forces (crucis' 10 steps against the bandits'
			// 12) and no casualties: no battle modifiers but +20 for
			// none taken and −20 for none inflicted.
			res, evs, err := MoraleCheck(s, "crucis", tc.merc, tc.extra, d)
			if err != nil {
				t.Fatal(err)
			}
			if res.Score != tc.score || res.Line != tc.line {
				t.Errorf("score %d line %d, want %d %d (modifiers %+v)", res.Score, res.Line, tc.score, tc.line, res.Modifiers)
			}
			if res.Units["A1"] != tc.a1 || res.Units["A3"] != tc.a3 {
				t.Errorf("A1 %q A3 %q, want %q %q", res.Units["A1"], res.Units["A3"], tc.a1, tc.a3)
			}
			if src.Remaining() != 0 || len(evs) != 1 || !strings.Contains(evs[0].Text, "A1") {
				t.Errorf("%d faces left, events %+v", src.Remaining(), evs)
			}
		})
	}
	d, _ := stbDice(t, stbD100(1))
	if _, _, err := MoraleCheck(stbMoraleState(t, nil), "nobody", false, nil, d); err == nil {
		t.Error("a morale check for a side not in the battle was made")
	}
}

// Ensure the modifiers the battle shows (lines 187–193): casualties
// taken and inflicted by share of steps, and the opposing strength.
func TestMoraleModifiers(t *testing.T) {
	// B1 and B5 lost 3 steps each: the bandits 6 of 12 (50%, serious),
	// crucis none; crucis' 10 steps against the bandits' 6 (60: lesser),
	// the bandits' 6 against 10 (166: much stronger).
	s := stbMoraleState(t, map[string]int{"B1": 3, "B5": 3})
	for _, tc := range []struct {
		side string
		want map[string]int
	}{
		{"crucis", map[string]int{"lesser opposition": 10, "casualties taken: none": 20, "casualties inflicted: serious": 10}},
		{"bandits", map[string]int{"much stronger opposition": -15, "casualties taken: serious": -10, "casualties inflicted: none": -20}},
	} {
		got := map[string]int{}
		for _, m := range MoraleModifiers(s, tc.side) {
			got[m.Name] = m.Value
		}
		if len(got) != len(tc.want) {
			t.Errorf("%s modifiers %v, want %v", tc.side, got, tc.want)
		}
		for k, v := range tc.want {
			if got[k] != v {
				t.Errorf("%s %q = %d, want %d (all: %v)", tc.side, k, got[k], v, got)
			}
		}
	}
}

// Ensure the trigger points of line 181 that the battle shows (ruling
// MR1: conditions that hold from the moment they are reached).
func TestMoraleTriggers(t *testing.T) {
	now := stbMoraleState(t, map[string]int{"B1": 3})
	now.Turn, now.Phasing = 2, 0
	if got := MoraleTriggers(now, "bandits", true); len(got) != 1 || got[0] != "the first shock of battle" {
		t.Errorf("turn 2 after damage: %v", got)
	}
	if got := MoraleTriggers(stbMoraleState(t, nil), "bandits", true); len(got) != 0 {
		t.Errorf("no damage yet: %v", got)
	}
	now = stbMoraleState(t, map[string]int{"B1": 4, "B5": 4})
	now.Turn = 3
	got := MoraleTriggers(now, "bandits", true)
	if len(got) != 3 || got[0] != "the first shock of battle" || got[1] != "its last major units are gone" || got[2] != "reduced below half strength" {
		t.Errorf("bandits down to B3: %v", got)
	}
	// A side that began without 'Mech lances cannot lose its last one.
	if got := MoraleTriggers(now, "bandits", false); len(got) != 2 || got[1] != "reduced below half strength" {
		t.Errorf("bandits without 'Mechs at the start: %v", got)
	}
	if got := MoraleTriggers(now, "crucis", true); len(got) != 1 || got[0] != "the first shock of battle" {
		t.Errorf("crucis triggers %v", got)
	}
}

// Ensure raid objectives (lines 246–256) on 2D6 from both lists.
func TestRaidObjective(t *testing.T) {
	for _, tc := range []struct {
		faces     []int
		requested bool
		want      mapgen.Objective
	}{
		{[]int{3, 4}, false, mapgen.Objective{Kind: mapgen.Installation, Name: "Acquisition, Major", VP: RaidMajorVP}}, // line 251
		{[]int{3, 4}, true, mapgen.Objective{Kind: mapgen.City, Name: "Suppression", VP: RaidVP}},
		{[]int{1, 1}, false, mapgen.Objective{Kind: mapgen.City, Name: "Supporting an Uprising", VP: RaidMajorVP}}, // line 246
		{[]int{6, 6}, true, mapgen.Objective{Kind: mapgen.Spaceport, Name: "Aerospace Raid", VP: RaidVP}},          // line 256
	} {
		src, _ := dice.NewScript(tc.faces...)
		got, err := RaidObjective(dice.New(src), tc.requested)
		if err != nil || got != tc.want {
			t.Errorf("%v requested %v: %+v, %v; want %+v", tc.faces, tc.requested, got, err, tc.want)
		}
	}
}
