package forces

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"bfbot/internal/cite"
	"bfbot/referee"
)

// Full lance creation turns BattleTech designs into BattleForce values
// (000 lines 1357–1691): each machine's Defensive Value, Ranged
// Attack Value, range, Close Attack Value and MP, then the lance's average
// of four. The interpretations are rulings D1–D16 (docs/rulings.md).

// DesignKind is what a BattleTech design is: lance creation treats each
// kind a little differently, and a lance holds one kind only (line 1361).
type DesignKind int

// The kinds of design. The zero DesignKind is none of them.
const (
	DesignMech DesignKind = iota + 1
	DesignVehicle
	DesignFighter
	DesignInfantry
)

var designKindNames = [...]string{DesignMech: "mech", DesignVehicle: "vehicle", DesignFighter: "fighter", DesignInfantry: "infantry"}

// String gives the kind as files spell it.
func (k DesignKind) String() string {
	if k > 0 && int(k) < len(designKindNames) {
		return designKindNames[k]
	}
	return "DesignKind(" + strconv.Itoa(int(k)) + ")"
}

// ParseDesignKind reads "mech", "vehicle", "fighter" or "infantry".
func ParseDesignKind(s string) (DesignKind, error) {
	for k, name := range designKindNames {
		if name != "" && strings.EqualFold(strings.TrimSpace(s), name) {
			return DesignKind(k), nil
		}
	}
	return 0, fmt.Errorf("unknown design kind %q: use mech, vehicle, fighter or infantry", s)
}

// Mount is a weapon a design carries.
type Mount struct {
	// Weapon is the name as the design gives it; LookupWeapon reads it.
	Weapon string
	// Count is how many; 0 counts as 1.
	Count    int
	Location string
	// Line is the line of the source file that listed it (ReadMTF), 0
	// when none; warnings name it.
	Line int
}

func (m Mount) count() int { return max(m.Count, 1) }

// Design is one machine as a BattleTech record sheet describes it: what
// lance creation reads.
type Design struct {
	Name string
	Kind DesignKind
	// Tons is the machine's weight.
	Tons float64
	// WalkMP is BattleTech walking MP (vehicles: cruising); RunMP running
	// (vehicles: flanking); JumpMP 0 for none.
	WalkMP, RunMP, JumpMP int
	// ArmorPoints, if set, gives the armor; ArmorTons is read only when
	// ArmorPoints is 0. Sixteen points make a ton (001 line 4330).
	ArmorPoints int
	ArmorTons   float64
	Weapons     []Mount
	// Motive is a vehicle's movement mode (line 1654); infantry may give
	// MotiveWheeled for motorized infantry.
	Motive Motive
	// Quad 'Mechs have no arms and cannot punch (ruling D5).
	Quad bool
	// NoLowerArms: neither arm has a lower arm actuator, or the 'Mech has
	// no arms (MegaMek's quirk:no_arms); it punches for nothing (001 line
	// 4348; ruling D4).
	NoLowerArms bool
	// Indirect: the design may fire indirectly. Lance creation gives no
	// way to work it out, so the design says so (ruling D13).
	Indirect bool
	// TechBase and RulesLevel are what a MegaMek file says of the design's
	// technology ("Inner Sphere", "Clan", "Mixed (IS Chassis)"; rules
	// level 1 to 5), empty and 0 when not given. Judge1987 reads them.
	TechBase   string
	RulesLevel int
}

// Armor is the armor in tons: ArmorPoints/16 when points are given.
func (d Design) Armor() float64 {
	if d.ArmorPoints > 0 {
		return float64(d.ArmorPoints) / 16
	}
	return d.ArmorTons
}

// CountedWeapon is one mount as lance creation counted it.
type CountedWeapon struct {
	Weapon Weapon
	Count  int
	// Damage is Count × maximum damage; Rating Count × range rating.
	Damage, Rating int
}

// DesignResult is one machine's BattleForce values before the lance
// averages them, with the sums they come from, so that each step of the
// book's worked example can be checked.
type DesignResult struct {
	Name string
	Kind DesignKind
	Tons float64
	// ArmorTons is the armor looked up in the Defensive Value Table,
	// fighters' extra ton included (line 1674).
	ArmorTons float64
	// D is the Defensive Value: the table's base, +1 if it jumps (line 1389).
	D int
	// MaxDamage is the sum of the weapons' maximum damage; RA its Attack
	// Value (lines 1426, 1547). For fighters RA is the Air Attack Value.
	MaxDamage, RA int
	// RangeRating is the sum of the weapons' range ratings; Range is
	// RangeRating/MaxDamage, halves up (line 1475; R6).
	RangeRating int
	Range       int
	// Punch is one fist's damage, Kick a kick's (line 1500; ruling D4);
	// NoCloseDamage the damage of the asterisked weapons; CloseDamage =
	// MaxDamage + 2 × Punch + Kick − NoCloseDamage; CA its Attack Value.
	Punch, Kick, NoCloseDamage, CloseDamage int
	CA                                      int
	// StrafeDamage counts energy weapons only; Strafe is its Attack Value
	// (fighters, line 1670).
	StrafeDamage, Strafe int
	// MP is walking MP (fighters: by weight, line 1678); JumpMP as given.
	MP, JumpMP int
	Indirect   bool
	Motive     Motive // vehicles and motorized infantry
	Counted    []CountedWeapon
	// Warnings name what lance creation left out: weapons the 1987 tables
	// do not know (ruling D7) and artillery (ruling D8).
	Warnings []string
}

// ErrDesign: a design cannot be converted (no weight, a bad count, …).
var ErrDesign = errors.New("invalid design")

// defensiveValueTable is the Defensive Value Table (000 lines 1410–1422):
// the highest armor tonnage of each row and its base value.
var defensiveValueTable = []struct {
	upTo float64
	d    int
}{
	{1.0, 2}, {2.5, 3}, {4.0, 4}, {5.5, 5}, {7.0, 6}, {8.5, 7}, {10.0, 8},
	{11.5, 9}, {13.0, 10}, {14.5, 11}, {16.0, 12}, {17.5, 13}, {19.0, 14},
}

// DefensiveValue is the base Defensive Value of that much armor. The
// table lists tenths of a ton; armor between two rows (1.0625 tons = 17
// points) takes the higher row, and beyond 19 tons each further 1.5 tons
// or part of them adds 1, the step of every row (ruling D2).
func DefensiveValue(armorTons float64) int {
	if armorTons < 0 {
		return 0
	}
	for _, row := range defensiveValueTable {
		if armorTons <= row.upTo {
			return row.d
		}
	}
	last := defensiveValueTable[len(defensiveValueTable)-1]
	return last.d + int(math.Ceil((armorTons-last.upTo)/1.5))
}

// attackValueTable is the Attack Value Table (000 lines 1550–1599): the
// BattleForce Attack Value of 1 to 100 points of BattleTech maximum damage.
var attackValueTable = [101]int{0,
	1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 7,
	8, 8, 8, 9, 9, 9, 10, 10, 10, 11, 11, 11, 12, 12, 12, 13, 13, 13, 14, 14,
	14, 15, 15, 15, 16, 16, 16, 17, 17, 17, 18, 18, 18, 19, 19, 19, 20, 20, 20, 21,
	21, 21, 22, 22, 22, 23, 23, 23, 24, 24, 24, 25, 25, 25, 26, 26, 26, 27, 27, 27,
	28, 28, 28, 29, 29, 29, 30, 30, 30, 31, 31, 31, 32, 32, 32, 33, 33, 33, 34, 34,
}

// AttackValue converts BattleTech maximum damage to a BattleForce Attack
// Value by the Attack Value Table; no damage is 0, and past 100 the
// table's rule (a third, plus 1) goes on (ruling D3).
func AttackValue(maxDamage int) int {
	switch {
	case maxDamage <= 0:
		return 0
	case maxDamage < len(attackValueTable):
		return attackValueTable[maxDamage]
	}
	return maxDamage/3 + 1
}

// roundHalfUp divides and rounds halves up (line 1389; R6), for
// non-negative numbers.
func roundHalfUp(num, den int) int {
	if den <= 0 || num <= 0 {
		return 0
	}
	return (2*num + den) / (2 * den)
}

// FighterMP is an AeroSpace Fighter's MP by weight (000 lines 1680–1683):
// up to 40 tons 20, up to 75 tons 15, heavier 10. The table puts 40 tons
// in two rows; it is Light (ruling D11).
func FighterMP(tons float64) int {
	switch {
	case tons <= 40:
		return 20
	case tons <= 75:
		return 15
	}
	return 10
}

// DesignValues works out one machine's BattleForce values by the lance
// creation rules (000 lines 1367–1691). Weapons the 1987 tables do not
// know, and artillery, are left out with a warning (rulings D7, D8).
func DesignValues(d Design) (DesignResult, error) {
	r := DesignResult{Name: d.Name, Kind: d.Kind, Tons: d.Tons, JumpMP: d.JumpMP, Indirect: d.Indirect, Motive: d.Motive}
	name := d.Name
	if name == "" {
		name = "design"
	}
	bad := func(format string, args ...any) (DesignResult, error) {
		return DesignResult{}, fmt.Errorf("%s: %w: %s", name, ErrDesign, fmt.Sprintf(format, args...))
	}
	switch {
	case d.Kind < DesignMech || d.Kind > DesignInfantry:
		return bad("kind %v is not mech, vehicle, fighter or infantry", d.Kind)
	case !(d.Tons > 0) || d.Tons > 1000:
		return bad("weight %v tons is not between 0 and 1000", d.Tons)
	case d.WalkMP < 0 || d.RunMP < 0 || d.JumpMP < 0:
		return bad("movement points may not be negative")
	case d.ArmorPoints < 0 || d.ArmorTons < 0 || math.IsNaN(d.ArmorTons) || math.IsInf(d.ArmorTons, 0):
		return bad("armor may not be negative")
	case d.Kind == DesignVehicle && d.Motive == 0:
		return bad("a vehicle needs a movement mode: hover, tracked or wheeled (%s)", cite.Book(1654))
	case d.Kind == DesignMech && d.WalkMP == 0:
		return bad("a 'Mech needs walking MP")
	}

	for _, m := range d.Weapons {
		if m.Count < 0 || m.Count > 100 {
			return bad("%d × %s: a count runs from 1 to 100", m.Count, m.Weapon)
		}
		where := ""
		if m.Line > 0 {
			where = "line " + strconv.Itoa(m.Line) + ": "
		}
		w, err := LookupWeapon(m.Weapon)
		if err != nil {
			r.Warnings = append(r.Warnings, fmt.Sprintf("%s%s: %q is not in the 1987 weapons table (%s); left out of the values (ruling D7)", where, name, strings.TrimSpace(m.Weapon), cite.Manual(4797)))
			continue
		}
		if !w.Converts() {
			r.Warnings = append(r.Warnings, fmt.Sprintf("%s%s: %s is artillery, which lance creation does not convert (%s); left out of the values (ruling D8)", where, name, w.Name, cite.Book(1687)))
			continue
		}
		n := m.count()
		c := CountedWeapon{Weapon: w, Count: n, Damage: n * w.Damage, Rating: n * w.Rating}
		r.Counted = append(r.Counted, c)
		r.MaxDamage += c.Damage
		r.RangeRating += c.Rating
		if w.NoClose {
			r.NoCloseDamage += c.Damage
		}
		if w.Strafes() {
			r.StrafeDamage += c.Damage
		}
	}

	r.ArmorTons = d.Armor()
	if d.Kind == DesignFighter {
		r.ArmorTons++ // the cockpit's extra armor (line 1674)
	}
	r.D = DefensiveValue(r.ArmorTons)
	if d.JumpMP > 0 && d.Kind != DesignFighter {
		r.D++ // line 1389; vehicles and infantry by line 1654 (ruling D6)
	}
	r.RA = AttackValue(r.MaxDamage)
	r.Range = roundHalfUp(r.RangeRating, r.MaxDamage)
	r.MP = d.WalkMP

	switch d.Kind {
	case DesignMech:
		// Physical attacks: one point per full 10 tons per fist (line
		// 1500: a 75-ton 'Mech punches for 7), one per 5 tons for a kick
		// (line 1500; 001 line 1546); no fists without a lower arm
		// actuator (001 line 4348). This reading reproduces the most
		// Values Table rows (ruling D4). A quad has no fists (ruling D5).
		if !d.Quad && !d.NoLowerArms {
			r.Punch = int(d.Tons / 10)
		}
		r.Kick = int(math.Ceil(d.Tons / 5))
	case DesignFighter:
		r.MP = FighterMP(d.Tons)
		r.Strafe = AttackValue(r.StrafeDamage)
	}
	if d.Kind != DesignFighter {
		// Vehicles and infantry have no arms and legs: their close attack
		// is their weapons less the asterisked ones (ruling D5).
		r.CloseDamage = max(0, r.MaxDamage+2*r.Punch+r.Kick-r.NoCloseDamage)
		r.CA = AttackValue(r.CloseDamage)
	}
	return r, nil
}

// CombineDesigns creates a lance from up to four machines (two fighters)
// by the full lance creation rules (000 lines 1357–1691). It is strict: a
// weapon the 1987 tables do not know, or artillery, is an error, since it
// cannot hand back warnings (ruling D7); DesignValues and CombineResults
// give the lenient path that LanceFromMTF takes.
func CombineDesigns(name string, ds []Design, exp referee.Experience) (Lance, error) {
	rs := make([]DesignResult, 0, len(ds))
	for _, d := range ds {
		r, err := DesignValues(d)
		if err != nil {
			return Lance{}, err
		}
		if len(r.Warnings) > 0 {
			return Lance{}, fmt.Errorf("%w: %s", ErrUnknownWeapon, r.Warnings[0])
		}
		rs = append(rs, r)
	}
	return CombineResults(name, rs, exp)
}

// ErrLance: the machines cannot form one lance.
var ErrLance = errors.New("cannot form a lance")

// CombineResults averages machines' values into a lance counter:
//
//   - D, RA, CA and range: the sum divided by 4 however many machines
//     there are (lines 1361, 1389, 1426, 1488, 1512), halves up (R6);
//     air lances too (line 1662), with the range then × 5 (line 1666),
//     and AA and ST in place of RA and CA (lines 1662, 1670; ruling D12);
//   - MP: the slowest machine's (line 1516); jump only if all jump (1518);
//   - overburn MP half again the MP, rounded up (line 1520; R5), for
//     'Mechs and vehicles; overburn RA the step-0 RA plus its step
//     decrement (R5), for 'Mechs only (V14);
//   - steps 1–3 by the step table (line 1528; ruling B12 via D1);
//   - the class by kind: 'Mechs by average weight (V13), a Fire 'Mech
//     lance if all fire indirectly; vehicles by movement mode; fighters by
//     weight (line 1680).
func CombineResults(name string, rs []DesignResult, exp referee.Experience) (Lance, error) {
	if len(rs) == 0 {
		return Lance{}, fmt.Errorf("%w: no machines", ErrLance)
	}
	kind := rs[0].Kind
	limit := LanceSize
	if kind == DesignFighter {
		limit = 2 // an air lance is two fighters (line 1063)
	}
	if len(rs) > limit {
		return Lance{}, fmt.Errorf("%w: %d machines; a %s lance holds at most %d (%s)", ErrLance, len(rs), kind, limit, cite.Book(1361, 1063))
	}
	var sumD, sumRA, sumCA, sumR, sumST, members int
	var tons float64
	mp, jump, indirect := math.MaxInt, true, true
	l := Lance{Name: name, Experience: exp}
	for _, r := range rs {
		if r.Kind != kind {
			return Lance{}, fmt.Errorf("%w: %s is a %s and %s a %s; a lance holds one kind (%s)", ErrLance, rs[0].Name, kind, r.Name, r.Kind, cite.Book(1361))
		}
		if kind == DesignFighter && r.Name != rs[0].Name {
			return Lance{}, fmt.Errorf("%w: an air lance's two fighters are of one type (%s), not %s and %s", ErrLance, cite.Book(1063), rs[0].Name, r.Name)
		}
		sumD += r.D
		sumRA += r.RA
		sumCA += r.CA
		sumR += r.Range
		sumST += r.Strafe
		tons += r.Tons
		members++
		mp = min(mp, r.MP)
		jump = jump && r.JumpMP > 0
		indirect = indirect && r.Indirect
		l.Members = append(l.Members, r.Name)
	}
	d := roundHalfUp(sumD, LanceSize)
	l.MP = mp
	l.Range = roundHalfUp(sumR, LanceSize)

	switch kind {
	case DesignFighter:
		l.AirAttack = roundHalfUp(sumRA, LanceSize)
		l.Strafe = roundHalfUp(sumST, LanceSize)
		l.Range *= 5
		l.Rows = airRows(l.AirAttack, l.Strafe, d)
		switch FighterMP(tons / float64(members)) {
		case 20:
			l.Class = referee.LightAir
		case 15:
			l.Class = referee.MediumAir
		default:
			l.Class = referee.HeavyAir
		}
		return l, nil
	}

	full := referee.Values{RA: roundHalfUp(sumRA, LanceSize), CA: roundHalfUp(sumCA, LanceSize), D: d}
	l.Rows = referee.DeriveSteps(full)
	l.Jump = jump
	switch kind {
	case DesignMech:
		l.OverburnRA = full.RA + referee.StepDecrement(full.RA)
		l.OverburnMP = referee.OverburnMP(mp)
		l.Indirect = indirect
		avg := tons / float64(members)
		switch {
		case indirect:
			l.Class = referee.FireMech
		case avg < 40:
			l.Class = referee.LightMech
		case avg < 60:
			l.Class = referee.MediumMech
		case avg < 80:
			l.Class = referee.HeavyMech
		default:
			l.Class = referee.AssaultMech
		}
	case DesignVehicle:
		l.OverburnMP = referee.OverburnMP(mp)
		motive := rs[0].Motive
		for _, r := range rs {
			if m := r.Motive; m != motive {
				return Lance{}, fmt.Errorf("%w: %s moves %s and %s %s; a platoon's vehicles share one movement mode (%s)", ErrLance, rs[0].Name, motive, r.Name, m, cite.Book(1654))
			}
		}
		l.Class = motive.Class()
	case DesignInfantry:
		l.Class = referee.Infantry
		if jump {
			l.Class = referee.JumpInfantry
		} else if rs[0].Motive == MotiveWheeled {
			l.Class = referee.MotorizedInfantry
		}
	}
	return l, nil
}

// designBatch gathers the machines of one lance read from files, with the
// warnings of each labelled by the file it came from.
type designBatch struct {
	results  []DesignResult
	names    []string
	warnings []string
}

// fileLabel names the i-th file in messages: its name, else "file N".
func fileLabel(i int, names []string) string {
	if i < len(names) && names[i] != "" {
		return names[i]
	}
	return fmt.Sprintf("file %d", i+1)
}

// warn records warnings about one file.
func (b *designBatch) warn(label string, ws []string) {
	for _, w := range ws {
		b.warnings = append(b.warnings, label+": "+w)
	}
}

// add converts one design (DesignValues) and keeps it for the lance. A
// design far from the 1987 rules gets one warning that says how
// (Judge1987); one with no weapon the rules count is refused.
func (b *designBatch) add(label string, d Design) error {
	r, err := DesignValues(d)
	if err != nil {
		return fmt.Errorf("%s: %w", label, err)
	}
	if err := check1987Weapons(d); err != nil {
		return fmt.Errorf("%s: %w", label, err)
	}
	b.warn(label, r.Warnings)
	if verdict := Judge1987(d); verdict != "" {
		b.warn(label, []string{verdict})
	}
	b.results = append(b.results, r)
	b.names = append(b.names, d.Name)
	return nil
}

// lance combines the batch into one counter (CombineResults).
func (b *designBatch) lance(exp referee.Experience) (Lance, []string, error) {
	l, err := CombineResults(strings.Join(b.names, ", "), b.results, exp)
	return l, b.warnings, err
}
