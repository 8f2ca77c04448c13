package campaign

import (
	"testing"

	"bfbot/internal/clonetest"
)

// Ensure Campaign.Clone copies every field but the strategic map (never
// changed once made), the log's events and the array behind them (never
// changed once logged: a change appends, log.go), the battles'
// tactical maps, a battle state's Apply work in progress (never set
// on a finished state), and a lance's members (set when the lance is
// made): a field added to the
// campaign or to anything it holds, and not copied, fails here.
func TestCampaignClone(t *testing.T) {
	clonetest.Check(t, (*Campaign).Clone, "Campaign.Map", "Campaign.Log", "Campaign.logs", "State.Map", "State.building", "Battle.Log", "Battle.Frames", "QuickStartBattle.Log", "Lance.Members")
}
