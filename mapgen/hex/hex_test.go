package hex

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// Ensure the XXYY names parse and print the way mapsheets print them.
func TestParse(t *testing.T) {
	t.Run("OK", func(t *testing.T) {
		for _, tc := range []struct {
			in   string
			want Hex
			out  string
		}{
			{"0101", Hex{0, 0}, "0101"},
			{"1211", Hex{11, 10}, "1211"},
			{"3217", Hex{31, 16}, "3217"},
			{"6434", Hex{63, 33}, "6434"},
			{"100017", Hex{99, 16}, "100017"},
			{"001100", Hex{0, 99}, "001100"},
			{"099017", Hex{98, 16}, "9917"},
		} {
			got, err := Parse(tc.in)
			if err != nil {
				t.Fatalf("Parse(%q): %v", tc.in, err)
			}
			if got != tc.want {
				t.Errorf("Parse(%q) = %#v, want %#v", tc.in, got, tc.want)
			}
			if s := got.String(); s != tc.out {
				t.Errorf("String(%#v) = %q, want %q", got, s, tc.out)
			}
		}
	})
	t.Run("ErrSyntax", func(t *testing.T) {
		for _, in := range []string{"", "1", "121", "12111", "0001", "0100", "ab01", "-101", "+101", "01+1", "1234567", " 101"} {
			if _, err := Parse(in); err == nil {
				t.Errorf("Parse(%q) succeeded, want an error", in)
			}
		}
	})
}

// Ensure hexes round-trip through JSON as their names (map keys too).
func TestTextRoundTrip(t *testing.T) {
	in := map[Hex]int{MustParse("0807"): 1, MustParse("3217"): 2, {X: 120, Y: 3}: 3}
	b, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := string(b), `{"0807":1,"121004":3,"3217":2}`; got != want {
		t.Errorf("json = %s, want %s", got, want)
	}
	var out map[Hex]int
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	if len(out) != len(in) {
		t.Fatalf("round trip lost entries: %v", out)
	}
	for k, v := range in {
		if out[k] != v {
			t.Errorf("round trip: %v = %d, want %d", k, out[k], v)
		}
	}
	if _, err := (Hex{-1, 2}).MarshalText(); err == nil {
		t.Error("MarshalText of an off-map hex succeeded")
	}
	var h Hex
	if err := h.UnmarshalText([]byte("12x4")); err == nil {
		t.Error("UnmarshalText(12x4) succeeded")
	}
}

// Ensure neighbours match the printed mapsheet, where even (1-based)
// columns sit half a hex lower. Cases from the movement example,
// 000 lines 675–677: from 1211 the lance can enter 1312,
// 1212 and 1112; the scout car drives 1111-1011-0912-0913.
func TestNeighbors(t *testing.T) {
	for _, tc := range []struct {
		from string
		want [6]string // N, NE, SE, S, SW, NW
	}{
		{"1211", [6]string{"1210", "1311", "1312", "1212", "1112", "1111"}}, // even column: lower
		{"1111", [6]string{"1110", "1210", "1211", "1112", "1011", "1010"}}, // odd column: higher
		{"1011", [6]string{"1010", "1111", "1112", "1012", "0912", "0911"}},
		{"0912", [6]string{"0911", "1011", "1012", "0913", "0812", "0811"}},
	} {
		h := MustParse(tc.from)
		got := h.Neighbors()
		for i, d := range Directions {
			if got[i].String() != tc.want[i] {
				t.Errorf("%s %v = %s, want %s", tc.from, d, got[i], tc.want[i])
			}
			if n := h.Neighbor(d); n != got[i] {
				t.Errorf("%s Neighbor(%v) = %s, Neighbors()[%d] = %s", tc.from, d, n, i, got[i])
			}
			if back, ok := got[i].DirectionTo(h); !ok || back != d.Opposite() {
				t.Errorf("%s -> %s: DirectionTo back = %v %v, want %v", tc.from, got[i], back, ok, d.Opposite())
			}
			if Distance(h, got[i]) != 1 {
				t.Errorf("Distance(%s, %s) = %d, want 1", tc.from, got[i], Distance(h, got[i]))
			}
		}
	}
	if _, ok := MustParse("0101").DirectionTo(MustParse("0103")); ok {
		t.Error("0101 -> 0103 reported adjacent")
	}
}

// Ensure distances match ranges counted on the printed map.
func TestDistance(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want int
	}{
		{"0101", "0101", 0},
		{"1311", "1315", 4}, // jump example, 000 line 679: 4 hexes on MP 4
		{"0408", "0404", 4}, // sighting example, 000 line 790
		{"0404", "0303", 2}, // within five hexes, line 790
		{"0404", "0102", 4}, // 0304, 0203, 0103, 0102
		{"0412", "0515", 3}, // dead zone example, 000 line 803
		{"0412", "0210", 3},
		{"0101", "3217", 32}, // 31 steps south-east reach 3216
		{"0101", "0117", 16},
		{"0201", "0101", 1},
		{"0202", "0101", 2},
		{"0101", "6417", 63},
		{"0117", "6401", 63 + 0}, // 63 columns climb 31 rows on the way
	} {
		a, b := MustParse(tc.a), MustParse(tc.b)
		if got := Distance(a, b); got != tc.want {
			t.Errorf("Distance(%s, %s) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
		if got := Distance(b, a); got != tc.want {
			t.Errorf("Distance(%s, %s) = %d, want %d", tc.b, tc.a, got, tc.want)
		}
	}
}

// Ensure Distance equals the breadth-first step count over Neighbors.
func TestDistanceMatchesSteps(t *testing.T) {
	start := MustParse("1010")
	dist := map[Hex]int{start: 0}
	queue := []Hex{start}
	for len(queue) > 0 {
		h := queue[0]
		queue = queue[1:]
		if dist[h] == 9 {
			continue
		}
		for _, n := range h.Neighbors() {
			if _, seen := dist[n]; !seen {
				dist[n] = dist[h] + 1
				queue = append(queue, n)
			}
		}
	}
	for h, d := range dist {
		if got := Distance(start, h); got != d {
			t.Errorf("Distance(%s, %s) = %d, breadth-first %d", start, h, got, d)
		}
	}
	if got, want := len(dist), 1+3*9*10; got != want {
		t.Errorf("hexes within 9 = %d, want %d", got, want)
	}
}

// Ensure cube conversion round-trips, negative columns included.
func TestCubeRoundTrip(t *testing.T) {
	for x := -5; x < 40; x++ {
		for y := -5; y < 40; y++ {
			h := Hex{x, y}
			c := h.Cube()
			if c.Q+c.R+c.S != 0 {
				t.Fatalf("%v.Cube() = %v: not on the Q+R+S=0 plane", h, c)
			}
			if back := c.Hex(); back != h {
				t.Fatalf("%v -> %v -> %v", h, c, back)
			}
		}
	}
}

func TestRing(t *testing.T) {
	c := MustParse("1010")
	if got := Ring(c, 0); !slices.Equal(got, []Hex{c}) {
		t.Errorf("Ring 0 = %v", got)
	}
	// Ring 1 starts north and runs clockwise: the same order as Neighbors.
	n := c.Neighbors()
	if got := Ring(c, 1); !slices.Equal(got, n[:]) {
		t.Errorf("Ring 1 = %v, want %v", got, n)
	}
	for r := 1; r <= 6; r++ {
		ring := Ring(c, r)
		if len(ring) != 6*r {
			t.Errorf("Ring %d has %d hexes, want %d", r, len(ring), 6*r)
		}
		seen := map[Hex]bool{}
		for i, h := range ring {
			if Distance(c, h) != r {
				t.Errorf("Ring %d holds %s at distance %d", r, h, Distance(c, h))
			}
			if seen[h] {
				t.Errorf("Ring %d repeats %s", r, h)
			}
			seen[h] = true
			if next := ring[(i+1)%len(ring)]; Distance(h, next) != 1 {
				t.Errorf("Ring %d: %s and %s are not adjacent", r, h, next)
			}
		}
		if ring[0] != c.Cube().Add(N.Cube().Scale(r)).Hex() {
			t.Errorf("Ring %d starts at %s, want due north", r, ring[0])
		}
	}
	if got := len(Within(c, 3)); got != 37 {
		t.Errorf("Within 3 = %d hexes, want 37", got)
	}
	if Ring(c, -1) != nil || Within(c, -1) != nil {
		t.Error("negative radius returned hexes")
	}
}

// Ensure lines match hand-traced lines on a mapsheet, with both
// candidates where the line runs along a hexside (ruling R3).
func TestLine(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		// hexes in order; "xxyy/xxyy" marks a hexside tie.
		want []string
	}{
		{"0101", "0101", []string{"0101"}},
		{"1311", "1315", []string{"1311", "1312", "1313", "1314", "1315"}},
		{"0408", "0404", []string{"0408", "0407", "0406", "0405", "0404"}},
		// Traced on pixel centres: the line crosses the 0202/0302 hexside
		// at its midpoint, so it passes through both.
		{"0101", "0403", []string{"0101", "0201", "0202", "0302", "0303", "0403"}},
		// A straight north-east run: no ties.
		{"0505", "0704", []string{"0505", "0604", "0704"}},
		// Along the row between two lower hexes: a hexside between 0201 and 0202.
		{"0102", "0302", []string{"0102", "0201/0202", "0302"}},
		{"0102", "0502", []string{"0102", "0201/0202", "0302", "0401/0402", "0502"}},
		// The steep long diagonal runs along the 0504/0604 hexside.
		{"0505", "0603", []string{"0505", "0504/0604", "0603"}},
		// Sighting example, 000 line 790: 0404 to 0303 runs along the
		// 0304/0403 hexside (the book's one light woods hex lies there).
		{"0404", "0303", []string{"0404", "0304/0403", "0303"}},
	} {
		a, b := MustParse(tc.a), MustParse(tc.b)
		line := Line(a, b)
		var got []string
		for _, l := range line {
			if l.Tie() {
				got = append(got, l.Hex.String()+"/"+l.Alt.String())
			} else {
				got = append(got, l.Hex.String())
			}
		}
		if !slices.Equal(normTies(got), normTies(tc.want)) {
			t.Errorf("Line(%s, %s) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
}

// normTies orders the two names of a tie so tables need not care which
// candidate comes first.
func normTies(s []string) []string {
	out := make([]string, len(s))
	for i, v := range s {
		if len(v) == 9 && v[4] == '/' && v[5:] < v[:4] {
			v = v[5:] + "/" + v[:4]
		}
		out[i] = v
	}
	return out
}

// Ensure every line is a chain of adjacent hexes from a to b, the same
// both ways, that every hex on it really meets the segment, and that it
// holds every hex a fine sampling of the segment finds, for random pairs
// (seed printed).
func TestLineProperties(t *testing.T) {
	seed := uint64(20261122)
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, seed))
	buf := make([]LineHex, 0, 100)
	ties := 0
	for range 3000 {
		a := Hex{rng.IntN(64), rng.IntN(34)}
		b := Hex{rng.IntN(64), rng.IntN(34)}
		line := AppendLine(buf[:0], a, b)
		if len(line) < Distance(a, b)+1 {
			t.Fatalf("Line(%s, %s) has %d hexes, want at least %d", a, b, len(line), Distance(a, b)+1)
		}
		checkAgainstSampling(t, a, b, line)
		if line[0].Hex != a || line[len(line)-1].Hex != b || line[0].Tie() || line[len(line)-1].Tie() {
			t.Fatalf("Line(%s, %s) = %v: ends wrong", a, b, line)
		}
		for i := 1; i < len(line); i++ {
			for _, p := range []Hex{line[i-1].Hex, line[i-1].Alt} {
				for _, q := range []Hex{line[i].Hex, line[i].Alt} {
					if Distance(p, q) != 1 {
						t.Fatalf("Line(%s, %s) = %v: %s and %s not adjacent", a, b, line, p, q)
					}
				}
			}
			if line[i].Tie() {
				ties++
				if Distance(line[i].Hex, line[i].Alt) != 1 {
					t.Fatalf("Line(%s, %s): tie candidates %s and %s not adjacent", a, b, line[i].Hex, line[i].Alt)
				}
			}
		}
		back := Line(b, a)
		for i := range line {
			j := len(line) - 1 - i
			x := [2]Hex{line[i].Hex, line[i].Alt}
			y := [2]Hex{back[j].Hex, back[j].Alt}
			if !(x == y || x == [2]Hex{y[1], y[0]}) {
				t.Fatalf("Line(%s, %s)[%d] = %v but reverse has %v", a, b, i, x, y)
			}
		}
	}
	if ties == 0 {
		t.Error("no hexside ties in 3000 random lines")
	}
}

// BenchmarkLine measures the lines LOS queries draw: 256 fixed random
// pairs on a 32×34 sector map (mean length about 17 hexes).
func BenchmarkLine(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	var pairs [256][2]Hex
	for i := range pairs {
		pairs[i] = [2]Hex{{rng.IntN(32), rng.IntN(34)}, {rng.IntN(32), rng.IntN(34)}}
	}
	buf := make([]LineHex, 0, 128)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		p := pairs[i&255]
		buf = AppendLine(buf[:0], p[0], p[1])
		i++
	}
}

// BenchmarkLineDiagonal is the worst case on a 32×34 map: corner to corner.
func BenchmarkLineDiagonal(b *testing.B) {
	a, c := MustParse("0101"), MustParse("3234")
	buf := make([]LineHex, 0, 128)
	b.ReportAllocs()
	for b.Loop() {
		buf = AppendLine(buf[:0], a, c)
	}
}

func BenchmarkDistance(b *testing.B) {
	a, c := MustParse("0101"), MustParse("3234")
	n := 0
	for b.Loop() {
		n += Distance(a, c)
	}
	_ = n
}

// checkAgainstSampling samples the segment at many points in the plane
// and checks that each point's hex is on the line (as Hex or Alt), and
// that each hex on the line holds some sample or lies within a hair of
// the segment (ties, midpoint crossings).
func checkAgainstSampling(t *testing.T, a, b Hex, line []LineHex) {
	t.Helper()
	on := map[Hex]bool{}
	for _, l := range line {
		on[l.Hex], on[l.Alt] = true, true
	}
	ca, cb := a.Cube(), b.Cube()
	const k = 211 // samples per hex of distance; prime, so they avoid corners
	n := Distance(a, b) * k
	if n == 0 {
		return
	}
	for i := 0; i <= n; i++ {
		f := float64(i) / float64(n)
		q := float64(ca.Q) + float64(cb.Q-ca.Q)*f
		r := float64(ca.R) + float64(cb.R-ca.R)*f
		h := roundCubeF(q, r, -q-r).Hex()
		if !on[h] {
			t.Fatalf("Line(%s, %s) = %v misses %s at t=%.4f", a, b, line, h, f)
		}
	}
}

func roundCubeF(q, r, s float64) Cube {
	rq, rr, rs := math.Round(q), math.Round(r), math.Round(s)
	dq, dr, ds := math.Abs(rq-q), math.Abs(rr-r), math.Abs(rs-s)
	switch {
	case dq > dr && dq > ds:
		rq = -rr - rs
	case dr > ds:
		rr = -rq - rs
	default:
		rs = -rq - rr
	}
	return Cube{int(rq), int(rr), int(rs)}
}
