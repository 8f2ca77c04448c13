package forces

import (
	"errors"
	"fmt"

	"bfbot/referee"
	"bfbot/referee/dice"
)

// Skills are a MechWarrior's (or pilot's) BattleTech skill levels, lower
// being better (001 lines 643, 655): an average MechWarrior has Piloting 5
// and Gunnery 4.
type Skills struct {
	Piloting, Gunnery int
}

// The range of skill levels ExperienceFromSkills accepts (ruling Q10).
const (
	MinSkill = 0
	MaxSkill = 8
)

// skillLevel is the Skill Level Table (000 line 1609): the BattleForce
// experience points of a BattleTech skill, indexed by skill 1 to 6.
var (
	skillLevelPiloting = [...]int{1: 4, 2: 3, 3: 2, 4: 1, 5: 1, 6: 0}
	skillLevelGunnery  = [...]int{1: 4, 2: 3, 3: 2, 4: 1, 5: 0, 6: 0}
)

// experienceSkillPoint reads one column of the Skill Level Table; skills
// better than 1 count as 1 and worse than 6 as 6 (ruling Q10).
func experienceSkillPoint(table []int, skill int) int {
	return table[min(max(skill, 1), 6)]
}

// ExperienceFromSkills is the lance's experience level from its
// MechWarriors' (or pilots') skills (000 lines 1607–1632): each skill
// becomes points by the Skill Level Table, each warrior's two are
// averaged and the warriors' averages averaged again, with no rounding
// (line 1607), and the Experience Level Table gives the level. One warrior
// per machine: 1 to 4 (ruling Q9). The averages are kept exact, so the
// table's gaps (3.49–3.5, 2.75–2.76, 1.75–1.76) are never straddled: a
// lance above 2.75 is Veteran, above 1.75 Regular, and below 1.0 Green
// (ruling Q11).
func ExperienceFromSkills(pilots []Skills) (referee.Experience, error) {
	if len(pilots) == 0 || len(pilots) > LanceSize {
		return 0, fmt.Errorf("give the skills of 1 to %d MechWarriors, one per machine; %d are given", LanceSize, len(pilots))
	}
	// sum is twice the total of the warriors' averages: the mean is
	// sum / (2n), compared below without division.
	sum, n := 0, len(pilots)
	for i, p := range pilots {
		for _, s := range []struct {
			name  string
			skill int
		}{{"piloting", p.Piloting}, {"gunnery", p.Gunnery}} {
			if s.skill < MinSkill || s.skill > MaxSkill {
				return 0, fmt.Errorf("MechWarrior %d: %s skill %d: skills run from %d (best) to %d", i+1, s.name, s.skill, MinSkill, MaxSkill)
			}
		}
		sum += experienceSkillPoint(skillLevelPiloting[:], p.Piloting) + experienceSkillPoint(skillLevelGunnery[:], p.Gunnery)
	}
	// Experience Level Table (000 line 1627): 3.5+ Elite, 2.76–3.49
	// Veteran, 1.76–2.75 Regular, 1.0–1.75 Green.
	switch {
	case 2*sum >= 7*2*n: // mean ≥ 3.5
		return referee.Elite, nil
	case 4*sum > 11*2*n: // mean > 2.75
		return referee.Veteran, nil
	case 4*sum > 7*2*n: // mean > 1.75
		return referee.Regular, nil
	}
	return referee.Green, nil
}

// experienceGeneration is the Experience Generation Table (000 line 1638),
// indexed by the 2D6 roll, as printed (the 4 is Regular between Elite and
// Veteran).
var experienceGeneration = [...]referee.Experience{
	2: referee.Elite, 3: referee.Elite, 4: referee.Regular, 5: referee.Veteran, 6: referee.Veteran,
	7: referee.Regular, 8: referee.Green, 9: referee.Green, 10: referee.Regular, 11: referee.Regular, 12: referee.Regular,
}

// RollExperience rolls 2D6 on the Experience Generation Table for a lance
// whose MechWarriors have no skills (000 line 1636). lance names it in the
// dice log ("" for an unnamed lance).
func RollExperience(d *dice.Dice, lance string) (referee.Experience, error) {
	if d == nil {
		return 0, errors.New("experience roll: no dice")
	}
	purpose := "experience generation"
	if lance != "" {
		purpose += " for " + lance
	}
	n, err := d.TwoD6(purpose)
	if err != nil {
		return 0, err
	}
	return experienceGeneration[n], nil
}

// RollSkills rolls one MechWarrior's skills on the MechWarrior Skills
// Table of the optional varying skill levels rule (001 lines 657–669):
// 1D6 for Piloting, then 1D6 for Gunnery. who names the warrior in the
// dice log.
func RollSkills(d *dice.Dice, who string) (Skills, error) {
	if d == nil {
		return Skills{}, errors.New("skill roll: no dice")
	}
	if who == "" {
		who = "MechWarrior"
	}
	p, err := d.D6("piloting skill of " + who)
	if err != nil {
		return Skills{}, err
	}
	g, err := d.D6("gunnery skill of " + who)
	if err != nil {
		return Skills{}, err
	}
	piloting := [...]int{1: 6, 2: 6, 3: 5, 4: 5, 5: 4, 6: 4}
	gunnery := [...]int{1: 4, 2: 4, 3: 4, 4: 4, 5: 3, 6: 3}
	return Skills{Piloting: piloting[p], Gunnery: gunnery[g]}, nil
}
