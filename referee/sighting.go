package referee

import (
	"fmt"
	"slices"
	"strings"

	"bfbot/mapgen"
	"bfbot/mapgen/hex"
)

// The Sighting Phase (000 lines 772–805, 1122, 1279–1353; rulings S1–S11
// and S15 in docs/rulings.md). After every movement phase, and once when the
// battle starts, each side learns the class of enemy units its sensors
// reach; units with an Active Electronic Probe read one enemy unit's
// values each. What a side has learnt stays learnt (S4).

// sight runs the sighting phase for every side, in initiative order.
func (b *battle) sight() {
	lines := newSightlines(b.s)
	var sensors []*Unit
	for i := range b.s.Sides {
		side := b.s.Sides[i].ID
		sensors = sensors[:0]
		for j := range b.s.Units {
			if u := b.s.Units[j]; u.Side == side && sensorReady(u) && !hardLanded(b.s, u) {
				sensors = append(sensors, u)
			}
		}
		if len(sensors) > 0 {
			b.sightFor(side, sensors, lines)
		}
	}
}

// sightFor is one side's sighting: blinds first, in unit ID order, then
// AEP probes, by probing unit ID. Each newly identified unit gets one
// "sighted" event and each probe one "probed" event, addressed to this
// side only (S15).
func (b *battle) sightFor(side string, sensors []*Unit, lines *sightlines) {
	s := b.s
	for _, t := range s.Units {
		if !sightable(t, side) || s.knowledge(side, t.ID)&KnowClass != 0 {
			continue
		}
		by := b.sensorFor(t, sensors, lines)
		if by == nil {
			continue
		}
		b.sightLearn(side, t, KnowClass)
		b.emit(Event{
			Type: "sighted", Side: side, Unit: t.ID, Hex: hexp(t.Hex), Audience: []string{side},
			Text: fmt.Sprintf("%s at %s is %s (sighted by %s)", t.ID, t.Hex, aClass(t.Class), by.ID),
		})
	}
	for _, a := range sensors {
		if !a.Chits.AEP {
			continue
		}
		targets := b.probeTargets(a, lines)
		if len(targets) == 0 {
			continue
		}
		if len(targets) > 1 && slices.Contains(s.Asked, side) {
			// Its owner chooses (probe_choice.go).
			p := Probe{Unit: a.ID}
			for _, t := range targets {
				p.Targets = append(p.Targets, t.ID)
			}
			s.Probes = append(s.Probes, p)
			continue
		}
		b.probe(a, targets[0])
	}
}

// probe is AEP unit a's reading of enemy unit t (000 lines 1342–1353).
func (b *battle) probe(a, t *Unit) {
	s, side := b.s, a.Side
	if s.knowledge(side, t.ID)&KnowClass == 0 {
		b.emit(Event{
			Type: "sighted", Side: side, Unit: t.ID, Hex: hexp(t.Hex), Audience: []string{side},
			Text: fmt.Sprintf("%s at %s is %s (probed by %s)", t.ID, t.Hex, aClass(t.Class), a.ID),
		})
	}
	b.sightLearn(side, t, KnowClass|KnowValues)
	b.emit(Event{
		Type: "probed", Side: side, Unit: t.ID, Hex: hexp(t.Hex), Audience: []string{side},
		Text: fmt.Sprintf("%s probes %s at %s, %s: %s", a.ID, t.ID, t.Hex, aClass(t.Class), probeReading(t)),
	})
}

// sensorFor returns the first sensor (in ID order) that learns t's class,
// or nil. The same or an adjacent hex always reveals (000 lines 786, 792,
// 1336; S2). Beyond that the sensor needs t within its range and a clear
// line of sight, and t must be neither in a hex that hides its kind (000
// line 784, rulings R4, B4, S10) nor carrying ECM (000 line 1336; S3).
func (b *battle) sensorFor(t *Unit, sensors []*Unit, lines *sightlines) *Unit {
	screened := t.Chits.ECM || keepsBlind(b.s, t)
	for _, u := range sensors {
		d := hex.Distance(u.Hex, t.Hex)
		if d <= 1 {
			return u
		}
		if screened || d > weatherSight(b.s, sightRange(u, b.s.Rules.Night)) {
			continue
		}
		if u.Class.Kind() == KindAir || lines.clear(u.Hex, t.Hex) {
			return u
		}
	}
	return nil
}

// probeTargets are the enemy units an AEP unit may read this phase (000
// lines 1342–1353; S5): the enemy ground units within its range and line
// of sight whose values its side does not know yet, the nearest first
// (the default), ties broken by unit ID. A hiding hex and ECM do not stop
// the probe.
func (b *battle) probeTargets(a *Unit, lines *sightlines) []*Unit {
	s := b.s
	r := weatherSight(s, sightRange(a, s.Rules.Night))
	type candidate struct {
		d int
		u *Unit
	}
	var cands []candidate
	for _, t := range s.Units {
		if !sightable(t, a.Side) || s.knowledge(a.Side, t.ID)&KnowValues != 0 {
			continue
		}
		if d := hex.Distance(a.Hex, t.Hex); d <= r {
			cands = append(cands, candidate{d, t})
		}
	}
	// Units are in ID order, so a stable sort by distance breaks ties by ID.
	slices.SortStableFunc(cands, func(x, y candidate) int { return x.d - y.d })
	var out []*Unit
	for _, c := range cands {
		if c.d <= 1 || a.Class.Kind() == KindAir || lines.clear(a.Hex, c.u.Hex) {
			out = append(out, c.u)
		}
	}
	return out
}

// sightLearn adds to what side knows of u. Values are never known without the
// class: the probe reads the class too (000 line 1344).
func (b *battle) sightLearn(side string, u *Unit, k Knowledge) {
	if b.s.Known == nil {
		b.s.Known = map[string]map[string]Knowledge{}
	}
	m := b.s.ownKnown(side)
	if m == nil {
		m = map[string]Knowledge{}
		b.s.Known[side] = m
	}
	m[u.ID] |= k
}

// knowledge is what the sighting phases have taught side of unit id.
func (s *State) knowledge(side, id string) Knowledge { return s.Known[side][id] }

// KnownTo is what side knows of u: everything of its own units; the
// class of air units and DropShips, which never hide behind blinds (000
// lines 366, 1122, 1181; S7); else what sighting and probes have taught
// it. Views, replies and pictures ask this, never the Known map itself.
func (s *State) KnownTo(side string, u *Unit) Knowledge { return knownIn(s.Known[side], side, u) }

// knownIn is KnownTo with side's Known map already looked up (known):
// for a view, which asks of every unit.
func knownIn(known map[string]Knowledge, side string, u *Unit) Knowledge {
	if u.Side == side {
		return KnowClass | KnowValues
	}
	k := known[u.ID]
	if !u.Class.Ground() {
		k |= KnowClass
	}
	return k
}

// sensorReady reports a unit that may sight, probe or learn from an
// adjacent enemy (S1): standing on the map, not disrupted (000 line 980),
// not surrendered (000 line 970), not hidden (hidden infantry is written
// down, not on the board, 000 line 1050).
func sensorReady(u *Unit) bool {
	return u.Status == Active && !u.Disrupted && !u.Hidden
}

// sightable reports an enemy of side whose blind sighting may lift: a
// ground unit on the map (surrendered ones too) that is not hidden. Air
// units and DropShips have no blinds (S7); hidden infantry is not on the
// board (S9).
func sightable(t *Unit, side string) bool {
	return t.Side != side && t.Status.OnMap() && !t.Hidden && t.Class.Ground()
}

// keepsBlind reports whether u's hex keeps its blind on against sensors
// beyond the adjacent hexes (000 line 784; R4, B4): heavy woods,
// buildings (a light building hides all but 'Mechs, line 792, except at
// night, line 2381), level-2 water, and rubble for all but 'Mechs. The
// battle's rubble counts (S10).
func keepsBlind(s *State, u *Unit) bool {
	c := s.Cell(u.Hex)
	info := c.Terrain.Info()
	if u.Class.Kind() == KindMech {
		return info.HidesMechs || (s.Rules.Night && c.Terrain == mapgen.LightBuilding)
	}
	return info.HidesOthers
}

// sightRange is how far u's sensors reach (S3): its ESR, 5 hexes or 7
// with Recon (000 lines 774, 1297); at night 2, or 3 with the +2 ability
// (000 line 2379); air lances add 1 (000 line 1122) and DropShips 4 (000
// line 1193) on top.
func sightRange(u *Unit, night bool) int {
	r := u.ESR()
	if night {
		r = 2
		if u.ESR() > 5 {
			r = 3
		}
	}
	switch u.Class.Kind() {
	case KindAir:
		r++
	case KindDropShip:
		r += 4
	}
	return r
}

// probeReading is what an AEP probe reads of t (000 lines 1344–1351;
// S6), as the text of the probed event.
func probeReading(t *Unit) string {
	v := probeValues(t)
	var b strings.Builder
	fmt.Fprintf(&b, "step %d, %s, RA %d, D %d, range %d", v.Step, v.Experience, v.RA, v.D, v.Range)
	if v.MinRange > 0 {
		fmt.Fprintf(&b, " (minimum %d)", v.MinRange)
	}
	if c := v.Chits.String(); c != "" {
		fmt.Fprintf(&b, ", chits: %s", c)
	} else {
		b.WriteString(", no chits")
	}
	return b.String()
}

// classPhrase names a class as players speak of the counter: "Heavy 'Mech
// lance", "Tracked platoon", "Long Tom battery".
func classPhrase(c Class) string {
	switch c {
	case LightMech, MediumMech, HeavyMech, AssaultMech, FireMech:
		return strings.TrimSuffix(classWords(c), " Mech") + " 'Mech lance"
	case LongTom, Sniper:
		return classWords(c) + " battery"
	case LightAir, MediumAir, HeavyAir:
		return strings.TrimSuffix(classWords(c), " Air") + " AeroSpace Fighter lance"
	case Leopard, Union, Overlord:
		return classWords(c) + " DropShip"
	}
	return classWords(c) + " platoon"
}

// aClass is classPhrase with its article: "an Assault 'Mech lance", "a
// Union DropShip".
func aClass(c Class) string {
	p := classPhrase(c)
	if strings.IndexByte("AEIO", p[0]) >= 0 {
		return "an " + p
	}
	return "a " + p
}

// classWords turns a class name into capitalised words: "long-tom" →
// "Long Tom".
func classWords(c Class) string {
	words := strings.Split(c.String(), "-")
	for i, w := range words {
		if w != "" {
			words[i] = strings.ToUpper(w[:1]) + w[1:]
		}
	}
	return strings.Join(words, " ")
}

// unhide brings a hidden unit onto the board with its information blind
// removed (000 line 1054): every other side learns its class at once,
// whether or not one of its units could sight it.
func (b *battle) unhide(u *Unit, text string) {
	u.Hidden = false
	for _, side := range b.s.Sides {
		if side.ID != u.Side {
			b.sightLearn(side.ID, u, KnowClass)
		}
	}
	b.emit(Event{Type: "revealed", Unit: u.ID, Side: u.Side, Hex: hexp(u.Hex), Text: text})
}
