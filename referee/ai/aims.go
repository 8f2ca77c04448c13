package ai

import (
	"bfbot/mapgen/hex"
	"bfbot/referee"
)

// aims are what the scenario rewards the side for besides fighting, read
// from the View's public scenario rules (View.Scenario, View.TurnLimit):
// units that score by leaving the map, objective hexes to hold or
// contest, salvage worth carrying off, and an evacuation by DropShip.
type aims struct {
	sc *referee.ViewScenario
	// turnsLeft counts the game turns still to play, this one included
	// (a large number without a turn limit).
	turnsLeft int
	last      bool // this is the last game turn
	// exitVP is what each own unit scores by leaving the map by an edge
	// (exitEdge; "" for any edge).
	exitVP   map[string]int
	exitEdge map[string]string
	// fightFirst: the side is stronger than the enemy it sees
	// (prospects), so a small exit award waits for the end of the battle.
	fightFirst bool
	// evacuate: the side's ground units should board its DropShips, which
	// lift off (a space award, a side left stranded at the end, or a lost
	// battle); spaceVP is what each unit scores carried off.
	evacuate bool
	spaceVP  map[string]int
	ships    []*referee.ViewUnit // own DropShips on the map
	// hold: the objective hex each unit is sent to, and how hard.
	hold     map[string]hex.Hex
	holdPull map[string]float64
	// salvageBonus is how much picking up a counter is worth to a move;
	// carrierEdge is where a unit with salvage takes it ("any" for the
	// nearest edge, "" to keep it).
	salvageBonus float64
	carrierEdge  string
}

// exitBurnVP is the least an exit must score for a unit to lose a step
// overburning to reach it in time: about what a lance's step is worth.
const exitBurnVP = 10

// noLimit stands for the turns left in a battle without a turn limit.
const noLimit = 1 << 20

// mechsPerLance is what a PerMech award counts for a lance (SC11; an
// Extra 'Mech chit adds one).
const mechsPerLance = 4

func newAims(pic *picture, level Level) *aims {
	v := pic.v
	a := &aims{sc: v.Scenario, turnsLeft: noLimit, salvageBonus: 1}
	if v.TurnLimit > 0 {
		a.turnsLeft = max(v.TurnLimit-v.Turn+1, 1)
		a.last = v.Turn >= v.TurnLimit
	}
	for _, u := range pic.own {
		if u.Kind == referee.KindDropShip.String() && u.Hex != nil && u.Status == "active" {
			a.ships = append(a.ships, u)
		}
	}
	me := v.Side(pic.side)
	if mine, theirs := pic.prospects(); theirs > 0 && mine > theirs {
		a.fightFirst = true
	}
	if sc := v.Scenario; sc != nil {
		// Only a scenario's rewards fill them in: without one they are
		// read empty (nil), not made for every decision.
		a.exitVP, a.exitEdge, a.spaceVP = map[string]int{}, map[string]string{}, map[string]int{}
		a.hold, a.holdPull = map[string]hex.Hex{}, map[string]float64{}
		for _, u := range pic.own {
			for _, e := range sc.Exits {
				w := exitWorth(e, u)
				switch {
				case w == 0 || e.Side != pic.side:
				case e.Space:
					a.spaceVP[u.ID] += w
				case w > a.exitVP[u.ID]:
					a.exitVP[u.ID], a.exitEdge[u.ID] = w, e.Edge
				}
			}
		}
		a.evacuate = len(a.spaceVP) > 0 || sc.Stranded == pic.side
		switch {
		case sc.SalvageVP <= 0:
			a.salvageBonus = 0
		case sc.SalvageExitedOnly && sc.SalvageLeftTo == pic.side:
			a.salvageBonus = 0.2 // the counters left on the map are the side's anyway
		default:
			a.salvageBonus = float64(sc.SalvageVP) / referee.SalvageVP
		}
		// Salvage that counts only once carried off goes by the edge the
		// side may leave by: any edge while scavenging (000 line 2389),
		// else its scoring exit or its retreat edge (ruling V6).
		if sc.SalvageExitedOnly && sc.SalvageLeftTo != pic.side {
			a.carrierEdge = "any"
			if !sc.Scavenging && me != nil {
				a.carrierEdge = me.RetreatEdge
				for _, e := range sc.Exits {
					if e.Side == pic.side && !e.Space && e.Edge != "" {
						a.carrierEdge = e.Edge
					}
				}
			}
		}
		if level.skilled() {
			a.assignObjectives(pic)
		}
	}
	// Easy weighs no prospects, but its idle ships too lift off: they
	// waited for the turn limit (Normal–Easy dropships 86).
	if len(a.ships) > 0 && !a.evacuate && (level.skilled() && pic.lost() || pic.idleShips()) {
		a.evacuate = true
	}
	return a
}

// idleShips reports a stalled battle in which the side has nothing on
// the map but landed DropShips, empty, and nothing still to come: they
// cannot move (000 line 1201), nothing has come within their range for
// stallTurns turns, and staying only waits for the turn limit. They
// lift off (wantsLiftoff).
func (pic *picture) idleShips() bool {
	if !pic.stalled || pic.v.Scenario != nil {
		return false
	}
	ships := false
	for _, u := range pic.own {
		switch {
		case u.Detail == nil:
		case pic.toCome(u) || u.Status == "reserve" && u.Detail.Aboard != "":
			// It may still come. A broken unit does not keep the ships:
			// it rallies only beside a ground unit of its side (ruling
			// V2), and with one on the map or to come they stay anyway.
			// Kept for a broken tank that could never rally, an empty
			// DropShip waited for the turn limit (Normal on both sides,
			// battle 1048).
			return false
		case u.Status != "active" || u.Hex == nil:
		case u.Kind != referee.KindDropShip.String() || len(u.Detail.Carrying) > 0:
			return false
		default:
			ships = true
		}
	}
	return ships
}

// exitWorth is what award e gives for own unit u (ExitAward.worth: per
// 'Mech of a lance when PerMech).
func exitWorth(e referee.ViewExit, u *referee.ViewUnit) int {
	if u.Kind == referee.KindAir.String() || u.Kind == referee.KindDropShip.String() {
		return 0
	}
	if e.MechsOnly && u.Kind != referee.KindMech.String() {
		return 0
	}
	if !e.PerMech {
		return e.VP
	}
	n := mechsPerLance
	if u.Values != nil && u.Values.Chits.ExtraMech {
		n++
	}
	return n * e.VP
}

// leavesBy is the edge enemy unit u scores by leaving the map when that
// is its side's retreat edge (an exit award of v's scenario that counts
// u's kind), or "". Such a unit runs from the fight rather than breaks
// through it: the side cuts it off where it leaves (fireSeeds) rather
// than chase it. An award by another edge lies past the side's units,
// which stand in its way already.
func leavesBy(v referee.View, u *referee.ViewUnit) string {
	sd := v.Side(u.Side)
	if v.Scenario == nil || sd == nil || sd.RetreatEdge == "" || u.Kind == referee.KindDropShip.String() {
		return ""
	}
	for _, x := range v.Scenario.Exits {
		if x.Side == u.Side && !x.Space && x.Edge == sd.RetreatEdge && x.VP > 0 && (!x.MechsOnly || u.Kind == referee.KindMech.String()) {
			return x.Edge
		}
	}
	return ""
}

// assignObjectives sends the nearest free unit to each objective hex:
// the side's own to hold, the enemy's to contest (an enemy unit standing
// in it at the end denies the VP, SC9). Far from the end of a turn limit
// the pull is slight; once the unit needs the turns left to get there it
// goes.
func (a *aims) assignObjectives(pic *picture) {
	taken := map[string]bool{}
	for _, o := range a.sc.Objectives {
		var best *referee.ViewUnit
		bestD := 1 << 30
		for _, u := range pic.own {
			if taken[u.ID] || !groundMover(u) || a.spaceVP[u.ID] > 0 {
				continue
			}
			if d := hex.Distance(*u.Hex, o.Hex); d < bestD {
				best, bestD = u, d
			}
		}
		if best == nil {
			continue
		}
		taken[best.ID] = true
		a.hold[best.ID] = o.Hex
		pull := 0.05
		if mp := max(best.Detail.MP, 1); a.turnsLeft != noLimit && (bestD+mp-1)/mp+2 >= a.turnsLeft {
			pull = min(1.5, 0.3+float64(o.VP)/25)
		}
		a.holdPull[best.ID] = pull
	}
}

// groundMover reports an own ground unit standing on the map, able to
// move: not hidden infantry, which waits in ambush (hunt.go).
func groundMover(u *referee.ViewUnit) bool {
	return groundUnit(u) && !u.Detail.Hidden
}

// groundUnit reports an own ground unit standing on the map, hidden or
// not.
func groundUnit(u *referee.ViewUnit) bool {
	return u.Own && u.Status == "active" && u.Hex != nil && u.Detail != nil &&
		u.Kind != referee.KindAir.String() && u.Kind != referee.KindDropShip.String()
}

// room is how many more units own DropShip ship may take aboard.
func room(ship *referee.ViewUnit) int {
	c, err := classOf(ship.Class)
	if err != nil || ship.Detail == nil {
		return 0
	}
	return referee.DropShipLoad(c) - len(ship.Detail.Carrying)
}

// nearestShip is the distance from h to the nearest own DropShip with
// room aboard, or −1.
func (a *aims) nearestShip(h hex.Hex) int {
	best := -1
	for _, s := range a.ships {
		if room(s) <= 0 {
			continue
		}
		if d := hex.Distance(h, *s.Hex); best < 0 || d < best {
			best = d
		}
	}
	return best
}

// edgeDist is the distance from h to edge ("any": the nearest edge).
func (pic *picture) edgeDist(h hex.Hex, edge string) int {
	if edge != "any" && edge != "" {
		return max(edgeDistance(pic.v.Map, h, edge), 0)
	}
	d := 1 << 20
	for _, e := range []referee.Edge{referee.North, referee.East, referee.South, referee.West} {
		d = min(d, edgeDistance(pic.v.Map, h, e.String()))
	}
	return d
}

// aimScore is what the scenario's aims add to the score of ending the
// move of unit m.u in h.
func (m *moveScorer) aimScore(h hex.Hex) float64 {
	a := m.pic.aims
	if a == nil {
		return 0
	}
	id := m.u.ID
	sc := 0.0
	mp := 1
	if m.u.Detail != nil {
		mp = max(m.u.Detail.MP, 1)
	}
	// Leaving by a scoring edge: the pull grows with the VP, and once the
	// turns left are just enough to get there.
	// Leaving by a scoring edge: the pull grows with the VP, and once the
	// turns left are just enough to get there (not when they are too
	// few: then the unit fights where it is).
	if w := a.exitVP[id]; w > 0 {
		d := m.pic.edgeDist(h, a.exitEdge[id])
		from := d // a unit coming out of a DropShip is not on the map yet
		if m.u.Hex != nil {
			from = m.pic.edgeDist(*m.u.Hex, a.exitEdge[id])
		}
		pull := min(1.0, 0.05*float64(w))
		if w < exitBurnVP && !m.noCombat && a.fightFirst {
			pull = 0.02 * float64(w) // a small award to a stronger side: fight first, leave at the end
		}
		if m.noCombat || a.exitDue(from, mp) {
			pull = max(pull, 1)
		}
		sc -= pull * float64(d)
	}
	if a.evacuate && !m.retreating {
		if d := a.nearestShip(h); d >= 0 {
			w := a.spaceVP[id]
			pull := 0.4 // a unit left behind is captured (SC11) or lost
			if w > 0 {
				pull = min(1.2, 0.4+0.02*float64(w))
			}
			if a.turnsLeft != noLimit && (d-1+mp-1)/mp > a.turnsLeft {
				pull = 0.1 // it cannot get there in time: it fights on
			}
			sc -= pull * float64(max(d-1, 0))
		}
	}
	if m.carrying && a.carrierEdge != "" {
		sc -= 0.6 * float64(m.pic.edgeDist(h, a.carrierEdge))
	}
	if o, ok := a.hold[id]; ok {
		pull := a.holdPull[id]
		d := hex.Distance(h, o)
		sc -= pull * float64(d)
		if d == 0 {
			sc += 2 * pull
		}
	}
	return sc
}

// leaves reports that own unit u, standing on an edge, should leave the
// map now: by an edge that scores it (SC4), or carrying salvage that
// counts only once carried off (by any edge while scavenging, SC6).
func (a *aims) leaves(pic *picture, u *referee.ViewUnit) bool {
	if w := a.exitVP[u.ID]; w > 0 && pic.edgeDist(*u.Hex, a.exitEdge[u.ID]) == 0 {
		return true
	}
	return u.Detail.Salvage > 0 && a.carrierEdge != "" && pic.edgeDist(*u.Hex, a.carrierEdge) == 0
}

// needsBurn reports that own unit u reaches its scoring exit (worth at
// least exitBurnVP) or its objective hex within the turns left only with
// its overburn MP burn, not with its MP mp.
func (a *aims) needsBurn(pic *picture, u *referee.ViewUnit, mp, burn int) bool {
	if a.turnsLeft == noLimit {
		return false
	}
	turns := func(d, mp int) int { return (d + mp - 1) / max(mp, 1) }
	var d int
	switch o, hold := a.hold[u.ID]; {
	case a.exitVP[u.ID] >= exitBurnVP:
		d = pic.edgeDist(*u.Hex, a.exitEdge[u.ID]) + 1
	case hold:
		d = hex.Distance(*u.Hex, o)
	default:
		return false
	}
	return turns(d, mp) > a.turnsLeft && turns(d, burn) <= a.turnsLeft
}

// exitDue reports that a unit from hexes from its scoring edge, moving
// mp a turn, needs the turns left to get there, and they are enough.
func (a *aims) exitDue(from, mp int) bool {
	turns := (from + mp - 1) / max(mp, 1)
	return a.turnsLeft != noLimit && turns+1 >= a.turnsLeft && turns <= a.turnsLeft
}

// elsewhere reports that own unit u has an aim that is not the enemy:
// an exit that scores it (a small award only once it is due), salvage to
// carry off, an objective to hold, or a DropShip to board.
func (a *aims) elsewhere(pic *picture, u *referee.ViewUnit) bool {
	_, hold := a.hold[u.ID]
	carrying := u.Detail != nil && u.Detail.Salvage > 0
	exit := a.exitVP[u.ID] >= exitBurnVP || (a.exitVP[u.ID] > 0 && !a.fightFirst && !a.smallBreakthrough(pic, u))
	if w := a.exitVP[u.ID]; w > 0 && !exit && u.Hex != nil && u.Detail != nil {
		from, mp := pic.edgeDist(*u.Hex, a.exitEdge[u.ID]), max(u.Detail.MP, 1)
		exit = a.exitDue(from, mp) && (from <= mp || !a.smallBreakthrough(pic, u))
	}
	return exit || (carrying && a.carrierEdge != "") || hold || (a.evacuate && len(a.ships) > 0)
}

// smallBreakthrough reports that own unit u scores a small exit award
// (under a step's worth) for breaking through, by an edge other than its
// side's retreat edge. That edge lies past the enemy, and the unit is
// worth more destroyed than it scores leaving: it fights until the exit
// is due and within its MP, and then heads there still counting the
// enemy's fire. Leaving by the edge the side came from, away from the
// enemy, is not this.
func (a *aims) smallBreakthrough(pic *picture, u *referee.ViewUnit) bool {
	w, edge := a.exitVP[u.ID], a.exitEdge[u.ID]
	me := pic.v.Side(pic.side)
	return w > 0 && w < exitBurnVP && edge != "" && me != nil && edge != me.RetreatEdge
}
