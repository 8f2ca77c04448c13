package discordtest

import (
	"strings"
	"testing"
)

// Ensure the fake refuses what Discord refuses: a message over 2,000
// characters, embeds over their limits, too many components; and lets
// what is just within them through.
func TestCheckLimits(t *testing.T) {
	str := func(n int) *string { s := strings.Repeat("é", n); return &s }
	field := func(name, value int) wireField {
		return wireField{strings.Repeat("n", name), strings.Repeat("v", value)}
	}
	button := wireComponent{Type: 2, Label: "ok", CustomID: "id"}
	row := func(n int) wireComponent {
		r := wireComponent{Type: 1}
		for range n {
			r.Components = append(r.Components, button)
		}
		return r
	}
	many := func(n int, e wireEmbed) []wireEmbed {
		var out []wireEmbed
		for range n {
			out = append(out, e)
		}
		return out
	}
	tests := []struct {
		name string
		msg  wireMessage
		want string // "" when within the limits
	}{
		{"content 2000", wireMessage{Content: str(2000)}, ""},
		{"content 2001", wireMessage{Content: str(2001)}, "content: must be 2000 or fewer"},
		{"description 4096", wireMessage{Embeds: []wireEmbed{{Description: strings.Repeat("d", 4096)}}}, ""},
		{"description 4097", wireMessage{Embeds: []wireEmbed{{Description: strings.Repeat("d", 4097)}}}, "embeds.0.description"},
		{"title 257", wireMessage{Embeds: []wireEmbed{{Title: strings.Repeat("t", 257)}}}, "embeds.0.title"},
		{"field value 1025", wireMessage{Embeds: []wireEmbed{{Fields: []wireField{field(1, 1025)}}}}, "embeds.0.fields.0.value"},
		{"26 fields", wireMessage{Embeds: []wireEmbed{{Fields: make([]wireField, 26)}}}, "embeds.0.fields: must be 25"},
		{"embeds 6000 in all", wireMessage{Embeds: many(2, wireEmbed{Description: strings.Repeat("d", 3000)})}, ""},
		{"embeds 6001 in all", wireMessage{Embeds: many(2, wireEmbed{Title: "x", Description: strings.Repeat("d", 3000)})}, "embed size exceeds maximum size of 6000"},
		{"11 embeds", wireMessage{Embeds: many(11, wireEmbed{Title: "x"})}, "embeds: must be 10"},
		{"5 rows of 5", wireMessage{Components: []wireComponent{row(5), row(5), row(5), row(5), row(5)}}, ""},
		{"6 rows", wireMessage{Components: []wireComponent{row(1), row(1), row(1), row(1), row(1), row(1)}}, "components: must be 5"},
		{"6 buttons in a row", wireMessage{Components: []wireComponent{row(6)}}, "components.0.components: must be 5"},
		{"label 81", wireMessage{Components: []wireComponent{{Type: 1, Components: []wireComponent{{Label: strings.Repeat("l", 81), CustomID: "id"}}}}}, "label"},
		{"custom id 101", wireMessage{Components: []wireComponent{{Type: 1, Components: []wireComponent{{Label: "l", CustomID: strings.Repeat("c", 101)}}}}}, "custom_id"},
	}
	for _, tt := range tests {
		err := checkLimits(tt.msg)
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%s: refused: %v", tt.name, err)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("%s: %v, want an error with %q", tt.name, err, tt.want)
		}
	}
}
