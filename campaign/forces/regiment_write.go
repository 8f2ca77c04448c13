package forces

import (
	"bytes"
	"reflect"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// WriteRegiment writes r as a regiment file that ReadRegiment reads back
// as r: each counter in the form it was read in (generated from machines
// when quick generation gives exactly that counter, else printed), the
// RBG's standard trucks as supply_train, drops as drop: true on their
// lances. A counter made in code that neither form reproduces is written
// in the printed form, which keeps its line, experience, chits and crew.
func WriteRegiment(r Regiment) []byte {
	root := &yaml.Node{Kind: yaml.MappingNode}
	put := func(m *yaml.Node, key string, v *yaml.Node) {
		m.Content = append(m.Content, &yaml.Node{Kind: yaml.ScalarNode, Value: key}, v)
	}
	if r.ID != "" {
		put(root, "id", wStr(r.ID))
	}
	if r.Name != "" {
		put(root, "name", wStr(r.Name))
	}
	if r.Mercenary {
		put(root, "mercenary", &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!bool", Value: "true"})
	}
	if r.Budget != "" {
		put(root, "budget", wStr(r.Budget))
	}
	for _, kv := range []struct {
		key string
		v   int
	}{{"repair_points", r.RBG.RepairPoints}, {"line", r.Line}, {"mines", r.Special.MineAttack}, {"salvage", r.Special.Salvage}} {
		if kv.v != 0 {
			put(root, kv.key, wInt(kv.v))
		}
	}

	// The trucks: those at the end that are the standard truck counters
	// go in supply_train (read after the rbg groups), the rest in rbg
	// groups.
	split := len(r.RBG.Trucks)
	for split > 0 && isSupplyTruck(r.RBG.Trucks[split-1]) {
		split--
	}
	if train := r.RBG.Trucks[split:]; len(train) > 0 || len(r.RBG.Trucks) == 0 {
		seq := &yaml.Node{Kind: yaml.SequenceNode}
		if len(train) == 0 {
			seq.Style = yaml.FlowStyle
		}
		for _, u := range train {
			m := &yaml.Node{Kind: yaml.MappingNode, Style: yaml.FlowStyle}
			put(m, "name", wStr(u.Lance.Name))
			put(m, "machine", wStr(u.Lance.Members[0]))
			if u.Line != 0 {
				put(m, "line", wInt(u.Line))
			}
			seq.Content = append(seq.Content, m)
		}
		put(root, "supply_train", seq)
	}

	drops := dropMarks(r)
	groups := &yaml.Node{Kind: yaml.SequenceNode}
	addGroups := func(us []RosterUnit, marks []bool, rbg bool) {
		var g, units *yaml.Node
		for i, u := range us {
			if g == nil || i == 0 || us[i-1].Battalion != u.Battalion || us[i-1].Company != u.Company {
				g = &yaml.Node{Kind: yaml.MappingNode}
				if u.Battalion != "" {
					put(g, "battalion", wStr(u.Battalion))
				}
				if u.Company != "" {
					put(g, "company", wStr(u.Company))
				}
				if rbg {
					put(g, "rbg", &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!bool", Value: "true"})
				}
				units = &yaml.Node{Kind: yaml.SequenceNode}
				put(g, "units", units)
				groups.Content = append(groups.Content, g)
			}
			units.Content = append(units.Content, writeRegimentUnit(u, marks != nil && marks[i]))
		}
	}
	addGroups(r.Units, drops, false)
	addGroups(r.RBG.Trucks[:split], nil, true)
	if len(groups.Content) > 0 {
		put(root, "groups", groups)
	}
	if len(r.RBG.DropShips) > 0 {
		seq := &yaml.Node{Kind: yaml.SequenceNode}
		for _, u := range r.RBG.DropShips {
			m := &yaml.Node{Kind: yaml.MappingNode, Style: yaml.FlowStyle}
			put(m, "name", wStr(u.Lance.Name))
			machine := ""
			if len(u.Lance.Members) > 0 {
				machine = u.Lance.Members[0]
			}
			put(m, "machine", wStr(machine))
			put(m, "experience", wStr(u.Lance.Experience.String()))
			if u.Line != 0 {
				put(m, "line", wInt(u.Line))
			}
			if cs := u.Lance.Chits.Names(); len(cs) > 0 {
				put(m, "chits", wFlow(cs))
			}
			seq.Content = append(seq.Content, m)
		}
		put(root, "dropships", seq)
	}

	var b bytes.Buffer
	b.WriteString("# A BattleForce regiment file (bfbot; the format is described in campaign/forces/regiment_file.go).\n")
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(root); err != nil {
		// Only nodes built above are encoded; a failure is a bug here.
		panic("campaign: WriteRegiment: " + err.Error())
	}
	enc.Close()
	return b.Bytes()
}

// dropMarks marks the combat counters Special.Drops names: by label in
// counter order, each entry once, then entries that name a lance another
// way (unitNamed).
func dropMarks(r Regiment) []bool {
	marks := make([]bool, len(r.Units))
	left := map[string]int{}
	for _, d := range r.Special.Drops {
		left[d]++
	}
	for i, u := range r.Units {
		if l := UnitLabel(u); left[l] > 0 {
			left[l]--
			marks[i] = true
		}
	}
	for _, d := range r.Special.Drops {
		if left[d] == 0 {
			continue
		}
		left[d]--
		if u, ok := r.unitNamed(d); ok {
			for i := range r.Units {
				if !marks[i] && reflect.DeepEqual(r.Units[i], u) {
					marks[i] = true
					break
				}
			}
		}
	}
	return marks
}

// isSupplyTruck reports a truck counter that supply_train gives exactly.
func isSupplyTruck(u RosterUnit) bool {
	if u.Battalion != "" || u.Company != "" || u.Hidden || len(u.Lance.Members) == 0 {
		return false
	}
	s, err := supplyTruck(u.Lance.Name, u.Lance.Members[0])
	if err != nil {
		return false
	}
	s.Line = u.Line
	return reflect.DeepEqual(s, u)
}

// writeRegimentUnit writes one counter of a group.
func writeRegimentUnit(u RosterUnit, drop bool) *yaml.Node {
	m := &yaml.Node{Kind: yaml.MappingNode}
	put := func(key string, v *yaml.Node) {
		m.Content = append(m.Content, &yaml.Node{Kind: yaml.ScalarNode, Value: key}, v)
	}
	put("name", wStr(u.Lance.Name))
	if u.Line != 0 {
		put("line", wInt(u.Line))
	}
	chits := u.Lance.Chits
	quick := false
	if u.Counter == "" {
		q, err := quickUnit(u.Lance.Name, u.Lance.Members, u.Lance.Experience)
		quick = err == nil && sameUnit(q, u)
	}
	if quick {
		put("machines", wFlow(u.Lance.Members))
		put("experience", wStr(u.Lance.Experience.String()))
	} else {
		printed := u.Printed
		if printed == "" {
			printed = RosterValues(u.Lance)
		}
		put("values", wStr(printed))
		put("experience", wStr(u.Lance.Experience.String()))
		if u.Counter != "" {
			put("counter", wStr(u.Counter))
		}
		crew := make([]string, len(u.Crew))
		for i, p := range u.Crew {
			crew[i] = pilotText(p)
		}
		if len(crew) == 0 {
			// A counter made in code may have no crew: its machines (or
			// its name) crew it at its level, as quick generation does.
			for _, m := range u.Lance.Members {
				crew = append(crew, pilotText(Pilot{Mech: m, Experience: u.Lance.Experience}))
			}
			if len(crew) == 0 {
				crew = []string{pilotText(Pilot{Mech: u.Lance.Name, Experience: u.Lance.Experience})}
			}
			crew = crew[:min(len(crew), LanceSize)]
		}
		// The class is written only where the counter column does not
		// give it (ruling RF7).
		if q, err := parseRosterUnit(u.Lance.Name, printed, u.Lance.Experience.String(), u.Counter, crew); err != nil || !sameUnit(q, u) {
			put("class", wStr(u.Lance.Class.String()))
		}
		seq := &yaml.Node{Kind: yaml.SequenceNode}
		for _, c := range crew {
			seq.Content = append(seq.Content, wStr(c))
		}
		put("crew", seq)
		if strings.Contains(u.Counter, "ESR") {
			chits.Recon = false // the counter column gives it (F6)
		}
	}
	if cs := chits.Names(); len(cs) > 0 {
		put("chits", wFlow(cs))
	}
	if u.Hidden {
		put("hidden", &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!bool", Value: "true"})
	}
	if drop {
		put("drop", &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!bool", Value: "true"})
	}
	return m
}

// pilotText is a crew line as the rosters print it: "Name; Elite Marauder".
func pilotText(p Pilot) string {
	s := p.Experience.String()
	if s != "" {
		s = strings.ToUpper(s[:1]) + s[1:]
	}
	s += " " + p.Mech
	if p.Name != "" {
		s = p.Name + "; " + s
	}
	return s
}

// sameUnit reports that q, a counter generated from u's machines, is u
// once u's chits, place and flags are given to it.
func sameUnit(q, u RosterUnit) bool {
	q.Lance.Chits = u.Lance.Chits
	q.Battalion, q.Company, q.Line, q.Hidden = u.Battalion, u.Company, u.Line, u.Hidden
	return reflect.DeepEqual(q, u)
}

// wStr is a string value. Text that is not UTF-8 (only a regiment made in
// code can hold it) is written with replacement characters, which
// ReadRegiment then refuses by line.
func wStr(s string) *yaml.Node {
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: strings.ToValidUTF8(s, "\uFFFD")}
}

func wInt(v int) *yaml.Node {
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!int", Value: strconv.Itoa(v)}
}

func wFlow(ss []string) *yaml.Node {
	seq := &yaml.Node{Kind: yaml.SequenceNode, Style: yaml.FlowStyle}
	for _, s := range ss {
		seq.Content = append(seq.Content, wStr(s))
	}
	return seq
}
