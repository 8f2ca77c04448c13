package mapgen

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"bfbot/mapgen/hex"
)

// readBoardFile reads a testdata board, failing the test on an error.
func readBoardFile(t *testing.T, name string) (*Map, []BoardWarning) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	m, ws, err := ReadBoard(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("ReadBoard(%s): %v", name, err)
	}
	return m, ws
}

// boardCell is a compact expected cell for table tests.
type boardCell struct {
	hex   string
	t     Terrain
	elev  int
	road  bool
	exits uint8
}

// boardWant is an expected warning: its line, hex ("" for none) and a
// fragment of its message.
type boardWant struct {
	line int
	hex  string
	frag string
}

func checkBoardWarnings(t *testing.T, got []BoardWarning, want []boardWant) {
	t.Helper()
	for i := range max(len(got), len(want)) {
		switch {
		case i >= len(got):
			t.Errorf("missing warning %d: line %d hex %s %q", i, want[i].line, want[i].hex, want[i].frag)
			continue
		case i >= len(want):
			t.Errorf("unexpected warning %d: %s", i, got[i])
			continue
		}
		g, w := got[i], want[i]
		wh := boardNoHex
		if w.hex != "" {
			wh = hex.MustParse(w.hex)
		}
		if g.Line != w.line || g.Hex != wh || !strings.Contains(g.Msg, w.frag) {
			t.Errorf("warning %d = %s, want line %d hex %s containing %q", i, g, w.line, w.hex, w.frag)
		}
	}
}

// The sample board holds every BattleForce terrain, the book's conversions
// (level 3 → 2, water 0 → 1: 000 lines 121–123) and the rulings B-MM1 to
// B-MM12 on what MegaMek has beyond BattleForce.
var sampleCells = []boardCell{
	{"0101", Open, 0, false, 0},
	{"0201", Rough, 1, false, 0},
	{"0301", LightWoods, 2, false, 0},
	{"0401", HeavyWoods, 2, false, 0}, // level 3 → 2 (B-MM1), no warning
	{"0501", Water1, 0, false, 0},     // water:0 → level 1 (B-MM3), no warning
	{"0601", Water1, 0, false, 0},
	{"0701", Water2, 0, false, 0},
	{"0801", Water2, 0, false, 0}, // water:4, warned
	{"0102", LightBuilding, 0, false, 0},
	{"0202", MediumBuilding, 0, false, 0},
	{"0302", HeavyBuilding, 0, false, 0},
	{"0402", HardenedBuilding, 0, false, 0}, // hangar class: silent
	{"0502", Rubble, 0, false, 0},
	{"0602", Rubble, 0, false, 0},                    // ultra rubble, warned
	{"0702", HeavyWoods, 1, false, 0},                // ultra-heavy woods, warned
	{"0802", LightWoods, 0, false, 0},                // jungle, warned
	{"0103", Open, 0, true, 1<<hex.SE | 1<<hex.SW},   // SW exit leaves the board: kept
	{"0203", Open, 0, true, 1<<hex.NW | 1<<hex.NE},   // implicit exits
	{"0303", Water2, 0, true, 1<<hex.SW | 1<<hex.SE}, // bridge: road on water
	{"0403", Open, 0, true, 1<<hex.NW | 1<<hex.NE},   // N into a building: dropped
	{"0503", Open, 0, true, 0},                       // pavement
	{"0603", LightWoods, 0, true, 1 << hex.NW},       // implicit exit into pavement
	{"0703", Rough, 0, false, 0},                     // ultra rough; mud ignored
	{"0803", Rough, 0, false, 0},                     // fortified ignored
	{"0104", MediumBuilding, 0, false, 0},            // building beats woods
	{"0204", Water1, 0, false, 0},                    // water beats woods
	{"0304", LightWoods, 0, false, 0},                // snow ignored
	{"0404", HardenedBuilding, 0, false, 0},          // wall
	{"0504", Open, 0, false, 0},                      // elevation -1; unknown terrain
	{"0604", Open, 2, false, 0},                      // elevation 5; magma
	{"0704", Water1, 0, false, 0},                    // swamp (B-MM6)
	{"0804", HardenedBuilding, 1, false, 0},          // fortress class
}

var sampleWarnings = []boardWant{
	{17, "0801", "water:4 is deeper"},
	{25, "0602", "rubble:6 (ultra rubble) taken as rubble"},
	{26, "0702", "woods:3 (ultra-heavy) taken as heavy-woods"},
	{27, "0802", "jungle:1 taken as light-woods"},
	{34, "0403", "road exit N leads to 0402, which has no road: dropped"},
	{37, "0703", "rough:2 (ultra rough) taken as rough"},
	{37, "0703", "mud:1 has no BattleForce equivalent"},
	{38, "0803", "fortified:1 has no BattleForce equivalent"},
	{41, "0104", "woods:1 dropped: medium-building takes the hex"},
	{42, "0204", "woods:2 dropped: water-1 takes the hex"},
	{43, "0304", "snow:1 has no BattleForce equivalent"},
	{44, "0404", "building:5 (wall) taken as hardened-building"},
	{45, "0504", "elevation -1 is below ground level: taken as 0"},
	{45, "0504", "zorch:1 is not a MegaMek terrain"},
	{45, "0504", "none:2 is MegaMek's empty terrain and sets nothing: ignored"},
	{46, "0604", "elevation 5 is above level 2"},
	{46, "0604", "magma:1 has no BattleForce equivalent"},
	{47, "0704", "swamp:1 taken as water-1"},
	{48, "0804", "bldg_class:2 (fortress): building:2 taken as hardened-building"},
}

func checkSample(t *testing.T, m *Map, ws []BoardWarning) {
	t.Helper()
	if m.Width != 8 || m.Height != 4 || m.Name != "Sample board" {
		t.Fatalf("map %q %d×%d, want \"Sample board\" 8×4", m.Name, m.Width, m.Height)
	}
	if len(sampleCells) != m.Width*m.Height {
		t.Fatalf("table has %d cells", len(sampleCells))
	}
	for i, w := range sampleCells {
		h := hex.MustParse(w.hex)
		if h != m.Hexes()[i] {
			t.Fatalf("table row %d is %s, want %s", i, w.hex, m.Hexes()[i])
		}
		want := Cell{Terrain: w.t, Elevation: w.elev, Road: w.road, RoadExits: w.exits}
		if got := m.At(h); got != want {
			t.Errorf("%s = %+v, want %+v", w.hex, got, want)
		}
	}
	checkBoardWarnings(t, ws, sampleWarnings)
	if errs := m.Check(); len(errs) > 0 {
		t.Errorf("Check: %v", errs)
	}
}

// Ensure every terrain of the sample board converts as the rulings say,
// with exactly the expected warnings.
func TestReadBoardSample(t *testing.T) {
	m, ws := readBoardFile(t, "sample.board")
	checkSample(t, m, ws)
}

// Ensure CRLF (as MegaMek writes), lone CR and a byte-order mark read the
// same as plain newlines.
func TestReadBoardLineEndings(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("testdata", "sample.board"))
	if err != nil {
		t.Fatal(err)
	}
	for name, in := range map[string]string{
		"CRLF": strings.ReplaceAll(string(b), "\n", "\r\n"),
		"CR":   strings.ReplaceAll(string(b), "\n", "\r"),
		"BOM":  "\ufeff" + string(b),
	} {
		t.Run(name, func(t *testing.T) {
			m, ws, err := ReadBoard(strings.NewReader(in))
			if err != nil {
				t.Fatal(err)
			}
			checkSample(t, m, ws)
		})
	}
}

// Ensure a 16×17 board in the style MegaMek saves (CRLF, tags, themes,
// tile fluff, roads and a bridge left to find their own exits) reads
// without warnings at its own size: no resizing to a 32×17 mapsheet
// (rulings B-MM2, B-MM8).
func TestReadBoardStandard(t *testing.T) {
	m, ws := readBoardFile(t, "standard.board")
	if m.Width != 16 || m.Height != 17 {
		t.Fatalf("size %d×%d, want 16×17", m.Width, m.Height)
	}
	checkBoardWarnings(t, ws, nil)
	for _, w := range []boardCell{
		{"1206", Open, 2, false, 0}, // level 3 hilltop
		{"1106", Open, 2, false, 0},
		{"1004", Open, 1, false, 0},
		{"0601", Water1, 0, false, 0},
		{"0202", MediumBuilding, 0, false, 0},
		{"0913", LightWoods, 0, false, 0},
		{"0914", HeavyWoods, 0, false, 0},
		{"0101", Rough, 0, false, 0},
		{"0109", Open, 0, true, 1 << hex.SE}, // the west edge: no exit off the board
		{"0509", Open, 0, true, 1<<hex.SW | 1<<hex.SE},
		{"0609", Water1, 0, true, 1<<hex.NW | 1<<hex.NE}, // the bridge
		{"1609", Open, 0, true, 1 << hex.NW},
	} {
		if got, want := m.At(hex.MustParse(w.hex)), (Cell{w.t, w.elev, w.road, w.exits}); got != want {
			t.Errorf("%s = %+v, want %+v", w.hex, got, want)
		}
	}
	if !m.RoadConnects(hex.MustParse("0509"), hex.SE) || !m.RoadConnects(hex.MustParse("0609"), hex.NE) {
		t.Error("the road does not run across the bridge")
	}
}

// roundTrip writes m and reads it back, failing on any warning.
func roundTrip(t *testing.T, m *Map) *Map {
	t.Helper()
	var buf bytes.Buffer
	if err := WriteBoard(&buf, m); err != nil {
		t.Fatalf("WriteBoard: %v", err)
	}
	back, ws, err := ReadBoard(&buf)
	if err != nil {
		t.Fatalf("ReadBoard of written board: %v\n%s", err, buf.String())
	}
	if len(ws) > 0 {
		t.Errorf("ReadBoard of written board warns: %v", ws)
	}
	return back
}

// randomBoardMap builds a valid map with every terrain, elevations and
// roads whose exits lead to roads or off the map.
func randomBoardMap(r *rand.Rand, w, h int) *Map {
	m := New(w, h)
	m.Name = "random \"map\" \\ with\nodd characters # not a comment"
	for i := range m.Cells {
		m.Cells[i] = Cell{Terrain: Terrains[r.IntN(len(Terrains))], Elevation: r.IntN(MaxElevation + 1), Road: r.IntN(3) == 0}
	}
	for _, x := range m.Hexes() {
		c := m.Cell(x)
		if !c.Road {
			continue
		}
		for _, d := range hex.Directions {
			if n := x.Neighbor(d); (!m.Contains(n) || m.At(n).Road) && r.IntN(2) == 0 {
				c.RoadExits |= 1 << d
			}
		}
	}
	return m
}

// Ensure export then import gives back the identical map (ruling B-MM13):
// the sample, a map of every terrain with and without roads, and random
// maps.
func TestBoardRoundTrip(t *testing.T) {
	sample, _ := readBoardFile(t, "sample.board")
	every := New(len(Terrains), 4)
	every.Name = "every terrain"
	for i, tr := range Terrains {
		every.Set(hex.Hex{X: i, Y: 0}, Cell{Terrain: tr, Elevation: i % 3})
		every.Set(hex.Hex{X: i, Y: 1}, Cell{Terrain: tr, Road: true}) // pavement on each
		every.Set(hex.Hex{X: i, Y: 2}, Cell{Terrain: tr, Elevation: 2, Road: true})
	}
	for i := range Terrains { // a road along row 3 onto the pavement row above
		x := hex.Hex{X: i, Y: 2}
		c := every.Cell(x)
		for _, d := range hex.Directions {
			if n := x.Neighbor(d); !every.Contains(n) || every.At(n).Road {
				c.RoadExits |= 1 << d
			}
		}
	}
	maps := map[string]*Map{"sample": sample, "every": every, "single": New(1, 1)}
	r := rand.New(rand.NewPCG(7, 11))
	for i := range 5 {
		maps["random"+string(rune('0'+i))] = randomBoardMap(r, 1+r.IntN(40), 1+r.IntN(40))
	}
	maps["sector"] = randomBoardMap(r, 2*SheetWidth, SheetHeight)
	for name, m := range maps {
		t.Run(name, func(t *testing.T) {
			if errs := m.Check(); len(errs) > 0 {
				t.Fatalf("test map is broken: %v", errs)
			}
			if back := roundTrip(t, m); !reflect.DeepEqual(back, m) {
				for _, x := range m.Hexes() {
					if m.At(x) != back.At(x) {
						t.Errorf("%s: wrote %+v, read %+v", x, m.At(x), back.At(x))
					}
				}
				t.Fatalf("round trip changed the map: %q %d×%d → %q %d×%d", m.Name, m.Width, m.Height, back.Name, back.Width, back.Height)
			}
		})
	}
}

// Ensure the export uses MegaMek's names and the extra entries MegaMek
// requires (foliage_elev with woods; bldg_cf and bldg_elev with every
// building; a bridge for a road over water).
func TestWriteBoardFormat(t *testing.T) {
	m := New(4, 2)
	m.Name = "Two \"rows\""
	m.Set(hex.MustParse("0101"), Cell{Terrain: LightWoods, Elevation: 1, Road: true, RoadExits: 1 << hex.SE})
	m.Set(hex.MustParse("0201"), Cell{Terrain: Water2, Road: true, RoadExits: 1<<hex.NW | 1<<hex.NE})
	m.Set(hex.MustParse("0301"), Cell{Terrain: MediumBuilding, Elevation: 2, Road: true, RoadExits: 1 << hex.SW})
	m.Set(hex.MustParse("0401"), Cell{Terrain: MediumBuilding})
	m.Set(hex.MustParse("0102"), Cell{Terrain: HeavyWoods})
	m.Set(hex.MustParse("0202"), Cell{Terrain: Water1, Road: true})
	m.Set(hex.MustParse("0302"), Cell{Terrain: Rough})
	m.Set(hex.MustParse("0402"), Cell{Terrain: Rubble, Elevation: 2})
	var buf bytes.Buffer
	if err := WriteBoard(&buf, m); err != nil {
		t.Fatal(err)
	}
	want := `size 4 2
description "Two \"rows\""
hex 0101 1 "woods:1;foliage_elev:2;road:1:4" ""
hex 0201 0 "water:2;bridge:2:34;bridge_cf:40;bridge_elev:1" ""
hex 0301 2 "building:2:4;bldg_cf:40;bldg_elev:1;road:1:16" ""
hex 0401 0 "building:2:32;bldg_cf:40;bldg_elev:1" ""
hex 0102 0 "woods:2;foliage_elev:2" ""
hex 0202 0 "water:1;pavement:1" ""
hex 0302 0 "rough:1" ""
hex 0402 2 "rubble:1" ""
end
`
	if got := buf.String(); got != want {
		t.Errorf("WriteBoard =\n%s\nwant\n%s", got, want)
	}
}

// Ensure WriteBoard refuses what it cannot write faithfully.
func TestWriteBoardRefuses(t *testing.T) {
	broken := New(2, 1)
	broken.Cells[0].Elevation = 7
	exitless := New(2, 1)
	exitless.Cells[0] = Cell{Road: true, RoadExits: 1 << hex.SE} // leads to a hex without road
	for name, m := range map[string]*Map{
		"nil":      nil,
		"broken":   broken,
		"exitless": exitless,
		"too wide": New(MaxBoardSide+1, 1),
	} {
		if err := WriteBoard(&bytes.Buffer{}, m); err == nil {
			t.Errorf("%s: WriteBoard succeeded", name)
		}
	}
}

// boardOf builds a board file of w×h hexes from the given terrain strings
// (missing ones are empty), with optional extra lines before the hexes.
func boardOf(w, h int, head string, terrains ...string) string {
	var b strings.Builder
	b.WriteString("size " + strconv.Itoa(w) + " " + strconv.Itoa(h) + "\n" + head)
	for i := range w * h {
		t := ""
		if i < len(terrains) {
			t = terrains[i]
		}
		b.WriteString("hex " + hex.Hex{X: i % w, Y: i / w}.String() + " 0 \"" + t + "\" \"\"\n")
	}
	b.WriteString("end\n")
	return b.String()
}

// Ensure every kind of damaged file gives an error naming its line
// (rulings B-MM2, B-MM14).
func TestReadBoardErrors(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		line     int
		frag     string
	}{
		{"empty", "", 1, "no size line"},
		{"comments only", "# nothing\n\n", 2, "no size line"},
		{"not a board", "hello world\n", 1, "no size line"},
		{"size one number", "size 16\n", 1, "two numbers"},
		{"size three numbers", "size 16 17 1\n", 1, "two numbers"},
		{"size garbled", "size 16 x17\n", 1, `size "x17" is not a whole number`},
		{"size zero", "size 0 17\n", 1, "at least 1"},
		{"size negative", "size 16 -1\n", 1, "at least 1"},
		{"size too large", "size 201 17\n", 1, "larger than the 200×200 limit"},
		{"second size", "size 1 1\nsize 1 1\n", 2, "a second size line (the first is on line 1)"},
		{"hex before size", "# c\nhex 0101 0 \"\" \"\"\nsize 1 1\n", 2, "before the size line"},
		{"hex too many fields", "size 1 1\nhex 0101 0 \"\" \"\" \"x\"\nend\n", 2, "has 5 fields after \"hex\", want at most 4"},
		{"bad elevation", "size 1 1\nhex 0101 one \"\" \"\"\nend\n", 2, `elevation "one" is not a whole number`},
		{"terrain no level", boardOf(2, 1, "", "woods"), 2, `terrain "woods" has no level`},
		{"terrain empty level", boardOf(2, 1, "", "", "woods:"), 3, `terrain "woods:" has no level`},
		{"terrain no name", boardOf(1, 1, "", ":1"), 2, `terrain ":1" has no name`},
		{"terrain bad level", boardOf(1, 1, "", "water:deep"), 2, `level "deep" is not a whole number`},
		{"terrain wildcard level", boardOf(1, 1, "", "woods:*"), 2, `level "*"`},
		{"terrain colons", boardOf(1, 1, "", "road:1:2:3"), 2, "too many colons"},
		{"size huge", "size 99999999999999999999 1\n", 1, "a 2147483647×1 board is larger than the 200×200 limit"},
		{"size word", "size sixteen 17\n", 1, `size "sixteen" is not a whole number`},
		{"hex word elevation", "size 1 1\nhex 0101 high\nend\n", 2, `elevation "high" is not a whole number`},
		{"exits garbled", boardOf(1, 1, "", "road:1:NE"), 2, `exits "NE" are not a whole number`},
		{"exits beyond 32 bits", boardOf(1, 1, "", "road:1:4294967296"), 2, "not a whole number"},
		{"too few hexes", "size 2 1\nhex 0101 0 \"\" \"\"\nend\n", 3, "needs 2 hex lines, the file has 1"},
		{"too few hexes no end", "size 2 1\nhex 0101 0 \"\" \"\"\n", 2, "needs 2 hex lines, the file has 1"},
		{"too many hexes", "size 1 1\nhex 0101 0 \"\" \"\"\nhex 0201 0 \"\" \"\"\nend\n", 3, "more hex lines than the 1×1 board holds (1)"},
		{"line too long", "size 1 1\n" + strings.Repeat("x", maxBoardLine+10) + "\n", 2, "line longer than"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, ws, err := ReadBoard(strings.NewReader(tc.in))
			if err == nil {
				t.Fatalf("no error; map %v, warnings %v", m != nil, ws)
			}
			if m != nil || ws != nil {
				t.Errorf("an error with a map or warnings")
			}
			prefix := "line " + strconv.Itoa(tc.line) + ": "
			if !strings.HasPrefix(err.Error(), prefix) || !strings.Contains(err.Error(), tc.frag) {
				t.Errorf("error %q, want prefix %q and %q", err, prefix, tc.frag)
			}
		})
	}
}

// Ensure the reader is as forgiving as MegaMek where nothing is lost:
// extra whitespace, tabs, comments, upper-case keywords, a missing theme,
// a missing "end", and lines after "end" (ruling B-MM14).
func TestReadBoardTolerance(t *testing.T) {
	in := "\t# a board\n  SIZE\t2   1  # two hexes\n\nTag \"x\"\nnote 0101 \"a note\"\n" +
		"  Hex 0101   1   \" woods:2 ; foliage_elev:2 ;\"   \"grass\"  \n" +
		"hex 9999 3 \"Water:1\"\n" // a wrong XXYY is ignored; no theme; no end
	m, ws, err := ReadBoard(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	checkBoardWarnings(t, ws, nil)
	if got := m.At(hex.MustParse("0101")); got != (Cell{Terrain: HeavyWoods, Elevation: 1}) {
		t.Errorf("0101 = %+v", got)
	}
	if got := m.At(hex.MustParse("0201")); got != (Cell{Terrain: Water1, Elevation: 2}) {
		t.Errorf("0201 = %+v", got)
	}
	m2, _, err := ReadBoard(strings.NewReader("size 1 1\nhex 0101 0 \"\" \"\"\nend\nhex 0101 0 \"\" \"\"\ngarbage \"\n"))
	if err != nil || m2.Width != 1 {
		t.Errorf("lines after end: %v", err)
	}
}

// Ensure the conversions of rulings B-MM2 to B-MM12 that the sample board
// does not show.
func TestReadBoardConversions(t *testing.T) {
	for _, tc := range []struct {
		name  string
		in    string
		cells []boardCell
		warns []boardWant
	}{
		{
			name:  "woods and jungle levels",
			in:    boardOf(5, 1, "", "woods:0", "woods:4", "jungle:2", "jungle:3", "woods:1;jungle:2"),
			cells: []boardCell{{"0101", LightWoods, 0, false, 0}, {"0201", HeavyWoods, 0, false, 0}, {"0301", HeavyWoods, 0, false, 0}, {"0401", HeavyWoods, 0, false, 0}, {"0501", HeavyWoods, 0, false, 0}},
			warns: []boardWant{{2, "0101", "woods:0 (level below 1) taken as light-woods"}, {3, "0201", "woods:4 (level above 3) taken as heavy-woods"}, {4, "0301", "jungle:2 taken as heavy-woods"}, {5, "0401", "jungle:3 (ultra-heavy) taken as heavy-woods"}, {6, "0501", "jungle:2 taken as heavy-woods"}, {6, "0501", "woods:1 dropped: heavy-woods takes the hex"}},
		},
		{
			name:  "water depths",
			in:    boardOf(3, 1, "", "water:-1", "water:3;rapids:1", "water:2;swamp:1"),
			cells: []boardCell{{"0101", Water1, 0, false, 0}, {"0201", Water2, 0, false, 0}, {"0301", Water2, 0, false, 0}},
			warns: []boardWant{{2, "0101", "negative depth"}, {3, "0201", "water:3 is deeper"}, {3, "0201", "rapids:1 has no BattleForce equivalent"}, {4, "0301", "swamp:1 taken as water-1"}, {4, "0301", "swamp:1 dropped: water-2 takes the hex"}},
		},
		{
			name:  "rough and rubble levels",
			in:    boardOf(3, 1, "", "rough:3", "rubble:0", "rubble:3;rough:1"),
			cells: []boardCell{{"0101", Rough, 0, false, 0}, {"0201", Rubble, 0, false, 0}, {"0301", Rubble, 0, false, 0}},
			warns: []boardWant{{2, "0101", "rough:3 (not level 1) taken as rough"}, {3, "0201", "rubble:0: level 0 is not 1–6"}, {4, "0301", "rough:1 dropped: rubble takes the hex"}},
		},
		{
			name: "buildings",
			in: boardOf(5, 1, "", "building:0;bldg_cf:1;bldg_elev:1", "building:9;bldg_cf:1;bldg_elev:1",
				"building:2:63;bldg_cf:40;bldg_elev:1;bldg_class:3;bldg_armor:10", "building:4;bldg_class:2", "water:2;building:1;rubble:1"),
			cells: []boardCell{{"0101", LightBuilding, 0, false, 0}, {"0201", HardenedBuilding, 0, false, 0}, {"0301", MediumBuilding, 0, false, 0}, {"0401", HardenedBuilding, 0, false, 0}, {"0501", LightBuilding, 0, false, 0}},
			warns: []boardWant{{2, "0101", "building:0: type 0 is not 1–5"}, {3, "0201", "type 9 is not 1–5: taken as hardened-building"}, {4, "0301", "bldg_class:3 (gun emplacement) taken as an ordinary medium-building"}, {6, "0501", "water:2 dropped: light-building takes the hex"}, {6, "0501", "rubble:1 dropped: light-building takes the hex"}},
		},
		{
			name:  "duplicates keep the last",
			in:    boardOf(1, 1, "", "woods:1;woods:2"),
			cells: []boardCell{{"0101", HeavyWoods, 0, false, 0}},
			warns: []boardWant{{2, "0101", "woods:1 given twice: the last (woods:2) counts"}},
		},
		{
			name: "roads stay off pavement when the option says so",
			in: boardOf(3, 1, "option exit_roads_to_pavement false\n",
				"road:1", "road:2", "pavement:1"),
			cells: []boardCell{{"0101", Open, 0, true, 1 << hex.SE}, {"0201", Open, 0, true, 1 << hex.NW}, {"0301", Open, 0, true, 0}},
		},
		{
			name:  "roads run onto pavement by default",
			in:    boardOf(3, 1, "", "road:1", "pavement:1;road:1:9", "road:1"),
			cells: []boardCell{{"0101", Open, 0, true, 1 << hex.SE}, {"0201", Open, 0, true, 0}, {"0301", Open, 0, true, 1 << hex.SW}},
		},
		{
			// The bridge (no exits given) joins every neighbouring road:
			// 0101 and 0301 beside it, 0102 below-left.
			name: "bridges and roads join",
			in:   boardOf(3, 2, "", "road:1:4", "water:1;bridge:1;bridge_cf:40;bridge_elev:1", "road:1:16", "road:1:1"),
			cells: []boardCell{{"0101", Open, 0, true, 1 << hex.SE}, {"0201", Water1, 0, true, 1<<hex.NW | 1<<hex.NE | 1<<hex.SW}, {"0301", Open, 0, true, 1 << hex.SW},
				{"0102", Open, 0, true, 1 << hex.N}, {"0202", Open, 0, false, 0}, {"0302", Open, 0, false, 0}},
		},
		{
			name:  "an exit into a hex without road",
			in:    boardOf(2, 1, "", "road:1:4"),
			cells: []boardCell{{"0101", Open, 0, true, 0}, {"0201", Open, 0, false, 0}},
			warns: []boardWant{{2, "0101", "road exit SE leads to 0201"}, {2, "0101", "taken as pavement"}},
		},
		{
			name:  "silent bookkeeping and unknown statements",
			in:    boardOf(1, 1, "background \"x.png\"\nrotate 1\n", "fluff:9:700;elevator:1:100;deployment_zone:5;cliff_top:1:3;incline_top:1:3"),
			cells: []boardCell{{"0101", Open, 0, false, 0}},
			warns: []boardWant{{3, "", `"rotate" lines are not part of the board format`}, {4, "0101", "elevator:1:100 has no BattleForce equivalent"}},
		},
		{
			name:  "description names the map",
			in:    boardOf(1, 1, "description \"North\\\\ \\\"ridge\\\"\"\ndescription \"line\\ttwo\"\n"),
			cells: []boardCell{{"0101", Open, 0, false, 0}},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, ws, err := ReadBoard(strings.NewReader(tc.in))
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range tc.cells {
				if got, want := m.At(hex.MustParse(w.hex)), (Cell{w.t, w.elev, w.road, w.exits}); got != want {
					t.Errorf("%s = %+v, want %+v", w.hex, got, want)
				}
			}
			checkBoardWarnings(t, ws, tc.warns)
			if errs := m.Check(); len(errs) > 0 {
				t.Errorf("Check: %v", errs)
			}
		})
	}
	m, _, err := ReadBoard(strings.NewReader(boardOf(1, 1, "description \"North\\\\ \\\"ridge\\\"\"\ndescription \"line\\ttwo\"\n")))
	if err != nil {
		t.Fatal(err)
	}
	if want := "North\\ \"ridge\"\n\nline\ttwo"; m.Name != want {
		t.Errorf("Name = %q, want %q", m.Name, want)
	}
}

// Ensure a warning prints its line and hex, and leaves out the hex when
// it concerns the whole file.
func TestBoardWarningString(t *testing.T) {
	if got := (BoardWarning{Line: 12, Hex: hex.MustParse("0304"), Msg: "snow:1 ignored"}).String(); got != "line 12: hex 0304: snow:1 ignored" {
		t.Errorf("got %q", got)
	}
	if got := (BoardWarning{Line: 3, Hex: boardNoHex, Msg: "odd"}).String(); got != "line 3: odd" {
		t.Errorf("got %q", got)
	}
}

// Ensure the warnings of a hostile file stop at a cap, with a last
// warning saying so.
func TestReadBoardWarningCap(t *testing.T) {
	_, ws, err := ReadBoard(strings.NewReader(boardOf(1, 1, "", strings.Repeat("snow:1;", maxBoardWarnings+50))))
	if err != nil {
		t.Fatal(err)
	}
	if len(ws) != maxBoardWarnings+1 || !strings.Contains(ws[len(ws)-1].Msg, "not listed") {
		t.Errorf("%d warnings, last %v", len(ws), ws[len(ws)-1])
	}
}
