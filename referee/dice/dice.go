package dice

import (
	"errors"
	"fmt"
	"strings"
)

// MaxDice is the most dice one Roll may throw. The rules never throw more
// than a few at once; the limit keeps a mistyped `/roll` from asking for a
// billion.
const MaxDice = 100

// errNoSource is returned for a nil source, which is a wiring mistake, so
// that it surfaces as an error rather than a crash mid-battle.
var errNoSource = errors.New("dice: no source of dice")

// Dice is what rules code calls: it draws faces from a Source and keeps the
// log of every roll, in order, with its purpose (ruling R9).
type Dice struct {
	src Source
	log []Roll
}

// New returns a Dice drawing from src, with an empty log.
func New(src Source) *Dice {
	return &Dice{src: src}
}

// Roll throws n dice for purpose and logs them. The purpose must say why
// (e.g. "close attack A1 on B1"): a roll without one cannot be audited.
//
// On error nothing is logged and the zero Roll is returned: a log entry is
// always a whole roll. The source may still have given some faces; the
// action that asked should be abandoned (see the package caveats).
func (d *Dice) Roll(purpose string, n int) (Roll, error) {
	if d == nil || d.src == nil {
		return Roll{}, errNoSource
	}
	if strings.TrimSpace(purpose) == "" {
		return Roll{}, errors.New("dice: a roll needs a purpose, so it can be audited")
	}
	if n < 1 || n > MaxDice {
		return Roll{}, fmt.Errorf("dice: cannot roll %d dice for %q: 1 to %d at a time", n, purpose, MaxDice)
	}
	faces := make([]int, n)
	for i := range faces {
		f, err := d.src.Face()
		if err != nil {
			return Roll{}, fmt.Errorf("dice: die %d of %dD6 for %q: %w", i+1, n, purpose, err)
		}
		// A Source is outside code; a face it gets wrong would otherwise
		// become a result no table has a row for.
		if f < 1 || f > 6 {
			return Roll{}, fmt.Errorf("dice: die %d of %dD6 for %q: source gave %d, faces are 1 to 6", i+1, n, purpose, f)
		}
		faces[i] = f
	}
	r := Roll{Purpose: purpose, Faces: faces}
	d.log = append(d.log, r)
	return r.clone(), nil
}

// D6 throws one die and returns its face.
func (d *Dice) D6(purpose string) (int, error) {
	r, err := d.Roll(purpose, 1)
	if err != nil {
		return 0, err
	}
	return r.Sum(), nil
}

// TwoD6 throws two dice and returns their sum, the roll most tables read.
// The log keeps both faces.
func (d *Dice) TwoD6(purpose string) (int, error) {
	r, err := d.Roll(purpose, 2)
	if err != nil {
		return 0, err
	}
	return r.Sum(), nil
}

// Log returns every roll so far, in the order rolled. It is a copy: changing
// it does not change the record.
func (d *Dice) Log() []Roll {
	return d.Since(0)
}

// Mark returns the current end of the log. Take a mark before an action and
// pass it to Since after, to get the rolls that action made.
func (d *Dice) Mark() int {
	if d == nil {
		return 0
	}
	return len(d.log)
}

// Since returns a copy of the rolls made after mark, in order. A mark below
// zero counts as zero and one past the end gives no rolls, since the log
// only grows and such a mark can only be a caller's slip.
func (d *Dice) Since(mark int) []Roll {
	if d == nil {
		return nil
	}
	mark = max(mark, 0)
	if mark >= len(d.log) {
		return nil
	}
	out := make([]Roll, 0, len(d.log)-mark)
	for _, r := range d.log[mark:] {
		out = append(out, r.clone())
	}
	return out
}
