package quickstart

import (
	"fmt"
	"slices"

	"bfbot/internal/english"
	"bfbot/mapgen"
	"bfbot/mapgen/hex"
	"bfbot/referee"
)

// Phase is a phase of the turn (002 lines 63–68). Initiative is rolled as
// the Movement Phase begins, so a State is never waiting in it.
type Phase uint8

// The phases a battle waits in.
const (
	MovementPhase Phase = iota
	CombatPhase
	Over
	// SetUpPhase: the set-up is being played (State.SetUp), the
	// Veteran's or the Green scenario's deployment, before game turn 1.
	SetUpPhase
)

var phaseNames = [...]string{"movement", "combat", "over", "set-up"}

func (p Phase) String() string {
	if int(p) < len(phaseNames) {
		return phaseNames[p]
	}
	return fmt.Sprintf("Phase(%d)", uint8(p))
}

// UnitState is a playing piece on the map: a Unit's Elements in play, its
// hex and the hexside it faces (002 line 158).
type UnitState struct {
	ID       string
	Name     string
	Side     int
	Hex      hex.Hex
	Facing   hex.Direction
	Elements []ElementState
	// Moved: the Unit has moved (or stood still) this Movement Phase.
	Moved bool
	// OffBoard: the Unit is not on the map yet; it enters from its home
	// edge in game turn 1 (entry.go). Its Hex means nothing.
	OffBoard bool `json:",omitempty"`
}

// element is the Element at index i, and false when there is none or it
// was removed from play in an earlier End Phase.
func (u UnitState) element(i int) (ElementState, bool) {
	if i < 0 || i >= len(u.Elements) || u.Elements[i].Removed {
		return ElementState{}, false
	}
	return u.Elements[i], true
}

// Alive says whether any Element of the Unit is still in play.
func (u UnitState) Alive() bool {
	return slices.ContainsFunc(u.Elements, func(e ElementState) bool { return !e.Removed })
}

// State is one moment of a Quick-Start battle. Apply never changes the
// State it is given.
type State struct {
	// Map is never changed; it is left out of JSON, where the caller
	// keeps how to build it again (a scenario's name).
	Map *mapgen.Map `json:"-"`
	// Sides are the sides' IDs, as commands and files name them; Names
	// their names as the players read them in events and refusals (the
	// scenario's; empty, the IDs: name, whose).
	Sides [2]string
	Names [2]string `json:",omitempty"`
	// Units, sorted by ID.
	Units []UnitState
	Turn  int
	Phase Phase
	// Loser is the side that lost this turn's Initiative: it acts first in
	// each phase (002 lines 78, 84). Acting is the side acting now.
	Loser, Acting int
	// Winner is the side that won the battle once Phase is Over, -1 for a
	// draw.
	Winner int
	// Declared are the acting side's attacks declared this Combat Phase,
	// resolved in order when it is done (002 line 189).
	Declared []Attack
	// Hexsides are this turn's choices of side where the line between
	// two Units runs along hexsides (002 line 197).
	Hexsides []HexsideChoice
	// Counters are the Veteran Training Scenario's objectives and
	// Headquarters, none in the Green one.
	Counters []Counter
	// TurnLimit, when over 0, ends the battle after that turn's End
	// Phase by victory points (ruling QS16).
	TurnLimit int
	// Home are the sides' home map edges, where a set-up has them (NoEdge
	// otherwise); Zones the depths of their Deployment Zones where the
	// battle sets them (the Green scenario's), 0 for the Veteran's
	// ZoneDepth.
	Home  [2]referee.Edge
	Zones [2]int `json:",omitempty"`
	// SetUp is the set-up, the Veteran's or the Green scenario's
	// deployment, while Phase is SetUpPhase, else nil.
	SetUp *SetUp `json:",omitempty"`
	// AskHexside: the target's player chooses the hexes along a line
	// that runs along hexsides (hexside.go); else the automatic pick
	// (ruling QS11).
	AskHexside bool `json:",omitempty"`
	// Question is the choice the acting side is asked, and Pending the
	// attack declared that waits for it, its side's secret.
	Question *HexsideQuestion `json:",omitempty"`
	Pending  Attack
}

// Clone is a deep copy; the map is shared and never changed.
func (s State) Clone() State {
	s.Units = slices.Clone(s.Units)
	s.Declared = slices.Clone(s.Declared)
	s.Hexsides = slices.Clone(s.Hexsides)
	s.Counters = slices.Clone(s.Counters)
	if s.Question != nil {
		q := *s.Question
		q.Hexes = [2][]hex.Hex{slices.Clone(q.Hexes[0]), slices.Clone(q.Hexes[1])}
		s.Question = &q
	}
	if s.SetUp != nil {
		su := *s.SetUp
		su.Steps, su.Planned = slices.Clone(su.Steps), slices.Clone(su.Planned)
		s.SetUp = &su
	}
	for i := range s.Units {
		s.Units[i].Elements = slices.Clone(s.Units[i].Elements)
	}
	return s
}

// unit is the index of the Unit with id, or -1.
func (s State) unit(id string) int {
	i, ok := slices.BinarySearchFunc(s.Units, id, func(u UnitState, id string) int {
		switch {
		case u.ID < id:
			return -1
		case u.ID > id:
			return 1
		}
		return 0
	})
	if !ok {
		return -1
	}
	return i
}

// occupant is the index of the living Unit in h other than skip, or -1.
func (s State) occupant(h hex.Hex, skip int) int {
	for i, u := range s.Units {
		if i != skip && u.Hex == h && u.Alive() && !u.OffBoard {
			return i
		}
	}
	return -1
}

// Check lists every broken invariant of the State: sides, unit order and
// IDs, hexes on the map, one Unit a hex (002 line 168), Element values
// within their record sheet, phase and acting side.
func (s State) Check() []error {
	var errs []error
	bad := func(format string, args ...any) { errs = append(errs, fmt.Errorf(format, args...)) }
	if s.Map == nil {
		return []error{fmt.Errorf("no map")}
	}
	if s.Sides[0] == "" || s.Sides[1] == "" || s.Sides[0] == s.Sides[1] {
		bad("sides %q and %q: two different names are needed", s.Sides[0], s.Sides[1])
	}
	if (s.Phase == SetUpPhase) != (s.SetUp != nil) || (s.SetUp != nil && (len(s.SetUp.Steps) == 0 || s.SetUp.Steps[0].Side != s.Acting)) {
		bad("phase %v with set-up %+v: the set-up phase holds the choices left, the first the acting side's", s.Phase, s.SetUp)
	}
	if q := s.Question; q != nil && (s.Phase != CombatPhase || q.AttackerSide < 0 || q.AttackerSide > 1 || s.Acting != 1-q.AttackerSide ||
		s.unit(q.Attacker) < 0 || s.unit(q.Target) < 0 || s.Pending.Unit != q.Attacker || s.Pending.Target != q.Target) {
		bad("question %+v for attack %v in the %v phase, %d acting: the target's side answers in the Combat Phase", q, s.Pending, s.Phase, s.Acting)
	}
	if s.Phase > SetUpPhase || s.TurnLimit < 0 || s.Acting < 0 || s.Acting > 1 || s.Loser < 0 || s.Loser > 1 || s.Turn < 1 {
		bad("turn %d, phase %v, acting %d, loser %d: out of range", s.Turn, s.Phase, s.Acting, s.Loser)
	}
	for _, c := range s.Counters {
		if c.Owner < 0 || c.Owner > 1 || !s.Map.Contains(c.Hex) || c.Value < 0 || c.Held < 0 || c.Held > 2 || (c.Captured && !c.Occupied) {
			bad("counter %+v: owner, hex, value or capture out of range", c)
		}
	}
	for side, z := range s.Zones {
		if z < 0 || z > max(s.Map.Width, s.Map.Height) {
			bad("side %d's Deployment Zone is %d hexes deep", side, z)
		}
	}
	errs = append(errs, s.checkSetUp()...)
	seen := map[hex.Hex]string{}
	for i, u := range s.Units {
		if i > 0 && s.Units[i-1].ID >= u.ID {
			bad("units out of order or repeated at %q", u.ID)
		}
		if u.Side < 0 || u.Side > 1 {
			bad("unit %s: side %d", u.ID, u.Side)
		}
		if n := len(u.Elements); n < 4 || n > 6 {
			bad("unit %s has %d elements: a unit has 4, 5 or 6", u.ID, n) // 002 line 37
		}
		if u.Facing > hex.NW {
			bad("unit %s: facing %d", u.ID, u.Facing)
		}
		if !u.Alive() {
			continue
		}
		if u.OffBoard {
			if s.Phase != SetUpPhase && (s.Turn != 1 || s.Phase != MovementPhase || s.Home[u.Side] == referee.NoEdge) {
				bad("unit %s is off the map in turn %d, %v phase: Units enter in turn 1's Movement Phase, from a home edge", u.ID, s.Turn, s.Phase)
			}
			continue
		}
		if !s.Map.Contains(u.Hex) {
			bad("unit %s at %s, off the map", u.ID, u.Hex)
		}
		if other, ok := seen[u.Hex]; ok {
			bad("units %s and %s share %s", other, u.ID, u.Hex)
		}
		seen[u.Hex] = u.ID
		for _, c := range s.Counters {
			if c.Hex == u.Hex && c.Owner == u.Side && !c.Captured {
				bad("unit %s stands on its own side's %v in %s", u.ID, c.Kind, c.Hex) // 002 line 582
			}
		}
		for _, e := range u.Elements {
			if err := e.Element.Check(); err != nil {
				bad("unit %s: %v", u.ID, err)
			}
			if e.ArmorLeft < 0 || e.ArmorLeft > e.Armor || e.StructureLeft < 0 || e.StructureLeft > e.Structure ||
				e.Heat < 0 || e.Heat > maxHeat || e.Shutdown != (e.Heat == maxHeat) {
				bad("unit %s element %s: armor %d/%d structure %d/%d heat %d shutdown %v out of range",
					u.ID, e.Name, e.ArmorLeft, e.Armor, e.StructureLeft, e.Structure, e.Heat, e.Shutdown)
			}
		}
	}
	return errs
}

// Place is Unit u as a playing piece on the map: id, side, in hex at
// facing f, every Element undamaged and cool.
func Place(id string, side int, u Unit, at hex.Hex, f hex.Direction) UnitState {
	us := UnitState{ID: id, Name: u.Name, Side: side, Hex: at, Facing: f}
	for _, e := range u.Elements {
		us.Elements = append(us.Elements, NewElementState(e))
	}
	return us
}

// name is side's name as the players read it: its Names entry, else its ID.
func (s State) name(side int) string {
	if s.Names[side] != "" {
		return s.Names[side]
	}
	return s.Sides[side]
}

// whose is the possessive of side's name ("Word of Blake's").
func (s State) whose(side int) string { return english.Possessive(s.name(side)) }

// names are both sides' names as the players read them.
func (s State) names() [2]string { return [2]string{s.name(0), s.name(1)} }
