package quickstart

// roundDiv is a/b rounded normally (halves up), for a ≥ 0 and b > 0: the
// book's "round normally" (002 lines 398, 608, 614, 625), done in integers
// so 0.5 is exactly half.
func roundDiv(a, b int) int { return (2*a + b) / (2 * b) }
