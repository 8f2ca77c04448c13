package hex

import (
	"errors"
	"fmt"
	"strconv"
)

// Hex is one hex of a map by its 0-based column X and row Y.
type Hex struct {
	X, Y int
}

// ErrSyntax is returned by Parse for text that is not a hex name.
var ErrSyntax = errors.New("a hex is named by its column and row, 1-based, as XXYY (e.g. 0807) or XXXYYY past 99")

// Parse reads a hex name in the XXYY (or XXXYYY) form.
func Parse(s string) (Hex, error) {
	if len(s) != 4 && len(s) != 6 {
		return Hex{}, fmt.Errorf("hex %q: %w", s, ErrSyntax)
	}
	half := len(s) / 2
	col, err1 := strconv.Atoi(s[:half])
	row, err2 := strconv.Atoi(s[half:])
	if err1 != nil || err2 != nil || s[0] == '+' || s[0] == '-' || s[half] == '+' || s[half] == '-' {
		return Hex{}, fmt.Errorf("hex %q: %w", s, ErrSyntax)
	}
	if col < 1 || row < 1 {
		return Hex{}, fmt.Errorf("hex %q: columns and rows count from 01: %w", s, ErrSyntax)
	}
	return Hex{X: col - 1, Y: row - 1}, nil
}

// MustParse is Parse for names known to be good (tables, tests); it panics
// on a bad name.
func MustParse(s string) Hex {
	h, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return h
}

// String returns the XXYY name, or XXXYYY when column or row passes 99.
// A hex off the top or left of any map (negative X or Y) prints as
// "(X,Y)" in 0-based numbers, since it has no printed name.
func (h Hex) String() string {
	if h.X < 0 || h.Y < 0 {
		return fmt.Sprintf("(%d,%d)", h.X, h.Y)
	}
	if h.X < 99 && h.Y < 99 {
		// As fmt's "%02d%02d", without its cost: the rules name every
		// hex a unit might attack or enter while listing legal actions.
		x, y := h.X+1, h.Y+1
		return string([]byte{byte('0' + x/10), byte('0' + x%10), byte('0' + y/10), byte('0' + y%10)})
	}
	return fmt.Sprintf("%03d%03d", h.X+1, h.Y+1)
}

// MarshalText implements encoding.TextMarshaler with the XXYY form.
func (h Hex) MarshalText() ([]byte, error) {
	if h.X < 0 || h.Y < 0 {
		return nil, fmt.Errorf("hex %s has no XXYY name: it lies off the map", h)
	}
	return []byte(h.String()), nil
}

// UnmarshalText implements encoding.TextUnmarshaler with the XXYY form.
func (h *Hex) UnmarshalText(b []byte) error {
	p, err := Parse(string(b))
	if err != nil {
		return err
	}
	*h = p
	return nil
}
