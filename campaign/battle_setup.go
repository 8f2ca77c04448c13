package campaign

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"bfbot/mapgen"
	"bfbot/mapgen/hex"
	"bfbot/referee"
	"bfbot/referee/dice"
)

// Contact (000 lines 2609–2639): a battle is set up in the sector where
// enemy battlegroups met. Initiative is 2D6 a side (line 2615); the
// tactical map is the sector's own (generated once from its seed, with
// the rubble earlier battles left); each battlegroup deploys by ruling R7
// or, from a prepared position, anywhere but the three edge hexes (line
// 2633), its hidden infantry placed in secret.

// WithdrawSteps is how many damage steps a battlegroup must take before
// it may withdraw (000 line 2653).
const WithdrawSteps = 4

// sectorMap returns the tactical map of a sector of the strategic map,
// generated again from the sector's seed (a few milliseconds; the rules
// keep no cache: the store keeps loaded campaigns, maps included).
func (c *Campaign) sectorMap(sector int) (*mapgen.Map, error) {
	if c.Map == nil {
		return nil, fmt.Errorf("campaign %d has no strategic map", c.ID)
	}
	sc := c.Map.ByID(sector)
	if sc == nil {
		return nil, fmt.Errorf("sector %d is not on the strategic map", sector)
	}
	return sc.Map()
}

// setUpBattle turns a contact in a sector into a battle appended to
// c.Battles, in its deployment phase. c is changed in place (the caller
// has cloned it). Recon battlegroups never fight (000 line 2583): they are
// left out, and a side with nothing else there is refused. With
// Settings.SetupTables on, 004's tables are rolled after the initiative
// and their results put into the battle before deployment (rollSetup).
func setUpBattle(c *Campaign, sector int, sides []BattleSide, d *dice.Dice) error {
	return setUpBattleRules(c, sector, sides, d, 0)
}

// setUpBattleRules is setUpBattle for a battle that the withdrawal from
// battle retreatFrom started (0: a contact): units that retreated into a
// new battle need no more steps to withdraw again (line 2659), and the
// battle is marked so that it starts no further one (ruling CI1).
func setUpBattleRules(c *Campaign, sector int, sides []BattleSide, d *dice.Dice, retreatFrom int) error {
	withdrawSteps := WithdrawSteps
	if retreatFrom != 0 {
		withdrawSteps = 0
	}
	if len(sides) != 2 {
		return fmt.Errorf("a battle needs two sides, not %d", len(sides))
	}
	if sides[0].Side == sides[1].Side {
		return fmt.Errorf("battle in sector %d: both sides are %s", sector, sides[0].Side)
	}
	m, err := c.sectorMap(sector)
	if err != nil {
		return err
	}
	var engaged []BattleSide
	for _, bs := range sides {
		s := c.Side(bs.Side)
		if s == nil {
			return fmt.Errorf("battle in sector %d: no side %q", sector, bs.Side)
		}
		var bgs []int
		for _, id := range bs.Battlegroups {
			bg := s.Battlegroup(id)
			if bg == nil {
				return fmt.Errorf("battle in sector %d: %s has no battlegroup %d", sector, s.ID, id)
			}
			if bg.Sector != sector {
				return fmt.Errorf("battle in sector %d: %s battlegroup %d stands in sector %d", sector, s.ID, id, bg.Sector)
			}
			if !bg.Recon() {
				bgs = append(bgs, id)
			}
		}
		if len(bgs) == 0 {
			return fmt.Errorf("battle in sector %d: %s has no battlegroup there that may fight (recon units never do)", sector, s.ID)
		}
		engaged = append(engaged, BattleSide{Side: s.ID, Battlegroups: bgs})
	}

	// Initiative: 2D6 a side, the highest wins, ties roll again (line 2615).
	first, rolls, err := contactInitiative(c, engaged, d, sector)
	if err != nil {
		return err
	}
	if first == 1 {
		engaged[0], engaged[1] = engaged[1], engaged[0]
	}

	st := &referee.State{
		Map: m,
		Rules: referee.Rules{
			CRT:         c.Settings.CRT,
			MoraleCheck: c.Settings.MoraleCheck,
			TurnLimit:   c.Settings.BattleTurnLimit,
		},
		Phase:    referee.PhaseDeploy,
		Campaign: &referee.CampaignRules{Zones: map[string]referee.Zone{}, WithdrawAfterSteps: withdrawSteps, StartSteps: map[string]int{}},
	}
	if r := c.Sectors[sector].Rubble; len(r) > 0 {
		st.Rubble = map[hex.Hex]bool{}
		for _, h := range r {
			st.Rubble[h] = true
		}
	}
	homes := deploymentEdges(c, m, sector, engaged)
	for i, bs := range engaged {
		s := c.Side(bs.Side)
		st.Sides = append(st.Sides, referee.Side{ID: s.ID, Name: s.Name, RetreatEdge: homes[i].retreat})
		for j, id := range bs.Battlegroups {
			bg := s.Battlegroup(id)
			z := homes[i].zones[j]
			landingRoom := dropShipRoom(st, z)
			for _, uid := range bg.Units {
				cu := s.Unit(uid)
				u := cu.Lance.Unit(cu.ID, s.ID)
				u.Step = cu.Step
				// Hidden infantry is placed in secret only from a prepared
				// position (line 2633); otherwise it deploys as any unit.
				u.Hidden = cu.Hidden && bg.Prepared && u.Class.Kind() == referee.KindInfantry
				// A battlegroup that dropped this turn is still coming
				// down: its lances land in turn 1 on the hexes their
				// owner declares (line 2639; ruling DR21).
				u.Drop = z.Drop
				if u.Class.Kind() == referee.KindDropShip {
					// A DropShip stands landed in its zone, on open level
					// ground; with no room left there it is still in
					// orbit and lands later (ruling DR22).
					u.Drop = landingRoom == 0
					landingRoom = max(landingRoom-1, 0)
				}
				st.Units = append(st.Units, &u)
				st.Campaign.Zones[u.ID] = z
				st.Campaign.StartSteps[u.ID] = cu.Step
			}
		}
	}
	sort.Slice(st.Units, func(i, j int) bool { return st.Units[i].ID < st.Units[j].ID })
	laid := c.layMines(st, sector, engaged)
	if errs := st.Check(); len(errs) > 0 {
		return fmt.Errorf("battle in sector %d: %v", sector, errs[0])
	}

	id := c.NextBattle
	bt := Battle{ID: id, Turn: c.Turn, Sector: sector, Sides: engaged, State: st, Auto: c.Settings.AutoResolve, RetreatFrom: retreatFrom}
	var setupEvents []Event
	var propaganda map[string]int
	if c.Settings.SetupTables {
		var err error
		if setupEvents, propaganda, err = c.rollSetup(&bt, laid, d); err != nil {
			return err
		}
	}
	c.startMorale(&bt, propaganda)
	st.Asked = c.askedSides(&bt)
	c.NextBattle++
	c.Battles = append(c.Battles, bt)
	name := c.sectorName(sector)
	c.emit(Event{Step: "contact", Type: "contact", Sector: sector, Battle: id,
		Text: fmt.Sprintf("contact in sector %s: battle %d between %s and %s", name, id, c.Side(engaged[0].Side).Name, c.Side(engaged[1].Side).Name)})
	winner := c.Side(engaged[0].Side)
	chooses := "moves first"
	if c.asks(winner.ID, &bt) {
		chooses = "chooses whether to move first or second"
	}
	c.emit(Event{Step: "contact", Type: "initiative", Sector: sector, Battle: id, Side: winner.ID,
		Text: fmt.Sprintf("battle %d: %s wins the initiative (2D6: %s) and %s", id, winner.Name, rolls, chooses)})
	c.emit(setupEvents...)
	for i, bs := range engaged {
		// The zones as the battle has them: the setup tables' prior
		// setup may have opened the whole map (004 line 145).
		var zoneText []string
		for _, bgID := range bs.Battlegroups {
			bg := c.Side(bs.Side).Battlegroup(bgID)
			zoneText = append(zoneText, fmt.Sprintf("battlegroup %d (%s) deploys %s", bg.ID, bg.Name, bt.State.Campaign.Zones[bg.Units[0]]))
		}
		c.emit(Event{Step: "contact", Type: "deployment", Audience: secret(bs.Side), Side: bs.Side, Sector: sector, Battle: id,
			Text: fmt.Sprintf("battle %d in sector %s: %s; your units withdraw by the %v edge", id, name, strings.Join(zoneText, "; "), homes[i].retreat)})
		if t := laid[bs.Side]; t != "" {
			c.emit(Event{Step: "contact", Type: "mines", Audience: secret(bs.Side), Side: bs.Side, Sector: sector, Battle: id,
				Text: fmt.Sprintf("battle %d: %s", id, t)})
		}
	}
	if err := c.orderSetup(&c.Battles[len(c.Battles)-1], d); err != nil {
		return err
	}
	// The winner chooses to move first or second (000 line 564; ruling
	// B15): nothing is deployed yet, so no answer can start the battle.
	_, err = c.ask(Decision{Kind: DecideInitiative, Side: winner.ID, Battle: id, Options: []string{"first", "second"}, Default: "first",
		Question: fmt.Sprintf("You won the initiative in battle %d in sector %s: does %s move first or second?", id, name, winner.Name)}, d)
	return err
}

// chooseOrder carries out the initiative winner's choice (000 line 564):
// moving second puts the winner behind the other side. The battle starts
// once it is chosen and every unit has deployed.
func (c *Campaign) chooseOrder(dec Decision, answer string, d *dice.Dice) ([]referee.Event, error) {
	b := c.Battle(dec.Battle)
	if b == nil || b.Over || b.State == nil || b.State.Phase != referee.PhaseDeploy {
		return nil, errorf("battle %d has already started: the order of play is set", dec.Battle)
	}
	st := b.State
	i := slices.IndexFunc(st.Sides, func(s referee.Side) bool { return s.ID == dec.Side })
	if i < 0 {
		return nil, fmt.Errorf("battle %d: no side %s", dec.Battle, dec.Side)
	}
	if answer == "second" && i == 0 {
		st.Sides = append(st.Sides[1:], st.Sides[0])
	}
	if dec.ID != 0 { // a choice the players were told is waiting
		text := fmt.Sprintf("battle %d: %s chooses to move %s", b.ID, c.Side(dec.Side).Name, answer)
		if answer == "second" {
			text += fmt.Sprintf(": %s moves first", c.Side(st.Sides[0].ID).Name)
		}
		c.emit(Event{Step: "contact", Type: "initiative", Sector: b.Sector, Battle: b.ID, Side: dec.Side, Text: text})
	}
	prev := st.Turn
	evs, err := c.advanceBattle(b, nil, d)
	if err == nil {
		b.record(prev, referee.PhaseDeploy, evs)
	}
	return evs, err
}

// dropShipRoom is how many DropShips may stand landed in zone z of the
// battle's map: its hexes of open ground at level 0, rubble counted (000
// line 1214; ruling DR22).
func dropShipRoom(st *referee.State, z referee.Zone) int {
	n := 0
	for _, h := range st.Map.Hexes() {
		if c := st.Cell(h); z.Contains(st.Map, h) && c.Terrain == mapgen.Open && c.Elevation == 0 {
			n++
		}
	}
	return n
}

// sectorName names a sector for players: "3 (Hollow Ridge)".
func (c *Campaign) sectorName(id int) string {
	if sc := c.Map.ByID(id); sc != nil && sc.Name != "" {
		return fmt.Sprintf("%d (%s)", id, sc.Name)
	}
	return fmt.Sprint(id)
}

// contactInitiative rolls 2D6 for each side until one is highest (000
// line 2615) and returns its index and the rolls as text, sides by name.
func contactInitiative(c *Campaign, sides []BattleSide, d *dice.Dice, sector int) (int, string, error) {
	var text []string
	for {
		var r [2]int
		for i, bs := range sides {
			n, err := d.TwoD6(fmt.Sprintf("initiative of %s in sector %d", bs.Side, sector))
			if err != nil {
				return 0, "", err
			}
			r[i] = n
		}
		text = append(text, fmt.Sprintf("%s %d, %s %d", c.SideName(sides[0].Side), r[0], c.SideName(sides[1].Side), r[1]))
		switch {
		case r[0] > r[1]:
			return 0, strings.Join(text, "; then "), nil
		case r[1] > r[0]:
			return 1, strings.Join(text, "; then "), nil
		}
	}
}

// sideDeployment is where one side's battlegroups deploy: a zone per
// battlegroup (in BattleSide order) and the edge the side withdraws by.
type sideDeployment struct {
	zones   []referee.Zone
	retreat referee.Edge
}

// deploymentEdges applies ruling R7 and line 2633 to the engaged sides
// (initiative winner first):
//   - a battlegroup that moved into the sector deploys within 3 hexes of
//     the edge facing the sector it came from;
//   - one that did not move deploys by the edge opposite the enemy's
//     entry edge; if no enemy battlegroup entered by an edge, by its own
//     side's entry edge; if neither side entered by one, the initiative
//     winner takes the west (north on a tall map) edge and the other side
//     the opposite one (ruling CB1);
//   - a prepared position deploys anywhere but the three edge hexes (ruling
//     CB2) — when both sides hold one, each deploys anywhere in its own
//     half of the map (ruling CB17); a battlegroup that dropped this turn
//     comes down in turn 1 on drop hexes declared in secret anywhere on
//     the map (line 2639; ruling DR21).
//
// A side withdraws by the edge of its first battlegroup that has one
// (ruling CB3).
func deploymentEdges(c *Campaign, m *mapgen.Map, sector int, sides []BattleSide) [2]sideDeployment {
	var entry [2]referee.Edge // the first entry edge of each side
	edgeOf := func(s *Side, id int) referee.Edge {
		bg := s.Battlegroup(id)
		if !bg.Moved || bg.Dropped || bg.From == 0 {
			return referee.NoEdge
		}
		return edgeFacing(c.Map, sector, bg.From)
	}
	for i, bs := range sides {
		s := c.Side(bs.Side)
		for _, id := range bs.Battlegroups {
			if e := edgeOf(s, id); e != referee.NoEdge {
				entry[i] = e
				break
			}
		}
	}
	// Two prepared positions would share the ground both set up on in
	// secret, and a refused hex would tell one side where the other's
	// counters stand: each keeps to its half (ruling CB17).
	var prepared [2]bool
	for i, bs := range sides {
		s := c.Side(bs.Side)
		prepared[i] = slices.ContainsFunc(bs.Battlegroups, func(id int) bool { return s.Battlegroup(id).Prepared })
	}
	var out [2]sideDeployment
	var homes [2]referee.Edge
	for i, bs := range sides {
		s := c.Side(bs.Side)
		home := referee.NoEdge
		switch {
		case entry[1-i] != referee.NoEdge:
			home = entry[1-i].Opposite()
		case entry[i] != referee.NoEdge:
			home = entry[i]
		default:
			home = referee.West
			if m.Height > m.Width {
				home = referee.North
			}
			if i == 1 {
				home = home.Opposite()
			}
		}
		homes[i] = home
		for _, id := range bs.Battlegroups {
			bg := s.Battlegroup(id)
			z := referee.Zone{Edge: home, Depth: referee.CampaignZoneDepth}
			switch e := edgeOf(s, id); {
			case e != referee.NoEdge:
				z.Edge = e
			case bg.Dropped:
				z = referee.Zone{Drop: true}
			case bg.Prepared && prepared[0] && prepared[1]:
				// The halves face each other: the second side's is
				// across from the first side's home edge.
				edge := home
				if i == 1 {
					edge = homes[0].Opposite()
				}
				half := m.Width / 2
				if edge == referee.North || edge == referee.South {
					half = m.Height / 2
				}
				z = referee.Zone{Edge: edge, Depth: half}
			case bg.Prepared:
				z = referee.Zone{Depth: referee.CampaignZoneDepth}
			}
			if i == 1 {
				z = apart(m, out[0].zones, z)
			}
			out[i].zones = append(out[i].zones, z)
			if out[i].retreat == referee.NoEdge && z.Edge != referee.NoEdge {
				out[i].retreat = z.Edge
			}
		}
		if out[i].retreat == referee.NoEdge {
			out[i].retreat = home
		}
	}
	return out
}

// apart is zone z of a battlegroup of the initiative loser, kept off
// every hex of the winner's zones (ruling CB18): the sides set up at
// once and in secret, and a hex refused as full would tell one side
// where the other's counters stand. Zones on adjacent edges share only
// their corner: z keeps its edge and leaves that corner to the winner.
// A zone the winner's share an edge with (both came in by one edge from
// a sector where neither searched, ruling CO5, or one stays by the edge
// opposite an entry that an enemy battlegroup also faces) moves to the
// opposite edge, else to another edge, else inside the edges as a
// prepared position, beyond the winner's half when it holds one (CB17).
// It keeps z, corners left out, only when the winner's zones cover the
// whole map: edge zones on all four edges and a prepared position inside
// them. The winner alone then holds a prepared position, so it sets up
// first (ruling DEC5) and the loser sees every counter standing in z
// before it places one; its hidden infantry and mines stand inside the
// edges, never in z.
func apart(m *mapgen.Map, winner []referee.Zone, z referee.Zone) referee.Zone {
	clear := func(z referee.Zone) bool {
		return slices.ContainsFunc(m.Hexes(), func(h hex.Hex) bool { return z.Contains(m, h) }) &&
			!slices.ContainsFunc(winner, func(w referee.Zone) bool { return w.Overlaps(m, z) })
	}
	tries := []referee.Zone{z}
	if z.Edge != referee.NoEdge {
		tries = append(tries, referee.Zone{Edge: z.Edge.Opposite(), Depth: z.Depth})
	}
	for _, e := range []referee.Edge{referee.North, referee.East, referee.South, referee.West} {
		tries = append(tries, referee.Zone{Edge: e, Depth: referee.CampaignZoneDepth})
	}
	for _, t := range append(tries, referee.Zone{Depth: referee.CampaignZoneDepth}) {
		if t = besideOff(winner, t); clear(t) {
			return t
		}
	}
	return besideOff(winner, z)
}

// besideOff is zone z without the hexes of the winner's zones on the
// edges beside its own (ruling CB18): the two adjacent edges of an edge
// zone, every edge of a zone inside the edges (where only the winner's
// half of the map, CB17, reaches further in than z's own border).
func besideOff(winner []referee.Zone, z referee.Zone) referee.Zone {
	if z.Drop {
		return z
	}
	for _, w := range winner {
		if w.Drop || w.Edge == referee.NoEdge {
			continue
		}
		switch {
		case z.Edge != referee.NoEdge && w.Edge != z.Edge && w.Edge != z.Edge.Opposite(),
			z.Edge == referee.NoEdge && w.Depth > z.Depth:
			z.Off[w.Edge-1] = max(z.Off[w.Edge-1], w.Depth)
		}
	}
	return z
}

// edgeFacing is the edge of sector to's tactical map that faces sector
// from: maps lie north up on the strategic grid (ruling R2).
func edgeFacing(sm *mapgen.Strategic, to, from int) referee.Edge {
	a, b := sm.ByID(to), sm.ByID(from)
	if a == nil || b == nil {
		return referee.NoEdge
	}
	dx, dy := b.Col-a.Col, b.Row-a.Row
	switch {
	case dx == 0 && dy == 0:
		return referee.NoEdge
	case contactAbs(dx) >= contactAbs(dy) && dx < 0:
		return referee.West
	case contactAbs(dx) >= contactAbs(dy):
		return referee.East
	case dy < 0:
		return referee.North
	}
	return referee.South
}

// sectorBeyond is the sector across edge e of sector id, or 0 at the rim
// of the strategic map.
func sectorBeyond(sm *mapgen.Strategic, id int, e referee.Edge) int {
	sc := sm.ByID(id)
	if sc == nil {
		return 0
	}
	col, row := sc.Col, sc.Row
	switch e {
	case referee.North:
		row--
	case referee.South:
		row++
	case referee.West:
		col--
	case referee.East:
		col++
	default:
		return 0
	}
	if n := sm.At(col, row); n != nil {
		return n.ID
	}
	return 0
}

func contactAbs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// deployAI deploys every unit of side that must be deployed: DropShips
// first, since they need open level ground to themselves (ruling DR22),
// then the ground units, spread along the zone (its middle line for a
// prepared position), each taking the free hex nearest its mark, woods
// and buildings first among equals; a lance dropping at the start aims
// along the middle line of the map, where the sides' zones meet, away
// from water and from its own side's mines, which go off under the 'Mech
// that comes down on them (rulings AIX1, DR8, M13); the enemy's mines it
// cannot know. No dice: a deployment helper for the AI, auto-resolved
// battles and players who missed their deadline.
func deployAI(s *referee.State, side string, d *dice.Dice) (*referee.State, []referee.Event, error) {
	var reserve []string
	for _, ship := range []bool{true, false} {
		for _, u := range s.Units {
			if u.Side == side && s.MustDeploy(u) && (u.Class.Kind() == referee.KindDropShip) == ship {
				reserve = append(reserve, u.ID)
			}
		}
	}
	var all []referee.Event
	for k, id := range reserve {
		acts := referee.ValidActions(s, id)
		acts = slices.DeleteFunc(acts, func(a referee.Action) bool { return a.Kind != referee.ActDeploy })
		if len(acts) == 0 {
			return s, all, fmt.Errorf("%s has no hex left to deploy in", id)
		}
		mark := deployMark(s, id, k, len(reserve))
		best, bestScore := acts[0], 1<<30
		for _, a := range acts {
			score := 4 * hex.Distance(a.To, mark)
			switch t := s.Cell(a.To).Terrain; {
			case s.Unit(id).Drop && (t.IsWater() || s.Side(side).Mines[a.To] > 0):
				score += 8
			case t.IsWoods() || t.IsBuilding():
				score -= 3
			}
			if score < bestScore {
				best, bestScore = a, score
			}
		}
		next, evs, err := referee.Apply(s, best, d)
		if err != nil {
			return s, all, err
		}
		s, all = next, append(all, evs...)
	}
	return s, all, nil
}

// deployMark is where the k-th of n units aims in its zone.
func deployMark(s *referee.State, id string, k, n int) hex.Hex {
	m := s.Map
	var z referee.Zone
	if s.Campaign != nil {
		z = s.Campaign.Zones[id]
	}
	along := func(length int) int { return (k + 1) * length / (n + 1) }
	depth := max(z.Depth/2, 0)
	switch z.Edge {
	case referee.North:
		return hex.Hex{X: along(m.Width), Y: depth}
	case referee.South:
		return hex.Hex{X: along(m.Width), Y: m.Height - 1 - depth}
	case referee.West:
		return hex.Hex{X: depth, Y: along(m.Height)}
	case referee.East:
		return hex.Hex{X: m.Width - 1 - depth, Y: along(m.Height)}
	}
	if m.Width >= m.Height {
		return hex.Hex{X: along(m.Width), Y: m.Height / 2}
	}
	return hex.Hex{X: m.Width / 2, Y: along(m.Height)}
}
