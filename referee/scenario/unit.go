package scenario

import (
	"strings"

	"go.yaml.in/yaml/v3"

	"bfbot/internal/cite"
	"bfbot/internal/consoleline"
	"bfbot/internal/yamlnode"
	"bfbot/referee"
)

// unit reads one unit of a side. Its values come from the catalog (quick
// lance generation), from values: (step 0; overburn and steps derived by
// R5 and the step table) or from rows: (the four printed rows).
func (p *parser) unit(n *yaml.Node, path, side string) (referee.Unit, *yaml.Node, error) {
	var u referee.Unit
	f, err := fields(n, path, "id", "name", "class", "catalog", "values", "rows", "experience", "step", "hex", "chits", "hidden", "salvage", "bounty", "drop", "aboard")
	if err != nil {
		return u, nil, err
	}
	idf, ok := f["id"]
	if !ok {
		return u, nil, errorf(n, path+".id", "missing: each unit has an id (A1, B2, …) that commands name it by")
	}
	if u.ID, err = yn.Str(idf.Value, path+".id"); err != nil {
		return u, nil, err
	}
	if !consoleline.ValidName(u.ID) {
		return u, nil, errorf(idf.Value, path+".id", "%q: use letters, digits, - and _", u.ID)
	}
	u.Side, u.Experience = side, referee.Regular

	var lance *referee.Class
	if v, ok := f["class"]; ok {
		s, err := yn.Str(v.Value, path+".class")
		if err != nil {
			return u, nil, err
		}
		c, err := referee.ParseClass(s)
		if err != nil {
			return u, nil, wrap(v.Value, path+".class", err)
		}
		lance = &c
	}
	cat, hasCat := f["catalog"]
	vals, hasVals := f["values"]
	rows, hasRows := f["rows"]
	switch {
	case hasCat && (hasVals || hasRows):
		k := cat.Key
		return u, nil, errorf(k, path+".catalog", "give the unit's machines (catalog) or its values, not both")
	case hasCat:
		names, _, err := stringList(cat.Value, path+".catalog")
		if err != nil {
			return u, nil, err
		}
		l, err := QuickLance(names)
		if err != nil {
			return u, nil, wrap(cat.Value, path+".catalog", err)
		}
		u.Class = l.Class
		if lance != nil {
			if err := l.fitsClass(*lance); err != nil {
				return u, nil, errorf(f["class"].Value, path+".class", "%v", err)
			}
			u.Class = *lance
		}
		u.Rows = referee.DeriveSteps(referee.Values{RA: l.RA, CA: l.CA, D: l.D})
		u.Range, u.MinRange, u.MP, u.Jump = l.R, l.MinRange, l.MP, l.Jump
		u.Indirect = l.Indirect || u.Class.Info().Indirect
		if hasOverburnRow(u.Class) {
			u.OverburnRA = l.RA + referee.StepDecrement(l.RA) // R5
		}
		u.Name = strings.Join(l.Names, ", ")
	default:
		if lance == nil {
			return u, nil, errorf(n, path+".class", "missing: name the class (e.g. heavy-mech) or the machines (catalog: [Atlas, …])")
		}
		u.Class = *lance
		if !hasVals {
			return u, nil, errorf(n, path+".values", "missing: give {ra, ca, d, r, mp} (or catalog: the machines)")
		}
		if err := p.values(&u, vals.Value, path+".values", rows, hasRows); err != nil {
			return u, nil, err
		}
	}
	info := u.Class.Info()
	if v, ok := f["name"]; ok {
		if u.Name, err = yn.Str(v.Value, path+".name"); err != nil {
			return u, nil, err
		}
	}
	if u.Name == "" {
		u.Name = info.Name
	}
	if v, ok := f["experience"]; ok {
		s, err := yn.Str(v.Value, path+".experience")
		if err != nil {
			return u, nil, err
		}
		if u.Experience, err = referee.ParseExperience(s); err != nil {
			return u, nil, wrap(v.Value, path+".experience", err)
		}
	}
	if v, ok := f["step"]; ok {
		if u.Step, err = yn.Int(v.Value, path+".step", 0, info.Steps-1); err != nil {
			return u, nil, err
		}
	}
	if v, ok := f["chits"]; ok {
		if err := chits(&u, v.Value, path+".chits"); err != nil {
			return u, nil, err
		}
	}
	if v, ok := f["hidden"]; ok {
		if u.Hidden, err = yn.Bool(v.Value, path+".hidden"); err != nil {
			return u, nil, err
		}
		if u.Hidden && u.Class.Kind() != referee.KindInfantry {
			return u, nil, errorf(v.Value, path+".hidden", "only infantry is placed hidden (%s); %s is %v", cite.Book(1050), u.ID, u.Class)
		}
	}
	if v, ok := f["salvage"]; ok {
		// A unit carries one salvage counter at most (000 line 2647; V3).
		if u.Salvage, err = yn.Int(v.Value, path+".salvage", 0, 1); err != nil {
			return u, nil, err
		}
		if u.Salvage > 0 && !u.Class.Ground() {
			return u, nil, errorf(v.Value, path+".salvage", "%v units do not carry salvage", u.Class)
		}
	}
	if v, ok := f["bounty"]; ok {
		// Extra VP to the enemy when it is destroyed (000 lines 2243, 2305).
		n, err := yn.Int(v.Value, path+".bounty", 0, 1000)
		if err != nil {
			return u, nil, err
		}
		r := p.special()
		if r.Bounty == nil {
			r.Bounty = map[string]int{}
		}
		r.Bounty[u.ID] = n
	}
	later, err := p.arrivesLater(&u, f, path)
	if err != nil {
		return u, nil, err
	}
	if v, ok := f["hex"]; ok {
		if later {
			return u, nil, errorf(v.Key, path+".hex", "%s comes later (drop or aboard): it has no hex at the start", u.ID)
		}
		h, err := p.hexAt(v.Value, path+".hex")
		if err != nil {
			return u, nil, err
		}
		p.placements = append(p.placements, placement{unit: u.ID, at: h, node: v.Value, path: path + ".hex"})
	} else if u.Class.Ground() && !later {
		return u, nil, errorf(n, path+".hex", "missing: ground units start on the map (hex: \"0314\")")
	}
	return u, idf.Value, nil
}

// values reads a unit's counter values: step 0 {ra, ca, d} or the four
// printed rows, and r, mp, with optional min_range, overburn (the red
// row's RA when it differs from R5's), jump and indirect.
func (p *parser) values(u *referee.Unit, n *yaml.Node, path string, rows field, hasRows bool) error {
	f, err := fields(n, path, "ra", "ca", "d", "r", "mp", "min_range", "overburn", "jump", "indirect")
	if err != nil {
		return err
	}
	num := func(name string, required bool, lo, hi int) (int, bool, error) {
		v, ok := f[name]
		if !ok {
			if required {
				return 0, false, errorf(n, path+"."+name, "missing")
			}
			return 0, false, nil
		}
		x, err := yn.Int(v.Value, path+"."+name, lo, hi)
		return x, true, err
	}
	var full referee.Values
	var given [3]bool
	for i, ptr := range []*int{&full.RA, &full.CA, &full.D} {
		name := []string{"ra", "ca", "d"}[i]
		if *ptr, given[i], err = num(name, !hasRows, 0, 99); err != nil {
			return err
		}
	}
	if hasRows {
		if u.Rows, err = readRows(rows.Value, strings.TrimSuffix(path, ".values")+".rows"); err != nil {
			return err
		}
		got := []int{full.RA, full.CA, full.D}
		row := []int{u.Rows[0].RA, u.Rows[0].CA, u.Rows[0].D}
		for i := range got {
			if given[i] && got[i] != row[i] {
				name := []string{"ra", "ca", "d"}[i]
				return errorf(f[name].Value, path+"."+name, "%d differs from rows[0] (%d): give step 0 once", got[i], row[i])
			}
		}
	} else {
		u.Rows = referee.DeriveSteps(full)
	}
	if u.Range, _, err = num("r", true, 0, 99); err != nil {
		return err
	}
	if u.MP, _, err = num("mp", true, 0, 99); err != nil {
		return err
	}
	if u.MinRange, _, err = num("min_range", false, 0, 99); err != nil {
		return err
	}
	ob, hasOB, err := num("overburn", false, 0, 99)
	if err != nil {
		return err
	}
	switch {
	case hasOB && !hasOverburnRow(u.Class):
		return errorf(f["overburn"].Value, path+".overburn", "%v counters have no overburn row (%s; ruling V14)", u.Class, cite.Book(687, 2124))
	case hasOB:
		u.OverburnRA = ob
	case hasOverburnRow(u.Class):
		u.OverburnRA = u.Rows[0].RA + referee.StepDecrement(u.Rows[0].RA) // R5
	}
	u.Indirect = u.Class.Info().Indirect
	for name, ptr := range map[string]*bool{"jump": &u.Jump, "indirect": &u.Indirect} {
		if v, ok := f[name]; ok {
			b, err := yn.Bool(v.Value, path+"."+name)
			if err != nil {
				return err
			}
			*ptr = *ptr || b
		}
	}
	return nil
}

// readRows reads the four printed rows [[ra, ca, d], …] of steps 0–3.
func readRows(n *yaml.Node, path string) ([4]referee.Values, error) {
	var out [4]referee.Values
	items, err := yn.List(n, path)
	if err != nil {
		return out, err
	}
	if len(items) != 4 {
		return out, errorf(n, path, "want the four rows of steps 0 to 3, found %d", len(items))
	}
	for i, r := range items {
		rpath := yamlnode.Index(path, i)
		cells, err := yn.List(r, rpath)
		if err != nil {
			return out, err
		}
		if len(cells) != 3 {
			return out, errorf(r, rpath, "want [ra, ca, d], found %d numbers", len(cells))
		}
		var v [3]int
		for j, c := range cells {
			if v[j], err = yn.Int(c, yamlnode.Index(rpath, j), 0, 99); err != nil {
				return out, err
			}
		}
		out[i] = referee.Values{RA: v[0], CA: v[1], D: v[2]}
	}
	return out, nil
}

// chits reads the variation chits (000 lines 1279–1353): firepower+N,
// armor+N, recon, ecm, aep, extra-mech, jump (twice for an Assault lance),
// bombN (air units, in fives). Each kind but jump is held once.
func chits(u *referee.Unit, n *yaml.Node, path string) error {
	names, nodes, err := stringList(n, path)
	if err != nil {
		return err
	}
	c, i, err := referee.ParseChits(names, u.Class)
	if err != nil {
		return errorf(nodes[i], yamlnode.Index(path, i), "%v", err)
	}
	u.Chits = c
	return nil
}

// hasOverburnRow reports a counter with a red overburn row: 'Mech lances.
// Vehicles overburn too (000 line 689) but print no overburn value, so
// they cost their step-0 RA (000 line 2124; ruling V14).
func hasOverburnRow(c referee.Class) bool {
	return c.Info().Overburn && c.Kind() == referee.KindMech
}

// arrivesLater reads drop: (kept in orbit: true, or {turn: N, hex:
// "XXYY"} for a drop declared at set-up, 000 lines 733, 1214; the drop
// rules are the referee's, rulings DR*) and aboard: (the ID of a DropShip
// of the side that carries the unit at the start, 000 line 1257).
func (p *parser) arrivesLater(u *referee.Unit, f map[string]field, path string) (bool, error) {
	v, hasDrop := f["drop"]
	a, hasAboard := f["aboard"]
	if hasDrop && hasAboard {
		return false, errorf(a.Key, path+".aboard", "a unit drops from orbit or rides a DropShip, not both")
	}
	if hasAboard {
		id, err := yn.Str(a.Value, path+".aboard")
		if err != nil {
			return false, err
		}
		u.Aboard = id
		unit := u.ID
		p.late = append(p.late, func() error {
			ds := p.s.Unit(id)
			me := p.s.Unit(unit)
			switch {
			case ds == nil || ds.Class.Kind() != referee.KindDropShip || ds.Side != me.Side:
				return errorf(a.Value, path+".aboard", "%q is not a DropShip of %s's side", id, unit)
			case !me.Class.Ground() && me.Class.Kind() != referee.KindAir:
				return errorf(a.Value, path+".aboard", "%v units do not ride DropShips", me.Class)
			}
			return nil
		})
		return true, nil
	}
	if !hasDrop {
		return false, nil
	}
	if k := u.Class.Kind(); k != referee.KindMech && k != referee.KindDropShip {
		return false, errorf(v.Key, path+".drop", "only 'Mech lances and DropShips drop (%s); %s is %v", cite.Book(731, 1214), u.ID, u.Class)
	}
	u.Drop = true
	if v.Value.Kind == yaml.ScalarNode {
		on, err := yn.Bool(v.Value, path+".drop")
		if err != nil {
			return false, err
		}
		u.Drop = on
		return on, nil
	}
	df, err := fields(v.Value, path+".drop", "turn", "hex")
	if err != nil {
		return false, err
	}
	t, ok := df["turn"]
	h, okHex := df["hex"]
	if !ok || !okHex {
		return false, errorf(v.Value, path+".drop", "give both turn and hex for a drop declared at set-up, or drop: true")
	}
	if u.DropTurn, err = yn.Int(t.Value, path+".drop.turn", 1, 1000); err != nil {
		return false, err
	}
	if u.DropAt, err = p.hexAt(h.Value, path+".drop.hex"); err != nil {
		return false, err
	}
	return true, nil
}
