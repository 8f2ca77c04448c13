package campaign

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"bfbot/mapgen"
	"bfbot/referee"
)

// AIOrders gives side's strategic orders for the turn as the built-in AI
// commander would, reading nothing but View(c, side), so it knows what a
// player of that side would know and no more. The orders are meant to be
// given in order with GiveOrder (a split comes before the orders of the
// battlegroup it makes, which gets the side's NextBattlegroup ID). The
// same campaign, side and seed give the same orders.
//
// The plan weighs the odds (aiEnemy estimates the enemy's strength in
// each sector, in the terms aiWorth weighs the side's own battlegroups):
// the side buys reinforcements when the roll and its victory points
// allow; the RBG stays where it is in a prepared position and never
// lifts off, keeps a garrison (aiGarrison) and takes in air lances and
// remnants too weak to fight alone (aiWeak); the other battlegroups
// gather into one main body, which marches; when none can, the RBG
// sends out a sortie. A side that can afford it makes one light lance a
// recon unit that runs ahead and searches where it stands alone. The
// main body moves into a sector where it is stronger than the enemy it expects
// there by aiOdds (half the time it waits instead for an enemy it found
// next door, aiEstimate, always when it stands with its RBG, aiAtHome;
// an enemy known only by his search, maybe a recon unit's, is never
// waited for and draws it off its way to nothing else), else
// one sector toward its targets (aiTargets: such fights, then the
// objective sectors it does not hold, then the sectors
// it has not cleared, the enemy's end of the map first), never into a
// sector where it would be outmatched and round it when it can
// (aiRoute), and holds a prepared position where it stays. Near the
// last objective sector to take, with no enemy expected beside it or
// what the side holds, it presses on to it (aiPress): a fight off its
// way no longer draws it aside. When its ground battlegroups can stand, one each, on
// every objective sector it does not hold this turn, they go there
// (aiClosing): holding them all meets the campaign objectives (ruling
// CB14) when one of them is a sector the enemy held at the start, which
// the side's view does not tell it; otherwise it is a step toward them. Marching on the objectives, a main body too weak to fight alone
// goes home only when it expects an enemy next to it that outmatches it.
// It searches where it ends only with the odds (aiSearchOdds; a search
// is what makes contact, 000 line 2601), and, marching on the
// objectives, on them, where it expects the enemy, or, when the turns
// are running out (aiRunningOut), on its way off the enemy's end of the
// map, where his RBG stands; outmatched it stays hidden. A battlegroup
// alone on an objective sector the side holds stays there while the
// enemy may take it next turn (aiKeep). An air-only battlegroup never seeks
// contact: when the side can pay, its lances become recon units, which
// may not be attacked, and fly to the main body or the RBG to join it
// (aiAirRecon); otherwise it ends
// where no enemy it expects can reach it next turn (aiReach: an
// objective nobody has scored draws the enemy next to it), or, with no
// such sector, where the least can, the nearest way to the main body or
// the RBG first. A battlegroup next to an enemy that stands where the
// side's own battlegroups do (its RBG, say) goes there. In-orbit 'Mechs
// wait until the side has intel of the enemy and then drop on the best
// fight they can win (and may drop into a battle in progress,
// AIBattleDrops), or, with no such fight by turn aiDropWait, drop where
// the side is strongest on its way to its targets.
//
// In the search step of a turn with drops (PhaseSearches) the AI searches
// every sector where an enemy dropped and one of its battlegroups stands,
// unless it searches there already.
func AIOrders(c *Campaign, side string, seed uint64) []Order {
	v := View(c, side)
	if c.Phase == PhaseSearches {
		return aiSearchAnswers(v)
	}
	return aiOrders(v, seed)
}

// aiSearchAnswers are the AI's searches in answer to this turn's drops.
func aiSearchAnswers(v SideView) []Order {
	var searches []int
	for _, sec := range v.Sectors {
		if in := sec.Intel; in != nil && in.Drop && in.Turn == v.Turn && len(sec.Own) > 0 && !slices.Contains(v.Own.Orders.Searches, sec.ID) {
			searches = append(searches, sec.ID)
		}
	}
	if len(searches) == 0 {
		return nil
	}
	return []Order{{Kind: OrderSearch, Sectors: searches}}
}

// aiBattlegroup is the AI's working copy of one battlegroup.
type aiBattlegroup struct {
	ID       int
	Sector   int
	RBG      bool
	Recon    bool
	Rate     int
	Prepared bool
	Mechs    bool // every unit a 'Mech lance (may drop)
	Air      bool // every unit an air lance
	Ships    bool // holds DropShips, which keep an RBG where it stands
	Units    []string
	end      int
	worth    *aiWorth
}

// strength is the battlegroup's strength (aiWorth).
func (b *aiBattlegroup) strength() float64 { return b.worth.units(b.Units) }

func aiOrders(v SideView, seed uint64) []Order {
	s := v.Own
	if s == nil || v.Phase != PhaseOrders || v.Map == nil {
		return nil
	}
	rng := rand.New(rand.NewPCG(seed, uint64(v.Turn)))
	worth := newAIWorth(s)
	var bgs []*aiBattlegroup
	for i := range s.Battlegroups {
		b := &s.Battlegroups[i]
		ab := &aiBattlegroup{ID: b.ID, Sector: b.Sector, RBG: b.RBG, Recon: b.Recon(), Rate: StrategicRate(s, b),
			Prepared: b.Prepared, Mechs: true, Air: true, Ships: holdsDropShips(s, b), Units: b.Units, end: b.Sector, worth: worth}
		for _, id := range b.Units {
			u := s.Unit(id)
			ab.Mechs = ab.Mechs && u != nil && u.Lance.Class.Kind() == referee.KindMech
			ab.Air = ab.Air && u != nil && u.Lance.Class.Kind() == referee.KindAir
		}
		bgs = append(bgs, ab)
	}
	// Reinforcements join the RBG at once (000 line 2712), before it
	// plans: a unit not yet in play as itself; a destroyed one's new
	// counter, whose ID is not known yet, counts from next turn. None in
	// the campaign's last turn: no battle is left for them and the
	// points they cost are the score.
	var orders []Order
	vp := s.VP // left to spend
	var buy []string
	if !v.lastTurn() {
		buy = aiReinforcements(s)
	}
	if len(buy) > 0 {
		orders = append(orders, Order{Kind: OrderBuy, Units: buy})
		for _, id := range buy {
			vp -= s.Unit(id).Lance.Cost()
		}
		if rbg := aiRBG(bgs); rbg != nil {
			for _, id := range buy {
				if s.Unit(id).Status == UnitAvailable {
					rbg.Units = append(slices.Clone(rbg.Units), id)
				}
			}
		}
	}
	orders = append(orders, aiMerge(&bgs)...)
	// Each split's battlegroup gets the side's next ID, in the order the
	// splits are given.
	next := s.NextBattlegroup
	// The scout first: air lances made recon units to fly home are not
	// scouts (aiScout), and with them listed aiRecon would make none.
	orders = append(orders, aiRecon(s, &bgs, &vp, &next)...)
	orders = append(orders, aiAirRecon(v, &bgs, &vp, &next)...)
	orders = append(orders, aiSortie(s, &bgs, &next)...)
	scout := aiScout(bgs)

	enemy, found := aiEstimate(v, worth)
	seen := aiSeen(v, bgs, enemy)
	unheld := aiUnheld(v)
	// Pressing on to the last objective sector (aiPress), the
	// battlegroups march on it: a fight on the way is welcome, but none
	// draws them off it.
	press := aiPress(v, bgs, unheld, enemy)
	targets, objectives := aiTargets(v, bgs, seen, unheld, aiCleared(v, enemy), press)
	dist := aiDistances(v, targets)
	closing := aiClosing(v, bgs, unheld, enemy)
	// own is the strength the side will have in each sector after
	// movement, as far as it has planned: battlegroups that stay count
	// from the start, each move as it is decided.
	own := map[int]float64{}
	for _, b := range bgs {
		if !b.Recon && b.Sector != 0 && !aiMobile(b) {
			own[b.Sector] += b.strength()
		}
	}
	// The battlegroups gather on the biggest, which waits for those
	// near, and then march together: it decides first, the others head
	// for where it ends.
	// A main battlegroup too weak to fight on its own goes home to the
	// RBG, and the others with it.
	main := aiMain(bgs)
	var toRBG map[int]int
	rbg := aiRBG(bgs)
	if rbg != nil {
		toRBG = aiDistances(v, []int{rbg.Sector})
	}
	guard := aiGuard(bgs, main, toRBG)
	gather := aiGathering(v, bgs, main, guard)
	// Marching on the objectives, it goes home only when it expects an
	// enemy next to it that outmatches it (aiThreatened): what it takes
	// unopposed it holds as well as a battalion would.
	homing := main == nil || aiWeak(main) && toRBG != nil && (!objectives || aiThreatened(v, main, enemy))
	var toMain map[int]int
	for _, b := range aiMainFirst(bgs, main) {
		if b != main && toMain == nil && main != nil {
			toMain = aiDistances(v, []int{main.end})
		}
		if homing {
			toMain = toRBG
		}
		switch {
		case b.Air && !b.Ships && !b.Recon && b.Sector != 0:
			// Air lances alone harm nobody on the ground: they join the
			// main battlegroup (or the RBG), never seeking contact on
			// their way, and end only where no enemy they expect can
			// reach them next turn (aiReach), nor where they last saw
			// one (aiWary). So does an RBG left with
			// air lances alone and no DropShips to guard: holding, it
			// would be caught turn after turn in battles it cannot win
			// nor lose.
			b.end = aiStep(v, b, aiReach(v, aiWary(v, worth, enemy)), own, toMain, nil)
			own[b.Sector] -= b.strength()
			own[b.end] += b.strength()
			if b.end != b.Sector {
				orders = append(orders, Order{Kind: OrderMove, Battlegroup: b.ID, Sectors: []int{b.end}})
			}
		case b.RBG || b.Air && !b.Recon:
			if !b.Prepared && b.Sector != 0 {
				orders = append(orders, Order{Kind: OrderHold, Battlegroup: b.ID})
			}
		case b.Sector == 0:
			if drop := aiDropTarget(v, b, enemy, own); b.Mechs && drop != 0 {
				b.end = drop
				own[drop] += b.strength()
				orders = append(orders, Order{Kind: OrderDrop, Battlegroup: b.ID, Sectors: []int{drop}})
			}
		case b.Recon && b != scout && toMain != nil:
			// A recon unit besides the scout joins the main body or
			// the RBG (aiMerge, next turn); it passes enemies unseen.
			if path := aiPath(v, toMain, b, rng); len(path) > 0 {
				b.end = path[len(path)-1]
				orders = append(orders, Order{Kind: OrderMove, Battlegroup: b.ID, Sectors: path})
			}
		case b.Recon:
			if path := aiPath(v, dist, b, rng); len(path) > 0 {
				b.end = path[len(path)-1]
				orders = append(orders, Order{Kind: OrderMove, Battlegroup: b.ID, Sectors: path})
			}
		default:
			if t, ok := closing[b]; ok {
				b.end = t
				own[b.end] += b.strength()
				if b.end != b.Sector {
					orders = append(orders, Order{Kind: OrderMove, Battlegroup: b.ID, Sectors: []int{b.end}})
				} else if !b.Prepared {
					orders = append(orders, Order{Kind: OrderHold, Battlegroup: b.ID})
				}
				continue
			}
			d := dist
			switch {
			case homing:
				d = toRBG
			case aiKeep(v, b, bgs, enemy, own):
				d = map[int]int{b.Sector: 0}
			case b == main && gather:
				d = map[int]int{b.Sector: 0}
			case b == guard:
				d = toRBG
			case b != main:
				d = toMain
			default:
				d = aiRoute(v, b, targets, enemy)
			}
			lure := found
			if press {
				lure = nil
			}
			b.end = aiStep(v, b, enemy, own, d, lure)
			// Two sides that found each other next door would swap
			// sectors turn after turn if both marched: half the time
			// the AI waits for the enemy where it stands instead;
			// never when its own battlegroups stand or are bound there
			// (an RBG holding DropShips cannot leave it, 000 line 2547).
			// Standing with its RBG it always waits (aiAtHome): the
			// enemy marching on it meets the RBG too, and a move would
			// leave the RBG to meet him alone. It waits only for an
			// enemy it found (aiEstimate): one it knows of by his
			// search alone may be a recon unit, which never comes to
			// fight. In the campaign's last turn no turn is left to
			// wait in.
			if b.end != b.Sector && found[b.end] && own[b.end] == 0 && !v.lastTurn() && aiStepScore(b, b.Sector, enemy, own, d, nil) > -1000 && (aiAtHome(b, rbg) || rng.IntN(2) == 0) {
				b.end = b.Sector
			}
			own[b.end] += b.strength()
			if b.end == b.Sector {
				if !b.Prepared {
					orders = append(orders, Order{Kind: OrderHold, Battlegroup: b.ID})
				}
				continue
			}
			orders = append(orders, Order{Kind: OrderMove, Battlegroup: b.ID, Sectors: []int{b.end}})
		}
	}
	// Search where the scout ends alone (it never fights, 000 line
	// 2583, so its search only tells; beside the side's battlegroups it
	// would make contact for them), or where a ground battlegroup ends
	// with the odds (aiSearchOdds), marching on the objectives only on
	// one, where it expects the enemy, or, when the turns are running
	// out (aiRunningOut), outside the enemy's end of the map (aiEnds):
	// there a blind fight may be with his RBG in its prepared
	// position, which set up at his end and, holding DropShips, cannot
	// leave it (000 lines 2547, 2559); elsewhere it is with his
	// battlegroups on their way, whom two sides marching on each
	// other's objectives meet halfway; never from the RBG or
	// an air-only battlegroup, which stay hidden by not searching (000
	// line 2599), nor from a recon unit on its way to join them.
	home, far := aiEnds(v, bgs)
	onTheWay := home >= 0 && aiRunningOut(v)
	var searches []int
	for _, b := range bgs {
		_, known := enemy[b.end]
		ok := b == scout && own[b.end] == 0 || !b.RBG && !b.Air && !b.Recon && b.end != 0 && aiSearchOdds(worth, own[b.end], enemy, b.end) &&
			(!objectives || known || dist[b.end] == 0 || closing[b] != 0 || onTheWay && v.Map.ByID(b.end).Col != far)
		if ok && b.end != 0 && !slices.Contains(searches, b.end) {
			searches = append(searches, b.end)
		}
	}
	slices.Sort(searches)
	if len(searches) > 0 {
		orders = append(orders, Order{Kind: OrderSearch, Sectors: searches})
	}
	return append(orders, Order{Kind: OrderReady})
}

// aiGarrison is the strength, in typical units (aiWorth), the AI keeps
// with its RBG, which stays put: a battalion's, the RBG's own trucks
// and DropShips counted in it (strength counts every unit), with the prepared position the defender's
// advantages (004 line 107), so that no battalion the enemy sends takes
// it cheaply.
const aiGarrison = aiBattalion

// aiRBG is the side's RBG on the ground, nil when it is in orbit or
// gone.
func aiRBG(bgs []*aiBattlegroup) *aiBattlegroup {
	for _, b := range bgs {
		if b.RBG && b.Sector != 0 {
			return b
		}
	}
	return nil
}

// aiGuard is the battlegroup that goes to the RBG to make up its
// garrison: the one nearest it (the lowest ID among equals) other than
// the main one; nil when the RBG has its garrison or is in orbit.
func aiGuard(bgs []*aiBattlegroup, main *aiBattlegroup, toRBG map[int]int) *aiBattlegroup {
	if rbg := aiRBG(bgs); rbg == nil || rbg.strength() >= aiGarrison*rbg.worth.typical {
		return nil
	}
	var guard *aiBattlegroup
	for _, b := range bgs {
		if d, ok := toRBG[b.Sector]; aiMobile(b) && b != main && ok && (guard == nil || d < toRBG[guard.Sector]) {
			guard = b
		}
	}
	return guard
}

// aiAtHome reports whether b stands with the side's RBG (rbg, nil when
// it has none on the ground). With an enemy next door it waits there
// rather than march on him: an RBG holding DropShips cannot leave (000
// line 2547), and the enemy, who marches on the objective sectors it
// does not hold (aiTargets) and the RBG often stands on, would meet the
// RBG alone in the sector it left, each side taking what the other
// left. Waiting, it meets the enemy with the RBG in its prepared
// position; an enemy that does not come marches on elsewhere, its own
// wait being only half the time. The AI's RBG holds its sector (but an
// RBG of air lances alone, which joins the main body), so where it
// stands is where it ends the turn; the RBG itself never reaches this
// question.
func aiAtHome(b, rbg *aiBattlegroup) bool {
	return rbg != nil && b.Sector == rbg.Sector
}

// aiRunningOut reports whether the campaign's turns are running out:
// fewer are left after this one than the map has columns, the march
// from one end to the other. With turns to spare the sides meet where
// they march, on the objectives and the fights they know of; without,
// a battlegroup marching on the objectives searches on its way too.
func aiRunningOut(v SideView) bool {
	return v.LastTurn > 0 && v.LastTurn-v.Turn < v.Map.Cols
}

// aiKeep reports whether b stays on the objective sector it stands on:
// the side holds it, none of its other battlegroups stays there, and the
// enemy may take it next turn: it expects him in it or next to it, or,
// in the first turn, his end of the map (aiEnds), where he set up (000
// line 2559), lies next to it; but not when an enemy it expects there
// would outmatch b (aiOdds): a hopeless stand. A sector stays held until
// the enemy stands there alone (ruling CB14), and one the enemy takes
// may end the campaign at once; on a small map his battlegroups march
// on it in their first move. Stood on, it makes him fight for it.
func aiKeep(v SideView, b *aiBattlegroup, bgs []*aiBattlegroup, enemy, own map[int]float64) bool {
	i := slices.IndexFunc(v.Sectors, func(sec SectorView) bool { return sec.ID == b.Sector })
	if i < 0 || !v.Sectors[i].Held || len(v.Map.ByID(b.Sector).Objectives) == 0 || own[b.Sector] > 0 {
		return false
	}
	home, far := aiEnds(v, bgs)
	threat := false
	for _, near := range append([]int{b.Sector}, v.Map.Neighbors(b.Sector)...) {
		if enemy[near] > aiOdds*b.strength() {
			return false
		}
		threat = threat || enemy[near] > 0 || v.Turn == 1 && home >= 0 && v.Map.ByID(near).Col == far
	}
	return threat
}

// aiThreatened reports whether b expects an enemy it would not beat by
// aiOdds in its sector or one next to it.
func aiThreatened(v SideView, b *aiBattlegroup, enemy map[int]float64) bool {
	for _, sec := range append([]int{b.Sector}, v.Map.Neighbors(b.Sector)...) {
		if b.strength() < aiOdds*enemy[sec] {
			return true
		}
	}
	return false
}

// aiWeak reports a battlegroup too weak to seek a fight on its own
// against a battalion of typical units (aiWorth): it goes home to the
// RBG instead.
func aiWeak(b *aiBattlegroup) bool {
	return b.strength() < aiBattalion*b.worth.typical
}

// aiSearchOdds reports whether the side's strength in sector may search
// it: at aiOdds on the enemy it expects there, or, where it knows
// nothing, at least a battalion of typical units (a search may find more
// than it was told of).
func aiSearchOdds(w *aiWorth, strength float64, enemy map[int]float64, sector int) bool {
	if e, known := enemy[sector]; known {
		return strength >= aiOdds*e
	}
	return strength >= aiBattalion*w.typical
}

// aiGather is how far, in moves, a battlegroup may stand from the main
// one and still be waited for.
const aiGather = 3

// aiMain is the strongest battlegroup moving on the ground (the lowest
// ID among equals), on which the others gather.
func aiMain(bgs []*aiBattlegroup) *aiBattlegroup {
	var main *aiBattlegroup
	for _, b := range bgs {
		if aiMobile(b) && (main == nil || b.strength() > main.strength()) {
			main = b
		}
	}
	return main
}

// aiGathering reports that the main battlegroup waits: one of the others
// (not the guard) stands elsewhere within aiGather moves of it.
func aiGathering(v SideView, bgs []*aiBattlegroup, main, guard *aiBattlegroup) bool {
	if main == nil {
		return false
	}
	dist := aiDistances(v, []int{main.Sector})
	for _, b := range bgs {
		if d, ok := dist[b.Sector]; aiMobile(b) && b != guard && ok && d > 0 && d <= aiGather {
			return true
		}
	}
	return false
}

// aiMainFirst is bgs with main moved to the front.
func aiMainFirst(bgs []*aiBattlegroup, main *aiBattlegroup) []*aiBattlegroup {
	out := []*aiBattlegroup{}
	if main != nil {
		out = append(out, main)
	}
	for _, b := range bgs {
		if b != main {
			out = append(out, b)
		}
	}
	return out
}

// aiMobile reports a battlegroup the AI moves on the ground toward a
// fight: not the RBG, not a recon unit, not air alone, not in orbit.
func aiMobile(b *aiBattlegroup) bool {
	return !b.RBG && !b.Recon && !b.Air && b.Sector != 0
}

// aiMerge has the RBG take in the battlegroups beside it that are air
// lances, which could not fight on their own, or too weak to fight alone
// (aiWeak), and others while it has less than aiGarrison strength, never
// the biggest one (aiMain), which marches; then it combines the fighting
// battlegroups standing in the same sector into the one with the lowest
// ID, to concentrate (000 line 2579). Recon units other than the scout
// (aiScout) join the fighting battlegroup they reached; the scout and
// battlegroups in orbit stay as they are.
func aiMerge(bgs *[]*aiBattlegroup) []Order {
	var orders []Order
	scout := aiScout(*bgs)
	join := func(into *aiBattlegroup, ok func(w *aiBattlegroup) bool) {
		var with []int
		for _, w := range *bgs {
			if w == into || w == scout || w.RBG || w.Sector != into.Sector || len(w.Units) == 0 || !ok(w) {
				continue
			}
			with = append(with, w.ID)
			into.Units = append(slices.Clone(into.Units), w.Units...)
			into.Mechs = into.Mechs && w.Mechs
			into.Air = into.Air && w.Air
			into.Prepared = into.Prepared && w.Prepared
			w.Units = nil
		}
		if len(with) > 0 {
			orders = append(orders, Order{Kind: OrderMerge, Battlegroup: into.ID, With: with})
		}
	}
	main := aiMain(*bgs)
	for _, into := range *bgs {
		if into.RBG && into.Sector != 0 {
			join(into, func(w *aiBattlegroup) bool {
				return w.Air || aiWeak(w) || w != main && into.strength() < aiGarrison*into.worth.typical
			})
		}
	}
	for _, into := range *bgs {
		if !into.RBG && !into.Recon && into.Sector != 0 && len(into.Units) > 0 {
			join(into, func(w *aiBattlegroup) bool { return w.ID > into.ID || w.Recon })
		}
	}
	*bgs = slices.DeleteFunc(*bgs, func(b *aiBattlegroup) bool { return len(b.Units) == 0 })
	return orders
}

// aiStep is the sector a ground battlegroup ends in: a sector next to it
// (or its own) where it, with the side's strength planned there, beats
// the enemy strength it expects by aiOdds, the biggest such fight first,
// when it is one of the sectors lure lets draw it off its way; else the
// step toward its targets where it is not outmatched, joining its own
// battlegroups when it can; else it stays.
func aiStep(v SideView, b *aiBattlegroup, enemy map[int]float64, own map[int]float64, dist map[int]int, lure map[int]bool) int {
	best, bestScore := b.Sector, aiStepScore(b, b.Sector, enemy, own, dist, lure)
	for _, nb := range v.Map.Neighbors(b.Sector) {
		if sc := aiStepScore(b, nb, enemy, own, dist, lure); sc > bestScore {
			best, bestScore = nb, sc
		}
	}
	return best
}

// aiStepScore rates ending in sector for b: a winnable fight scores by
// the enemy it would beat (in a sector of lure; elsewhere it counts as
// any sector on the way), a sector where b would be outmatched (or any
// enemy sector, for air lances alone) never scores, the least enemy
// then the nearest the targets first, and otherwise nearer the targets
// is better, and beside the side's own battlegroups better still.
func aiStepScore(b *aiBattlegroup, sector int, enemy map[int]float64, own map[int]float64, dist map[int]int, lure map[int]bool) float64 {
	d, ok := dist[sector]
	if !ok {
		d = len(dist)
	}
	if e := enemy[sector]; e > 0 {
		if b.Air || b.strength()+own[sector] < aiOdds*e {
			// The least enemy when every way is bad, and of equal
			// ways the nearest its targets (d is less than len(dist)+1).
			return -1000 - e - float64(d)/float64(len(dist)+1)
		}
		if lure[sector] {
			return 1000 + e
		}
	}
	score := -float64(d)
	if own[sector] > 0 {
		score += 0.5
	}
	return score
}

// aiHomeGuard is how many units the RBG keeps when it sends a sortie.
const aiHomeGuard = aiBattalion

// aiSortie splits a battlegroup off the RBG to march when the side has
// none strong enough (aiWeak) on the ground: the RBG's units beyond
// aiHomeGuard that may leave it (not its DropShips and trucks, ruling
// CO2), when they make at least a battalion; a campaign is not won by
// waiting. next is the ID the next new battlegroup gets.
func aiSortie(s *Side, bgs *[]*aiBattlegroup, next *int) []Order {
	if main := aiMain(*bgs); main != nil && !aiWeak(main) {
		return nil
	}
	rbg := aiRBG(*bgs)
	if rbg == nil {
		return nil
	}
	surplus := len(rbg.Units) - aiHomeGuard
	var out []string
	for _, u := range rbg.Units {
		if unit := s.Unit(u); len(out) < surplus && unit != nil && !staysWithRBG(unit) && unit.Lance.Class.Kind() != referee.KindAir {
			out = append(out, u)
		}
	}
	if len(out) < aiBattalion {
		return nil
	}
	rbg.Units = slices.DeleteFunc(slices.Clone(rbg.Units), func(u string) bool { return slices.Contains(out, u) })
	id := *next
	*next++
	*bgs = append(*bgs, &aiBattlegroup{ID: id, Sector: rbg.Sector, Rate: 1, Prepared: rbg.Prepared, Units: out, end: rbg.Sector, worth: rbg.worth})
	return []Order{{Kind: OrderSplit, Battlegroup: rbg.ID, Units: out, Name: fmt.Sprintf("Sortie %d", id)}}
}

// aiRecon splits one light lance off a battlegroup and makes it a recon
// unit, the scout, when the side has none and can pay for +2 ESR (ruling
// CO1) from the vp it has left, which it spends. next is the ID the next
// new battlegroup gets.
func aiRecon(s *Side, bgs *[]*aiBattlegroup, vp, next *int) []Order {
	for _, b := range *bgs {
		if b.Recon {
			return nil
		}
	}
	for _, b := range *bgs {
		if b.RBG || b.Sector == 0 || len(b.Units) < 2 {
			continue
		}
		for _, id := range b.Units {
			u := s.Unit(id)
			if u == nil || (u.Lance.Class != referee.LightMech && u.Lance.Class.Kind() != referee.KindAir) {
				continue
			}
			cost := ReconCost(u.Lance, true, false)
			if cost > *vp {
				continue
			}
			*vp -= cost
			nb := &aiBattlegroup{ID: *next, Sector: b.Sector, Recon: true, Rate: 2, Units: []string{id}, end: b.Sector, worth: b.worth}
			*next++
			if u.Lance.Class.Kind() == referee.KindAir {
				nb.Rate, nb.Air = 4, true
			}
			b.Units = slices.DeleteFunc(slices.Clone(b.Units), func(x string) bool { return x == id })
			*bgs = append(*bgs, nb)
			return []Order{
				{Kind: OrderSplit, Battlegroup: b.ID, Units: []string{id}, Name: "Recon " + id},
				{Kind: OrderRecon, Battlegroup: nb.ID, ESR: true},
			}
		}
	}
	return nil
}

// aiAirRecon makes every battlegroup of air lances alone on the ground
// (not the RBG) recon units, one lance each, when the side can pay for
// +2 ESR on all of them (ruling CO1) from what vp it has left. Air lances
// alone harm nobody on the ground, and found by the enemy they fight a
// battle nobody wins (ruling AIR13); a recon unit may not be attacked
// (000 line 2583) and flies four sectors a turn, so they reach the main
// body or the RBG unharmed and join it there (aiMerge). Not in the
// campaign's last turn: no turn is left to join anyone in, and the
// points are the score. next is the ID the next new battlegroup gets.
func aiAirRecon(v SideView, bgs *[]*aiBattlegroup, vp, next *int) []Order {
	if v.lastTurn() {
		return nil
	}
	s := v.Own
	var orders []Order
	for _, b := range slices.Clone(*bgs) {
		if !b.Air || b.RBG || b.Recon || b.Sector == 0 || len(b.Units) == 0 {
			continue
		}
		cost := 0
		for _, id := range b.Units {
			cost += ReconCost(s.Unit(id).Lance, true, false)
		}
		if cost > *vp {
			continue
		}
		*vp -= cost
		lances := []*aiBattlegroup{b}
		for _, id := range b.Units[1:] {
			orders = append(orders, Order{Kind: OrderSplit, Battlegroup: b.ID, Units: []string{id}, Name: "Recon " + id})
			nb := &aiBattlegroup{ID: *next, Sector: b.Sector, Air: true, Units: []string{id}, end: b.Sector, worth: b.worth}
			*next++
			*bgs = append(*bgs, nb)
			lances = append(lances, nb)
		}
		b.Units = b.Units[:1]
		for _, l := range lances {
			l.Recon, l.Rate, l.Prepared = true, 4, false
			orders = append(orders, Order{Kind: OrderRecon, Battlegroup: l.ID, ESR: true})
		}
	}
	return orders
}

// aiScout is the side's recon unit that runs ahead and searches
// (aiRecon): the first that is no air lance, else the first; nil when it
// has none. Its other recon units join the main body or the RBG.
func aiScout(bgs []*aiBattlegroup) *aiBattlegroup {
	var scout *aiBattlegroup
	for _, b := range bgs {
		if b.Recon && (scout == nil || scout.Air && !b.Air) {
			scout = b
		}
	}
	return scout
}

// aiSeen are the sectors where the AI expects enemy battlegroups
// (aiEnemy) that all its battlegroups moving on the ground together
// would beat by aiOdds in strength: the fights worth marching to.
func aiSeen(v SideView, bgs []*aiBattlegroup, enemy map[int]float64) []int {
	mobile := 0.0
	for _, b := range bgs {
		if aiMobile(b) {
			mobile += b.strength()
		}
	}
	var seen []int
	for _, sec := range v.Sectors {
		if e := enemy[sec.ID]; e > 0 && mobile >= aiOdds*e {
			seen = append(seen, sec.ID)
		}
	}
	return seen
}

// aiDropWait is the turn from which the AI's 'Mechs in orbit join its
// main body without a fight to drop into, rather than wait on for one
// (or for a battle to drop into, AIBattleDrops).
const aiDropWait = 3

// aiDropTarget is the sector b drops into from orbit: the biggest enemy
// it expects to beat there with the side's units already planned (the
// lowest ID among equals); else, from turn aiDropWait, the sector where
// the side will have the most units and expects no enemy, to join them;
// 0 to wait in orbit.
func aiDropTarget(v SideView, b *aiBattlegroup, enemy map[int]float64, own map[int]float64) int {
	best, bestE := 0, 0.0
	for _, sec := range v.Sectors {
		e := enemy[sec.ID]
		if e > bestE && b.strength()+own[sec.ID] >= aiOdds*e {
			best, bestE = sec.ID, e
		}
	}
	if best != 0 || v.Turn < aiDropWait {
		return best
	}
	for _, sec := range v.Sectors {
		if enemy[sec.ID] == 0 && own[sec.ID] > own[best] {
			best = sec.ID
		}
	}
	return best
}

// aiTargets are the sectors the AI heads for, and whether they are the
// objectives: the last objective sector it does not hold when pressing
// on to end the campaign (press, aiPress); else those where it expects a
// fight it can win, else the
// objective sectors it does not hold (aiUnheld), else the places the
// enemy may be that it has not cleared lately (aiCleared): the far end
// of the map first, where the enemy's RBG stood at the start (000 line
// 2559), then the enemy's half, then anywhere; a campaign is not won by
// waiting.
func aiTargets(v SideView, bgs []*aiBattlegroup, seen, unheld []int, cleared map[int]bool, press bool) ([]int, bool) {
	if len(seen) > 0 && !press {
		return seen, false
	}
	if len(unheld) > 0 {
		return unheld, true
	}
	home, far := aiEnds(v, bgs)
	var out []int
	// How far a column is from the enemy's end, in columns.
	fromFar := func(col int) int { return max(col-far, far-col) }
	for reach := 0; reach < v.Map.Cols; reach++ {
		for _, sec := range v.Map.Sectors {
			if fromFar(sec.Col) <= reach && !cleared[sec.ID] && sec.Col != home {
				out = append(out, sec.ID)
			}
		}
		if len(out) > 0 {
			return out, false
		}
	}
	for _, sec := range v.Map.Sectors {
		if sec.Col == far {
			out = append(out, sec.ID)
		}
	}
	return out, false
}

// aiEnds are the columns of the side's end of the map, where its RBG
// stands (-1 when it has none on the ground), and of the enemy's end,
// the other: the opposing forces set up at opposite ends of the map (000
// line 2559).
func aiEnds(v SideView, bgs []*aiBattlegroup) (home, far int) {
	home = -1
	for _, b := range bgs {
		if b.RBG && b.Sector != 0 {
			home = v.Map.ByID(b.Sector).Col
		}
	}
	if home >= 0 && home < v.Map.Cols/2 {
		far = v.Map.Cols - 1
	}
	return home, far
}

// aiPressReach is how many moves from the last objective sector to take
// a battlegroup may stand for the side to press on to it (aiPress): the
// end in sight, not a march across the map past the fights on its way.
const aiPressReach = 2

// aiPress reports whether the side presses on to end the campaign: one
// objective sector is left that it does not hold (unheld), a ground
// battlegroup stands within aiPressReach moves of it; the enemy's
// end of the map (aiEnds), where he set up, has objectives, so that
// holding them all may be taking one he held at the start and meet the
// campaign objectives (ruling CB14); and it expects no enemy in or next
// to that sector, who would contest it, nor to an objective sector it
// holds, who could take it back while it marches. Otherwise the fight
// comes first: with no objective at the enemy's end the side cannot
// know of one to take, and with an enemy beside them the last sector
// would not end the campaign.
func aiPress(v SideView, bgs []*aiBattlegroup, unheld []int, enemy map[int]float64) bool {
	if len(unheld) != 1 {
		return false
	}
	dist := aiDistances(v, unheld)
	if !slices.ContainsFunc(bgs, func(b *aiBattlegroup) bool {
		d, ok := dist[b.Sector]
		return aiMobile(b) && ok && d <= aiPressReach
	}) {
		return false
	}
	for _, sec := range v.Sectors {
		if !sec.Held && sec.ID != unheld[0] || len(v.Map.ByID(sec.ID).Objectives) == 0 {
			continue
		}
		for _, near := range append([]int{sec.ID}, v.Map.Neighbors(sec.ID)...) {
			if enemy[near] > 0 {
				return false
			}
		}
	}
	_, far := aiEnds(v, bgs)
	return slices.ContainsFunc(v.Map.Sectors, func(sec mapgen.Sector) bool { return sec.Col == far && len(sec.Objectives) > 0 })
}

// aiUnheld are the objective sectors the side does not hold: it must
// hold every one, and have taken one the enemy held at the start, for
// the campaign objectives to be met (step 11, 000 lines 2575, 2733;
// ruling CB14), so it marches on them whether or not they were scored
// (each pays once, CB9), its own that the enemy took among them.
func aiUnheld(v SideView) []int {
	var out []int
	for _, sec := range v.Sectors {
		if len(v.Map.ByID(sec.ID).Objectives) > 0 && !sec.Held {
			out = append(out, sec.ID)
		}
	}
	return out
}

// aiClosing is where the side's ground battlegroups go to meet the
// campaign objectives this turn: when they can stand, one in each, in
// every objective sector the side does not hold (aiUnheld), each moving
// at most one sector and never where it expects to be outmatched
// (aiOdds), holding them all at the upkeep ends the campaign (ruling
// CB14) if one was the enemy's at the start, so they go there whatever else they would do, a battlegroup
// too weak to march alone too. nil when they cannot.
func aiClosing(v SideView, bgs []*aiBattlegroup, unheld []int, enemy map[int]float64) map[*aiBattlegroup]int {
	if len(unheld) == 0 {
		return nil
	}
	out := map[*aiBattlegroup]int{}
	// assign gives unheld[i:] a battlegroup each, trying each way.
	var assign func(i int) bool
	assign = func(i int) bool {
		if i == len(unheld) {
			return true
		}
		t := unheld[i]
		for _, b := range bgs {
			if _, busy := out[b]; busy || !aiMobile(b) || b.Sector != t && !slices.Contains(v.Map.Neighbors(b.Sector), t) || b.strength() < aiOdds*enemy[t] {
				continue
			}
			out[b] = t
			if assign(i + 1) {
				return true
			}
			delete(out, b)
		}
		return false
	}
	if !assign(0) {
		return nil
	}
	return out
}

// aiDistances is each sector's distance in moves to the nearest target.
func aiDistances(v SideView, targets []int) map[int]int {
	return aiDistancesAround(v, targets, nil)
}

// aiRoute is b's distance in moves to its nearest target by way of
// sectors where it does not expect to be outmatched (aiOdds) by the
// enemy: the way round such a sector, when there is one, rather than
// waiting before it turn after turn. A sector with no such way keeps no
// distance.
func aiRoute(v SideView, b *aiBattlegroup, targets []int, enemy map[int]float64) map[int]int {
	return aiDistancesAround(v, targets, func(sector int) bool { return b.strength() < aiOdds*enemy[sector] })
}

// aiDistancesAround is aiDistances by way of the sectors blocked does
// not report (all when blocked is nil); a blocked sector gets its
// distance but no way leads on through it.
func aiDistancesAround(v SideView, targets []int, blocked func(sector int) bool) map[int]int {
	dist := map[int]int{}
	queue := slices.Clone(targets)
	for _, t := range targets {
		dist[t] = 0
	}
	for len(queue) > 0 {
		at := queue[0]
		queue = queue[1:]
		if blocked != nil && dist[at] > 0 && blocked(at) {
			continue
		}
		for _, nb := range v.Map.Neighbors(at) {
			if _, ok := dist[nb]; !ok {
				dist[nb] = dist[at] + 1
				queue = append(queue, nb)
			}
		}
	}
	return dist
}

// aiPath steps toward the nearest target, up to the battlegroup's rate;
// ties are broken by the seeded source. A battlegroup already at a
// target stays (empty path).
func aiPath(v SideView, dist map[int]int, b *aiBattlegroup, rng *rand.Rand) []int {
	var path []int
	at := b.Sector
	for range b.Rate {
		d, ok := dist[at]
		if !ok || d == 0 {
			break
		}
		var best []int
		for _, nb := range v.Map.Neighbors(at) {
			if nd, ok := dist[nb]; ok && nd < d {
				best = append(best, nb)
			}
		}
		if len(best) == 0 {
			break
		}
		at = best[rng.IntN(len(best))]
		path = append(path, at)
	}
	return path
}

// AIBattleDrops are the drops the built-in AI commander makes while the
// turn's battles are fought, reading nothing but View(c, side): each of
// its battlegroups in orbit made only of 'Mech lances drops into the
// battle its side fights that is not over (000 line 2641; ruling DR25)
// where it has the most strength engaged (aiWorth), the fight it expects
// to win (the lowest ID among equals), to be given with GiveOrder.
func AIBattleDrops(c *Campaign, side string) []Order {
	v := View(c, side)
	if v.Own == nil || v.Phase != PhaseBattles {
		return nil
	}
	worth := newAIWorth(v.Own)
	sector, most := 0, -1.0
	for _, b := range v.Battles {
		if b.Over || !slices.Contains(b.Sides, side) {
			continue
		}
		strength := 0.0
		for _, id := range b.Own {
			if bg := v.Own.Battlegroup(id); bg != nil {
				strength += worth.units(bg.Units)
			}
		}
		if strength > most {
			sector, most = b.Sector, strength
		}
	}
	if sector == 0 {
		return nil
	}
	var out []Order
	for _, b := range v.Own.Battlegroups {
		if b.Sector == 0 && !b.RBG && orbitRefusal(v.Own, &b) == nil {
			out = append(out, Order{Kind: OrderDrop, Battlegroup: b.ID, Sectors: []int{sector}})
		}
	}
	return out
}
