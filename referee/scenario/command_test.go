package scenario

import (
	"reflect"
	"strings"
	"testing"

	"bfbot/internal/consoleline"
	"bfbot/mapgen/hex"
	"bfbot/referee"
)

// Ensure /battle lines become the referee's actions.
func TestBattleAction(t *testing.T) {
	hx := hex.MustParse
	for _, tc := range []struct {
		in   string
		want referee.Action
	}{
		{"@a /battle move unit:A1 to:0807", referee.Action{Kind: referee.ActMove, Side: "a", Unit: "A1", To: hx("0807")}},
		{`@a /battle move unit:A1 path:"0706 0807"`, referee.Action{Kind: referee.ActMove, Side: "a", Unit: "A1", To: hx("0807"), Path: []hex.Hex{hx("0706"), hx("0807")}}},
		{"@a /battle attack unit:A1 target:B1 mode:close value:9 observer:C1", referee.Action{Kind: referee.ActAttack, Side: "a", Unit: "A1", Target: "B1", Mode: referee.Close, Value: 9, Observer: "C1"}},
		{"@a /battle attack unit:A1 target:B1", referee.Action{Kind: referee.ActAttack, Side: "a", Unit: "A1", Target: "B1", Mode: referee.Ranged}},
		{"@a /battle overburn unit:A1", referee.Action{Kind: referee.ActOverburn, Side: "a", Unit: "A1"}},
		{"@a /battle end", referee.Action{Kind: referee.ActEnd, Side: "a"}},
		{"@a /battle withdraw unit:A1", referee.Action{Kind: referee.ActWithdraw, Side: "a", Unit: "A1"}},
		{"@a /battle retreat", referee.Action{Kind: referee.ActRetreat, Side: "a"}},
		{"@a /battle surrender", referee.Action{Kind: referee.ActSurrender, Side: "a"}},
		{"@b /battle truce", referee.Action{Kind: referee.ActTruce, Side: "b"}},
		{"@a /battle pickup unit:A1", referee.Action{Kind: referee.ActPickup, Side: "a", Unit: "A1"}},
		{"@a /battle rally unit:A1 hex:0505", referee.Action{Kind: referee.ActRally, Side: "a", Unit: "A1", To: hx("0505")}},
		{"@a /battle deploy unit:A1 hex:0505", referee.Action{Kind: referee.ActDeploy, Side: "a", Unit: "A1", To: hx("0505")}},
	} {
		l, err := consoleline.ParseLine(tc.in)
		if err != nil {
			t.Fatalf("%q: %v", tc.in, err)
		}
		got, err := BattleAction(l)
		if err != nil || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("BattleAction(%q) = %+v, %v; want %+v", tc.in, got, err, tc.want)
		}
	}
}

// Ensure /battle lines that cannot be an action say why.
func TestBattleActionErrors(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"/battle end", "say which side acts"},
		{"@a /bg list", "/bg: a scenario plays /battle commands only"},
		{"@a /battle", "/battle needs one subcommand"},
		{"@a /battle status", "/battle status: unknown here"},
		{"@a /battle end unit:A1", "/battle end takes no options"},
		{"@a /battle truce confirm:true", "/battle truce takes no options"},
		{"@a /battle attack unit:A1", "/battle attack needs target:"},
		{"@a /battle attack unit:A1 target:B1 range:3", "unknown option range: (it takes unit: target: mode: value: observer:)"},
		{"@a /battle attack unit:A1 target:B1 mode:far", `attack mode "far"`},
		{"@a /battle attack unit:A1 target:B1 value:0", "value:0: the declared attack value is a whole number of 1 or more"},
		{"@a /battle move unit:A1", "needs to:"},
		{"@a /battle move unit:A1 to:87", `to: hex "87"`},
		{`@a /battle move unit:A1 path:"0706 0807" to:0706`, "is not where path: ends"},
		{`@a /battle move unit:A1 path:" "`, "name the hexes in order"},
		{"@a /battle rally unit:A1 hex:x", `hex: hex "x"`},
	} {
		l, err := consoleline.ParseLine(tc.in)
		if err != nil {
			t.Fatalf("%q: %v", tc.in, err)
		}
		if _, err := BattleAction(l); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("BattleAction(%q): %v, want %q", tc.in, err, tc.want)
		}
	}
}

// Ensure any line that reads either becomes an action or is refused;
// never a panic.
func FuzzBattleAction(f *testing.F) {
	for _, s := range []string{"@lancers /battle move unit:A1 to:0807", `@a /battle move unit:A1 path:"0706 0807"`, "@a /battle attack unit:A1 target:B1 value:0", "/x a:b:c"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		l, err := consoleline.ParseLine(s)
		if err != nil || l == nil {
			return
		}
		BattleAction(l)
	})
}
