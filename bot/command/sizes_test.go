package command

import (
	"strconv"
	"strings"
	"testing"
)

// Ensure oversized requests are refused before any work: the refusal is
// private, quotes none of the oversized text, and nothing is stored.
func TestRequestSizes(t *testing.T) {
	long := strings.Repeat("é", MaxOptionValue+1) // characters, not bytes
	many := []string{}
	for i := range MaxOptions + 1 {
		many = append(many, "o"+strconv.Itoa(i), "v")
	}
	tests := []struct {
		name string
		user string
		cmd  []string
		kv   []string
		want string // "" when it passes the size check
	}{
		{"OK", "alice", []string{"bg", "rename"}, []string{"bg", "1", "name", strings.Repeat("é", MaxOptionValue)}, ""},
		{"ErrLongValue", "alice", []string{"bg", "rename"}, []string{"bg", "1", "name", long},
			"private alice: ⚠ /bg rename: name: is 1001 characters long; an option value is at most 1000\n"},
		{"ErrLongValueUnknownCommand", "alice", []string{"nosuch", "thing"}, []string{"x", long},
			"private alice: ⚠ /nosuch thing: x: is 1001 characters long; an option value is at most 1000\n"},
		{"ErrTooManyOptions", "ref", []string{"campaign", "settings"}, many,
			"private ref: ⚠ /campaign settings: 26 options given; a command takes at most 25\n"},
		{"ErrLongOptionName", "ref", []string{"campaign", "settings"}, []string{strings.Repeat("n", 33), "1"},
			"private ref: ⚠ /campaign settings: an option name is at most 32 characters\n"},
		{"ErrLongCommandName", "ref", []string{strings.Repeat("c", 33), ""}, nil,
			"private ref: ⚠ a command name is at most 32 characters; /help lists the commands\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := cmdNewFixture(t, true)
			before, err := f.store.Get(t.Context(), 1)
			if err != nil {
				t.Fatal(err)
			}
			got := cmdTexts(f.cmdDo(tt.user, tt.cmd[0], tt.cmd[1], tt.kv...))
			after, err := f.store.Get(t.Context(), 1)
			if err != nil {
				t.Fatal(err)
			}
			if tt.want == "" {
				// The value passes the size check and reaches the handler,
				// which has its own, smaller, limit for names.
				if !strings.Contains(got, "a battlegroup name has at most 40") {
					t.Errorf("did not reach the handler: %s", got)
				}
				return
			}
			if got != tt.want {
				t.Errorf("got  %q\nwant %q", got, tt.want)
			}
			if after.Log.Len() != before.Log.Len() || after.Side("crucis").Battlegroups[0].Name != before.Side("crucis").Battlegroups[0].Name {
				t.Errorf("a refused request changed the campaign")
			}
		})
	}
}
