package ai

import (
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"

	"bfbot/referee"
	"bfbot/referee/dice"
)

// Ensure the AI and referee.ValidActions word no refusal: they try every
// candidate action and throw most refusals away unread, so the sentence
// for the player is formatted only when an error is read (a refusal's
// Error method), and nothing here reads one. Every allocation is
// sampled while battles of every kind auto-resolve, and the test fails
// if one was made with a refusal's Error or fmt.Errorf on its stack; it
// also checks that refusals were built at all, so it tests something.
func TestNoRefusalWorded(t *testing.T) {
	kinds := []battleOptions{
		{perSide: 6, secrets: true},
		{perSide: 4, air: true, artillery: true},
		{perSide: 4, dropships: true},
	}
	rate := runtime.MemProfileRate
	runtime.MemProfileRate = 1
	defer func() { runtime.MemProfileRate = rate }()
	before := wordingAllocs()
	for seed, o := range kinds {
		s := randomBattle(t, rand.New(rand.NewPCG(uint64(seed), 0x776f72)), o)
		players := map[string]*Player{"red": New("red", Normal, uint64(seed)), "blue": New("blue", Hard, uint64(seed)+1)}
		if _, _, err := AutoResolve(s, dice.New(dice.NewSeeded(uint64(seed))), players, 12); err != nil {
			t.Fatalf("battle %d: %v", seed, err)
		}
		for _, u := range s.Units {
			referee.ValidActions(s, u.ID)
		}
	}
	after := wordingAllocs()
	if built := after["built"] - before["built"]; built == 0 {
		t.Fatal("no refusal was built: the test checked nothing")
	} else {
		t.Logf("%d refusals built", built)
	}
	for site, n := range after {
		if site != "built" && n > before[site] {
			t.Errorf("%d allocations wording a refusal at %s", n-before[site], site)
		}
	}
}

// wordingAllocs counts the allocations sampled so far by where they
// were made: "built" those of referee's illegal (a refusal made), and by
// the innermost function of the module on their stack those made under a
// refusal's Error, under fmt.Errorf, or by fmt under illegal (a refusal
// worded).
func wordingAllocs() map[string]int64 {
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
		if site := wordingSite(r.Stack()); site != "" {
			counts[site] += r.AllocObjects
		}
	}
	return counts
}

// wordingSite says what an allocation made with stack did: "" nothing of
// a refusal, "built" made one, or the function that worded one.
func wordingSite(stack []uintptr) string {
	frames := runtime.CallersFrames(stack)
	inFmt, worded := false, false
	for {
		f, more := frames.Next()
		switch {
		case f.Function == "bfbot/referee.(*refusal).Error" || f.Function == "fmt.Errorf":
			worded = true
		case strings.HasPrefix(f.Function, "fmt."):
			inFmt = true
		case f.Function == "bfbot/referee.illegal" && !worded && !inFmt:
			return "built"
		case strings.HasPrefix(f.Function, "bfbot/") && (worded || inFmt && f.Function == "bfbot/referee.illegal"):
			return f.Function
		}
		if !more {
			return ""
		}
	}
}
