package mapgen

import (
	"strings"
	"testing"

	"bfbot/mapgen/hex"
)

func h(s string) hex.Hex { return hex.MustParse(s) }

// Ensure Check reports each kind of broken map, and nothing on a good one.
func TestMapCheck(t *testing.T) {
	t.Run("OK", func(t *testing.T) {
		m := New(SheetWidth, SheetHeight)
		// A road from 0101 south to 0102, leaving the map north of 0101.
		m.Set(h("0101"), Cell{Road: true, RoadExits: 1<<hex.N | 1<<hex.S})
		m.Set(h("0102"), Cell{Road: true, RoadExits: 1 << hex.N})
		if errs := m.Check(); len(errs) != 0 {
			t.Errorf("Check = %v", errs)
		}
	})
	for _, tc := range []struct {
		name string
		set  func(m *Map)
		want string
	}{
		{"ErrElevation", func(m *Map) { m.Cell(h("0305")).Elevation = 3 }, "hex 0305: elevation 3 is outside 0–2"},
		{"ErrTerrain", func(m *Map) { m.Cell(h("0305")).Terrain = 99 }, "hex 0305: unknown terrain 99"},
		{"ErrExitsWithoutRoad", func(m *Map) { m.Cell(h("0305")).RoadExits = 1 }, "hex 0305: road exits on a hex without a road"},
		{"ErrDeadEndExit", func(m *Map) { m.Set(h("0305"), Cell{Road: true, RoadExits: 1 << hex.SE}) }, "hex 0305: road exit SE leads to 0405, which has no road"},
		{"ErrSize", func(m *Map) { m.Cells = m.Cells[:10] }, "map is 32×17 but holds 10 cells"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := New(SheetWidth, SheetHeight)
			tc.set(m)
			errs := m.Check()
			if len(errs) != 1 || errs[0].Error() != tc.want {
				t.Errorf("Check = %v, want [%s]", errs, tc.want)
			}
		})
	}
}

// Ensure roads connect only where both hexes have exits toward each other
// or are pavement.
func TestRoadConnects(t *testing.T) {
	m := New(8, 8)
	m.Set(h("0303"), Cell{Road: true, RoadExits: 1<<hex.SE | 1<<hex.N})
	m.Set(h("0403"), Cell{Road: true, RoadExits: 1 << hex.NW}) // even column: SE of 0303 is 0403
	m.Set(h("0302"), Cell{Road: true})                         // pavement north of 0303
	m.Set(h("0304"), Cell{Road: true})                         // pavement south, but 0303 has no S exit
	for _, tc := range []struct {
		from string
		d    hex.Direction
		want bool
	}{
		{"0303", hex.SE, true},
		{"0403", hex.NW, true},
		{"0303", hex.N, true},  // exit into pavement
		{"0302", hex.S, true},  // pavement back along the exit
		{"0303", hex.S, false}, // no exit south
		{"0304", hex.N, false},
		{"0303", hex.NE, false}, // no road there
		{"0101", hex.N, false},  // off the map
	} {
		if got := m.RoadConnects(h(tc.from), tc.d); got != tc.want {
			t.Errorf("RoadConnects(%s, %v) = %v, want %v", tc.from, tc.d, got, tc.want)
		}
	}
}

// Ensure two sheets join into 64×17 or 32×34 sector maps with each
// sheet's hexes where ruling R2 puts them.
func TestJoin(t *testing.T) {
	a, b := New(SheetWidth, SheetHeight), New(SheetWidth, SheetHeight)
	a.Set(h("3217"), Cell{Terrain: HeavyWoods})
	b.Set(h("0101"), Cell{Terrain: Water2})
	b.Set(h("0217"), Cell{Terrain: Rough, Elevation: 2})
	t.Run("Wide", func(t *testing.T) {
		m, err := Join(a, b, Wide)
		if err != nil {
			t.Fatal(err)
		}
		if m.Width != 64 || m.Height != 17 {
			t.Fatalf("size %d×%d", m.Width, m.Height)
		}
		if m.At(h("3217")).Terrain != HeavyWoods || m.At(h("3301")).Terrain != Water2 || m.At(h("3417")).Elevation != 2 {
			t.Error("cells not where expected")
		}
	})
	t.Run("Tall", func(t *testing.T) {
		m, err := Join(a, b, Tall)
		if err != nil {
			t.Fatal(err)
		}
		if m.Width != 32 || m.Height != 34 {
			t.Fatalf("size %d×%d", m.Width, m.Height)
		}
		if m.At(h("3217")).Terrain != HeavyWoods || m.At(h("0118")).Terrain != Water2 || m.At(h("0234")).Elevation != 2 {
			t.Error("cells not where expected")
		}
	})
	t.Run("ErrSheetSize", func(t *testing.T) {
		_, err := Join(New(16, 17), b, Wide)
		if err == nil || !strings.Contains(err.Error(), "got 16×17") {
			t.Errorf("Join(16×17) error = %v", err)
		}
	})
}

func TestMapBasics(t *testing.T) {
	m := New(4, 3)
	if len(m.Hexes()) != 12 || m.Hexes()[5] != (hex.Hex{X: 1, Y: 1}) {
		t.Errorf("Hexes = %v", m.Hexes())
	}
	if got := len(m.Neighbors(h("0101"))); got != 2 { // N, NW, SW, NE off the map
		t.Errorf("corner 0101 has %d neighbours on the map, want 2", got)
	}
	if got := len(m.Neighbors(h("0202"))); got != 6 {
		t.Errorf("0202 has %d neighbours, want 6", got)
	}
	if m.Cell(h("0504")) != nil || m.At(h("0504")) != (Cell{}) {
		t.Error("off-map hex returned a cell")
	}
	c := m.Clone()
	c.Cell(h("0101")).Terrain = Rubble
	if m.At(h("0101")).Terrain != Open {
		t.Error("Clone shares cells")
	}
}
