package scenario

import (
	"fmt"
	"strings"
	"testing"

	"bfbot/referee/dice"
	"bfbot/referee/quickstart"
)

// greenWith is the shipped Green file with these console lines as its
// commands.
func greenWith(t *testing.T, lines ...string) (*QuickStart, error) {
	return shippedWith(t, "green-training", lines...)
}

// setUpTexts are the set-up events' texts.
func setUpTexts(evs []quickstart.Event) []string {
	var out []string
	for _, e := range evs {
		if e.Type == "setup" {
			out = append(out, e.Text)
		}
	}
	return out
}

// TestPlayersPlaceUnits: a file's /battle place order: and unit: lines
// are the players' own choices of the starting positions (ruling QS23),
// each taken at its side's turn; a side with none left has the bot's.
// In the Veteran file (the set-up roll of TestVeteranSetUp, then blake 4
// to the bears' 2 at the starting positions roll) blake chooses to set
// up first and places PC, the bears AR; the bot places DF and AF. In the
// Green file blake, the defender, places DF first, the bot PC at its
// file hex; the bears' AR goes where their line says, AF by the bot.
// A placing the rules refuse stops the run naming its line; a line with
// no placing left for it is an error at the set-up's end.
func TestPlayersPlaceUnits(t *testing.T) {
	qs, err := veteranWith(t, "@blake /battle place order:first", "@blake /battle place unit:PC hex:0304 facing:SE",
		"@bears /battle place unit:AR hex:1214 facing:NW")
	if err != nil {
		t.Fatal(err)
	}
	s, evs, err := runSetUp(qs, dice.New(mustScript(t, 1, 1, 6, 6, 2, 2, 1, 1, 1, 1, 6, 6)))
	if err != nil {
		t.Fatal(err)
	}
	got := setUpTexts(evs)
	want := []string{"starting positions: Word of Blake 4, Clan Ghost Bear 2; Word of Blake chooses to set up first or second",
		"starting positions: Word of Blake sets up first; Word of Blake places the first Unit",
		"set-up: Word of Blake places PC in 0304 facing SE", "set-up: Clan Ghost Bear places AR in 1214 facing NW",
		"set-up: Word of Blake places DF in ", "set-up: Clan Ghost Bear places AF in "}
	if len(got) != 8+len(want) {
		t.Fatalf("set-up events:\n%s", strings.Join(got, "\n"))
	}
	for i, w := range want {
		if !strings.HasPrefix(got[8+i], w) {
			t.Errorf("event %d: %q, want %q…", 8+i, got[8+i], w)
		}
	}
	if s.Phase != quickstart.MovementPhase || s.Turn != 1 {
		t.Errorf("after the set-up: turn %d, %v phase", s.Turn, s.Phase)
	}

	qs, err = greenWith(t, "@blake /battle place unit:DF hex:0715 facing:NE", "@bears /battle place unit:AR hex:0701 facing:SW")
	if err != nil {
		t.Fatal(err)
	}
	if !qs.Green || qs.SetUp {
		t.Fatalf("the Green file: setup green %t, veteran %t", qs.Green, qs.SetUp)
	}
	_, evs, err = runSetUp(qs, dice.New(mustScript(t, 1, 1, 6, 6)))
	if err != nil {
		t.Fatal(err)
	}
	got = setUpTexts(evs)
	want = []string{"set-up: Word of Blake, the defender, places its Units first, within 3 hexes of the south edge; then Clan Ghost Bear, within 1 hex of the north edge",
		"set-up: Word of Blake places DF in 0715 facing NE", "set-up: Word of Blake places PC in 1016 facing N",
		"set-up: Clan Ghost Bear places AR in 0701 facing SW", "set-up: Clan Ghost Bear places AF in 1101 facing S"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("the Green deployment:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}

	data, _ := QuickStartBuiltIn("green-training")
	firstCommand := strings.Count(string(data), "\n") + 2
	for _, tc := range []struct {
		lines []string
		want  string
	}{
		{[]string{"@blake /battle place unit:DF hex:0713 facing:N"}, "line 63: \"@blake /battle place unit:DF hex:0713 facing:N\": illegal action: DF sets up in Word of Blake's Deployment Zone, within 3 hexes of the south edge, and 0713 is 5 hexes in"},
		{[]string{"@blake /battle place unit:AR hex:0716 facing:N"}, "unit AR is Clan Ghost Bear's, and Word of Blake places a Unit now"},
		{[]string{"@blake /battle place unit:DF hex:0716 facing:N", "@blake /battle place unit:PC hex:0716 facing:N"}, "0716 already holds unit DF"},
		{[]string{"@blake /battle place unit:DF hex:0716 facing:N", "@blake /battle place unit:PC hex:0715 facing:N", "@blake /battle place unit:DF hex:0714 facing:N"},
			"blake has no set-up choice of this kind left to make"},
	} {
		qs, err := greenWith(t, tc.lines...)
		if err != nil {
			t.Fatal(err)
		}
		if _, _, err := runSetUp(qs, dice.New(mustScript(t, 1, 1, 6, 6))); err == nil || !strings.Contains(err.Error(), strings.Replace(tc.want, "line 63", fmt.Sprintf("line %d", firstCommand), 1)) {
			t.Errorf("%v: %v, want %q", tc.lines, err, tc.want)
		}
	}
	if _, err := greenWith(t, "@blake /battle place order:first"); err == nil || !strings.Contains(err.Error(), "setup: green has the players place their Units") {
		t.Errorf("an order in the Green file: %v", err)
	}
	// The Green Training Scenario has no objectives or Headquarters (002
	// lines 504–536): a Green file's counters are refused, never dropped.
	counters := strings.Replace(string(data), "    zone: 3\n", "    zone: 3\n    counters: [{kind: objective, hex: \"0316\"}]\n", 1)
	if _, err := ParseQuickStart([]byte(counters), nil); err == nil || !strings.Contains(err.Error(), "sides[0].counters: setup: green (the Green Training Scenario) has no objectives or Headquarters: drop counters, or use setup: veteran") {
		t.Errorf("counters in the Green file: %v", err)
	}
	if qs, err := ParseQuickStart([]byte(strings.Replace(counters, "\nsetup: green\n", "\n", 1)), nil); err != nil || qs.Green || len(qs.Counters) != 1 {
		t.Errorf("the same counters in a file that places everything itself: %v", err)
	}
	bad := strings.Replace(string(data), "zone: 3", "zone: 17", 1)
	if _, err := ParseQuickStart([]byte(bad), nil); err == nil || !strings.Contains(err.Error(), "the Deployment Zones meet in") {
		t.Errorf("zones of 17 and 1 on a map 17 high: %v", err)
	}
}
