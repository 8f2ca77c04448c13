package storage

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

// Ensure a tampered export is refused before anything is written, naming
// the first problem: each case is a real export changed in one place, as
// a hand edit would change it.
func TestImportTampered(t *testing.T) {
	ctx := context.Background()
	s := stoOpen(t, Options{})
	good, err := s.Export(ctx, stoCreate(t, s, 7))
	if err != nil {
		t.Fatal(err)
	}
	edit := func(fn func(c map[string]any)) []byte {
		var doc map[string]any
		if err := json.Unmarshal(good, &doc); err != nil {
			t.Fatal(err)
		}
		fn(doc["campaign"].(map[string]any))
		out, err := json.Marshal(doc)
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	side := func(c map[string]any, i int) map[string]any { return c["sides"].([]any)[i].(map[string]any) }
	settings := func(c map[string]any) map[string]any { return c["settings"].(map[string]any) }
	tests := []struct {
		name string
		doc  []byte
		want error
		says string
	}{
		{"PlayerOnBothSides", edit(func(c map[string]any) {
			side(c, 1)["players"] = append(side(c, 1)["players"].([]any), side(c, 0)["players"].([]any)[0])
		}), ErrInvalid, "holds seats on"},
		{"PhasePwned", edit(func(c map[string]any) { c["phase"] = "pwned" }), ErrInvalid, `phase "pwned"`},
		{"TurnMinus5", edit(func(c map[string]any) { c["turn"] = -5 }), ErrInvalid, "turn -5 in phase orders"},
		{"Grid1000", edit(func(c map[string]any) {
			m := c["map"].(map[string]any)
			m["Cols"], m["Rows"] = 1000, 1000
		}), ErrInvalid, "strategic map of 1000×1000 sectors"},
		{"NegativeRepairPoints", edit(func(c map[string]any) { settings(c)["repair_points"] = -40 }), ErrInvalid, "repair_points -40"},
		{"NegativeTurnLimit", edit(func(c map[string]any) { settings(c)["turn_limit"] = -1 }), ErrInvalid, "turn_limit -1"},
		{"BadCron", edit(func(c map[string]any) { settings(c)["order_deadline"] = "61 25 * * *" }), ErrInvalid, `order_deadline "61 25 * * *"`},
		{"BadTimeZone", edit(func(c map[string]any) { settings(c)["time_zone"] = "Mars/Olympus" }), ErrInvalid, `time_zone "Mars/Olympus"`},
		{"NameTooLong", edit(func(c map[string]any) { c["name"] = strings.Repeat("x", 61) }), ErrInvalid, "name: "},
		{"SideNameControl", edit(func(c map[string]any) { side(c, 0)["name"] = "Lancers\u202e" }), ErrInvalid, "side crucis name"},
		{"NoReferee", edit(func(c map[string]any) { delete(c, "referee") }), ErrInvalid, "no referee"},
		{"NextBattleZero", edit(func(c map[string]any) { c["next_battle"] = 0 }), ErrInvalid, "next_battle 0"},
		{"BattleOfNoSide", edit(func(c map[string]any) {
			c["next_battle"] = 2
			c["battles"] = []any{map[string]any{"id": 1, "turn": 1, "sector": 1, "sides": []any{map[string]any{"side": "pwned", "battlegroups": []any{1}}}, "over": true}}
		}), ErrInvalid, `battle 1: side "pwned"`},
		{"TacticalMapCarried", edit(func(c map[string]any) {
			c["next_battle"] = 2
			c["battles"] = []any{map[string]any{"id": 1, "turn": 1, "sector": 1, "state": map[string]any{"Map": map[string]any{"Width": 1000, "Height": 1000}}}}
		}), ErrInvalid, "battle 1: carries a tactical map"},
		{"TrailingGarbage", append(bytes.Clone(good), "garbage"...), ErrBadExport, "data after the end of the JSON document"},
		{"TwoDocuments", append(bytes.Clone(good), good...), ErrBadExport, "data after the end of the JSON document"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := s.Import(ctx, tt.doc)
			if !errors.Is(err, tt.want) || !strings.Contains(err.Error(), tt.says) {
				t.Errorf("Import = %v, want %v saying %q", err, tt.want, tt.says)
			}
			if list, _ := s.List(ctx); len(list) != 1 {
				t.Errorf("refused import stored a campaign: %d campaigns", len(list))
			}
		})
	}
	// The untouched export still imports (the cases above fail for their
	// one change).
	if _, err := s.Import(ctx, good); err != nil {
		t.Fatalf("good export: %v", err)
	}
}
