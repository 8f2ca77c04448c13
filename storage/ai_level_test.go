package storage

import (
	"context"
	"testing"

	"bfbot/referee/ai"
)

// Ensure campaigns stored before the ai_level setting, in every schema's
// fixture, open with no level stored and play at normal, the level the
// AI had then (ruling AIL1), their settings valid as they are.
func TestStoredCampaignsPlayNormal(t *testing.T) {
	ctx := context.Background()
	for _, name := range []string{"v1.db", "v3.db", "v4.db", "v6.db", "v7.db"} {
		s := stoOpenNoCheck(t, stoFixture(t, name), Options{Snapshots: 3})
		list, err := s.List(ctx)
		if err != nil || len(list) == 0 {
			t.Fatalf("%s: %d campaigns, %v", name, len(list), err)
		}
		for _, sum := range list {
			c, err := s.Get(ctx, sum.ID)
			if err != nil {
				t.Fatalf("%s: campaign %d: %v", name, sum.ID, err)
			}
			if c.Settings.AILevel != "" || c.Settings.Level() != ai.Normal {
				t.Errorf("%s: campaign %d: ai_level %q, level %s; want none stored, normal", name, sum.ID, c.Settings.AILevel, c.Settings.Level())
			}
			if err := c.ValidateSettings(); err != nil {
				t.Errorf("%s: campaign %d: %v", name, sum.ID, err)
			}
		}
	}
}
