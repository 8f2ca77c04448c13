package scenario

import (
	"fmt"
	"strings"

	"go.yaml.in/yaml/v3"

	"bfbot/internal/yamlnode"
	"bfbot/referee"
)

// The scenarios' special rules and victory conditions (000 lines
// 2104–2513) as file fields; the referee plays them (referee
// ScenarioRules, rulings SC1–SC12):
//
//	rules:    {initiative: each-turn, scavenging: true}
//	victory:  {turns: 12, salvage: {vp: 15, exited_only: true, left_to: SIDE,
//	           carrier_leaves: 2}, end_when_salvage_gone: true, stranded: SIDE,
//	           end_when_lifted_off: SIDE}
//	sides[i]: exit: {edge: west, vp: 5, mechs_only: false} (or a list of them;
//	          {space: true, vp: 10, per_mech: true}: carried off by DropShip)
//	          bounty: 10                  (extra VP to the enemy per unit destroyed)
//	          objectives: {"1508": 20}    (VP for holding a hex at the end)
//	          reinforcements: [{edge: west, turn: 1, roll: 11, units: [...]}]
//	units[j]: bounty: 10

// special returns the scenario rules, made on first use.
func (p *parser) special() *referee.ScenarioRules {
	if p.s.Scenario == nil {
		p.s.Scenario = &referee.ScenarioRules{}
	}
	return p.s.Scenario
}

// edge reads a map edge.
func edge(n *yaml.Node, path string) (referee.Edge, error) {
	s, err := yn.Str(n, path)
	if err != nil {
		return 0, err
	}
	e, ok := edges[strings.ToLower(s)]
	if !ok {
		return 0, errorf(n, path, "edge %q: use north, east, south or west", s)
	}
	return e, nil
}

// sideID reads the id of a side already read.
func (p *parser) sideID(n *yaml.Node, path string) (string, error) {
	id, err := yn.Str(n, path)
	if err != nil {
		return "", err
	}
	if p.s.Side(id) == nil {
		return "", errorf(n, path, "no side %q: use %s", id, p.sideList())
	}
	return id, nil
}

// victorySalvage reads victory.salvage: what salvage counters are worth.
func (p *parser) victorySalvage(n *yaml.Node) error {
	f, err := fields(n, "victory.salvage", "vp", "exited_only", "left_to", "carrier_leaves")
	if err != nil {
		return err
	}
	r := &p.special().Salvage
	if v, ok := f["vp"]; ok {
		if r.VP, err = yn.Int(v.Value, "victory.salvage.vp", 0, 1000); err != nil {
			return err
		}
		r.Set = true
	}
	if v, ok := f["exited_only"]; ok {
		if r.ExitedOnly, err = yn.Bool(v.Value, "victory.salvage.exited_only"); err != nil {
			return err
		}
	}
	if v, ok := f["carrier_leaves"]; ok {
		if r.CarrierLeaves, err = yn.Int(v.Value, "victory.salvage.carrier_leaves", 1, 10); err != nil {
			return err
		}
	}
	if v, ok := f["left_to"]; ok {
		p.late = append(p.late, func() error {
			r.LeftTo, err = p.sideID(v.Value, "victory.salvage.left_to")
			return err
		})
	}
	return nil
}

// sideSpecial reads a side's exit awards, bounty, objectives and
// reinforcements.
func (p *parser) sideSpecial(f map[string]field, path, side string, unitSeen map[string]string) error {
	if v, ok := f["exit"]; ok {
		items := []*yaml.Node{v.Value}
		if v.Value.Kind == yaml.SequenceNode {
			items = v.Value.Content
		}
		for i, n := range items {
			epath := path + ".exit"
			if v.Value.Kind == yaml.SequenceNode {
				epath = yamlnode.Index(epath, i)
			}
			ef, err := fields(n, epath, "edge", "vp", "mechs_only", "space", "per_mech")
			if err != nil {
				return err
			}
			a := referee.ExitAward{Side: side}
			for name, ptr := range map[string]*bool{"mechs_only": &a.MechsOnly, "space": &a.Space, "per_mech": &a.PerMech} {
				if e, ok := ef[name]; ok {
					if *ptr, err = yn.Bool(e.Value, epath+"."+name); err != nil {
						return err
					}
				}
			}
			if e, ok := ef["edge"]; ok {
				s, err := yn.Str(e.Value, epath+".edge")
				if err != nil {
					return err
				}
				if strings.ToLower(s) != "any" {
					if a.Edge, err = edge(e.Value, epath+".edge"); err != nil {
						return err
					}
				}
			} else if !a.Space {
				return errorf(n, epath+".edge", "missing: the edge units leave by (north, east, south, west or any), or space: true")
			}
			if e, ok := ef["vp"]; ok {
				if a.VP, err = yn.Int(e.Value, epath+".vp", 0, 1000); err != nil {
					return err
				}
			}
			p.special().Exits = append(p.special().Exits, a)
		}
	}
	if v, ok := f["bounty"]; ok {
		n, err := yn.Int(v.Value, path+".bounty", 0, 1000)
		if err != nil {
			return err
		}
		r := p.special()
		if r.SideBounty == nil {
			r.SideBounty = map[string]int{}
		}
		r.SideBounty[side] = n
	}
	if v, ok := f["objectives"]; ok {
		list, err := yn.Entries(v.Value, path+".objectives")
		if err != nil {
			return err
		}
		for _, e := range list {
			opath := fmt.Sprintf("%s.objectives[%q]", path, e.Key.Value)
			h, err := p.hexAt(e.Key, opath)
			if err != nil {
				return err
			}
			vp, err := yn.Int(e.Value, opath, 1, 1000)
			if err != nil {
				return err
			}
			p.special().Objectives = append(p.special().Objectives, referee.Objective{Side: side, Hex: h, VP: vp})
		}
	}
	if v, ok := f["reinforcements"]; ok {
		items, err := yn.List(v.Value, path+".reinforcements")
		if err != nil {
			return err
		}
		for i, n := range items {
			if err := p.reinforcement(n, yamlnode.Index(path+".reinforcements", i), side, unitSeen); err != nil {
				return err
			}
		}
	}
	return nil
}

// reinforcement reads one group of units that enters later at an edge:
// each unit's hex is where it enters, on that edge (SC2).
func (p *parser) reinforcement(n *yaml.Node, path, side string, unitSeen map[string]string) error {
	f, err := fields(n, path, "edge", "turn", "roll", "units")
	if err != nil {
		return err
	}
	g := referee.Reinforcement{Side: side, Turn: 1}
	e, ok := f["edge"]
	if !ok {
		return errorf(n, path+".edge", "missing: the edge the units enter by")
	}
	if g.Edge, err = edge(e.Value, path+".edge"); err != nil {
		return err
	}
	if v, ok := f["turn"]; ok {
		if g.Turn, err = yn.Int(v.Value, path+".turn", 1, 1000); err != nil {
			return err
		}
	}
	if v, ok := f["roll"]; ok {
		if g.Roll, err = yn.Int(v.Value, path+".roll", 2, 12); err != nil {
			return err
		}
	}
	un, ok := f["units"]
	if !ok {
		return errorf(n, path+".units", "missing: the units that enter")
	}
	units, err := yn.List(un.Value, path+".units")
	if err != nil {
		return err
	}
	if len(units) == 0 {
		return errorf(un.Value, path+".units", "a reinforcement has at least one unit")
	}
	for j, un := range units {
		upath := yamlnode.Index(path+".units", j)
		before := len(p.placements)
		u, idNode, err := p.unit(un, upath, side)
		if err != nil {
			return err
		}
		if !u.Class.Ground() {
			return errorf(un, upath, "%v units do not enter from an edge; put them with the side's units", u.Class)
		}
		if other, dup := unitSeen[u.ID]; dup {
			return errorf(idNode, upath+".id", "unit %s is also in %s: unit IDs are unique in the battle", u.ID, other)
		}
		unitSeen[u.ID] = upath
		if len(p.placements) == before {
			return errorf(un, upath+".hex", "missing: a reinforcement enters at a hex of its edge (no drop or aboard here)")
		}
		pl := p.placements[before]
		p.placements = p.placements[:before]
		if !referee.OnEdge(p.s.Map, pl.at, g.Edge) {
			return errorf(pl.node, pl.path, "hex %s is not on the %v edge the reinforcements enter by", pl.at, g.Edge)
		}
		u.Hex = pl.at
		g.Units = append(g.Units, u)
	}
	p.special().Reinforcements = append(p.special().Reinforcements, g)
	return nil
}
