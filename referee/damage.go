package referee

import (
	"fmt"
	"strconv"

	"bfbot/internal/english"
	"bfbot/mapgen/hex"
)

// Effects of fire (000 lines 940–1003): damage steps, the Disruption Roll,
// the Critical Hit Table and explosions. Every attack — ranged, close,
// indirect, overrun, mines, hidden infantry, explosions — ends here.

// disruptionTarget is the Disruption Roll Table (000 line 988): the 2D6
// roll must reach this number.
func disruptionTarget(e Experience) int {
	return [...]int{Green: 9, Regular: 7, Veteran: 6, Elite: 4}[min(e, Elite)]
}

// criticalTable is the Critical Hit Table (000 line 950), indexed by 2D6.
var criticalTable = [13]critical{
	2: critDestroyed, 3: critSurrenders, 4: critBreaks,
	5: 3, 6: 2, 7: 1, 8: 2, 9: 3,
	10: critBreaks, 11: critSurrenders, 12: critDestroyed,
}

// critical is a Critical Hit Table event: a number of damage steps (1–3)
// or one of the special results below.
type critical int

const (
	critDestroyed  critical = -1
	critSurrenders critical = -2
	critBreaks     critical = -3
)

// ExplosionColumn is the column of the attack an exploding unit makes on
// every unit in or beside its hex, with no modifiers (000 line 972).
const ExplosionColumn = 5

// attackRoll rolls 2D6 on the battle's CRT for an attack already reduced
// to a column, announces it, and applies the result to the target. The
// event carries attacker, target, mode, value, defense and column; the
// roll and result are filled in here.
func (b *battle) attackRoll(e Event, target *Unit) error {
	roll, err := b.roll(fmt.Sprintf("%s attack %s on %s", e.Mode, e.Attacker, target.ID), 2, nil)
	if err != nil {
		return err
	}
	r, err := b.s.Rules.CRT.Lookup(*e.Column, roll)
	if err != nil {
		return err
	}
	e.Type, e.Target = "attack", target.ID
	e.Roll, e.Result = intp(roll), strp(r.String())
	b.emit(e)
	if e.Mode != "mine" && e.Mode != "explosion" {
		b.truceLapses() // a side attacked: mines and explosions are nobody's choice
	}
	return b.applyResult(target, r, e.Attacker)
}

// applyResult carries out one CRT result on a unit (000 lines 942–948).
func (b *battle) applyResult(u *Unit, r Result, cause string) error {
	switch r.Kind {
	case Steps:
		return b.takeSteps(u, r.Steps, cause, true)
	case Disruption:
		return b.disruptionRoll(u, cause)
	case Critical:
		return b.criticalHit(u, cause)
	}
	return nil
}

// takeSteps applies n damage steps. An unused Extra 'Mech chit absorbs the
// first (000 line 1304). A unit with no steps left is destroyed; a 'Mech
// lance leaves a salvage counter unless it blew up (salvage false, 000
// lines 514, 972). With the optional morale rule every step taken calls
// for a Disruption Roll (000 line 1003).
func (b *battle) takeSteps(u *Unit, n int, cause string, salvage bool) error {
	return b.loseSteps(u, n, cause, salvage, true)
}

// loseSteps is takeSteps; morale false spares the optional morale check,
// for the step a disrupted unit loses by failing another Disruption Roll:
// that roll was the unit's test, and a check for its step would start a
// chain of rolls that ends only with a pass or the unit's destruction
// (ruling K16).
func (b *battle) loseSteps(u *Unit, n int, cause string, salvage, morale bool) error {
	if n <= 0 || !u.Status.OnMap() {
		return nil
	}
	if u.Chits.ExtraMech && !u.ExtraMechUsed {
		u.ExtraMechUsed = true
		n--
		b.emit(Event{Type: "extra_mech", Unit: u.ID, Side: u.Side, Text: fmt.Sprintf("%s's extra 'Mech absorbs a step", u.ID), Audience: b.ownerAndProbers(u)})
		if n == 0 {
			return nil
		}
	}
	u.Step = min(u.Step+n, u.Class.Info().Steps)
	if u.Step >= u.Class.Info().Steps {
		b.destroy(u, cause, salvage)
		return nil
	}
	b.emit(Event{Type: "damage", Unit: u.ID, Side: u.Side, Text: fmt.Sprintf("%s takes %s: now step %d", u.ID, english.Count(n, "step"), u.Step), Audience: b.ownerAndProbers(u)})
	if morale && b.s.Rules.MoraleCheck {
		for range n {
			if err := b.disruptionRoll(u, "morale check"); err != nil || !u.Status.OnMap() {
				return err
			}
		}
	}
	return nil
}

// destroy removes a unit that has taken its last step.
func (b *battle) destroy(u *Unit, cause string, salvage bool) {
	if u.Class.Kind() == KindDropShip {
		b.dropShipDestroyed(u, cause, salvage) // its load and salvage (dropship.go)
		return
	}
	u.Step = u.Class.Info().Steps
	u.Status = Destroyed
	u.Disrupted = false
	var audience []string
	if u.Hidden {
		// Hidden infantry is not on the board for the enemy (ruling K2):
		// a loss it never saw (the referee's damage, JD2) is its side's.
		audience = []string{u.Side}
	}
	b.emit(Event{Type: "destroyed", Unit: u.ID, Side: u.Side, Hex: hexp(u.Hex), Audience: audience, Text: fmt.Sprintf("%s is destroyed by %s", u.ID, cause)})
	// A 'Mech lance leaves a counter; a unit carrying one leaves that one,
	// and never two (000 line 2647). An explosion leaves none (line 972).
	leaves := salvage && (u.Class.Info().Salvage || u.Salvage > 0)
	carried := u.Salvage
	u.Salvage = 0
	if leaves {
		if b.s.Salvage == nil {
			b.s.Salvage = map[hex.Hex]int{}
		}
		b.s.Salvage[u.Hex] += b.s.carrierLeaves(u, carried, 1)
		b.emit(Event{Type: "salvage", Hex: hexp(u.Hex), Text: fmt.Sprintf("a salvage counter lies at %s", u.Hex)})
	}
}

// disruptionRoll makes a unit roll 2D6 against its experience (000 line
// 988): -1 if damaged, -1 if already disrupted, -1 at night (000 line
// 2385). A failure disrupts it; a second failure while disrupted costs a
// step (000 line 984; ruling K17).
func (b *battle) disruptionRoll(u *Unit, cause string) error {
	if !u.Status.OnMap() || u.Status == Surrendered {
		return nil
	}
	if u.Class.Kind() == KindDropShip {
		return nil // DropShips ignore disruption (000 line 1269)
	}
	roll, err := b.roll(fmt.Sprintf("disruption roll for %s (%s)", u.ID, cause), 2, nil)
	if err != nil {
		return err
	}
	mod := 0
	if u.Step > 0 {
		mod--
	}
	if u.Disrupted {
		mod--
	}
	if b.s.Rules.Night {
		mod--
	}
	target := disruptionTarget(u.Experience)
	if roll+mod >= target {
		b.emit(Event{Type: "disruption", Unit: u.ID, Side: u.Side, Roll: intp(roll), Result: strp("passed"), Text: fmt.Sprintf("%s holds", u.ID)})
		return nil
	}
	b.emit(Event{Type: "disruption", Unit: u.ID, Side: u.Side, Roll: intp(roll), Result: strp("failed"), Text: fmt.Sprintf("%s is disrupted", u.ID)})
	if u.Disrupted {
		return b.loseSteps(u, 1, "a second failed disruption roll", true, false)
	}
	u.Disrupted = true
	u.DisruptedAt = b.s.PlayerTurn
	return nil
}

// criticalHit rolls on the Critical Hit Table (000 line 950; the attacker
// rolls it, 000 line 944).
func (b *battle) criticalHit(u *Unit, cause string) error {
	roll, err := b.roll(fmt.Sprintf("critical hit on %s", u.ID), 2, nil)
	if err != nil {
		return err
	}
	c := criticalTable[roll]
	if u.Class.Kind() == KindDropShip && (c == critSurrenders || c == critBreaks) {
		// A DropShip cannot flee or be captured (ruling DR14).
		b.emit(Event{Type: "critical", Unit: u.ID, Side: u.Side, Roll: intp(roll), Result: strp("no effect"), Text: fmt.Sprintf("%s shrugs off the critical hit", u.ID)})
		return nil
	}
	switch c {
	case critDestroyed:
		b.emit(Event{Type: "critical", Unit: u.ID, Side: u.Side, Roll: intp(roll), Result: strp("destroyed"), Text: fmt.Sprintf("%s explodes", u.ID)})
		return b.explode(u)
	case critSurrenders:
		b.emit(Event{Type: "critical", Unit: u.ID, Side: u.Side, Roll: intp(roll), Result: strp("surrenders"), Text: fmt.Sprintf("%s surrenders", u.ID)})
		u.Status, u.Disrupted = Surrendered, true
		return nil
	case critBreaks:
		b.emit(Event{Type: "critical", Unit: u.ID, Side: u.Side, Roll: intp(roll), Result: strp("breaks"), Text: fmt.Sprintf("%s breaks and flees", u.ID)})
		u.Status, u.Disrupted = Broken, false
		return nil
	}
	b.emit(Event{Type: "critical", Unit: u.ID, Side: u.Side, Roll: intp(roll), Result: strp(strconv.Itoa(int(c))), Text: fmt.Sprintf("%s takes %s", u.ID, english.Count(int(c), "step"))})
	return b.takeSteps(u, int(c), cause, true)
}

// explode destroys a unit whose magazine went up (no salvage), attacks
// every unit in or beside its hex on the +5 column with no modifiers, and
// makes each of them take a Disruption Roll (000 line 972). Hidden
// infantry is not on the board and is not caught (000 lines 1040, 1050; ruling
// K18).
func (b *battle) explode(u *Unit) error {
	b.destroy(u, "an ammunition explosion", false)
	var caught []string
	for _, v := range b.s.Units {
		if v.ID != u.ID && v.Status.OnMap() && !v.Hidden && v.Class.Ground() && hex.Distance(v.Hex, u.Hex) <= 1 {
			caught = append(caught, v.ID)
		}
	}
	for _, id := range caught {
		v := b.s.Unit(id)
		if !v.Status.OnMap() {
			continue // a chain explosion got it first
		}
		e := Event{Attacker: u.ID + " explosion", Mode: "explosion", Column: intp(ExplosionColumn)}
		if err := b.attackRoll(e, v); err != nil {
			return err
		}
		if err := b.disruptionRoll(v, "caught in an explosion"); err != nil {
			return err
		}
	}
	return nil
}
