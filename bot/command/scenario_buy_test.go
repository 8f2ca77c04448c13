package command

import (
	"strings"
	"testing"
)

// Ensure /scenario start buy:LIST gives the caller's side the bought
// force (scenario.Buy) and a purchase the scenario refuses is the
// caller's mistake, named with its numbers (000 line 2209).
func TestScenarioStartBuy(t *testing.T) {
	f := scdFixture(t)
	f.cmdMust("alice", "scenario", "start", "name", "surprise-encounter", "side", "lancers", "seed", "3",
		"buy", "Atlas Atlas Stalker Zeus @veteran; Locust Wasp Stinger Wasp")
	c := f.scdCampaign(1)
	var ids []string
	for _, u := range c.Battle(1).State.Units {
		if u.Side == "lancers" {
			ids = append(ids, u.ID)
		}
	}
	if strings.Join(ids, ",") != "L1,L2" {
		t.Errorf("lancers units %v, want the bought L1,L2", ids)
	}
	// In another channel: campaign 1 holds this one (place.go).
	r := cmdRequest("bob", "scenario", "start", "name", "no-mech", "side", "garrison", "buy", "Atlas Atlas Atlas Atlas")
	r.Channel = "c2"
	out := cmdTexts(f.reg.Dispatch(t.Context(), r))
	if !strings.Contains(out, "⚠") || !strings.Contains(out, "the scenario allows only vehicle, infantry, air") {
		t.Errorf("a forbidden purchase answered:\n%s", out)
	}
}
