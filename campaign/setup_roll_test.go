package campaign

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"bfbot/referee"
	"bfbot/referee/dice"
)

// Line numbers below are of book 004, the battle setup tables
// (docs/sources.md); R11 and ST ids are rulings.

// stbD10 are the d6 faces giving a d10 of k (ruling ST1).
func stbD10(k int) []int {
	if k > 5 {
		return []int{4, k - 5}
	}
	return []int{1, k}
}

// stbD100 are the faces giving percentile dice of v (1–100).
func stbD100(v int) []int {
	return append(stbD10((v-1)/10+1), stbD10((v-1)%10+1)...)
}

// stbD20 are the faces giving a d20 of v.
func stbD20(v int) []int {
	if v > 10 {
		return append([]int{4}, stbD10(v-10)...)
	}
	return append([]int{1}, stbD10(v)...)
}

// stbD12 are the faces giving a d12 of v.
func stbD12(v int) []int {
	if v > 6 {
		return []int{4, v - 6}
	}
	return []int{1, v}
}

// stbFaces flattens face lists and single faces.
func stbFaces(parts ...any) []int {
	var out []int
	for _, p := range parts {
		switch v := p.(type) {
		case int:
			out = append(out, v)
		case []int:
			out = append(out, v...)
		default:
			panic(fmt.Sprintf("stbFaces: %T", p))
		}
	}
	return out
}

// stbDice scripts the faces.
func stbDice(tb testing.TB, faces []int) (*dice.Dice, *dice.Script) {
	tb.Helper()
	src, err := dice.NewScript(faces...)
	if err != nil {
		tb.Fatal(err)
	}
	return dice.New(src), src
}

// stbRoll rolls the setup tables with the scripted faces, which must all
// be used.
func stbRoll(tb testing.TB, in SetupInput, parts ...any) (SetupResult, []Event) {
	tb.Helper()
	d, src := stbDice(tb, stbFaces(parts...))
	r, evs, err := RollSetupTables(in, d)
	if err != nil {
		tb.Fatal(err)
	}
	if n := src.Remaining(); n != 0 {
		tb.Errorf("%d dice faces left over", n)
	}
	return r, evs
}

// stbInput is crucis (attacking, A-units) against bandits (B-units):
// each side two medium 'Mech lances (MP 4 and 5), an infantry platoon
// and an air lance; options edit it.
func stbInput(edit func(in *SetupInput)) SetupInput {
	in := SetupInput{Sector: 6, Sides: [2]SetupSide{
		{ID: "crucis", Units: []SetupUnit{
			{ID: "A1", Class: referee.MediumMech, MP: 4, Cost: 20},
			{ID: "A2", Class: referee.MediumMech, MP: 5, Cost: 22},
			{ID: "A3", Class: referee.Infantry, MP: 1, Cost: 5},
			{ID: "A4", Class: referee.MediumAir, MP: 8, Cost: 15, Bombs: true},
		}},
		{ID: "bandits", Units: []SetupUnit{
			{ID: "B1", Class: referee.HeavyMech, MP: 4, Cost: 25},
			{ID: "B2", Class: referee.LightMech, MP: 6, Cost: 14},
			{ID: "B3", Class: referee.Infantry, MP: 1, Cost: 5, Hidden: true},
			{ID: "B4", Class: referee.LightAir, MP: 9, Cost: 12},
		}},
	}}
	if edit != nil {
		edit(&in)
	}
	return in
}

// stbNoAir drops both air lances (so no aerospace rolls are needed).
func stbNoAir(in *SetupInput) {
	for i := range in.Sides {
		in.Sides[i].Units = slices.DeleteFunc(in.Sides[i].Units, func(u SetupUnit) bool { return u.Class.Kind() == referee.KindAir })
	}
}

// Ensure the d6-derived dice are fair (ST1): every d10 face comes from
// exactly three of the 36 (half, face) pairs that are not rejected, the
// 6 on the face die is thrown again, and d100, d20, d12 read their dice
// as documented.
func TestSetupDice(t *testing.T) {
	count := map[int]int{}
	for half := 1; half <= 6; half++ {
		for face := 1; face <= 5; face++ {
			d, _ := stbDice(t, []int{half, face})
			n, err := rollD10(d, "test")
			if err != nil {
				t.Fatal(err)
			}
			count[n]++
		}
	}
	for k := 1; k <= 10; k++ {
		if count[k] != 3 {
			t.Errorf("d10 face %d comes from %d pairs, want 3", k, count[k])
		}
	}
	for _, tc := range []struct {
		name  string
		faces []int
		roll  func(*dice.Dice) (int, error)
		want  int
	}{
		{"d10 rerolls a 6", []int{5, 6, 6, 2}, func(d *dice.Dice) (int, error) { return rollD10(d, "t") }, 7},
		{"d100 01", stbD100(1), func(d *dice.Dice) (int, error) { return rollD100(d, "t") }, 1},
		{"d100 37", []int{1, 4, 4, 2}, func(d *dice.Dice) (int, error) { return rollD100(d, "t") }, 37},
		{"d100 00 is 100", []int{4, 5, 4, 5}, func(d *dice.Dice) (int, error) { return rollD100(d, "t") }, 100},
		{"d20 20", stbD20(20), func(d *dice.Dice) (int, error) { return rollD20(d, "t") }, 20},
		{"d20 3", []int{2, 3, 3}, func(d *dice.Dice) (int, error) { return rollD20(d, "t") }, 3},
		{"d12 12", []int{6, 6}, func(d *dice.Dice) (int, error) { return rollD12(d, "t") }, 12},
		{"d12 1", []int{3, 1}, func(d *dice.Dice) (int, error) { return rollD12(d, "t") }, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d, src := stbDice(t, tc.faces)
			got, err := tc.roll(d)
			if err != nil || got != tc.want {
				t.Errorf("got %d, %v; want %d", got, err, tc.want)
			}
			if src.Remaining() != 0 {
				t.Errorf("%d faces left", src.Remaining())
			}
		})
	}
	for v := 1; v <= 100; v++ {
		d, _ := stbDice(t, stbD100(v))
		if got, _ := rollD100(d, "t"); got != v {
			t.Fatalf("stbD100(%d) reads %d", v, got)
		}
	}
}

// Ensure every band of the weather table (lines 7–15) and its effects in
// the result: night rolls again (line 7) and halves infantry, heat or cold
// halves infantry (line 9), severe weather halves air lances (line 11;
// ST5), a storm grounds them and lets the attacker refuse (line 15), a
// disaster is a note to the referee (line 13).
func TestSetupWeather(t *testing.T) {
	for _, tc := range []struct {
		name    string
		faces   []int
		kind    referee.WeatherKind
		night   bool
		absent  []string
		refusal []string
		notes   int
	}{
		{"normal 11", stbD100(11), referee.WeatherNormal, false, nil, nil, 0},
		{"normal 68", stbD100(68), referee.WeatherNormal, false, nil, nil, 0},
		{"heat 69", stbD100(69), referee.WeatherHeatCold, false, nil, nil, 0},
		{"rain 74", stbD100(74), referee.WeatherHeavyRain, false, nil, nil, 0},
		{"rain 83", stbD100(83), referee.WeatherHeavyRain, false, nil, nil, 0},
		{"severe 84", stbD100(84), referee.WeatherSevere, false, nil, nil, 0},
		{"fog 87", stbD100(87), referee.WeatherFog, false, nil, nil, 0},
		{"fog 91", stbD100(91), referee.WeatherFog, false, nil, nil, 0},
		{"disaster 95", stbD100(95), referee.WeatherNormal, false, nil, nil, 1},
		{"em storm 96", stbD100(96), referee.WeatherNormal, false, nil, nil, 0},
		{"storm 100", stbD100(100), referee.WeatherStorm, false, nil, []string{"bandits", "crucis"}, 0},
		{"night 1 then fog", stbFaces(stbD100(1), stbD100(90)), referee.WeatherFog, true, nil, nil, 0},
		{"night twice then rain", stbFaces(stbD100(10), stbD100(7), stbD100(80)), referee.WeatherHeavyRain, true, nil, nil, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, evs := stbRoll(t, stbInput(stbNoAir), tc.faces)
			if r.Weather.Kind != tc.kind || r.Night != tc.night {
				t.Errorf("weather %v night %v, want %v %v", r.Weather.Kind, r.Night, tc.kind, tc.night)
			}
			var refusal []string
			for side, ok := range r.Refusal {
				if ok {
					refusal = append(refusal, side)
				}
			}
			slices.Sort(refusal)
			if !slices.Equal(refusal, tc.refusal) {
				t.Errorf("refusal %v, want %v", refusal, tc.refusal)
			}
			if got := len(stbNotes(evs)); got != tc.notes || len(r.Notes) != tc.notes {
				t.Errorf("%d referee notes (%d in result), want %d", got, len(r.Notes), tc.notes)
			}
			if len(evs) == 0 || evs[0].Audience != nil {
				t.Errorf("the weather roll is not a public event: %+v", evs)
			}
		})
	}
}

// stbNotes returns the referee notes among events.
func stbNotes(evs []Event) []Event {
	var out []Event
	for _, e := range evs {
		if e.Type == "referee-note" {
			out = append(out, e)
		}
	}
	return out
}

// stbAbsent lists the absent unit IDs in order.
func stbAbsent(r SetupResult) []string {
	var out []string
	for id := range r.Absent {
		out = append(out, id)
	}
	slices.Sort(out)
	return out
}

// Ensure halving (R11, ST2): night (line 7) and severe heat or cold (line
// 9) keep half of each side's infantry counters out, rounding the loss
// down and keeping the costliest; night and cold together halve once;
// severe weather halves air lances (line 11) and a storm grounds them all
// (line 15).
func TestSetupHalving(t *testing.T) {
	threeInf := func(in *SetupInput) {
		in.Sides[1].Units = append(in.Sides[1].Units,
			SetupUnit{ID: "B5", Class: referee.JumpInfantry, MP: 2, Cost: 9},
			SetupUnit{ID: "B6", Class: referee.HeavyInfantry, MP: 1, Cost: 7})
		in.Sides[0].Units = append(in.Sides[0].Units, SetupUnit{ID: "A5", Class: referee.HeavyAir, MP: 7, Cost: 30})
	}
	for _, tc := range []struct {
		name   string
		faces  []any
		absent []string
	}{
		// crucis' one infantry stays (1/2 rounds down to 0); of the
		// bandits' three, the cheapest (B3, cost 5) goes.
		{"heat", []any{stbD100(70), stbD100(1), stbD100(1), stbD100(1)}, []string{"B3"}},
		{"night then cold", []any{stbD100(3), stbD100(72), stbD100(1), stbD100(1), stbD100(1)}, []string{"B3"}},
		// crucis' two air lances: the cheaper A4 goes; the bandits' one stays.
		{"severe", []any{stbD100(85), stbD100(1), stbD100(1)}, []string{"A4"}},
		{"storm", []any{stbD100(99)}, []string{"A4", "A5", "B4"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, _ := stbRoll(t, stbInput(threeInf), tc.faces...)
			if got := stbAbsent(r); !slices.Equal(got, tc.absent) {
				t.Errorf("absent %v, want %v", got, tc.absent)
			}
		})
	}
}

// Ensure the scouting table (lines 24–37): +10 a recon battlegroup up to
// +30 (line 20; ST7), the setup modifiers of lines 24–26, the advantages
// rolled on lines 28–33, and the average report's count, secret to the
// scouting side (line 27).
func TestSetupScoutingTable(t *testing.T) {
	for _, tc := range []struct {
		name  string
		recon int
		faces []any
		total int
		line  int
		mod   int
		adv   []Advantage
	}{
		{"lost", 1, []any{stbD100(1)}, 11, 25, -25, nil},
		{"line 24", 0, nil, 0, 0, 0, nil},
		{"ineffectual", 1, []any{stbD100(20)}, 30, 26, -10, nil},
		{"average", 1, []any{stbD100(40)}, 50, 27, 0, nil},
		{"one advantage", 2, []any{stbD100(50), stbD20(13)}, 70, 28, 0, []Advantage{AdvPropaganda}},
		{"two advantages", 3, []any{stbD100(60), stbD20(13), stbD20(19)}, 90, 29, 20, []Advantage{AdvPropaganda, AdvSuperiorInformation}},
		{"recon capped at +30", 5, []any{stbD100(67), stbD20(13), stbD20(13)}, 97, 30, 0, []Advantage{AdvPropaganda, AdvPropaganda}},
		{"lost at 101", 3, []any{stbD100(73)}, 103, 31, -25, nil},
		{"two at 106", 3, []any{stbD100(80), stbD20(13), stbD20(13)}, 110, 32, 0, []Advantage{AdvPropaganda, AdvPropaganda}},
		{"top of 106–135", 3, []any{stbD100(100), stbD20(13), stbD20(13)}, 130, 32, 0, []Advantage{AdvPropaganda, AdvPropaganda}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := stbInput(func(in *SetupInput) { stbNoAir(in); in.Sides[0].Recon = tc.recon })
			r, evs := stbRoll(t, in, append([]any{stbD100(50)}, tc.faces...)...)
			rep := r.Scouting["crucis"]
			if tc.recon == 0 {
				if rep != nil {
					t.Errorf("a side without recon scouted: %+v", rep)
				}
				return
			}
			if rep.Total != tc.total || rep.Line != tc.line || r.Modifier["crucis"] != tc.mod || !slices.Equal(rep.Advantages, tc.adv) {
				t.Errorf("total %d line %d modifier %d advantages %v, want %d %d %d %v", rep.Total, rep.Line, r.Modifier["crucis"], rep.Advantages, tc.total, tc.line, tc.mod, tc.adv)
			}
			average := false
			for _, e := range evs {
				if strings.Contains(e.Text, "enemy counters") {
					average = true
					if !slices.Equal(e.Audience, []string{"crucis"}) {
						t.Errorf("the count goes to %v, want crucis alone", e.Audience)
					}
				}
			}
			if want := tc.line >= 27 && tc.line != 31; average != want {
				t.Errorf("average report given %v, want %v", average, want)
			}
		})
	}
	// Lines 36–37 need more than the +30 a campaign can give: read the
	// table directly.
	for _, tc := range []struct{ total, line, adv, choose, negate int }{{136, 33, 3, 0, 0}, {150, 33, 3, 0, 0}, {156, 36, 0, 2, 0}, {199, 36, 0, 2, 0}, {200, 37, 0, 2, 1}, {153, 34, 0, 0, 0}, {155, 35, 0, 0, 0}} {
		row := scoutingTable[bandOf(len(scoutingTable), func(i int) (int, int) { return scoutingTable[i].Lo, scoutingTable[i].Hi }, tc.total)]
		if row.Line != tc.line || row.Advantages != tc.adv || row.Choose != tc.choose || row.Negate != tc.negate {
			t.Errorf("scouting %d: line %d advantages %d choose %d negate %d, want %d %d %d %d", tc.total, row.Line, row.Advantages, row.Choose, row.Negate, tc.line, tc.adv, tc.choose, tc.negate)
		}
	}
}

// Ensure the average report's 2-in-6 chance to withdraw when the enemy
// is overwhelming (line 27; ST8).
func TestSetupAverageWithdrawal(t *testing.T) {
	big := func(in *SetupInput) {
		stbNoAir(in)
		in.Sides[0].Recon = 1
		in.Sides[0].Units = in.Sides[0].Units[:1]
	}
	for _, tc := range []struct {
		face int
		want bool
	}{{2, true}, {3, false}} {
		r, _ := stbRoll(t, stbInput(big), stbD100(50), stbD100(40), tc.face)
		if r.Refusal["crucis"] != tc.want {
			t.Errorf("face %d: refusal %v, want %v", tc.face, r.Refusal["crucis"], tc.want)
		}
	}
}

// stbAdvantage rolls a weather of 50, crucis scouting 70 + 10 = 80 (one
// advantage, line 28) with advantage a, then extra faces.
func stbAdvantage(tb testing.TB, edit func(*SetupInput), a Advantage, extra ...any) (SetupResult, []Event) {
	tb.Helper()
	in := stbInput(func(in *SetupInput) {
		stbNoAir(in)
		in.Sides[0].Recon = 1
		if edit != nil {
			edit(in)
		}
	})
	return stbRoll(tb, in, append([]any{stbD100(50), stbD100(70), stbD20(int(a))}, extra...)...)
}

// Ensure each scouting advantage that maps onto BattleForce does so, and
// the others become referee notes (lines 42–80; R11).
func TestSetupScoutingAdvantages(t *testing.T) {
	t.Run("aerospace +40 (line 42)", func(t *testing.T) {
		r, _ := stbAdvantage(t, nil, AdvAerospace)
		if r.AirModifier["crucis"] != 40 {
			t.Errorf("air modifier %d, want 40", r.AirModifier["crucis"])
		}
	})
	t.Run("crabmines (line 46)", func(t *testing.T) {
		r, evs := stbAdvantage(t, nil, AdvCrabmines, 4)
		if r.Mines["crucis"] != 4 {
			t.Errorf("mines %v, want crucis 4", r.Mines)
		}
		for _, e := range evs {
			if strings.Contains(e.Text, "scouts lay") && !slices.Equal(e.Audience, []string{"crucis"}) {
				t.Errorf("mines are announced to %v, want crucis alone", e.Audience)
			}
		}
	})
	t.Run("detailed count (line 50)", func(t *testing.T) {
		r, _ := stbAdvantage(t, nil, AdvDetailedCount)
		if !r.KnowClasses["crucis"] || r.KnowClasses["bandits"] {
			t.Errorf("know classes %v, want crucis", r.KnowClasses)
		}
	})
	t.Run("detailed survey (line 52)", func(t *testing.T) {
		// B3 is hidden: 2 in 6 finds it; mines 5 in 6.
		r, _ := stbAdvantage(t, nil, AdvDetailedSurvey, 2, 5)
		if !r.Revealed["B3"] || !r.ClearMines["bandits"] {
			t.Errorf("revealed %v clear %v, want B3 and bandits' mines", r.Revealed, r.ClearMines)
		}
		r, _ = stbAdvantage(t, nil, AdvDetailedSurvey, 3, 6)
		if r.Revealed["B3"] || r.ClearMines["bandits"] {
			t.Errorf("revealed %v clear %v on 3 and 6, want nothing", r.Revealed, r.ClearMines)
		}
	})
	t.Run("diversion (line 54)", func(t *testing.T) {
		// (6−1)×5% = 25% of the bandits' 4 counters: 1, the cheapest.
		r, _ := stbAdvantage(t, func(in *SetupInput) {
			in.Sides[1].Units = append(in.Sides[1].Units, SetupUnit{ID: "B5", Class: referee.Tracked, MP: 4, Cost: 11})
		}, AdvDiversion, 6)
		if got := stbAbsent(r); !slices.Equal(got, []string{"B3"}) {
			t.Errorf("absent %v, want [B3]", got)
		}
	})
	t.Run("headquarters raid (line 58)", func(t *testing.T) {
		r, evs := stbAdvantage(t, nil, AdvHeadquartersRaid)
		if r.Modifier["crucis"] != 20 || len(stbNotes(evs)) != 1 {
			t.Errorf("modifier %d notes %d, want 20 and 1", r.Modifier["crucis"], len(stbNotes(evs)))
		}
	})
	t.Run("mines (line 64)", func(t *testing.T) {
		r, _ := stbAdvantage(t, nil, AdvMines, 3)
		if r.Mines["crucis"] != 4 {
			t.Errorf("mines %v, want crucis 1D6+1 = 4", r.Mines)
		}
	})
	t.Run("propaganda (line 66)", func(t *testing.T) {
		r, _ := stbAdvantage(t, nil, AdvPropaganda)
		if r.Morale["bandits"] != -15 {
			t.Errorf("morale %v, want bandits −15", r.Morale)
		}
	})
	t.Run("right of refusal (line 70)", func(t *testing.T) {
		r, _ := stbAdvantage(t, nil, AdvRightOfRefusal)
		if !r.Refusal["crucis"] || r.Refusal["bandits"] {
			t.Errorf("refusal %v, want crucis", r.Refusal)
		}
	})
	t.Run("superior information (line 78)", func(t *testing.T) {
		r, _ := stbAdvantage(t, nil, AdvSuperiorInformation)
		if r.Modifier["crucis"] != 20 {
			t.Errorf("modifier %d, want 20", r.Modifier["crucis"])
		}
	})
	t.Run("sabotage (line 72; JD1)", func(t *testing.T) {
		// 1–2: 1D6−1 major units out, the cheapest first; infantry is
		// not a major unit.
		r, evs := stbAdvantage(t, nil, AdvSabotage, 1, 2)
		if got := stbAbsent(r); !slices.Equal(got, []string{"B2"}) || len(stbNotes(evs)) != 0 {
			t.Errorf("absent %v notes %d, want [B2] and no note", got, len(stbNotes(evs)))
		}
		r, _ = stbAdvantage(t, nil, AdvSabotage, 2, 6)
		if got := stbAbsent(r); !slices.Equal(got, []string{"B1", "B2"}) {
			t.Errorf("absent %v, want both 'Mechs, not the infantry", got)
		}
		// 3–4: 300 CP of the defender's installations, six buildings:
		// the three that 2D6 = 12 builds (ST12) are all wrecked.
		prepared := func(in *SetupInput) { in.Sides[1].Prepared = true }
		r, evs = stbAdvantage(t, prepared, AdvSabotage, stbD100(40), stbD12(4), 3, 6, 6)
		if r.Installations != 0 || len(stbNotes(evs)) != 0 {
			t.Errorf("installations %d notes %d, want all wrecked and no note", r.Installations, len(stbNotes(evs)))
		}
		// 5–6: ammunition BattleForce does not count: nothing happens.
		r, evs = stbAdvantage(t, nil, AdvSabotage, 5)
		if len(r.Absent) != 0 || len(stbNotes(evs)) != 0 {
			t.Errorf("absent %v notes %d, want nothing", r.Absent, len(stbNotes(evs)))
		}
	})
	for _, a := range []Advantage{AdvDeepPenetration, AdvGauntletDamage, AdvHitAndRun, AdvInfiltration, AdvReinforcements, AdvScoutConflict, AdvSniperSupport, AdvTheft} {
		t.Run(fmt.Sprintf("note %d (line %d)", a, advantageTable[a].Line), func(t *testing.T) {
			r, evs := stbAdvantage(t, nil, a)
			notes := stbNotes(evs)
			if len(notes) != 1 || len(r.Notes) != 1 || !slices.Equal(notes[0].Audience, []string{RefereeAudience}) {
				t.Fatalf("notes %+v, want one to the referee", notes)
			}
		})
	}
}

// Ensure countermeasures (line 44) cancel the enemy's most telling
// advantage (ST9), both sides' counted before either applies.
func TestSetupCountermeasures(t *testing.T) {
	in := stbInput(func(in *SetupInput) {
		stbNoAir(in)
		in.Sides[0].Recon, in.Sides[1].Recon = 1, 1
	})
	// crucis 70+10: countermeasures; bandits 70+10: propaganda.
	r, _ := stbRoll(t, in, stbD100(50), stbD100(70), stbD20(2), stbD100(70), stbD20(13))
	if r.Morale["crucis"] != 0 || !slices.Equal(r.Scouting["bandits"].Negated, []Advantage{AdvPropaganda}) {
		t.Errorf("crucis morale %d, bandits negated %v; want propaganda cancelled", r.Morale["crucis"], r.Scouting["bandits"].Negated)
	}
}

// Ensure the aerospace availability table (lines 85–100): +20 for an
// aerospace unit, +50 against a prepared position (ST10), the 1D6 and
// 2D6 delays, bombs already used (lines 90–91).
func TestSetupAerospace(t *testing.T) {
	for _, tc := range []struct {
		name     string
		prepared bool
		faces    []any
		turn     int
		spent    bool
	}{
		{"unavailable (line 87)", false, []any{stbD100(20)}, 0, false},
		{"engaged (line 88)", false, []any{stbD100(45)}, 0, false},
		{"2D6 turns (line 89)", false, []any{stbD100(46), 3, 4}, 8, false},
		{"1D6 turns, bombs used (line 90)", false, []any{stbD100(61), 5, 2}, 6, true},
		{"1D6 turns, bombs kept (line 90)", false, []any{stbD100(70), 1, 3}, 2, false},
		{"one turn (line 91)", false, []any{stbD100(71), 1}, 2, true},
		{"fully armed (line 92)", false, []any{stbD100(80)}, 2, false},
		{"on the map (line 93)", false, []any{stbD100(96)}, 1, false},
		{"fixed position, unavailable (line 94)", true, []any{stbD100(56)}, 0, false},
		{"fixed position, 1D6 turns (line 97)", true, []any{stbD100(100), 3, 6}, 4, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := stbInput(func(in *SetupInput) {
				in.Sides[1].Units = in.Sides[1].Units[:3] // the bandits' air lance stays home
				in.Sides[1].Prepared = tc.prepared
			})
			faces := append([]any{stbD100(50)}, func() []any {
				if tc.prepared {
					return []any{stbD100(5)} // defensive advantage: none (line 115)
				}
				return nil
			}()...)
			r, _ := stbRoll(t, in, append(faces, tc.faces...)...)
			if r.AirArrival["A4"] != tc.turn || r.BombsSpent["A4"] != tc.spent {
				t.Errorf("A4 arrives %d, bombs spent %v; want %d %v", r.AirArrival["A4"], r.BombsSpent["A4"], tc.turn, tc.spent)
			}
		})
	}
}

// stbDefense rolls weather 50 and the bandits' defensive advantage roll
// with the faces, the bandits in a prepared position; no air lances.
func stbDefense(tb testing.TB, edit func(*SetupInput), faces ...any) (SetupResult, []Event) {
	tb.Helper()
	in := stbInput(func(in *SetupInput) {
		stbNoAir(in)
		in.Sides[1].Prepared = true
		if edit != nil {
			edit(in)
		}
	})
	return stbRoll(tb, in, append([]any{stbD100(50)}, faces...)...)
}

// Ensure the defensive advantage table (lines 115–120) and each advantage
// that maps onto BattleForce (lines 124–149; R11).
func TestSetupDefense(t *testing.T) {
	t.Run("none (line 115)", func(t *testing.T) {
		r, _ := stbDefense(t, nil, stbD100(10))
		if r.Defender != "bandits" || len(r.Defense) != 0 {
			t.Errorf("defender %q defense %v", r.Defender, r.Defense)
		}
	})
	t.Run("delayed arrival (line 124)", func(t *testing.T) {
		r, _ := stbDefense(t, nil, stbD100(11), stbD12(1))
		want := map[string]int{"A1": 6, "A2": 5, "A3": 9}
		if fmt.Sprint(r.Arrival) != fmt.Sprint(want) {
			t.Errorf("arrival %v, want %v", r.Arrival, want)
		}
	})
	t.Run("hostile wildlife (line 128)", func(t *testing.T) {
		// 6×5% = 30% of crucis' 3 counters: 0.9, none.
		r, _ := stbDefense(t, nil, stbD100(75), stbD12(3), 6)
		if len(r.Absent) != 0 {
			t.Errorf("absent %v, want none", r.Absent)
		}
	})
	t.Run("installations (line 130)", func(t *testing.T) {
		// 2D6 = 12: 150 CP, three hexes (ST12).
		r, _ := stbDefense(t, nil, stbD100(40), stbD12(4), 6, 6)
		if r.Installations != 3 {
			t.Errorf("installations %d, want 3", r.Installations)
		}
	})
	t.Run("limiting terrain (line 134)", func(t *testing.T) {
		r, _ := stbDefense(t, func(in *SetupInput) {
			in.Sides[0].Units = append(in.Sides[0].Units,
				SetupUnit{ID: "A5", Class: referee.Hover, MP: 8, Cost: 9},
				SetupUnit{ID: "A6", Class: referee.Hover, MP: 8, Cost: 10},
				SetupUnit{ID: "A7", Class: referee.Tracked, MP: 4, Cost: 12})
		}, stbD100(40), stbD12(6))
		if got := stbAbsent(r); !slices.Equal(got, []string{"A5"}) {
			t.Errorf("absent %v, want the cheaper hover A5", got)
		}
	})
	t.Run("mines (line 141)", func(t *testing.T) {
		r, _ := stbDefense(t, nil, stbD100(40), stbD12(8), 5)
		if r.Mines["bandits"] != 6 {
			t.Errorf("mines %v, want bandits 6", r.Mines)
		}
	})
	t.Run("natural fortifications (line 143)", func(t *testing.T) {
		r, _ := stbDefense(t, nil, stbD100(40), stbD12(9))
		if !r.Fortified {
			t.Error("not fortified")
		}
	})
	t.Run("prior setup (line 145)", func(t *testing.T) {
		r, _ := stbDefense(t, nil, stbD100(40), stbD12(10))
		if !r.PriorSetup {
			t.Error("no prior setup")
		}
	})
	for _, k := range []Defense{DefGauntletDamage, DefLightArtillery, DefLure, DefReinforcements, DefTerrainSelection} {
		t.Run(fmt.Sprintf("note %d (line %d)", k, defenseAdvantageTable[k].Line), func(t *testing.T) {
			_, evs := stbDefense(t, nil, stbD100(40), stbD12(int(k)))
			if len(stbNotes(evs)) != 1 {
				t.Errorf("%d notes, want 1", len(stbNotes(evs)))
			}
		})
	}
	t.Run("two (line 117)", func(t *testing.T) {
		r, _ := stbDefense(t, nil, stbD100(76), stbD12(9), stbD12(10))
		if !slices.Equal(r.Defense, []Defense{DefNaturalFortifications, DefPriorSetup}) {
			t.Errorf("defense %v", r.Defense)
		}
	})
	t.Run("select (line 118; ST9)", func(t *testing.T) {
		r, _ := stbDefense(t, nil, stbD100(93))
		if !slices.Equal(r.Defense, []Defense{DefNaturalFortifications}) {
			t.Errorf("defense %v", r.Defense)
		}
	})
	t.Run("negate and roll again without bonuses (line 119)", func(t *testing.T) {
		// crucis scouts propaganda; the bandits roll 96: propaganda is
		// negated, then 50 (no bonus): one random advantage.
		r, _ := stbDefense(t, func(in *SetupInput) { in.Sides[0].Recon = 1 },
			stbD100(70), stbD20(13), stbD100(96), stbD100(50), stbD12(9))
		if r.Morale["bandits"] != 0 || !slices.Equal(r.Defense, []Defense{DefNaturalFortifications}) {
			t.Errorf("bandits morale %d defense %v", r.Morale["bandits"], r.Defense)
		}
	})
	t.Run("headquarters raid's +20 applies (lines 58, 115; ST7)", func(t *testing.T) {
		// bandits scout 55+10 = 65: one advantage, 9: headquarters raid,
		// +20 "on the battle setup tables". Defense 85 + 20 = 105: negate
		// (crucis has nothing to negate) and roll again without bonuses,
		// 5: none. Without the +20, 85 would give two advantages.
		r, evs := stbDefense(t, func(in *SetupInput) { in.Sides[1].Recon = 1 },
			stbD100(55), stbD20(int(AdvHeadquartersRaid)), stbD100(85), stbD100(5))
		if len(r.Defense) != 0 || r.Modifier["bandits"] != SetupInformationBonus {
			t.Errorf("defense %v modifier %d, want none and %d", r.Defense, r.Modifier["bandits"], SetupInformationBonus)
		}
		if !wstHasText(evs, "setup", "bandits defensive advantage: roll 85+20 = 105") {
			t.Errorf("no defense roll with the +20 in %v", evs)
		}
	})
	t.Run("scouting modifier applies (lines 24, 115)", func(t *testing.T) {
		// bandits scout 1+10 = 11: −25; defense 30 − 25 = 5: none.
		r, _ := stbDefense(t, func(in *SetupInput) { in.Sides[1].Recon = 1 }, stbD100(1), stbD100(30))
		if len(r.Defense) != 0 {
			t.Errorf("defense %v, want none", r.Defense)
		}
	})
}

// Ensure bad input is refused with a message naming what is wrong, not a
// panic, and before any die is rolled.
func TestSetupBadInput(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   SetupInput
		want string
	}{
		{"NoSides", SetupInput{}, `two different sides needed, got "" and ""`},
		{"SameSide", stbInput(func(in *SetupInput) { in.Sides[1].ID = "crucis" }), `two different sides needed, got "crucis" and "crucis"`},
		{"BothPrepared", stbInput(func(in *SetupInput) { in.Sides[0].Prepared, in.Sides[1].Prepared = true, true }),
			"both crucis and bandits hold prepared positions; at most one defends"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d, src := stbDice(t, []int{1, 1, 1, 1})
			_, _, err := RollSetupTables(tc.in, d)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one saying %q", err, tc.want)
			}
			if src.Remaining() != 4 {
				t.Errorf("%d dice rolled before the refusal", 4-src.Remaining())
			}
		})
	}
	t.Run("OutOfDice", func(t *testing.T) {
		d, _ := stbDice(t, nil)
		_, _, err := RollSetupTables(stbInput(nil), d)
		if err == nil || !strings.Contains(err.Error(), "out of scripted dice") || !strings.Contains(err.Error(), "weather in sector 6") {
			t.Errorf("error %v, want one naming the roll that ran out of dice", err)
		}
	})
	t.Run("NoDice", func(t *testing.T) {
		if _, _, err := RollSetupTables(stbInput(nil), nil); err == nil || !strings.Contains(err.Error(), "no source of dice") {
			t.Errorf("error %v, want one saying there are no dice", err)
		}
	})
}
