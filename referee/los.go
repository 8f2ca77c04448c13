package referee

import (
	"fmt"

	"bfbot/mapgen"
	"bfbot/mapgen/hex"
)

// Blocker says what, if anything, blocks a line of sight.
type Blocker uint8

// The things that block a line of sight (000 lines 780–803, ruling R4).
const (
	NotBlocked Blocker = iota
	ByElevation
	ByWoods    // heavy woods
	ByThin     // the third light woods or building hex
	ByDeadZone // the hex beside the lower unit is as high as the higher one
)

var blockerNames = [...]string{"clear", "elevation", "heavy woods", "three light woods or building hexes", "dead zone"}

// LOS is the result of a line-of-sight check from a sighting or attacking
// unit to its target.
type LOS struct {
	Clear bool
	By    Blocker
	// At is the hex that blocks: the high ground, the heavy woods, the third
	// thin hex, or the hex that makes the dead zone.
	At hex.Hex
	// Thin counts the light woods and building hexes the line crosses that
	// rise above both units (the target's hex included).
	Thin int
	// Shift is the sum of the Combat Results Table column shifts of the
	// intervening hexes that rise above both units (000 line 898). The
	// target hex's own shift is not included: combat adds it.
	Shift int
}

func (l LOS) String() string {
	if l.Clear {
		return "clear"
	}
	return fmt.Sprintf("blocked by %s at %s", blockerNames[l.By], l.At)
}

// LineOfSight checks the line of sight from a unit in hex a to a unit in
// hex b (000 lines 780–803, rulings R3, R4, B6–B8):
//
//   - a hex on the line counts only if its blocking height (elevation, +1
//     for woods and buildings) is above both units' elevations;
//   - a counting hex blocks if its ground is above both, or if it holds
//     heavy woods;
//   - light woods and buildings block from the third counting hex on; the
//     target's own hex counts toward the three (line 790: the tracked unit
//     "is in the third" light woods hex), the sighting unit's does not;
//   - at range two or more between units on different elevations, the hex
//     beside the lower unit blocks if it is as high as the higher unit's
//     hex (the dead zone, line 801);
//   - where the line runs along a hexside, the side worse for the sighting
//     unit counts (R3).
//
// Both hexes must be on the map.
func LineOfSight(m *mapgen.Map, a, b hex.Hex) LOS {
	var buf [160]hex.LineHex
	line := hex.AppendLine(buf[:0], a, b)
	ea, eb := m.At(a).Elevation, m.At(b).Elevation
	top := max(ea, eb)
	var l LOS
	l.Clear = true
	for i := 1; i < len(line); i++ {
		h := line[i].Hex
		if line[i].Tie() {
			h = worse(m, line[i].Hex, line[i].Alt, top)
		}
		c := m.At(h)
		if c.BlockingHeight() <= top {
			continue
		}
		info := c.Terrain.Info()
		target := i == len(line)-1
		if !target {
			// Level 2 water's shift is for a defender in the hex only.
			if !info.ShiftTargetOnly {
				l.Shift += info.Shift
			}
			if c.Elevation > top {
				l.block(ByElevation, h)
			}
			if info.Sight == mapgen.Blocking {
				l.block(ByWoods, h)
			}
		}
		if info.Sight == mapgen.Thin {
			l.Thin++
			if l.Thin == 3 {
				l.block(ByThin, h)
			}
		}
	}
	if l.Clear && ea != eb && len(line) > 2 {
		// The hex beside the lower unit: index 1 from a, or next to last.
		i, high := 1, eb
		if eb < ea {
			i, high = len(line)-2, ea
		}
		beside := line[i]
		for _, h := range [2]hex.Hex{beside.Hex, beside.Alt} {
			if m.At(h).BlockingHeight() >= high {
				l.block(ByDeadZone, h)
				break
			}
		}
	}
	return l
}

// block records the first thing found that blocks the line.
func (l *LOS) block(by Blocker, at hex.Hex) {
	if l.Clear {
		l.Clear, l.By, l.At = false, by, at
	}
}

// worse picks, of the two hexes beside a hexside the line runs along, the
// one worse for the sighting unit (R3): one that blocks, else one that
// counts toward the three thin hexes, else the larger column shift.
func worse(m *mapgen.Map, p, q hex.Hex, top int) hex.Hex {
	if hindrance(m.At(q), top) > hindrance(m.At(p), top) {
		return q
	}
	return p
}

// hindrance ranks how much a hex between two units hinders the line: a
// blocking hex 1000, a thin one 100, plus the size of its column shift.
func hindrance(c mapgen.Cell, top int) int {
	if c.BlockingHeight() <= top {
		return 0
	}
	info := c.Terrain.Info()
	n := -info.Shift
	if info.ShiftTargetOnly {
		n = 0
	}
	switch {
	case c.Elevation > top || info.Sight == mapgen.Blocking:
		n += 1000
	case info.Sight == mapgen.Thin:
		n += 100
	}
	return n
}

// sightlines answers line-of-sight questions on the terrain as it stands
// in a battle: buildings reduced to rubble are rubble (K15, S10), and at
// night light woods block as heavy woods do, while the column shifts stay
// the daytime ones (000 line 2381; S11). Each line is drawn once, so a
// sighting phase draws at most one line per sensor and enemy. The shared
// map is never changed: rubble and night are laid over copies.
type sightlines struct {
	s          *State
	day, night *mapgen.Map // made by the first line traced; night is nil by day
	seen       map[[2]hex.Hex]LOS
}

func newSightlines(s *State) *sightlines {
	return &sightlines{s: s, seen: map[[2]hex.Hex]LOS{}}
}

// maps makes the maps lines are traced on, the first time one is: a copy
// of the map with rubble (and at night a second one with every light
// woods hex heavy) only when they differ from the map, and then once for
// every line asked of the state.
func (l *sightlines) maps() {
	if l.day != nil {
		return
	}
	s := l.s
	l.day = s.Map
	if len(s.Rubble) > 0 {
		l.day = s.Map.Clone()
		for h, ok := range s.Rubble {
			if c := l.day.Cell(h); ok && c != nil {
				c.Terrain = mapgen.Rubble
			}
		}
	}
	if s.Rules.Night {
		l.night = NightMap(l.day)
	}
}

// NightMap is a copy of m for tracing lines of sight at night: every
// light woods hex heavy, since at night light woods block as heavy woods
// do (000 line 2381; ruling K15). A line clear on m and on its night map
// is clear, with m's shifts.
func NightMap(m *mapgen.Map) *mapgen.Map {
	n := m.Clone()
	for i := range n.Cells {
		if n.Cells[i].Terrain == mapgen.LightWoods {
			n.Cells[i].Terrain = mapgen.HeavyWoods
		}
	}
	return n
}

// los is the line of sight from a to b: blocked at night where it would be
// with every light woods hex heavy, with the daytime shifts otherwise.
func (l *sightlines) los(a, b hex.Hex) LOS {
	key := [2]hex.Hex{a, b}
	if v, ok := l.seen[key]; ok {
		return v
	}
	l.maps()
	v := TraceSight(l.day, l.night, a, b)
	l.seen[key] = v
	return v
}

// TraceSight is the line of sight from a to b on the day map, and where
// night (NightMap of it; nil by day) blocks it, the night's line: as
// lines are traced for combat and sighting.
func TraceSight(day, night *mapgen.Map, a, b hex.Hex) LOS {
	v := LineOfSight(day, a, b)
	if night != nil && v.Clear {
		if n := LineOfSight(night, a, b); !n.Clear {
			v = n
		}
	}
	return v
}

// clear reports a clear line of sight from a to b.
func (l *sightlines) clear(a, b hex.Hex) bool { return l.los(a, b).Clear }
