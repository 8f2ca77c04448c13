package campaign

import (
	"fmt"
	"maps"
	"sort"
	"strings"

	"bfbot/campaign/forces"
	"bfbot/internal/english"
	"bfbot/mapgen"
	"bfbot/mapgen/hex"
	"bfbot/referee"
	"bfbot/referee/dice"
)

// A referee's judgements (ruling JD2): what 004's setup tables leave to a
// neutral judge — gauntlet damage, hit and run, sniper support, light
// artillery, lures, local reinforcements, terrain selection, disasters —
// the campaign's referee carries out with these. Terrain changes are kept
// with the battle, as installations are, for Restore. Each is one stored
// change (so /undo takes it back) and one "judgement" event in the
// campaign's log addressed to the referee; the battle's own events tell
// the sides what they may know.

// JudgeHint tells the referee, in a note, how to carry a judgement out.
const JudgeHint = "/judge damage, withhold, add, terrain, weather or vp carry out what you judge"

// JudgeKind is what a judgement in a battle does.
type JudgeKind string

// The judgements in a battle.
const (
	JudgeDamage   JudgeKind = "damage"   // a unit takes steps
	JudgeWithhold JudgeKind = "withhold" // a unit stays out of a battle being set up
	JudgeWeather  JudgeKind = "weather"  // the weather and night change
	JudgeTerrain  JudgeKind = "terrain"  // hexes of a battle being set up change
)

// Judgement is one referee judgement in a battle.
type Judgement struct {
	Kind    JudgeKind
	Unit    string
	Steps   int
	Weather referee.WeatherKind
	Night   bool
	// Hexes, Terrain and Elevation: a terrain judgement.
	Hexes     []hex.Hex
	Terrain   mapgen.Terrain
	Elevation int
	// Why is what the referee judged: it goes into the logs.
	Why string
}

// TerrainChange is one hex the referee changed (JudgeTerrain): its
// terrain and elevation; its road stays.
type TerrainChange struct {
	Hex       hex.Hex        `json:"hex"`
	Terrain   mapgen.Terrain `json:"terrain"`
	Elevation int            `json:"elevation,omitempty"`
}

// withTerrain returns m with the changes laid on it (a copy when there are
// any: sector maps may be shared).
func withTerrain(m *mapgen.Map, changes []TerrainChange) *mapgen.Map {
	if len(changes) == 0 {
		return m
	}
	m = m.Clone()
	for _, tc := range changes {
		if c := m.Cell(tc.Hex); c != nil {
			c.Terrain, c.Elevation = tc.Terrain, tc.Elevation
		}
	}
	return m
}

// JudgeMaxVP bounds one award of victory points: the largest in the book
// is an eliminated regimental battlegroup's 200 (000 line 2703); a
// campaign objective may be worth 250 (000 line 2704).
const JudgeMaxVP = 250

// JudgeBattle carries out a referee's judgement in an open battle. The
// battle then goes on as after any action: a battle whose last unit was
// placed or kept out starts.
func JudgeBattle(c *Campaign, battleID int, j Judgement, d *dice.Dice) (*Campaign, []referee.Event, error) {
	if _, err := c.openBattle(battleID, ""); err != nil {
		return nil, nil, err
	}
	n := c.Clone()
	b := n.Battle(battleID)
	var st *referee.State
	var evs []referee.Event
	var err error
	switch j.Kind {
	case JudgeDamage:
		st, evs, err = referee.JudgeDamage(b.State, j.Unit, j.Steps, j.Why)
	case JudgeWithhold:
		st, evs, err = referee.JudgeWithhold(b.State, j.Unit, j.Why)
	case JudgeWeather:
		st, evs, err = referee.JudgeWeather(b.State, j.Weather, j.Night, j.Why)
	case JudgeTerrain:
		st, evs, err = referee.JudgeTerrain(b.State, j.Hexes, j.Terrain, j.Elevation, j.Why)
	default:
		return nil, nil, errorf("unknown judgement %q: use damage, withhold, weather or terrain", j.Kind)
	}
	if err != nil {
		return nil, nil, refusal(err)
	}
	b.State = st
	if j.Kind == JudgeTerrain {
		for _, h := range j.Hexes {
			b.Terrain = append(b.Terrain, TerrainChange{Hex: h, Terrain: j.Terrain, Elevation: j.Elevation})
		}
	}
	n.emit(Event{Step: "battle", Type: "judgement", Audience: []string{RefereeAudience}, Sector: b.Sector, Battle: b.ID,
		Text: fmt.Sprintf("battle %d, your judgement: %s", b.ID, judgementText(j))})
	more, err := n.advanceBattle(b, evs, d)
	if err != nil {
		return nil, nil, err
	}
	return n, append(evs, more...), nil
}

// JudgeAddUnit brings a new counter into a battle being set up for side,
// as the referee judged local reinforcements (004 lines 68, 147): lance,
// made by quick lance generation from the Values Table (000 lines
// 1697–1711), joins the side's first battlegroup in the battle, deploys in
// its zone and from then on is the side's like any other counter (its
// cost is the enemy's if it is lost, R8). Only its side learns of it.
// It returns the new counter's ID.
func JudgeAddUnit(c *Campaign, battleID int, side string, lance forces.Lance, why string) (*Campaign, []referee.Event, string, error) {
	b, err := c.openBattle(battleID, side)
	switch {
	case err != nil:
		return nil, nil, "", err
	case side == "":
		return nil, nil, "", errorf("say which side the new counter joins")
	case b.State.Phase != referee.PhaseDeploy:
		return nil, nil, "", errorf("battle %d has started: new counters join only while it is being set up", battleID)
	case strings.TrimSpace(why) == "":
		return nil, nil, "", errorf("say why: the judgement goes into the campaign's log")
	}
	n := c.Clone()
	b = n.Battle(battleID)
	s := n.Side(side)
	var bg *Battlegroup
	for _, bs := range b.Sides {
		for _, id := range bs.Battlegroups {
			if g := s.Battlegroup(id); bs.Side == side && g != nil && bg == nil {
				bg = g
			}
		}
	}
	if bg == nil {
		return nil, nil, "", errorf("%s has no battlegroup left in battle %d for the counter to join", side, battleID)
	}
	id := n.newUnitID(s)
	s.Units = append(s.Units, Unit{ID: id, Lance: lance, Status: UnitActive, Battlegroup: bg.ID})
	bg.Units = append(bg.Units, id)

	st := b.State.Clone()
	u := lance.Unit(id, side)
	st.Units = append(st.Units, &u)
	sort.Slice(st.Units, func(i, j int) bool { return st.Units[i].ID < st.Units[j].ID })
	// The battle's campaign rules are shared between its states: copy
	// them to give the counter its battlegroup's zone.
	cr := *st.Campaign
	cr.Zones, cr.StartSteps = maps.Clone(cr.Zones), maps.Clone(cr.StartSteps)
	for _, mate := range bg.Units {
		if z, ok := cr.Zones[mate]; ok && mate != id {
			cr.Zones[id] = z
			break
		}
	}
	cr.StartSteps[id] = 0
	st.Campaign = &cr
	if errs := st.Check(); len(errs) > 0 {
		return nil, nil, "", fmt.Errorf("battle %d with %s added: %v", battleID, id, errs[0])
	}
	b.State = st
	evs := []referee.Event{{Turn: st.Turn, Type: "judgement", Side: side, Unit: id, Audience: []string{side},
		Text: fmt.Sprintf("%s joins the battle as %s (%s): %s", lance.Name, id, why, forces.RosterValues(lance))}}
	n.emit(Event{Step: "battle", Type: "judgement", Audience: []string{RefereeAudience}, Sector: b.Sector, Battle: b.ID,
		Text: fmt.Sprintf("battle %d, your judgement: %s joins %s's battlegroup %d as %s (%s)", b.ID, lance.Name, side, bg.ID, id, why)})
	return n, evs, id, nil
}

// judgementText says what a judgement did, for the referee's log.
func judgementText(j Judgement) string {
	switch j.Kind {
	case JudgeDamage:
		return fmt.Sprintf("%s takes %s (%s)", j.Unit, english.Count(j.Steps, "step"), j.Why)
	case JudgeWithhold:
		return fmt.Sprintf("%s stays out of the battle (%s)", j.Unit, j.Why)
	case JudgeTerrain:
		return fmt.Sprintf("%d hex(es) %v at elevation %d (%s)", len(j.Hexes), j.Terrain, j.Elevation, j.Why)
	}
	when := "by day"
	if j.Night {
		when = "at night"
	}
	return fmt.Sprintf("weather %v, %s (%s)", j.Weather, when, j.Why)
}

// JudgeVP awards side vp victory points (negative: takes them away) for
// what the referee judged, why: an objective agreed on (000 line 2704), a
// lure or a disaster's consequences. The award is public unless secret,
// when only the side (and the referee) learn it, as with objectives
// (ruling SE2).
func JudgeVP(c *Campaign, side string, vp int, why string, secretAward bool) (*Campaign, error) {
	s := c.Side(side)
	switch {
	case s == nil:
		return nil, errorf("there is no side %q: %s", side, c.sideList())
	case c.Phase == PhaseOver:
		return nil, errorf("the campaign is over: its victory points are final")
	case vp == 0 || vp < -JudgeMaxVP || vp > JudgeMaxVP:
		return nil, errorf("award %d victory points: give a number from %d to %d, not 0", vp, -JudgeMaxVP, JudgeMaxVP)
	case strings.TrimSpace(why) == "":
		return nil, errorf("say why: the award goes into the campaign's log")
	}
	n := c.Clone()
	e := Event{Step: "vp", Type: "judgement", Side: side, VP: vp,
		Text: fmt.Sprintf("the referee awards %s %+d victory points: %s", s.Name, vp, why)}
	if secretAward {
		e.Audience = []string{side, RefereeAudience}
	}
	n.emit(e)
	return n, nil
}

// sideList names the campaign's sides, for a refusal.
func (c *Campaign) sideList() string {
	var ids []string
	for _, s := range c.Sides {
		ids = append(ids, s.ID)
	}
	return "the sides are " + strings.Join(ids, ", ")
}
