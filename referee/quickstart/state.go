package quickstart

// Crits counts an Element's critical hits by kind (002 lines 376–404).
// Ammo and head hits are not counted: they destroy the Element, or are
// absorbed by CASE or ENE, at once.
type Crits struct {
	Engine, FireControl, MP, Weapon int
}

func (c Crits) add(d Crits) Crits {
	return Crits{c.Engine + d.Engine, c.FireControl + d.FireControl, c.MP + d.MP, c.Weapon + d.Weapon}
}

// ElementState is an Element in play: its record sheet with the pencil
// marks of the game so far.
type ElementState struct {
	Element
	// ArmorLeft and StructureLeft are the circles not yet checked off.
	ArmorLeft, StructureLeft int
	// Destroyed is the box crossed next to the Element's name (002 line
	// 297): marked the moment it happens, but the Element stays in play,
	// and may still fire, until the End Phase removes it (002 lines 86, 456).
	Destroyed bool
	// Removed: destroyed in an earlier turn and taken off the map by its
	// End Phase.
	Removed bool
	// Crits are the critical hits in effect; NewCrits those marked this
	// turn, which take effect in the End Phase (002 line 456).
	Crits, NewCrits Crits
	// Heat is the heat level in effect, 0 to 4; 4 is shutdown (002 lines
	// 460–466).
	Heat int
	// Shutdown: the Element can neither attack nor spend MP, and its Unit
	// cannot move (002 lines 466, 470).
	Shutdown bool
	// Fired and OverheatUsed record this turn's weapon attack and how far
	// it overheated, for the End Phase's heat (002 lines 462, 474).
	Fired        bool
	OverheatUsed int
}

// NewElementState is an undamaged, cool Element.
func NewElementState(e Element) ElementState {
	return ElementState{Element: e, ArmorLeft: e.Armor, StructureLeft: e.Structure}
}

// marked is every critical hit on the record sheet, in effect or not.
func (s ElementState) marked() Crits { return s.Crits.add(s.NewCrits) }

// afterMPHits is mp after n MP critical hits: each loses half of the MP
// left, rounded normally, and at least 1 (002 lines 398–400).
func afterMPHits(mp, n int) int {
	for range n {
		mp -= max(1, roundDiv(mp, 2))
		if mp <= 0 {
			return 0
		}
	}
	return mp
}

// MP is the ground MP the Element has available: its MV after the MP hits
// in effect, less its heat level (002 lines 398, 462). Ruling QS5: MP hits
// and heat reduce jumping MP the same way (JumpMP).
func (s ElementState) MP() int { return max(0, afterMPHits(s.MV, s.Crits.MP)-s.Heat) }

// JumpMP is the jumping MP the Element has available, 0 if it cannot jump
// (ruling QS5).
func (s ElementState) JumpMP() int {
	if s.Jump == 0 {
		return 0
	}
	return max(0, afterMPHits(s.Jump, s.Crits.MP)-s.Heat)
}

// DamageAt is the Element's Damage Value at bracket b with the weapon hits
// in effect: each takes 1 from every value, to a minimum of 0 (002 line
// 404). 0 means the Element cannot attack at that range (002 line 225).
func (s ElementState) DamageAt(b Bracket) int {
	return max(0, s.Damage[b]-s.Crits.Weapon)
}

// Immobile says whether the Element can spend no MP at all: shut down, or
// with no ground or jumping MP left (002 lines 400, 466; ruling QS4).
func (s ElementState) Immobile() bool {
	return s.Shutdown || (s.MP() == 0 && s.JumpMP() == 0)
}
