// Package english gets the small words right in text people read:
// "1 DropShip" and "2 DropShips", "Moore's Bandits'" and "alice's",
// "A, B and C". Names in such text are regiment, battlegroup and player
// names, so the rules are those of English names, not of every word.
//
// It is pure (standard library only) so every layer may use it.
package english

import (
	"strconv"
	"strings"
)

// Count is n and the noun, plural unless n is 1: Count(1, "DropShip")
// is "1 DropShip", Count(3, "DropShip") "3 DropShips". Nouns whose
// plural is not the noun and "s" are written with Counts.
func Count(n int, noun string) string {
	return Counts(n, noun, noun+"s")
}

// Counts is n and one or many, as n asks: Counts(2, "battlegroup is",
// "battlegroups are").
func Counts(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// Possessive is a name's possessive: "alice's", and for a name that ends
// in s, as regiment names do, only the apostrophe ("7th Crucis
// Lancers'", "Moore's Bandits'").
func Possessive(name string) string {
	if strings.HasSuffix(name, "s") || strings.HasSuffix(name, "S") {
		return name + "'"
	}
	return name + "'s"
}

// List joins items as a sentence does: "A", "A and B", "A, B and C".
func List(items []string) string { return joined(items, "and") }

// Or joins alternatives: "A", "A or B", "A, B or C".
func Or(items []string) string { return joined(items, "or") }

func joined(items []string, word string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + " " + word + " " + items[len(items)-1]
}
