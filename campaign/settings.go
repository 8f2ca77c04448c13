package campaign

import (
	"strings"

	"bfbot/referee"
	"bfbot/referee/ai"
)

// MaxMapSide is the most sectors a generated strategic map has a side.
const MaxMapSide = 8

// Settings are a campaign's options, fixed at creation and changed only by
// the referee role.
type Settings struct {
	// CRT is the Combat Results Table printing (R1); MoraleCheck the
	// optional rule of 000 line 1003.
	CRT         referee.CRT `json:"crt"`
	MoraleCheck bool        `json:"morale_check,omitempty"`
	// SetupTables rolls 004's battle setup tables at every contact (R11).
	SetupTables bool `json:"setup_tables"`
	// MoraleTable rolls the optional morale check (004 lines 167–237) at
	// its trigger points in every campaign battle (battle_morale.go); not
	// MoraleCheck, which is 000 line 1003's rule. Part of 004's module, so
	// it needs SetupTables (R11).
	MoraleTable bool `json:"morale_table,omitempty"`
	// TurnLimit ends the campaign after that campaign turn (0: never; the
	// campaign then ends when its objectives are met or a side has no
	// battlegroup left). Not in the book: ruling CB15.
	TurnLimit int `json:"turn_limit,omitempty"`
	// RaidObjectives rolls each side a raid objective on 004's table at
	// the start, in the enemy's deployment area (ruling ST14).
	RaidObjectives bool `json:"raid_objectives,omitempty"`
	// BattleTurnLimit ends a tactical battle after that game turn (0: none).
	BattleTurnLimit int `json:"battle_turn_limit,omitempty"`
	// RepairPoints each RBG starts with (000 line 2669: 25 to 100); 0,
	// the default, leaves it to each regiment (its file's repair_points,
	// else forces.DefaultRepairPoints; ruling RF3).
	RepairPoints int `json:"repair_points"`
	// Deployment: "ends" (opposite ends of the strategic map) or
	// "sectors" (designated sectors, secret placement; 000 line 2559).
	Deployment string `json:"deployment"`
	// DesignatedSectors lists, per side ID, the sectors where that side
	// may place its battlegroups with Deployment "sectors" (nil: each
	// side's half of the map; ruling PL2). New checks it against the map.
	DesignatedSectors map[string][]int `json:"designated_sectors,omitempty"`
	// SeatLimit is the most players a side seats (0: no limit).
	SeatLimit int `json:"seat_limit,omitempty"`
	// JoinApproval makes joins wait for the referee before the campaign
	// starts too (after the start they always do; ruling SEAT1).
	JoinApproval bool `json:"join_approval,omitempty"`
	// RefereePlays lets the referee hold a seat; he then loses the powers
	// that show the other side while it has human players (ruling SEAT3).
	RefereePlays bool `json:"referee_plays,omitempty"`
	// AutoResolve: the AI fights every battle.
	AutoResolve bool `json:"auto_resolve,omitempty"`
	// EarlyResolution: the turn resolves as soon as the last side seals
	// its orders, as /campaign advance would, not at the deadline.
	EarlyResolution bool `json:"early_resolution,omitempty"`
	// AILevel is the level (easy, normal or hard; ai.Levels) of the AI
	// wherever it fights for a side: auto-resolved battles, a missed
	// deadline's phase, a scenario's side without a player. One level
	// for every side, so that no player can weaken the AI that plays
	// against him; who may set it is ruling AIL1. "" — a campaign stored
	// before the setting — plays normal (Level).
	AILevel string `json:"ai_level,omitempty"`
	// MissedDeadline: what happens when a player misses a battle-phase
	// deadline: "ai" plays the phase for him, "pass" ends it.
	MissedDeadline string `json:"missed_deadline"`
	// OrderDeadline and BattleDeadline are cron specs in TimeZone (the
	// scheduler reads them; "" for none).
	OrderDeadline  string `json:"order_deadline,omitempty"`
	BattleDeadline string `json:"battle_deadline,omitempty"`
	TimeZone       string `json:"time_zone,omitempty"`
	// MapCols and MapRows size a generated strategic map; MapSeed seeds it.
	MapCols int    `json:"map_cols"`
	MapRows int    `json:"map_rows"`
	MapSeed uint64 `json:"map_seed"`
}

// DefaultSettings are the settings of a new campaign.
func DefaultSettings() Settings {
	return Settings{
		CRT:            referee.RulebookCRT,
		SetupTables:    true,
		TurnLimit:      12,
		Deployment:     "ends",
		MissedDeadline: "ai",
		AILevel:        ai.Normal.String(),
		MapCols:        4,
		MapRows:        3,
		MapSeed:        1,
	}
}

// MaxTurnLimit is the longest turn_limit: two years of weekly turns, far
// beyond any campaign the book plays (a dozen turns is the default), so a
// number typed by mistake is refused rather than taken for "no limit",
// which is 0. Only a turn_limit being set (/campaign create and settings)
// is held to it: a campaign stored, or backed up, with a longer one set
// before the bound keeps it, as every backup must restore (and as ruling
// SCH5 keeps old deadlines), so Validate checks no more than its sign.
const MaxTurnLimit = 100

// MaxBattleTurnLimit is the longest battle_turn_limit. The book sets no
// length for a battle; the scenario files set 12 to 16 game turns
// (ruling SC12) and an auto-resolved battle with no limit ends after 20
// (AutoTurnLimit, ruling CB4), so 50 leaves room for any battle played
// to the end while a number typed by mistake is refused rather than
// played. As for MaxTurnLimit, only a battle_turn_limit being set is
// held to it: a campaign stored or backed up with a longer one keeps it.
const MaxBattleTurnLimit = 50

// Validate names the first setting that is out of range.
func (s Settings) Validate() error {
	_, levelErr := ai.ParsePlayLevel(s.AILevel)
	switch {
	case s.TurnLimit < 0:
		return errorf("turn_limit %d: use 0 for no limit or 1 to %d campaign turns", s.TurnLimit, MaxTurnLimit)
	case s.BattleTurnLimit < 0:
		return errorf("battle_turn_limit %d: use 0 for no limit or 1 to %d game turns", s.BattleTurnLimit, MaxBattleTurnLimit)
	case s.RepairPoints < 0 || s.RepairPoints > 1000:
		return errorf("repair_points %d: use 0 (each regiment's own) or up to 1000 (the book suggests 25 to 100)", s.RepairPoints)
	case s.Deployment != "ends" && s.Deployment != "sectors":
		return errorf("deployment %q: use ends or sectors", s.Deployment)
	case s.DesignatedSectors != nil && s.Deployment != "sectors":
		return errorf("designated_sectors only counts with deployment sectors; set deployment to sectors or drop designated_sectors")
	case s.MoraleTable && !s.SetupTables:
		return errorf("morale_table is one of 004's battle setup tables (ruling R11): turn setup_tables on, or morale_table off")
	case s.SeatLimit < 0 || s.SeatLimit > 25:
		return errorf("seat_limit %d: use 0 for no limit or 1 to 25 players a side", s.SeatLimit)
	case s.AILevel != "" && levelErr != nil:
		return errorf("ai_level %q: use %s", s.AILevel, strings.Join(ai.LevelNames(), ", "))
	case s.MissedDeadline != "ai" && s.MissedDeadline != "pass":
		return errorf("missed_deadline %q: use ai or pass", s.MissedDeadline)
	case s.MapCols < 1 || s.MapCols > MaxMapSide || s.MapRows < 1 || s.MapRows > MaxMapSide:
		return errorf("map size %dx%d: use 1 to %d columns and rows", s.MapCols, s.MapRows, MaxMapSide)
	case s.MapCols*s.MapRows < 2:
		return errorf("map size %dx%d: a campaign needs at least two sectors", s.MapCols, s.MapRows)
	}
	return nil
}

// ValidateSettings validates the campaign's settings (Settings.Validate)
// but for a scenario campaign's map size: its one-sector map is the
// scenario's, not a generated one (newScenarioCampaign), so its size is
// not a setting.
func (c *Campaign) ValidateSettings() error {
	st := c.Settings
	if c.Scenario != nil {
		st.MapCols, st.MapRows = 2, 1
	}
	return st.Validate()
}

// Level is the AI's level: AILevel's, or Normal when none is stored (a
// campaign made before the setting; Validate lets no other name
// through, and ai.ParsePlayLevel reads an unknown one as Normal).
func (s Settings) Level() ai.Level {
	l, _ := ai.ParsePlayLevel(s.AILevel)
	return l
}
