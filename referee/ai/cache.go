package ai

import (
	"slices"

	"bfbot/mapgen"
	"bfbot/mapgen/hex"
	"bfbot/referee"
	"bfbot/referee/dice"
)

// cache is the work a Player keeps from one decision to the next within
// a player turn, where its decisions follow each other on states that
// differ by one action: the referee's legality work, which carries over
// only what the action left unchanged (referee.Legality.Next), and the
// lines of sight the picture traced on the map, which never changes (a
// memo of the other time of day is made when night falls or lifts). So
// neither changes a decision; a new player turn starts the legality work
// afresh, while the lines are kept for the battle (sightMemo). Each
// decision's View and picture are built in the memory of the one before
// (no decision keeps them).
type cache struct {
	turn  int // the State.PlayerTurn they belong to
	legal *referee.Legality
	// at is the state legal is for: the state of the last decision.
	at    *referee.State
	sight *sightMemo
	view  referee.ViewBuffer
	// reach is how far each enemy counter's fire reaches next turn over
	// the ground (Hard, reach.go).
	reach *reachMemo
	// fire is Hard's fire between the units, for the player turn: kept
	// from the movement phase into the attack phase (firetable.go).
	fire *fireTable
	// routes are the route work (route.go) of the player turn.
	routes *routeMemo
	// moves is the memory of a decision's list of moves (movement), and
	// enemies of its picture's enemies (newPicture).
	moves   []referee.Action
	enemies []enemy
	// order is the memory of movement's order of the units.
	order []*referee.ViewUnit
	// work is the memory a decision's picture works in.
	work work
}

// work is memory a decision's picture works in, kept from one decision to
// the next: what is in it is read within the decision it is written in,
// and by one moving unit at a time (each mover's hexes are all scored
// before the next mover's), so each list is a scratch pad. With eighty
// units a side the lists made afresh for every decision were a tenth of
// what auto-resolve allocated.
type work struct {
	// near, farther and mates are moveScorer.focus's lists; shots are a
	// Hard mover's (moveScorer.shots).
	near, farther []*enemy
	mates         []mateAt
	shots         []shotFrom
	// here, out and depths are huntHexes' own hexes, the hexes it finds
	// and their depths; by is spare's units.
	here   []bool
	out    []hex.Hex
	depths []int
	by     []unitAt
	// depth is enemyDepths' for map depthMap, own edge depthOwn and
	// enemy edges depthEdges.
	depth      []int
	depthMap   *mapgen.Map
	depthOwn   string
	depthEdges []string
	// key is where a route field's key is written to be looked up
	// (approach, huntField).
	key []byte
	// stepsKeys are the stepsKey of each way of moving over the rubble
	// stepsRubble (stepsKeysOver).
	stepsKeys   map[routeKey]string
	stepsRubble []hex.Hex
	// routes is the memory of a picture's routes (approach).
	routes map[routeKey][]int
	// nearOwn is nearOwn's marks.
	nearOwn []bool
	// hunters is the memory of a picture's huntTo (assignHunt).
	hunters map[string][]hex.Hex
}

// huntTo is the hunters' map, empty, in the memory of the last
// decision's.
func (w *work) huntTo() map[string][]hex.Hex {
	if w.hunters == nil {
		w.hunters = map[string][]hex.Hex{}
	}
	clear(w.hunters)
	return w.hunters
}

// stepsKeysOver are the stepsKey of each way of moving, as far as
// written, over rubble (a View's, in order): kept from one decision to
// the next while the rubble is the same, as it mostly is.
func (w *work) stepsKeysOver(rubble []hex.Hex) map[routeKey]string {
	if w.stepsKeys == nil || !slices.Equal(w.stepsRubble, rubble) {
		w.stepsKeys, w.stepsRubble = map[routeKey]string{}, slices.Clone(rubble)
	}
	return w.stepsKeys
}

// routeMemo keeps the route work on map m by what it depends on: a
// field is the same for every decision that sees the same targets on the
// same ground (stepsKey and targetsKey), and the step costs for every field of a
// way of moving (stepsKey). Fields are kept for a player turn (the enemy
// moves in the next), step costs while the map is the same, and the hunt's
// fields (hunt.go: from hexes of the map, on the step costs alone) into the
// next turn when looked up in this one.
type routeMemo struct {
	m      *mapgen.Map
	fields map[string][]int
	steps  map[string]routeSteps
	// hunts are the hunt's fields, each with the turn (age) it was last
	// looked up in; age counts the memo's player turns.
	hunts map[string]huntKept
	age   int
	// seeds are the hexes the fields closing to a range fire from
	// (fireSeeds), by targetsKey.
	seeds map[string][]int32
	// buckets is the memory of spread's queue, kept from field to field.
	buckets [][]int32
	// spare are the fields of the last player turn on the same map (and
	// the hunt's not kept), which nothing reads any more: new fields are
	// made in their memory (picture.newField).
	spare [][]int
}

func newRouteMemo(m *mapgen.Map) *routeMemo {
	return &routeMemo{m: m, fields: map[string][]int{}, steps: map[string]routeSteps{}, seeds: map[string][]int32{}, hunts: map[string]huntKept{}}
}

// huntKept is a hunt field and the turn it was last looked up in.
type huntKept struct {
	f   []int
	age int
}

// maxKeptSteps bounds the step tables kept from one player turn to the
// next: a way of moving has one for each set of rubble the battle has
// made, and the old sets are not met again.
const maxKeptSteps = 32

// nextTurn is the memo for a new player turn on map m: the step costs
// on the same map are kept (unless there are many), the fields are not.
func (r *routeMemo) nextTurn(m *mapgen.Map) *routeMemo {
	next := newRouteMemo(m)
	if r != nil {
		next.buckets = r.buckets
	}
	if r != nil && r.m == m && len(r.steps) <= maxKeptSteps {
		next.steps = r.steps
	}
	if r != nil && r.m == m {
		// The fields are read within the player turn alone (a picture's
		// routes and homes, a mover's, the fire table's within its
		// player turn); the hunt's, kept longer, are apart (hunts).
		next.spare = r.spare
		for _, f := range r.fields {
			next.spare = append(next.spare, f)
		}
	}
	if r != nil && r.m == m {
		// A hunter mostly stands where it stood at the end of the side's
		// last turn, and the fields are worked out on the step costs alone.
		next.age = r.age + 1
		for k, h := range r.hunts {
			if h.age == r.age {
				next.hunts[k] = h
			} else {
				next.spare = append(next.spare, h.f)
			}
		}
	}
	return next
}

// hunt is the hunt field kept by key, marked as looked up in this turn;
// ok false: none (or no memo).
func (r *routeMemo) hunt(key []byte) (f []int, ok bool) {
	if r == nil {
		return nil, false
	}
	h, ok := r.hunts[string(key)]
	if ok && h.age != r.age {
		r.hunts[string(key)] = huntKept{h.f, r.age}
	}
	return h.f, ok
}

// kept is the field kept by key, worked out by work and kept (with a
// memo) the first time it is asked for.
func (r *routeMemo) kept(key string, work func() []int) []int {
	if r != nil {
		if f, ok := r.fields[key]; ok {
			return f
		}
	}
	f := work()
	if r != nil {
		r.fields[key] = f
	}
	return f
}

// field is the field kept by key; ok false: none (or no memo).
func (r *routeMemo) field(key []byte) (f []int, ok bool) {
	if r == nil {
		return nil, false
	}
	f, ok = r.fields[string(key)]
	return f, ok
}

// legality is the Legality for s, carried over from the last decision
// within the player turn.
func (c *cache) legality(s *referee.State) *referee.Legality {
	if c.legal == nil || c.turn != s.PlayerTurn {
		c.turn, c.legal = s.PlayerTurn, referee.NewLegality(s)
		c.routes = c.routes.nextTurn(s.Map)
	} else {
		c.legal = c.legal.Next(s)
	}
	c.at = s
	c.reach = c.reach.at(s)
	if c.sight == nil || c.sight.m != s.Map || (c.sight.night != nil) != s.Rules.Night {
		c.sight = newSightMemo(s.Map, s.Rules.Night)
	}
	if c.routes.m != s.Map {
		c.routes = newRouteMemo(s.Map)
	}
	return c.legal
}

// apply is referee.Apply(s, a, d), done in the memory of the Legality of
// the last decision when that was on s (referee.Legality.Apply).
func (c *cache) apply(s *referee.State, a referee.Action, d *dice.Dice) (*referee.State, []referee.Event, error) {
	if c.legal != nil && c.at == s {
		return c.legal.Apply(a, d)
	}
	return referee.Apply(s, a, d)
}

// sightMemo remembers the lines of sight traced on map m: a map never
// changes once made, so each line is traced once in a battle. The lines
// to a hex are a row with an entry for every hex of the map (by the hex
// a line is from), made the first time a line to it is asked: a line is
// looked up by indexing, not hashing, so a table kept for the whole
// battle stays as fast to read however many lines it holds (at most one
// per pair of hexes: 4.7 MB on a sector of 1,088 hexes). Rows by the
// hex a line goes to keep together what a move's scoring reads: the
// lines from the hexes around the mover to each enemy.
type sightMemo struct {
	m  *mapgen.Map
	to [][]sightLine
	// night is m with every light woods hex heavy (referee.NightMap), in
	// a battle fought at night; nil by day. Night may fall or lift
	// during a battle (referee.JudgeWeather): a memo of the other time of
	// day is made again.
	night *mapgen.Map
}

func newSightMemo(m *mapgen.Map, night bool) *sightMemo {
	c := &sightMemo{m: m, to: make([][]sightLine, m.Width*m.Height)}
	if night {
		c.night = referee.NightMap(m)
	}
	return c
}

// trace is the line from a to b as the referee traces it for combat: by
// night blocked where light woods would block it as heavy woods do
// (rubble aside: the memo's map has none).
func (c *sightMemo) trace(a, b hex.Hex) sightLine {
	l := referee.TraceSight(c.m, c.night, a, b)
	return sightLine{traced: true, clear: l.Clear, shift: int16(l.Shift)}
}

// sightLine is what the picture reads of a line of sight: whether it is
// clear, and the column shift of what it crosses (a few a hex, far
// within an int16 on any map); traced: the line has been traced.
type sightLine struct {
	traced, clear bool
	shift         int16
}

// los is the line of sight from a to b on the picture's map m, as the
// referee traces it for combat (referee.TraceSight: at night light woods
// block as heavy woods do, 000 line 2381; ruling K15).
func (pic *picture) los(a, b hex.Hex) sightLine {
	c := pic.sight
	if c == nil || c.m != pic.v.Map || (c.night != nil) != pic.v.Night {
		c = newSightMemo(pic.v.Map, pic.v.Night)
		pic.sight = c
	}
	if !c.m.Contains(a) || !c.m.Contains(b) {
		return c.trace(a, b)
	}
	w := c.m.Width
	row := c.to[b.Y*w+b.X]
	if row == nil {
		row = make([]sightLine, len(c.to))
		c.to[b.Y*w+b.X] = row
	}
	l := &row[a.Y*w+a.X]
	if !l.traced {
		*l = c.trace(a, b)
	}
	return *l
}
