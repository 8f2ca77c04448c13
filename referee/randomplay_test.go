package referee

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"bfbot/mapgen"
	"bfbot/mapgen/hex"
	"bfbot/referee/dice"
)

// rpBattle builds a random started battle on a generated sector: two sides
// of five to eight ground units with random classes, experience and chits,
// one hidden infantry platoon each, and a few minefields.
func rpBattle(t testing.TB, rng *rand.Rand) *State {
	t.Helper()
	m, err := mapgen.Generate(mapgen.GenOptions{Seed: rng.Uint64(), Theme: mapgen.Themes[rng.IntN(len(mapgen.Themes))], Sheets: 2, Orientation: mapgen.Orientation(rng.IntN(2))})
	if err != nil {
		t.Fatal(err)
	}
	s := &State{Map: m, Rules: Rules{CRT: CRT(rng.IntN(2)), MoraleCheck: rng.IntN(4) == 0, Night: rng.IntN(5) == 0},
		Sides: []Side{{ID: "red", Name: "Red", RetreatEdge: West}, {ID: "blue", Name: "Blue", RetreatEdge: East}}}
	var ground []Class
	for _, c := range Classes {
		if c.Ground() {
			ground = append(ground, c)
		}
	}
	b := &battle{s: s}
	place := func(u Unit, xlo, xhi int) {
		for range 200 {
			u.Hex = hex.Hex{X: xlo + rng.IntN(xhi-xlo), Y: rng.IntN(m.Height)}
			s.Units = append(s.Units, &u)
			if b.canStand(s.Units[len(s.Units)-1], u.Hex) == nil {
				return
			}
			s.Units = s.Units[:len(s.Units)-1]
		}
	}
	for si, side := range []string{"red", "blue"} {
		xlo, xhi := 0, m.Width/3
		if si == 1 {
			xlo, xhi = m.Width-m.Width/3, m.Width
		}
		n := 5 + rng.IntN(4)
		for i := range n {
			c := ground[rng.IntN(len(ground))]
			ra, ca, d := 2+rng.IntN(18), 2+rng.IntN(20), 2+rng.IntN(12)
			u := Unit{ID: fmt.Sprintf("%c%02d", side[0]-32, i+1), Side: side, Class: c, Experience: Experience(rng.IntN(4)),
				Status: Active, Rows: DeriveSteps(Values{RA: ra, CA: ca, D: d}), Range: 1 + rng.IntN(5), MP: 2 + rng.IntN(7),
				Jump: c.Kind() == KindMech && rng.IntN(3) == 0, Indirect: c.Info().Indirect}
			if c.Info().Overburn && c.Kind() == KindMech {
				u.OverburnRA = ra + StepDecrement(ra)
			}
			if c == LongTom {
				u.MinRange, u.Range = 2, 10
			}
			u.Chits = Chits{Recon: rng.IntN(6) == 0, ExtraMech: rng.IntN(8) == 0, Firepower: 2 * rng.IntN(2), Armor: 2 * rng.IntN(2), ECM: rng.IntN(8) == 0, AEP: rng.IntN(8) == 0}
			place(u, xlo, xhi)
		}
		place(Unit{ID: fmt.Sprintf("%cH1", side[0]-32), Side: side, Class: Infantry, Experience: Regular, Status: Active, Hidden: true,
			Rows: DeriveSteps(Values{RA: 3, CA: 6, D: 5}), Range: 1, MP: 2}, m.Width/3, m.Width-m.Width/3)
		s.Sides[si].Mines = map[hex.Hex]int{}
		for range 3 {
			h := hex.Hex{X: m.Width/3 + rng.IntN(m.Width/3), Y: rng.IntN(m.Height)}
			if !s.Cell(h).Terrain.IsWater() {
				s.Sides[si].Mines[h] += 5 * (1 + rng.IntN(3))
			}
		}
	}
	sortUnits(s)
	if errs := s.Check(); len(errs) > 0 {
		t.Fatalf("random battle set-up: %v", errs)
	}
	st, _, err := Start(s)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

func sortUnits(s *State) {
	for i := 1; i < len(s.Units); i++ {
		for j := i; j > 0 && s.Units[j].ID < s.Units[j-1].ID; j-- {
			s.Units[j], s.Units[j-1] = s.Units[j-1], s.Units[j]
		}
	}
}

// Ensure random legal play never breaks an invariant: every action
// ValidActions and ValidSideActions offer is accepted by Apply, State.Check
// holds after every Apply, and no event a side may see names an enemy unit
// that is still hidden. Battles are played to their end, one after
// another, for thousands of game turns (hundreds with -short); the seed is
// printed.
func TestRandomPlay(t *testing.T) {
	seed := uint64(20261122)
	turns := 2000
	if testing.Short() {
		turns = 200
	}
	t.Logf("seed %d, %d game turns", seed, turns)
	rng := rand.New(rand.NewPCG(seed, 7))
	d := dice.New(dice.NewSeeded(seed))
	played, battles, actions := 0, 0, 0
	for played < turns {
		s := rpBattle(t, rng)
		drpRandomArrivals(rng, s) // drops and DropShips (drop_test.go)
		battles++
		for s.Phase != PhaseOver && s.Turn <= 30 {
			side := s.PhasingSide().ID
			var options []Action
			for i := range s.Units {
				if s.Units[i].Side == side {
					options = append(options, ValidActions(s, s.Units[i].ID)...)
				}
			}
			for _, a := range ValidSideActions(s, side) {
				if a.Kind != ActSurrender && a.Kind != ActTruce || rng.IntN(50) == 0 {
					options = append(options, a)
				}
			}
			a := Action{Kind: ActEnd, Side: side}
			if len(options) > 0 && rng.IntN(6) > 0 {
				a = options[rng.IntN(len(options))]
			}
			turn := s.Turn
			next, events, err := Apply(s, a, d)
			if err != nil {
				t.Fatalf("battle %d turn %d: %s %v was offered but refused: %v", battles, s.Turn, side, a, err)
			}
			actions++
			if errs := next.Check(); len(errs) > 0 {
				t.Fatalf("battle %d turn %d after %s %v: %v", battles, s.Turn, side, a, errs)
			}
			rpCheckSecrets(t, next, events)
			if next.Turn > turn {
				played++
			}
			s = next
		}
		if s.Phase != PhaseOver {
			played += 0 // a stalemate ends at 30 turns: start another battle
		}
	}
	t.Logf("%d battles, %d actions", battles, actions)
}

// rpCheckSecrets fails if an event visible to a side names an enemy unit
// that is hidden after the action.
func rpCheckSecrets(t *testing.T, s *State, events []Event) {
	t.Helper()
	for _, side := range s.Sides {
		for _, e := range EventsFor(events, side.ID) {
			for i := range s.Units {
				u := s.Units[i]
				if u.Side == side.ID || !u.Hidden {
					continue
				}
				if e.Unit == u.ID || e.Target == u.ID || e.Attacker == u.ID || strings.Contains(e.Text, u.ID) {
					t.Fatalf("side %s sees an event naming hidden %s: %+v", side.ID, u.ID, e)
				}
			}
		}
	}
}
