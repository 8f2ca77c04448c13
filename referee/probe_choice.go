package referee

import (
	"slices"

	"bfbot/referee/dice"
)

// An AEP probe's target (000 lines 1342–1353): each AEP unit reads one
// enemy unit a sighting phase. For a side in State.Asked with more than
// one unit to choose from, the choice waits for its owner (a Probe;
// nothing else happens in the battle until it is made, ResolveProbe); any
// other side's probe reads the nearest, the default (ruling S5).

// Probe is an AEP unit whose owner chooses which of Targets it reads;
// Targets[0] is the default.
type Probe struct {
	Unit    string   `json:"unit"`
	Targets []string `json:"targets"`
}

// ResolveProbe carries out the owner's choice: unit reads target, one of
// the targets it was offered.
func ResolveProbe(s *State, unit, target string, d *dice.Dice) (*State, []Event, error) {
	i := slices.IndexFunc(s.Probes, func(p Probe) bool { return p.Unit == unit })
	if i < 0 {
		return s, nil, illegal("%s has no probe to choose", unit)
	}
	if !slices.Contains(s.Probes[i].Targets, target) {
		return s, nil, illegal("%s may probe %v, not %s", unit, s.Probes[i].Targets, target)
	}
	b := &battle{s: s.Clone(), d: d, side: s.unitSide(unit)}
	b.s.Probes = slices.Delete(b.s.Probes, i, i+1)
	b.probe(b.s.Unit(unit), b.s.Unit(target))
	return b.s, b.events, nil
}
