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
	w, err := b.initiative(1)
	if err != nil {
		return s, nil, err
	}
	b.emit(Event{Type: "initiative", Text: fmt.Sprintf("%s wins the initiative and moves first", w.Name)})
	return b.s, b.events, nil
}

// initiative has every side roll n dice, the sides tied for highest
// rolling again until one is highest (000 line 564; in later turns 2D6,
// 000 line 2325). The winner goes to the front of the sides, the others
// keeping their order behind it, and becomes b.side; each roll is its
// roller's event.
func (b *battle) initiative(n int) (Side, error) {
	contenders := make([]string, len(b.s.Sides))
	for i := range b.s.Sides {
		contenders[i] = b.s.Sides[i].ID
	}
	for len(contenders) > 1 {
		best, top := 0, []string(nil)
		for _, id := range contenders {
			b.side = id
			roll, err := b.roll("initiative for "+id, n, nil)
			if err != nil {
				return Side{}, err
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
	i := slices.IndexFunc(b.s.Sides, func(sd Side) bool { return sd.ID == contenders[0] })
	w := b.s.Sides[i]
	b.s.Sides = append([]Side{w}, slices.Delete(b.s.Sides, i, i+1)...)
	b.side = w.ID
	return w, nil
}
