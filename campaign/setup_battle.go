package campaign

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"bfbot/internal/cite"
	"bfbot/internal/english"
	"bfbot/mapgen/hex"
	"bfbot/referee/dice"
)

// Rolling 004's battle setup tables for a battle that contact has just
// set up (ruling R11; Settings.SetupTables). They are rolled after the
// initiative, on the battle in its deployment phase, so that the
// weather, the kept-out and late counters, the mines and installations
// are in the battle before either side deploys.

// rollSetup rolls the tables for bt (not yet in c.Battles), applies the
// result to its state and returns the events to log, each carrying the
// battle's ID; referee notes stay addressed to RefereeAudience. laid are
// the secret mine notes of setUpBattle, corrected when a survey clears a
// side's mines. It also returns each side's morale modifier from the
// tables (SetupResult.Morale), which the battle keeps for its morale
// checks (startMorale).
func (c *Campaign) rollSetup(bt *Battle, laid map[string]string, d *dice.Dice) ([]Event, map[string]int, error) {
	in, err := NewSetupInput(c, bt.Sector, bt.Sides)
	if err != nil {
		return nil, nil, err
	}
	r, evs, err := RollSetupTables(in, d)
	if err != nil {
		return nil, nil, fmt.Errorf("battle in sector %d: %w", bt.Sector, err)
	}
	st, installed := r.ApplyInstalled(bt.State)
	if errs := st.Check(); len(errs) > 0 {
		return nil, nil, fmt.Errorf("battle in sector %d after the setup tables (%v): %v", bt.Sector, r, errs[0])
	}
	bt.State, bt.Installations = st, installed
	for i := range evs {
		evs[i].Battle = bt.ID
	}
	for i := range bt.Sides {
		bs := &bt.Sides[i]
		if r.ClearMines[bs.Side] && (len(bs.Mines) > 0 || laid[bs.Side] != "") {
			// The enemy's survey found the minefields and they were
			// cleared (ruling ST12): what the side laid from its stock
			// is spent, and there is nothing left to place again.
			bs.Mines = nil
			laid[bs.Side] = "the enemy's survey found your minefields and they were cleared (" + cite.Setup(52) + ")"
		}
	}
	for _, side := range sortedTrue(r.Refusal) {
		if bt.State.Side(side) == nil {
			continue
		}
		bt.Refusal = append(bt.Refusal, side)
		evs = append(evs, Event{Step: "contact", Type: "refusal", Audience: secret(side), Side: side, Sector: bt.Sector, Battle: bt.ID,
			Text: fmt.Sprintf("battle %d: you may refuse this battle until the end of game turn 1 (/battle refuse battle:%d)", bt.ID, bt.ID)})
	}
	if len(installed) > 0 {
		evs = append(evs, Event{Step: "contact", Type: "installations", Sector: bt.Sector, Battle: bt.ID, Side: r.Defender,
			Text: fmt.Sprintf("battle %d: %s has built %s at %s (%s)", bt.ID, c.SideName(r.Defender), english.Count(len(installed), "hardened installation"), setupHexList(installed), cite.Setup(130))})
	}
	return evs, r.Morale, nil
}

// sortedTrue lists the keys set to true, sorted.
func sortedTrue(m map[string]bool) []string {
	var out []string
	for k, ok := range m {
		if ok {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return slices.Clip(out)
}

// setupHexList names hexes for players: "0807, 0912".
func setupHexList(hs []hex.Hex) string {
	parts := make([]string, len(hs))
	for i, h := range hs {
		parts[i] = h.String()
	}
	return strings.Join(parts, ", ")
}
