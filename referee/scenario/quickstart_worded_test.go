package scenario

import (
	"runtime"
	"strings"
	"testing"

	"bfbot/referee/quickstart/qsai"
)

// Ensure the Quick-Start AI and quickstart.ValidActions word no refusal:
// they try every placing, move and attack and throw most refusals away
// unread, so a refusal's sentence, and the reason a rule check gives
// (ToHit, DeclareAttack), is formatted only when the error is read. Every
// allocation is sampled while both training scenarios play AI against
// AI for a few turns, and the test fails if one was made by fmt or the
// english package while a refusal was made (quickstart's illegal or
// errorf) or read (their Error), or by fmt.Errorf called from package
// quickstart; it also checks that refusals were made at all.
func TestQuickStartAIWordsNoRefusal(t *testing.T) {
	rate := runtime.MemProfileRate
	runtime.MemProfileRate = 1
	defer func() { runtime.MemProfileRate = rate }()
	before := qsWordingAllocs()
	for _, name := range QuickStartBuiltIns() {
		qsGame(t, name, 1, [2]qsai.Level{qsai.Tactician, qsai.Tactician}, 3)
	}
	after := qsWordingAllocs()
	if built := after["built"] - before["built"]; built == 0 {
		t.Fatal("no refusal was made: the test checked nothing")
	} else {
		t.Logf("%d refusals made", built)
	}
	for site, n := range after {
		if site != "built" && n > before[site] {
			t.Errorf("%d allocations wording a refusal at %s", n-before[site], site)
		}
	}
}

// qsWordingAllocs counts the allocations sampled so far by what they
// did (qsWordingSite).
func qsWordingAllocs() map[string]int64 {
	// A profile is published a garbage collection or two after the
	// allocations it counts.
	for range 3 {
		runtime.GC()
	}
	n, _ := runtime.MemProfile(nil, true)
	records := make([]runtime.MemProfileRecord, n+64)
	n, _ = runtime.MemProfile(records, true)
	counts := map[string]int64{}
	for _, r := range records[:n] {
		if site := qsWordingSite(r.Stack()); site != "" {
			counts[site] += r.AllocObjects
		}
	}
	return counts
}

// qsWordingSite says what an allocation made with stack did: "" nothing
// of a refusal, "built" made one, or the function of package quickstart
// that worded one.
func qsWordingSite(stack []uintptr) string {
	const pkg = "bfbot/referee/quickstart."
	frames := runtime.CallersFrames(stack)
	text, worded := false, false
	for {
		f, more := frames.Next()
		switch fn := f.Function; {
		case fn == pkg+"(*refusal).Error" || fn == pkg+"(*sentence).Error" || fn == "fmt.Errorf":
			worded = true
		case strings.HasPrefix(fn, "fmt.") || strings.HasPrefix(fn, "bfbot/internal/english."):
			text = true
		case (fn == pkg+"illegal" || fn == pkg+"errorf") && !worded && !text:
			return "built"
		case strings.HasPrefix(fn, pkg) && (worded || text && (fn == pkg+"illegal" || fn == pkg+"errorf")):
			return fn
		}
		if !more {
			return ""
		}
	}
}
