package ai

import (
	"bfbot/mapgen"
	"bfbot/mapgen/hex"
	"bfbot/referee"
)

// cache is the work a Player keeps from one decision to the next within
// a player turn, where its decisions follow each other on states that
// differ by one action: the referee's legality work, which carries over
// only what the action left unchanged (referee.Legality.Next), and the
// lines of sight the picture traced on the map, which never changes. So
// neither changes a decision; a new player turn starts them afresh, which
// bounds what they hold (a table of lines kept longer grew slower to look
// up than the lines are to trace again). Each decision's View and
// picture are built in the memory of the one before (no decision keeps
// them).
type cache struct {
	turn  int // the State.PlayerTurn they belong to
	legal *referee.Legality
	sight *sightMemo
	view  referee.ViewBuffer
	// reach is how far each enemy counter's fire reaches next turn over
	// the ground (Hard, reach.go), for the player turn.
	reach map[reachKey][]int
	// routes are the route work (route.go) of the player turn.
	routes *routeMemo
	// moves is the memory of a decision's list of moves (movement), and
	// enemies of its picture's enemies (newPicture).
	moves   []referee.Action
	enemies []enemy
}

// routeMemo keeps the route work on map m by what it depends on: a
// field is the same for every decision that sees the same targets on the
// same ground (routeMemoKey), and the step costs for every field of a
// way of moving (stepsKey). Fields are kept for a player turn (the enemy
// moves in the next), step costs while the map is the same.
type routeMemo struct {
	m      *mapgen.Map
	fields map[string][]int
	steps  map[string]routeSteps
	// targets is routeField's buffer, kept from field to field.
	targets []hex.Hex
}

func newRouteMemo(m *mapgen.Map) *routeMemo {
	return &routeMemo{m: m, fields: map[string][]int{}, steps: map[string]routeSteps{}}
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
		next.targets = r.targets[:0]
	}
	if r != nil && r.m == m && len(r.steps) <= maxKeptSteps {
		next.steps = r.steps
	}
	return next
}

// field is the field kept by key; ok false: none (or no memo).
func (r *routeMemo) field(key string) (f []int, ok bool) {
	if r == nil {
		return nil, false
	}
	f, ok = r.fields[key]
	return f, ok
}

// legality is the Legality for s, carried over from the last decision
// within the player turn.
func (c *cache) legality(s *referee.State) *referee.Legality {
	if c.legal == nil || c.turn != s.PlayerTurn {
		c.turn, c.legal, c.reach = s.PlayerTurn, referee.NewLegality(s), map[reachKey][]int{}
		c.sight = c.sight.renewed(s.Map, s.Rules.Night)
		c.routes = c.routes.nextTurn(s.Map)
	} else {
		c.legal = c.legal.Next(s)
	}
	if c.sight.m != s.Map {
		c.sight = c.sight.renewed(s.Map, s.Rules.Night)
	}
	if c.routes.m != s.Map {
		c.routes = newRouteMemo(s.Map)
	}
	return c.legal
}

// sightMemo remembers the lines of sight traced on map m: a map never
// changes once made, so each line is traced once. A line is kept by its
// two hexes packed in one number (sightKey), which a map hashes and
// compares faster than the hexes themselves.
type sightMemo struct {
	m    *mapgen.Map
	seen map[uint64]sightLine
	// night is m with every light woods hex heavy (referee.NightMap), in
	// a battle fought at night; nil by day.
	night *mapgen.Map
}

// renewed is an empty memo of the lines traced on m, by night or by
// day, keeping c's night map when it is m's (c may be nil).
func (c *sightMemo) renewed(m *mapgen.Map, night bool) *sightMemo {
	next := &sightMemo{m: m, seen: map[uint64]sightLine{}}
	switch {
	case !night:
	case c != nil && c.m == m && c.night != nil:
		next.night = c.night
	default:
		next.night = referee.NightMap(m)
	}
	return next
}

// sightKey packs the line from a to b on a map (coordinates below 2^16,
// far beyond any map's) in one number.
func sightKey(a, b hex.Hex) uint64 {
	return uint64(uint16(a.X))<<48 | uint64(uint16(a.Y))<<32 | uint64(uint16(b.X))<<16 | uint64(uint16(b.Y))
}

// sightLine is what the picture reads of a line of sight: whether it is
// clear, and the column shift of what it crosses. Kept so small, a table
// of lines is a quarter of the size of one of referee.LOS, and faster to
// look up.
type sightLine struct {
	clear bool
	shift int32
}

// los is the line of sight from a to b on the picture's map m, as the
// referee traces it for combat: referee.LineOfSight, and at night
// blocked where light woods would block it as heavy woods do (000 line
// 2381; ruling K15), with the daytime shifts.
func (pic *picture) los(a, b hex.Hex) sightLine {
	c := pic.sight
	if c == nil || c.m != pic.v.Map {
		c = (*sightMemo)(nil).renewed(pic.v.Map, pic.v.Night)
		pic.sight = c
	}
	key := sightKey(a, b)
	l, ok := c.seen[key]
	if !ok {
		day := referee.LineOfSight(c.m, a, b)
		l = sightLine{clear: day.Clear, shift: int32(day.Shift)}
		if c.night != nil && l.clear {
			l.clear = referee.LineOfSight(c.night, a, b).Clear
		}
		c.seen[key] = l
	}
	return l
}
