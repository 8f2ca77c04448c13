package discord

import "testing"

// Ensure battle threads are kept per campaign: battle IDs count from 1 in
// every campaign, so campaign 2's battle 1 must not find campaign 1's
// thread.
func TestMemoryStoreBattleThreadPerCampaign(t *testing.T) {
	s := NewMemoryStore()
	for _, set := range []struct {
		campaign, battle int64
		thread           string
	}{{1, 1, "t-1-1"}, {2, 1, "t-2-1"}, {1, 2, "t-1-2"}} {
		if err := s.SetBattleThread(set.campaign, set.battle, set.thread); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		name             string
		campaign, battle int64
		want             string
		ok               bool
	}{
		{"OK", 1, 1, "t-1-1", true},
		{"OtherCampaignSameBattle", 2, 1, "t-2-1", true},
		{"OtherBattle", 1, 2, "t-1-2", true},
		{"ErrNone", 3, 1, "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok, err := s.BattleThread(tt.campaign, tt.battle)
			if err != nil || ok != tt.ok || got != tt.want {
				t.Errorf("BattleThread(%d, %d) = %q, %t, %v; want %q, %t", tt.campaign, tt.battle, got, ok, err, tt.want, tt.ok)
			}
		})
	}
}
