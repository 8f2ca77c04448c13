package forces

import (
	"strings"
	"testing"

	"bfbot/referee"
	"bfbot/referee/dice"
)

// Line numbers in this file are of book 000, BattleForce, unless 001,
// the BattleTech Manual, is named (docs/sources.md).

// qkScriptedDice returns dice that throw the given faces in order.
func qkScriptedDice(tb testing.TB, faces ...int) *dice.Dice {
	tb.Helper()
	s, err := dice.NewScript(faces...)
	if err != nil {
		tb.Fatal(err)
	}
	return dice.New(s)
}

// Ensure the Four Brothers are Veteran (lines 1625, 1634). Josh Elder has
// Gunnery 2 and Piloting 4: (3 + 1) / 2 = 2. The book gives only his
// brothers' averaged levels, 4, 4 and 3.5; Piloting 1 / Gunnery 1 gives
// (4 + 4) / 2 = 4, and Piloting 2 / Gunnery 1 gives (3 + 4) / 2 = 3.5.
// Total 13.5, / 4 = 3.375: Veteran.
func TestExperienceFromSkillsFourBrothers(t *testing.T) {
	got, err := ExperienceFromSkills([]Skills{
		{Piloting: 4, Gunnery: 2}, // Josh Elder
		{Piloting: 1, Gunnery: 1},
		{Piloting: 1, Gunnery: 1},
		{Piloting: 2, Gunnery: 1},
	})
	if err != nil || got != referee.Veteran {
		t.Errorf("= %v, %v; want veteran", got, err)
	}
}

// Ensure the Skill Level Table (line 1609) and the Experience Level Table
// (line 1627) with unrounded means (line 1607), at and around each bound
// (ruling Q11), and skills outside 1–6 (ruling Q10).
func TestExperienceFromSkills(t *testing.T) {
	for _, tc := range []struct {
		name   string
		pilots []Skills
		want   referee.Experience
	}{
		// The average MechWarrior (001 line 643): (1 + 1) / 2 = 1.0.
		{"Average", []Skills{{5, 4}}, referee.Green},
		// Gunnery 5 is worth 0, Piloting 5 is worth 1: 0.5, under the
		// table's 1.0: Green (Q11).
		{"BelowTable", []Skills{{5, 5}}, referee.Green},
		// P4 G3 = (1 + 2) / 2 = 1.5; P3 G3 = 2. (1.5 + 2) / 2 = 1.75:
		// Green; with two more P3 G3, 7.5 / 4 = 1.875: Regular.
		{"Green1.75", []Skills{{4, 3}, {3, 3}}, referee.Green},
		{"Regular1.875", []Skills{{4, 3}, {3, 3}, {3, 3}, {3, 3}}, referee.Regular},
		// P2 G3 = 2.5, P2 G2 = 3: 2.75 Regular; 11.5 / 4 = 2.875 Veteran.
		{"Regular2.75", []Skills{{2, 3}, {2, 2}}, referee.Regular},
		{"Veteran2.875", []Skills{{2, 3}, {2, 2}, {2, 2}, {2, 2}}, referee.Veteran},
		// P2 G1 = 3.5: Elite.
		{"Elite3.5", []Skills{{2, 1}}, referee.Elite},
		{"Elite4", []Skills{{1, 1}, {1, 1}}, referee.Elite},
		// Three warriors average over three, not four (Q9): the Four
		// Brothers without Josh, (4 + 4 + 3.5) / 3 = 3.83: Elite (over
		// four it would be 2.875, Veteran).
		{"ThreeWarriors", []Skills{{1, 1}, {1, 1}, {2, 1}}, referee.Elite},
		// Skills 0 count as 1, 7 and 8 as 6 (Q10).
		{"SkillZero", []Skills{{0, 0}}, referee.Elite},
		{"SkillEight", []Skills{{8, 8}}, referee.Green},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ExperienceFromSkills(tc.pilots)
			if err != nil || got != tc.want {
				t.Errorf("%v = %v, %v; want %v", tc.pilots, got, err, tc.want)
			}
		})
	}
	for _, tc := range []struct {
		name   string
		pilots []Skills
		want   string
	}{
		{"ErrNone", nil, "1 to 4 MechWarriors"},
		{"ErrFive", make([]Skills, 5), "1 to 4 MechWarriors"},
		{"ErrNegative", []Skills{{4, 4}, {-1, 4}}, "MechWarrior 2: piloting skill -1"},
		{"ErrNine", []Skills{{4, 9}}, "MechWarrior 1: gunnery skill 9"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := ExperienceFromSkills(tc.pilots); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("err = %v, want %q", err, tc.want)
			}
		})
	}
}

// Ensure every row of the Experience Generation Table (line 1638), read
// from a logged 2D6 roll.
func TestRollExperience(t *testing.T) {
	want := map[int]referee.Experience{
		2: referee.Elite, 3: referee.Elite, 4: referee.Regular, 5: referee.Veteran, 6: referee.Veteran,
		7: referee.Regular, 8: referee.Green, 9: referee.Green, 10: referee.Regular, 11: referee.Regular, 12: referee.Regular,
	}
	for roll := 2; roll <= 12; roll++ {
		a := min(roll-1, 6)
		d := qkScriptedDice(t, a, roll-a)
		got, err := RollExperience(d, "Four Brothers")
		if err != nil || got != want[roll] {
			t.Errorf("roll %d: %v, %v; want %v", roll, got, err, want[roll])
		}
		if log := d.Log(); len(log) != 1 || log[0].Purpose != "experience generation for Four Brothers" {
			t.Errorf("roll %d: log %+v", roll, log)
		}
	}
	if _, err := RollExperience(qkScriptedDice(t, 3), ""); err == nil {
		t.Error("one face for 2D6: no error")
	}
	if _, err := RollExperience(nil, ""); err == nil {
		t.Error("no dice: no error")
	}
}

// Ensure the MechWarrior Skills Table (001 lines 661–669): Piloting from
// the first die, Gunnery from the second.
func TestRollSkills(t *testing.T) {
	for _, tc := range []struct {
		p, g int
		want Skills
	}{
		{1, 1, Skills{6, 4}}, {2, 4, Skills{6, 4}}, {3, 5, Skills{5, 3}}, {4, 6, Skills{5, 3}}, {5, 1, Skills{4, 4}}, {6, 6, Skills{4, 3}},
	} {
		got, err := RollSkills(qkScriptedDice(t, tc.p, tc.g), "Josh Elder")
		if err != nil || got != tc.want {
			t.Errorf("faces %d, %d: %+v, %v; want %+v", tc.p, tc.g, got, err, tc.want)
		}
	}
}
