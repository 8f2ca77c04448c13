// Package editdist measures how far apart two names are as people mistype
// them, for the "did you mean" suggestions of the catalog, of regiment
// and design file fields and of configuration settings. It is internal
// and imports only the standard library, so any package may use it.
package editdist

// Distance is the optimal-string-alignment distance of a and b, counted
// in runes: inserting, deleting or substituting a rune, or swapping two
// neighbouring runes, each cost one, which matches how names get
// mistyped ("Wasp" → "Wsap", "timezone" → "tiemzone"). Unlike the full
// Damerau–Levenshtein distance, no part of the text is edited twice, so
// "ca" → "abc" costs 3.
func Distance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev2 := make([]int, len(rb)+1)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(rb)]
}
