package campaign

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"bfbot/mapgen/yamlnode"
	"bfbot/referee"

	"go.yaml.in/yaml/v3"
)

// Regiment files: ReadRegiment, WriteRegiment, CheckRegiment.
//
// A side's regiment is built in, bought with purchase points, or imported
// (issue #6). A regiment file is the one form for all three: the built-in
// rosters (data/rosters/*.yaml) are regiment files, `bfbot force export`
// writes one as a template, and a player writes or edits one and hands it
// to the bot. YAML (or JSON, which is YAML):
//
//	id: harlech-guard            # 1-20 lowercase letters, digits, hyphens
//	name: Harlech Guard          # printable, at most 60 characters
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
//	        chits: [firepower+2]           # variation chits (lines 1279-1355)
//	        drop: true                     # kept in space for a drop (line 2040)
//	      - name: Fire Lance               # the rosters' printed form (line 2783)
//	        values: "9(9)/6-3 4"           # RA(CA)/D-R MP, as RosterValues prints it
//	        experience: regular
//	        counter: "Type 2 Heavy"        # the counter column: sets the class (F5)
//	        crew: ["Jo Kell; Veteran Archer", "Regular Archer"]
//	      - name: Guard Platoon            # a class the counter column cannot give
//	        values: "3(6)/5-1 1"
//	        class: infantry                # any unit class: infantry, jump-infantry, sniper, …
//	        experience: green
//	        crew: ["Green Foot Platoon"]
//	        hidden: true                   # hidden infantry, kept with the RBG (line 2052)
//	dropships:                   # the RBG's DropShips (lines 2056-2062)
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

// Bounds on hand-written values.
const (
	maxRegimentID      = 20
	maxRegimentName    = 60  // a regiment's, a unit's, a battalion's or a company's
	maxRegimentText    = 100 // a crew line, a counter column, a values line
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
		return rfErr(n, path, "more than %d counters: the book's regiments have about 40 (lines 1906-1912)", MaxRegimentCounters)
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
		if r.ID, err = rfText(f.Value, "id", maxRegimentName); err != nil {
			return Regiment{}, err
		}
	}
	if f, ok := fs["name"]; ok {
		if r.Name, err = rfText(f.Value, "name", maxRegimentText); err != nil {
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
			return Regiment{}, rfErr(f.Value, "budget", "%v (lines 1951-1953); leave budget out for an imported force", err)
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
			return Regiment{}, rfErr(f.Value, "mines", "%v (line 2050)", err)
		}
	}

	rbgGroups := false
	if f, ok := fs["groups"]; ok && !rfNull(f.Value) {
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
	if f, ok := fs["dropships"]; ok && !rfNull(f.Value) {
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
		if battalion, err = rfOptText(f.Value, yamlnode.Join(path, "battalion"), maxRegimentName); err != nil {
			return false, err
		}
	}
	if f, ok := fs["company"]; ok {
		if company, err = rfOptText(f.Value, yamlnode.Join(path, "company"), maxRegimentName); err != nil {
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
	if !ok || rfNull(f.Value) {
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
				return false, rfErr(item, p, "%s is a %s: an rbg group holds the RBG's truck counters (line 2545); put it in another group", u.Lance.Name, ClassNoun(u.Lance.Class))
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
	if rfNull(n) {
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
		name, err := rfNeedText(item, fs, p, "name", maxRegimentName, "a truck counter needs a name and its machine")
		if err != nil {
			return err
		}
		machine, err := rfNeedText(item, fs, p, "machine", maxRegimentName, "a truck counter needs a name and its machine (e.g. Coolant Truck)")
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
	name, err := rfNeedText(n, fs, path, "name", maxRegimentName, "every counter needs a name (e.g. Command Lance)")
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
		return RosterUnit{}, false, rfErr(n, path, "no experience: give green, regular, veteran or elite (line 861)")
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
		names, _, err := rfTextList(machines.Value, mpath, maxRegimentName)
		if err != nil {
			return u, false, err
		}
		if len(names) == 0 || len(names) > LanceSize {
			return u, false, rfErr(machines.Value, mpath, "%d machines: a counter holds 1 to %d (1 or 2 fighters; line 1361)", len(names), LanceSize)
		}
		if u, err = quickUnit(name, names, exp); err != nil {
			return u, false, rfErr(machines.Value, mpath, "%v", err)
		}
	case hasValues:
		vpath := yamlnode.Join(path, "values")
		vs, err := rfText(values.Value, vpath, maxRegimentText)
		if err != nil {
			return u, false, err
		}
		counter := ""
		if f, ok := fs["counter"]; ok {
			if counter, err = rfOptText(f.Value, yamlnode.Join(path, "counter"), maxRegimentText); err != nil {
				return u, false, err
			}
		}
		var crew []string
		if f, ok := fs["crew"]; ok {
			if crew, _, err = rfTextList(f.Value, yamlnode.Join(path, "crew"), maxRegimentText); err != nil {
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
			return u, false, rfErr(f.Key, p, "only infantry may be bought hidden (line 2052); %s is a %s", name, ClassNoun(u.Lance.Class))
		}
	}
	drop := false
	if f, ok := fs["drop"]; ok {
		p := yamlnode.Join(path, "drop")
		if drop, err = rf.Bool(f.Value, p); err != nil {
			return u, false, err
		}
		if drop && u.Lance.Class.Kind() != referee.KindMech {
			return u, false, rfErr(f.Key, p, "only 'Mech lances are kept in space for a drop (line 2040); %s is a %s", name, ClassNoun(u.Lance.Class))
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
	name, err := rfNeedText(n, fs, path, "name", maxRegimentName, "every DropShip needs a name")
	if err != nil {
		return RosterUnit{}, err
	}
	machine, err := rfNeedText(n, fs, path, "machine", maxRegimentName, "name the DropShip's class: Leopard, Union or Overlord (lines 1810-1812)")
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
	u, err := dropShipUnit(name, machine, exp)
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

// dropShipUnit is a DropShip counter from the values table (lines
// 1810-1812): RA and D as printed, its RA one less each step (ruling
// DR12), range RN, no MP (ruling RF5).
func dropShipUnit(name, machine string, exp referee.Experience) (RosterUnit, error) {
	e, err := Lookup(machine)
	if err != nil {
		return RosterUnit{}, err
	}
	if e.Kind != KindDropShip {
		return RosterUnit{}, fmt.Errorf("%s is a %v, not a DropShip: use Leopard, Union or Overlord (lines 1810-1812)", e.ID, e.Kind)
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

// readChits reads a counter's variation chits (lines 1279-1355), as a
// scenario file names them: firepower+N, armor+N, recon, ecm, aep,
// extra-mech, jump (once per chit; 'Mech lances) and bombN (air lances, in
// fives). A recon chit the counter column already gives (F6) is no
// second chit.
func readChits(l *Lance, n *yaml.Node, path string) error {
	if rfNull(n) {
		return nil
	}
	names, nodes, err := rfTextList(n, path, 40)
	if err != nil {
		return err
	}
	if len(names) > maxUnitChits {
		return rfErr(n, path, "%d chits: a counter holds at most %d", len(names), maxUnitChits)
	}
	seen := map[string]bool{}
	for i, raw := range names {
		p := yamlnode.Index(path, i)
		s := strings.ToLower(strings.ReplaceAll(raw, " ", ""))
		kind, num := s, ""
		for _, prefix := range []string{"firepower+", "armor+", "bomb"} {
			if rest, ok := strings.CutPrefix(s, prefix); ok {
				kind, num = strings.TrimSuffix(prefix, "+"), rest
			}
		}
		if kind == "extramech" || kind == "extra'mech" {
			kind = "extra-mech"
		}
		if kind != "jump" && seen[kind] {
			return rfErr(nodes[i], p, "a counter holds one %s chit (lines 1279-1355)", kind)
		}
		seen[kind] = true
		value := 0
		switch kind {
		case "firepower", "armor", "bomb":
			v, err := strconv.Atoi(num)
			if err != nil || v < 1 || v > 99 || len(num) > 2 {
				return rfErr(nodes[i], p, "%q: give the chit's number, e.g. firepower+2, armor+2, bomb5", raw)
			}
			value = v
		}
		switch kind {
		case "firepower":
			l.Chits.Firepower = value
		case "armor":
			l.Chits.Armor = value
		case "bomb":
			if value%5 != 0 {
				return rfErr(nodes[i], p, "%q: bombs are bought in groups of 5 (line 2068)", raw)
			}
			if l.Class.Kind() != referee.KindAir {
				return rfErr(nodes[i], p, "bombs are for air lances; %s is a %s (mines: are the regiment's mines)", l.Name, ClassNoun(l.Class))
			}
			l.Chits.Bomb = value
		case "recon":
			l.Chits.Recon = true
		case "ecm":
			l.Chits.ECM = true
		case "aep":
			l.Chits.AEP = true
		case "extra-mech":
			l.Chits.ExtraMech = true
		case "jump":
			if l.Class.Kind() != referee.KindMech {
				return rfErr(nodes[i], p, "jump chits make 'Mech lances jump (line 1310); %s is a %s", l.Name, ClassNoun(l.Class))
			}
			l.Chits.Jump++
		default:
			return rfErr(nodes[i], p, "unknown chit %q: use firepower+N, armor+N, recon, ecm, aep, extra-mech, jump or bombN", raw)
		}
	}
	return nil
}

// chitNames lists chits as readChits reads them, in a fixed order.
func chitNames(c referee.Chits) []string {
	var out []string
	if c.Firepower > 0 {
		out = append(out, fmt.Sprintf("firepower+%d", c.Firepower))
	}
	if c.Armor > 0 {
		out = append(out, fmt.Sprintf("armor+%d", c.Armor))
	}
	for _, f := range []struct {
		has  bool
		name string
	}{{c.Recon, "recon"}, {c.ECM, "ecm"}, {c.AEP, "aep"}, {c.ExtraMech, "extra-mech"}} {
		if f.has {
			out = append(out, f.name)
		}
	}
	for range c.Jump {
		out = append(out, "jump")
	}
	if c.Bomb > 0 {
		out = append(out, fmt.Sprintf("bomb%d", c.Bomb))
	}
	return out
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
		d := catalogEditDistance(k, a)
		if strings.HasPrefix(a, k) && len(k) >= 3 {
			d = min(d, 1)
		}
		if d < bestDist {
			best, bestDist = a, d
		}
	}
	return best
}

func rfNull(n *yaml.Node) bool { return n.Kind == yaml.ScalarNode && n.Tag == "!!null" }

// rfText reads a non-empty printable value of at most max characters.
func rfText(n *yaml.Node, path string, max int) (string, error) {
	s, err := rf.Str(n, path)
	if err != nil {
		return "", err
	}
	return s, rfPrintable(n, path, s, max)
}

// rfOptText is rfText that takes "" (or nothing) as "".
func rfOptText(n *yaml.Node, path string, max int) (string, error) {
	if n.Kind == yaml.ScalarNode && (rfNull(n) || strings.TrimSpace(n.Value) == "") {
		return "", nil
	}
	return rfText(n, path, max)
}

func rfPrintable(n *yaml.Node, path, s string, max int) error {
	if !utf8.ValidString(s) {
		return rfErr(n, path, "not valid UTF-8 text")
	}
	for _, r := range s {
		if !unicode.IsPrint(r) || r == utf8.RuneError {
			return rfErr(n, path, "%q holds a character that cannot be printed", mtfShort(s))
		}
	}
	if c := utf8.RuneCountInString(s); c > max {
		return rfErr(n, path, "%d characters: use at most %d", c, max)
	}
	return nil
}

// rfNeedText reads a required text field of mapping n.
func rfNeedText(n *yaml.Node, fs map[string]yamlnode.Field, path, key string, max int, why string) (string, error) {
	f, ok := fs[key]
	if !ok {
		return "", rfErr(n, path, "no %s: %s", key, why)
	}
	return rfText(f.Value, yamlnode.Join(path, key), max)
}

// rfLine reads an optional seed line.
func rfLine(fs map[string]yamlnode.Field, path string) (int, error) {
	f, ok := fs["line"]
	if !ok {
		return 0, nil
	}
	return rf.Int(f.Value, yamlnode.Join(path, "line"), 0, maxRegimentLine)
}

// rfTextList reads a list of printable values (a bare value is a list of
// one).
func rfTextList(n *yaml.Node, path string, max int) ([]string, []*yaml.Node, error) {
	if n.Kind == yaml.ScalarNode && !rfNull(n) {
		s, err := rfText(n, path, max)
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
		if out[i], err = rfText(item, yamlnode.Index(path, i), max); err != nil {
			return nil, nil, err
		}
	}
	return out, items, nil
}

// importedForce is the budget of a regiment that names none: no points
// limit, so ValidateRegiment reports only its structural problems (ruling
// RF2).
var importedForce = Budget{Name: "imported force", Points: math.MaxInt / 2, Special: math.MaxInt / 4}

// CheckRegiment lists every problem that keeps r from taking the field,
// each in words a player can act on; none means it may. Every regiment
// needs an id (1-20 lowercase letters, digits and hyphens), a printable
// name of at most 60 characters, at least one combat counter, at most
// MaxRegimentCounters counters, and passes ValidateRegiment's structural
// checks (the RBG's trucks and DropShips, mines, salvage, drops, bombs,
// hidden infantry). Repair points of 0 leave the number to the campaign's
// setting (ruling RF3). When r names a budget, ValidateRegiment's
// purchase-points check with that budget is part of it (ruling RF2).
func CheckRegiment(r Regiment) []error {
	var errs []error
	add := func(format string, a ...any) { errs = append(errs, fmt.Errorf(format, a...)) }
	switch {
	case r.ID == "":
		add("the regiment has no id: give one of 1 to %d lowercase letters, digits and hyphens, e.g. harlech-guard", maxRegimentID)
	case len(r.ID) > maxRegimentID || !regimentIDPattern.MatchString(r.ID):
		add("id %q: use 1 to %d lowercase letters, digits and hyphens, starting with a letter or digit (e.g. harlech-guard)", mtfShort(r.ID), maxRegimentID)
	}
	name := strings.TrimSpace(r.Name)
	switch {
	case name == "":
		add("the regiment has no name: give one of at most %d characters", maxRegimentName)
	case utf8.RuneCountInString(r.Name) > maxRegimentName:
		add("the name has %d characters: use at most %d", utf8.RuneCountInString(r.Name), maxRegimentName)
	case strings.IndexFunc(r.Name, func(c rune) bool { return !unicode.IsPrint(c) || c == utf8.RuneError }) >= 0 || !utf8.ValidString(r.Name):
		add("the name %q holds a character that cannot be printed", mtfShort(r.Name))
	}
	if len(r.Units) == 0 {
		add("the regiment has no combat counters: give at least one lance under groups")
	}
	if n := len(r.Units) + len(r.RBG.Trucks) + len(r.RBG.DropShips); n > MaxRegimentCounters {
		add("the regiment has %d counters, more than %d", n, MaxRegimentCounters)
	}
	// Drops and reports name a counter by its label (ruling RF6).
	seen := map[string]bool{}
	for _, u := range r.Units {
		l := strings.ToLower(UnitLabel(u))
		if seen[l] {
			add("two counters are called %q: give each lance of a company its own name", UnitLabel(u))
		}
		seen[l] = true
	}
	budget := importedForce
	if r.Budget != "" {
		b, err := ParseBudget(r.Budget)
		if err != nil {
			add("budget: %v", err)
		} else {
			budget = b
		}
	}
	rr := r
	if rr.RBG.RepairPoints == 0 {
		rr.RBG.RepairPoints = MinRepairPoints // RF3: the campaign's setting decides
	}
	return append(errs, ValidateRegiment(rr, budget)...)
}

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
			if cs := chitNames(u.Lance.Chits); len(cs) > 0 {
				put(m, "chits", wFlow(cs))
			}
			seq.Content = append(seq.Content, m)
		}
		put(root, "dropships", seq)
	}

	var b bytes.Buffer
	b.WriteString("# A BattleForce regiment file (bfbot; the format is described in campaign/regiment_file.go).\n")
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
	if cs := chitNames(chits); len(cs) > 0 {
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
