package mapgen

import (
	"fmt"
	"strings"
	"testing"

	"bfbot/mapgen/hex"
)

// Ensure exits are read as MegaMek reads them: any integer, of which only
// the six hexside bits count (its tilesets use building:1:64…75 and road
// exits above 63 to pick art). building:1:65 is a one-hex light building;
// road:1:72 runs south, road:1:73 north and south, road:1:-63 north (two's
// complement), road:1:64 has no exit at all.
func TestReadBoardMegaMekExits(t *testing.T) {
	m, ws := readBoardFile(t, "megamek/roof.board")
	checkBoardWarnings(t, ws, nil)
	want := New(3, 3)
	want.Set(hex.MustParse("0202"), Cell{Terrain: LightBuilding})
	want.Set(hex.MustParse("0301"), Cell{Road: true, RoadExits: 1 << hex.S})
	want.Set(hex.MustParse("0302"), Cell{Road: true, RoadExits: 1<<hex.N | 1<<hex.S})
	want.Set(hex.MustParse("0303"), Cell{Road: true, RoadExits: 1 << hex.N})
	want.Set(hex.MustParse("0103"), Cell{Road: true})
	for _, h := range m.Hexes() {
		if got, w := m.At(h), want.At(h); got != w {
			t.Errorf("%s = %+v, want %+v", h, got, w)
		}
	}
	// The building stands alone: none of its neighbours is a building.
	for _, d := range hex.Directions {
		if n := hex.MustParse("0202").Neighbor(d); m.Contains(n) && m.At(n).Terrain.IsBuilding() {
			t.Errorf("neighbour %s of the one-hex building is a building", n)
		}
	}
}

// Ensure the tokenizer quotes and comments as MegaMek's does: '/' and '#'
// start comments outside quotes, a quoted string left open ends at the end
// of its line (hex 2230 0 "" "\" loads: the backslash escapes the quote),
// and a single-quoted field ends the hex line's fields, with a warning.
func TestReadBoardMegaMekQuotes(t *testing.T) {
	m, ws := readBoardFile(t, "megamek/quotes.board")
	if m.Name != `Quotes # and / stay "inside"` {
		t.Errorf("name %q", m.Name)
	}
	for _, w := range []boardCell{
		{"0101", LightWoods, 1, false, 0},
		{"0201", Water1, 0, false, 0},
		{"0301", Open, 0, false, 0},
		{"0401", Open, 2, false, 0}, // 'rough:1' is not read, as in MegaMek
	} {
		if got, want := m.At(hex.MustParse(w.hex)), (Cell{w.t, w.elev, w.road, w.exits}); got != want {
			t.Errorf("%s = %+v, want %+v", w.hex, got, want)
		}
	}
	checkBoardWarnings(t, ws, []boardWant{{10, "", "the single-quoted string 'rough:1' ends the hex line's fields"}})
}

// Ensure the tokenizer's details, each against what Java's StreamTokenizer
// (MegaMek's) makes of the same text.
func TestBoardTokenizer(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`hex 2230 0 "" "\"`, `W:hex N:2230 N:0 Q: Q:"`},
		{`a/b # c`, `W:a`},
		{`"a/b # c" 'd'`, `Q:a/b # c S:d`},
		{`"open to the end`, `Q:open to the end`},
		{"\"a\\\nb\"", "Q:a\nb"},                                        // backslash-newline stays in the string
		{`"\101\60\t\q"`, "Q:A0\tq"},                                    // octal and other escapes
		{`-5 -x 1.5 .5 -.5 12ab`, `N:-5 O:- W:x N:1 N:0 N:0 N:12 W:ab`}, // numbers as (int)
		{`foliage_elev:2`, `W:foliage_elev O:: N:2`},
		{"x\r\ny\rz", "W:x E W:y E W:z"},
	} {
		z := newBoardTokenizer([]byte(tc.in))
		var got []string
		for tok := z.next(); tok.kind != tokEOF; tok = z.next() {
			switch tok.kind {
			case tokEOL:
				got = append(got, "E")
			case tokWord:
				got = append(got, "W:"+tok.text)
			case tokNumber:
				got = append(got, "N:"+tok.arg())
			case tokQuoted:
				got = append(got, "Q:"+tok.text)
			case tokSingleQuoted:
				got = append(got, "S:"+tok.text)
			case tokOrdinary:
				got = append(got, "O:"+tok.text)
			}
		}
		if g := strings.Join(got, " "); g != tc.want {
			t.Errorf("%q: tokens %q, want %q", tc.in, g, tc.want)
		}
	}
	if got := javaInt(1e20); got != 2147483647 {
		t.Errorf("javaInt(1e20) = %d", got)
	}
}

// Ensure MegaMek's defaults for a short hex line: a missing elevation is 0
// and missing terrain is open ground, with no error.
func TestReadBoardShortHexLine(t *testing.T) {
	m, ws, err := ReadBoard(strings.NewReader("size 2 1\nhex 0101\nhex 0201 2\nend\n"))
	if err != nil || len(ws) != 0 {
		t.Fatalf("err %v warnings %v", err, ws)
	}
	if m.At(hex.MustParse("0101")) != (Cell{}) || m.At(hex.MustParse("0201")) != (Cell{Elevation: 2}) {
		t.Errorf("cells %+v", m.Cells)
	}
}

// Ensure warnings are summarised by kind, most frequent first, each with
// its count and the first few hexes, and that the summary counts every
// warning even past the 10,000 the detailed list holds.
func TestReadBoardReportKinds(t *testing.T) {
	var terrains []string
	for i := range 40 {
		switch {
		case i < 30:
			terrains = append(terrains, "mud:1")
		case i < 32:
			terrains = append(terrains, "sand:1")
		default:
			terrains = append(terrains, "road:1:1") // exit N leads to a hex with no road
		}
	}
	_, rep, err := ReadBoardReport(strings.NewReader(boardOf(10, 4, "garbage here\n", terrains...)))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, k := range rep.Kinds {
		got = append(got, k.String())
	}
	want := []string{
		"mud:1 has no BattleForce equivalent: ignored: 30 hexes (0101 line 3, 0201 line 4, 0301 line 5, 0401 line 6, 0501 line 7, …)",
		"a road exit leads to a hex with no road: dropped: 8 hexes (0304 line 35, 0404 line 36, 0504 line 37, 0604 line 38, 0704 line 39, …)",
		"no road exit is left: the hex is taken as pavement: 8 hexes (0304 line 35, 0404 line 36, 0504 line 37, 0604 line 38, 0704 line 39, …)",
		"sand:1 has no BattleForce equivalent: ignored: 2 hexes (0104 line 33, 0204 line 34)",
		`"garbage" lines are not part of the board format: ignored (line 2)`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("kinds:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}

	// 200×200 hexes of two unsupported terrains each: 80,000 warnings,
	// 10,001 listed, all counted.
	var b strings.Builder
	b.WriteString("size 200 200\n")
	for i := range 200 * 200 {
		fmt.Fprintf(&b, "hex %04d 0 \"mud:1;sand:1\" \"\"\n", i)
	}
	_, rep, err = ReadBoardReport(strings.NewReader(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Warnings) != maxBoardWarnings+1 || len(rep.Kinds) != 2 || rep.Kinds[0].Count != 40000 || rep.Kinds[1].Count != 40000 {
		t.Errorf("%d warnings listed, kinds %v", len(rep.Warnings), rep.Kinds)
	}
}
