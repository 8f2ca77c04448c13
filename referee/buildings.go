package referee

import (
	"fmt"

	"bfbot/mapgen/hex"
)

// Attacks on buildings (000 line 1009; ruling K11). The target is
// the hex, named like "0503"; the units inside are not harmed by it
// (they are attacked as units, with the building's column shift).

// BuildingCollapseSteps is the least step result that reduces a building
// to rubble; smaller results, disruptions and critical hits do nothing
// to it (000 line 1009).
const BuildingCollapseSteps = 2

// buildingTarget says why hex h cannot be attacked as a building.
func buildingTarget(s *State, h hex.Hex) error {
	switch {
	case !s.Map.Contains(h):
		return illegal("hex %s is not on the map", h)
	case s.Rubble[h]:
		return illegal("the building in hex %s is already rubble", h)
	case !s.Cell(h).Terrain.IsBuilding():
		return illegal("hex %s holds no building: attack a unit by its name (%s)", h, bookCite{1009})
	}
	return nil
}

// planBuilding finishes the plan of an attack on a building: the attack
// value is the column, shifted left by the building's own terrain
// modifier and by the terrain between (already in shifts, with the night
// shift); experience and the other modifiers do not apply (000 line 1009;
// ruling K12). A building has no Defensive Value: defense is 0.
func planBuilding(s *State, p attackPlan, shifts []int) (attackPlan, error) {
	p.defense = 0
	p.column = Column(p.value, 0, append(shifts, s.Cell(p.at).Terrain.Info().Shift)...)
	return p, nil
}

// attackBuilding rolls an attack on a building and turns it to rubble on
// two or more steps (000 line 1009). The rubble stays for the rest of the
// battle; units inside stay where they are (ruling K11).
func (b *battle) attackBuilding(p attackPlan) error {
	u := p.attacker
	roll, err := b.roll(fmt.Sprintf("%s attack %s on the building in %s", p.mode, u.ID, p.at), 2, nil)
	if err != nil {
		return err
	}
	r, err := b.s.Rules.CRT.Lookup(p.column, roll)
	if err != nil {
		return err
	}
	building := b.s.Cell(p.at).Terrain
	e := Event{
		Type: "attack", Attacker: u.ID, Target: p.at.String(), Hex: hexp(p.at), Mode: p.mode.String(),
		Value: intp(p.value), Defense: intp(0), Column: intp(p.column),
		Roll: intp(roll), Result: strp(r.String()),
		Text: fmt.Sprintf("%s attacks the %s in %s", u.ID, building, p.at),
	}
	if p.observer != "" {
		e.Text += fmt.Sprintf(", firing indirectly through forward observer %s", p.observer)
	}
	b.emit(e)
	if r.Kind != Steps || r.Steps < BuildingCollapseSteps {
		return nil
	}
	if b.s.Rubble == nil {
		b.s.Rubble = map[hex.Hex]bool{}
	}
	b.s.Rubble[p.at] = true
	b.emit(Event{Type: "rubble", Hex: hexp(p.at), Text: fmt.Sprintf("the %s in %s is reduced to rubble", building, p.at)})
	return nil
}
