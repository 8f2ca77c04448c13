package referee

import (
	"testing"

	"bfbot/referee/dice"
)

// Ensure hidden infantry revealed by an entering enemy loses its blind for
// every other side at once (000 line 1054), even when no unit of theirs
// could sight it (the entering unit is disrupted by the assault or not).
func TestHiddenInfantryRevealedLosesBlind(t *testing.T) {
	s := coreBattle(t)
	s.Units = append(s.Units, &Unit{ID: "H1", Side: "bandits", Class: Infantry, Experience: Regular, Status: Active,
		Hex: h("0705"), Hidden: true, Rows: DeriveSteps(Values{RA: 2, CA: 4, D: 4}), Range: 1, MP: 1})
	if s.Known["lancers"]["H1"] != 0 {
		t.Fatal("lancers know of H1 before it is revealed")
	}
	n, events, err := Apply(s, Action{Kind: ActMove, Side: "lancers", Unit: "A1", To: h("0705")}, dice.New(dice.NewSeeded(3)))
	if err != nil {
		t.Fatal(err)
	}
	if n.Unit("H1").Hidden {
		t.Fatal("H1 still hidden after A1 entered its hex")
	}
	if n.Known["lancers"]["H1"]&KnowClass == 0 {
		t.Error("H1's blind is still on for the lancers")
	}
	revealed := false
	for _, e := range events {
		if e.Type == "revealed" && e.Unit == "H1" && e.Audience == nil {
			revealed = true
		}
	}
	if !revealed {
		t.Errorf("no public revealed event: %+v", events)
	}
	if v := n.View("lancers").Unit("H1"); v == nil || v.Class != "infantry" {
		t.Errorf("lancers' view of H1 = %+v, want its class", v)
	}
}
