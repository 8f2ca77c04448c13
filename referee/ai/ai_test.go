package ai

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"bfbot/mapgen"
	"bfbot/mapgen/hex"
	"bfbot/referee"
	"bfbot/referee/dice"
)

// battleOptions shape a random battle.
type battleOptions struct {
	perSide   int  // units per side; 0: five to eight
	mirror    bool // blue's units (and mines) are red's, mirrored across the map
	secrets   bool // a hidden infantry platoon and minefields per side
	air       bool // a light air lance per side
	artillery bool // a Long Tom and a Sniper lance per side
	dropships bool // a Union DropShip per side in orbit, three units aboard
}

// randomBattle builds a started battle on a generated sector, as
// referee's rpBattle does: random ground units with random classes,
// values, experience and chits, red in the west third, blue in the east.
func randomBattle(tb testing.TB, rng *rand.Rand, o battleOptions) *referee.State {
	tb.Helper()
	m, err := mapgen.Generate(mapgen.GenOptions{Seed: rng.Uint64(), Theme: mapgen.Themes[rng.IntN(len(mapgen.Themes))], Sheets: 2, Orientation: mapgen.Orientation(rng.IntN(2))})
	if err != nil {
		tb.Fatal(err)
	}
	s := &referee.State{Map: m, Rules: referee.Rules{CRT: referee.CRT(rng.IntN(2)), MoraleCheck: rng.IntN(4) == 0, Night: rng.IntN(5) == 0},
		Sides: []referee.Side{{ID: "red", Name: "Red", RetreatEdge: referee.West}, {ID: "blue", Name: "Blue", RetreatEdge: referee.East}}}
	var ground []referee.Class
	for _, c := range referee.Classes {
		if c.Ground() {
			ground = append(ground, c)
		}
	}
	used := map[hex.Hex]bool{}
	canStand := func(u *referee.Unit, h hex.Hex) bool {
		c := m.At(h)
		return !used[h] && (u.Class.Kind() == referee.KindAir || c.Road || !c.Terrain.Info().Prohibited[u.Class.Info().Movement])
	}
	mirrorHex := func(h hex.Hex) hex.Hex { return hex.Hex{X: m.Width - 1 - h.X, Y: h.Y} }
	blue := func(id string) string { return "B" + id[1:] }
	// add appends u (off the map) and, in a mirror battle, blue's copy.
	add := func(u referee.Unit) {
		s.Units = append(s.Units, &u)
		if o.mirror {
			b := u
			b.ID, b.Side = blue(u.ID), "blue"
			if u.Aboard != "" {
				b.Aboard = blue(u.Aboard)
			}
			if u.Status.OnMap() {
				b.Hex, b.StartHex = mirrorHex(u.Hex), mirrorHex(u.Hex)
				used[b.Hex] = true
			}
			s.Units = append(s.Units, &b)
		}
	}
	place := func(u referee.Unit, xlo, xhi int) bool {
		for range 400 {
			h := hex.Hex{X: xlo + rng.IntN(xhi-xlo), Y: rng.IntN(m.Height)}
			if canStand(&u, h) && (!o.mirror || canStand(&u, mirrorHex(h))) {
				u.Hex = h
				used[h] = true
				add(u)
				return true
			}
		}
		return false
	}
	sides := []string{"red", "blue"}
	if o.mirror {
		sides = sides[:1]
	}
	// third is the side's third of the map; middle its half of the middle
	// third.
	third := func(si int) (int, int) {
		if si == 1 {
			return m.Width - m.Width/3, m.Width
		}
		return 0, m.Width / 3
	}
	middle := func(si int) (int, int) {
		if si == 1 {
			return m.Width / 2, m.Width - m.Width/3
		}
		return m.Width / 3, m.Width / 2
	}
	randomUnit := func(id, side string, c referee.Class) referee.Unit {
		ra, ca, d := 2+rng.IntN(18), 2+rng.IntN(20), 2+rng.IntN(12)
		u := referee.Unit{ID: id, Side: side, Class: c, Experience: referee.Experience(rng.IntN(4)),
			Status: referee.Active, Rows: referee.DeriveSteps(referee.Values{RA: ra, CA: ca, D: d}), Range: 1 + rng.IntN(5), MP: 2 + rng.IntN(7),
			Jump: c.Kind() == referee.KindMech && rng.IntN(3) == 0, Indirect: c.Info().Indirect}
		if c.Info().Overburn && c.Kind() == referee.KindMech {
			u.OverburnRA = ra + referee.StepDecrement(ra)
		}
		if c == referee.LongTom {
			u.MinRange, u.Range = 2, 10
		}
		u.Chits = referee.Chits{Recon: rng.IntN(6) == 0, ExtraMech: rng.IntN(8) == 0, Firepower: 2 * rng.IntN(2), Armor: 2 * rng.IntN(2), ECM: rng.IntN(8) == 0, AEP: rng.IntN(8) == 0}
		return u
	}
	for si, side := range sides {
		xlo, xhi := third(si)
		n := o.perSide
		if n == 0 {
			n = 5 + rng.IntN(4)
		}
		letter := side[0] - 32
		for i := range n {
			place(randomUnit(fmt.Sprintf("%c%02d", letter, i+1), side, ground[rng.IntN(len(ground))]), xlo, xhi)
		}
		if o.artillery {
			for i, c := range []referee.Class{referee.LongTom, referee.Sniper} {
				place(randomUnit(fmt.Sprintf("%cT%d", letter, i+1), side, c), xlo, xhi)
			}
		}
		if o.dropships {
			v := referee.Values{RA: 13, D: 7} // the Union's row (000 lines 1810–1812)
			add(referee.Unit{ID: fmt.Sprintf("%cD1", letter), Side: side, Class: referee.Union, Name: "Union", Rows: [4]referee.Values{v, v, v, v},
				Range: 6, Experience: referee.Regular, Status: referee.Reserve, Drop: true})
			for i := range 3 {
				u := randomUnit(fmt.Sprintf("%cU%d", letter, i+1), side, ground[rng.IntN(len(ground))])
				u.Status, u.Aboard = referee.Reserve, fmt.Sprintf("%cD1", letter)
				add(u)
			}
		}
	}
	for si, side := range sides {
		letter := side[0] - 32
		if o.air {
			xlo, xhi := third(si)
			// AA 8 in the RA place, ST 10 in the CA place (campaign ruling Q3).
			air := referee.Unit{ID: fmt.Sprintf("%cA1", letter), Side: side, Class: referee.LightAir, Experience: referee.Regular,
				Status: referee.Active, Rows: [4]referee.Values{{RA: 8, CA: 10, D: 6}, {RA: 6, CA: 7, D: 4}}, Range: 3, MP: 10}
			place(air, xlo, xhi)
		}
		if o.secrets {
			xlo, xhi := middle(si)
			hidden := referee.Unit{ID: fmt.Sprintf("%cH1", letter), Side: side, Class: referee.Infantry, Experience: referee.Regular, Status: referee.Active, Hidden: true,
				Rows: referee.DeriveSteps(referee.Values{RA: 3, CA: 6, D: 5}), Range: 1, MP: 2}
			place(hidden, xlo, xhi)
		}
	}
	if o.secrets {
		for si := range s.Sides {
			s.Sides[si].Mines = map[hex.Hex]int{}
		}
		for si := range sides {
			xlo, xhi := middle(si)
			for range 3 {
				h := hex.Hex{X: xlo + rng.IntN(xhi-xlo), Y: rng.IntN(m.Height)}
				if !m.At(h).Terrain.IsWater() && (!o.mirror || !m.At(mirrorHex(h)).Terrain.IsWater()) {
					n := 5 * (1 + rng.IntN(3))
					s.Sides[si].Mines[h] += n
					if o.mirror {
						s.Sides[1].Mines[mirrorHex(h)] += n
					}
				}
			}
		}
	}
	sortUnits(s)
	if errs := s.Check(); len(errs) > 0 {
		tb.Fatalf("random battle set-up: %v", errs)
	}
	st, _, err := referee.Start(s)
	if err != nil {
		tb.Fatal(err)
	}
	return st
}

func sortUnits(s *referee.State) {
	for i := 1; i < len(s.Units); i++ {
		for j := i; j > 0 && s.Units[j].ID < s.Units[j-1].ID; j-- {
			s.Units[j], s.Units[j-1] = s.Units[j-1], s.Units[j]
		}
	}
}

// Ensure AI against AI plays random battles to their end: every action is
// accepted, State.Check holds after each, and the battle ends.
func TestAutoResolve(t *testing.T) {
	seeds := 12
	if testing.Short() {
		seeds = 4
	}
	for seed := range uint64(seeds) {
		t.Run(fmt.Sprintf("seed%d", seed), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(seed, 11))
			s := randomBattle(t, rng, battleOptions{secrets: true})
			level := Level(seed % 2)
			players := map[string]*Player{"red": New("red", Normal, seed), "blue": New("blue", level, seed+100)}
			end, events, err := AutoResolve(s, dice.New(dice.NewSeeded(seed)), players, 20)
			if err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			if end.Phase != referee.PhaseOver {
				t.Fatalf("seed %d: battle not over: %v", seed, end.Phase)
			}
			if len(events) == 0 || events[len(events)-1].Type != "battle_end" {
				t.Fatalf("seed %d: last event is not battle_end", seed)
			}
			t.Logf("seed %d: turn %d, winner %q, %d events", seed, end.Turn, end.Winner, len(events))
		})
	}
}

// Ensure the player never reads what its side does not know: its choices
// are the same when enemy hidden infantry stands elsewhere, enemy mines
// lie elsewhere and unprobed enemy values differ (their MP too, which no
// probe reads: the players guess it from the hexes they have seen each
// counter cover, Player.watch). Both players are told every event
// (Observe), as AutoResolve tells them, and the Hard one uses what it
// remembers of them. They play to a turn limit they know, as
// AutoResolveLimit's players do, so that they chase enemies far from the
// fight (chase.go) and keep their chases from turn to turn, and weigh
// a truce by how soon their units could fire (truce.go).
func TestNoCheating(t *testing.T) {
	remembered := 0 // games in which a player compared with a memory of values shown in attacks
	chased := 0     // games in which a player compared with chases it kept
	truced := 0     // games in which a player weighed a truce by how soon it could fire (truce.go)
	for seed := range uint64(6) {
		rng := rand.New(rand.NewPCG(seed, 23))
		s := randomBattle(t, rng, battleOptions{secrets: true})
		d := dice.New(dice.NewSeeded(seed))
		players := map[string]*Player{"red": New("red", Hard, seed), "blue": New("blue", Normal, seed)}
		for _, p := range players {
			p.limit = s.Turn + chaseHorizon // chases from the second turn on
		}
		chasing, weighed := false, false
		checked := playComparing(t, seed, s, d, players, 400, 5, func(step int, side string, s *referee.State) []*referee.State {
			chasing = chasing || len(players[side].chasing) > 0
			weighed = weighed || players[side].fireNeedTurn > 0
			alts := make([]*referee.State, 3)
			for k := range alts {
				alts[k] = perturb(t, s, side, rand.New(rand.NewPCG(seed, uint64(step*7+k))))
			}
			return alts
		})
		if checked == 0 {
			t.Fatalf("seed %d: nothing checked", seed)
		}
		if len(players["red"].shown)+len(players["blue"].shown) > 0 {
			remembered++
		}
		if chasing {
			chased++
		}
		if weighed {
			truced++
		}
	}
	if remembered == 0 {
		t.Error("no player saw an attack: the values it reads off attacks went unchecked")
	}
	if chased == 0 {
		t.Error("no player chased an enemy: the chases it keeps went unchecked")
	}
	if truced == 0 {
		t.Error("no player weighed a truce: what it reads for one went unchecked")
	}
}

// Ensure a Hard player decides the same with the work it kept as a copy
// of it without (playComparing), in a Hard–Hard mirror battle with
// artillery (seed 4): a copy that started with only the attack plan the
// player kept (keptFire) chose another attack at step 92, as the player's
// reach of an enemy whose range it had just learnt was the one of the
// shorter range it had thought (TestKeptFireTableAsAfresh).
func TestKeptWorkHardMirror(t *testing.T) {
	s := MirrorBattle(t, "artillery", 4)
	players := map[string]*Player{"red": New("red", Hard, 4), "blue": New("blue", Hard, 11)}
	none := func(int, string, *referee.State) []*referee.State { return nil }
	playComparing(t, 4, s, dice.New(dice.NewSeeded(4)), players, 600, 1, none)
}

// playComparing plays s to its end (or maxSteps) with players and, every
// `every` steps, asks a copy of the phasing player for its choice on the
// true state and copies for their choices on each state alts makes of the
// current one (the same but for what the side may not know): the choices
// must be equal, and equal to the player's own, made with the work it
// kept from its decisions before (its cache; the copies start without).
// It returns how many it compared.
func playComparing(t *testing.T, seed uint64, s *referee.State, d *dice.Dice, players map[string]*Player, maxSteps, every int, alts func(step int, side string, s *referee.State) []*referee.State) int {
	t.Helper()
	checked := 0
	for step := 0; s.Phase != referee.PhaseOver && step < maxSteps; step++ {
		side := s.PhasingSide().ID
		compare := step%every == 0
		var want referee.Action
		if compare {
			want = cloneP(players[side]).Next(s)
			for _, alt := range alts(step, side, s) {
				if got := cloneP(players[side]).Next(alt); !reflect.DeepEqual(got, want) {
					t.Fatalf("seed %d step %d: %s chose %v with the true secrets, %v with others", seed, step, side, want, got)
				}
				checked++
			}
		}
		a := players[side].Next(s)
		if compare && !reflect.DeepEqual(a, want) {
			t.Fatalf("seed %d step %d: %s chose %v with the work it kept, %v without", seed, step, side, a, want)
		}
		next, events, err := referee.Apply(s, a, d)
		if err != nil {
			t.Fatalf("seed %d step %d: %s %v refused: %v", seed, step, side, a, err)
		}
		for _, p := range players {
			p.Observe(events)
		}
		s = next
	}
	return checked
}

// cloneP copies a player, its generator and memory included, with a
// cache of its own, empty but for what of Hard's fire table is not made
// afresh (keptFire): the copies compared share nothing with each other
// or with p (but the hunt's shares, p.hunting, which assignHunt reads
// and replaces, never changes), so a decision on one state cannot reuse work done on
// another (a route field kept under a key that misses what the side may
// not know would carry it over) and p's own cache never holds work done
// on a state that is not the battle's.
func cloneP(p *Player) *Player {
	c := *p
	src := *p.src
	c.src = &src
	c.rng = rand.New(c.src)
	c.done, c.fired, c.hits = maps.Clone(p.done), maps.Clone(p.fired), maps.Clone(p.hits)
	c.seen, c.moved, c.swept, c.shown = maps.Clone(p.seen), maps.Clone(p.moved), maps.Clone(p.swept), maps.Clone(p.shown)
	c.leapers, c.chasing = maps.Clone(p.leapers), maps.Clone(p.chasing)
	c.cache = cache{fire: keptFire(p.cache.fire)}
	return &c
}

// keptFire copies of Hard's fire table f what a decision does not work
// out afresh: the attack plan, which by design is not the plan made
// afresh (firetable.go). The columns and shots, and what each return
// fire costs, are worked out again. nil for nil.
func keptFire(f *fireTable) *fireTable {
	if f == nil {
		return nil
	}
	c := &fireTable{at: f.at, rubble: slices.Clone(f.rubble), enemies: slices.Clone(f.enemies),
		rows: map[string]*fireRow{}, aimed: make(map[string]aimed, len(f.aimed))}
	for id, a := range f.aimed {
		a.opts = slices.Clone(a.opts)
		c.aimed[id] = a
	}
	return c
}

// perturb returns a copy of s in which what side does not know is
// different: the enemy's hidden units stand on other free hexes, its
// mines lie elsewhere, and enemy units side has not probed have other
// values.
func perturb(t *testing.T, s *referee.State, side string, rng *rand.Rand) *referee.State {
	t.Helper()
	c := s.Clone()
	occupied := map[hex.Hex]bool{}
	for i := range c.Units {
		if c.Units[i].Status.OnMap() {
			occupied[c.Units[i].Hex] = true
		}
	}
	for i := range c.Units {
		u := c.Units[i]
		if u.Side == side {
			continue
		}
		if u.Hidden && u.Status.OnMap() {
			for range 200 {
				h := hex.Hex{X: rng.IntN(c.Map.Width), Y: rng.IntN(c.Map.Height)}
				if cell := c.Cell(h); !occupied[h] && cell.Terrain == mapgen.Open {
					u.Hex, u.StartHex = h, h
					occupied[h] = true
					break
				}
			}
		}
		if c.KnownTo(side, u)&referee.KnowValues == 0 {
			u.Rows = referee.DeriveSteps(referee.Values{RA: 2 + rng.IntN(18), CA: 2 + rng.IntN(20), D: 2 + rng.IntN(12)})
			u.Range = 1 + rng.IntN(5)
			u.Experience = referee.Experience(rng.IntN(4))
			u.MP = 2 + rng.IntN(7)
		}
	}
	for i := range c.Sides {
		if c.Sides[i].ID == side {
			continue
		}
		c.Sides[i].Mines = map[hex.Hex]int{}
		for range 4 {
			h := hex.Hex{X: rng.IntN(c.Map.Width), Y: rng.IntN(c.Map.Height)}
			c.Sides[i].Mines[h] = 5 * (1 + rng.IntN(3))
		}
	}
	if errs := c.Check(); len(errs) > 0 {
		t.Fatalf("perturbed state: %v", errs)
	}
	return c
}

// playVersusRandom plays one mirror battle, the AI as aiSide against the
// random player, and returns the winner.
func playVersusRandom(tb testing.TB, seed uint64, aiFirst bool, maxTurns int) string {
	rng := rand.New(rand.NewPCG(seed, 31))
	s := randomBattle(tb, rng, battleOptions{perSide: 4 + rng.IntN(4), mirror: true})
	aiSide := "red"
	if !aiFirst {
		aiSide = "blue"
	}
	p := New(aiSide, Normal, seed)
	random := New(map[string]string{"red": "blue", "blue": "red"}[aiSide], Random, seed+1)
	d := dice.New(dice.NewSeeded(seed))
	for s.Phase != referee.PhaseOver {
		if s.Turn > maxTurns {
			next, _, err := referee.EndBattle(s, "turn limit")
			if err != nil {
				tb.Fatal(err)
			}
			s = next
			break
		}
		side := s.PhasingSide().ID
		var a referee.Action
		if side == aiSide {
			a = p.Next(s)
		} else {
			a = random.Next(s)
		}
		next, _, err := referee.Apply(s, a, d)
		if err != nil {
			tb.Fatalf("seed %d: %s %v refused: %v", seed, side, a, err)
		}
		if errs := next.Check(); len(errs) > 0 {
			tb.Fatalf("seed %d after %s %v: %v", seed, side, a, errs)
		}
		s = next
	}
	if s.Winner == aiSide {
		return "ai"
	}
	if s.Winner == "" {
		return "draw"
	}
	return "random"
}

// Ensure the AI beats a player of random legal actions in at least 90% of
// battles with equal forces (mirror-image random forces on a generated
// map; the sides take turns moving first).
func TestBeatsRandom(t *testing.T) {
	games, bar := 200, 0.90
	if testing.Short() {
		games, bar = 40, 0.80
	}
	count := map[string]int{}
	for g := range games {
		count[playVersusRandom(t, uint64(1000+g), g%2 == 0, 15)]++
	}
	rate := float64(count["ai"]) / float64(games)
	t.Logf("AI won %d of %d (%.1f%%), drew %d, lost %d", count["ai"], games, 100*rate, count["draw"], count["random"])
	if rate < bar {
		t.Errorf("win rate %.2f below %.2f", rate, bar)
	}
}

// BenchmarkAutoResolve40 auto-resolves a battle of 40 units, 20 a side.
func BenchmarkAutoResolve40(b *testing.B) {
	benchAutoResolve(b, randomBattle(b, rand.New(rand.NewPCG(40, 40)), battleOptions{perSide: 20}))
}

// Ensure battles with air lances on both sides auto-resolve: the AI flies
// its air lances (they must fly before movement ends, ruling AIR4),
// strafes and bombs, and the game ends without an error.
func TestAutoResolveWithAir(t *testing.T) {
	seeds := 6
	if testing.Short() {
		seeds = 2
	}
	hexAttacks := 0
	for seed := range uint64(seeds) {
		rng := rand.New(rand.NewPCG(seed, 99))
		s := randomBattle(t, rng, battleOptions{perSide: 4, air: true})
		players := map[string]*Player{"red": New("red", Normal, seed), "blue": New("blue", Normal, seed+1)}
		end, events, err := AutoResolve(s, dice.New(dice.NewSeeded(seed)), players, 20)
		for _, e := range events {
			if e.Type == "attack" && (e.Mode == "strafe" || e.Mode == "bomb") {
				hexAttacks++
			}
		}
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if end.Phase != referee.PhaseOver {
			t.Errorf("seed %d: battle not over", seed)
		}
	}
	t.Logf("%d strafing or bombing attacks in %d battles", hexAttacks, seeds)
	if hexAttacks == 0 {
		t.Error("the AI's air lances never strafed or bombed")
	}
}

// Ensure Observe keeps only what the side may see: an attack result it
// sees counts, one whose audience leaves it out (and an Extra 'Mech it
// does not see absorb a step) does not, and a seen Extra 'Mech takes its
// step back.
func TestObserveOnlyVisible(t *testing.T) {
	res := func(s string) *string { return &s }
	p := New("red", Hard, 1)
	p.Observe([]referee.Event{
		{Type: "attack", Turn: 2, Attacker: "R01", Target: "B01", Result: res("2")},
		{Type: "attack", Turn: 2, Attacker: "R02", Target: "B02", Result: res("3"), Audience: []string{"blue"}},
		{Type: "attack", Turn: 2, Attacker: "R02", Target: "B02", Result: res("D")},
		{Type: "extra_mech", Unit: "B01", Audience: []string{"blue"}},
	})
	if p.hits["B01"] != 2 || p.hits["B02"] != 0 || p.lastFight != 2 {
		t.Fatalf("hits %v, last fight %d; want B01 2, B02 0, turn 2", p.hits, p.lastFight)
	}
	p.Observe([]referee.Event{{Type: "extra_mech", Unit: "B01", Audience: []string{"blue", "red"}}})
	if p.hits["B01"] != 1 {
		t.Errorf("a seen Extra 'Mech left %d steps, want 1", p.hits["B01"])
	}
}

// Ensure no AI level and no baseline ever takes an action Apply refuses
// in battles with air lances, a disrupted air lance included (it must
// still fly two hexes or leave, 000 lines 1097, 1163): Normal, Hard and
// Easy against Random and Greedy, from both seats. AutoResolve fails on
// the first refused action.
func TestAirNoIllegalActions(t *testing.T) {
	games := 40
	switch {
	case os.Getenv("BFBOT_LONG") == "1":
		games = 1000
	case testing.Short():
		games = 10
	}
	disrupted := 0
	for g := range games {
		rng := rand.New(rand.NewPCG(uint64(g), 77))
		s := randomBattle(t, rng, battleOptions{perSide: 3, air: true, mirror: g%2 == 0})
		level := []Level{Normal, Hard, Easy}[g%3]
		other := []Level{Random, Greedy}[(g/3)%2]
		sides := [2]string{"red", "blue"}
		if g%4 >= 2 {
			sides[0], sides[1] = sides[1], sides[0]
		}
		players := map[string]*Player{sides[0]: New(sides[0], level, uint64(g)), sides[1]: New(sides[1], other, uint64(g)+1)}
		end, events, err := AutoResolve(s, dice.New(dice.NewSeeded(uint64(g))), players, 20)
		if err != nil {
			t.Fatalf("game %d (%v as %s against %v): %v", g, level, sides[0], other, err)
		}
		if end.Phase != referee.PhaseOver {
			t.Fatalf("game %d: not over", g)
		}
		for _, e := range events {
			if e.Type == "disruption" && strings.HasSuffix(e.Unit, "A1") && e.Result != nil && *e.Result == "failed" {
				disrupted++
			}
		}
	}
	t.Logf("%d games, %d air lances disrupted", games, disrupted)
	if disrupted == 0 {
		t.Error("no air lance was ever disrupted: the test does not reach the case it is for")
	}
}
