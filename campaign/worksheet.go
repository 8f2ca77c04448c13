package campaign

import (
	"fmt"
	"slices"
	"strings"

	"bfbot/campaign/forces"
	"bfbot/internal/cite"
	"bfbot/internal/english"
	"bfbot/internal/usertext"
	"bfbot/referee"
)

// Battlegroup Worksheet changes (000 lines 2579–2583): dividing and
// combining battlegroups (step 1) and making recon units (step 2). They
// are made at once during the orders phase, are secret to the side, and
// only ever bring together units standing in the same sector (orbit
// counts as one place).

// staysWithRBG reports a unit that never leaves the regimental
// battlegroup: its DropShips (000 line 2545) and its trucks (ruling CO2).
func staysWithRBG(u *Unit) bool {
	return u.Lance.Class.Kind() == referee.KindDropShip || u.Lance.Class == referee.Truck
}

// checkBattlegroupName returns name trimmed if it may name a battlegroup
// of s other than except: a good name (usertext) no other has.
func checkBattlegroupName(s *Side, name string, except int) (string, error) {
	name, err := userName(usertext.Battlegroup, "name", name)
	if err != nil {
		return "", err
	}
	for _, b := range s.Battlegroups {
		if b.ID != except && strings.EqualFold(b.Name, name) {
			return "", errorf("battlegroup %d is already called %q: choose another name", b.ID, b.Name)
		}
	}
	return name, nil
}

// worksheetSplit moves units of one battlegroup into a new battlegroup in the same
// place. The new one shares the old one's prepared position, since it
// stands in it; the old one keeps its orders.
func worksheetSplit(c *Campaign, s *Side, o Order) (string, error) {
	b, err := orderBattlegroup(s, o.Battlegroup)
	if err != nil {
		return "", err
	}
	if len(o.Units) == 0 {
		return "", errorf("name the units that leave battlegroup %d: it holds %s", b.ID, strings.Join(b.Units, ", "))
	}
	seen := map[string]bool{}
	for _, id := range o.Units {
		switch {
		case seen[id]:
			return "", errorf("unit %s is named twice", id)
		case !slices.Contains(b.Units, id):
			return "", errorf("unit %s is not in battlegroup %d: it holds %s", id, b.ID, strings.Join(b.Units, ", "))
		case b.RBG && staysWithRBG(s.Unit(id)):
			return "", errorf("unit %s stays with the regimental battlegroup: its DropShips and trucks never leave it (%s, ruling CO2)", id, cite.Book(2545))
		}
		seen[id] = true
	}
	if len(o.Units) == len(b.Units) {
		return "", errorf("a split must leave at least one unit in battlegroup %d; to rename it use rename", b.ID)
	}
	name := o.Name
	if strings.TrimSpace(name) == "" {
		name = fmt.Sprintf("Battlegroup %d", s.NextBattlegroup)
	}
	if name, err = checkBattlegroupName(s, name, 0); err != nil {
		return "", err
	}
	nb := s.newBattlegroup(name, b.Sector)
	nb.Prepared = b.Prepared
	nb.Units = slices.Clone(o.Units)
	b.Units = slices.DeleteFunc(b.Units, func(id string) bool { return seen[id] })
	for _, id := range nb.Units {
		s.Unit(id).Battlegroup = nb.ID
	}
	s.Battlegroups = append(s.Battlegroups, nb)
	return fmt.Sprintf("battlegroup %d %q splits off %s as battlegroup %d %q in sector %s",
		b.ID, b.Name, strings.Join(nb.Units, ", "), nb.ID, nb.Name, sectorLabel(c, nb.Sector)), nil
}

// worksheetMerge brings battlegroups in one place together. The result keeps the
// first battlegroup's ID and name, or the RBG's when the RBG is among
// them. It is no recon unit (a recon unit is one lance, 000 line 2583),
// holds a prepared position only if every part held one, and has no
// orders: the orders of every part are cancelled (ruling CO3).
func worksheetMerge(c *Campaign, s *Side, o Order) (string, error) {
	b, err := orderBattlegroup(s, o.Battlegroup)
	if err != nil {
		return "", err
	}
	if len(o.With) == 0 {
		return "", errorf("name the battlegroups that join battlegroup %d", b.ID)
	}
	ids := []int{b.ID}
	for _, id := range o.With {
		w, err := orderBattlegroup(s, id)
		if err != nil {
			return "", err
		}
		if slices.Contains(ids, id) {
			return "", errorf("battlegroup %d is named twice", id)
		}
		if w.Sector != b.Sector {
			return "", errorf("battlegroup %d stands in sector %s and battlegroup %d in %s: only battlegroups in the same sector combine (%s)",
				w.ID, sectorLabel(c, w.Sector), b.ID, sectorLabel(c, b.Sector), cite.Book(2579))
		}
		ids = append(ids, id)
	}
	into := b.ID
	if rbg := s.RBG(); rbg != nil && slices.Contains(ids, rbg.ID) {
		into = rbg.ID
	}
	target := s.Battlegroup(into)
	prepared := true
	for _, id := range ids {
		w := s.Battlegroup(id)
		prepared = prepared && w.Prepared
		s.Orders.dropOrders(id)
		if id != into {
			target.Units = append(target.Units, w.Units...)
		}
	}
	liftOff := target.RBG && s.Orders.LiftOff
	if liftOff {
		s.Orders.LiftOff = false
	}
	target.ReconESR, target.ReconAEP = false, false
	target.Prepared = prepared
	for _, id := range target.Units {
		s.Unit(id).Battlegroup = into
	}
	var gone []string
	s.Battlegroups = slices.DeleteFunc(s.Battlegroups, func(x Battlegroup) bool {
		if x.ID != into && slices.Contains(ids, x.ID) {
			gone = append(gone, fmt.Sprint(x.ID))
			return true
		}
		return false
	})
	target = s.Battlegroup(into)
	joins := "battlegroups " + english.List(gone) + " join"
	if len(gone) == 1 {
		joins = "battlegroup " + gone[0] + " joins"
	}
	text := fmt.Sprintf("%s battlegroup %d %q in sector %s; the orders of every battlegroup merged are cancelled",
		joins, into, target.Name, sectorLabel(c, target.Sector))
	if liftOff {
		text += ", the lift-off too"
	}
	return text + ": give them again", nil
}

func worksheetRename(s *Side, o Order) (string, error) {
	b, err := orderBattlegroup(s, o.Battlegroup)
	if err != nil {
		return "", err
	}
	name, err := checkBattlegroupName(s, o.Name, b.ID)
	if err != nil {
		return "", err
	}
	old := b.Name
	b.Name = name
	return fmt.Sprintf("battlegroup %d %q is now called %q", b.ID, old, name), nil
}

// ReconCost is what making a recon unit costs in victory points: the
// purchase cost of each chit the lance does not already carry (+2 ESR 3,
// AEP 10; 000 lines 2072, 2096), spent like reinforcements (ruling CO1).
func ReconCost(l forces.Lance, esr, aep bool) int {
	var add referee.Chits
	add.Recon = esr && !l.Chits.Recon
	add.AEP = aep && !l.Chits.AEP
	return add.Cost()
}

// makeRecon makes a lance-sized battlegroup a recon unit (000 lines
// 2583). The bought chits go on the lance for good.
func makeRecon(old, c *Campaign, s *Side, o Order) (*Campaign, []Event, error) {
	b, err := orderBattlegroup(s, o.Battlegroup)
	if err != nil {
		return nil, nil, err
	}
	switch {
	case !o.ESR && !o.AEP:
		return nil, nil, errorf("say what battlegroup %d buys: +2 ESR, AEP or both", b.ID)
	case b.RBG:
		return nil, nil, errorf("the regimental battlegroup cannot be a recon unit: split one lance off it first")
	case len(b.Units) != 1:
		return nil, nil, errorf("a recon unit is one lance (%s); battlegroup %d holds %d units: split one off first", cite.Book(2583), b.ID, len(b.Units))
	case b.Sector == 0:
		return nil, nil, errorf("battlegroup %d is in orbit; recon units work on the ground", b.ID)
	case (!o.ESR || b.ReconESR) && (!o.AEP || b.ReconAEP):
		return nil, nil, errorf("battlegroup %d already has what you asked for", b.ID)
	}
	u := s.Unit(b.Units[0])
	if k := u.Lance.Class.Kind(); k == referee.KindDropShip || u.Lance.Class == referee.Truck {
		return nil, nil, errorf("unit %s (%s) cannot be a recon unit", u.ID, u.Lance.Class)
	}
	cost := ReconCost(u.Lance, o.ESR, o.AEP)
	if cost > s.VP {
		return nil, nil, errorf("the recon abilities cost %d victory points and you have %d (ruling CO1); a lance already carrying the chits costs nothing", cost, s.VP)
	}
	var got []string
	if o.ESR {
		b.ReconESR, u.Lance.Chits.Recon = true, true
		got = append(got, "+2 ESR")
	}
	if o.AEP {
		b.ReconAEP, u.Lance.Chits.AEP = true, true
		got = append(got, "AEP")
	}
	s.Orders.dropOrders(b.ID)
	s.Orders.Ready = false
	s.VPSpent += cost
	c.emit(Event{Step: "orders", Type: string(OrderRecon), Audience: secret(s.ID), Side: s.ID, VP: -cost,
		Text: fmt.Sprintf("battlegroup %d %q becomes a recon unit with %s for %d victory points; it moves %d sectors a turn; its orders are cancelled",
			b.ID, b.Name, strings.Join(got, " and "), cost, StrategicRate(s, b))})
	return c, c.Log.Since(old.Log.Len()), nil
}
