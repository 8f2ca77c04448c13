package forces

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"bfbot/internal/editdist"
	"bfbot/internal/english"
)

// Errors of Lookup; the *UnitNameError it returns wraps one of them.
var (
	// ErrUnitNotInCatalog: no unit of the values table has that name.
	ErrUnitNotInCatalog = errors.New("unit not in catalog")
	// ErrUnitNameAmbiguous: several units answer to the name (ruling C13).
	ErrUnitNameAmbiguous = errors.New("ambiguous unit name")
)

// UnitNameError says why Lookup found no single unit. Suggestions holds
// names that Lookup accepts: for an ambiguous name every unit it could
// mean, otherwise up to three nearest names, nearest first — what a
// command's autocomplete or reply can offer the player.
type UnitNameError struct {
	Query       string
	Ambiguous   bool
	Suggestions []string
	msg         string
}

func (e *UnitNameError) Error() string { return e.msg }

// Unwrap lets callers test the cause with errors.Is.
func (e *UnitNameError) Unwrap() error {
	if e.Ambiguous {
		return ErrUnitNameAmbiguous
	}
	return ErrUnitNotInCatalog
}

// Lookup finds a unit of the values table by the name a player types.
// Case, spaces, hyphens, apostrophes, dots and accents do not matter
// ("Jager Mech", "JägerMech", "phoenix-hawk"); the misprinted and other
// usual names of data/aliases.tsv are accepted. A name two units share
// needs the kind, before or after it ("Scorpion ('Mech)", "Scorpion tank",
// "vehicle: Scorpion"; ruling C13). A miss suggests the nearest names:
//
//	unknown unit "Atlos": did you mean Atlas?
func Lookup(name string) (Entry, error) {
	c, err := loadCatalog()
	if err != nil {
		return Entry{}, fmt.Errorf("unit catalog: %w", err)
	}
	if foldUnitName(name) == "" {
		return Entry{}, &UnitNameError{Query: name, msg: "unit name required"}
	}
	if hits := c.index[foldUnitName(name)]; len(hits) > 0 {
		return c.pick(name, hits)
	}
	kind, rest, qualified := splitKind(name)
	if !qualified {
		return Entry{}, c.unknown(name, name, 0)
	}
	hits := c.index[foldUnitName(rest)]
	var ofKind []int
	for _, i := range hits {
		if c.entries[i].Kind == kind {
			ofKind = append(ofKind, i)
		}
	}
	if len(ofKind) > 0 {
		return c.pick(name, ofKind)
	}
	if len(hits) > 0 {
		// The name exists, but not as that kind: say what it is.
		var is []string
		for _, i := range hits {
			is = append(is, c.entries[i].ID+" is a "+c.entries[i].Kind.String())
		}
		return Entry{}, &UnitNameError{
			Query:       name,
			Suggestions: c.ids(hits),
			msg:         fmt.Sprintf("unknown unit %q: no %s is named %s; %s", name, kind, strings.TrimSpace(rest), strings.Join(is, ", ")),
		}
	}
	return Entry{}, c.unknown(name, rest, kind)
}

// pick returns the single row hits names, or asks which one is meant.
func (c *unitCatalog) pick(query string, hits []int) (Entry, error) {
	if len(hits) == 1 {
		return c.entries[hits[0]], nil
	}
	ids := c.ids(hits)
	return Entry{}, &UnitNameError{
		Query:       query,
		Ambiguous:   true,
		Suggestions: ids,
		msg:         fmt.Sprintf("ambiguous unit %q: say %s", query, english.Or(ids)),
	}
}

func (c *unitCatalog) ids(rows []int) []string {
	out := make([]string, len(rows))
	for n, i := range rows {
		out[n] = c.entries[i].ID
	}
	return out
}

// unknown builds the miss error with suggestions for name (of kind, if
// not zero); query is what the player typed.
func (c *unitCatalog) unknown(query, name string, kind Kind) error {
	sugg := c.suggest(foldUnitName(name), kind, 3)
	msg := fmt.Sprintf("unknown unit %q", query)
	if len(sugg) > 0 {
		msg += ": did you mean " + english.Or(sugg) + "?"
	}
	return &UnitNameError{Query: query, Suggestions: sugg, msg: msg}
}

// suggest ranks every accepted name by how close it is to q and returns
// at most limit of them, one per unit. A near spelling counts by edit
// distance (a swap of two letters is one edit); a name that starts with
// or contains what was typed ("Jager", "Hawk") counts as near as well.
func (c *unitCatalog) suggest(q string, kind Kind, limit int) []string {
	if q == "" {
		return nil
	}
	maxDist := 2
	if len(q) > 6 {
		maxDist = 3
	}
	type candidate struct {
		key, display string
		row          int
	}
	var cands []candidate
	for i, e := range c.entries {
		cands = append(cands, candidate{foldUnitName(e.Name), e.ID, i})
	}
	for _, a := range c.aliases {
		for _, i := range a.targets {
			display := a.text
			if len(a.targets) > 1 {
				display = c.entries[i].ID
			}
			cands = append(cands, candidate{foldUnitName(a.text), display, i})
		}
	}
	type scored struct {
		display string
		score   int
	}
	best := map[int]scored{}
	for _, cd := range cands {
		if kind != 0 && c.entries[cd.row].Kind != kind {
			continue
		}
		score := editdist.Distance(q, cd.key)
		switch {
		case len(q) >= 3 && strings.HasPrefix(cd.key, q):
			score = min(score, 1)
		case len(q) >= 4 && strings.Contains(cd.key, q):
			score = min(score, 2)
		}
		if score > maxDist {
			continue
		}
		// The unit's own name comes first in cands, so on a tie it wins.
		if b, ok := best[cd.row]; !ok || score < b.score {
			best[cd.row] = scored{cd.display, score}
		}
	}
	var ranked []scored
	for _, s := range best {
		ranked = append(ranked, s)
	}
	slices.SortFunc(ranked, func(a, b scored) int {
		if a.score != b.score {
			return a.score - b.score
		}
		return strings.Compare(a.display, b.display)
	})
	var out []string
	for _, s := range ranked {
		if len(out) == limit {
			break
		}
		out = append(out, s.display)
	}
	return out
}

// splitKind finds a kind word before a colon ("mech: Scorpion")
// or after the name, bare or in parentheses ("Scorpion tank",
// "Scorpion ('Mech)"). It is tried only when the whole text is no name,
// so names that end in such a word ("UrbanMech") are never cut.
func splitKind(s string) (Kind, string, bool) {
	s = strings.TrimSpace(s)
	if word, rest, ok := strings.Cut(s, ":"); ok {
		if k, ok := kindWord(foldUnitName(word)); ok && foldUnitName(rest) != "" {
			return k, rest, true
		}
	}
	var word, rest string
	if strings.HasSuffix(s, ")") {
		open := strings.LastIndex(s, "(")
		if open < 0 {
			return 0, "", false
		}
		word, rest = s[open+1:len(s)-1], s[:open]
	} else {
		cut := strings.LastIndexAny(s, " \t")
		if cut < 0 {
			return 0, "", false
		}
		word, rest = s[cut+1:], s[:cut]
	}
	k, ok := kindWord(foldUnitName(word))
	if !ok || foldUnitName(rest) == "" {
		return 0, "", false
	}
	return k, rest, true
}

// foldUnitName reduces a name to lower-case ASCII letters and digits, so
// that players need not match the book's spacing, case, punctuation or
// accents ("JägerMech" = "jager mech" = "jagermech").
func foldUnitName(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			b.WriteRune(r)
		default:
			b.WriteString(foldLatin(r))
		}
	}
	return b.String()
}

// foldLatin drops the accent of a lower-case Latin letter; anything else
// (punctuation, spaces, other scripts) folds to nothing.
func foldLatin(r rune) string {
	switch r {
	case 'à', 'á', 'â', 'ã', 'ä', 'å', 'ā':
		return "a"
	case 'æ':
		return "ae"
	case 'ç', 'č':
		return "c"
	case 'è', 'é', 'ê', 'ë', 'ē':
		return "e"
	case 'ì', 'í', 'î', 'ï':
		return "i"
	case 'ñ':
		return "n"
	case 'ò', 'ó', 'ô', 'õ', 'ö', 'ø', 'ō':
		return "o"
	case 'œ':
		return "oe"
	case 'ß':
		return "ss"
	case 'š':
		return "s"
	case 'ù', 'ú', 'û', 'ü', 'ū':
		return "u"
	case 'ý', 'ÿ':
		return "y"
	case 'ž':
		return "z"
	}
	return ""
}
