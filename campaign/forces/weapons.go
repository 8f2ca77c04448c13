package forces

import (
	_ "embed" // the weapons table ships inside the binary
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"
)

// The weapons table joins the two 1987 tables that lance creation from
// BattleTech designs needs: BattleForce's Maximum Damage Table (000
// lines 1449–1471: maximum damage, range, range rating and the asterisk
// that keeps a weapon out of the Close Attack Value) and the BattleTech
// Weapons Table (001 lines 4797–4825: heat, minimum range, range
// bands). It lives in data/weapons.tsv, one row per weapon with both seed
// lines, and the names MegaMek writes in .mtf files as aliases.

//go:embed data/weapons.tsv
var weaponsTSV string

// WeaponBlock is the block of the BattleTech Weapons Table a weapon is
// listed in (001 lines 4800–4822).
type WeaponBlock int

// The blocks, in the order of the table.
const (
	WeaponEnergy WeaponBlock = iota + 1
	WeaponBallistic
	WeaponMissile
	WeaponArtillery
)

var weaponBlockNames = map[string]WeaponBlock{
	"energy": WeaponEnergy, "ballistic": WeaponBallistic,
	"missile": WeaponMissile, "artillery": WeaponArtillery,
}

// String gives the block as the data file writes it.
func (b WeaponBlock) String() string {
	for s, v := range weaponBlockNames {
		if v == b {
			return s
		}
	}
	return "WeaponBlock(" + strconv.Itoa(int(b)) + ")"
}

// Weapon is one row of the weapons table.
type Weapon struct {
	Name string // the Maximum Damage Table's name (artillery: 001's)
	// Damage is the BattleForce maximum damage in one turn (000 line
	// 1449): for missile racks the book's own figure, not the number of
	// missiles (an LRM-20 counts 12).
	Damage int
	// Range is the BattleForce range in hexes; Rating the Range Rating,
	// Damage × Range (000 line 1450).
	Range, Rating int
	// NoClose is the table's asterisk: the weapon has a BattleTech minimum
	// range and its damage is taken out of the Close Attack Value (000
	// line 1471, 1502).
	NoClose bool
	// Block, Heat, MinRange and the last hex of the Short, Medium and Long
	// bands are the BattleTech Weapons Table's (001 lines 4799–4825).
	Block               WeaponBlock
	Heat, MinRange      int
	Short, Medium, Long int
	Aliases             []string
	BattleForceLine     int // 000 line, 0 for artillery
	BattleTechLine      int // 001 line
}

// Converts reports whether lance creation can count the weapon: every
// weapon of the Maximum Damage Table; not artillery, which the book sends
// to the special-unit rules (000 line 1687; ruling D8).
func (w Weapon) Converts() bool { return w.BattleForceLine > 0 }

// Strafes reports whether the weapon counts toward an air lance's
// Strafing Value: weapons that need no ammunition (000 line 1670), which
// are the Energy block of the BattleTech table (ruling D9).
func (w Weapon) Strafes() bool { return w.Block == WeaponEnergy }

type weaponTable struct {
	weapons []Weapon
	index   map[string]int // folded name or alias → weapons index
}

// loadWeapons parses the embedded weapons table at first use.
var loadWeapons = sync.OnceValues(func() (*weaponTable, error) {
	return parseWeapons(weaponsTSV)
})

// Weapons returns every row of the weapons table in file order.
func Weapons() []Weapon {
	t, err := loadWeapons()
	if err != nil {
		return nil
	}
	return slices.Clone(t.weapons)
}

// ErrUnknownWeapon: the name is not a weapon of the 1987 tables.
var ErrUnknownWeapon = errors.New("not in the 1987 weapons table")

// LookupWeapon finds a weapon by its name or an alias. Case and every
// character but letters and digits are ignored ("LRM 20", "LRM-20",
// "ISLRM20" and "Autocannon/20", "AC/20" all match). A MegaMek mounting
// tag after the name, such as "(R)" for rear-facing or "(T)" for a turret,
// is dropped first (ruling D10).
func LookupWeapon(name string) (Weapon, error) {
	t, err := loadWeapons()
	if err != nil {
		return Weapon{}, fmt.Errorf("weapons table: %w", err)
	}
	base := weaponBaseName(name)
	if i, ok := t.index[weaponFold(base)]; ok && weaponFold(base) != "" {
		return t.weapons[i], nil
	}
	return Weapon{}, fmt.Errorf("weapon %q: %w", strings.TrimSpace(name), ErrUnknownWeapon)
}

// weaponBaseName drops trailing parenthesised mounting tags: "(R)",
// "(T)", "(OMNIPOD)", "(ARMORED)".
func weaponBaseName(name string) string {
	s := strings.TrimSpace(name)
	for {
		if !strings.HasSuffix(s, ")") {
			return s
		}
		open := strings.LastIndex(s, "(")
		if open < 0 {
			return s
		}
		switch strings.ToUpper(strings.TrimSpace(s[open+1 : len(s)-1])) {
		case "R", "T", "OMNIPOD", "ARMORED":
			s = strings.TrimSpace(s[:open])
		default:
			return s
		}
	}
}

// weaponFold keeps letters and digits, lower-cased.
func weaponFold(s string) string {
	var b strings.Builder
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(unicode.ToLower(r))
		}
	}
	return b.String()
}

var weaponColumns = []string{"bf_line", "bt_line", "name", "damage", "range", "rating", "star", "block", "heat", "min", "short", "medium", "long", "aliases"}

// parseWeapons reads data/weapons.tsv and reports every bad row with its
// file line.
func parseWeapons(text string) (*weaponTable, error) {
	t := &weaponTable{index: map[string]int{}}
	var errs []error
	for _, row := range tsvRows("weapons.tsv", text, weaponColumns, &errs) {
		w, err := parseWeaponRow(row.cells)
		if err != nil {
			errs = append(errs, fmt.Errorf("weapons.tsv:%d: %s: %w", row.line, row.cells[2], err))
			continue
		}
		i := len(t.weapons)
		for _, name := range append([]string{w.Name}, w.Aliases...) {
			k := weaponFold(name)
			if k == "" {
				errs = append(errs, fmt.Errorf("weapons.tsv:%d: name %q has no letters or digits", row.line, name))
				continue
			}
			if j, taken := t.index[k]; taken && j != i {
				errs = append(errs, fmt.Errorf("weapons.tsv:%d: %q already names %s", row.line, name, t.weapons[j].Name))
				continue
			}
			t.index[k] = i
		}
		t.weapons = append(t.weapons, w)
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return t, nil
}

func parseWeaponRow(c []string) (Weapon, error) {
	w := Weapon{Name: c[2]}
	if w.Name == "" {
		return w, errors.New("no name")
	}
	var ok bool
	if w.Block, ok = weaponBlockNames[c[7]]; !ok {
		return w, fmt.Errorf("block %q is not energy, ballistic, missile or artillery", c[7])
	}
	num := func(col int, dst *int) error {
		n, err := strconv.Atoi(c[col])
		if err != nil || n < 0 {
			return fmt.Errorf("%s %q is not a whole number", weaponColumns[col], c[col])
		}
		*dst = n
		return nil
	}
	if err := num(1, &w.BattleTechLine); err != nil {
		return w, err
	}
	if err := num(8, &w.Heat); err != nil {
		return w, err
	}
	if w.Block == WeaponArtillery {
		// Artillery has no row in the Maximum Damage Table (ruling D8).
		for _, col := range []int{0, 3, 4, 5, 6, 9, 10, 11, 12} {
			if c[col] != "-" {
				return w, fmt.Errorf("artillery: %s must be \"-\"", weaponColumns[col])
			}
		}
	} else {
		for col, dst := range map[int]*int{0: &w.BattleForceLine, 3: &w.Damage, 4: &w.Range, 5: &w.Rating, 9: &w.MinRange, 10: &w.Short, 11: &w.Medium, 12: &w.Long} {
			if err := num(col, dst); err != nil {
				return w, err
			}
		}
		switch c[6] {
		case "yes":
			w.NoClose = true
		case "no":
		default:
			return w, fmt.Errorf("star %q is not yes or no", c[6])
		}
		if w.Damage == 0 || w.Short == 0 || w.Short > w.Medium || w.Medium > w.Long {
			return w, errors.New("needs damage and rising range bands")
		}
	}
	for a := range strings.SplitSeq(c[13], "|") {
		if a = strings.TrimSpace(a); a != "" {
			w.Aliases = append(w.Aliases, a)
		}
	}
	return w, nil
}
