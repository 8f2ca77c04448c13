package referee

import (
	"fmt"
	"maps"
	"strings"

	"bfbot/internal/cite"
	"bfbot/mapgen"
	"bfbot/mapgen/hex"
)

// Campaign battle rules (000 lines 2623–2659): the deployment zones of a
// contact (ruling R7) and the campaign's own condition for breaking off,
// four damage steps to the battlegroup (line 2653) instead of the
// scenario rule of line 2175 (ruling V4). Salvage, withdrawal by the
// retreat edge, capture and the 4–6 escape of salvage carriers are the
// rules every battle has (victory.go).

// CampaignRules are a campaign battle's additions to the rules; nil in a
// battle that is not part of a campaign.
//
// IMPORTANT: State.Clone shares the *CampaignRules between states, like
// the Map: nothing changes it once the battle is set up.
type CampaignRules struct {
	// Zones are where each unit may deploy, by unit ID; a unit without a
	// zone deploys anywhere.
	Zones map[string]Zone `json:"zones,omitempty"`
	// WithdrawAfterSteps: a side may declare a retreat once its units have
	// taken this many damage steps in this battle, in all (line 2653:
	// four; 0 for a battle fought by units that retreated into it, line
	// 2659).
	WithdrawAfterSteps int `json:"withdraw_after_steps,omitempty"`
	// StartSteps are the damage steps each unit had when the battle began;
	// only steps taken since count towards WithdrawAfterSteps.
	StartSteps map[string]int `json:"start_steps,omitempty"`
	// SetupFirst is the side that sets up before the other (000 line
	// 2629; setup_order.go), "" when both set up at once, in secret.
	SetupFirst string `json:"setup_first,omitempty"`
}

// clone returns a deep copy (nil stays nil).
func (r *CampaignRules) clone() *CampaignRules {
	if r == nil {
		return nil
	}
	c := *r
	c.Zones = maps.Clone(r.Zones)
	c.StartSteps = maps.Clone(r.StartSteps)
	return &c
}

// CampaignZoneDepth is how deep a deployment zone reaches into the map:
// three hexes from the edge (000 lines 2625, 2633).
const CampaignZoneDepth = 3

// Zone is a deployment zone. With an Edge it is the hexes within Depth
// hexes of that edge (the edge row is the first); without one (NoEdge) it
// is every hex at least Depth hexes from every edge, the prepared
// position's "anywhere but the first three hexes on any side" (line
// 2633). A zero Zone is the whole map.
//
// A Drop zone is a battlegroup that dropped into the sector this campaign
// turn (000 line 2639): its 'Mech lances are in orbit (Unit.Drop), their
// owner declares in secret the hex each lands on, anywhere on the map,
// before the battle starts, and they come down in the first game turn
// under the drop rules (drop.go; ruling DR21).
//
// Off[e-1] hexes in from edge e are left out of the zone: the corner an
// edge zone shares with the enemy's zone on an adjacent edge (ruling
// CB18).
type Zone struct {
	Edge  Edge   `json:"edge,omitempty"`
	Depth int    `json:"depth,omitempty"`
	Drop  bool   `json:"drop,omitempty"`
	Off   [4]int `json:"off,omitzero"`
}

// EdgeDistance is how many hexes h lies inside edge e of m: 0 on the
// edge row or column itself.
func EdgeDistance(m *mapgen.Map, h hex.Hex, e Edge) int {
	switch e {
	case North:
		return h.Y
	case South:
		return m.Height - 1 - h.Y
	case West:
		return h.X
	case East:
		return m.Width - 1 - h.X
	}
	return 0
}

// Contains reports whether h, a hex of m, lies in the zone.
func (z Zone) Contains(m *mapgen.Map, h hex.Hex) bool {
	if !m.Contains(h) {
		return false
	}
	for e := North; e <= West; e++ {
		if EdgeDistance(m, h, e) < z.Off[e-1] {
			return false
		}
	}
	if z.Edge != NoEdge {
		return EdgeDistance(m, h, z.Edge) < z.Depth
	}
	for _, e := range []Edge{North, East, South, West} {
		if EdgeDistance(m, h, e) < z.Depth {
			return false
		}
	}
	return true
}

// Overlaps reports whether a hex of m lies in both zones. A Drop zone
// overlaps nothing: its lances are placed at no hex before the battle
// starts (they declare where they land, deployDrop).
func (z Zone) Overlaps(m *mapgen.Map, o Zone) bool {
	if z.Drop || o.Drop {
		return false
	}
	for _, h := range m.Hexes() {
		if z.Contains(m, h) && o.Contains(m, h) {
			return true
		}
	}
	return false
}

// String names the zone for a player.
func (z Zone) String() string {
	switch {
	case z.Drop:
		return "by a drop from orbit in turn 1, onto hexes you choose in secret anywhere on the map (" + cite.Book(2639) + ")"
	case z.Edge != NoEdge:
		return fmt.Sprintf("within %d hexes of the %v edge", z.Depth, z.Edge) + z.offText()
	case z.Depth > 0:
		return fmt.Sprintf("anywhere at least %d hexes from every edge", z.Depth) + z.offText()
	}
	return "anywhere on the map" + z.offText()
}

// offText names the hexes left out of the zone (Off): ", but not within
// 3 hexes of the north edge", or "" when none is.
func (z Zone) offText() string {
	var off []string
	for e := North; e <= West; e++ {
		if n := z.Off[e-1]; n > 0 {
			off = append(off, fmt.Sprintf("within %d hexes of the %v edge", n, e))
		}
	}
	if len(off) == 0 {
		return ""
	}
	return ", but not " + strings.Join(off, " or ")
}

// zoneError says why u may not deploy in h: outside its zone (R7).
func (b *battle) zoneError(u *Unit, h hex.Hex) error {
	r := b.s.Campaign
	if r == nil {
		return nil
	}
	z, ok := r.Zones[u.ID]
	if !ok || z.Contains(b.s.Map, h) {
		return nil
	}
	return illegal("%s deploys %s; hex %s is outside", u.ID, z, h)
}

// validDeploys lists the deploy actions open to a unit before the battle
// starts: every hex of its zone a ground unit or DropShip in reserve may
// stand in, or every hex a unit dropping at the start may land on.
func validDeploys(s *State, u *Unit) []Action {
	if s.Phase != PhaseDeploy || u.Status != Reserve || u.Aboard != "" || u.Class.Kind() == KindAir || (u.Drop && !dropsAtStart(s, u)) || s.SetupWait(u.Side) != nil || (!u.Drop && weatherDeployError(s, u) != nil) {
		return nil
	}
	b := &battle{s: s, side: u.Side}
	zone, zoned := Zone{}, false
	if s.Campaign != nil {
		zone, zoned = s.Campaign.Zones[u.ID]
	}
	var out []Action
	for _, h := range s.Map.Hexes() {
		var err error
		switch {
		case !u.Drop && zoned && !zone.Contains(s.Map, h):
			continue // deployError refuses it (zoneError); no need to say why
		case u.Drop:
			err = dropTargetError(s, u, h, deployKnownAt(s, u.Side, h))
		default:
			err = b.deployError(u, h)
		}
		if err == nil {
			out = append(out, Action{Kind: ActDeploy, Side: u.Side, Unit: u.ID, To: h})
		}
	}
	return out
}

// dropsAtStart reports a unit of a battlegroup that dropped into the
// sector this campaign turn: it lands in turn 1 on the hex its owner
// declares at set-up (a Drop zone; 000 line 2639).
func dropsAtStart(s *State, u *Unit) bool {
	return u.Drop && s.Campaign != nil && s.Campaign.Zones[u.ID].Drop
}

// MustDeploy reports a unit that must be deployed before the battle
// starts: a ground unit or DropShip in reserve (a DropShip at a contact
// stands landed, ruling DR22), and a unit dropping at the start that has
// no drop hex yet. Air units enter later; units in orbit for a later drop
// or aboard a DropShip arrive later.
func (s *State) MustDeploy(u *Unit) bool {
	switch {
	case u.Status != Reserve || u.Aboard != "" || u.Class.Kind() == KindAir:
		return false
	case u.Drop:
		return dropsAtStart(s, u) && u.DropTurn == 0
	}
	return true
}

// Deployed reports whether every unit that must be deployed when the
// battle starts is (Start's condition; MustDeploy).
func (s *State) Deployed() bool {
	for i := range s.Units {
		if s.MustDeploy(s.Units[i]) {
			return false
		}
	}
	return true
}

// StepsTaken is how many damage steps side's units have taken in this
// battle: a destroyed unit counts the steps it had left.
func (s *State) StepsTaken(side string) int {
	n := 0
	for _, u := range s.Units {
		if u.Side != side {
			continue
		}
		start := 0
		if s.Campaign != nil {
			start = s.Campaign.StartSteps[u.ID]
		}
		n += max(u.Step-start, 0)
	}
	return n
}

// campaignRetreatError says why a side may not yet break off a campaign
// battle: its units have taken fewer damage steps than the rule asks
// (line 2653).
func (b *battle) campaignRetreatError(side *Side) error {
	r := b.s.Campaign
	if n := b.s.StepsTaken(side.ID); n < r.WithdrawAfterSteps {
		return illegal("%s may not withdraw yet: its units have taken %d damage steps in this battle and %d are needed first", side.Name, n, r.WithdrawAfterSteps)
	}
	return nil
}
