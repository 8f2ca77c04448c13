package campaign

import (
	"fmt"
	"maps"
	"slices"

	"bfbot/mapgen"
	"bfbot/referee"
	"bfbot/referee/quickstart"
)

// Check walks the campaign and returns every broken invariant: every
// active unit in exactly one battlegroup of its side and every other unit
// in none, damage steps in range, battlegroups in sectors of the map,
// one RBG at most, victory points equal to the log's sum, mine stocks and
// minefields whole, the bound on a turn's battles (ruling CI1,
// checkBattleBound), and every battle still being fought passing
// referee's own Check. Tests run it after every step.
func (c *Campaign) Check() []error { return new(Checker).CheckLogVP(c, c.Log.VP()) }

// A Checker runs Check with the log's victory points already added up
// (CheckLogVP), and keeps the maps it builds for the next campaign it
// checks: the store checks every change it saves, and
// making the maps was a third of a check's time and most of what it
// allocated. It also keeps a copy of what placing the units read of the
// last campaign whose units it found all in place (placed): a change
// that leaves all that alike, as an order does and a worksheet change
// mostly does, is not placed again, which was most of a check. The zero
// Checker is ready; one is not for concurrent use.
type Checker struct {
	seen   map[string]string // unit ID → side
	in     map[string]int    // unit ID → battlegroup, a side at a time
	placed placement
}

// placement is what placing the units (Checker.place) read of a
// campaign: the map the battlegroups stand on (never changed once made),
// and, copied, each side's last battlegroup ID, its units' IDs, classes,
// steps, statuses and battlegroups, and its battlegroups' IDs, sectors,
// RBG marks and members, the sides' one after another in the lists.
type placement struct {
	m       *mapgen.Strategic
	sides   []placedSide
	units   []placedUnit
	bgs     []placedBattlegroup
	members []string
}

// placedSide is a side's NextBattlegroup and how many of the lists'
// units and battlegroups are its.
type placedSide struct{ next, units, bgs int }

type placedUnit struct {
	id     string
	class  referee.Class
	step   int
	status UnitStatus
	bg     int
}

func placedUnitOf(u *Unit) placedUnit {
	return placedUnit{id: u.ID, class: u.Lance.Class, step: u.Step, status: u.Status, bg: u.Battlegroup}
}

// placedBattlegroup is a battlegroup's fields placing reads; members is
// how many of the list's members are its.
type placedBattlegroup struct {
	id, sector, members int
	rbg                 bool
}

func placedBattlegroupOf(b *Battlegroup) placedBattlegroup {
	return placedBattlegroup{id: b.ID, sector: b.Sector, members: len(b.Units), rbg: b.RBG}
}

// same reports whether placing c's units would read what p holds.
func (p *placement) same(c *Campaign) bool {
	if p.m != c.Map || len(p.sides) != len(c.Sides) || len(p.sides) == 0 {
		return false
	}
	units, bgs, members := p.units, p.bgs, p.members
	for i := range c.Sides {
		s, q := &c.Sides[i], p.sides[i]
		if s.NextBattlegroup != q.next || len(s.Units) != q.units || len(s.Battlegroups) != q.bgs {
			return false
		}
		for j := range s.Units {
			if placedUnitOf(&s.Units[j]) != units[j] {
				return false
			}
		}
		for j := range s.Battlegroups {
			b := &s.Battlegroups[j]
			// Alike, the battlegroup has as many members as it had.
			if placedBattlegroupOf(b) != bgs[j] || !slices.Equal(b.Units, members[:len(b.Units)]) {
				return false
			}
			members = members[len(b.Units):]
		}
		units, bgs = units[q.units:], bgs[q.bgs:]
	}
	return true
}

// note makes p what placing c's units reads, in p's own lists.
func (p *placement) note(c *Campaign) {
	p.m, p.sides, p.units, p.bgs, p.members = c.Map, p.sides[:0], p.units[:0], p.bgs[:0], p.members[:0]
	for i := range c.Sides {
		s := &c.Sides[i]
		p.sides = append(p.sides, placedSide{next: s.NextBattlegroup, units: len(s.Units), bgs: len(s.Battlegroups)})
		for j := range s.Units {
			p.units = append(p.units, placedUnitOf(&s.Units[j]))
		}
		for j := range s.Battlegroups {
			b := &s.Battlegroups[j]
			p.bgs, p.members = append(p.bgs, placedBattlegroupOf(b)), append(p.members, b.Units...)
		}
	}
}

// forget makes p hold no campaign.
func (p *placement) forget() { p.m, p.sides = nil, p.sides[:0] }

// CheckLogVP is c.Check() with vp[side] the sum of the side's events' VP
// (LogVP): a caller that keeps the sum as its log grows, as the store
// does for every change it saves, checks a change in time that does not
// grow with the campaign's age instead of adding up the whole log again.
// Every invariant is checked as Check does, in the maps k keeps; the
// units are not placed again when placing them would read what it read
// of the last campaign k found them all in place in (Checker).
func (k *Checker) CheckLogVP(c *Campaign, vp map[string]int) []error {
	var errs []error
	bad := func(format string, args ...any) { errs = append(errs, fmt.Errorf(format, args...)) }
	if len(c.Sides) != 2 {
		bad("campaign has %d sides, want 2", len(c.Sides))
	}
	errs = append(errs, c.checkSeats()...)
	errs = append(errs, c.checkDecisions()...)
	placed := k.placed.same(c)
	if !placed {
		k.startPlacing(c)
	}
	misplaced := 0
	for si, s := range c.Sides {
		if referee.ReservedSideID(s.ID) {
			bad("side %q: the id is reserved for the bot's own addressees (ruling SE3)", s.ID)
		}
		if s.VP != vp[s.ID] {
			bad("side %s: VP %d but the log adds up to %d", s.ID, s.VP, vp[s.ID])
		}
		if s.Mines < 0 {
			bad("side %s: %d mine points in stock", s.ID, s.Mines)
		}
		if s.Salvage < 0 || s.RepairPoints < 0 || s.VPSpent < 0 {
			bad("side %s: negative salvage %d, repair points %d or VP spent %d", s.ID, s.Salvage, s.RepairPoints, s.VPSpent)
		}
		if !placed {
			n := len(errs)
			k.place(c, si, bad)
			misplaced += len(errs) - n
		}
	}
	switch {
	case placed:
	case misplaced == 0:
		k.placed.note(c)
	default:
		k.placed.forget()
	}
	c.checkBattleBound(bad)
	for id, ss := range c.Sectors {
		for side, m := range ss.Mines {
			for h, n := range m {
				if n <= 0 || n%MineAttack != 0 {
					bad("sector %d: %s's mines at %s are %d points, not a positive multiple of %d", id, side, h, n, MineAttack)
				}
			}
		}
	}
	if qb := c.QuickStart; qb != nil && (c.Scenario == nil || len(c.Sides) != 2 || qb.State.Sides[0] != c.Sides[0].ID || qb.State.Sides[1] != c.Sides[1].ID) {
		bad("the Quick-Start battle's sides %v are not the scenario campaign's", qb.State.Sides)
	}
	if qb := c.QuickStart; qb != nil && qb.State.Map != nil {
		for _, err := range qb.State.Check() {
			bad("battle %d: %v", qb.ID, err)
		}
		if over := qb.State.Phase == quickstart.Over; over != (c.Phase == PhaseOver) {
			bad("the Quick-Start battle is over %t but the campaign is in its %s phase", over, c.Phase)
		}
	}
	for _, b := range c.Battles {
		if b.Over || b.State == nil {
			continue
		}
		for _, err := range b.State.Check() {
			bad("battle %d: %v", b.ID, err)
		}
	}
	return errs
}

// startPlacing readies k's maps for placing c's units (place): made at
// their final size, as growing them was most of a check, and emptied of
// the campaign before.
func (k *Checker) startPlacing(c *Campaign) {
	units, most := 0, 0
	for _, s := range c.Sides {
		units += len(s.Units)
		most = max(most, len(s.Units))
	}
	if k.seen == nil {
		k.seen, k.in = make(map[string]string, units), make(map[string]int, most)
	}
	clear(k.seen)
}

// place checks that side si's units are each in exactly one of its
// battlegroups if active and in none if not, each unit ID used once in
// the campaign (k.seen holds the sides before si's), its damage in range
// and its battlegroups sound. One map operation a battlegroup's member
// and two a unit: a unit seen before, or a member placed before, leaves
// its map's length as it was, and only then is the earlier one looked
// for (the error's other side or battlegroup); the members matched are
// counted rather than deleted. The map work was most of a check, which
// the store runs on every change.
func (k *Checker) place(c *Campaign, si int, bad func(string, ...any)) {
	seen, in, s := k.seen, k.in, &c.Sides[si]
	clear(in)
	rbgs := 0
	for bi, b := range s.Battlegroups {
		if b.RBG {
			rbgs++
		}
		if len(b.Units) == 0 {
			bad("side %s: battlegroup %d is empty", s.ID, b.ID)
		}
		if b.Sector != 0 && c.Map.ByID(b.Sector) == nil {
			bad("side %s: battlegroup %d stands in sector %d, not on the map", s.ID, b.ID, b.Sector)
		}
		if b.ID <= 0 || b.ID >= s.NextBattlegroup {
			bad("side %s: battlegroup ID %d outside 1..%d", s.ID, b.ID, s.NextBattlegroup-1)
		}
		for mi, id := range b.Units {
			n := len(in)
			if in[id] = b.ID; len(in) == n {
				bad("side %s: unit %s in battlegroups %d and %d", s.ID, id, placedBefore(s.Battlegroups, bi, mi, id), b.ID)
			}
		}
	}
	if rbgs > 1 {
		bad("side %s has %d regimental battlegroups", s.ID, rbgs)
	}
	matched := 0 // members of in that are this side's units, each once
	for ui, u := range s.Units {
		n := len(seen)
		again := false // the side listed the ID before this unit
		if seen[u.ID] = s.ID; len(seen) == n {
			var other string
			other, again = seenBefore(c.Sides, si, ui, u.ID)
			bad("unit ID %s used by sides %s and %s", u.ID, other, s.ID)
		}
		if max := u.Lance.Class.Info().Steps; u.Step < 0 || u.Step >= max {
			bad("side %s: unit %s has taken %d steps, outside 0..%d", s.ID, u.ID, u.Step, max-1)
		}
		b, inBG := in[u.ID]
		// A unit listed again finds its battlegroup taken already.
		inBG = inBG && !again
		switch {
		case u.Status == UnitActive && !inBG:
			bad("side %s: active unit %s is in no battlegroup", s.ID, u.ID)
		case u.Status != UnitActive && inBG:
			bad("side %s: %s unit %s is still in battlegroup %d", s.ID, u.Status, u.ID, b)
		case inBG && u.Battlegroup != b:
			bad("side %s: unit %s says battlegroup %d but stands in %d", s.ID, u.ID, u.Battlegroup, b)
		}
		if inBG {
			matched++
		}
	}
	if matched < len(in) {
		// In the order of the battlegroups and their units, so the
		// report reads the same every time; each unit once.
		told := map[string]bool{}
		for _, bg := range s.Battlegroups {
			for _, id := range bg.Units {
				if !told[id] && !slices.ContainsFunc(s.Units, func(u Unit) bool { return u.ID == id }) {
					told[id] = true
					bad("side %s: battlegroup %d holds unknown unit %s", s.ID, in[id], id)
				}
			}
		}
	}
}

// placedBefore is the battlegroup that last listed unit id before member
// mi of battlegroup bi of bgs (0 for none): a unit's other battlegroup,
// looked for only when there is one.
func placedBefore(bgs []Battlegroup, bi, mi int, id string) int {
	if slices.Contains(bgs[bi].Units[:mi], id) {
		return bgs[bi].ID
	}
	for j := bi - 1; j >= 0; j-- {
		if slices.Contains(bgs[j].Units, id) {
			return bgs[j].ID
		}
	}
	return 0
}

// seenBefore is the side that last listed unit id before unit ui of
// side si, and whether that was side si itself: the other side of a
// unit ID used twice, looked for only when it is.
func seenBefore(sides []Side, si, ui int, id string) (string, bool) {
	has := func(u Unit) bool { return u.ID == id }
	if slices.ContainsFunc(sides[si].Units[:ui], has) {
		return sides[si].ID, true
	}
	for j := si - 1; j >= 0; j-- {
		if slices.ContainsFunc(sides[j].Units, has) {
			return sides[j].ID, false
		}
	}
	return "", false
}

// checkBattleBound checks what bounds the battles of a turn (ruling CI1):
// contacts make at most one battle per sector; a battle that a withdrawal
// started came from a contact battle of the same turn, one per side that
// withdrew from it, and starts none itself; and no battlegroup fights two
// battles at once. So a turn has at most 3 battles per sector of the map.
func (c *Campaign) checkBattleBound(bad func(string, ...any)) {
	contact := map[[2]int]int{} // turn, sector → contact battle
	followOns := map[int]int{}  // contact battle → battles its withdrawals started
	engaged := map[string]int{} // side/battlegroup → unfought battle
	perTurn := map[int]int{}
	for _, b := range c.Battles {
		perTurn[b.Turn]++
		if b.RetreatFrom == 0 {
			k := [2]int{b.Turn, b.Sector}
			if other, ok := contact[k]; ok {
				bad("battles %d and %d are both contacts in sector %d in turn %d", other, b.ID, b.Sector, b.Turn)
			}
			contact[k] = b.ID
		} else {
			p := c.Battle(b.RetreatFrom)
			switch {
			case p == nil:
				bad("battle %d was started by a withdrawal from battle %d, which does not exist", b.ID, b.RetreatFrom)
			case p.RetreatFrom != 0:
				bad("battle %d was started by a withdrawal from battle %d, itself started by a withdrawal (ruling CB7)", b.ID, p.ID)
			case p.Turn != b.Turn || !p.Over || p.ID >= b.ID:
				bad("battle %d (turn %d) was started by a withdrawal from battle %d (turn %d, over %v)", b.ID, b.Turn, p.ID, p.Turn, p.Over)
			default:
				followOns[p.ID]++
			}
		}
		if b.Over {
			continue
		}
		for _, bs := range b.Sides {
			for _, id := range bs.Battlegroups {
				k := fmt.Sprintf("%s/%d", bs.Side, id)
				if other, ok := engaged[k]; ok {
					bad("battlegroup %d of %s fights battles %d and %d at once", id, bs.Side, other, b.ID)
				}
				engaged[k] = b.ID
			}
		}
	}
	for id, n := range followOns {
		withdrew := 0
		for _, bs := range c.Battle(id).Sides {
			if bs.Withdrew {
				withdrew++
			}
		}
		if n > withdrew {
			bad("battle %d started %d battles by withdrawal, but %d sides withdrew from it", id, n, withdrew)
		}
	}
	if c.Map != nil {
		for turn, n := range perTurn {
			if limit := 3 * len(c.Map.Sectors); n > limit {
				bad("turn %d has %d battles, more than 3 per sector (%d)", turn, n, limit)
			}
		}
	}
}

// checkDecisions checks the waiting decisions (decision.go): IDs unique
// in their side and not above its last, Seqs unique and below
// NextDecision, a side of the campaign, a battle still being
// fought, answers to choose from and a default among them.
func (c *Campaign) checkDecisions() []error {
	var errs []error
	type key struct {
		side string
		id   int
	}
	ids, seqs := map[key]bool{}, map[int]bool{}
	for _, d := range c.Decisions {
		bad := func(format string, args ...any) {
			errs = append(errs, fmt.Errorf("decision %d of %s: "+format, append([]any{d.ID, d.Side}, args...)...))
		}
		if d.ID <= 0 || ids[key{d.Side, d.ID}] {
			bad("ID not unique in its side or below 1")
		}
		if s := c.Side(d.Side); s != nil && d.Seq > 0 && d.ID > s.DecisionsAsked {
			bad("ID above the side's last, %d", s.DecisionsAsked)
		}
		if d.Seq < 0 || d.Seq >= max(c.NextDecision, 1) || (d.Seq > 0 && seqs[d.Seq]) {
			bad("Seq %d not unique or outside 1..%d", d.Seq, c.NextDecision-1)
		}
		ids[key{d.Side, d.ID}], seqs[d.Seq] = true, d.Seq > 0
		if c.Side(d.Side) == nil {
			bad("no side %q", d.Side)
		}
		if d.Battle != 0 {
			if b := c.Battle(d.Battle); b == nil || b.Over {
				bad("battle %d is not being fought", d.Battle)
			}
		}
		if len(d.Options) == 0 {
			bad("no answers to choose from")
		} else if d.check(d.Default) != nil {
			bad("default %q is not one of %v", d.Default, d.Options)
		}
	}
	return errs
}

// LogVP adds the victory points events give each side to vp and returns
// it: vp itself when none of them gives any, else a new map (nil vp: from
// none), so that a sum kept for a log is never changed by adding to it.
func LogVP(vp map[string]int, events []Event) map[string]int {
	copied := false
	for i := range events {
		e := &events[i]
		if e.VP == 0 {
			continue
		}
		if !copied {
			vp, copied = maps.Clone(vp), true
			if vp == nil {
				vp = map[string]int{}
			}
		}
		vp[e.Side] += e.VP
	}
	return vp
}
