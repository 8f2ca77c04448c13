package quickstart

import (
	"fmt"

	"bfbot/mapgen/hex"
)

// CounterKind is an objective or a Headquarters counter of the Veteran
// Training Scenario (002 lines 546–562).
type CounterKind uint8

// The two kinds of counter.
const (
	Objective CounterKind = iota
	Headquarters
)

func (k CounterKind) String() string {
	if k == Headquarters {
		return "headquarters"
	}
	return "objective"
}

// Counter is an objective or Headquarters on the map, defended by Owner
// and an offensive objective for the other side (002 lines 552, 604).
type Counter struct {
	Kind  CounterKind
	Owner int
	Hex   hex.Hex
	// Value is its victory Point Value (ObjectiveValue, HeadquartersValue).
	Value int
	// Occupied: an enemy Unit has moved into its hex (scored once, 002
	// line 630). Held counts the consecutive End Phases an enemy Unit has
	// stood there; the second captures it (002 line 606).
	Occupied bool
	Held     int
	Captured bool
}

// Points is what the counter has scored so far for the side attacking
// it: its value once captured, else the occupation share once occupied
// (Victory Points Table, 002 lines 625–632).
func (c Counter) Points() int {
	switch {
	case c.Captured:
		return c.Value
	case !c.Occupied:
		return 0
	case c.Kind == Headquarters:
		return OccupiedHeadquarters(c.Value)
	}
	return OccupiedObjective(c.Value)
}

// counterRefusal says why Unit ui may not end its move in h because of a
// counter: a side's Units never occupy a hex of its own counters (002
// line 582; ruling QS13: ending a move there is refused, passing through
// is not).
func (s State) counterRefusal(ui int, h hex.Hex) error {
	for _, c := range s.Counters {
		if c.Hex == h && !c.Captured && c.Owner == s.Units[ui].Side {
			return illegal("%s may not end its move in %s: its own side's %v is there", s.Units[ui].ID, h, c.Kind)
		}
	}
	return nil
}

// occupy marks the counters in h occupied when an enemy Unit moves in.
func (s *State) occupy(ui int, h hex.Hex) []Event {
	var ev []Event
	for i, c := range s.Counters {
		if c.Hex == h && !c.Captured && c.Owner != s.Units[ui].Side && !c.Occupied {
			s.Counters[i].Occupied = true
			ev = append(ev, Event{Type: "occupy", Turn: s.Turn, Side: s.Units[ui].Side,
				Text: fmt.Sprintf("%s occupies %s %v in %s", s.Units[ui].ID, s.whose(c.Owner), c.Kind, h)})
		}
	}
	return ev
}

// holdCounters is the End Phase's part for counters: an enemy Unit alone
// in the hex adds an End Phase held, the second captures and removes the
// counter (002 line 606); a hex left empty starts the count again.
func (s *State) holdCounters() []Event {
	var ev []Event
	for i, c := range s.Counters {
		if c.Captured {
			continue
		}
		o := s.occupant(c.Hex, -1)
		if o < 0 || s.Units[o].Side == c.Owner {
			s.Counters[i].Held = 0
			continue
		}
		if s.Counters[i].Held++; s.Counters[i].Held >= 2 {
			s.Counters[i].Captured = true
			ev = append(ev, Event{Type: "capture", Turn: s.Turn, Side: s.Units[o].Side,
				Text: fmt.Sprintf("%s captures %s %v in %s", s.Units[o].ID, s.whose(c.Owner), c.Kind, c.Hex)})
		}
	}
	return ev
}

// allCaptured says whether side has counters and every one is captured:
// the second way to win the Veteran scenario (002 line 589).
func (s State) allCaptured(side int) bool {
	has := false
	for _, c := range s.Counters {
		if c.Owner == side {
			if !c.Captured {
				return false
			}
			has = true
		}
	}
	return has
}

// VictoryPoints is side's score by the Victory Points Table (002 lines
// 620–632): double the Point Value of every enemy Element destroyed,
// minus that of every own Element destroyed, and what the enemy's
// counters have yielded.
func (s State) VictoryPoints(side int) int {
	vp := 0
	for _, u := range s.Units {
		for _, e := range u.Elements {
			if !e.Destroyed {
				continue
			}
			enemy, own := DestroyedPoints(e.PV)
			if u.Side == side {
				vp += own
			} else {
				vp += enemy
			}
		}
	}
	for _, c := range s.Counters {
		if c.Owner != side {
			vp += c.Points()
		}
	}
	return vp
}
