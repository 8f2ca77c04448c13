package campaign

import "slices"

// Shell copies c one level down: its fields, and new lists of its sides
// and of its battles with theirs, sharing everything they reach (the
// units, the battles' states and records, the map, the log). Every list
// shared is clipped, so that an append to it, in any holder, copies it
// rather than writing into another's spare room. A campaign is changed by
// copying what changes: a store gives each caller a shell of its own,
// whose fields and whose sides' and battles' fields it may set, and keeps
// a shell of what a change returned, instead of copying the whole
// campaign (most of it a side's units) for every command.
func (c *Campaign) Shell() *Campaign {
	n := *c
	n.Pending, n.Decisions, n.Log = slices.Clip(c.Pending), slices.Clip(c.Decisions), c.Log
	n.Sides = slices.Clone(c.Sides)
	for i := range n.Sides {
		s := &n.Sides[i]
		s.Players, s.Units, s.Battlegroups = slices.Clip(s.Players), slices.Clip(s.Units), slices.Clip(s.Battlegroups)
		s.RepairOrder, s.Intel = slices.Clip(s.RepairOrder), slices.Clip(s.Intel)
		o := &s.Orders
		o.Moves, o.Drops, o.Holds, o.Searches = slices.Clip(o.Moves), slices.Clip(o.Drops), slices.Clip(o.Holds), slices.Clip(o.Searches)
	}
	n.Battles = slices.Clone(c.Battles)
	for i := range n.Battles {
		b := &n.Battles[i]
		b.Sides, b.Installations, b.Terrain = slices.Clip(b.Sides), slices.Clip(b.Installations), slices.Clip(b.Terrain)
		b.Refusal, b.Log, b.Frames = slices.Clip(b.Refusal), slices.Clip(b.Log), slices.Clip(b.Frames)
	}
	return &n
}
