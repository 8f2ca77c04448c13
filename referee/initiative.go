package referee

import (
	"fmt"
	"slices"

	"bfbot/referee/dice"
)

// RollInitiative decides who moves first when nobody has said (000 line
// 564): every side rolls 1D6, the highest wins, and the sides tied for
// highest roll again. The winner may choose to move first or second; the
// bot cannot ask in the middle of setting up, so the winner moves first
// (ruling B15). The other sides keep their order behind it. Call it
// before Start.
func RollInitiative(s *State, d *dice.Dice) (*State, []Event, error) {
	if s.Phase != PhaseDeploy {
		return s, nil, illegal("initiative is decided before the battle starts")
	}
	b := &battle{s: s.Clone(), d: d}
	contenders := make([]string, len(s.Sides))
	for i := range s.Sides {
		contenders[i] = s.Sides[i].ID
	}
	for len(contenders) > 1 {
		best, top := 0, []string(nil)
		for _, id := range contenders {
			b.side = id
			roll, err := b.roll("initiative for "+id, 1, nil)
			if err != nil {
				return s, nil, err
			}
			switch {
			case roll > best:
				best, top = roll, []string{id}
			case roll == best:
				top = append(top, id)
			}
		}
		contenders = top
	}
	winner := contenders[0]
	i := slices.IndexFunc(b.s.Sides, func(sd Side) bool { return sd.ID == winner })
	w := b.s.Sides[i]
	b.s.Sides = append([]Side{w}, slices.Delete(b.s.Sides, i, i+1)...)
	b.side = winner
	b.emit(Event{Type: "initiative", Text: fmt.Sprintf("%s wins the initiative and moves first", w.Name)})
	return b.s, b.events, nil
}
