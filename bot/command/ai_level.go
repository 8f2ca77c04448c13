package command

// levelRefused refuses the choice of the AI's level (the ai_level
// setting, /battle auto level:) to a referee who plays a side against
// human players (ruling AIL1): the AI stands in for a player who misses
// a deadline, and he would be choosing how well his opponents' stand-in
// plays.
func levelRefused(x *call, option string) error {
	if !x.c.RefereeConflicted() {
		return nil
	}
	return userf("%s %s: you play %s against human players, and the AI stands in for a player who misses a deadline: how well it plays is not yours to choose while another player holds a seat (ruling AIL1)",
		refusedWho, option, x.c.SideOf(x.User.ID).Name)
}
