package scenario

import (
	"runtime"
	"strings"
	"testing"

	"bfbot/internal/allocsite"
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
	allocsite.Check(t, qsBuilt, qsWordingSite, func() {
		for _, name := range QuickStartBuiltIns() {
			qsGame(t, name, 1, [2]qsai.Level{qsai.Tactician, qsai.Tactician}, 3)
		}
	})
}

// qsBuilt is the kind qsWordingSite gives the allocations that make a
// refusal or a reason: the error and its arguments, not its text.
const qsBuilt = "a refusal made"

// qsWordingSite says what an allocation made with stack did: "" nothing
// of a refusal, qsBuilt made one, or it worded one, in a function of
// package quickstart it names.
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
			return qsBuilt
		case strings.HasPrefix(fn, pkg) && (worded || text && (fn == pkg+"illegal" || fn == pkg+"errorf")):
			return "wording a refusal at " + fn
		}
		if !more {
			return ""
		}
	}
}
