package dice

import (
	"errors"
	"fmt"
	"strings"
)

// ErrOutOfDice is returned (wrapped with how many faces were given) by
// Script.Face when every scripted face has been used: a worked example that
// needs more dice than it was given is wrong, and must fail rather than
// quietly continue with other dice.
var ErrOutOfDice = errors.New("out of scripted dice")

// Script is the source used in tests and for `--dice 3,4,6`: it gives the
// faces it was made with, in order.
type Script struct {
	faces []int
	next  int
}

// NewScript returns a Script giving faces in order. Every face must be 1 to
// 6; the error names the first that is not, counting from 1.
func NewScript(faces ...int) (*Script, error) {
	for i, f := range faces {
		if err := checkFace(i+1, f); err != nil {
			return nil, err
		}
	}
	return &Script{faces: append([]int(nil), faces...)}, nil
}

// ParseFaces reads the `--dice` form: faces separated by commas, spaces
// allowed around each, e.g. "3,4,6" or "3, 4, 6". Each item must be exactly
// one digit 1 to 6 (no signs or leading zeros: "+3" or "03" in a dice list is
// more likely a typing slip than a meant 3). The error names the bad item
// and its position, counting from 1, so the user can find it in a long list.
func ParseFaces(s string) (*Script, error) {
	if strings.TrimSpace(s) == "" {
		return nil, errors.New("no dice faces given: write them like 3,4,6")
	}
	items := strings.Split(s, ",")
	faces := make([]int, 0, len(items))
	for i, item := range items {
		item = strings.TrimSpace(item)
		if len(item) != 1 || item[0] < '1' || item[0] > '6' {
			return nil, fmt.Errorf("dice face %d is %q: faces are 1 to 6", i+1, shorten(item))
		}
		faces = append(faces, int(item[0]-'0'))
	}
	return &Script{faces: faces}, nil
}

// Replay returns a Script giving the faces of log in the order they were
// rolled: a battle played again with it gets the same dice (ruling R9).
func Replay(log []Roll) (*Script, error) {
	var faces []int
	for _, r := range log {
		for i, f := range r.Faces {
			if err := checkFace(i+1, f); err != nil {
				return nil, fmt.Errorf("replaying roll %q: %w", r.Purpose, err)
			}
		}
		faces = append(faces, r.Faces...)
	}
	return &Script{faces: faces}, nil
}

// Face returns the next scripted face, or ErrOutOfDice when all are used.
func (s *Script) Face() (int, error) {
	if s == nil {
		return 0, errNoSource
	}
	if s.next >= len(s.faces) {
		return 0, fmt.Errorf("%w: %d given, all used", ErrOutOfDice, len(s.faces))
	}
	f := s.faces[s.next]
	s.next++
	return f, nil
}

// Remaining is how many faces are left, so a test can check that a worked
// example used exactly the dice the book gives, no fewer.
func (s *Script) Remaining() int {
	if s == nil {
		return 0
	}
	return len(s.faces) - s.next
}

// checkFace reports a face outside 1 to 6, naming its position from 1.
func checkFace(position, face int) error {
	if face < 1 || face > 6 {
		return fmt.Errorf("dice face %d is %d: faces are 1 to 6", position, face)
	}
	return nil
}

// shorten keeps an error message readable when the bad item is long (a
// pasted paragraph, say): the start is enough to find it.
func shorten(item string) string {
	const limit = 12
	runes := []rune(item)
	if len(runes) <= limit {
		return item
	}
	return string(runes[:limit]) + "…"
}
