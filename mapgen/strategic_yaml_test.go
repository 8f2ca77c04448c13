package mapgen

import (
	"errors"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// fzReadStrategicFile reads a strategic map file from testdata.
func fzReadStrategicFile(t *testing.T, name string) *Strategic {
	t.Helper()
	data, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	s, err := ReadStrategic(data)
	if err != nil {
		t.Fatalf("ReadStrategic(%s): %v", name, err)
	}
	return s
}

// fzRoundTrip writes s and reads it back, failing unless the same map
// comes back.
func fzRoundTrip(t *testing.T, s *Strategic) {
	t.Helper()
	data, err := WriteStrategic(s)
	if err != nil {
		t.Fatalf("WriteStrategic: %v", err)
	}
	back, err := ReadStrategic(data)
	if err != nil {
		t.Fatalf("ReadStrategic of the written map: %v\n%s", err, data)
	}
	if !reflect.DeepEqual(back, s) {
		t.Fatalf("round trip changed the map:\n got %+v\nwant %+v\n%s", back, s, data)
	}
}

// Ensure the shipped example reads as written: numbering over the sectors
// given, a hole, seeds own or derived, objective VP given or by kind.
func TestReadStrategicExample(t *testing.T) {
	s := fzReadStrategicFile(t, "strategic_example.yaml")
	if s.Name != "Harlech Valley" || s.Cols != 4 || s.Rows != 3 || len(s.Sectors) != 11 {
		t.Fatalf("map %q %d×%d with %d sectors, want Harlech Valley 4×3 with 11", s.Name, s.Cols, s.Rows, len(s.Sectors))
	}
	t.Run("Numbering", func(t *testing.T) {
		for _, tc := range []struct {
			id       int
			name     string
			col, row int
		}{{1, "Kessel Flats", 0, 0}, {3, "Port Arthur", 2, 0}, {4, "Harlech Hills", 0, 1}, {7, "Dustbowl", 3, 1}, {11, "New Avalon", 3, 2}} {
			sec := s.ByID(tc.id)
			if sec == nil || sec.Name != tc.name || sec.Col != tc.col || sec.Row != tc.row {
				t.Errorf("sector %d = %+v, want %s at %d,%d", tc.id, sec, tc.name, tc.col, tc.row)
			}
		}
	})
	t.Run("Hole", func(t *testing.T) {
		if got := s.At(3, 0); got != nil {
			t.Errorf("At(3,0) = %+v, want the hole", got)
		}
		if got := s.At(3, 1); got == nil || got.ID != 7 {
			t.Errorf("At(3,1) = %+v, want sector 7", got)
		}
		// Dustbowl (7): north is the hole, east off the grid.
		if got := s.Neighbors(7); !slices.Equal(got, []int{11, 6}) {
			t.Errorf("Neighbors(7) = %v, want [11 6]", got)
		}
		if !s.Adjacent(3, 6) || s.Adjacent(3, 7) || s.Adjacent(3, 4) {
			t.Errorf("adjacency of 3: with 6 %v (want true), 7 %v (corner), 4 %v (row wrap)", s.Adjacent(3, 6), s.Adjacent(3, 7), s.Adjacent(3, 4))
		}
	})
	t.Run("Sectors", func(t *testing.T) {
		if got, want := s.ByID(1).Seed, sectorSeed(42, 1); got != want {
			t.Errorf("sector 1 seed %d, want %d derived from the map seed", got, want)
		}
		if got := s.ByID(3).Seed; got != 7 {
			t.Errorf("sector 3 seed %d, want its own 7", got)
		}
		if s.ByID(2).Orientation != Tall || s.ByID(1).Orientation != Wide || s.ByID(2).Theme != Woods {
			t.Errorf("sector 2 %+v / 1 %+v: orientation or theme wrong", s.ByID(2), s.ByID(1))
		}
		want := []Objective{{City, "Port Arthur", 120}, {Spaceport, "Arthur Spaceport", DefaultObjectiveVP(Spaceport)}}
		if got := s.ByID(3).Objectives; !reflect.DeepEqual(got, want) {
			t.Errorf("sector 3 objectives %+v, want %+v", got, want)
		}
		if got := s.ByID(1).Objectives; got != nil {
			t.Errorf("sector 1 objectives %+v, want none", got)
		}
	})
	t.Run("RoundTrip", func(t *testing.T) { fzRoundTrip(t, s) })
}

// Ensure a generated map of every size writes and reads back unchanged.
func TestWriteStrategicGenerated(t *testing.T) {
	for _, size := range [][2]int{{1, 1}, {2, 1}, {4, 3}, {3, 5}, {8, 8}} {
		for seed := uint64(1); seed <= 5; seed++ {
			s, err := GenerateStrategic(seed, size[0], size[1])
			if err != nil {
				t.Fatal(err)
			}
			fzRoundTrip(t, s)
		}
	}
}

// Ensure WriteStrategic refuses a map that could not be read back.
func TestWriteStrategicRefuses(t *testing.T) {
	good := func() *Strategic { s, _ := GenerateStrategic(3, 3, 2); return s }
	for _, tc := range []struct {
		name   string
		break_ func(*Strategic)
		want   string
	}{
		{"Nil", nil, "nothing to write"},
		{"DuplicateName", func(s *Strategic) { s.Sectors[1].Name = s.Sectors[0].Name }, "its own name"},
		{"BadTheme", func(s *Strategic) { s.Sectors[0].Theme = numThemes }, "theme 6 does not exist"},
		{"Island", func(s *Strategic) { s.Cols = 2; s.Sectors = []Sector{s.Sectors[0], s.Sectors[4]}; s.Sectors[1].ID = 2 }, "shares no edge"},
		{"TooBig", func(s *Strategic) { s.Cols = 9 }, "use 1 to 8"},
		{"NegativeVP", func(s *Strategic) { s.Sectors[0].Objectives = []Objective{{City, "X", -1}} }, "use 0 to"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var s *Strategic
			if tc.break_ != nil {
				s = good()
				tc.break_(s)
			}
			_, err := WriteStrategic(s)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("WriteStrategic = %v, want an error with %q", err, tc.want)
			}
		})
	}
}

// Ensure every mistake names its line and field and says what to do.
func TestReadStrategicErrors(t *testing.T) {
	const head = "cols: 2\nrows: 1\nsectors:\n"
	for _, tc := range []struct {
		name, doc, want string
	}{
		{"Empty", "", "strategic map: the file is empty"},
		{"NotYAML", "cols: [1\n", "strategic map: line 1: not YAML: did not find expected ',' or ']'"},
		{"TwoDocs", head + "  - {col: 1, row: 1, name: A, theme: plains}\n---\nx: 1\n", "second YAML document"},
		{"NotMapping", "- 1\n", "strategic map: line 1: want a mapping"},
		{"UnknownTop", "colz: 2\n", "strategic map: line 1: colz: unknown field: use name, seed, cols, rows, sectors"},
		{"NoCols", "rows: 1\nsectors: []\n", "line 1: no cols"},
		{"ColsWord", "cols: four\n", "line 1: cols: want a whole number from 1 to 8, found \"four\""},
		{"TooWide", "cols: 9\nrows: 1\nsectors: 7\n", "line 1: cols: 9 is out of range: use 1 to 8"},
		{"TooTall", "cols: 1\nrows: 12\nsectors: [1, 2]\n", "line 2: rows: 12 is out of range: use 1 to 8"},
		{"NoSectors", "cols: 1\nrows: 1\n", "no sectors"},
		{"SectorsNotList", "cols: 1\nrows: 1\nsectors: {a: 1}\n", "line 3: sectors: want a list"},
		{"SectorsEmpty", "cols: 1\nrows: 1\nsectors: []\n", "line 3: sectors: the list is empty"},
		{"TooMany", "cols: 1\nrows: 1\nsectors: [1, 2]\n", "line 3: sectors: 2 sectors do not fit a 1×1 grid"},
		{"NoTheme", head + "  - {col: 1, row: 1, name: A}\n", "line 4: sectors[0]: no theme"},
		{"BadTheme", head + "  - {col: 1, row: 1, name: A, theme: jungle}\n", `line 4: sectors[0].theme: "jungle" is not a theme: use one of plains, woods`},
		{"ColOutside", head + "  - {col: 3, row: 1, name: A, theme: plains}\n", "line 4: sectors[0].col: 3 is out of range: use 1 to 2"},
		{"ColZero", head + "  - {col: 0, row: 1, name: A, theme: plains}\n", "sectors[0].col: 0 is out of range: use 1 to 2"},
		{"SamePlace", head + "  - {col: 1, row: 1, name: A, theme: plains}\n  - {col: 1, row: 1, name: B, theme: plains}\n",
			"line 5: sectors[1]: col 1 row 1 is already sectors[0] (line 4)"},
		{"EmptyColumn", head + "  - {col: 1, row: 1, name: A, theme: plains}\n", "line 4: sectors: column 2 holds no sector: shrink the grid (cols) or put a sector there"},
		{"Island", "cols: 3\nrows: 2\nsectors:\n  - {col: 1, row: 1, name: A, theme: plains}\n  - {col: 2, row: 2, name: B, theme: plains}\n  - {col: 3, row: 1, name: C, theme: plains}\n",
			`line 6: sectors[2]: "C" (col 3 row 1) shares no edge`},
		{"DupName", head + "  - {col: 1, row: 1, name: A, theme: plains}\n  - {col: 2, row: 1, name: a, theme: woods}\n",
			"line 5: sectors[1]: the name \"a\" is sector 1's too"},
		{"BadOrientation", head + "  - {col: 1, row: 1, name: A, theme: plains, orientation: sideways}\n", `sectors[0].orientation: "sideways": use wide`},
		{"BadSeed", head + "  - {col: 1, row: 1, name: A, theme: plains, seed: -1}\n", `line 4: sectors[0].seed: want a seed`},
		{"BigSeed", "seed: 18446744073709551616\n" + head, `line 1: seed: want a seed`},
		{"LongName", head + "  - {col: 1, row: 1, name: " + strings.Repeat("x", 61) + ", theme: plains}\n", "sectors[0].name: \"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…\" has 61 characters; a sector name has at most 60; shorten it"},
		{"TabName", head + "  - {col: 1, row: 1, name: \"A\\tB\", theme: plains}\n", `line 4: sectors[0].name: "A\tB" has a tab (U+0009) at position 2; use a space`},
		// Names pass the one check of names (usertext).
		{"ZeroWidthName", head + "  - {col: 1, row: 1, name: \"Ki\\u200Bnross\", theme: plains}\n", `line 4: sectors[0].name: "Ki\u200bnross" has a zero-width character (U+200B) at position 3; remove it`},
		{"BidiMapName", "name: \"\\u2067Tharkad\"\n" + head, `line 1: name: "\u2067Tharkad" has a bidirectional-text control (U+2067) at position 1; remove it`},
		{"ObjLineBreak", head + "  - {col: 1, row: 1, name: A, theme: plains, objectives: [{kind: city, name: \"X\\nY\"}]}\n", `sectors[0].objectives[0].name: "X\nY" has a line break (U+000A) at position 2; write it on one line`},
		{"EmptyName", head + "  - {col: 1, row: 1, name: \"\", theme: plains}\n", "sectors[0].name: is empty"},
		{"ObjKind", head + "  - {col: 1, row: 1, name: A, theme: plains, objectives: [{kind: castle, name: X}]}\n",
			`line 4: sectors[0].objectives[0].kind: "castle" is not an objective kind: use one of city, spaceport, installation`},
		{"ObjNoName", head + "  - {col: 1, row: 1, name: A, theme: plains, objectives: [{kind: city}]}\n", "sectors[0].objectives[0]: no name"},
		{"ObjVP", head + "  - {col: 1, row: 1, name: A, theme: plains, objectives: [{kind: city, name: X, vp: 20000}]}\n",
			"sectors[0].objectives[0].vp: 20000 is out of range: use 100 to 250"},
		{"ObjectivesNotList", head + "  - {col: 1, row: 1, name: A, theme: plains, objectives: city}\n", "sectors[0].objectives: want a list"},
		{"Twice", "cols: 1\ncols: 1\n", "line 2: cols: given twice (first at line 1)"},
		{"Alias", "cols: &c 1\nrows: *c\n", "line 1: cols: anchors (&name) are not supported"},
		{"Merge", "<<: {cols: 1}\n", "merge keys"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := ReadStrategic([]byte(tc.doc))
			if err == nil {
				t.Fatalf("ReadStrategic = %+v, want an error with %q", s, tc.want)
			}
			var fe *StrategicFileError
			if !errors.As(err, &fe) || !errors.Is(err, ErrStrategicFile) {
				t.Fatalf("error %v (%T) is not a StrategicFileError", err, err)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %q, want it to hold %q", err, tc.want)
			}
		})
	}
}

// Ensure size limits are enforced before any parsing: a file over 1 MB is
// refused as it is, and a grid over 8×8 before its sectors are looked at.
func TestReadStrategicLimits(t *testing.T) {
	t.Run("FileSize", func(t *testing.T) {
		data := []byte("cols: 1\nrows: 1\nsectors:\n  - {col: 1, row: 1, name: A, theme: plains}\n# " + strings.Repeat("x", MaxStrategicFileBytes))
		_, err := ReadStrategic(data)
		if err == nil || !strings.Contains(err.Error(), "over the 1048576-byte limit") {
			t.Fatalf("ReadStrategic of %d bytes = %v, want the size limit", len(data), err)
		}
	})
	t.Run("Grid", func(t *testing.T) {
		// The sectors list is nonsense; the grid is refused first.
		_, err := ReadStrategic([]byte("cols: 8\nrows: 9\nsectors: nonsense\n"))
		if err == nil || !strings.Contains(err.Error(), "rows: 9 is out of range: use 1 to 8") {
			t.Fatalf("ReadStrategic of a 8×9 grid = %v, want the grid limit", err)
		}
	})
	t.Run("Largest", func(t *testing.T) {
		s, err := GenerateStrategic(11, 8, 8)
		if err != nil {
			t.Fatal(err)
		}
		data, err := WriteStrategic(s)
		if err != nil {
			t.Fatal(err)
		}
		if len(data) > MaxStrategicFileBytes/8 {
			t.Errorf("an 8×8 map writes %d bytes: the limit leaves too little room", len(data))
		}
	})
}

// Ensure a sector of a read map makes its tactical map like a generated one.
func TestReadStrategicSectorMap(t *testing.T) {
	s := fzReadStrategicFile(t, "strategic_example.yaml")
	m, err := s.ByID(2).Map()
	if err != nil {
		t.Fatal(err)
	}
	if m.Name != "Greenwood" || m.Width != SheetWidth || m.Height != 2*SheetHeight {
		t.Errorf("sector 2 map %q %d×%d, want Greenwood, tall 32×34", m.Name, m.Width, m.Height)
	}
}

// Ensure a nil map (a damaged campaign JSON) answers instead of panicking.
func TestStrategicNil(t *testing.T) {
	var s *Strategic
	if s.Check() == nil || s.ByID(1) != nil || s.At(0, 0) != nil || s.Adjacent(1, 2) || s.Neighbors(1) != nil {
		t.Error("a nil strategic map passed Check or found a sector")
	}
}

// Ensure Check, the guard of maps read back from elsewhere (a campaign's
// JSON, an import), refuses the names the file reader refuses, and names
// with spaces around them.
func TestStrategicCheckNames(t *testing.T) {
	for _, tc := range []struct {
		name string
		edit func(s *Strategic)
		want string
	}{
		{"SectorBidi", func(s *Strategic) { s.Sectors[0].Name = "a\u202Eb" }, `sector 1: name: "a\u202eb" has a bidirectional-text control (U+202E) at position 2; remove it`},
		{"SectorSpaces", func(s *Strategic) { s.Sectors[0].Name = " A" }, `" A" starts or ends with spaces`},
		{"MapZeroWidth", func(s *Strategic) { s.Name = "\uFEFFM" }, `map name: "\ufeffM" has a zero-width character (U+FEFF) at position 1; remove it`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := GenerateStrategic(1, 2, 2)
			if err != nil {
				t.Fatal(err)
			}
			tc.edit(s)
			if err := s.Check(); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Check() = %v, want it to hold %s", err, tc.want)
			}
		})
	}
}
