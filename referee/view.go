package referee

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"unsafe"

	"bfbot/mapgen"
	"bfbot/mapgen/hex"
)

// View is one side's picture of a battle: exactly what the rules let that
// side know (ruling R10; S7–S9, S12–S14 in docs/rulings.md). It is plain
// data, built afresh from the State, so replies, pictures and the AI can
// work from a View and never see a secret it does not hold.
//
// The map, rubble and salvage are public. Of its own units a side sees
// everything. Of an enemy unit on the map it sees the counter: ID, kind,
// hex, disrupted, surrendered; the class once sighted (Class "" is an
// information blind); the AEP values once probed. Hidden units, other
// sides' mines, enemy movement, overburn and salvage carried are never in
// it.
type View struct {
	// Viewer is the side the view is for ("" for the referee or a
	// spectator).
	Viewer  string `json:"viewer"`
	Referee bool   `json:"referee,omitempty"`

	// Map is the battle's map as generated; Rubble lists the building
	// hexes this battle has turned to rubble. The map is shared with the
	// State and must not be changed.
	Map     *mapgen.Map      `json:"map"`
	Rubble  []hex.Hex        `json:"rubble,omitempty"`
	Salvage []SalvageCounter `json:"salvage,omitempty"`
	Night   bool             `json:"night,omitempty"`
	// CRT is the printing of the Combat Results Table the battle uses: a
	// public option, which players (and the AI) need to judge an attack.
	CRT CRT `json:"crt"`

	Turn    int    `json:"turn"`
	Phase   string `json:"phase"`
	Phasing string `json:"phasing"` // the phasing side's ID
	Winner  string `json:"winner,omitempty"`

	Sides []ViewSide `json:"sides"`
	// TurnLimit is the game turn after which the battle ends (0: none)
	// and Scenario the scenario's public special rules (nil: none). Both
	// are printed in the scenario the players agreed on, so every side
	// reads them; the reinforcements waiting off the map are not here.
	TurnLimit int           `json:"turn_limit,omitempty"`
	Scenario  *ViewScenario `json:"scenario,omitempty"`
	// ToCome counts the viewer's own units still to come as
	// reinforcements (a scenario's, or air lances whose availability roll
	// delayed them): the side was told when they arrive, and while any
	// are to come a battle does not end for want of ground units (AIR13).
	// The enemy's stay secret.
	ToCome int `json:"to_come,omitempty"`
	// Units is sorted by ID: the viewer's own units wherever they are,
	// every enemy unit it may see on the map.
	Units []ViewUnit `json:"units"`
	// Zones are the deployment zones of a campaign battle (R7): the
	// viewer's own side's only, since each side is told its zones alone
	// and deploys in secret (CB2); every side's for the referee. Sorted
	// by side, then zone.
	Zones []ViewZone `json:"zones,omitempty"`
}

// ViewZone is where some of a side's units may deploy.
type ViewZone struct {
	Side      string `json:"side"`
	SideIndex int    `json:"side_index"`
	Zone      Zone   `json:"zone"`
}

// SalvageCounter is a pile of salvage counters on the map (000 line 512).
type SalvageCounter struct {
	Hex   hex.Hex `json:"hex"`
	Count int     `json:"count"`
}

// Minefield is a side's mines in one hex: 5 attack points per mine (000
// lines 1040–1042). Only its own side (and the referee) sees it.
type Minefield struct {
	Hex    hex.Hex `json:"hex"`
	Points int     `json:"points"`
}

// ViewSide is a side of the battle. Mines and VP are filled in only for
// the viewer's own side and for the referee (S13); RetreatEdge, for an
// enemy, only once the battle has begun (TM1).
type ViewSide struct {
	ID          string      `json:"id"`
	Name        string      `json:"name"`
	Index       int         `json:"index"` // initiative order; picks the side colour
	RetreatEdge string      `json:"retreat_edge,omitempty"`
	Retreating  bool        `json:"retreating,omitempty"`
	OffersTruce bool        `json:"offers_truce,omitempty"` // public: V18
	Mines       []Minefield `json:"mines,omitempty"`
	VP          *int        `json:"vp,omitempty"`
}

// ViewUnit is a counter as the viewer knows it. Class is "" while the
// information blind is on; Values is nil until the viewer owns or has
// probed the unit; Detail is only for the viewer's own units (and the
// referee).
type ViewUnit struct {
	ID        string   `json:"id"`
	Side      string   `json:"side"`
	SideIndex int      `json:"side_index"`
	Own       bool     `json:"own,omitempty"`
	Kind      string   `json:"kind"` // always visible (000 line 374)
	Class     string   `json:"class,omitempty"`
	Status    string   `json:"status"`
	Hex       *hex.Hex `json:"hex,omitempty"` // nil off the map
	Disrupted bool     `json:"disrupted,omitempty"`

	Values *UnitValues `json:"values,omitempty"`
	Detail *UnitDetail `json:"detail,omitempty"`
}

// UnitValues is what an AEP probe reads (000 lines 1344–1351; S6): the
// damage step, experience, the Ranged Attack and Defensive Values of the
// current step row (with the armor chit; not the overburn row), the range
// and the chits still held.
type UnitValues struct {
	Step       int       `json:"step"`
	Experience string    `json:"experience"`
	RA         int       `json:"ra"`
	D          int       `json:"d"`
	Range      int       `json:"range"`
	MinRange   int       `json:"min_range,omitempty"`
	Chits      ViewChits `json:"chits"`
}

// ViewChits are the variation chits a unit still holds: a spent
// Firepower chit and an Extra 'Mech that has absorbed its step are gone
// (000 lines 1304, 1318).
type ViewChits struct {
	Bomb      int  `json:"bomb,omitempty"`
	Recon     bool `json:"recon,omitempty"`
	ExtraMech bool `json:"extra_mech,omitempty"`
	Jump      int  `json:"jump,omitempty"`
	Firepower int  `json:"firepower,omitempty"`
	Armor     int  `json:"armor,omitempty"`
	ECM       bool `json:"ecm,omitempty"`
	AEP       bool `json:"aep,omitempty"`
}

// String lists the chits as players name them: "recon, ECM, firepower +2".
func (c ViewChits) String() string {
	var out []string
	add := func(ok bool, s string) {
		if ok {
			out = append(out, s)
		}
	}
	add(c.Bomb > 0, fmt.Sprintf("bomb %d", c.Bomb))
	add(c.Recon, "recon +2 ESR")
	add(c.ExtraMech, "extra 'Mech")
	add(c.Jump == 1, "jump")
	add(c.Jump > 1, fmt.Sprintf("jump ×%d", c.Jump))
	add(c.Firepower > 0, fmt.Sprintf("firepower +%d", c.Firepower))
	add(c.Armor > 0, fmt.Sprintf("armor +%d", c.Armor))
	add(c.ECM, "ECM")
	add(c.AEP, "AEP")
	return strings.Join(out, ", ")
}

// ViewRow is one row of a counter's values.
type ViewRow struct {
	RA int `json:"ra"`
	CA int `json:"ca"`
	D  int `json:"d"`
}

// UnitDetail is everything else a side knows of its own unit.
type UnitDetail struct {
	Name string `json:"name,omitempty"`
	// Rows are the counter's step 0 to step 3 rows; OverburnRA is the red
	// row's Ranged Attack Value. Current is the row the unit fights with
	// now (overburn and armor applied).
	Rows       [4]ViewRow `json:"rows"`
	OverburnRA int        `json:"overburn_ra"`
	Current    ViewRow    `json:"current"`
	MP         int        `json:"mp"`
	MPLeft     int        `json:"mp_left"`
	Jump       bool       `json:"jump,omitempty"` // jumps (counter, class or chits)
	Indirect   bool       `json:"indirect,omitempty"`

	Overburning   bool `json:"overburning,omitempty"`
	Moved         bool `json:"moved,omitempty"`
	Attacked      bool `json:"attacked,omitempty"`
	FirepowerUsed bool `json:"firepower_used,omitempty"`
	ExtraMechUsed bool `json:"extra_mech_used,omitempty"`
	Salvage       int  `json:"salvage,omitempty"` // salvage counters carried
	Hidden        bool `json:"hidden,omitempty"`
	Righting      bool `json:"righting,omitempty"`

	// Drops and DropShips (drop.go, dropship.go): Drop while it waits in
	// orbit; DropAt and DropTurn once a drop is declared (secret from the
	// enemy); Aboard is the DropShip carrying it; Carrying the units a
	// DropShip has aboard.
	Drop     bool     `json:"drop,omitempty"`
	DropAt   *hex.Hex `json:"drop_at,omitempty"`
	DropTurn int      `json:"drop_turn,omitempty"`
	Aboard   string   `json:"aboard,omitempty"`
	Carrying []string `json:"carrying,omitempty"`

	// RevealedTo lists the enemy sides that know the unit's class and
	// ProbedBy those that have read its values: at the table the owner
	// lifts the blind and answers the probe himself (000 lines 782, 1353).
	RevealedTo []string `json:"revealed_to,omitempty"`
	ProbedBy   []string `json:"probed_by,omitempty"`
}

// View returns what side knows of the battle. A side ID that is not in
// the battle gets the public view of a spectator: the map and the
// counters with their blinds on (S12).
func (s *State) View(side string) View { return s.view(side, false, &ViewBuffer{}) }

// ViewReusing is View(side) built in the memory of b, which the view
// before it from b gave up: for a caller that asks for a view at every
// step and keeps none (the AI). The view is good until the next one is
// built in b.
func (s *State) ViewReusing(side string, b *ViewBuffer) View { return s.view(side, false, b) }

// A ViewBuffer holds the memory of a view's units for the next one
// (ViewReusing), and what each entry was built from (view_reuse.go).
type ViewBuffer struct {
	units   []ViewUnit
	hexes   []hex.Hex
	values  []UnitValues
	details []UnitDetail
	sides   []string // the details' RevealedTo and ProbedBy, one after the other
	built   []viewBuilt
	// side and referee are whom the entries were built for, and known
	// the sides' Known maps they were built with (knownMaps).
	side    string
	referee bool
	known   []unsafe.Pointer
}

// reuse is buf emptied, with room for n.
func reuse[T any](buf []T, n int) []T {
	if cap(buf) < n {
		return make([]T, 0, n)
	}
	return buf[:0]
}

// RefereeView returns the whole battle for the referee role: every unit
// in full, hidden ones and all mines included (S12).
func (s *State) RefereeView() View { return s.view("", true, &ViewBuffer{}) }

func (s *State) view(side string, referee bool, b *ViewBuffer) View {
	v := View{
		Viewer:  side,
		Referee: referee,
		Map:     s.Map,
		Night:   s.Rules.Night,
		CRT:     s.Rules.CRT,
		Turn:    s.Turn,
		Phase:   s.Phase.String(),
		Winner:  s.Winner,

		TurnLimit: s.Rules.TurnLimit,
		Scenario:  viewScenario(s.Scenario),
		ToCome:    s.toCome(side),
	}
	if s.Phasing >= 0 && s.Phasing < len(s.Sides) {
		v.Phasing = s.Sides[s.Phasing].ID
	}
	for h, ok := range s.Rubble {
		if ok {
			v.Rubble = append(v.Rubble, h)
		}
	}
	slices.SortFunc(v.Rubble, viewCmpHex)
	for h, n := range s.Salvage {
		if n > 0 {
			v.Salvage = append(v.Salvage, SalvageCounter{Hex: h, Count: n})
		}
	}
	slices.SortFunc(v.Salvage, func(a, b SalvageCounter) int { return viewCmpHex(a.Hex, b.Hex) })

	index := make(map[string]int, len(s.Sides))
	for i := range s.Sides {
		sd := &s.Sides[i]
		index[sd.ID] = i
		vs := ViewSide{ID: sd.ID, Name: sd.Name, Index: i, RetreatEdge: sd.RetreatEdge.String(), Retreating: sd.Retreating, OffersTruce: sd.OffersTruce}
		if !referee && sd.ID != side && s.Phase == PhaseDeploy {
			// While the sides deploy an enemy's retreat edge is the edge
			// of its zone (CB3) and would tell where it sets up in
			// secret (CB2; ruling TM1). Once the battle is on it is
			// public (S13).
			vs.RetreatEdge = ""
		}
		if referee || sd.ID == side {
			for h, p := range sd.Mines {
				if p > 0 {
					vs.Mines = append(vs.Mines, Minefield{Hex: h, Points: p})
				}
			}
			slices.SortFunc(vs.Mines, func(a, b Minefield) int { return viewCmpHex(a.Hex, b.Hex) })
			vs.VP = intp(sd.VP)
		}
		v.Sides = append(v.Sides, vs)
	}

	c := s.newViewContext(side, referee, index)
	if !s.reuseViewUnits(c, b) {
		s.buildViewUnits(c, b)
	}
	b.known = knownMaps(c.knownBy, b.known[:0])
	v.Units = b.units
	v.Zones = s.viewZones(side, referee, index)
	return v
}

// viewZones lists the distinct deployment zones of the sides the viewer
// may know them of: its own, or every side's for the referee.
func (s *State) viewZones(side string, referee bool, index map[string]int) []ViewZone {
	if s.Campaign == nil {
		return nil
	}
	var out []ViewZone
	for _, u := range s.Units {
		z, ok := s.Campaign.Zones[u.ID]
		if !ok || (!referee && u.Side != side) {
			continue
		}
		vz := ViewZone{Side: u.Side, SideIndex: index[u.Side], Zone: z}
		if !slices.Contains(out, vz) {
			out = append(out, vz)
		}
	}
	slices.SortFunc(out, func(a, b ViewZone) int {
		if a.SideIndex != b.SideIndex {
			return a.SideIndex - b.SideIndex
		}
		return strings.Compare(a.Zone.String(), b.Zone.String())
	})
	return out
}

// fullCount is how many units the view of side (of the referee) shows
// in full: its own, or all.
func (s *State) fullCount(side string, referee bool) int {
	if referee {
		return len(s.Units)
	}
	n := 0
	for i := range s.Units {
		if s.Units[i].Side == side {
			n++
		}
	}
	return n
}

// viewShows reports whether an enemy counter stands where every side may see
// it (S8, S9, S14): on the map, not hidden, and the battle begun (each
// side deploys in secret, deploy.go).
func (s *State) viewShows(u *Unit) bool {
	return u.Status.OnMap() && !u.Hidden && s.Phase != PhaseDeploy
}

// probeValues is the AEP reading of u (S6).
func probeValues(u *Unit) UnitValues {
	step := min(max(u.Step, 0), 3)
	row := u.Rows[step]
	c := u.Chits
	v := UnitValues{
		Step:       u.Step,
		Experience: u.Experience.String(),
		RA:         row.RA,
		D:          row.D + c.Armor,
		Range:      u.Range,
		MinRange:   u.MinRange,
		Chits: ViewChits{
			Bomb: c.Bomb, Recon: c.Recon, ExtraMech: c.ExtraMech && !u.ExtraMechUsed, Jump: c.Jump,
			Armor: c.Armor, ECM: c.ECM, AEP: c.AEP,
		},
	}
	if !u.FirepowerUsed {
		v.Chits.Firepower = c.Firepower
	}
	return v
}

// viewContext is what a view's units are built with besides the units.
type viewContext struct {
	side     string
	referee  bool
	index    map[string]int      // the sides' places in State.Sides
	carrying map[string][]string // the units aboard each DropShip
	knownBy  []map[string]Knowledge
	// viewerKnows is the viewer's Known map.
	viewerKnows map[string]Knowledge
}

// newViewContext is the context of side's view (the referee's), index
// the sides' places.
func (s *State) newViewContext(side string, referee bool, index map[string]int) viewContext {
	c := viewContext{side: side, referee: referee, index: index, carrying: map[string][]string{}, viewerKnows: s.Known[side]}
	// The units aboard each DropShip (dropShipAboard), gathered in one
	// pass rather than one pass per unit shown in full.
	for i := range s.Units {
		if u := s.Units[i]; u.Aboard != "" && u.Status == Reserve {
			c.carrying[u.Aboard] = append(c.carrying[u.Aboard], u.ID)
		}
	}
	// Each side's Known map, looked up once for all the units (knownIn).
	c.knownBy = make([]map[string]Knowledge, len(s.Sides))
	for i := range s.Sides {
		c.knownBy[i] = s.Known[s.Sides[i].ID]
	}
	return c
}

// shows reports whether the view shows u, whether in full (the viewer's
// own unit, or the referee's view), and what the viewer knows of it.
func (s *State) shows(c viewContext, u *Unit) (shown, full bool, k Knowledge) {
	full = u.Side == c.side || c.referee
	if !full && !s.viewShows(u) && !s.setupSeen(u, c.side) {
		return false, false, 0
	}
	if full {
		return true, true, KnowClass | KnowValues
	}
	return true, false, knownIn(c.viewerKnows, c.side, u) // s.KnownTo(side, u)
}

// buildViewUnits builds the view's units in b's memory. The hexes,
// values and details the units point to are laid out in one slice
// each, large enough never to move: three allocations rather than
// three per unit, or none when b holds enough.
func (s *State) buildViewUnits(c viewContext, b *ViewBuffer) {
	units := reuse(b.units, len(s.Units))
	hexes := reuse(b.hexes, len(s.Units))
	values := reuse(b.values, len(s.Units))
	details := reuse(b.details, s.fullCount(c.side, c.referee))
	built := reuse(b.built, len(s.Units))
	sides := b.sides[:0]
	for _, u := range s.Units {
		shown, full, k := s.shows(c, u)
		if !shown {
			continue
		}
		vu := s.viewUnit(c, u, k)
		if u.Status.OnMap() {
			hexes = append(hexes, u.Hex)
			vu.Hex = &hexes[len(hexes)-1]
		}
		if k&KnowValues != 0 {
			values = append(values, probeValues(u))
			vu.Values = &values[len(values)-1]
		}
		was := viewBuilt{u: u, known: k}
		if full {
			was.revealed, was.probed = s.knownByOthers(u, c.knownBy)
			details = append(details, s.ownDetail(u, c.carrying[u.ID], c.knownBy, &sides))
			vu.Detail = &details[len(details)-1]
		}
		units = append(units, vu)
		built = append(built, was)
	}
	b.units, b.hexes, b.values, b.details, b.sides, b.built = units, hexes, values, details, sides, built
	b.side, b.referee = c.side, c.referee
}

// viewUnit is u's entry in a view whose viewer knows k of it, without
// its hex, values and detail.
func (s *State) viewUnit(c viewContext, u *Unit, k Knowledge) ViewUnit {
	vu := ViewUnit{
		ID:        u.ID,
		Side:      u.Side,
		SideIndex: c.index[u.Side],
		Own:       u.Side == c.side,
		Kind:      u.Class.Kind().String(),
		Status:    u.Status.String(),
		Disrupted: u.Disrupted,
	}
	if k&KnowClass != 0 {
		vu.Class = u.Class.String()
	}
	return vu
}

// ownDetail is the owner's own record of u, which carries the units
// aboard; knownBy are the sides' Known maps, in the order of s.Sides.
// Its RevealedTo and ProbedBy are appended to *sides and share its
// memory (capped, so that an append to one never writes over the next):
// one allocation for the view's units rather than two a unit.
func (s *State) ownDetail(u *Unit, aboard []string, knownBy []map[string]Knowledge, sides *[]string) UnitDetail {
	d := UnitDetail{
		Name:          u.Name,
		OverburnRA:    u.OverburnRA,
		MP:            u.MP,
		MPLeft:        u.MPLeft,
		Jump:          u.CanJump(),
		Indirect:      u.Indirect || u.Class.Info().Indirect,
		Overburning:   u.Overburning,
		Moved:         u.Moved,
		Attacked:      u.Attacked,
		FirepowerUsed: u.FirepowerUsed,
		ExtraMechUsed: u.ExtraMechUsed,
		Salvage:       u.Salvage,
		Hidden:        u.Hidden,
		Righting:      u.Righting,
		Drop:          u.Drop,
		Aboard:        u.Aboard,
		Carrying:      aboard,
	}
	if dropDeclared(u) {
		d.DropAt, d.DropTurn = hexp(u.DropAt), u.DropTurn
	}
	for i, r := range u.Rows {
		d.Rows[i] = ViewRow(r)
	}
	d.Current = ViewRow(u.Current())
	// What each other side knows of u, asked once (room for four on the
	// stack; a battle has two sides or a few).
	var room [4]Knowledge
	known := room[:0]
	for i := range s.Sides {
		known = append(known, knownIn(knownBy[i], s.Sides[i].ID, u)) // s.KnownTo(s.Sides[i].ID, u)
	}
	// collect appends to *sides the other sides for which know holds,
	// and returns them (nil for none).
	collect := func(know func(Knowledge) bool) []string {
		start := len(*sides)
		for i := range s.Sides {
			if other := s.Sides[i].ID; other != u.Side && know(known[i]) {
				*sides = append(*sides, other)
			}
		}
		if len(*sides) == start {
			return nil
		}
		return (*sides)[start:len(*sides):len(*sides)]
	}
	d.RevealedTo = collect(func(k Knowledge) bool { return k&KnowClass != 0 && u.Class.Ground() })
	d.ProbedBy = collect(func(k Knowledge) bool { return k&KnowValues != 0 })
	return d
}

// Unit returns the viewer's picture of the unit with the given ID, or
// nil if the view does not hold it (an enemy unit the viewer cannot see
// is absent, exactly as one that does not exist).
func (v View) Unit(id string) *ViewUnit {
	i := sort.Search(len(v.Units), func(i int) bool { return v.Units[i].ID >= id })
	if i < len(v.Units) && v.Units[i].ID == id {
		return &v.Units[i]
	}
	return nil
}

// Side returns the view's record of the side with the given ID, or nil.
func (v View) Side(id string) *ViewSide {
	for i := range v.Sides {
		if v.Sides[i].ID == id {
			return &v.Sides[i]
		}
	}
	return nil
}

// EventsFor returns, in order, the events side may see (Event.Visible):
// a reply or transcript addressed to a player is built from these only
// (R10). The referee reads the whole list.
func EventsFor(events []Event, side string) []Event {
	var out []Event
	for _, e := range events {
		if e.Visible(side) {
			out = append(out, e)
		}
	}
	return out
}

// viewCmpHex orders hexes by column, then row, as their XXYY names sort.
func viewCmpHex(a, b hex.Hex) int {
	if a.X != b.X {
		return a.X - b.X
	}
	return a.Y - b.Y
}

// ViewScenario is the public part of a battle's scenario rules
// (scenario_rules.go): what scores and what ends the battle. Which units
// come as reinforcements, and when, is not in it.
type ViewScenario struct {
	Exits      []ViewExit  `json:"exits,omitempty"`
	Objectives []Objective `json:"objectives,omitempty"`
	// SalvageVP is what a salvage counter is worth; SalvageExitedOnly: it
	// counts only once carried off the map; SalvageLeftTo scores the
	// counters left on it.
	SalvageVP          int    `json:"salvage_vp"`
	SalvageExitedOnly  bool   `json:"salvage_exited_only,omitempty"`
	SalvageLeftTo      string `json:"salvage_left_to,omitempty"`
	Scavenging         bool   `json:"scavenging,omitempty"`
	EndWhenSalvageGone bool   `json:"end_when_salvage_gone,omitempty"`
	Stranded           string `json:"stranded,omitempty"`
	EndWhenLiftedOff   string `json:"end_when_lifted_off,omitempty"`
}

// ViewExit is an ExitAward as the players read it.
type ViewExit struct {
	Side      string `json:"side"`
	Edge      string `json:"edge,omitempty"` // "": any edge
	VP        int    `json:"vp"`
	MechsOnly bool   `json:"mechs_only,omitempty"`
	Space     bool   `json:"space,omitempty"`
	PerMech   bool   `json:"per_mech,omitempty"`
}

func viewScenario(r *ScenarioRules) *ViewScenario {
	if r == nil {
		return nil
	}
	vs := &ViewScenario{
		Objectives:         slices.Clone(r.Objectives),
		SalvageVP:          SalvageVP,
		SalvageExitedOnly:  r.Salvage.ExitedOnly,
		SalvageLeftTo:      r.Salvage.LeftTo,
		Scavenging:         r.Scavenging,
		EndWhenSalvageGone: r.EndWhenSalvageGone,
		Stranded:           r.Stranded,
		EndWhenLiftedOff:   r.EndWhenLiftedOff,
	}
	if r.Salvage.Set {
		vs.SalvageVP = r.Salvage.VP
	}
	for _, e := range r.Exits {
		vs.Exits = append(vs.Exits, ViewExit{Side: e.Side, Edge: e.Edge.String(), VP: e.VP, MechsOnly: e.MechsOnly, Space: e.Space, PerMech: e.PerMech})
	}
	return vs
}
