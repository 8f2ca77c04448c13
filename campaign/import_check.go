package campaign

import (
	"fmt"

	"bfbot/internal/usertext"
)

// MaxTurns bounds a campaign's turn number on import: a thousand-turn
// campaign exports to a few MiB, and no campaign of the book runs past a
// few dozen turns.
const MaxTurns = 10000

// CheckImport is what a campaign read from outside (bfbot import) must
// pass before anything of it is written: everything Check asks, and what
// a campaign the bot made always has but Check takes for granted because
// only the bot writes it: names as long and as clean as the bot takes
// them, a referee, a known phase and a turn that fits
// it, settings within their limits, a strategic map of at most
// MaxMapSide sectors a side, battles with IDs below NextBattle, in turns
// already played, on sectors of the map, between the campaign's own sides
// and battlegroups, each unit fighting for the side that owns it, and no
// tactical map of its own (the export leaves them out). Then it puts the
// battles' maps back (RestoreWith, changing c in place) and runs Check.
// It returns the first problem.
func (c *Campaign) CheckImport(scenarioMap ScenarioMapFunc) error {
	if err := c.checkImportShape(); err != nil {
		return err
	}
	if err := c.RestoreWith(scenarioMap); err != nil {
		return err
	}
	if errs := c.Check(); len(errs) > 0 {
		if len(errs) > 1 {
			return fmt.Errorf("%w (and %d more problems)", errs[0], len(errs)-1)
		}
		return errs[0]
	}
	return nil
}

func (c *Campaign) checkImportShape() error {
	// Names are shown to every player: the limits /campaign create and
	// the regiment files apply.
	if _, err := usertext.Campaign.Clean("name", c.Name); err != nil {
		return err
	}
	for _, s := range c.Sides {
		if _, err := usertext.Regiment.Clean("side "+s.ID+" name", s.Name); err != nil {
			return err
		}
		for _, b := range s.Battlegroups {
			if b.Name == "" {
				continue
			}
			if _, err := usertext.Battlegroup.Clean(fmt.Sprintf("side %s battlegroup %d name", s.ID, b.ID), b.Name); err != nil {
				return err
			}
		}
	}
	switch {
	case c.Referee == "":
		return fmt.Errorf("no referee: a campaign the bot made always has one (its creator)")
	case c.Map == nil:
		return fmt.Errorf("no strategic map")
	case c.Map.Cols < 1 || c.Map.Rows < 1 || c.Map.Cols > MaxMapSide || c.Map.Rows > MaxMapSide:
		return fmt.Errorf("strategic map of %d×%d sectors: at most %d×%d", c.Map.Cols, c.Map.Rows, MaxMapSide, MaxMapSide)
	case len(c.Map.Sectors) > c.Map.Cols*c.Map.Rows:
		return fmt.Errorf("strategic map of %d×%d sectors holds %d", c.Map.Cols, c.Map.Rows, len(c.Map.Sectors))
	}
	for i, s := range c.Map.Sectors {
		if s.ID != i+1 || s.Col < 0 || s.Row < 0 || s.Col >= c.Map.Cols || s.Row >= c.Map.Rows {
			return fmt.Errorf("strategic map: sector %d (number %d) at column %d, row %d: sectors are numbered from 1 in order and lie on the %d×%d grid", s.ID, i+1, s.Col, s.Row, c.Map.Cols, c.Map.Rows)
		}
	}
	if err := c.ValidateSettings(); err != nil {
		return fmt.Errorf("settings: %w", err)
	}
	switch c.Phase {
	case PhaseSetup:
		if c.Turn != 0 {
			return fmt.Errorf("turn %d in phase setup: no turn has begun before the start", c.Turn)
		}
	case PhaseOrders, PhaseBattles, PhaseOver:
		if c.Turn < 1 || c.Turn > MaxTurns {
			return fmt.Errorf("turn %d in phase %s: turns are numbered 1 to %d", c.Turn, c.Phase, MaxTurns)
		}
	default:
		return fmt.Errorf("phase %q: a campaign is in phase setup, orders, battles or over", c.Phase)
	}
	if c.NextBattle < 1 {
		return fmt.Errorf("next_battle %d: battle IDs are numbers from 1", c.NextBattle)
	}
	owner := map[string]string{} // unit ID → side
	for _, s := range c.Sides {
		for _, u := range s.Units {
			owner[u.ID] = s.ID
		}
	}
	ids := map[int]bool{}
	for _, b := range c.Battles {
		switch {
		case b.ID < 1 || b.ID >= c.NextBattle || ids[b.ID]:
			return fmt.Errorf("battle %d: IDs are unique numbers from 1 below next_battle %d", b.ID, c.NextBattle)
		case b.Turn < 1 || b.Turn > c.Turn:
			return fmt.Errorf("battle %d: fought in turn %d, but the campaign is in turn %d", b.ID, b.Turn, c.Turn)
		case c.Map.ByID(b.Sector) == nil:
			return fmt.Errorf("battle %d: sector %d is not on the map", b.ID, b.Sector)
		case b.State != nil && b.State.Map != nil:
			return fmt.Errorf("battle %d: carries a tactical map; an export never does (the map is built again from the sector)", b.ID)
		}
		ids[b.ID] = true
		for _, bs := range b.Sides {
			side := c.Side(bs.Side)
			if side == nil {
				return fmt.Errorf("battle %d: side %q is not one of the campaign's", b.ID, bs.Side)
			}
			for _, g := range bs.Battlegroups {
				if g < 1 || g >= side.NextBattlegroup {
					return fmt.Errorf("battle %d: %s has no battlegroup %d", b.ID, bs.Side, g)
				}
			}
		}
		if b.State == nil {
			continue
		}
		for _, u := range b.State.Units {
			if o, ok := owner[u.ID]; ok && o != u.Side {
				return fmt.Errorf("battle %d: unit %s fights for %s but belongs to %s", b.ID, u.ID, u.Side, o)
			}
		}
	}
	return nil
}
