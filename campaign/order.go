package campaign

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"bfbot/internal/cite"
	"bfbot/referee"
)

// OrderKind names what a player asks of his side in the orders phase.
type OrderKind string

// The order kinds. Move, drop, hold, liftoff and search are sealed
// strategic orders carried out when the turn resolves (000 lines
// 2587–2599); split, merge, rename and recon change the Battlegroup
// Worksheet at once (steps 1 and 2 of the turn, lines 2579–2583); clear
// and ready manage the orders themselves.
const (
	OrderMove    OrderKind = "move"
	OrderHold    OrderKind = "hold"
	OrderDrop    OrderKind = "drop"
	OrderLiftOff OrderKind = "liftoff"
	OrderSearch  OrderKind = "search"
	OrderReady   OrderKind = "ready"
	OrderClear   OrderKind = "clear"
	OrderSplit   OrderKind = "split"
	OrderMerge   OrderKind = "merge"
	OrderRename  OrderKind = "rename"
	OrderRecon   OrderKind = "recon"
	// OrderHoldBack keeps units off the worksheet before the start, as
	// available unused units (holdback.go).
	OrderHoldBack OrderKind = "holdback"
	// OrderPlace places a battlegroup before the campaign starts
	// (placement.go).
	OrderPlace OrderKind = "place"
	// OrderBuy buys reinforcements with victory points after the
	// reinforcement roll (BuyReinforcements).
	OrderBuy OrderKind = "buy"
)

// Order is one sealed order or worksheet change a player gives. Which
// fields count depends on Kind:
//
//   - move: Battlegroup, Sectors = the path (one adjacent sector; a recon
//     unit up to its strategic rate, each sector adjacent to the last);
//   - drop: Battlegroup (in orbit), Sectors = [the sector];
//   - hold: Battlegroup;
//   - liftoff: nothing (the side's RBG);
//   - search: Sectors searched;
//   - ready: nothing;
//   - clear: Battlegroup (its move, drop or hold; lift-off too for the RBG),
//     or Sectors (those searches), or nothing (every order);
//   - split: Battlegroup, Units leaving it, Name of the new battlegroup;
//   - merge: Battlegroup, With = the battlegroups merged into it;
//   - rename: Battlegroup, Name;
//   - recon: Battlegroup, ESR and/or AEP;
//   - place: Battlegroup, Sectors = [the sector], [0] for orbit (set-up
//     phase only);
//   - holdback: Units kept off the worksheet (set-up phase only);
//   - buy: Units bought as reinforcements (BuyReinforcements).
//
// Giving a move, drop or hold for a battlegroup replaces the one it had:
// that is how an order is changed.
type Order struct {
	Kind        OrderKind `json:"kind"`
	Battlegroup int       `json:"battlegroup,omitempty"`
	Sectors     []int     `json:"sectors,omitempty"`
	Units       []string  `json:"units,omitempty"`
	With        []int     `json:"with,omitempty"`
	Name        string    `json:"name,omitempty"`
	ESR         bool      `json:"esr,omitempty"`
	AEP         bool      `json:"aep,omitempty"`
}

// GiveOrder validates an order of side and records it, or makes the
// worksheet change it asks for, in a new campaign. A refusal is an *Error
// saying why and what to do. The events are secret to side. Any change of
// the orders takes back the side's ready mark. A split's new battlegroup
// gets the side's NextBattlegroup ID.
func GiveOrder(c *Campaign, side string, o Order) (*Campaign, []Event, error) {
	if c == nil {
		return nil, nil, errorf("no campaign")
	}
	step := "orders"
	switch {
	case c.Phase == PhaseSetup && o.Kind != OrderSplit && o.Kind != OrderMerge && o.Kind != OrderRename && o.Kind != OrderPlace && o.Kind != OrderHoldBack:
		return nil, nil, errorf("the campaign has not started: until the referee starts it you may split, merge, rename and place battlegroups (/bg place) and hold units back (/bg holdback); orders open in turn 1")
	case c.Phase == PhaseSetup:
		step = "setup"
	case c.Phase == PhaseSearches && !(o.Kind == OrderSearch || o.Kind == OrderReady || o.Kind == OrderClear && len(o.Sectors) > 0):
		return nil, nil, errorf("movement is over: in this search step (%s) you may search (/orders search), take back searches (/orders clear sectors:…) or mark your searches ready (/orders ready)", cite.Book(2599))
	case c.Phase == PhaseSearches:
		step = "search"
	case c.Phase == PhaseBattles && o.Kind == OrderDrop && c.Side(side) != nil:
		return dropIntoBattle(c, side, o)
	case c.Phase != PhaseOrders:
		return nil, nil, errorf("orders are closed: the campaign is in its %s phase; wait for the next turn's orders", c.Phase)
	}
	if c.Side(side) == nil {
		return nil, nil, errorf("no side %q in this campaign: use %s", side, c.sideIDs())
	}
	if o.Kind == OrderPlace {
		if len(o.Sectors) != 1 {
			return nil, nil, errorf("name the one sector battlegroup %d starts in, or orbit", o.Battlegroup)
		}
		return Place(c, side, o.Battlegroup, o.Sectors[0])
	}
	if o.Kind == OrderBuy {
		return BuyReinforcements(c, side, o.Units)
	}
	n := c.withOrders(side, o.Kind)
	s := n.Side(side)
	var text string
	var err error
	switch o.Kind {
	case OrderMove:
		text, err = orderMove(n, s, o)
	case OrderDrop:
		text, err = orderDrop(n, s, o)
	case OrderHold:
		text, err = orderHold(n, s, o)
	case OrderLiftOff:
		text, err = orderLiftOff(s)
	case OrderSearch:
		text, err = orderSearch(n, s, o)
	case OrderReady:
		s.Orders.Ready = true
		n.emit(Event{Step: "orders", Type: "ready", Audience: secret(side), Side: side, Text: "orders marked ready"})
		return n, n.Log.Since(c.Log.Len()), nil
	case OrderClear:
		text, err = orderClear(n, s, o)
	case OrderSplit:
		text, err = worksheetSplit(n, s, o)
	case OrderMerge:
		text, err = worksheetMerge(n, s, o)
	case OrderRename:
		text, err = worksheetRename(s, o)
	case OrderRecon:
		return makeRecon(c, n, s, o)
	case OrderHoldBack:
		text, err = worksheetHoldBack(n, s, o)
	default:
		return nil, nil, errorf("unknown order %q: use move, hold, drop, liftoff, search, ready, clear, split, merge, rename, recon, place or holdback", o.Kind)
	}
	if err != nil {
		return nil, nil, err
	}
	s.Orders.Ready = false
	n.emit(Event{Step: step, Type: string(o.Kind), Audience: secret(side), Side: side, Text: text})
	return n, n.Log.Since(c.Log.Len()), nil
}

// withOrders is the copy of c that an order of kind k by side changes.
// A sealed order, or a change to the sealed orders, touches nothing but
// the side's orders and the log, so the copy shares everything else with
// c (neither is changed in place once made): the cost of an order does
// not grow with the campaign. A worksheet change gets a whole Clone.
func (c *Campaign) withOrders(side string, k OrderKind) *Campaign {
	switch k {
	case OrderMove, OrderDrop, OrderHold, OrderLiftOff, OrderSearch, OrderReady, OrderClear:
	default:
		return c.Clone()
	}
	n := *c
	n.Log = c.Log
	n.Sides = slices.Clone(c.Sides)
	s := n.Side(side)
	s.Orders = s.Orders.copyLists()
	return &n
}

// ClearOrders takes back every sealed order of side for this turn.
// Worksheet changes already made stay made.
func ClearOrders(c *Campaign, side string) (*Campaign, []Event, error) {
	return GiveOrder(c, side, Order{Kind: OrderClear})
}

// orderBattlegroup finds the side's battlegroup an order names.
func orderBattlegroup(s *Side, id int) (*Battlegroup, error) {
	if id == 0 {
		return nil, errorf("name a battlegroup by its number (see your worksheet)")
	}
	b := s.Battlegroup(id)
	if b == nil {
		return nil, errorf("you have no battlegroup %d: your battlegroups are %s", id, battlegroupList(s))
	}
	return b, nil
}

func battlegroupList(s *Side) string {
	var ids []string
	for _, b := range s.Battlegroups {
		ids = append(ids, strconv.Itoa(b.ID))
	}
	if len(ids) == 0 {
		return "none"
	}
	return strings.Join(ids, ", ")
}

// sectorLabel is "5 (Name)" for messages.
func sectorLabel(c *Campaign, id int) string {
	if id == 0 {
		return "orbit"
	}
	if sec := c.Map.ByID(id); sec != nil {
		return fmt.Sprintf("%d (%s)", id, sec.Name)
	}
	return strconv.Itoa(id)
}

func (c *Campaign) checkSector(id int) error {
	if c.Map.ByID(id) == nil {
		return errorf("there is no sector %d: sectors are numbered 1 to %d", id, len(c.Map.Sectors))
	}
	return nil
}

// StrategicRate is how many sectors a battlegroup may move in one turn:
// one, or a recon unit's 2 (an air recon unit's 4; 000 line 2583).
func StrategicRate(s *Side, b *Battlegroup) int {
	if !b.Recon() {
		return 1
	}
	for _, id := range b.Units {
		if u := s.Unit(id); u != nil && u.Lance.Class.Kind() == referee.KindAir {
			return 4
		}
	}
	return 2
}

// holdsDropShips reports whether a battlegroup still holds DropShips,
// which keeps the RBG where it stands (000 line 2547).
func holdsDropShips(s *Side, b *Battlegroup) bool {
	for _, id := range b.Units {
		if u := s.Unit(id); u != nil && u.Lance.Class.Kind() == referee.KindDropShip {
			return true
		}
	}
	return false
}

// dropOrders removes a battlegroup's move, drop and hold; it reports
// whether there was one.
func (o *Orders) dropOrders(bg int) bool {
	before := len(o.Moves) + len(o.Drops) + len(o.Holds)
	o.Moves = slices.DeleteFunc(o.Moves, func(m Move) bool { return m.Battlegroup == bg })
	o.Drops = slices.DeleteFunc(o.Drops, func(d Drop) bool { return d.Battlegroup == bg })
	o.Holds = slices.DeleteFunc(o.Holds, func(h int) bool { return h == bg })
	return len(o.Moves)+len(o.Drops)+len(o.Holds) != before
}

func orderReplaced(had bool) string {
	if had {
		return " (replaces its earlier order)"
	}
	return ""
}

func orderMove(c *Campaign, s *Side, o Order) (string, error) {
	b, err := orderBattlegroup(s, o.Battlegroup)
	if err != nil {
		return "", err
	}
	if b.Sector == 0 {
		return "", errorf("battlegroup %d is in orbit: give it a drop order instead", b.ID)
	}
	if b.RBG && holdsDropShips(s, b) {
		return "", errorf("the regimental battlegroup may not move while it holds DropShips (%s): order liftoff first; it may move in a later turn", cite.Book(2547))
	}
	rate := StrategicRate(s, b)
	switch {
	case len(o.Sectors) == 0:
		return "", errorf("name the sector battlegroup %d moves to; adjacent sectors: %s", b.ID, neighbourList(c, b.Sector))
	case len(o.Sectors) > rate && rate == 1:
		return "", errorf("battlegroup %d moves one sector a turn; only recon units move further", b.ID)
	case len(o.Sectors) > rate:
		return "", errorf("recon unit %d moves at most %d sectors a turn, not %d", b.ID, rate, len(o.Sectors))
	}
	from := b.Sector
	for _, to := range o.Sectors {
		if err := c.checkSector(to); err != nil {
			return "", err
		}
		if !c.Map.Adjacent(from, to) {
			return "", errorf("sector %s is not next to sector %s (sectors meeting only at a corner are not adjacent, %s); adjacent sectors: %s",
				sectorLabel(c, to), sectorLabel(c, from), cite.Book(2591), neighbourList(c, from))
		}
		from = to
	}
	had := s.Orders.dropOrders(b.ID)
	s.Orders.Moves = append(s.Orders.Moves, Move{Battlegroup: b.ID, Path: slices.Clone(o.Sectors)})
	return fmt.Sprintf("battlegroup %d %q moves to sector %s%s", b.ID, b.Name, sectorLabel(c, from), orderReplaced(had)), nil
}

func neighbourList(c *Campaign, id int) string {
	var out []string
	for _, nb := range c.Map.Neighbors(id) {
		out = append(out, sectorLabel(c, nb))
	}
	return strings.Join(out, ", ")
}

func orderDrop(c *Campaign, s *Side, o Order) (string, error) {
	b, err := orderBattlegroup(s, o.Battlegroup)
	if err != nil {
		return "", err
	}
	if err := dropRefusal(c, s, b, o); err != nil {
		return "", err
	}
	had := s.Orders.dropOrders(b.ID)
	s.Orders.Drops = append(s.Orders.Drops, Drop{Battlegroup: b.ID, Sector: o.Sectors[0]})
	return fmt.Sprintf("battlegroup %d %q drops into sector %s; the drop will be public%s", b.ID, b.Name, sectorLabel(c, o.Sectors[0]), orderReplaced(had)), nil
}

// dropRefusal says why battlegroup b of s may not drop as o asks: only a
// 'Mech battlegroup in orbit drops (000 line 2589), into one sector.
func dropRefusal(c *Campaign, s *Side, b *Battlegroup, o Order) error {
	if b.Sector != 0 {
		return errorf("battlegroup %d stands in sector %s; only battlegroups in orbit drop: give it a move order", b.ID, sectorLabel(c, b.Sector))
	}
	for _, id := range b.Units {
		if u := s.Unit(id); u == nil || u.Lance.Class.Kind() != referee.KindMech {
			return errorf("only 'Mech battlegroups drop from orbit (%s); unit %s of battlegroup %d is not a 'Mech lance", cite.Book(2589), id, b.ID)
		}
	}
	if len(o.Sectors) != 1 {
		return errorf("name the one sector battlegroup %d drops into", b.ID)
	}
	return c.checkSector(o.Sectors[0])
}

func orderHold(c *Campaign, s *Side, o Order) (string, error) {
	b, err := orderBattlegroup(s, o.Battlegroup)
	if err != nil {
		return "", err
	}
	switch {
	case b.Sector == 0:
		return "", errorf("battlegroup %d is in orbit; it can take a prepared position once it has landed", b.ID)
	case b.Recon():
		return "", errorf("recon unit %d fights no battles (%s), so a prepared position does nothing for it", b.ID, cite.Book(2583))
	case b.Prepared:
		return "", errorf("battlegroup %d already holds a prepared position; it keeps it as long as it does not move", b.ID)
	}
	had := s.Orders.dropOrders(b.ID)
	s.Orders.Holds = append(s.Orders.Holds, b.ID)
	return fmt.Sprintf("battlegroup %d %q stays in sector %s and takes a prepared position%s", b.ID, b.Name, sectorLabel(c, b.Sector), orderReplaced(had)), nil
}

func orderLiftOff(s *Side) (string, error) {
	rbg := s.RBG()
	switch {
	case rbg == nil:
		return "", errorf("you have no regimental battlegroup left")
	case rbg.Sector == 0:
		return "", errorf("the regimental battlegroup is still in orbit")
	case !holdsDropShips(s, rbg):
		return "", errorf("the regimental battlegroup holds no DropShips")
	case s.Orders.LiftOff:
		return "", errorf("lift-off is already ordered; clear it with a clear order for battlegroup %d", rbg.ID)
	}
	others := 0
	for _, id := range rbg.Units {
		if u := s.Unit(id); u != nil && u.Lance.Class.Kind() != referee.KindDropShip {
			others++
		}
	}
	if others == 0 {
		return "", errorf("the regimental battlegroup holds nothing but DropShips: if they left, the RBG would count as destroyed (%s); merge other units into it first", cite.Book(2547))
	}
	s.Orders.LiftOff = true
	return "the regimental battlegroup's DropShips will lift off for space and stay there for the rest of the campaign (" + cite.Book(2547) + ")", nil
}

// plannedSector is where a battlegroup will stand after this turn's
// movement as its orders have it.
func plannedSector(s *Side, b *Battlegroup) int {
	for _, m := range s.Orders.Moves {
		if m.Battlegroup == b.ID && len(m.Path) > 0 {
			return m.Path[len(m.Path)-1]
		}
	}
	for _, d := range s.Orders.Drops {
		if d.Battlegroup == b.ID {
			return d.Sector
		}
	}
	return b.Sector
}

// mayOrderSearch: a side searches only sectors where one of its
// battlegroups or recon units will stand after movement (000 line 2599).
func mayOrderSearch(s *Side, sector int) bool {
	for i := range s.Battlegroups {
		if plannedSector(s, &s.Battlegroups[i]) == sector {
			return true
		}
	}
	return false
}

func orderSearch(c *Campaign, s *Side, o Order) (string, error) {
	if len(o.Sectors) == 0 {
		return "", errorf("name the sectors to search")
	}
	var added []string
	for _, sec := range o.Sectors {
		if err := c.checkSector(sec); err != nil {
			return "", err
		}
		if !mayOrderSearch(s, sec) {
			return "", errorf("you can search sector %s only with a battlegroup or recon unit standing there after this turn's moves (%s)", sectorLabel(c, sec), cite.Book(2599))
		}
		if !slices.Contains(s.Orders.Searches, sec) {
			s.Orders.Searches = append(s.Orders.Searches, sec)
			added = append(added, sectorLabel(c, sec))
		}
	}
	slices.Sort(s.Orders.Searches)
	if len(added) == 0 {
		return "", errorf("those sectors are already being searched")
	}
	return "search sector " + strings.Join(added, ", "), nil
}

func orderClear(c *Campaign, s *Side, o Order) (string, error) {
	switch {
	case o.Battlegroup != 0:
		b, err := orderBattlegroup(s, o.Battlegroup)
		if err != nil {
			return "", err
		}
		had := s.Orders.dropOrders(b.ID)
		if b.RBG && s.Orders.LiftOff {
			s.Orders.LiftOff, had = false, true
		}
		if !had {
			return "", errorf("battlegroup %d has no order to clear", b.ID)
		}
		return fmt.Sprintf("orders for battlegroup %d cleared", b.ID), nil
	case len(o.Sectors) > 0:
		for _, sec := range o.Sectors {
			if !slices.Contains(s.Orders.Searches, sec) {
				return "", errorf("sector %s is not being searched", sectorLabel(c, sec))
			}
		}
		s.Orders.Searches = slices.DeleteFunc(s.Orders.Searches, func(x int) bool { return slices.Contains(o.Sectors, x) })
		return "searches cleared", nil
	}
	s.Orders = Orders{}
	return "all orders cleared", nil
}

// DescribeOrders lists a side's sealed orders in words, for /orders show.
func DescribeOrders(c *Campaign, side string) []string {
	s := c.Side(side)
	if s == nil {
		return nil
	}
	var out []string
	name := func(id int) string {
		if b := s.Battlegroup(id); b != nil {
			return fmt.Sprintf("battlegroup %d %q", id, b.Name)
		}
		return fmt.Sprintf("battlegroup %d", id)
	}
	for _, d := range s.Orders.Drops {
		out = append(out, fmt.Sprintf("drop: %s into sector %s", name(d.Battlegroup), sectorLabel(c, d.Sector)))
	}
	for _, m := range s.Orders.Moves {
		var path []string
		for _, p := range m.Path {
			path = append(path, sectorLabel(c, p))
		}
		out = append(out, fmt.Sprintf("move: %s to %s", name(m.Battlegroup), strings.Join(path, " → ")))
	}
	for _, h := range s.Orders.Holds {
		out = append(out, "hold: "+name(h)+" takes a prepared position")
	}
	if s.Orders.LiftOff {
		out = append(out, "liftoff: the RBG's DropShips leave for space")
	}
	if len(s.Orders.Searches) > 0 {
		var secs []string
		for _, sec := range s.Orders.Searches {
			secs = append(secs, sectorLabel(c, sec))
		}
		out = append(out, "search: "+strings.Join(secs, ", "))
	}
	if s.Orders.Ready {
		out = append(out, "ready")
	}
	return out
}

// AllReady reports whether every side has marked its orders ready.
func AllReady(c *Campaign) bool {
	for _, s := range c.Sides {
		if !s.Orders.Ready {
			return false
		}
	}
	return len(c.Sides) > 0
}

// ParseSector reads a sector a player names: its number or its name
// (case and surrounding spaces ignored).
func ParseSector(c *Campaign, text string) (int, error) {
	t := strings.TrimSpace(text)
	if t == "" {
		return 0, errorf("name a sector by number (1 to %d) or by name", len(c.Map.Sectors))
	}
	if id, err := strconv.Atoi(t); err == nil {
		if c.Map.ByID(id) == nil {
			return 0, errorf("there is no sector %d: sectors are numbered 1 to %d", id, len(c.Map.Sectors))
		}
		return id, nil
	}
	for _, sec := range c.Map.Sectors {
		if strings.EqualFold(sec.Name, t) {
			return sec.ID, nil
		}
	}
	var names []string
	for _, sec := range c.Map.Sectors {
		names = append(names, sec.Name)
	}
	return 0, errorf("no sector is called %q: use a number from 1 to %d or one of %s", t, len(c.Map.Sectors), strings.Join(names, ", "))
}

// ParseBattlegroup reads a battlegroup of side a player names: its number
// or its name (case ignored; the name must be unique).
func ParseBattlegroup(c *Campaign, side, text string) (int, error) {
	s := c.Side(side)
	if s == nil {
		return 0, errorf("no side %q in this campaign", side)
	}
	t := strings.TrimSpace(text)
	if id, err := strconv.Atoi(t); err == nil {
		if s.Battlegroup(id) == nil {
			return 0, errorf("you have no battlegroup %d: your battlegroups are %s", id, battlegroupList(s))
		}
		return id, nil
	}
	found := 0
	for _, b := range s.Battlegroups {
		if strings.EqualFold(b.Name, t) {
			if found != 0 {
				return 0, errorf("two battlegroups are called %q: use the number", t)
			}
			found = b.ID
		}
	}
	if found == 0 {
		return 0, errorf("no battlegroup is called %q: your battlegroups are %s", t, battlegroupList(s))
	}
	return found, nil
}
