package scenario

import (
	"fmt"
	"strings"
	"testing"
)

// Ensure a scenario listing 10,000 units (under the file size limit) is
// refused before its units are read, naming the limit.
func TestParseTooManyUnits(t *testing.T) {
	var b strings.Builder
	b.WriteString("map: {seed: 7, theme: plains, sheets: 1}\nsides:\n  - id: a\n    units:\n")
	for i := range 10000 {
		// Every unit but the first is malformed: reading them would fail
		// on the second, so the error below proves none was read.
		if i == 0 {
			b.WriteString("      - {id: A1, class: infantry, hex: \"0101\"}\n")
			continue
		}
		fmt.Fprintf(&b, "      - {id: A%d}\n", i+1)
	}
	b.WriteString("  - id: b\n    units:\n      - {id: B1, class: infantry, hex: \"0301\"}\n")
	if b.Len() > MaxFileSize {
		t.Fatalf("test file of %d bytes is over MaxFileSize; shorten the units", b.Len())
	}
	_, err := Parse([]byte(b.String()), nil)
	if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("at most %d", MaxUnits)) {
		t.Fatalf("Parse of 10,000 units: %v, want the %d-unit limit", err, MaxUnits)
	}
}
