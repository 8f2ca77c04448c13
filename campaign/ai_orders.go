package campaign

import (
	"math/rand/v2"
	"slices"

	"bfbot/referee"
)

// AIOrders gives side's strategic orders for the turn as the built-in AI
// commander would, reading nothing but View(c, side), so it knows what a
// player of that side would know and no more. The orders are meant to be
// given in order with GiveOrder (a split comes before the orders of the
// battlegroup it makes, which gets the side's NextBattlegroup ID). The
// same campaign, side and seed give the same orders.
//
// The plan is simple and cautious: the RBG stays where it is in a
// prepared position and never lifts off; every other battlegroup advances
// one sector toward the nearest enemy it has intel of, or else toward
// objectives and the enemy's end of the map, and holds a prepared position
// once there; a side that can afford it makes one light lance a recon
// unit that runs ahead; in-orbit 'Mechs wait until the side has intel of
// the enemy and then drop where he was seen (and may drop into a battle
// in progress, AIBattleDrops), or, with no intel by turn aiDropWait, drop
// onto the targets the others march to; every sector where a fighting battlegroup
// ends its move is searched.
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
	Units    []string
	end      int
}

func aiOrders(v SideView, seed uint64) []Order {
	s := v.Own
	if s == nil || v.Phase != PhaseOrders || v.Map == nil {
		return nil
	}
	rng := rand.New(rand.NewPCG(seed, uint64(v.Turn)))
	var orders []Order
	var bgs []*aiBattlegroup
	for i := range s.Battlegroups {
		b := &s.Battlegroups[i]
		ab := &aiBattlegroup{ID: b.ID, Sector: b.Sector, RBG: b.RBG, Recon: b.Recon(), Rate: StrategicRate(s, b),
			Prepared: b.Prepared, Mechs: true, Units: b.Units, end: b.Sector}
		for _, id := range b.Units {
			if u := s.Unit(id); u == nil || u.Lance.Class.Kind() != referee.KindMech {
				ab.Mechs = false
			}
		}
		bgs = append(bgs, ab)
	}
	orders = append(orders, aiRecon(s, &bgs)...)

	seen := aiSeen(v)
	targets := aiTargets(v, bgs, seen)
	dist := aiDistances(v, targets)
	for _, b := range bgs {
		switch {
		case b.RBG:
			if !b.Prepared && b.Sector != 0 {
				orders = append(orders, Order{Kind: OrderHold, Battlegroup: b.ID})
			}
		case b.Sector == 0:
			if drop := aiDropTargets(v, seen, targets); b.Mechs && len(drop) > 0 {
				b.end = drop[rng.IntN(len(drop))]
				orders = append(orders, Order{Kind: OrderDrop, Battlegroup: b.ID, Sectors: []int{b.end}})
			}
		default:
			path := aiPath(v, dist, b, rng)
			if len(path) == 0 {
				if !b.Recon && !b.Prepared {
					orders = append(orders, Order{Kind: OrderHold, Battlegroup: b.ID})
				}
				continue
			}
			b.end = path[len(path)-1]
			orders = append(orders, Order{Kind: OrderMove, Battlegroup: b.ID, Sectors: path})
		}
	}
	// Search wherever a battlegroup that may fight, or a recon unit, ends
	// its move; never from the RBG alone, which stays hidden by not
	// searching (000 line 2618).
	var searches []int
	for _, b := range bgs {
		if !b.RBG && b.end != 0 && !slices.Contains(searches, b.end) {
			searches = append(searches, b.end)
		}
	}
	slices.Sort(searches)
	if len(searches) > 0 {
		orders = append(orders, Order{Kind: OrderSearch, Sectors: searches})
	}
	return append(orders, Order{Kind: OrderReady})
}

// aiRecon splits one light lance off a battlegroup and makes it a recon
// unit, when the side has none and can pay for +2 ESR (ruling CO1).
func aiRecon(s *Side, bgs *[]*aiBattlegroup) []Order {
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
			if ReconCost(u.Lance, true, false) > s.VP {
				continue
			}
			nb := &aiBattlegroup{ID: s.NextBattlegroup, Sector: b.Sector, Recon: true, Rate: 2, Units: []string{id}, end: b.Sector}
			if u.Lance.Class.Kind() == referee.KindAir {
				nb.Rate = 4
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

// aiSeen are the sectors where the side's intel last saw the enemy in
// the last two turns (searches that found him, public drops, battles).
func aiSeen(v SideView) []int {
	var seen []int
	for _, sec := range v.Sectors {
		if in := sec.Intel; in != nil && (in.Present || in.Drop) && in.Turn >= v.Turn-2 {
			seen = append(seen, sec.ID)
		}
	}
	return seen
}

// aiDropWait is the turn from which the AI's 'Mechs in orbit drop onto
// its targets without intel of the enemy, rather than wait on.
const aiDropWait = 3

// aiDropTargets are the sectors 'Mechs in orbit drop into: where the
// enemy was seen, else from turn aiDropWait the side's targets; none
// while they wait.
func aiDropTargets(v SideView, seen, targets []int) []int {
	switch {
	case len(seen) > 0:
		return seen
	case v.Turn >= aiDropWait:
		return targets
	}
	return nil
}

// aiTargets are the sectors the AI heads for: those where it saw the
// enemy, else the objectives it does not hold and the far end of the map.
func aiTargets(v SideView, bgs []*aiBattlegroup, seen []int) []int {
	if len(seen) > 0 {
		return seen
	}
	home := -1
	for _, b := range bgs {
		if b.RBG && b.Sector != 0 {
			home = v.Map.ByID(b.Sector).Col
		}
	}
	far := 0
	if home >= 0 && home < v.Map.Cols/2 {
		far = v.Map.Cols - 1
	}
	var out []int
	for _, sec := range v.Map.Sectors {
		if sec.Col == far || len(sec.Objectives) > 0 && sec.Col != home {
			out = append(out, sec.ID)
		}
	}
	return out
}

// aiDistances is each sector's distance in moves to the nearest target.
func aiDistances(v SideView, targets []int) map[int]int {
	dist := map[int]int{}
	queue := slices.Clone(targets)
	for _, t := range targets {
		dist[t] = 0
	}
	for len(queue) > 0 {
		at := queue[0]
		queue = queue[1:]
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
// first battle its side fights that is not over (000 line 2641; ruling
// DR25), to be given with GiveOrder.
func AIBattleDrops(c *Campaign, side string) []Order {
	v := View(c, side)
	if v.Own == nil || v.Phase != PhaseBattles {
		return nil
	}
	sector := 0
	for _, b := range v.Battles {
		if !b.Over && slices.Contains(b.Sides, side) {
			sector = b.Sector
			break
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
