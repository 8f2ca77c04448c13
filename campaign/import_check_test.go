package campaign

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// icBattleDoc is the JSON of a campaign with a battle deployed, as an
// export holds it, with the referee set as /campaign create sets it.
func icBattleDoc(tb testing.TB) (map[string]any, *Campaign) {
	tb.Helper()
	c, b := btlContact(tb)
	c = btlDeployAll(tb, c, b.ID)
	c.Referee = "referee"
	var doc map[string]any
	if err := json.Unmarshal([]byte(fzCampaignJSON(tb, c)), &doc); err != nil {
		tb.Fatal(err)
	}
	return doc, c
}

func icDecode(tb testing.TB, doc map[string]any) *Campaign {
	tb.Helper()
	data, err := json.Marshal(doc)
	if err != nil {
		tb.Fatal(err)
	}
	var c Campaign
	if err := json.Unmarshal(data, &c); err != nil {
		tb.Fatal(err)
	}
	return &c
}

// Ensure CheckImport passes a real campaign with a battle being fought,
// and refuses the battle tampered with: a unit moved to the other side,
// a battle ID at or past next_battle, a battle of a turn not yet played,
// a battlegroup the side does not have, and a tactical map short of its
// size (which made referee's Check index past the cells).
func TestCheckImportBattles(t *testing.T) {
	doc, _ := icBattleDoc(t)
	if err := icDecode(t, doc).CheckImport(nil); err != nil {
		t.Fatalf("a real campaign: %v", err)
	}
	battle := func(doc map[string]any) map[string]any { return doc["battles"].([]any)[0].(map[string]any) }
	tests := []struct {
		name string
		edit func(doc map[string]any)
		says string
	}{
		{"UnitMovedToOtherSide", func(doc map[string]any) {
			u := battle(doc)["state"].(map[string]any)["Units"].([]any)[0].(map[string]any)
			if u["Side"] == "crucis" {
				u["Side"] = "bandits"
			} else {
				u["Side"] = "crucis"
			}
		}, "fights for"},
		{"BattleIDPastNext", func(doc map[string]any) { battle(doc)["id"] = doc["next_battle"] }, "below next_battle"},
		{"BattleInFutureTurn", func(doc map[string]any) { battle(doc)["turn"] = 99 }, "fought in turn 99"},
		{"NoSuchBattlegroup", func(doc map[string]any) {
			bs := battle(doc)["sides"].([]any)[0].(map[string]any)
			bs["battlegroups"] = []any{77}
		}, "has no battlegroup 77"},
		{"MapShortOfCells", func(doc map[string]any) {
			battle(doc)["state"].(map[string]any)["Map"] = map[string]any{"Width": 1000, "Height": 1000, "Cells": []any{}}
		}, "carries a tactical map"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc, _ := icBattleDoc(t)
			tt.edit(doc)
			c := icDecode(t, doc)
			if err := c.CheckImport(nil); err == nil || !strings.Contains(err.Error(), tt.says) {
				t.Errorf("CheckImport = %v, want it to say %q", err, tt.says)
			}
		})
	}
}

// Ensure referee's Check of a battle whose map holds fewer cells than its
// size names it instead of indexing past the cells (the input that made
// bfbot import panic; it is in FuzzCampaignJSON's corpus too).
func TestCheckMapShortOfCells(t *testing.T) {
	doc, _ := icBattleDoc(t)
	doc["battles"].([]any)[0].(map[string]any)["state"].(map[string]any)["Map"] = map[string]any{"Width": 1000, "Height": 1000, "Cells": []any{}}
	c := icDecode(t, doc)
	errs := c.Check()
	if len(errs) == 0 || !strings.Contains(errs[len(errs)-1].Error(), "battle map is 1000×1000 hexes but holds 0 cells") {
		t.Errorf("Check = %v, want the short map named", errs)
	}
	if os.Getenv("BFBOT_WRITE_CORPUS") != "" {
		data, _ := json.Marshal(doc)
		path := filepath.Join("testdata", "fuzz", "FuzzCampaignJSON", "map-short-of-cells")
		if err := os.WriteFile(path, []byte("go test fuzz v1\nstring("+strconv.Quote(string(data))+")\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
