package command

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"bfbot/campaign"
)

// Ensure each kind of question gets buttons that answer it, the default
// marked, and a question with many answers only its default's button.
func TestDecisionButtons(t *testing.T) {
	many := make([]string, maxDecisionButtons+1)
	for i := range many {
		many[i] = fmt.Sprintf("B%d", i+1)
	}
	army := make([]string, 30) // too many to name in one label
	for i := range army {
		army[i] = fmt.Sprintf("A%d", i+1)
	}
	for _, tc := range []struct {
		d    campaign.Decision
		want []string
	}{
		{campaign.Decision{ID: 1, Kind: campaign.DecideInitiative, Options: []string{"first", "second"}, Default: "first"}, []string{"first (default)", "second"}},
		{campaign.Decision{ID: 2, Kind: campaign.DecideRepair, Options: []string{"A3", "A7"}, Default: "A3 A7"}, []string{"default: A3 A7", "none"}},
		{campaign.Decision{ID: 3, Kind: campaign.DecideProbe, Options: many, Default: "B1"}, []string{"B1 (default)"}},
		// A default of many units is cut to Discord's 80 characters.
		{campaign.Decision{ID: 4, Kind: campaign.DecideRepair, Options: army, Default: strings.Join(army, " ")},
			[]string{("default: " + strings.Join(army, " "))[:79] + "…", "none"}},
	} {
		var got []string
		for _, b := range decisionButtons(1, tc.d) {
			got = append(got, b.Label)
			id, err := DecodeButton(b.CustomID)
			if err != nil || id.Action != ButtonDecide || id.Args[0] != strconv.Itoa(tc.d.ID) {
				t.Errorf("button %q decodes to %+v, %v", b.Label, id, err)
			}
		}
		if strings.Join(got, "|") != strings.Join(tc.want, "|") {
			t.Errorf("%s buttons %q, want %q", tc.d.Kind, got, tc.want)
		}
	}
}
