package referee

// EdgeShown reports whether the view's pictures and their words show
// side sd's retreat edge (ruling TM1): the viewer's own always, every
// side's to the referee, and the enemy's once the battle has begun.
// While the sides deploy, an enemy's edge is the edge of its zone (CB3)
// and would tell where it sets up in secret (CB2).
func (v View) EdgeShown(sd ViewSide) bool {
	if sd.RetreatEdge == "" {
		return false
	}
	return v.Referee || sd.ID == v.Viewer || v.Phase != PhaseDeploy.String()
}
