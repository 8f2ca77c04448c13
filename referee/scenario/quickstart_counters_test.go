package scenario

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"bfbot/referee/dice"
	"bfbot/referee/quickstart"
	"bfbot/referee/quickstart/qsai"
)

// veteranWith is the shipped Veteran file with these console lines as
// its commands.
func veteranWith(t *testing.T, lines ...string) (*QuickStart, error) {
	return shippedWith(t, "veteran-training", lines...)
}

// shippedWith is the shipped Quick-Start file name with these console
// lines as its commands.
func shippedWith(t *testing.T, name string, lines ...string) (*QuickStart, error) {
	t.Helper()
	data, _ := QuickStartBuiltIn(name)
	text := string(data) + "commands:\n"
	for _, l := range lines {
		text += "  - \"" + l + "\"\n"
	}
	return ParseQuickStart([]byte(text), nil)
}

// TestPlayersPlaceCounters: with the set-up roll of TestVeteranSetUp
// (blake 2, bears 12: the bears take the south edge, the woodier zone),
// both sides place their own counters by the file's /battle place lines
// in the book's order (002 lines 572–574); a side with no line left has
// the bot's choice (ruling QS18); and a placing the rules refuse stops
// the set-up, naming its line and why.
func TestPlayersPlaceCounters(t *testing.T) {
	script := func() *dice.Dice { return dice.New(mustScript(t, 1, 1, 6, 6, 2, 2, 1, 1, 1, 1, 6, 6)) }
	both := []string{
		"@blake /battle place kind:objective hex:0713",
		"@bears /battle place kind:objective hex:0705",
		"@bears /battle place kind:objective hex:0317",
		"@blake /battle place kind:objective hex:0101",
		"@blake /battle place kind:hq hex:1503",
		"@bears /battle place kind:headquarters hex:1417",
	}
	counters := func(s quickstart.State) map[string]bool {
		got := map[string]bool{}
		for _, c := range s.Counters {
			got[s.Sides[c.Owner]+" "+c.Kind.String()+" "+c.Hex.String()] = true
		}
		return got
	}
	qs, err := veteranWith(t, both...)
	if err != nil {
		t.Fatal(err)
	}
	s, evs, err := runSetUp(qs, script())
	if err != nil {
		t.Fatal(err)
	}
	got := counters(s)
	for _, w := range []string{"bears objective 0713", "bears objective 0317", "bears headquarters 1417",
		"blake objective 0705", "blake objective 0101", "blake headquarters 1503"} {
		if !got[w] {
			t.Errorf("no %s among %v", w, got)
		}
	}
	if evs[2].Text != "set-up: Word of Blake places Clan Ghost Bear's objective in 0713" {
		t.Errorf("first placing told as %q", evs[2].Text)
	}
	for _, u := range s.Units {
		for _, c := range s.Counters {
			if u.Hex == c.Hex && u.Side == c.Owner {
				t.Errorf("%s stands on its own %v in %s", u.ID, c.Kind, c.Hex)
			}
		}
	}

	// Only blake places: the bears' three come from the bot, as before.
	qs, err = veteranWith(t, both[0], both[3], both[4])
	if err != nil {
		t.Fatal(err)
	}
	mixed, _, err := runSetUp(qs, script())
	if err != nil {
		t.Fatal(err)
	}
	bot, _, err := runSetUp(shippedQuickStart(t, "veteran-training"), script())
	if err != nil {
		t.Fatal(err)
	}
	mine, botc := counters(mixed), counters(bot)
	if !mine["bears objective 0713"] || !mine["blake objective 0101"] || !mine["blake headquarters 1503"] {
		t.Errorf("blake's own placings lost: %v", mine)
	}
	for k := range botc {
		if strings.HasPrefix(k, "bears headquarters") && !mine[k] {
			t.Errorf("the bears' headquarters: %v, the bot alone gives %s", mine, k)
		}
	}

	// The first command is on the line after the file and "commands:".
	data, _ := QuickStartBuiltIn("veteran-training")
	firstCommand := strings.Count(string(data), "\n") + 2
	for _, tc := range []struct {
		lines []string
		want  string
	}{
		{[]string{"@blake /battle place kind:objective hex:0712"}, fmt.Sprintf("line %d: \"@blake /battle place kind:objective hex:0712\": illegal action: Clan Ghost Bear's objective goes in its Deployment Zone", firstCommand)},
		{[]string{"@blake /battle place kind:hq hex:0713"}, "you place Clan Ghost Bear's objective now, not kind:headquarters"},
		{[]string{both[0], "@bears /battle place kind:objective hex:0713"}, "0713 is 13 hexes in"},
		{[]string{both[0], both[3], "@blake /battle place kind:hq hex:0101"}, "0101 already holds Word of Blake's objective"},
		{[]string{both[0], both[3], both[4], "@blake /battle place kind:objective hex:0102"}, "blake has no set-up choice of this kind left to make"},
		{[]string{"@blake /battle place edge:north", "@bears /battle place edge:north"}, fmt.Sprintf("line %d: \"@blake /battle place edge:north\": blake has no set-up choice of this kind left to make", firstCommand)},
	} {
		qs, err := veteranWith(t, tc.lines...)
		if err != nil {
			t.Fatal(err)
		}
		_, _, err = runSetUp(qs, script())
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: %v, want %q", tc.lines, err, tc.want)
		}
	}
	for _, tc := range []struct {
		lines []string
		want  string
	}{
		{[]string{"@blake /battle end", both[0]}, "before the battle's first command"},
		{[]string{"@blake /battle place edge:up"}, "edge:up: use north, east, south or west"},
		{[]string{"@blake /battle place kind:tank hex:0713"}, "kind:tank: use objective or headquarters"},
		{[]string{"@blake /battle place kind:objective"}, "/battle place takes one of: edge: (your home edge); kind: and hex: (the objective or Headquarters due); order:first or order:second"},
		{[]string{"@blake /battle place order:last"}, "order:last: use first or second"},
		{[]string{"@blake /battle place unit:DF hex:0705"}, "unit:, hex: and facing: (a Unit's starting position)"},
		{[]string{"@blake /battle place unit:DF hex:0705 facing:up"}, `facing "up": use N, NE, SE, S, SW or NW`},
		{[]string{"@blake /battle place kind:objective hex:7"}, "hex:"},
	} {
		if _, err := veteranWith(t, tc.lines...); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: %v, want %q", tc.lines, err, tc.want)
		}
	}
	green, _ := QuickStartBuiltIn("green-training")
	if _, err := ParseQuickStart(append(green, []byte("commands: [\""+both[0]+"\"]\n")...), nil); err == nil || !strings.Contains(err.Error(), "setup: green has the players place their Units (/battle place unit: hex: facing:) and nothing else") {
		t.Errorf("a placing in the Green file: %v", err)
	}
}

// runSetUp plays qs's set-up and commands with dice d, no AI, and
// returns the battle where the commands run out, with every event.
func runSetUp(qs *QuickStart, d *dice.Dice) (quickstart.State, []quickstart.Event, error) {
	var evs []quickstart.Event
	s, err := qs.Run(d, QuickStartOutput{Event: func(e quickstart.Event) { evs = append(evs, e) }}, [2]*qsai.Player{}, 0)
	return s, evs, err
}

// TestAIPlacesCounters: Run with the AI playing blake skips blake's own
// placings, the bot placing its counters (ruling QS18), while the bears'
// placings stand.
func TestAIPlacesCounters(t *testing.T) {
	qs, err := veteranWith(t, "@blake /battle place kind:objective hex:0314", "@bears /battle place kind:objective hex:0705")
	if err != nil {
		t.Fatal(err)
	}
	var placed []string
	out := QuickStartOutput{Event: func(e quickstart.Event) {
		if strings.Contains(e.Text, "'s objective in") {
			placed = append(placed, e.Text)
		}
	}}
	d := dice.New(dice.NewSeeded(3))
	if _, err := qs.Run(d, out, [2]*qsai.Player{{Side: 0}}, 1); err != nil {
		t.Fatal(err)
	}
	if len(placed) != 4 || slices.Contains(placed, "set-up: Word of Blake places Clan Ghost Bear's objective in 0314") {
		t.Fatalf("blake's placing was played for the AI: %v", placed)
	}
	if !slices.Contains(placed, "set-up: Clan Ghost Bear places Word of Blake's objective in 0705") {
		t.Errorf("the bears' own placing is lost: %v", placed)
	}
}
