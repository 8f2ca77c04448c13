package campaign

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"

	"bfbot/mapgen/hex"
	"bfbot/referee"
)

// Mines in a campaign (000 lines 1038–1046, 2633). A side's mines bought
// for prepared positions (Regiment.Special.MineAttack) wait in Side.Mines
// until one of its battlegroups fights from a prepared position; that
// battle lays them all, in secret (ruling CI2). The bot lays them at once
// near the middle of the prepared-position area; the owner may place them
// again with PlaceMines until the battle starts. Mines not set off stay
// in the sector for its later battles, whoever won (ruling CI3).

// layMines puts the mines of a battle being set up into st: each side's
// mines left in the sector by earlier battles (taken out of the sector
// state: the battle holds them now), and, for a side fighting from a
// prepared position, its whole stock of mines, which engaged[i].Mines
// records. It returns, per side, the secret note on what was laid.
func (c *Campaign) layMines(st *referee.State, sector int, engaged []BattleSide) map[string]string {
	notes := map[string]string{}
	ss, hasSector := c.Sectors[sector]
	for i := range engaged {
		bs := &engaged[i]
		sd := st.Side(bs.Side)
		var parts []string
		if old := ss.Mines[bs.Side]; len(old) > 0 {
			sd.Mines = maps.Clone(old)
			delete(ss.Mines, bs.Side)
			parts = append(parts, fmt.Sprintf("your mines from earlier battles still lie at %s", minefieldText(old)))
		}
		s := c.Side(bs.Side)
		prepared := slices.ContainsFunc(bs.Battlegroups, func(id int) bool { return s.Battlegroup(id).Prepared })
		if prepared && s.Mines >= MineAttack {
			bs.Mines = autoMines(st, bs.Side, s.Mines)
			s.Mines -= mineTotal(bs.Mines)
			if sd.Mines == nil {
				sd.Mines = map[hex.Hex]int{}
			}
			for h, n := range bs.Mines {
				sd.Mines[h] += n
			}
			parts = append(parts, fmt.Sprintf("your prepared position lays %d points of mines at %s (you may place them elsewhere in the prepared-position area until the battle starts: /battle deploy mines:\"HEX:POINTS …\")", mineTotal(bs.Mines), minefieldText(bs.Mines)))
		}
		if len(parts) > 0 {
			notes[bs.Side] = strings.Join(parts, "; ")
		}
	}
	if hasSector {
		if len(ss.Mines) == 0 {
			ss.Mines = nil
		}
		c.Sectors[sector] = ss
	}
	return notes
}

// autoMines places points of mines for side in st, the bot's choice
// (ruling CI2): one 5-point mine per hex, on open, rough or wooded ground
// off the roads in the prepared-position area (not within three hexes of
// an edge), nearest the map's centre, no two adjacent; should the hexes
// run out, the rest are added to the chosen hexes in turn. Points that
// make no whole mine are not laid.
func autoMines(st *referee.State, side string, points int) map[hex.Hex]int {
	n := points / MineAttack
	area := referee.Zone{Depth: referee.CampaignZoneDepth}
	hexes := pickHexes(st, n, func(h hex.Hex) bool {
		return area.Contains(st.Map, h) && st.Side(side).Mines[h] == 0
	})
	out := map[hex.Hex]int{}
	if len(hexes) == 0 {
		return out
	}
	for k := 0; k < n; k++ {
		out[hexes[k%len(hexes)]] += MineAttack
	}
	return out
}

// keepMines writes the mines left unexploded in a finished battle back
// into its sector (line 2633).
func (c *Campaign) keepMines(sector int, st *referee.State) {
	for _, sd := range st.Sides {
		if len(sd.Mines) == 0 {
			continue
		}
		if c.Sectors == nil {
			c.Sectors = map[int]SectorState{}
		}
		ss := c.Sectors[sector]
		if ss.Mines == nil {
			ss.Mines = map[string]map[hex.Hex]int{}
		}
		ss.Mines[sd.ID] = maps.Clone(sd.Mines)
		c.Sectors[sector] = ss
	}
}

// PlaceMines places side's mines laid in battle battleID from its stock
// (a prepared position) in the hexes the player chose, instead of the
// bot's first placement: the same points in all, each hex a whole number
// of 5-point mines, in the prepared-position area, not in water (000
// lines 1042, 1046, 2633). Only before the battle starts; mines left by
// earlier battles stay where they lie. The event is secret to side.
func PlaceMines(c *Campaign, battleID int, side string, mines map[hex.Hex]int) (*Campaign, []Event, error) {
	b, err := c.openBattle(battleID, side)
	if err != nil {
		return nil, nil, err
	}
	if b.State.Phase != referee.PhaseDeploy {
		return nil, nil, errorf("battle %d has already started: mines are placed before it starts", battleID)
	}
	i := slices.IndexFunc(b.Sides, func(bs BattleSide) bool { return bs.Side == side })
	if i < 0 || len(b.Sides[i].Mines) == 0 {
		return nil, nil, errorf("%s laid no mines in battle %d: only a battlegroup in a prepared position lays the mines its side bought", side, battleID)
	}
	want := mineTotal(b.Sides[i].Mines)
	area := referee.Zone{Depth: referee.CampaignZoneDepth}
	for _, h := range sortedHexes(mines) {
		n := mines[h]
		switch {
		case n <= 0 || n%MineAttack != 0:
			return nil, nil, errorf("%d points of mines at %s: mines come in %d-point mines, so give a multiple of %d", n, h, MineAttack, MineAttack)
		case !area.Contains(b.State.Map, h):
			return nil, nil, errorf("hex %s is outside the prepared-position area: place mines %s", h, area)
		case b.State.Cell(h).Terrain.IsWater():
			return nil, nil, errorf("hex %s is water: no mines may be laid in water", h)
		}
	}
	if got := mineTotal(mines); got != want {
		return nil, nil, errorf("you placed %d points of mines; your prepared position lays %d: place them all", got, want)
	}
	n := c.Clone()
	nb := n.Battle(battleID)
	sd := nb.State.Side(side)
	for h, k := range nb.Sides[i].Mines {
		if sd.Mines[h] -= k; sd.Mines[h] <= 0 {
			delete(sd.Mines, h)
		}
	}
	if sd.Mines == nil {
		sd.Mines = map[hex.Hex]int{}
	}
	for h, k := range mines {
		sd.Mines[h] += k
	}
	nb.Sides[i].Mines = maps.Clone(mines)
	start := n.Log.Len()
	n.emit(Event{Step: "battle", Type: "mines", Audience: secret(side), Side: side, Sector: nb.Sector, Battle: battleID,
		Text: fmt.Sprintf("battle %d: your mines now lie at %s", battleID, minefieldText(mines))})
	return n, n.Log.Since(start), nil
}

func mineTotal(m map[hex.Hex]int) int {
	n := 0
	for _, k := range m {
		n += k
	}
	return n
}

func sortedHexes(m map[hex.Hex]int) []hex.Hex {
	hs := make([]hex.Hex, 0, len(m))
	for h := range m {
		hs = append(hs, h)
	}
	sort.Slice(hs, func(i, j int) bool {
		if hs[i].X != hs[j].X {
			return hs[i].X < hs[j].X
		}
		return hs[i].Y < hs[j].Y
	})
	return hs
}

// minefieldText lists mines for their owner: "0807 (5), 0912 (10)".
func minefieldText(m map[hex.Hex]int) string {
	var parts []string
	for _, h := range sortedHexes(m) {
		parts = append(parts, fmt.Sprintf("%s (%d)", h, m[h]))
	}
	return strings.Join(parts, ", ")
}
