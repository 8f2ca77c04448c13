package scenario

import (
	"errors"
	"strings"
	"testing"

	"bfbot/mapgen/hex"
	"bfbot/referee"
)

// Ensure the special-rule fields (special.go) read into the referee's
// ScenarioRules: exits, bounties, objectives, reinforcements, salvage
// rules, initiative every turn, scavenging, stranded side, drops and
// DropShip passengers.
func TestParseSpecialRules(t *testing.T) {
	text := strings.NewReplacer(
		// A DropShip stands on open ground at level 0 (ruling DR22).
		`  "0505": {terrain: open, elevation: 0}`, `  "0505": {terrain: open, elevation: 0}
  "0303": {terrain: open, elevation: 0}`,
		"map: {seed: 1, theme: plains}\n", `map: {seed: 1, theme: plains}
rules: {initiative: each-turn, scavenging: true}
victory:
  turns: 9
  salvage: {vp: 15, exited_only: true, left_to: b, carrier_leaves: 2}
  end_when_salvage_gone: true
  stranded: b
  end_when_lifted_off: b
`,
		"  - id: a\n    units:\n", `  - id: a
    exit: [{edge: west, vp: 5}, {space: true, vp: 10, per_mech: true, mechs_only: true}]
    bounty: 10
    objectives: {"1508": 20}
    reinforcements:
      - edge: west
        turn: 2
        roll: 11
        units:
          - {id: R1, class: light-mech, values: {ra: 4, ca: 5, d: 4, r: 1, mp: 8}, hex: "0103", bounty: 3}
    units:
      - {id: A2, class: medium-mech, values: {ra: 7, ca: 12, d: 8, r: 3, mp: 4}, drop: {turn: 2, hex: "1010"}}
      - {id: A3, class: medium-mech, values: {ra: 7, ca: 12, d: 8, r: 3, mp: 4}, drop: true}
      - {id: DS, class: union, values: {ra: 13, ca: 0, d: 7, r: 6, mp: 0}, hex: "0303"}
      - {id: A4, class: light-mech, values: {ra: 4, ca: 5, d: 4, r: 1, mp: 8}, aboard: DS}
`).Replace(base)
	sc := mustParse(t, text, nil)
	s := sc.Setup
	r := s.Scenario
	if r == nil {
		t.Fatal("no scenario rules")
	}
	if !r.InitiativeEachTurn || !r.Scavenging || s.Rules.TurnLimit != 9 || !r.EndWhenSalvageGone || r.Stranded != "b" || r.EndWhenLiftedOff != "b" {
		t.Errorf("rules %+v", r)
	}
	if r.Salvage != (referee.SalvageRules{VP: 15, Set: true, ExitedOnly: true, LeftTo: "b", CarrierLeaves: 2}) {
		t.Errorf("salvage %+v", r.Salvage)
	}
	want := []referee.ExitAward{{Side: "a", Edge: referee.West, VP: 5}, {Side: "a", VP: 10, Space: true, PerMech: true, MechsOnly: true}}
	if len(r.Exits) != 2 || r.Exits[0] != want[0] || r.Exits[1] != want[1] {
		t.Errorf("exits %+v", r.Exits)
	}
	if r.SideBounty["a"] != 10 || r.Bounty["R1"] != 3 {
		t.Errorf("bounties %v %v", r.SideBounty, r.Bounty)
	}
	if len(r.Objectives) != 1 || r.Objectives[0] != (referee.Objective{Side: "a", Hex: hex.MustParse("1508"), VP: 20}) {
		t.Errorf("objectives %+v", r.Objectives)
	}
	if len(r.Reinforcements) != 1 {
		t.Fatalf("reinforcements %+v", r.Reinforcements)
	}
	g := r.Reinforcements[0]
	if g.Side != "a" || g.Edge != referee.West || g.Turn != 2 || g.Roll != 11 || len(g.Units) != 1 || g.Units[0].Hex != hex.MustParse("0103") || s.Unit("R1") != nil {
		t.Errorf("group %+v", g)
	}
	if u := s.Unit("A2"); !u.Drop || u.DropTurn != 2 || u.DropAt != hex.MustParse("1010") || u.Status != referee.Reserve {
		t.Errorf("A2 %+v", u)
	}
	if u := s.Unit("A3"); !u.Drop || u.DropTurn != 0 {
		t.Errorf("A3 drop %v turn %d", u.Drop, u.DropTurn)
	}
	if u := s.Unit("A4"); u.Aboard != "DS" || u.Status != referee.Reserve {
		t.Errorf("A4 aboard %q, %v", u.Aboard, u.Status)
	}
	if u := s.Unit("DS"); u.Status != referee.Active {
		t.Errorf("DS is %v", u.Status)
	}
}

// Ensure mistakes in the special-rule fields are refused with the line,
// the field and what to write instead.
func TestParseSpecialRuleErrors(t *testing.T) {
	cases := []struct {
		name, old, new, want string
	}{
		{"BadEdge", "  - id: a\n    units:", "  - id: a\n    exit: {edge: up, vp: 5}\n    units:", `line 7: sides[0].exit.edge: edge "up": use north, east, south or west`},
		{"ExitNoEdge", "  - id: a\n    units:", "  - id: a\n    exit: {vp: 5}\n    units:", "sides[0].exit.edge: missing"},
		{"BadInitiative", "first: a", "first: a\nrules: {initiative: sometimes}", `rules.initiative: "sometimes": use once`},
		{"LeftToNobody", "first: a", "first: a\nvictory: {salvage: {left_to: c}}", `victory.salvage.left_to: no side "c": use a or b`},
		{"StrandedNobody", "first: a", "first: a\nvictory: {stranded: c}", `victory.stranded: no side "c"`},
		{"ReinforcementOffEdge", "  - id: a\n    units:", "  - id: a\n    reinforcements: [{edge: west, units: [{id: R1, class: light-mech, values: {ra: 4, ca: 5, d: 4, r: 1, mp: 8}, hex: \"0505\"}]}]\n    units:",
			"hex 0505 is not on the west edge"},
		{"ReinforcementDuplicate", "  - id: a\n    units:", "  - id: a\n    reinforcements: [{edge: west, units: [{id: B1, class: light-mech, values: {ra: 4, ca: 5, d: 4, r: 1, mp: 8}, hex: \"0105\"}]}]\n    units:",
			"unit B1 is also in"},
		{"ReinforcementNoHex", "  - id: a\n    units:", "  - id: a\n    reinforcements: [{edge: west, units: [{id: R1, class: light-mech, values: {ra: 4, ca: 5, d: 4, r: 1, mp: 8}, drop: true}]}]\n    units:",
			"a reinforcement enters at a hex of its edge"},
		{"ReinforcementRoll", "  - id: a\n    units:", "  - id: a\n    reinforcements: [{edge: west, roll: 13, units: [{id: R1, class: light-mech, values: {ra: 4, ca: 5, d: 4, r: 1, mp: 8}, hex: \"0105\"}]}]\n    units:",
			"reinforcements[0].roll"},
		{"DropVehicle", "        hex: \"2505\"", "        hex: \"2505\"\n      - {id: B2, class: tracked, values: {ra: 4, ca: 5, d: 4, r: 1, mp: 4}, drop: true}", "only 'Mech lances and DropShips drop"},
		{"DropWithHex", "        hex: \"2505\"", "        hex: \"2505\"\n      - {id: B2, class: light-mech, values: {ra: 4, ca: 5, d: 4, r: 1, mp: 4}, drop: true, hex: \"2506\"}", "B2 comes later (drop or aboard): it has no hex"},
		{"DropHalf", "        hex: \"2505\"", "        hex: \"2505\"\n      - {id: B2, class: light-mech, values: {ra: 4, ca: 5, d: 4, r: 1, mp: 4}, drop: {turn: 2}}", "give both turn and hex"},
		{"AboardNothing", "        hex: \"2505\"", "        hex: \"2505\"\n      - {id: B2, class: light-mech, values: {ra: 4, ca: 5, d: 4, r: 1, mp: 4}, aboard: A1}", `"A1" is not a DropShip of B2's side`},
		{"UnitBounty", "        hex: \"2505\"", "        hex: \"2505\"\n        bounty: -1", "sides[1].units[0].bounty"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse([]byte(change(t, c.old, c.new)), nil)
			var e *Error
			if !errors.As(err, &e) || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %v, want one with %q", err, c.want)
			}
		})
	}
}

// Ensure a side whose units all come later may have an empty units list,
// and the battle starts (StartWithDice) with them off the map.
func TestParseReinforcementsOnly(t *testing.T) {
	text := change(t, "  - id: b\n    units:\n      - id: B1\n        class: heavy-mech\n        values: {ra: 13, ca: 16, d: 10, r: 3, mp: 4}\n        hex: \"2505\"",
		"  - id: b\n    reinforcements: [{edge: east, units: [{id: B1, class: heavy-mech, values: {ra: 13, ca: 16, d: 10, r: 3, mp: 4}, hex: \"3205\"}]}]")
	text = strings.Replace(text, `  - "@a /battle end"`, `  - "@a /battle end"
  - "@a /battle end"`, 1)
	sc := mustParse(t, text, nil)
	s, events, err := play(t, sc, scripted(t))
	if err != nil {
		t.Fatal(err)
	}
	if u := s.Unit("B1"); u == nil || u.Hex != hex.MustParse("3205") {
		t.Errorf("B1 did not enter: %v", events)
	}
}
