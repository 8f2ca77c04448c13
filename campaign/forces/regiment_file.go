package forces

import (
	"errors"
	"fmt"
	"regexp"
	"strings"

	"bfbot/internal/cite"
	"bfbot/internal/editdist"
	"bfbot/internal/usertext"
	"bfbot/internal/yamlnode"
	"bfbot/referee"

	"go.yaml.in/yaml/v3"
)

// Regiment files: ReadRegiment, WriteRegiment, CheckRegiment.
//
// A side's regiment is built in, bought with purchase points, or imported
// A regiment file is the one form for all three: the built-in
// rosters (data/rosters/*.yaml) are regiment files, `bfbot force export`
// writes one as a template, and a player writes or edits one and hands it
// to the bot. YAML (or JSON, which is YAML):
//
//	id: harlech-guard            # 1-20 lowercase letters, digits, hyphens
//	name: Harlech Guard          # one line, at most 60 characters (internal/usertext)
//	mercenary: false             # morale from 30, not 50 (004 line 183)
//	budget: heavy                # optional: heavy | medium | light (lines 1951-1953)
//	repair_points: 50            # 25-100 (line 2669); 0 or left out: the campaign's setting
//	line: 0                      # optional: the seed line of a printed roster
//	mines: 10                    # mine attack points bought, in fives (line 2050)
//	salvage: 1                   # Salvage counters bought (line 2046)
//	supply_train:                # the RBG's trucks by machine, four to a counter, Regular
//	  - {name: Ordnance Truck, machine: Ordnance Transport}
//	groups:                      # a company (or headquarters) each
//	  - battalion: First Battalion   # "" or left out: the regiment's own units
//	    company: Able Company        # "" or left out: the battalion's headquarters
//	    rbg: false                   # true: the units are the RBG's truck counters
//	    units:
//	      - name: Command Lance            # quick generation (lines 1697-1711)
//	        machines: [Atlas, Atlas, Stalker, Zeus]
//	        experience: veteran
//	        chits: [firepower+2]           # variation chits (lines 1279-1353)
//	        drop: true                     # kept in space for a drop (lines 2040-2042)
//	      - name: Fire Lance               # the rosters' printed form (line 2780)
//	        values: "9(9)/6-3 4"           # RA(CA)/D-R MP, as RosterValues prints it
//	        experience: regular
//	        counter: "Type 2 Heavy"        # the counter column: sets the class (F5)
//	        crew: ["Jo Kell; Veteran Archer", "Regular Archer"]
//	      - name: Guard Platoon            # a class the counter column cannot give
//	        values: "3(6)/5-1 1"
//	        class: infantry                # any unit class: infantry, jump-infantry, sniper, …
//	        experience: green
//	        crew: ["Green Foot Platoon"]
//	        hidden: true                   # hidden infantry, kept with the RBG (line 2054)
//	dropships:                   # the RBG's DropShips (lines 2060-2062)
//	  - {name: Bull Run, machine: Union, experience: regular}   # experience defaults to regular
//
// A unit is either printed (values, counter, crew: the rosters' form; an
// optional class where the counter column cannot say it) or generated
// (machines), never both; name and experience are required;
// "line" is an optional seed line. Chits are firepower+N, armor+N, recon,
// ecm, aep, extra-mech, jump (once per chit) and bombN (air lances, in
// fives). Without supply_train and without an rbg group the RBG gets the
// standard supply train of lines 2000-2004 (ruling RF4). Unknown fields,
// anchors and aliases are refused; every error names the line and field.
//
// Reading only parses; CheckRegiment decides whether the regiment may
// take the field, and with a budget it is also the purchase-points check
// (ValidateRegiment). ReadRegimentChecked does both.

// MaxRegimentFileBytes bounds a regiment file: the Bandits' roster, 37
// lances with every MechWarrior named, is under 20 KiB.
const MaxRegimentFileBytes = 256 << 10

// MaxRegimentCounters bounds the counters of a regiment (combat counters,
// RBG trucks and DropShips): the book's regiments have about 40.
const MaxRegimentCounters = 200

// The kinds of hand-written text that are not names (names take
// usertext's kinds): checked the same way, with their own lengths.
var (
	rfValues = usertext.Kind{What: "line of values", Max: 100} // a values line, a counter column
	rfChit   = usertext.Kind{What: "chit", Max: 40}
)

// Bounds on hand-written values.
const (
	maxRegimentID      = 20
	maxUnitChits       = 16
	maxRegimentMines   = 1000
	maxRegimentSalvage = 100
	maxRegimentRepair  = 1000 // Settings.RepairPoints' bound
	maxRegimentLine    = 100000
)

// ErrRegimentFile matches every error ReadRegiment and ReadRegimentChecked
// return.
var ErrRegimentFile = errors.New("bad regiment file")

// RegimentFileError is a mistake in a regiment file: the line (1-based; 0
// when the file as a whole is wrong), the field as a path
// ("groups[1].units[0].values") and what is wrong. It matches
// ErrRegimentFile with errors.Is.
type RegimentFileError struct {
	Line  int
	Field string
	Msg   string

	// A mistake inside a unit that gives its seed line keeps that line,
	// the unit's name and the bare cause, so the built-in rosters report
	// by seed line (parseRoster).
	seedLine int
	unit     string
	cause    error
}

func (e *RegimentFileError) Error() string {
	return "regiment file: " + (&yamlnode.Error{Line: e.Line, Field: e.Field, Msg: e.Msg}).Error()
}

// Unwrap makes errors.Is(err, ErrRegimentFile) hold.
func (e *RegimentFileError) Unwrap() error { return ErrRegimentFile }

// RegimentProblemsError lists every reason a regiment read from a file
// may not take the field (CheckRegiment). It matches ErrRegimentFile, and
// each problem, with errors.Is.
type RegimentProblemsError struct {
	Problems []error
}

func (e *RegimentProblemsError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "the regiment may not take the field (%d problem", len(e.Problems))
	if len(e.Problems) != 1 {
		b.WriteString("s")
	}
	b.WriteString(")")
	for _, p := range e.Problems {
		b.WriteString("\n- " + p.Error())
	}
	return b.String()
}

// Unwrap makes errors.Is match ErrRegimentFile and each problem.
func (e *RegimentProblemsError) Unwrap() []error {
	return append([]error{ErrRegimentFile}, e.Problems...)
}

// rf reads regiment files' nodes; found values are shortened as in .mtf
// messages.
var rf = yamlnode.Reader{Short: mtfShort}

func rfErr(n *yaml.Node, field, format string, a ...any) *RegimentFileError {
	e := yamlnode.Errorf(n, field, format, a...)
	return &RegimentFileError{Line: e.Line, Field: e.Field, Msg: e.Msg}
}

// The keys of each mapping, in the order messages list them.
var (
	regimentFields    = []string{"id", "name", "mercenary", "budget", "repair_points", "line", "mines", "salvage", "supply_train", "groups", "dropships"}
	regimentGroup     = []string{"battalion", "company", "rbg", "line", "units"}
	regimentUnit      = []string{"name", "line", "values", "counter", "class", "crew", "machines", "experience", "chits", "hidden", "drop"}
	regimentSupply    = []string{"name", "machine", "line"}
	regimentDropShip  = []string{"name", "machine", "experience", "line", "chits"}
	regimentIDPattern = regexp.MustCompile(`^[a-z0-9][a-z0-9-]*$`)
)

// standardSupplyTrain is the supply train every regiment comes with (lines
// 2000-2004), as the Lancers' roster gives it (ruling F7).
var standardSupplyTrain = []struct {
	line          int
	name, machine string
}{
	{2002, "Ordnance Truck", "Ordnance Transport"},
	{2003, "Coolant Truck", "Coolant Truck"},
	{2004, "Mobile Headquarters", "Mobile Headquarters"},
}

// ReadRegiment reads a regiment file. It checks what each field holds
// (types, ranges, units that can be built, chits, hidden infantry and
// drops on the right counters, the size bounds) but not whether the
// regiment may take the field: that is CheckRegiment, or
// ReadRegimentChecked. Every error is a *RegimentFileError naming the
// line and field, and matches ErrRegimentFile.
func ReadRegiment(data []byte) (Regiment, error) {
	r, err := readRegiment(data)
	if err != nil {
		var ye *yamlnode.Error
		if errors.As(err, &ye) {
			err = &RegimentFileError{Line: ye.Line, Field: ye.Field, Msg: ye.Msg}
		}
		return Regiment{}, err
	}
	return r, nil
}

// ReadRegimentChecked reads a regiment file and runs CheckRegiment on it
// (with the file's budget, if it names one). On problems the error is a
// *RegimentProblemsError listing every one, and the regiment as read is
// returned with it so its costs can be shown.
func ReadRegimentChecked(data []byte) (Regiment, error) {
	r, err := ReadRegiment(data)
	if err != nil {
		return r, err
	}
	if errs := CheckRegiment(r); len(errs) > 0 {
		return r, &RegimentProblemsError{Problems: errs}
	}
	return r, nil
}

// regimentReading is the state of one read: the regiment so far and its
// count of counters.
type regimentReading struct {
	r        Regiment
	counters int
}

func (rd *regimentReading) count(n *yaml.Node, path string) error {
	rd.counters++
	if rd.counters > MaxRegimentCounters {
		return rfErr(n, path, "more than %d counters: the book's regiments have about 40 (%s)", MaxRegimentCounters, cite.Span(1869, 1871))
	}
	return nil
}

func readRegiment(data []byte) (Regiment, error) {
	if len(data) > MaxRegimentFileBytes {
		return Regiment{}, &RegimentFileError{Msg: fmt.Sprintf("the file is %d bytes, over the %d-byte limit for a regiment file", len(data), MaxRegimentFileBytes)}
	}
	root, err := yamlnode.Document(data,
		"the file is empty: give id, name and groups (bfbot force export crucis writes an example)",
		"a second YAML document (---): a file holds one regiment")
	if err != nil {
		return Regiment{}, err
	}
	if err := yamlnode.Plain(root, ""); err != nil {
		return Regiment{}, err
	}
	fs, err := rfFields(root, "", regimentFields...)
	if err != nil {
		return Regiment{}, err
	}
	rd := &regimentReading{}
	r := &rd.r
	if f, ok := fs["id"]; ok {
		if r.ID, err = rfText(f.Value, "id", usertext.ID); err != nil {
			return Regiment{}, err
		}
		if err := referee.ReservedSideIDError(r.ID); err != nil { // ruling SE3
			return Regiment{}, rfErr(f.Value, "id", "%v", err)
		}
	}
	if f, ok := fs["name"]; ok {
		if r.Name, err = rfText(f.Value, "name", usertext.Regiment); err != nil {
			return Regiment{}, err
		}
	}
	if f, ok := fs["mercenary"]; ok {
		if r.Mercenary, err = rf.Bool(f.Value, "mercenary"); err != nil {
			return Regiment{}, err
		}
	}
	if f, ok := fs["budget"]; ok {
		s, err := rf.Str(f.Value, "budget")
		if err != nil {
			return Regiment{}, err
		}
		b, err := ParseBudget(s)
		if err != nil {
			return Regiment{}, rfErr(f.Value, "budget", "%v (%s); leave budget out for an imported force", err, cite.Span(1951, 1953))
		}
		r.Budget = budgetKey(b)
	}
	ints := []struct {
		key string
		to  *int
		hi  int
	}{
		{"repair_points", &r.RBG.RepairPoints, maxRegimentRepair},
		{"line", &r.Line, maxRegimentLine},
		{"mines", &r.Special.MineAttack, maxRegimentMines},
		{"salvage", &r.Special.Salvage, maxRegimentSalvage},
	}
	for _, in := range ints {
		if f, ok := fs[in.key]; ok {
			if *in.to, err = rf.Int(f.Value, in.key, 0, in.hi); err != nil {
				return Regiment{}, err
			}
		}
	}
	if f, ok := fs["mines"]; ok {
		if _, err := MineCost(r.Special.MineAttack); err != nil {
			return Regiment{}, rfErr(f.Value, "mines", "%v (%s)", err, cite.Book(2050))
		}
	}

	rbgGroups := false
	if f, ok := fs["groups"]; ok && !isNull(f.Value) {
		groups, err := rf.List(f.Value, "groups")
		if err != nil {
			return Regiment{}, err
		}
		for i, g := range groups {
			isRBG, err := rd.group(g, yamlnode.Index("groups", i))
			if err != nil {
				return Regiment{}, err
			}
			rbgGroups = rbgGroups || isRBG
		}
	}
	if f, ok := fs["supply_train"]; ok {
		if err := rd.supplyTrain(f.Value); err != nil {
			return Regiment{}, err
		}
	} else if !rbgGroups {
		// Every regiment has a supply train (lines 2000-2004): a file that
		// gives none gets the standard one (ruling RF4).
		for _, s := range standardSupplyTrain {
			u, err := supplyTruck(s.name, s.machine)
			if err != nil {
				return Regiment{}, err
			}
			u.Line = s.line
			if err := rd.count(root, ""); err != nil {
				return Regiment{}, err
			}
			r.RBG.Trucks = append(r.RBG.Trucks, u)
		}
	}
	if f, ok := fs["dropships"]; ok && !isNull(f.Value) {
		items, err := rf.List(f.Value, "dropships")
		if err != nil {
			return Regiment{}, err
		}
		for i, item := range items {
			path := yamlnode.Index("dropships", i)
			if err := rd.count(item, path); err != nil {
				return Regiment{}, err
			}
			u, err := readDropShip(item, path)
			if err != nil {
				return Regiment{}, err
			}
			r.RBG.DropShips = append(r.RBG.DropShips, u)
		}
	}
	return rd.r, nil
}

// group reads one company: its units go to the regiment, or to the RBG's
// trucks for an rbg group. It reports whether the group is an rbg group.
func (rd *regimentReading) group(n *yaml.Node, path string) (bool, error) {
	fs, err := rfFields(n, path, regimentGroup...)
	if err != nil {
		return false, err
	}
	var battalion, company string
	if f, ok := fs["battalion"]; ok {
		if battalion, err = rfOptText(f.Value, yamlnode.Join(path, "battalion"), usertext.Battlegroup); err != nil {
			return false, err
		}
	}
	if f, ok := fs["company"]; ok {
		if company, err = rfOptText(f.Value, yamlnode.Join(path, "company"), usertext.Company); err != nil {
			return false, err
		}
	}
	isRBG := false
	if f, ok := fs["rbg"]; ok {
		if isRBG, err = rf.Bool(f.Value, yamlnode.Join(path, "rbg")); err != nil {
			return false, err
		}
	}
	if f, ok := fs["line"]; ok {
		// The company heading's seed line: a note for the reader of the
		// roster, not kept.
		if _, err := rf.Int(f.Value, yamlnode.Join(path, "line"), 0, maxRegimentLine); err != nil {
			return false, err
		}
	}
	f, ok := fs["units"]
	if !ok || isNull(f.Value) {
		return isRBG, nil
	}
	upath := yamlnode.Join(path, "units")
	items, err := rf.List(f.Value, upath)
	if err != nil {
		return false, err
	}
	for i, item := range items {
		p := yamlnode.Index(upath, i)
		if err := rd.count(item, p); err != nil {
			return false, err
		}
		u, drop, err := readRegimentUnit(item, p)
		if err != nil {
			return false, err
		}
		u.Battalion, u.Company = battalion, company
		if isRBG {
			if u.Lance.Class != referee.Truck {
				return false, rfErr(item, p, "%s is a %s: an rbg group holds the RBG's truck counters (%s); put it in another group", u.Lance.Name, ClassNoun(u.Lance.Class), cite.Book(2545))
			}
			if u.Hidden || drop {
				return false, rfErr(item, p, "an RBG truck counter is neither hidden nor dropped")
			}
			rd.r.RBG.Trucks = append(rd.r.RBG.Trucks, u)
			continue
		}
		rd.r.Units = append(rd.r.Units, u)
		if drop {
			rd.r.Special.Drops = append(rd.r.Special.Drops, UnitLabel(u))
		}
	}
	return isRBG, nil
}

// supplyTrain reads the supply_train list (ruling F7): each entry a truck
// counter of four of one machine, Regular.
func (rd *regimentReading) supplyTrain(n *yaml.Node) error {
	if isNull(n) {
		return nil
	}
	items, err := rf.List(n, "supply_train")
	if err != nil {
		return err
	}
	for i, item := range items {
		p := yamlnode.Index("supply_train", i)
		if err := rd.count(item, p); err != nil {
			return err
		}
		fs, err := rfFields(item, p, regimentSupply...)
		if err != nil {
			return err
		}
		name, err := rfNeedText(item, fs, p, "name", usertext.Unit, "a truck counter needs a name and its machine")
		if err != nil {
			return err
		}
		machine, err := rfNeedText(item, fs, p, "machine", usertext.Unit, "a truck counter needs a name and its machine (e.g. Coolant Truck)")
		if err != nil {
			return err
		}
		line, err := rfLine(fs, p)
		if err != nil {
			return err
		}
		u, err := supplyTruck(name, machine)
		if err != nil {
			return rfErr(fs["machine"].Value, yamlnode.Join(p, "machine"), "%v", err)
		}
		u.Line = line
		rd.r.RBG.Trucks = append(rd.r.RBG.Trucks, u)
	}
	return nil
}

// readRegimentUnit reads one counter of a group, printed or generated,
// and whether it is kept for a drop.
func readRegimentUnit(n *yaml.Node, path string) (RosterUnit, bool, error) {
	fs, err := rfFields(n, path, regimentUnit...)
	if err != nil {
		return RosterUnit{}, false, err
	}
	name, err := rfNeedText(n, fs, path, "name", usertext.Unit, "every counter needs a name (e.g. Command Lance)")
	if err != nil {
		return RosterUnit{}, false, err
	}
	line, err := rfLine(fs, path)
	if err != nil {
		return RosterUnit{}, false, err
	}
	u, drop, err := readUnitBody(n, fs, path, name)
	if err != nil {
		// Keep the seed line and name for the rosters' messages.
		fe, ok := err.(*RegimentFileError)
		if !ok {
			var ye *yamlnode.Error
			if errors.As(err, &ye) {
				fe = &RegimentFileError{Line: ye.Line, Field: ye.Field, Msg: ye.Msg}
			} else {
				fe = &RegimentFileError{Field: path, Msg: err.Error()}
			}
		}
		if line > 0 {
			fe.seedLine, fe.unit = line, name
			if fe.cause == nil {
				msg := fe.Msg
				if rel := strings.TrimPrefix(strings.TrimPrefix(fe.Field, path), "."); rel != "" {
					msg = rel + ": " + msg
				}
				fe.cause = errors.New(msg)
			}
		}
		return RosterUnit{}, false, fe
	}
	u.Line = line
	return u, drop, nil
}

func readUnitBody(n *yaml.Node, fs map[string]yamlnode.Field, path, name string) (RosterUnit, bool, error) {
	f, ok := fs["experience"]
	if !ok {
		return RosterUnit{}, false, rfErr(n, path, "no experience: give green, regular, veteran or elite (%s)", cite.Book(861))
	}
	expText, err := rf.Str(f.Value, yamlnode.Join(path, "experience"))
	if err != nil {
		return RosterUnit{}, false, err
	}
	exp, err := referee.ParseExperience(expText)
	if err != nil {
		return RosterUnit{}, false, rfErr(f.Value, yamlnode.Join(path, "experience"), "%v", err)
	}

	values, hasValues := fs["values"]
	machines, hasMachines := fs["machines"]
	var u RosterUnit
	switch {
	case hasValues && hasMachines:
		return u, false, rfErr(machines.Key, yamlnode.Join(path, "machines"), "give values (the printed form) or machines (quick generation), not both")
	case hasMachines:
		for _, key := range []string{"counter", "class", "crew"} {
			if f, ok := fs[key]; ok {
				return u, false, rfErr(f.Key, yamlnode.Join(path, key), "%s belongs to the printed form (values:); a unit made from machines gets its crew from them", key)
			}
		}
		mpath := yamlnode.Join(path, "machines")
		names, _, err := rfTextList(machines.Value, mpath, usertext.Unit)
		if err != nil {
			return u, false, err
		}
		if len(names) == 0 || len(names) > LanceSize {
			return u, false, rfErr(machines.Value, mpath, "%d machines: a counter holds 1 to %d (1 or 2 fighters; %s)", len(names), LanceSize, cite.Book(1361))
		}
		if u, err = quickUnit(name, names, exp); err != nil {
			return u, false, rfErr(machines.Value, mpath, "%v", err)
		}
	case hasValues:
		vpath := yamlnode.Join(path, "values")
		vs, err := rfText(values.Value, vpath, rfValues)
		if err != nil {
			return u, false, err
		}
		counter := ""
		if f, ok := fs["counter"]; ok {
			if counter, err = rfOptText(f.Value, yamlnode.Join(path, "counter"), rfValues); err != nil {
				return u, false, err
			}
		}
		var crew []string
		if f, ok := fs["crew"]; ok {
			if crew, _, err = rfTextList(f.Value, yamlnode.Join(path, "crew"), usertext.Crew); err != nil {
				return u, false, err
			}
		}
		if len(crew) > LanceSize {
			return u, false, rfErr(fs["crew"].Value, yamlnode.Join(path, "crew"), "%d crew: a counter holds 1 to %d machines", len(crew), LanceSize)
		}
		var class *referee.Class
		if f, ok := fs["class"]; ok {
			cpath := yamlnode.Join(path, "class")
			s, err := rf.Str(f.Value, cpath)
			if err != nil {
				return u, false, err
			}
			c, err := referee.ParseClass(s)
			if err != nil {
				return u, false, rfErr(f.Value, cpath, "%v", err)
			}
			class = &c
		}
		if u, err = parseRosterUnitClass(name, vs, expText, counter, crew, class); err != nil {
			fe := rfErr(values.Value, path, "%v", err)
			fe.cause = err
			return u, false, fe
		}
	default:
		return u, false, rfErr(n, path, "no values or machines: give the printed line (values, counter, crew) or the machines for quick generation (machines: [Atlas, Atlas, Stalker, Zeus])")
	}

	if f, ok := fs["chits"]; ok {
		if err := readChits(&u.Lance, f.Value, yamlnode.Join(path, "chits")); err != nil {
			return u, false, err
		}
	}
	if f, ok := fs["hidden"]; ok {
		p := yamlnode.Join(path, "hidden")
		if u.Hidden, err = rf.Bool(f.Value, p); err != nil {
			return u, false, err
		}
		if u.Hidden && u.Lance.Class.Kind() != referee.KindInfantry {
			return u, false, rfErr(f.Key, p, "only infantry may be bought hidden (%s); %s is a %s", cite.Span(2052, 2054), name, ClassNoun(u.Lance.Class))
		}
	}
	drop := false
	if f, ok := fs["drop"]; ok {
		p := yamlnode.Join(path, "drop")
		if drop, err = rf.Bool(f.Value, p); err != nil {
			return u, false, err
		}
		if drop && u.Lance.Class.Kind() != referee.KindMech {
			return u, false, rfErr(f.Key, p, "only 'Mech lances are kept in space for a drop (%s); %s is a %s", cite.Span(2040, 2042), name, ClassNoun(u.Lance.Class))
		}
	}
	return u, drop, nil
}

// readDropShip reads one of the RBG's DropShips: a catalog DropShip
// (lines 1810-1812) with its experience and chits.
func readDropShip(n *yaml.Node, path string) (RosterUnit, error) {
	fs, err := rfFields(n, path, regimentDropShip...)
	if err != nil {
		return RosterUnit{}, err
	}
	name, err := rfNeedText(n, fs, path, "name", usertext.Unit, "every DropShip needs a name")
	if err != nil {
		return RosterUnit{}, err
	}
	machine, err := rfNeedText(n, fs, path, "machine", usertext.Unit, "name the DropShip's class: Leopard, Union or Overlord ("+cite.Span(1810, 1812)+")")
	if err != nil {
		return RosterUnit{}, err
	}
	exp := referee.Regular
	if f, ok := fs["experience"]; ok {
		p := yamlnode.Join(path, "experience")
		s, err := rf.Str(f.Value, p)
		if err != nil {
			return RosterUnit{}, err
		}
		if exp, err = referee.ParseExperience(s); err != nil {
			return RosterUnit{}, rfErr(f.Value, p, "%v", err)
		}
	}
	line, err := rfLine(fs, path)
	if err != nil {
		return RosterUnit{}, err
	}
	u, err := DropShipUnit(name, machine, exp)
	if err != nil {
		return u, rfErr(fs["machine"].Value, yamlnode.Join(path, "machine"), "%v", err)
	}
	if f, ok := fs["chits"]; ok {
		if err := readChits(&u.Lance, f.Value, yamlnode.Join(path, "chits")); err != nil {
			return u, err
		}
	}
	u.Line = line
	return u, nil
}

// quickUnit is a counter made by quick generation (lines 1697-1711) from
// catalog machines, crewed by unnamed crews of the counter's level.
func quickUnit(name string, machines []string, exp referee.Experience) (RosterUnit, error) {
	l, err := QuickLance(machines, exp)
	if err != nil {
		return RosterUnit{}, err
	}
	l.Name = name
	u := RosterUnit{Lance: l}
	for _, m := range l.Members {
		u.Crew = append(u.Crew, Pilot{Mech: m, Experience: exp})
	}
	u.Printed = RosterValues(l)
	return u, nil
}

// DropShipUnit is a DropShip counter from the values table (lines
// 1810-1812): RA and D as printed, its RA one less each step (ruling
// DR12), range RN, no MP (ruling RF5).
func DropShipUnit(name, machine string, exp referee.Experience) (RosterUnit, error) {
	e, err := Lookup(machine)
	if err != nil {
		return RosterUnit{}, err
	}
	if e.Kind != KindDropShip {
		return RosterUnit{}, fmt.Errorf("%s is a %v, not a DropShip: use Leopard, Union or Overlord (%s)", e.ID, e.Kind, cite.Span(1810, 1812))
	}
	c, err := referee.ParseClass(e.Name)
	if err != nil || c.Kind() != referee.KindDropShip {
		return RosterUnit{}, fmt.Errorf("%s: no DropShip counter of that class (use Leopard, Union or Overlord)", e.ID)
	}
	l := Lance{Name: name, Class: c, Range: e.R, MP: e.MP, Experience: exp, Members: []string{e.ID}}
	for i := range l.Rows {
		l.Rows[i] = referee.Values{RA: max(0, e.RA-i), D: e.D}
	}
	u := RosterUnit{Lance: l, Counter: "DropShip", Crew: []Pilot{{Mech: e.ID, Experience: exp}}}
	u.Printed = RosterValues(l)
	return u, nil
}

// readChits reads a counter's variation chits (lines 1279-1353), as a
// scenario file names them: firepower+N, armor+N, recon, ecm, aep,
// extra-mech, jump (once per chit; 'Mech lances) and bombN (air lances, in
// fives). A recon chit the counter column already gives (F6) is no
// second chit.
func readChits(l *Lance, n *yaml.Node, path string) error {
	if isNull(n) {
		return nil
	}
	names, nodes, err := rfTextList(n, path, rfChit)
	if err != nil {
		return err
	}
	if len(names) > maxUnitChits {
		return rfErr(n, path, "%d chits: a counter holds at most %d", len(names), maxUnitChits)
	}
	c, i, err := referee.ParseChits(names, l.Class)
	if err != nil {
		return rfErr(nodes[i], yamlnode.Index(path, i), "%v", err)
	}
	c.Recon = c.Recon || l.Chits.Recon // the counter column's ESR (F6)
	l.Chits = c
	return nil
}

// budgetKey is the word a file names a budget by: "heavy".
func budgetKey(b Budget) string {
	w, _, _ := strings.Cut(strings.ToLower(b.Name), " ")
	return w
}

// rfFields is Reader.Fields with a suggestion for a mistyped key.
func rfFields(n *yaml.Node, path string, allowed ...string) (map[string]yamlnode.Field, error) {
	fs, err := rf.Fields(n, path, allowed...)
	var ye *yamlnode.Error
	if err != nil && errors.As(err, &ye) && strings.HasPrefix(ye.Msg, "unknown field") {
		key := strings.TrimPrefix(strings.TrimPrefix(ye.Field, path), ".")
		if near := nearestKey(key, allowed); near != "" {
			ye.Msg = fmt.Sprintf("unknown field; did you mean %s? use %s", near, strings.Join(allowed, ", "))
		}
	}
	return fs, err
}

// nearestKey is the allowed key closest to key, if it is close enough to
// be a slip ("supply-train", "machine", "chit").
func nearestKey(key string, allowed []string) string {
	k := strings.ReplaceAll(strings.ToLower(key), "-", "_")
	best, bestDist := "", 3
	for _, a := range allowed {
		d := editdist.Distance(k, a)
		if strings.HasPrefix(a, k) && len(k) >= 3 {
			d = min(d, 1)
		}
		if d < bestDist {
			best, bestDist = a, d
		}
	}
	return best
}

func isNull(n *yaml.Node) bool { return n.Kind == yaml.ScalarNode && n.Tag == "!!null" }

// rfText reads a non-empty value of kind k: a name, or a line of values,
// checked by usertext like every name people write (one line, no
// hidden or reordering characters, k's length).
func rfText(n *yaml.Node, path string, k usertext.Kind) (string, error) {
	return rf.Name(n, path, k)
}

// rfOptText is rfText that takes "" (or nothing) as "".
func rfOptText(n *yaml.Node, path string, k usertext.Kind) (string, error) {
	if n.Kind == yaml.ScalarNode && (isNull(n) || strings.TrimSpace(n.Value) == "") {
		return "", nil
	}
	return rfText(n, path, k)
}

// rfNeedText reads a required text field of mapping n.
func rfNeedText(n *yaml.Node, fs map[string]yamlnode.Field, path, key string, k usertext.Kind, why string) (string, error) {
	f, ok := fs[key]
	if !ok {
		return "", rfErr(n, path, "no %s: %s", key, why)
	}
	return rfText(f.Value, yamlnode.Join(path, key), k)
}

// rfLine reads an optional seed line.
func rfLine(fs map[string]yamlnode.Field, path string) (int, error) {
	f, ok := fs["line"]
	if !ok {
		return 0, nil
	}
	return rf.Int(f.Value, yamlnode.Join(path, "line"), 0, maxRegimentLine)
}

// rfTextList reads a list of values of kind k (a bare value is a list of
// one).
func rfTextList(n *yaml.Node, path string, k usertext.Kind) ([]string, []*yaml.Node, error) {
	if n.Kind == yaml.ScalarNode && !isNull(n) {
		s, err := rfText(n, path, k)
		return []string{s}, []*yaml.Node{n}, err
	}
	items, err := rf.List(n, path)
	if err != nil {
		return nil, nil, err
	}
	if len(items) > 4*maxUnitChits {
		return nil, nil, rfErr(n, path, "%d items: far more than a counter holds", len(items))
	}
	out := make([]string, len(items))
	for i, item := range items {
		if out[i], err = rfText(item, yamlnode.Index(path, i), k); err != nil {
			return nil, nil, err
		}
	}
	return out, items, nil
}
