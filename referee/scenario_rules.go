package referee

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"

	"bfbot/internal/english"
	"bfbot/mapgen/hex"
	"bfbot/referee/dice"
)

// Scenario special rules (000 lines 2104–2513): reinforcements that enter
// at an edge, victory points for units leaving by an edge, bounties on
// destroyed units, salvage worth more (or nothing), objectives, initiative
// rolled every turn and the scavenging rule that lets units come back.
// Rulings SC1–SC12 are in docs/rulings.md.
//
// State.Clone copies the *ScenarioRules with the rest of the state, so
// rules code changes them in place like any other part of it.

// ScenarioRules are a battle's scenario rules; State.Scenario is nil in a
// battle without any.
type ScenarioRules struct {
	// Reinforcements are units off the board that enter later; they are
	// not in State.Units until they arrive (so no view shows them).
	Reinforcements []Reinforcement
	// Exits: units of a side leaving by an edge score victory points.
	Exits []ExitAward
	// Bounty: extra victory points to the enemy for destroying a unit,
	// by unit ID; SideBounty the same for every unit of a side.
	Bounty     map[string]int
	SideBounty map[string]int
	Salvage    SalvageRules
	// Objectives are hexes worth victory points to a side holding them.
	Objectives []Objective
	// InitiativeEachTurn: every game turn after the first starts with a
	// new initiative roll (Dreaded Duty, 000 line 2325).
	InitiativeEachTurn bool
	// Scavenging: units may leave by any edge and come back on the hex
	// they left by after a full turn away (000 lines 2389–2393; SC6).
	Scavenging bool
	// Left is the game turn each unit came off the map by a scenario exit
	// (scavenging units wait for their return).
	Left map[string]int
	// EndWhenSalvageGone ends the battle once no salvage counter lies on
	// the map or is carried by a unit on it (000 line 2399; SC8).
	EndWhenSalvageGone bool
	// Stranded: units of this side still on the map when the battle ends
	// are captured, their cost (once) to the enemy (000 line 2493; SC11);
	// Captives are the units so captured. EndWhenLiftedOff: the battle
	// ends once that side has no DropShip left in it.
	Stranded         string
	Captives         map[string]bool
	EndWhenLiftedOff string
}

// Reinforcement is a group of a side's units that enters the map at an
// edge: on game turn Turn, or — when Roll is set — from Turn on, once the
// side rolls Roll or more on 2D6 at the start of its player turn (SC2).
type Reinforcement struct {
	Side  string
	Edge  Edge
	Turn  int
	Roll  int
	Units []Unit // Hex is each unit's entry hex, on Edge
	// Released: the group may enter (its turn came, or the roll
	// succeeded).
	Released bool
}

// ExitAward gives a side VP for each of its ground units that leaves the
// map by Edge (NoEdge: any edge); MechsOnly counts only 'Mech lances.
// Such a unit is withdrawn, never captured (SC4). Space: instead, for
// each unit carried off aboard a DropShip that lifted off (No Profit in
// Dying, 000 line 2489); PerMech: VP for each 'Mech of the lance, four
// (five with an Extra 'Mech chit), not for the counter (SC11).
type ExitAward struct {
	Side      string
	Edge      Edge
	VP        int
	MechsOnly bool
	Space     bool
	PerMech   bool
}

// worth is what the award gives for unit u.
func (e ExitAward) worth(u *Unit) int {
	if e.Side != u.Side || (e.MechsOnly && u.Class.Kind() != KindMech) {
		return 0
	}
	if !e.PerMech {
		return e.VP
	}
	n := 4
	if u.Chits.ExtraMech {
		n++
	}
	return n * e.VP
}

// SalvageRules change what salvage counters are worth (000 lines 2157,
// 2303–2307, 2397, 2491).
type SalvageRules struct {
	// VP per counter: SalvageVP unless Set.
	VP  int
	Set bool
	// ExitedOnly: a counter counts only once carried off the map.
	ExitedOnly bool
	// LeftTo: the side that scores the counters still lying on the map at
	// the end, whoever holds the field.
	LeftTo string
	// CarrierLeaves: counters a destroyed carrier leaves (0: the usual
	// one, ruling V15).
	CarrierLeaves int
}

// Objective is a hex worth VP to Side when, at the end, one of its active
// units stands in it and no enemy's does (SC9).
type Objective struct {
	Side string
	Hex  hex.Hex
	VP   int
}

// clone returns a deep copy (nil stays nil).
func (r *ScenarioRules) clone() *ScenarioRules {
	if r == nil {
		return nil
	}
	c := *r
	c.Reinforcements = slices.Clone(r.Reinforcements)
	for i := range c.Reinforcements {
		c.Reinforcements[i].Units = cloneUnits(r.Reinforcements[i].Units)
	}
	c.Exits = slices.Clone(r.Exits)
	c.Bounty = maps.Clone(r.Bounty)
	c.SideBounty = maps.Clone(r.SideBounty)
	c.Objectives = slices.Clone(r.Objectives)
	c.Left = maps.Clone(r.Left)
	c.Captives = maps.Clone(r.Captives)
	return &c
}

// salvageVP is what one salvage counter is worth in this battle.
func (s *State) salvageVP() int {
	if s.Scenario != nil && s.Scenario.Salvage.Set {
		return s.Scenario.Salvage.VP
	}
	return SalvageVP
}

// toCome counts side's units in reinforcement groups not yet on the map
// (0 for no side).
func (s *State) toCome(side string) int {
	n := 0
	if r := s.Scenario; r != nil && side != "" {
		for _, g := range r.Reinforcements {
			if g.Side == side {
				n += len(g.Units)
			}
		}
	}
	return n
}

// scenarioPending reports whether side still has units to come: a
// reinforcement not yet arrived or a scavenging unit waiting to return.
// Such a side has not left the battle (SC3).
func (s *State) scenarioPending(side string) bool {
	r := s.Scenario
	if r == nil {
		return false
	}
	for _, g := range r.Reinforcements {
		if g.Side == side && len(g.Units) > 0 {
			return true
		}
	}
	if sd := s.Side(side); sd != nil && sd.Retreating {
		return false
	}
	for id := range r.Left {
		if u := s.Unit(id); u != nil && u.Side == side && u.Status == Withdrawn {
			return true
		}
	}
	return false
}

// StartWithDice is Start for a battle whose scenario throws dice at the
// start of a player turn (a reinforcement roll, SC2): Start has no dice,
// so the first player turn's rolls are made here.
func StartWithDice(s *State, d *dice.Dice) (*State, []Event, error) {
	next, events, err := Start(s)
	if err != nil || next.Scenario == nil {
		return next, events, err
	}
	b := &battle{s: next, d: d, side: next.PhasingSide().ID, events: events}
	if err := b.scenarioArrivals(); err != nil {
		return s, nil, err
	}
	return b.s, b.events, nil
}

// scenarioNewTurn runs between player turns, before the next one
// begins: at the start of a game turn after the first, a new initiative
// roll when the scenario asks for one (SC5).
func (b *battle) scenarioNewTurn() error {
	r := b.s.Scenario
	if r == nil || !r.InitiativeEachTurn || b.s.Turn < 2 || b.s.Phasing != 0 {
		return nil
	}
	return b.rollInitiativeAgain()
}

// rollInitiativeAgain: each side rolls 2D6, the highest moves first,
// ties roll again (000 line 2325; SC5).
func (b *battle) rollInitiativeAgain() error {
	w, err := b.initiative(2)
	if err != nil {
		return err
	}
	b.s.Phasing = 0
	b.emit(Event{Type: "initiative", Text: fmt.Sprintf("%s wins the initiative for turn %d and moves first", w.Name, b.s.Turn)})
	return nil
}

// scenarioArrivals brings on the phasing side's reinforcements that are
// due and its scavenging units whose wait is over, once its player turn
// has begun (they may move at once).
func (b *battle) scenarioArrivals() error {
	s := b.s
	if s.Scenario == nil {
		return nil
	}
	side := s.PhasingSide().ID
	for gi := range s.Scenario.Reinforcements {
		g := &s.Scenario.Reinforcements[gi]
		if g.Side != side || len(g.Units) == 0 || s.Turn < g.Turn {
			continue
		}
		if !g.Released && g.Roll > 0 {
			if b.d == nil {
				continue // Start throws no dice: StartWithDice rolls
			}
			r := b.s.Scenario
			g = &r.Reinforcements[gi]
			roll, err := b.roll(fmt.Sprintf("reinforcements for %s", side), 2, nil)
			if err != nil {
				return err
			}
			if roll < g.Roll {
				b.emit(Event{Type: "reinforcements", Roll: intp(roll), Result: strp("not yet"),
					Text: fmt.Sprintf("reinforcements for %s do not come this turn (rolled %d, need %d)", s.Side(side).Name, roll, g.Roll)})
				continue
			}
			g.Released = true
			b.emit(Event{Type: "reinforcements", Roll: intp(roll), Result: strp("arrive"),
				Text: fmt.Sprintf("reinforcements for %s arrive (rolled %d)", s.Side(side).Name, roll)})
		}
		if err := b.bringOn(gi); err != nil {
			return err
		}
	}
	return b.returnScavengers(side)
}

// bringOn places the group's units at their entry hexes, or at the
// nearest hex of the same edge where they may stand (SC2); a unit with
// no room waits for the side's next turn.
func (b *battle) bringOn(gi int) error {
	r := b.s.Scenario
	g := &r.Reinforcements[gi]
	g.Released = true
	var waiting []Unit
	for _, u := range g.Units {
		h, ok := b.entryHex(&u, u.Hex, g.Edge)
		if !ok {
			waiting = append(waiting, u)
			continue
		}
		if err := b.arrive(u, h, "enters"); err != nil {
			return err
		}
	}
	g.Units = waiting
	return nil
}

// entryHex is want, or else the nearest hex along edge where u may stand.
// The hexes are tried nearest first, so the enemy's hidden units filling
// one nearer than where u enters are revealed (tryStand). Where u was
// due is its side's secret (the scenario's reinforcements), so the enemy
// cannot tell that it came in elsewhere: its own hidden units stay hidden.
func (b *battle) entryHex(u *Unit, want hex.Hex, edge Edge) (hex.Hex, bool) {
	var cands []hex.Hex
	m := b.s.Map
	for x := 0; x < m.Width; x++ {
		for y := 0; y < m.Height; y++ {
			if h := (hex.Hex{X: x, Y: y}); OnEdge(m, h, edge) && h != want {
				cands = append(cands, h)
			}
		}
	}
	sort.SliceStable(cands, func(i, j int) bool { return hex.Distance(want, cands[i]) < hex.Distance(want, cands[j]) })
	for _, h := range append([]hex.Hex{want}, cands...) {
		if b.tryStand(u, h, false) {
			return h, true
		}
	}
	return hex.Hex{}, false
}

// arrive puts u on the map at h, ready to move this player turn.
// Coming onto the map is entering h: surrendered units there are
// captured or righted, mines go off and the enemy's hiding infantry is
// revealed and may attack; mines or infantry stop u (rulings SC2, M14).
func (b *battle) arrive(u Unit, h hex.Hex, verb string) error {
	s := b.s
	u.Status, u.Hex, u.StartHex, u.Hidden = Active, h, h, false
	u.Moved, u.Attacked, u.Overburning, u.Overrun = false, false, false, nil
	u.MPLeft = weatherMP(s, &u, u.CurrentMP())
	i := sort.Search(len(s.Units), func(i int) bool { return s.Units[i].ID >= u.ID })
	if i < len(s.Units) && s.Units[i].ID == u.ID {
		s.Units[i] = &u // a scavenger coming back
	} else {
		s.Units = slices.Insert(s.Units, i, &u)
	}
	b.emit(Event{Type: "arrive", Unit: u.ID, Side: u.Side, Hex: hexp(h), Audience: []string{u.Side},
		Text: fmt.Sprintf("%s %s the map at %s", u.ID, verb, h)})
	on := b.unit(u.ID) // the roll's own copy, which meet and the halt change
	halt, err := b.meet(on, h)
	if halt {
		b.halt(on)
	}
	return err
}

// returnScavengers brings back the side's units that left the map under
// the scavenging rule a full game turn ago, on the hex they left by, if
// they may stand there (000 line 2389; SC6).
func (b *battle) returnScavengers(side string) error {
	s := b.s
	if s.Scenario == nil || !s.Scenario.Scavenging || s.Side(side).Retreating {
		return nil
	}
	var ids []string
	for id, turn := range s.Scenario.Left {
		if u := s.Unit(id); u != nil && u.Side == side && u.Status == Withdrawn && s.Turn >= turn+2 {
			ids = append(ids, id)
		}
	}
	sort.Strings(ids)
	for _, id := range ids {
		u := s.Unit(id)
		// Its return is due where everyone saw it leave, and the map
		// shows it back to all: hidden units of either side that alone
		// keep it away are revealed (ruling M12).
		if !b.tryStand(u, u.Hex, true) {
			b.emit(Event{Type: "arrive", Unit: u.ID, Side: side, Audience: []string{side},
				Text: fmt.Sprintf("%s cannot come back: %s is blocked", u.ID, u.Hex)})
			continue
		}
		r := b.s.Scenario
		delete(r.Left, id)
		if err := b.arrive(*u, u.Hex, "comes back onto"); err != nil {
			return err
		}
	}
	return nil
}

// scenarioExit is the scenario's say on unit u leaving the map by the
// edge it stands on: true when the exit scores or is a scavenger's (the
// unit is withdrawn, not captured; SC4, SC6). It banks the exit's VP and
// the salvage carried off.
func (b *battle) scenarioExit(u *Unit, side *Side) bool {
	award, scavenger, ok := scenarioExitFor(b.s, u, side)
	if !ok {
		return false
	}
	r := b.s.Scenario
	vp := 0
	if award >= 0 {
		vp += r.Exits[award].worth(u)
	}
	vp += b.s.salvageVP() * u.Salvage
	carried := u.Salvage
	u.Salvage = 0
	side.VP += vp
	if scavenger {
		if r.Left == nil {
			r.Left = map[string]int{}
		}
		r.Left[u.ID] = b.s.Turn
	}
	text := fmt.Sprintf("%s leaves the map at %s", u.ID, u.Hex)
	if carried > 0 {
		text += fmt.Sprintf(" with %d salvage", carried)
	}
	if vp != 0 {
		text += fmt.Sprintf(": %d VP to %s", vp, side.Name)
	}
	b.emit(Event{Type: "exit", Unit: u.ID, Hex: hexp(u.Hex), Audience: []string{u.Side}, Text: text})
	return true
}

// scenarioExitFor finds the scenario's exit that u leaving by the edge it
// stands on takes (award, −1 for none) and whether it leaves as a
// scavenger; ok when either lets it go (scenarioExit). It changes nothing.
func scenarioExitFor(s *State, u *Unit, side *Side) (award int, scavenger, ok bool) {
	r := s.Scenario
	if r == nil {
		return -1, false, false
	}
	award = -1
	for i, e := range r.Exits {
		if e.Space || e.Side != u.Side || (e.MechsOnly && u.Class.Kind() != KindMech) {
			continue
		}
		if e.Edge == NoEdge || OnEdge(s.Map, u.Hex, e.Edge) {
			award = i
			break
		}
	}
	scavenger = r.Scavenging && !side.Retreating
	return award, scavenger, award >= 0 || scavenger
}

// carrierLeaves is how many salvage counters destroyed unit u leaves,
// given the usual count n (ruling V15; The Pounce leaves two, SC7).
func (s *State) carrierLeaves(u *Unit, carried, n int) int {
	if s.Scenario != nil && carried > 0 && s.Scenario.Salvage.CarrierLeaves > 0 {
		return s.Scenario.Salvage.CarrierLeaves
	}
	return n
}

// scenarioEndReason says why the scenario ends the battle now, or "".
func (s *State) scenarioEndReason() string {
	r := s.Scenario
	if r == nil {
		return ""
	}
	if r.EndWhenLiftedOff != "" {
		ships, left := 0, 0
		for _, u := range s.Units {
			if u.Side == r.EndWhenLiftedOff && u.Class.Kind() == KindDropShip {
				ships++
				if u.Status.OnMap() || u.Status == Reserve {
					left++
				}
			}
		}
		if ships > 0 && left == 0 {
			return fmt.Sprintf("%s DropShips have gone", english.Possessive(s.Side(r.EndWhenLiftedOff).Name))
		}
	}
	if !r.EndWhenSalvageGone {
		return ""
	}
	if len(s.Salvage) > 0 {
		return ""
	}
	for i := range s.Units {
		if u := s.Units[i]; u.Status.OnMap() && u.Salvage > 0 {
			return ""
		}
	}
	return "every salvage counter has been carried off the map"
}

// strand captures, at the end of the battle, the units of the side the
// scenario leaves without transport (SC11): its ground units and
// DropShips on the map, and the units aboard DropShips that have not
// lifted off. Air lances fly off by themselves.
func (b *battle) strand() {
	r := b.s.Scenario
	if r == nil || r.Stranded == "" {
		return
	}
	var ids []string
	for _, u := range b.s.Units {
		aboard := u.Status == Reserve && u.Aboard != ""
		if u.Side == r.Stranded && (u.Status.OnMap() || aboard) && u.Class.Kind() != KindAir {
			ids = append(ids, u.ID)
		}
	}
	if len(ids) == 0 {
		return
	}
	r = b.s.Scenario
	if r.Captives == nil {
		r.Captives = map[string]bool{}
	}
	for _, id := range ids {
		// A DropShip's capture takes those aboard with it.
		if u := b.s.Unit(id); u.Status != Captured {
			b.capture(u, "it was left behind without transport")
		}
		r.Captives[id] = true
	}
}

// scenarioVictoryPoints is VictoryPoints under scenario rules: as ruling
// V8, with the salvage rules, bounties, exit awards (banked in Side.VP)
// and objectives of the scenario.
func (s *State) scenarioVictoryPoints() map[string]*VPCauses {
	r := s.Scenario
	vp, enemies := s.vpTally()
	salvage := s.salvageVP()
	for _, u := range s.Units {
		switch u.Status {
		case Destroyed:
			enemies(u, vpDestroyed, u.Cost()+r.Bounty[u.ID]+r.SideBounty[u.Side])
		case Captured:
			n := 2 * u.Cost()
			if r.Captives[u.ID] {
				n = u.Cost()
			}
			enemies(u, vpCaptured, n)
			if !r.Salvage.ExitedOnly {
				enemies(u, vpSalvage, salvage*u.Salvage)
			}
		case Withdrawn, Broken:
			vp[u.Side].Salvage += salvage * u.Salvage
			if u.Status == Withdrawn && u.Aboard != "" {
				for _, e := range r.Exits {
					if e.Space {
						vp[u.Side].Awards += e.worth(u)
					}
				}
			}
		default:
			// A counter held on the map by the side that scores the ones
			// left there is still on the map (SC7).
			if !r.Salvage.ExitedOnly || u.Side == r.Salvage.LeftTo {
				vp[u.Side].Salvage += salvage * u.Salvage
			}
		}
	}
	n := 0
	for _, c := range s.Salvage {
		n += c
	}
	switch field := s.SidesInField(); {
	case r.Salvage.LeftTo != "":
		vp[r.Salvage.LeftTo].Salvage += salvage * n
	case !r.Salvage.ExitedOnly && len(field) == 1:
		vp[field[0]].Salvage += salvage * n
	}
	for _, o := range r.Objectives {
		held, contested := false, false
		for _, u := range s.UnitsAt(o.Hex, true) {
			if u.Status != Active {
				continue
			}
			if u.Side == o.Side {
				held = true
			} else {
				contested = true
			}
		}
		if held && !contested {
			vp[o.Side].Awards += o.VP
		}
	}
	return vp
}

// checkScenario returns the broken invariants of the scenario rules.
func (s *State) checkScenario() []error {
	r := s.Scenario
	if r == nil {
		return nil
	}
	var errs []error
	for _, g := range r.Reinforcements {
		if s.Side(g.Side) == nil {
			errs = append(errs, fmt.Errorf("reinforcements for unknown side %q", g.Side))
		}
		for _, u := range g.Units {
			if s.Unit(u.ID) != nil {
				errs = append(errs, fmt.Errorf("reinforcement %s is also on the battle's roll", u.ID))
			}
			if u.Side != g.Side {
				errs = append(errs, fmt.Errorf("reinforcement %s of %s is in %s's group", u.ID, u.Side, g.Side))
			}
		}
	}
	var left []string
	for id, turn := range r.Left {
		u := s.Unit(id)
		switch {
		case u == nil:
			errs = append(errs, fmt.Errorf("unit %s left the map but is not in the battle", id))
		case u.Status.OnMap() && turn > 0:
			left = append(left, id)
		}
	}
	if len(left) > 0 {
		sort.Strings(left)
		errs = append(errs, fmt.Errorf("units %s are on the map and waiting to return", strings.Join(left, ", ")))
	}
	return errs
}
