package dice

import (
	"encoding/hex"
	"fmt"
	"math/bits"
	"math/rand/v2"
)

// Source gives d6 faces, each 1 to 6. Rules code does not call it directly
// but through a Dice, which logs every face.
type Source interface {
	Face() (int, error)
}

// Seeded is the source used in play: a PCG generator (math/rand/v2) seeded
// from the `--seed` flag, whose state is saved with the battle.
//
// The zero value is a valid generator but not the one any seed gives; use
// NewSeeded, or UnmarshalBinary/UnmarshalText to restore a saved state.
type Seeded struct {
	pcg rand.PCG
}

// seedStream is PCG's second seed word. A fixed constant (ASCII "bfbotd6!")
// keeps the dice stream apart from other generators that might be seeded
// with the same `--seed` value, such as the map generator, so dice faces are
// not correlated with terrain.
const seedStream = 0x6266626f74643621

// NewSeeded returns the generator for seed. The same seed gives the same
// faces on every machine and Go version (see Face).
func NewSeeded(seed uint64) *Seeded {
	s := &Seeded{}
	s.pcg.Seed(seed, seedStream)
	return s
}

// Face returns the next face. It fails only on a nil *Seeded.
//
// The face is derived from PCG's 64-bit output here rather than through
// rand.Rand.IntN, because PCG is a specified algorithm but IntN's reduction
// is not promised to stay the same across Go versions, and the replay
// guarantee must not rest on it. The method is Lemire's multiply-and-reject
// (the one IntN uses today, so the two agree): the high word of x·6 is the
// face, and the few x whose low word falls in the short first interval are
// rejected, which removes the bias that x%6 would have.
func (s *Seeded) Face() (int, error) {
	if s == nil {
		return 0, errNoSource
	}
	const n = 6
	const threshold = (1 << 64) % n // 2⁶⁴ mod 6: the count of x to reject
	for {
		hi, lo := bits.Mul64(s.pcg.Uint64(), n)
		if lo >= threshold {
			return int(hi) + 1, nil
		}
	}
}

// MarshalBinary saves the generator's state, so a battle saved mid-way
// continues with the same sequence after UnmarshalBinary.
func (s *Seeded) MarshalBinary() ([]byte, error) {
	return s.pcg.MarshalBinary()
}

// UnmarshalBinary restores a state saved by MarshalBinary. On error the
// generator is unchanged.
func (s *Seeded) UnmarshalBinary(data []byte) error {
	if err := s.pcg.UnmarshalBinary(data); err != nil {
		return fmt.Errorf("dice: restoring seeded dice: %w", err)
	}
	return nil
}

// MarshalText saves the state as hex text. It exists so a Seeded kept in a
// JSON record is saved as its state: encoding/json ignores MarshalBinary and
// would otherwise write an empty object, silently losing the dice.
func (s *Seeded) MarshalText() ([]byte, error) {
	b, err := s.MarshalBinary()
	if err != nil {
		return nil, err
	}
	return hex.AppendEncode(nil, b), nil
}

// UnmarshalText restores a state saved by MarshalText. On error the
// generator is unchanged.
func (s *Seeded) UnmarshalText(text []byte) error {
	b, err := hex.AppendDecode(nil, text)
	if err != nil {
		return fmt.Errorf("dice: restoring seeded dice: %w", err)
	}
	return s.UnmarshalBinary(b)
}
