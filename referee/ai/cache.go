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
// bounds what they hold. Each decision's View is built in the memory of
// the one before (no decision keeps its view).
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
}

// routeMemo keeps the route work of a player turn by what it depends
// on: a field is the same for every decision that sees the same targets
// on the same ground (routeMemoKey), and the step costs for every field
// of a way of moving (stepsKey).
type routeMemo struct {
	fields map[string][]int
	steps  map[string]routeSteps
}

func newRouteMemo() *routeMemo {
	return &routeMemo{fields: map[string][]int{}, steps: map[string]routeSteps{}}
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
		c.turn, c.legal, c.sight, c.reach = s.PlayerTurn, referee.NewLegality(s), nil, map[reachKey][]int{}
		c.routes = newRouteMemo()
	} else {
		c.legal = c.legal.Next(s)
	}
	if c.sight == nil || c.sight.m != s.Map {
		c.sight = &sightMemo{m: s.Map, seen: map[[2]hex.Hex]referee.LOS{}}
		c.routes = newRouteMemo()
	}
	return c.legal
}

// sightMemo remembers the lines of sight traced on map m: a map never
// changes once made, so each line is traced once.
type sightMemo struct {
	m    *mapgen.Map
	seen map[[2]hex.Hex]referee.LOS
}

// los is referee.LineOfSight(m, a, b) for the picture's map m.
func (pic *picture) los(a, b hex.Hex) referee.LOS {
	c := pic.sight
	if c == nil || c.m != pic.v.Map {
		return referee.LineOfSight(pic.v.Map, a, b)
	}
	key := [2]hex.Hex{a, b}
	l, ok := c.seen[key]
	if !ok {
		l = referee.LineOfSight(c.m, a, b)
		c.seen[key] = l
	}
	return l
}
