package referee

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"

	"bfbot/internal/cite"
	"bfbot/mapgen"
	"bfbot/mapgen/hex"
)

// Phase is the part of a player turn the battle is in (000 lines 570–610).
type Phase uint8

// The phases. Deployment comes once, before the first game turn; each
// player turn then runs Movement, Attack and End (sighting runs by itself
// when movement ends).
const (
	PhaseDeploy Phase = iota
	PhaseMovement
	PhaseAttack
	PhaseOver // the battle has ended
)

var phaseNames = [...]string{"deploy", "movement", "attack", "over"}

func (p Phase) String() string {
	if int(p) < len(phaseNames) {
		return phaseNames[p]
	}
	return fmt.Sprintf("Phase(%d)", uint8(p))
}

// Rules are the battle's options.
type Rules struct {
	CRT CRT // R1
	// MoraleCheck: the optional rule of 000 line 1003 (a Disruption Roll
	// for every damage step taken).
	MoraleCheck bool
	Night       bool
	// Weather at a campaign contact (weather.go; 004 lines 3–15, R11).
	Weather Weather
	// victory: TurnLimit ends the battle after that game turn (a
	// scenario's limit); 0 for none.
	TurnLimit int
}

// Side is one player's (or team's) side of the battle.
type Side struct {
	ID   string
	Name string
	// Mines: attack points per hex, 5 per mine (000 line 1042). Secret.
	Mines map[hex.Hex]int
	// RetreatEdge is the map edge its units withdraw by (000 line 2175).
	RetreatEdge Edge
	// Retreating: the side has declared it is breaking off.
	Retreating bool
	// OffersTruce: the side has offered to end the battle as it stands,
	// and no attack has been made since (ruling V18, truce.go).
	OffersTruce bool `json:",omitempty"`
	// VP are victory points won in the battle so far, beyond those counted
	// from destroyed and captured enemy units (scenario awards, salvage).
	VP int
}

// Edge is a side of the map.
type Edge uint8

// The map edges; NoEdge where none is set.
const (
	NoEdge Edge = iota
	North
	East
	South
	West
)

var edgeNames = [...]string{"", "north", "east", "south", "west"}

func (e Edge) String() string {
	if int(e) < len(edgeNames) {
		return edgeNames[e]
	}
	return fmt.Sprintf("Edge(%d)", uint8(e))
}

// Opposite is the edge across the map from e (NoEdge for NoEdge).
func (e Edge) Opposite() Edge {
	switch e {
	case North:
		return South
	case South:
		return North
	case East:
		return West
	case West:
		return East
	}
	return NoEdge
}

// OnEdge reports whether h is a hex along edge e of m.
func OnEdge(m *mapgen.Map, h hex.Hex, e Edge) bool {
	switch e {
	case North:
		return h.Y == 0
	case South:
		return h.Y == m.Height-1
	case West:
		return h.X == 0
	case East:
		return h.X == m.Width-1
	}
	return false
}

// State is one moment of a battle. It is a value: Apply returns a new
// State and never changes the one it is given, so a battle is its list of
// states, which is also what undo and replay need.
//
// IMPORTANT: the Map is shared between states and must not be changed;
// terrain the battle changes (rubble) lives in Rubble.
type State struct {
	Map   *mapgen.Map
	Rules Rules
	Sides []Side // in initiative order: Sides[0] moves first
	// Units are sorted by ID. A state shares the units an action did not
	// change with the state before it: Apply copies a unit before it
	// changes it (State.own), so a unit read from a state is never
	// written through; Clone gives a state whose units are its own.
	Units []*Unit

	Turn       int // game turn, from 1
	Phasing    int // index in Sides of the phasing side
	Phase      Phase
	PlayerTurn int // player turns begun so far, counting both sides

	// Rubble: building hexes reduced to rubble in this battle.
	Rubble map[hex.Hex]bool
	// Salvage: salvage counters lying on the map, per hex.
	Salvage map[hex.Hex]int
	// Known: what each side has learnt of enemy units, by side ID then
	// unit ID (sighting, adjacency, AEP).
	Known map[string]map[string]Knowledge

	// Winner is the winning side's ID once Phase is PhaseOver ("" for a
	// draw).
	Winner string
	// combat: SameHexClosed is the player turn (PlayerTurn) in which the
	// phasing side first attacked a hex other than the attacker's own.
	// Combat within a hex is resolved before all other combat, so from
	// then on that turn it is closed (000 lines 602–606; ruling K10).
	SameHexClosed int
	// Scenario holds the scenario's special rules (scenario_rules.go), nil
	// for none. Shared between states: changed only by copying.
	Scenario *ScenarioRules
	// Campaign holds a campaign battle's rules (campaign_rules.go), nil
	// outside a campaign. Shared between states: never changed.
	Campaign *CampaignRules
	// Asked are the sides whose players are asked the choices the rules
	// give them in the middle of a turn: hidden infantry's attack
	// (ambush.go), an AEP probe's target (probe_choice.go), the fire at a
	// dropping 'Mech (drop_fire_choice.go). For other
	// sides the default is taken at once.
	Asked []string
	// Ambushes, Probes and DropFires wait for their owners' choice;
	// nothing else is done in the battle meanwhile.
	Ambushes  []Ambush
	Probes    []Probe
	DropFires []DropFire

	// building is set only while Apply builds this state from the one
	// before: what it has already copied for it (copy on write).
	building *copied
}

// copied is what Apply has made a state's own while it builds it: the
// units, and the sides' Known maps, copied from the state before. The
// rest is not shared and needs no copy.
type copied struct {
	units map[*Unit]bool
	known map[string]bool
}

// Knowledge is what one side knows of one enemy unit beyond its kind.
type Knowledge uint8

// Knowledge flags.
const (
	// KnowClass: its information blind is off (sighted, or same or
	// adjacent hex, 000 lines 774, 786).
	KnowClass Knowledge = 1 << iota
	// KnowValues: an AEP probe has read its damage, experience, RA, D,
	// range, bombs and chits (000 lines 1344–1351).
	KnowValues
)

// Cell returns the terrain of h as it stands in this battle (rubble
// included).
func (s *State) Cell(h hex.Hex) mapgen.Cell {
	c := s.Map.At(h)
	if s.Rubble[h] {
		c.Terrain = mapgen.Rubble
	}
	return c
}

// Unit returns the unit with the given ID, or nil. While Apply builds
// the state, the unit is first made its own (own), so the caller may
// change it.
func (s *State) Unit(id string) *Unit {
	if i := s.unitIndex(id); i >= 0 {
		return s.own(i)
	}
	return nil
}

// unitIndex is the index in s.Units of the unit with the given ID, or -1:
// code that only reads the unit takes s.Units[i], which copies nothing.
func (s *State) unitIndex(id string) int {
	i := sort.Search(len(s.Units), func(i int) bool { return s.Units[i].ID >= id })
	if i < len(s.Units) && s.Units[i].ID == id {
		return i
	}
	return -1
}

// own returns s.Units[i] to be changed: while Apply builds s, a unit
// still shared with the state before is copied first. Code that only
// reads a unit takes s.Units[i] itself, which copies nothing.
func (s *State) own(i int) *Unit {
	u := s.Units[i]
	if s.building == nil || s.building.units[u] {
		return u
	}
	c := cloneUnit(u)
	s.Units[i] = c
	s.building.units[c] = true
	return c
}

// ownKnown returns side's Known map to be changed (nil if it has none):
// while Apply builds s, it is first copied from the state before.
func (s *State) ownKnown(side string) map[string]Knowledge {
	m := s.Known[side]
	if m == nil || s.building == nil || s.building.known[side] {
		return m
	}
	m = maps.Clone(m)
	s.Known[side] = m
	s.building.known[side] = true
	return m
}

// next is the start of the state Apply builds from s: it shares s's
// units and Known maps until it changes them (own, ownKnown); the rest
// is copied, as Clone copies it.
func (s *State) next() *State {
	c := s.cloneExceptUnits()
	c.Units = slices.Clone(s.Units)
	c.Known = make(map[string]map[string]Knowledge, len(s.Known))
	maps.Copy(c.Known, s.Known)
	c.building = &copied{units: map[*Unit]bool{}, known: map[string]bool{}}
	return c
}

// Side returns the side with the given ID, or nil.
func (s *State) Side(id string) *Side {
	for i := range s.Sides {
		if s.Sides[i].ID == id {
			return &s.Sides[i]
		}
	}
	return nil
}

// PhasingSide is the side whose turn it is.
func (s *State) PhasingSide() *Side { return &s.Sides[s.Phasing] }

// UnitsAt returns the units standing on the map in h (not hidden ones
// unless hidden is set), in ID order.
func (s *State) UnitsAt(h hex.Hex, hidden bool) []*Unit {
	var out []*Unit
	for i, u := range s.Units {
		if u.Status.OnMap() && u.Hex == h && (hidden || !u.Hidden) {
			out = append(out, s.own(i))
		}
	}
	return out
}

// Clone returns a deep copy that shares only the map (a map never
// changes once made).
func (s *State) Clone() *State {
	c := s.cloneExceptUnits()
	c.Units = make([]*Unit, len(s.Units))
	units := make([]Unit, len(s.Units)) // one allocation for them all
	for i, u := range s.Units {
		units[i] = *u
		units[i].Overrun = slices.Clone(u.Overrun)
		c.Units[i] = &units[i]
	}
	c.Known = make(map[string]map[string]Knowledge, len(s.Known))
	for k, v := range s.Known {
		c.Known[k] = maps.Clone(v)
	}
	return c
}

// cloneExceptUnits copies all but the units and Known, which it shares.
func (s *State) cloneExceptUnits() *State {
	c := *s
	c.building = nil
	c.Sides = slices.Clone(s.Sides)
	for i := range c.Sides {
		c.Sides[i].Mines = maps.Clone(s.Sides[i].Mines)
	}
	c.Rubble = maps.Clone(s.Rubble)
	c.Salvage = maps.Clone(s.Salvage)
	c.Scenario = s.Scenario.clone()
	c.Campaign = s.Campaign.clone()
	c.Asked = slices.Clone(s.Asked)
	c.Ambushes = slices.Clone(s.Ambushes)
	c.DropFires = slices.Clone(s.DropFires)
	for i := range c.DropFires {
		c.DropFires[i].Shooters = slices.Clone(s.DropFires[i].Shooters)
	}
	c.Probes = slices.Clone(s.Probes)
	for i := range c.Probes {
		c.Probes[i].Targets = slices.Clone(s.Probes[i].Targets)
	}
	return &c
}

// cloneUnits copies units with what each holds.
func cloneUnits(units []Unit) []Unit {
	c := slices.Clone(units)
	for i := range c {
		c[i].Overrun = slices.Clone(units[i].Overrun)
	}
	return c
}

// cloneUnit copies u with what it holds.
func cloneUnit(u *Unit) *Unit {
	c := *u
	c.Overrun = slices.Clone(u.Overrun)
	return &c
}

// StackLimit is how many units may end their movement in one hex, friend
// and foe together (000 line 630).
const StackLimit = 2

// Check walks the state and returns every broken invariant: the property
// tests run it after every Apply.
func (s *State) Check() []error {
	var errs []error
	bad := func(format string, a ...any) { errs = append(errs, fmt.Errorf(format, a...)) }
	if s.Map == nil {
		return []error{fmt.Errorf("battle has no map")}
	}
	if m := s.Map; m.Width < 1 || m.Height < 1 || len(m.Cells) != m.Width*m.Height {
		// Everything below reads cells by hex: a map short of its size
		// (a damaged or tampered document) would index past its end.
		return []error{fmt.Errorf("battle map is %d×%d hexes but holds %d cells", m.Width, m.Height, len(m.Cells))}
	}
	if i := slices.Index(s.Units, nil); i >= 0 {
		// A damaged or tampered document ("units": [null]): nothing
		// below may read it.
		return []error{fmt.Errorf("battle unit %d of %d is empty", i+1, len(s.Units))}
	}
	if len(s.Sides) < 2 {
		bad("battle has %d sides, want at least 2", len(s.Sides))
	}
	if s.Phasing < 0 || s.Phasing >= len(s.Sides) {
		bad("phasing side %d does not exist", s.Phasing)
	}
	if s.Phase == PhaseDeploy {
		for _, sd := range s.Sides {
			if sd.OffersTruce {
				// truceError refuses an offer before the deployment is
				// over (V18): only a tampered document holds one.
				bad("side %s offers a truce during the deployment", sd.ID)
			}
		}
	}
	if !slices.IsSortedFunc(s.Units, func(a, b *Unit) int { return strings.Compare(a.ID, b.ID) }) {
		bad("units are not sorted by ID")
	}
	for _, p := range s.Probes {
		if u := s.Unit(p.Unit); u == nil || len(p.Targets) == 0 || !u.Chits.AEP {
			bad("probe by %s: want an AEP unit and targets", p.Unit)
		}
	}
	for _, a := range s.Ambushes {
		if v, u := s.Unit(a.Infantry), s.Unit(a.Target); v == nil || u == nil || v.Side == u.Side {
			bad("ambush of %s on %s: want two units of different sides", a.Infantry, a.Target)
		}
	}
	// The units on the map counted by cell (y*Width+x), in a byte a cell
	// (sorting a list of their cells cost more), on the stack for a map
	// of up to two mapsheets: Check runs after every action.
	var onStack [32 * 34]uint8
	var count []uint8
	crowded := false
	if n := s.Map.Width * s.Map.Height; n <= len(onStack) {
		count = onStack[:n]
	} else {
		count = make([]uint8, n)
	}
	hidden := map[string]string{} // side and hex → the hidden unit there
	side := ""                    // the last side found, not looked up again for the next unit
	for i, u := range s.Units {
		if i > 0 && s.Units[i-1].ID == u.ID {
			bad("unit %s appears twice", u.ID)
		}
		if u.Side != side || side == "" {
			if s.Side(u.Side) == nil {
				bad("unit %s belongs to unknown side %q", u.ID, u.Side)
			} else {
				side = u.Side
			}
		}
		if u.Step < 0 || u.Step > u.Class.Info().Steps {
			bad("unit %s has %d damage steps", u.ID, u.Step)
		}
		if u.Status == Destroyed && u.Step < u.Class.Info().Steps {
			bad("unit %s is destroyed with only %d steps", u.ID, u.Step)
		}
		if u.Status != Destroyed && u.Step >= u.Class.Info().Steps {
			bad("unit %s has %d steps but is %v", u.ID, u.Step, u.Status)
		}
		if !u.Status.OnMap() {
			continue
		}
		if !s.Map.Contains(u.Hex) {
			bad("unit %s stands off the map at %s", u.ID, u.Hex)
			continue
		}
		// A unit caught inside a building that collapsed stands in
		// rubble it could not have entered (ruling K11). The map's cell
		// is the cell as it stands (State.Cell) but for rubble, looked up
		// last: the rest is seldom true.
		if c := s.Map.At(u.Hex); c.Terrain.Info().Prohibited[u.Class.Info().Movement] && !c.Road && u.Class.Ground() && !u.CanJump() && !s.Rubble[u.Hex] {
			bad("unit %s (%v) stands on prohibited %v at %s", u.ID, u.Class, c.Terrain, u.Hex)
		}
		c := u.Hex.Y*s.Map.Width + u.Hex.X
		count[c] = min(count[c], StackLimit) + 1
		crowded = crowded || count[c] > StackLimit
		if u.Hidden {
			key := u.Side + " " + u.Hex.String()
			if other, ok := hidden[key]; ok {
				bad("units %s and %s are both hidden in %s: a hex holds at most one hidden infantry unit (%s)", other, u.ID, u.Hex, cite.Book(1055))
			}
			hidden[key] = u.ID
		}
	}
	// The crowded hexes in order, each with its units counted in full
	// (the byte stops counting past the limit).
	for c := 0; crowded && c < len(count); c++ {
		if count[c] <= StackLimit {
			continue
		}
		h, n := hex.Hex{X: c % s.Map.Width, Y: c / s.Map.Width}, 0
		for _, u := range s.Units {
			if u.Status.OnMap() && u.Hex == h {
				n++
			}
		}
		bad("hex %s holds %d units, more than %d", h, n, StackLimit)
	}
	for h, n := range s.Salvage {
		if n <= 0 || !s.Map.Contains(h) {
			bad("salvage %d at %s", n, h)
		}
	}
	errs = append(errs, s.checkScenario()...)
	errs = append(errs, s.dropCheck()...)
	return errs
}
