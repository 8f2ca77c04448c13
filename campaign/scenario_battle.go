package campaign

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"bfbot/campaign/forces"
	"bfbot/internal/usertext"
	"bfbot/mapgen"
	"bfbot/referee"
	"bfbot/referee/ai"
	"bfbot/referee/dice"
)

// A scenario campaign is one of the book's scenarios (000 lines
// 2104–2513) played as a campaign of a single battle, so that the bot's
// campaign commands (/battle …) play it: two sides holding one
// battlegroup each in the one sector of a one-sector strategic map, the
// battle already set up by the scenario, and no upkeep — the campaign is
// over when the battle is, won by the battle's winner (ruling SCB1).
//
// The battle's map is the scenario's, not a sector's: it is left out of
// the JSON as every battle map is, and RestoreWith rebuilds it with a
// function the caller gives (package campaign does not read scenario
// files; package referee/scenario does and imports this one).

// ScenarioRef says which scenario a scenario campaign plays.
type ScenarioRef struct {
	// Name is the shipped scenario's name ("surprise-encounter").
	Name string `json:"name"`
	// Seed is the seed the scenario was set up with: what, with Name, a
	// ScenarioMapFunc needs to build the map again.
	Seed uint64 `json:"seed"`
	// AI is the side the AI plays for good, whom no player may join
	// ("": the AI plays a side only while it has no players).
	AI string `json:"ai,omitempty"`
}

// ScenarioMapFunc builds the tactical map of a scenario again, for
// RestoreWith (scenario.BuiltInMap is one).
type ScenarioMapFunc func(scenario string, seed uint64) (*mapgen.Map, error)

// scenarioSector is the one sector of a scenario campaign's map.
const scenarioSector = 1

// NewScenarioBattle makes a scenario campaign from a battle a scenario set
// up (st: deployed, or still deploying): each side of the battle becomes
// a campaign side whose units, with their values and damage, form one
// battlegroup, and the battle is the campaign's only one, in its first
// turn's battles phase. The sides have no players yet (Join).
func NewScenarioBattle(id int64, name string, st *referee.State, scenarioName string, seed uint64) (*Campaign, error) {
	switch {
	case st == nil:
		return nil, errorf("scenario %s: no battle to play", scenarioName)
	case st.Map == nil:
		return nil, errorf("scenario %s: the battle has no map", scenarioName)
	case len(st.Sides) != 2:
		return nil, errorf("scenario %s has %d sides: a scenario campaign needs exactly 2", scenarioName, len(st.Sides))
	case st.Phase == referee.PhaseOver:
		return nil, errorf("scenario %s: the battle is already over", scenarioName)
	case strings.TrimSpace(scenarioName) == "":
		return nil, errorf("name the scenario the campaign plays")
	}
	if strings.TrimSpace(name) == "" {
		name = scenarioName
	}
	name, err := userName(usertext.Campaign, "name", name)
	if err != nil {
		return nil, err
	}
	if errs := st.Check(); len(errs) > 0 {
		return nil, fmt.Errorf("scenario %s: the battle breaks its invariants: %v", scenarioName, errs[0])
	}
	c := newScenarioCampaign(id, name, scenarioName, seed)
	c.Settings.CRT, c.Settings.MoraleCheck = st.Rules.CRT, st.Rules.MoraleCheck
	b := Battle{ID: 1, Turn: 1, Sector: scenarioSector, State: st.Clone()}
	letters := map[string]bool{}
	for _, sd := range st.Sides {
		if err := referee.ReservedSideIDError(sd.ID); err != nil { // ruling SE3
			return nil, errorf("scenario %s: side id %v", scenarioName, err)
		}
		s := Side{ID: sd.ID, Name: sd.Name, NextBattlegroup: 2}
		if s.Name == "" {
			s.Name = sd.ID
		}
		bg := Battlegroup{ID: 1, Name: "scenario force", Sector: scenarioSector}
		for _, u := range st.Units {
			if u.Side != sd.ID {
				continue
			}
			if max := u.Class.Info().Steps; u.Step < 0 || u.Step >= max {
				return nil, errorf("scenario %s: unit %s has taken %d steps, outside 0..%d", scenarioName, u.ID, u.Step, max-1)
			}
			s.Units = append(s.Units, Unit{ID: u.ID, Lance: lanceOf(u), Step: u.Step, Status: UnitActive, Battlegroup: bg.ID})
			bg.Units = append(bg.Units, u.ID)
		}
		if len(bg.Units) == 0 {
			return nil, errorf("scenario %s: side %s has no units", scenarioName, sd.ID)
		}
		s.Letter = scenarioLetter(s.Units, letters)
		s.Battlegroups = []Battlegroup{bg}
		c.Sides = append(c.Sides, s)
		b.Sides = append(b.Sides, BattleSide{Side: sd.ID, Battlegroups: []int{bg.ID}})
	}
	c.Battles = []Battle{b}
	c.emit(Event{Step: "battle", Type: "scenario", Sector: scenarioSector, Battle: b.ID,
		Text: fmt.Sprintf("scenario %s: %s against %s", scenarioName, c.Sides[0].Name, c.Sides[1].Name)})
	if errs := c.Check(); len(errs) > 0 {
		return nil, fmt.Errorf("scenario %s: %v", scenarioName, errs[0])
	}
	return c, nil
}

// newScenarioCampaign is a scenario campaign without sides or battle:
// one turn, in its battles phase, on a one-sector map named after the
// scenario.
func newScenarioCampaign(id int64, name, scenarioName string, seed uint64) *Campaign {
	settings := DefaultSettings()
	settings.SetupTables = false // the scenario set the battle up
	settings.TurnLimit = 1
	// The player who starts a scenario holds the referee role and plays a
	// side (ruling SEAT3).
	settings.RefereePlays = true
	settings.MapCols, settings.MapRows, settings.MapSeed = 1, 1, 0
	return &Campaign{
		ID: id, Name: name, Settings: settings,
		Map: &mapgen.Strategic{Name: scenarioName, Cols: 1, Rows: 1,
			Sectors: []mapgen.Sector{{ID: scenarioSector, Name: scenarioName}}},
		Turn: 1, Phase: PhaseBattles, NextBattle: 2,
		Scenario: &ScenarioRef{Name: scenarioName, Seed: seed},
	}
}

// lanceOf is the campaign counter of a scenario's battle unit: its values
// as the scenario gave them.
func lanceOf(u *referee.Unit) forces.Lance {
	return forces.Lance{
		Name: u.Name, Class: u.Class, Rows: u.Rows, OverburnRA: u.OverburnRA,
		Range: u.Range, MinRange: u.MinRange, MP: u.MP, OverburnMP: (u.MP*3 + 1) / 2,
		Jump: u.Jump, Indirect: u.Indirect, Experience: u.Experience, Chits: u.Chits,
	}
}

// scenarioLetter is the side's counter letter (a captured unit's new
// label uses it): the first letter of its units' labels when it is not
// taken yet, else the first free letter.
func scenarioLetter(units []Unit, taken map[string]bool) string {
	if r, _ := utf8.DecodeRuneInString(units[0].ID); unicode.IsLetter(r) {
		if l := string(unicode.ToUpper(r)); !taken[l] {
			taken[l] = true
			return l
		}
	}
	for r := 'A'; r <= 'Z'; r++ {
		if l := string(r); !taken[l] {
			taken[l] = true
			return l
		}
	}
	return "X"
}

// RestoreWith is Restore for any campaign: a scenario campaign's battle
// map is built again by scenarioMap (the sector battles of other
// campaigns come from their sectors as with Restore). Plain Restore
// leaves a scenario battle without its map, for RestoreWith to complete.
func (c *Campaign) RestoreWith(scenarioMap ScenarioMapFunc) error {
	if c.QuickStart != nil && c.Scenario == nil {
		return fmt.Errorf("a Quick-Start battle outside a scenario campaign")
	}
	if qb := c.QuickStart; qb != nil && qb.State.Map == nil && scenarioMap != nil {
		m, err := scenarioMap(c.Scenario.Name, c.Scenario.Seed)
		if err != nil || m == nil {
			return fmt.Errorf("battle %d: scenario %s: no map: %v", qb.ID, c.Scenario.Name, err)
		}
		qb.State.Map = m
	}
	for i := range c.Battles {
		b := &c.Battles[i]
		if b.State == nil || b.State.Map != nil {
			continue
		}
		if c.Scenario == nil {
			m, err := c.sectorMap(b.Sector)
			if err != nil {
				return fmt.Errorf("battle %d: %w", b.ID, err)
			}
			if len(b.Installations) > 0 {
				// The setup tables' installations are not in the sector's
				// seed (ruling ST12): build them again.
				m = WithInstallations(m, b.Installations)
			}
			b.State.Map = withTerrain(m, b.Terrain)
			continue
		}
		if scenarioMap == nil {
			continue
		}
		m, err := scenarioMap(c.Scenario.Name, c.Scenario.Seed)
		if err != nil {
			return fmt.Errorf("battle %d: scenario %s: %w", b.ID, c.Scenario.Name, err)
		}
		if m == nil {
			return fmt.Errorf("battle %d: scenario %s: no map", b.ID, c.Scenario.Name)
		}
		b.State.Map = withTerrain(m, b.Terrain)
	}
	return nil
}

// endScenario closes a scenario campaign once its battle is over: the
// battle's winner wins the campaign (its victory points are already in
// the log), and there is no upkeep (ruling SCB1).
func (c *Campaign) endScenario(o referee.Outcome) {
	c.Phase, c.Winner = PhaseOver, o.Winner
	text := fmt.Sprintf("scenario %s is over: a draw", c.Scenario.Name)
	if w := c.Side(o.Winner); w != nil {
		text = fmt.Sprintf("scenario %s is over: %s wins", c.Scenario.Name, w.Name)
	}
	c.emit(Event{Step: "end", Type: "end", Side: o.Winner, Text: text})
}

// maxAIActions bounds the actions PlayAI takes in one call: ai.Player
// always ends a phase in the end, the bound guards against a loop.
const maxAIActions = 5000

// PlayAI lets the AI (at the campaign's level, Settings.AILevel, seeded
// from seed) act in a battle for the given sides for as long as one of
// them is to act: it deploys their reserves while the battle is
// deploying, and plays every phase one of them is phasing in, until the
// battle is over or a side not in sides is to act. Each action goes
// through BattleAct, so the battle starts and ends as it does for a
// player. An AI action the referee refuses is replaced by ending the
// phase. Each side's player takes the battle over where it stands
// (Battle.AIPlayer) and is told every step's events while it plays, its
// own and the other side's.
func PlayAI(c *Campaign, battleID int, sides []string, d *dice.Dice, seed uint64) (*Campaign, []referee.Event, error) {
	if _, err := c.openBattle(battleID, ""); err != nil {
		return nil, nil, err
	}
	plays := map[string]bool{}
	for _, s := range sides {
		plays[s] = true
	}
	n := c
	var all []referee.Event
	if n.Battle(battleID).State.Phase == referee.PhaseDeploy {
		for _, s := range sides {
			next, evs, err := AutoDeploy(n, battleID, s, d)
			if err != nil {
				return nil, nil, err
			}
			n, all = next, append(all, evs...)
		}
	}
	players := map[string]*ai.Player{}
	for i := 0; ; i++ {
		b := n.Battle(battleID)
		if b.Over || b.State.Phase == referee.PhaseDeploy {
			return n, all, nil
		}
		side := b.State.PhasingSide()
		if side == nil || !plays[side.ID] {
			return n, all, nil
		}
		if i >= maxAIActions {
			return nil, nil, fmt.Errorf("battle %d: the AI for %s took more than %d actions", battleID, side.ID, maxAIActions)
		}
		// A choice in the middle of the turn (hidden infantry, a probe,
		// fire at a drop — also one left by the deployment that started
		// the battle): a side the AI plays takes its default at once
		// (ruling DEC6); a player's question stops the AI until he answers
		// (his answer goes through BattleAct's callers, which call PlayAI
		// again).
		mid := MidTurn(battleID)
		next, more, err := TakeDefaults(n, func(dec Decision) bool { return mid(dec) && plays[dec.Side] }, d)
		if err != nil {
			return nil, nil, err
		}
		if len(more) > 0 {
			n, all = next, append(all, more...)
			observe(players, more)
			continue
		}
		if slices.ContainsFunc(n.Decisions, mid) {
			return n, all, nil
		}
		p := players[side.ID]
		if p == nil {
			p = b.AIPlayer(side.ID, n.Settings.Level(), seed+uint64(len(players)))
			players[side.ID] = p
		}
		a := p.Next(b.State)
		next, evs, err := BattleAct(n, battleID, side.ID, a, d)
		if err != nil && a.Kind != referee.ActEnd {
			next, evs, err = BattleAct(n, battleID, side.ID, referee.Action{Kind: referee.ActEnd}, d)
		}
		if err != nil {
			return nil, nil, fmt.Errorf("battle %d: the AI's %s phase for %s: %w", battleID, b.State.Phase, side.ID, err)
		}
		n, all = next, append(all, evs...)
		observe(players, evs)
	}
}

// observe tells each player the events of a step.
func observe(players map[string]*ai.Player, evs []referee.Event) {
	for _, p := range players {
		p.Observe(evs)
	}
}
