package scenario

import (
	"fmt"

	"bfbot/mapgen"
	"bfbot/referee"
	"bfbot/referee/dice"
)

// What the bot needs to play a shipped scenario as a one-battle campaign
// (campaign.NewScenarioBattle, /scenario start): the battle as it stands
// once it has begun, and the scenario's tactical map again after a
// campaign is loaded (campaign.RestoreWith), since stored battles leave
// their maps out.

// Begin announces the deployment, rolls for the initiative when the file
// names no side to move first, and starts the battle, as Run does before
// the file's first command. It returns the started battle and the events
// so far, die rolls included.
func (sc *Scenario) Begin(d *dice.Dice) (*referee.State, []referee.Event, error) {
	var evs []referee.Event
	st, err := sc.begin(d, Output{Event: func(e referee.Event) { evs = append(evs, e) }})
	if err != nil {
		return nil, nil, err
	}
	return st, evs, nil
}

// BuiltInMap returns the tactical map of the shipped scenario name as
// Parse builds it (generated from the file's own map seed, with its
// terrain overrides). seed is the campaign's scenario seed: the shipped
// files carry their maps' seeds, so it does not change the map. It has
// the form of campaign.ScenarioMapFunc, for RestoreWith. It parses the
// file again each time (the rules keep no cache: the store keeps loaded
// campaigns, maps included).
func BuiltInMap(name string, seed uint64) (*mapgen.Map, error) {
	_ = seed
	if data, ok := QuickStartBuiltIn(name); ok {
		qs, err := ParseQuickStart(data, nil)
		if err != nil {
			return nil, fmt.Errorf("shipped scenario %s: %w", name, err)
		}
		return qs.Map, nil
	}
	data, err := BuiltIn(name)
	if err != nil {
		return nil, err
	}
	sc, err := Parse(data, nil)
	if err != nil {
		return nil, fmt.Errorf("shipped scenario %s: %w", name, err)
	}
	return sc.Setup.Map, nil
}
