package command

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"fmt"
	"log/slog"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"bfbot/referee/dice"
)

func (g *Registry) rollCommands() []*entry {
	return []*entry{{spec: Spec{Name: "roll", Description: "roll six-sided dice for all to see, e.g. 2d6 or 1d6+2", Who: Anyone, Options: []Option{
		{Name: "dice", Description: "NdS+M: N dice (1–20) of 6 sides, plus or minus M; default 2d6"}}},
		run: g.roll}}
}

var rollPattern = regexp.MustCompile(`^([0-9]{1,2})?[dD]6?([+-][0-9]{1,3})?$`)

// roll throws the dice of the registry's own source (not a campaign's, so
// a /roll cannot change a battle's future rolls).
func (g *Registry) roll(_ context.Context, x *call) ([]Reply, error) {
	spec := x.str("dice")
	if spec == "" {
		spec = "2d6"
	}
	m := rollPattern.FindStringSubmatch(strings.ReplaceAll(spec, " ", ""))
	if m == nil {
		return nil, userf("dice:%s: write NdS+M with six-sided dice, e.g. 2d6, d6 or 3d6-1", spec)
	}
	n := 1
	if m[1] != "" {
		n, _ = strconv.Atoi(m[1])
	}
	if n < 1 || n > 20 {
		return nil, userf("dice:%s: roll 1 to 20 dice", spec)
	}
	mod := 0
	if m[2] != "" {
		mod, _ = strconv.Atoi(m[2])
	}
	r, err := g.rolls.roll("/roll "+spec+" by "+x.User.ID, n)
	if err != nil {
		return nil, err
	}
	faces := make([]string, len(r.Faces))
	for i, f := range r.Faces {
		faces[i] = strconv.Itoa(f)
	}
	return []Reply{x.public(fmt.Sprintf("%s rolls %s: %s = %d", x.User.Name, spec, strings.Join(faces, " + ")+modText(mod), r.Sum()+mod))}, nil
}

func modText(mod int) string {
	switch {
	case mod > 0:
		return fmt.Sprintf(" + %d", mod)
	case mod < 0:
		return fmt.Sprintf(" − %d", -mod)
	}
	return ""
}

// NewRollSource returns the dice for /roll in a running bot: seeded with
// seed() (nil: RandomSeed, the operating system's randomness) once, at
// start, and the seed logged at info, so /roll never repeats its numbers
// after a restart and any roll can still be traced to its seed.
// Campaigns keep their own seeded dice; these are only for /roll.
func NewRollSource(seed func() uint64, log *slog.Logger) *dice.Seeded {
	if seed == nil {
		seed = RandomSeed
	}
	n := seed()
	if log != nil {
		log.Info("dice for /roll seeded", "seed", n)
	}
	return dice.NewSeeded(n)
}

// RandomSeed is a seed from the operating system's randomness
// (crypto/rand, which cannot fail: the program stops if the system has
// none).
func RandomSeed() uint64 {
	var b [8]byte
	rand.Read(b[:])
	return binary.BigEndian.Uint64(b[:])
}

// rollSource is /roll's source shared by every command: commands run
// concurrently, and a Source is not safe for that. Each roll gets a
// fresh Dice, so no log of every /roll ever made builds up in memory.
type rollSource struct {
	mu  sync.Mutex
	src dice.Source
}

func (r *rollSource) roll(purpose string, n int) (dice.Roll, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return dice.New(r.src).Roll(purpose, n)
}
