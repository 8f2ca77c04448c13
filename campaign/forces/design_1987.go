package forces

import (
	"errors"
	"fmt"
	"strings"

	"bfbot/internal/cite"
)

// Full lance creation (000 lines 1357–1691) knows the weapons of the 1987
// tables only. A MegaMek collection holds thousands of later designs:
// Clan and mixed technology, rules levels above the introductory one, and
// weapons the 1987 tables never printed. Such a design still converts, but
// its values say little about the machine; Judge1987 says so in one line,
// and a design none of whose weapons the rules count is refused (ruling
// D17).

// ErrNo1987Weapon: none of a design's weapons is one that full lance
// creation counts, so its lance would have no attack value.
var ErrNo1987Weapon = errors.New("no weapon the 1987 lance creation rules count")

// Judge1987 judges a design against the 1987 rules as a whole: a Clan or
// mixed tech base, a MegaMek rules level above 1 (the introductory level,
// the 1987 box set's equipment), and "K of N weapons are not in the 1987
// table". It gives "" for a design with none of these.
func Judge1987(d Design) string {
	var why []string
	switch tb := strings.ToLower(strings.TrimSpace(d.TechBase)); {
	case strings.HasPrefix(tb, "clan"):
		why = append(why, "Clan tech base")
	case strings.HasPrefix(tb, "mixed"):
		why = append(why, fmt.Sprintf("mixed tech base (%s)", d.TechBase))
	}
	if d.RulesLevel > 1 {
		why = append(why, fmt.Sprintf("rules level %d (level 1 is the 1987 box set's)", d.RulesLevel))
	}
	n, unknown, _ := count1987Weapons(d)
	if unknown > 0 {
		why = append(why, fmt.Sprintf("%d of %d weapons are not in the 1987 table", unknown, n))
	}
	if len(why) == 0 {
		return ""
	}
	name := d.Name
	if name == "" {
		name = "design"
	}
	return fmt.Sprintf("%s is not a 1987 design: %s; its values count only what the 1987 rules know (ruling D17)", name, strings.Join(why, ", "))
}

// count1987Weapons counts a design's weapons (a mount of 2 is 2), those
// the 1987 table does not know, and those lance creation counts.
func count1987Weapons(d Design) (n, unknown, counted int) {
	for _, m := range d.Weapons {
		c := m.count()
		n += c
		w, err := LookupWeapon(m.Weapon)
		switch {
		case err != nil:
			unknown += c
		case w.Converts():
			counted += c
		}
	}
	return n, unknown, counted
}

// check1987Weapons refuses a design that lists weapons of which lance
// creation counts none: its lance would have no attack value at all, and
// quick generation from the Values Table is the way to field it.
func check1987Weapons(d Design) error {
	n, unknown, counted := count1987Weapons(d)
	if n == 0 || counted > 0 {
		return nil
	}
	name := d.Name
	if name == "" {
		name = "design"
	}
	what := fmt.Sprintf("none of its %d weapons is in the 1987 weapons table (%s)", n, cite.Manual(4797))
	if unknown < n {
		what = fmt.Sprintf("of its %d weapons, %d are not in the 1987 weapons table and %d are artillery, which lance creation does not convert (%s)", n, unknown, n-unknown, cite.Book(1687))
	}
	return fmt.Errorf("%s: %w: %s, so full lance creation would give it no attack value; field this 'Mech by quick generation from the Values Table instead (bfbot lance NAME…, %s) (ruling D17)", name, ErrNo1987Weapon, what, cite.Span(1697, 1711))
}
