package quickstart

import "fmt"

// ObjectiveValue is the victory Point Value of each offensive objective:
// the defending Force's Point Value × 0.66, divided by the number of
// objectives, rounded normally (002 line 608).
func ObjectiveValue(defendingPV, objectives int) (int, error) {
	if defendingPV < 0 || objectives < 1 {
		return 0, fmt.Errorf("objective value of a %d-point force over %d objectives: the force's points may not be negative and there must be at least 1 objective", defendingPV, objectives)
	}
	return roundDiv(defendingPV*66, 100*objectives), nil
}

// HeadquartersValue is the victory Point Value of a Headquarters: the
// opposing Force's Point Value × 0.33, rounded normally (002 line 614).
func HeadquartersValue(opposingPV int) (int, error) {
	if opposingPV < 0 {
		return 0, fmt.Errorf("headquarters value of a %d-point force: the force's points may not be negative", opposingPV)
	}
	return roundDiv(opposingPV*33, 100), nil
}

// OccupiedObjective is what occupying an objective scores: its Point
// Value × 0.25, rounded normally (Victory Points Table, 002 line 625).
// Ruling QS7: from the rounded Point Value.
func OccupiedObjective(value int) int { return roundDiv(max(0, value), 4) }

// OccupiedHeadquarters is what occupying a Headquarters scores: its Point
// Value × 0.5, rounded normally (002 line 627; ruling QS7).
func OccupiedHeadquarters(value int) int { return roundDiv(max(0, value), 2) }

// DestroyedPoints is what the destruction of an Element of Point Value pv
// scores for each side (002 lines 623–624): double to the enemy, minus pv
// to its own side.
func DestroyedPoints(pv int) (enemy, own int) { return 2 * pv, -pv }
