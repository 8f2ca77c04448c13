package quickstart

import (
	"bfbot/mapgen/hex"
	"bfbot/referee"
)

// View is a battle as one side's player knows it. The map, where every
// Unit stands and faces, the counters and the record sheets' printed
// values are in plain sight; the pencil marks of a record sheet — armor
// and structure checked off, critical hits, heat, shutdown, the attack
// an Element has declared — are its own side's (each player keeps his
// own sheets, 002 lines 516, 524). That an Element was destroyed is
// told to both sides: the attack that did it says so, and the End Phase
// takes it off the map.
type View struct {
	Viewer     int
	Sides      [2]string
	Turn       int
	Phase      Phase
	Acting     int
	Loser      int
	Winner     int
	TurnLimit  int
	Units      []ViewUnit
	Counters   []Counter
	Hexsides   []HexsideChoice
	OwnAttacks []Attack
	// Home are the sides' home edges; SetUp the set-up's choices still
	// to make, the Veteran's or the Green deployment's (nil once it is
	// over). Both are open: the set-up is
	// played at the table (ruling QS19).
	Home  [2]referee.Edge
	SetUp *SetUp
	// Zones are the depths of the sides' Deployment Zones.
	Zones [2]int
	// Question is the choice of hexes the target's side is asked, which
	// both sides know of (not the attack waiting for it).
	Question *HexsideQuestion
}

// ViewUnit is one Unit in a View.
type ViewUnit struct {
	ID, Name string
	Side     int
	// Own: the viewer's Unit, whose Elements' marks the View holds.
	Own    bool
	Hex    hex.Hex
	Facing hex.Direction
	Moved  bool
	// OffBoard: not on the map yet (it enters from its home edge).
	OffBoard bool
	// Alive: some Element of the Unit is still in play.
	Alive    bool
	Elements []ViewElement
	// MP and JumpMP are the Unit's MP now (own Units only: heat and MP
	// hits are marks of the record sheet).
	MP, JumpMP int
}

// ViewElement is one Element in a View: its printed line always, its
// marks only for the viewer's own.
type ViewElement struct {
	Element
	Destroyed, Removed bool
	// Known: the fields below are filled (an own Element).
	Known                    bool
	ArmorLeft, StructureLeft int
	Heat                     int
	Shutdown, Fired          bool
	OverheatUsed             int
	Crits, NewCrits          Crits
}

// ViewOf is the battle as side sees it.
func ViewOf(s State, side int) View {
	v := View{Viewer: side, Sides: s.Sides, Turn: s.Turn, Phase: s.Phase, Acting: s.Acting, Loser: s.Loser,
		Winner: s.Winner, TurnLimit: s.TurnLimit, Counters: append([]Counter(nil), s.Counters...),
		Hexsides: append([]HexsideChoice(nil), s.Hexsides...), Home: s.Home, Zones: [2]int{s.zone(0), s.zone(1)}}
	if s.SetUp != nil {
		su := *s.SetUp
		su.Steps = append([]SetUpStep(nil), su.Steps...)
		su.Planned = nil // the bot's, not part of the game
		v.SetUp = &su
	}
	declaring := s.Acting
	if s.Question != nil {
		declaring = s.Question.AttackerSide
		q := *s.Question
		v.Question = &q
	}
	if declaring == side {
		v.OwnAttacks = append([]Attack(nil), s.Declared...)
	}
	for _, u := range s.Units {
		vu := ViewUnit{ID: u.ID, Name: u.Name, Side: u.Side, Own: u.Side == side, Hex: u.Hex, Facing: u.Facing, Moved: u.Moved, OffBoard: u.OffBoard, Alive: u.Alive()}
		if vu.Own {
			vu.MP, vu.JumpMP = UnitMP(u.Elements)
		}
		for _, e := range u.Elements {
			ve := ViewElement{Element: e.Element, Destroyed: e.Destroyed, Removed: e.Removed}
			if vu.Own {
				ve.Known = true
				ve.ArmorLeft, ve.StructureLeft, ve.Heat = e.ArmorLeft, e.StructureLeft, e.Heat
				ve.Shutdown, ve.Fired, ve.OverheatUsed = e.Shutdown, e.Fired, e.OverheatUsed
				ve.Crits, ve.NewCrits = e.Crits, e.NewCrits
			}
			vu.Elements = append(vu.Elements, ve)
		}
		v.Units = append(v.Units, vu)
	}
	return v
}

// ShownZones are the sides whose Deployment Zones the set-up shows:
// both sides see both (ruling QS19) once a side's home edge is known,
// and none once the set-up is over.
func (v View) ShownZones() []int {
	var out []int
	for side, e := range v.Home {
		if v.SetUp != nil && e != referee.NoEdge {
			out = append(out, side)
		}
	}
	return out
}
