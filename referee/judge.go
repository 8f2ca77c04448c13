package referee

import (
	"fmt"
	"strings"

	"bfbot/internal/english"
	"bfbot/mapgen"
	"bfbot/mapgen/hex"
)

// A referee's judgements (ruling JD2). 004's setup tables leave some
// results to a neutral judge: gauntlet damage and hit and run (lines 56,
// 60, 126), sniper support and light artillery (76, 132), a local disaster
// (13), terrain selection (149). The campaign's referee carries his
// judgement out with these: each changes a battle not yet over, is an
// event of the battle with the audience its content has, and, as a
// stored change, can be undone.

// JudgeMaxSteps caps one judgement's damage: a ground counter's four
// steps (000 line 512).
const JudgeMaxSteps = 4

// JudgeDamage gives unit id n damage steps the referee judged it takes,
// why saying for what. A unit on the map takes them as combat damage
// (an Extra 'Mech chit absorbs one, the last step destroys it and leaves
// its salvage counter); a unit still to deploy or arrive takes them before
// it deploys, and one destroyed so leaves nothing on the map. A unit on
// its way as a late reinforcement is judged once it has arrived.
func JudgeDamage(s *State, id string, n int, why string) (*State, []Event, error) {
	u, err := judgeUnit(s, id, why)
	if err != nil {
		return s, nil, err
	}
	switch {
	case n < 1 || n > JudgeMaxSteps:
		return s, nil, illegal("damage is 1 to %d steps, not %d", JudgeMaxSteps, n)
	case u.Status != Active && u.Status != Surrendered && u.Status != Reserve:
		return s, nil, illegal("%s is %v: only a unit on the map or still to come takes damage", id, u.Status)
	}
	b := &battle{s: s.Clone(), side: u.Side}
	u = b.unit(id)
	if u.Status.OnMap() {
		b.emit(Event{Type: "judgement", Unit: id, Audience: b.ownerAndProbers(u), Text: fmt.Sprintf("the referee rules that %s takes %s: %s", id, english.Count(n, "step"), why)})
		if err := b.loseSteps(u, n, why, true, false); err != nil {
			return s, nil, err
		}
		return b.s, b.events, nil
	}
	b.emit(Event{Type: "judgement", Unit: id, Audience: []string{u.Side}, Text: fmt.Sprintf("the referee rules that %s takes %s before it reaches the battle: %s", id, english.Count(n, "step"), why)})
	steps := u.Class.Info().Steps
	u.Step = min(u.Step+n, steps)
	if u.Step >= steps {
		u.Status = Destroyed
		// The enemy never saw this counter: while the battle is set up it
		// learns that one of the side's counters is lost, as with a
		// counter kept out, not which. Once the battle is on, a counter
		// in reserve is in orbit or aboard a DropShip, and its coming is
		// the side's secret (DR1): the enemy learns nothing.
		if s.Phase == PhaseDeploy {
			name := u.Side
			if sd := b.s.Side(u.Side); sd != nil {
				name = sd.Name
			}
			b.emit(Event{Type: "judgement", Text: fmt.Sprintf("the referee rules a counter of %s destroyed before it reaches the battle", name)})
		}
		b.emit(Event{Type: "destroyed", Unit: id, Audience: []string{u.Side}, Text: fmt.Sprintf("%s is destroyed by %s before it reaches the battle", id, why)})
	} else {
		b.emit(Event{Type: "damage", Unit: id, Audience: []string{u.Side}, Text: fmt.Sprintf("%s takes %s: now step %d", id, english.Count(n, "step"), u.Step)})
	}
	return b.s, b.events, nil
}

// JudgeWithhold keeps unit id out of a battle being set up, as the setup
// tables keep counters out (ruling ST2): it starts withdrawn and is not
// lost. The enemy learns that a counter stays out, its owner which.
func JudgeWithhold(s *State, id, why string) (*State, []Event, error) {
	u, err := judgeUnit(s, id, why)
	if err != nil {
		return s, nil, err
	}
	switch {
	case s.Phase != PhaseDeploy:
		return s, nil, illegal("the battle has started: only a battle being set up has units kept out (use damage for a unit in the battle)")
	case u.Status != Reserve && u.Status != Active:
		return s, nil, illegal("%s is %v and already out of the battle", id, u.Status)
	}
	b := &battle{s: s.Clone(), side: u.Side}
	u = b.unit(id)
	u.Status = Withdrawn
	name := u.Side
	if sd := b.s.Side(u.Side); sd != nil {
		name = sd.Name
	}
	b.emit(Event{Type: "judgement", Text: fmt.Sprintf("the referee keeps a counter of %s out of the battle: %s", name, why)})
	b.emit(Event{Type: "judgement", Unit: id, Audience: []string{u.Side}, Text: fmt.Sprintf("%s stays out of the battle: %s", id, why)})
	return b.s, b.events, nil
}

// JudgeWeather sets a battle's weather and night, from now on, as the
// referee judged a local disaster or the conditions (004 lines 7–15).
// Natural fortifications stay. Everyone sees the sky.
func JudgeWeather(s *State, kind WeatherKind, night bool, why string) (*State, []Event, error) {
	switch {
	case s.Phase == PhaseOver:
		return s, nil, illegal("the battle is over")
	case kind >= numWeatherKinds:
		return s, nil, illegal("unknown weather %v", kind)
	case strings.TrimSpace(why) == "":
		return s, nil, illegal("say why: the judgement goes into the battle's log")
	}
	b := &battle{s: s.Clone()}
	b.s.Rules.Weather.Kind = kind
	b.s.Rules.Night = night
	when := "by day"
	if night {
		when = "at night"
	}
	b.emit(Event{Type: "judgement", Text: fmt.Sprintf("the referee rules the weather %v, %s: %s", kind, when, why)})
	return b.s, b.events, nil
}

// JudgeTerrain gives hexes terrain t at the given elevation in a battle
// being set up, as the referee judged a terrain selection or a disaster
// (004 lines 13, 149): a flood turns ground to water, a fire woods to
// rough. Roads stay. A unit already placed must be able to stand where it
// is. The map is public: everyone sees the change.
func JudgeTerrain(s *State, hexes []hex.Hex, t mapgen.Terrain, elevation int, why string) (*State, []Event, error) {
	switch {
	case s.Phase != PhaseDeploy:
		return s, nil, illegal("the battle has started: the ground changes only while it is being set up")
	case strings.TrimSpace(why) == "":
		return s, nil, illegal("say why: the judgement goes into the battle's log")
	case len(hexes) == 0:
		return s, nil, illegal("name the hexes whose terrain changes")
	case elevation < 0 || elevation > mapgen.MaxElevation:
		return s, nil, illegal("elevation %d: use 0 to %d", elevation, mapgen.MaxElevation)
	}
	b := &battle{s: s.Clone()}
	b.s.Map = s.Map.Clone() // the map is shared between states
	names := make([]string, 0, len(hexes))
	for _, h := range hexes {
		c := b.s.Map.Cell(h)
		if c == nil {
			return s, nil, illegal("hex %s is not on the map", h)
		}
		c.Terrain, c.Elevation = t, elevation
		for _, u := range b.s.UnitsAt(h, true) {
			if u.Class.Ground() && t.Info().Prohibited[u.Class.Info().Movement] && !c.Road {
				return s, nil, illegal("%s stands in %s and may not stand on %v", u.ID, h, t)
			}
		}
		names = append(names, h.String())
	}
	b.emit(Event{Type: "judgement", Text: fmt.Sprintf("the referee rules %s %v at elevation %d: %s", strings.Join(names, ", "), t, elevation, why)})
	return b.s, b.events, nil
}

// judgeUnit finds the unit a judgement is about, in a battle not over.
func judgeUnit(s *State, id, why string) (*Unit, error) {
	switch {
	case s.Phase == PhaseOver:
		return nil, illegal("the battle is over")
	case strings.TrimSpace(why) == "":
		return nil, illegal("say why: the judgement goes into the battle's log")
	}
	u := s.Unit(id)
	if u != nil {
		return u, nil
	}
	if s.Scenario != nil {
		for _, g := range s.Scenario.Reinforcements {
			for _, v := range g.Units {
				if v.ID == id {
					return nil, illegal("%s is on its way and enters the map on game turn %d at the earliest: judge it once it has arrived", id, g.Turn)
				}
			}
		}
	}
	return nil, illegal("there is no unit %s in this battle", id)
}
