package dice

import (
	"encoding/json"
	"fmt"
)

// Roll is one throw of one or more six-sided dice, with why it was thrown.
// Its JSON form is the roll event of docs/architecture.md:
// {"type":"roll","purpose":"…","faces":[3,4]}.
type Roll struct {
	Purpose string
	Faces   []int
}

// Sum is the total of the faces, which is what the rules read as "the roll".
func (r Roll) Sum() int {
	total := 0
	for _, f := range r.Faces {
		total += f
	}
	return total
}

// rollEvent is the wire form; the "type" field lets a roll sit in the same
// event stream as attacks and battle ends.
type rollEvent struct {
	Type    string `json:"type"`
	Purpose string `json:"purpose"`
	Faces   []int  `json:"faces"`
}

const rollType = "roll"

// MarshalJSON writes {"type":"roll","purpose":"…","faces":[…]}; a roll with
// no faces writes "faces":[] rather than null, so readers need no special case.
func (r Roll) MarshalJSON() ([]byte, error) {
	faces := r.Faces
	if faces == nil {
		faces = []int{}
	}
	return json.Marshal(rollEvent{Type: rollType, Purpose: r.Purpose, Faces: faces})
}

// UnmarshalJSON reads a roll event back, so a logged battle can be replayed.
// It rejects other event types and faces outside 1 to 6: a log that says so
// has been damaged or was never a dice log.
func (r *Roll) UnmarshalJSON(data []byte) error {
	var ev rollEvent
	if err := json.Unmarshal(data, &ev); err != nil {
		return fmt.Errorf("dice: reading roll: %w", err)
	}
	if ev.Type != rollType {
		return fmt.Errorf("dice: reading roll: event type is %q, want %q", ev.Type, rollType)
	}
	for i, f := range ev.Faces {
		if err := checkFace(i+1, f); err != nil {
			return fmt.Errorf("dice: reading roll %q: %w", ev.Purpose, err)
		}
	}
	*r = Roll{Purpose: ev.Purpose, Faces: ev.Faces}
	return nil
}

// clone copies the faces so a Roll handed out cannot change the log.
func (r Roll) clone() Roll {
	return Roll{Purpose: r.Purpose, Faces: append([]int(nil), r.Faces...)}
}
