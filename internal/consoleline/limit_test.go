package consoleline

import (
	"strings"
	"testing"
)

// Ensure an option value over MaxOptionLength characters is refused with
// the column, the option and the limit, and one at the limit is read
// (RELIABILITY.md, input limits).
func TestParseLineOptionLength(t *testing.T) {
	for _, tc := range []struct {
		name, value, want string
	}{
		{"AtLimit", strings.Repeat("x", MaxOptionLength), ""},
		{"AtLimitRunes", strings.Repeat("é", MaxOptionLength), ""},
		{"Over", strings.Repeat("x", MaxOptionLength+1), "column 21: option name: 1001 characters, over the limit of 1000: shorten it"},
		{"TenThousandQuoted", `"` + strings.Repeat("a b ", 2500) + `"`, "column 21: option name: 10000 characters, over the limit of 1000"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l, err := ParseLine("@u /campaign create name:" + tc.value)
			if tc.want == "" {
				if err != nil || l == nil || len(l.Options) != 1 {
					t.Fatalf("ParseLine = %+v, %v; want one option", l, err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("ParseLine = %+v, %v; want an error with %q", l, err, tc.want)
			}
		})
	}
}
