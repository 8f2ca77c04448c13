package campaign

import (
	"fmt"

	"bfbot/referee"
	"bfbot/referee/dice"
)

// Experience (000 lines 2679–2690), upkeep step 8: every unit that
// attacked an enemy unit in a battle this turn rolls 2D6 on the
// Experience Level Modification Table and rises one level on the target
// or more, wherever it ended the battle (broken, withdrawn, at step 3);
// lost units roll no more.

// ExperienceTarget is the Experience Level Modification Table (000 line
// 2683): the 2D6 roll a unit of level e needs to rise one level; 0 for
// Elite, which cannot rise.
func ExperienceTarget(e referee.Experience) int {
	switch e {
	case referee.Green:
		return 8
	case referee.Regular:
		return 10
	case referee.Veteran:
		return 12
	}
	return 0
}

// ExperienceStays is the type of the event of an experience roll that
// failed (the unit stays as it is); one that succeeded is "experience".
const ExperienceStays = "experience_stays"

// experienceRolls runs step 8, changing c in place. Units roll side by
// side, each side's in worksheet order.
func (c *Campaign) experienceRolls(d *dice.Dice) error {
	for i := range c.Sides {
		s := &c.Sides[i]
		for j := range s.Units {
			u := &s.Units[j]
			if !u.Attacked || u.Status != UnitActive {
				continue
			}
			from := u.Lance.Experience
			need := ExperienceTarget(from)
			if need == 0 {
				continue
			}
			roll, err := d.TwoD6(fmt.Sprintf("experience of %s (%v)", u.ID, from))
			if err != nil {
				return err
			}
			// A roll that fails is its own type, so that reports can sum
			// them up and name only the units that improved.
			typ, text := ExperienceStays, fmt.Sprintf("%s rolls %d for experience (needs %d): stays %v", u.ID, roll, need, from)
			if roll >= need {
				u.Lance.Experience = from + 1
				typ, text = "experience", fmt.Sprintf("%s rolls %d for experience (needs %d): %v to %v", u.ID, roll, need, from, u.Lance.Experience)
			}
			c.emit(Event{Step: "experience", Type: typ, Audience: secret(s.ID), Side: s.ID, Text: text})
		}
	}
	return nil
}
