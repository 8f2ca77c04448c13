package campaign

import (
	"slices"

	"bfbot/mapgen"
	"bfbot/mapgen/hex"
	"bfbot/referee"
	"bfbot/referee/ai"
)

// A battle's record: every event it logged, each with the sides that may
// read it, and at the start and the end of each game turn the picture
// each side had then. The battle can so be read and replayed afterwards
// from any side's view (/battle log, the after-action report, the replay)
// without keeping the battle's states: the pictures are taken from the
// side's referee.View when they happen, so they hold no more than the
// side knew (rulings R10, SE4).

// LoggedEvent is one battle event in the record with its audience: nil
// for every side, else the sides that may read it (an empty, non-nil
// audience: no side).
type LoggedEvent struct {
	Event    referee.Event `json:"event"`
	Audience []string      `json:"audience"`
}

// Visible reports whether side may read the event.
func (l LoggedEvent) Visible(side string) bool {
	e := l.Event
	e.Audience = l.Audience
	return e.Visible(side)
}

// Frame is what one side saw of the battle at one moment: at the start
// of the battle (Turn 0), at the end of each game turn, and at its end.
type Frame struct {
	Turn   int         `json:"turn"`
	Side   string      `json:"side"`
	Units  []FrameUnit `json:"units"`
	Rubble []hex.Hex   `json:"rubble,omitempty"`
}

// FrameUnit is a counter on the map as its viewer saw it: the fields of
// referee.ViewUnit a picture draws (the side by its index in the
// battle's initiative order). Step is -1 where the viewer did not know
// it (an enemy unit never probed). A battle keeps many of them, so the
// JSON names are short: id, side index, own, kind, class, hex, step,
// experience, disrupted.
type FrameUnit struct {
	ID         string  `json:"i"`
	SideIndex  int     `json:"s"`
	Own        bool    `json:"o,omitempty"`
	Kind       string  `json:"k"`
	Class      string  `json:"c,omitempty"`
	Hex        hex.Hex `json:"h"`
	Step       int     `json:"p"`
	Experience string  `json:"x,omitempty"`
	Disrupted  bool    `json:"d,omitempty"`
}

// frameOf is side's picture of the battle as it stands.
func frameOf(s *referee.State, side string, turn int) Frame {
	v := s.View(side)
	f := Frame{Turn: turn, Side: side, Rubble: v.Rubble}
	for _, u := range v.Units {
		if u.Hex == nil {
			continue
		}
		fu := FrameUnit{ID: u.ID, SideIndex: u.SideIndex, Own: u.Own, Kind: u.Kind, Class: u.Class, Hex: *u.Hex, Step: -1, Disrupted: u.Disrupted}
		if u.Values != nil {
			fu.Step, fu.Experience = u.Values.Step, u.Values.Experience
		}
		f.Units = append(f.Units, fu)
	}
	return f
}

// View turns the frame back into the referee.View it was taken from, as
// far as a picture needs: the map given, the rubble and the counters;
// sides are the battle's sides in initiative order.
func (f Frame) View(m *mapgen.Map, sides []referee.Side) referee.View {
	v := referee.View{Viewer: f.Side, Map: m, Rubble: f.Rubble, Turn: f.Turn}
	for _, fu := range f.Units {
		h := fu.Hex
		side := ""
		if fu.SideIndex >= 0 && fu.SideIndex < len(sides) {
			side = sides[fu.SideIndex].ID
		}
		u := referee.ViewUnit{ID: fu.ID, Side: side, SideIndex: fu.SideIndex, Own: fu.Own, Kind: fu.Kind, Class: fu.Class,
			Status: referee.Active.String(), Hex: &h, Disrupted: fu.Disrupted}
		if fu.Step >= 0 {
			u.Values = &referee.UnitValues{Step: fu.Step, Experience: fu.Experience}
		}
		v.Units = append(v.Units, u)
	}
	return v
}

// SideFrames are side's pictures of the battle in order.
func (b *Battle) SideFrames(side string) []Frame {
	var out []Frame
	for _, f := range b.Frames {
		if f.Side == side {
			out = append(out, f)
		}
	}
	return out
}

// logEvents adds a step's events to the battle's record, die rolls left
// out (the attack lines carry them) and the MP a unit has left after a
// move (for its mover at the moment, not for the record).
func (b *Battle) logEvents(evs []referee.Event) {
	for _, e := range evs {
		if e.Dice != nil || e.Type == "roll" || e.Type == "mp" {
			continue
		}
		aud := e.Audience
		if aud != nil {
			aud = slices.Clone(aud)
		}
		e.Audience = nil
		b.Log = append(b.Log, LoggedEvent{Event: e, Audience: aud})
	}
}

// AIPlayer is the AI player for side taking over battle b where it
// stands, at level and seeded from seed: told the battle's record as
// side saw it (ai.Resume), so that it remembers what a player kept since
// the battle started would (when the battle was last fought, the steps
// dealt, the hexes swept), not a battle that began when it was made. A
// caller that goes on playing tells it each step's events (Observe).
func (b *Battle) AIPlayer(side string, level ai.Level, seed uint64) *ai.Player {
	return ai.Resume(b.State, side, level, seed, func(yield func(referee.Event) bool) {
		for _, l := range b.Log {
			e := l.Event
			e.Audience = l.Audience
			if !yield(e) {
				return
			}
		}
	})
}

// record adds what one step of the battle did to its record: its events
// and, where the step started the battle, ended a game turn or ended the
// battle, each side's picture. prevTurn and prevPhase are the battle's
// before the step.
func (b *Battle) record(prevTurn int, prevPhase referee.Phase, evs []referee.Event) {
	b.logEvents(evs)
	st := b.State
	switch {
	case prevPhase == referee.PhaseDeploy && st.Phase != referee.PhaseDeploy:
		b.takeFrames(0)
	case prevPhase != referee.PhaseDeploy && st.Turn > prevTurn && st.Phase != referee.PhaseOver:
		b.takeFrames(prevTurn)
	}
	if st.Phase == referee.PhaseOver {
		b.takeFrames(st.Turn)
	}
}

// takeFrames adds each side's picture for game turn turn, unless it is
// the same as the side's last one (a battle that ended as a turn did).
func (b *Battle) takeFrames(turn int) {
	for _, sd := range b.State.Sides {
		f := frameOf(b.State, sd.ID, turn)
		if last := b.SideFrames(sd.ID); len(last) > 0 {
			l := last[len(last)-1]
			if slices.Equal(l.Units, f.Units) && slices.Equal(l.Rubble, f.Rubble) {
				continue
			}
		}
		b.Frames = append(b.Frames, f)
	}
}

// frameHook takes each side's picture at the end of every game turn of
// an auto-resolved battle, after next (the hook it wraps, nil for none)
// has had its say.
func (b *Battle) frameHook(next ai.After) ai.After {
	return func(prev, st *referee.State) (*referee.State, []referee.Event, error) {
		var evs []referee.Event
		if next != nil {
			var err error
			if st, evs, err = next(prev, st); err != nil {
				return st, evs, err
			}
		}
		if st.Turn > prev.Turn && st.Phase != referee.PhaseOver {
			b.State = st
			b.takeFrames(prev.Turn)
		}
		return st, evs, nil
	}
}
