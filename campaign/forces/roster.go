package forces

import (
	"embed"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"bfbot/referee"
)

// The built-in regiments are the book's two regimental rosters (000
// lines 2794–3536), kept as data in data/rosters/*.yaml: every lance line
// as printed ("RA(CA)/D-R MP"), its counter column, its experience and its
// MechWarriors, each with its seed line. The rulings that read the
// rosters are F1–F9 and F14–F17 (docs/rulings.md).

//go:embed data/rosters/*.yaml
var rosterFiles embed.FS

// Pilot is one MechWarrior (or crew) of a roster lance.
type Pilot struct {
	// Name as printed, rank included ("Captain Ian McKinnon"); "" where
	// the roster names no one (the Long Tom batteries, line 3151).
	Name string
	// Mech is the machine as the roster spells it ("Centurian").
	Mech       string
	Experience referee.Experience
}

// RosterUnit is one counter of a regiment: a lance, platoon or battery.
type RosterUnit struct {
	// Lance holds the printed values: step 0 as the roster gives it, the
	// other rows and the red row derived (ruling F1).
	Lance Lance
	// Battalion is "" for the regiment's own units; Company is "" for a
	// battalion's headquarters lance.
	Battalion, Company string
	// Crew are the MechWarriors or crews, in the roster's order.
	Crew []Pilot
	// Printed is the lance line as the book prints it, Counter the
	// right-hand column (the nearest counter, ruling F2).
	Printed, Counter string
	// Hidden marks hidden infantry bought for the regiment (kept with the
	// RBG, line 2054); the rosters have none.
	Hidden bool
	// Line is the seed line of the lance.
	Line int
}

// RBG is a regiment's Regimental Battlegroup: its supply train, its
// DropShips and its store of repair points (lines 2543–2547, 2669).
type RBG struct {
	// Trucks are truck counters; at least three (line 2545, ruling F7).
	Trucks []RosterUnit
	// DropShips: the rosters print none (ruling F7).
	DropShips []RosterUnit
	// RepairPoints act as Salvage counters for repairs: 25 to 100 at the
	// start of a campaign (line 2669, ruling F8).
	RepairPoints int
}

// Regiment is a force built for a campaign: its combat counters, its RBG
// and the special purchases made with its 50 special points.
type Regiment struct {
	ID, Name string
	Units    []RosterUnit
	RBG      RBG
	Special  Special
	// Mercenary regiments check morale from 30, not 50 (004 line 183);
	// Moore's Bandits are one (000 line 88).
	Mercenary bool
	// Line is the seed line of the roster's heading (0 for a player's own).
	Line int
	// Budget is the purchase-points category the regiment was bought
	// with ("heavy", "medium", "light"; ParseBudget), checked by
	// CheckRegiment; "" for a built-in or an imported force (ruling RF2).
	Budget string
}

// Lances returns the regiment's combat counters as lances, in order.
func (r Regiment) Lances() []Lance {
	out := make([]Lance, len(r.Units))
	for i, u := range r.Units {
		out[i] = u.Lance
	}
	return out
}

// BuiltInIDs are the ids of the built-in regiments, in the book's order.
var BuiltInIDs = []string{"crucis", "bandits"}

// BuiltIn returns a built-in regiment by id: "crucis" (the 7th Crucis
// Lancers) or "bandits" (Moore's Bandits). Each call returns a fresh copy.
func BuiltIn(id string) (Regiment, error) {
	regs, err := loadRosters()
	if err != nil {
		return Regiment{}, err
	}
	want := strings.ToLower(strings.TrimSpace(id))
	for _, r := range regs {
		if r.ID == want {
			return r.clone(), nil
		}
	}
	return Regiment{}, fmt.Errorf("no built-in regiment %q: use %s", id, strings.Join(BuiltInIDs, " or "))
}

// BuiltIns returns every built-in regiment, in the book's order.
func BuiltIns() []Regiment {
	regs, err := loadRosters()
	if err != nil {
		return nil
	}
	out := make([]Regiment, len(regs))
	for i, r := range regs {
		out[i] = r.clone()
	}
	return out
}

func (r Regiment) clone() Regiment {
	c := r
	c.Units = cloneUnits(r.Units)
	c.RBG.Trucks = cloneUnits(r.RBG.Trucks)
	c.RBG.DropShips = cloneUnits(r.RBG.DropShips)
	c.Special.Drops = slices.Clone(r.Special.Drops)
	return c
}

func cloneUnits(us []RosterUnit) []RosterUnit {
	if us == nil {
		return nil
	}
	out := make([]RosterUnit, len(us))
	for i, u := range us {
		u.Crew = slices.Clone(u.Crew)
		u.Lance.Members = slices.Clone(u.Lance.Members)
		out[i] = u
	}
	return out
}

// loadRosters parses the embedded rosters at first use.
var loadRosters = sync.OnceValues(func() ([]Regiment, error) {
	var regs []Regiment
	for _, id := range BuiltInIDs {
		b, err := rosterFiles.ReadFile("data/rosters/" + id + ".yaml")
		if err != nil {
			return nil, err
		}
		r, err := parseRoster(id+".yaml", b)
		if err != nil {
			return nil, err
		}
		regs = append(regs, r)
	}
	return regs, nil
})

// parseRoster reads one roster file: a regiment file (regiment_file.go),
// so one format serves the built-ins and players' regiments. A problem
// inside a counter is reported with the counter's seed line, as the
// rosters are checked against the book.
func parseRoster(file string, b []byte) (Regiment, error) {
	r, err := ReadRegiment(b)
	var fe *RegimentFileError
	switch {
	case errors.As(err, &fe) && fe.seedLine > 0 && fe.cause != nil:
		return Regiment{}, fmt.Errorf("%s line %d (%s): %w", file, fe.seedLine, fe.unit, fe.cause)
	case err != nil:
		return Regiment{}, fmt.Errorf("%s: %w", file, err)
	}
	return r, nil
}

// supplyTruck is one counter of the standard supply train (lines
// 2000–2004): four trucks of one kind, Regular, their values by quick
// generation since no roster prints them (ruling F7).
func supplyTruck(name, machine string) (RosterUnit, error) {
	l, err := QuickLance([]string{machine, machine, machine, machine}, referee.Regular)
	if err != nil {
		return RosterUnit{}, err
	}
	if l.Class != referee.Truck {
		return RosterUnit{}, fmt.Errorf("%s makes a %v counter, not a truck", machine, l.Class)
	}
	l.Name = name
	u := RosterUnit{Lance: l, Counter: "Truck"}
	for _, m := range l.Members {
		u.Crew = append(u.Crew, Pilot{Mech: m, Experience: referee.Regular})
	}
	u.Printed = RosterValues(l)
	return u, nil
}

// rosterLine is the printed lance line: RA(CA)/D-R then MP with its mode
// letter (j jump, t/w/h tracked/wheeled/hover), or H/M/L for an air lance
// (F3); artillery prints its range as (min-max).
var rosterLine = regexp.MustCompile(`^(\d+)\((\d+)\)/(\d+)-(?:(\d+)|\((\d+)-(\d+)\)) (?:(\d+)([jtwh]?)|([HML]))$`)

// parseRosterUnit builds a counter from its printed line, experience,
// counter column and crew (rulings F1–F6, F9).
func parseRosterUnit(name, values, exp, counter string, crew []string) (RosterUnit, error) {
	return parseRosterUnitClass(name, values, exp, counter, crew, nil)
}

// parseRosterUnitClass is parseRosterUnit with the class given outright
// (a regiment file's class:, ruling RF7) instead of read from the counter
// column; nil reads it as the rosters do.
func parseRosterUnitClass(name, values, exp, counter string, crew []string, class *referee.Class) (RosterUnit, error) {
	u := RosterUnit{Printed: values, Counter: counter}
	m := rosterLine.FindStringSubmatch(values)
	if m == nil {
		return u, fmt.Errorf("values %q: want RA(CA)/D-R MP", values)
	}
	n := func(s string) int { v, _ := strconv.Atoi(s); return v }
	ra, ca, d := n(m[1]), n(m[2]), n(m[3])
	l := Lance{Name: name}
	var err error
	if l.Experience, err = referee.ParseExperience(exp); err != nil {
		return u, err
	}
	if m[4] != "" {
		l.Range = n(m[4])
	} else {
		l.MinRange, l.Range = n(m[5]), n(m[6])
	}
	switch {
	case m[9] != "": // air lance (F3)
		l.Class = map[string]referee.Class{"H": referee.HeavyAir, "M": referee.MediumAir, "L": referee.LightAir}[m[9]]
		if class != nil && *class != l.Class {
			return u, fmt.Errorf("class %v: the letter %s makes a %v counter (ruling F3)", *class, m[9], l.Class)
		}
		// AA and ST stand in the RA and CA places and the counter has two
		// rows, as quick generation makes it (rulings Q3, Q5).
		l.AirAttack, l.Strafe = ra, ca
		steps := referee.DeriveSteps(referee.Values{RA: ra, CA: ca, D: d})
		l.Rows[0], l.Rows[1] = steps[0], steps[1]
		l.MP = map[string]int{"H": 10, "M": 15, "L": 20}[m[9]] // lines 1680–1683
	default:
		l.MP = n(m[7])
		l.Jump = m[8] == "j"
		switch {
		case class == nil:
			if l.Class, err = rosterClass(name, counter, m[8], l.MinRange); err != nil {
				return u, err
			}
		case class.Kind() == referee.KindAir || class.Kind() == referee.KindDropShip:
			return u, fmt.Errorf("class %v: an air lance prints H, M or L for its MP (ruling F3); DropShips are the RBG's dropships", *class)
		default:
			l.Class = *class
			l.Jump = l.Jump || class.Info().Jump
		}
		l.Rows = referee.DeriveSteps(referee.Values{RA: ra, CA: ca, D: d})
		if l.Class.Kind() == referee.KindMech {
			l.OverburnRA = ra + referee.StepDecrement(ra) // R5
		}
		if l.Class.Info().Overburn {
			l.OverburnMP = referee.OverburnMP(l.MP)
		}
		l.Indirect = l.Class.Info().Indirect
	}
	l.Chits.Recon = strings.Contains(counter, "ESR") // F6
	max := LanceSize
	if l.Class.Kind() == referee.KindAir {
		max = 2 // two fighters to a counter (line 201)
	}
	if len(crew) == 0 || len(crew) > max {
		return u, fmt.Errorf("%d crew: a counter holds 1 to %d machines", len(crew), max)
	}
	for _, c := range crew {
		p, err := parsePilot(c)
		if err != nil {
			return u, err
		}
		u.Crew = append(u.Crew, p)
		l.Members = append(l.Members, rosterMachineID(p.Mech, l.Class))
	}
	u.Lance = l
	return u, nil
}

// rosterClass is the counter's class (ruling F5): artillery by its
// minimum range, trucks by the counter column, vehicles by their mode
// letter, 'Mech lances by the counter column's weight class, a lance the
// roster calls a Fire Lance a Fire 'Mech lance.
func rosterClass(name, counter, mode string, minRange int) (referee.Class, error) {
	switch {
	case minRange > 0:
		return referee.LongTom, nil
	case counter == "Truck":
		return referee.Truck, nil
	case mode == "t":
		return referee.Tracked, nil
	case mode == "w":
		return referee.Wheeled, nil
	case mode == "h":
		return referee.Hover, nil
	case strings.Contains(name, "Fire"):
		return referee.FireMech, nil
	}
	for _, w := range []struct {
		word  string
		class referee.Class
	}{{"Light", referee.LightMech}, {"Medium", referee.MediumMech}, {"Heavy", referee.HeavyMech}, {"Assault", referee.AssaultMech}} {
		if slices.Contains(strings.Fields(strings.ReplaceAll(counter, ",", " ")), w.word) {
			return w.class, nil
		}
	}
	return 0, fmt.Errorf("counter %q names no 'Mech weight class", counter)
}

// parsePilot reads "Name; Experience Machine" or "Experience Machine".
func parsePilot(s string) (Pilot, error) {
	var p Pilot
	rest := s
	if i := strings.LastIndex(s, "; "); i >= 0 {
		p.Name, rest = s[:i], s[i+2:]
	}
	level, mech, ok := strings.Cut(rest, " ")
	if !ok {
		return p, fmt.Errorf("crew %q: want \"Name; Experience Machine\"", s)
	}
	var err error
	if p.Experience, err = referee.ParseExperience(level); err != nil {
		return p, fmt.Errorf("crew %q: %w", s, err)
	}
	p.Mech = mech
	return p, nil
}

// rosterMachineID is the catalog ID of a roster's machine name. A name
// two kinds share is the one of the counter's kind: a platoon's
// "Scorpion" is the tank; the bare "Jeep" is the machine-gun jeep (ruling
// C13). A name the catalog lacks stays as printed.
func rosterMachineID(name string, c referee.Class) string {
	if name == "Jeep" {
		name = "Jeep (mg)"
	}
	e, err := Lookup(name)
	if errors.Is(err, ErrUnitNameAmbiguous) {
		kind := map[referee.Kind]Kind{referee.KindMech: KindMech, referee.KindAir: KindFighter, referee.KindDropShip: KindDropShip}[c.Kind()]
		if kind == 0 {
			kind = KindVehicle
		}
		e, err = Lookup(kind.qualifier() + ": " + name)
	}
	if err == nil {
		return e.ID
	}
	return name
}

// RosterValues prints a lance in the rosters' form "RA(CA)/D-R MP"
// (line 2780), with the MP letter (j, t, w, h) or, for an air lance,
// "AA(ST)/D-R" and H, M or L (ruling F3).
func RosterValues(l Lance) string {
	r0 := l.Rows[0]
	rng := strconv.Itoa(l.Range)
	if l.MinRange > 0 {
		rng = fmt.Sprintf("(%d-%d)", l.MinRange, l.Range)
	}
	switch l.Class {
	case referee.LightAir, referee.MediumAir, referee.HeavyAir:
		return fmt.Sprintf("%d(%d)/%d-%s %s", r0.RA, r0.CA, r0.D, rng, map[referee.Class]string{referee.LightAir: "L", referee.MediumAir: "M", referee.HeavyAir: "H"}[l.Class])
	}
	mode := ""
	switch {
	case l.Class.Kind() == referee.KindMech && l.Jump:
		mode = "j"
	case l.Class == referee.Hover:
		mode = "h"
	case l.Class == referee.Wheeled || l.Class == referee.Truck:
		mode = "w"
	case l.Class.Kind() == referee.KindVehicle || l.Class.Kind() == referee.KindArtillery:
		mode = "t"
	}
	return fmt.Sprintf("%d(%d)/%d-%s %d%s", r0.RA, r0.CA, r0.D, rng, l.MP, mode)
}
