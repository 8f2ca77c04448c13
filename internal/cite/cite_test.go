package cite

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// Ensure citations read as a player looks them up: book, page, section.
func TestCitations(t *testing.T) {
	tests := []struct {
		got, want string
	}{
		{Book(980), "BattleForce p. 24, Disruption Effects"},
		{Book(2649), "BattleForce p. 65, Resolve Battles"},
		{Book(602, 817, 1263), "BattleForce p. 11, Attack Phase; p. 19, Combat; p. 31, Combat"},
		{Book(1011, 980), "BattleForce p. 24, Special Combat Rules, Disruption Effects"},
		{Book(871, 3636), "BattleForce p. 20, Attack Modifiers; back cover, Reference tables"},
		{Book(1011, 1011), "BattleForce p. 24, Special Combat Rules"},
		{Book(5000), "BattleForce"},
		{Span(2561, 2575), "BattleForce p. 63, Sequence of Play"},
		{Span(2525, 2547), "BattleForce p. 61, Creating Battlegroups; p. 62, The Regimental Battlegroup"},
		{Span(2525, 2560), "BattleForce pp. 61–62, Campaign Rules"},
		{Span(2104, 2560), "BattleForce pp. 49–62, Scenarios to Campaign Set-up"},
		{Span(616, 681), "BattleForce pp. 12–13, Movement"},
		{Span(2104, 2200), "BattleForce pp. 49–52, Scenarios"},
		{Span(2649, 2661), "BattleForce p. 65, Resolve Battles"},
		{Span(751, 761), "BattleForce p. 16, Landing"},
		{Span(2692, 2746), "BattleForce pp. 66–67, Campaign Rules"},
		{Setup(181), "Battle Setup Tables, Morale"},
		{Setup(64, 141), "Battle Setup Tables, Scouting Advantages; Defensive Advantage"},
		{Manual(4797), "BattleTech Manual, Weapons Table"},
		{Setup(1), "Battle Setup Tables"},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("got  %q\nwant %q", tt.got, tt.want)
		}
	}
}

// Ensure the page map covers the text copy without gaps or overlaps and
// its pages never go back.
func TestMapContiguous(t *testing.T) {
	for i := 1; i < len(battleForce); i++ {
		p, s := battleForce[i-1], battleForce[i]
		if s.From != p.To+1 {
			t.Errorf("%s starts at line %d, %s ended at %d", s.Name, s.From, p.Name, p.To)
		}
		if s.Page < p.Page && s.Page != 0 {
			t.Errorf("%s on page %d after %s on page %d", s.Name, s.Page, p.Name, p.Page)
		}
	}
	for i := 1; i < len(setupTables); i++ {
		if setupTables[i].From != setupTables[i-1].To+1 {
			t.Errorf("004 table %s does not follow %s", setupTables[i].Name, setupTables[i-1].Name)
		}
	}
}

// Ensure the Go map and the tables in docs/sources.md are the same:
// the docs are what a contributor reads, the Go table what players get.
func TestMapMatchesDocs(t *testing.T) {
	doc := sourcesDoc(t)
	rows := docTable(doc, "| section | page | lines of the text copy |")
	if len(rows) != len(battleForce) {
		t.Fatalf("docs/sources.md has %d sections, the Go map %d", len(rows), len(battleForce))
	}
	paren := regexp.MustCompile(` \(.*\)$`)
	for i, r := range rows {
		name := strings.Trim(r[0], "*")
		s := battleForce[i]
		page := strconv.Itoa(s.Page)
		if s.Page == 0 {
			page = "—"
		}
		got := []string{paren.ReplaceAllString(name, ""), page, strconv.Itoa(s.From) + "–" + strconv.Itoa(s.To), strconv.FormatBool(strings.HasPrefix(r[0], "**"))}
		want := []string{s.Name, r[1], r[2], strconv.FormatBool(s.Chapter)}
		if strings.Join(got, "|") != strings.Join(want, "|") {
			t.Errorf("docs/sources.md row %d: %v; the Go map has %v", i+1, got, want)
		}
	}
	for _, book := range []struct {
		header string
		tables []table
	}{{"| 004 table | lines |", setupTables}, {"| 001 table | lines |", manualTables}} {
		rows := docTable(doc, book.header)
		if len(rows) != len(book.tables) {
			t.Fatalf("docs/sources.md %q has %d rows, the Go map %d", book.header, len(rows), len(book.tables))
		}
		for i, r := range rows {
			tb := book.tables[i]
			if r[0] != tb.Name || r[1] != strconv.Itoa(tb.From)+"–"+strconv.Itoa(tb.To) {
				t.Errorf("docs/sources.md %q row %d: %v; the Go map has %v", book.header, i+1, r, tb)
			}
		}
	}
}

// sourcesDoc is docs/sources.md, where the section maps are written out
// for contributors.
func sourcesDoc(t *testing.T) string {
	t.Helper()
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "sources.md"))
	if err != nil {
		t.Fatal(err)
	}
	return string(doc)
}

// docTable is the rows of the markdown table under header, cells trimmed.
func docTable(doc, header string) [][]string {
	_, rest, ok := strings.Cut(doc, header+"\n")
	if !ok {
		return nil
	}
	var rows [][]string
	for _, line := range strings.Split(rest, "\n") {
		if !strings.HasPrefix(line, "|") {
			break
		}
		if strings.HasPrefix(line, "|---") {
			continue
		}
		cells := strings.Split(strings.Trim(line, "|"), "|")
		for i := range cells {
			cells[i] = strings.TrimSpace(cells[i])
		}
		rows = append(rows, cells)
	}
	return rows
}

// Ensure the picture of the text copy (copy.go) lines up with the page
// map: it runs to the map's last line, each section but a chapter's
// opening starts at its heading, a line with text, and the running heads
// docs/sources.md names are running heads. A picture shifted by a line
// fails here.
func TestCopyLinesMatchMap(t *testing.T) {
	n := 0
	for i, row := range copyLines {
		if i < len(copyLines)-1 && len(row) != 100 {
			t.Errorf("row %d of copyLines has %d lines, want 100", i+1, len(row))
		}
		n += len(row)
	}
	if last := battleForce[len(battleForce)-1].To; n != last {
		t.Errorf("copyLines pictures %d lines, the page map ends at %d", n, last)
	}
	for _, s := range battleForce {
		if !s.Chapter && !hasText(s.From) {
			t.Errorf("%s starts at line %d, which copyLines has without text", s.Name, s.From)
		}
	}
	for _, l := range []int{548, 2605} {
		if r := copyLines[(l-1)/100][(l-1)%100]; r != 'H' {
			t.Errorf("line %d is %q in copyLines, want the running head H", l, r)
		}
	}
}

// Ensure a citation of a line without text cites the book alone, not a
// section that may not hold the rule.
func TestBookSkipsLinesWithoutText(t *testing.T) {
	for _, l := range []int{2602, 2605, 0, 3687} { // blank, running head, outside
		if got := Book(l); got != "BattleForce" {
			t.Errorf("Book(%d) = %q, want the book alone", l, got)
		}
	}
	if got, want := Book(2589, 2602), "BattleForce p. 63, Strategic Map Movement"; got != want {
		t.Errorf("Book(2589, 2602) = %q, want %q", got, want)
	}
}

// Ensure the Quick-Start rules are cited by part and section, and a line
// that holds no rule (blank, a heading, outside the map) cites the rules
// alone.
func TestQuickStartCitations(t *testing.T) {
	tests := []struct {
		got, want string
	}{
		{QuickStart(197), "Quick-Start rules, Combat Phase, Verify Line of Sight"},
		{QuickStart(168), "Quick-Start rules, Stacking"},
		{QuickStart(520, 528), "Quick-Start rules, Green Training Scenario, Deployment"},
		{QuickStart(578, 582), "Quick-Start rules, Veteran Training Scenario, Starting Positions"},
		{QuickStart(572, 578), "Quick-Start rules, Veteran Training Scenario, Setting Up; Veteran Training Scenario, Starting Positions"},
		{QuickStart(152), "Quick-Start rules, Movement Phase, Jumping"},
		{QuickStart(895), "Quick-Start rules, Determining Critical Hits Table"},
		{QuickStart(720), "Quick-Start rules, Clan Quick-Start Record Sheet"},
		{QuickStart(758), "Quick-Start rules, Word of Blake Quick-Start Record Sheet"}, // Peaceful Cleansing, printed after the Clan title
		{QuickStart(800), "Quick-Start rules, Clan Quick-Start Record Sheet"},
		{QuickStart(518), "Quick-Start rules"}, // the heading Deployment
		{QuickStart(519), "Quick-Start rules"}, // blank
		{QuickStart(10), "Quick-Start rules"},  // before the rules
		{QuickStart(2000), "Quick-Start rules"},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("got  %q\nwant %q", tt.got, tt.want)
		}
	}
}

// Ensure the Quick-Start map covers its lines without gaps or overlaps,
// lines up with the picture of the copy (each section starts at its
// heading, but for the pieces of a section the copy breaks up with a
// table or a diagram's example), and matches docs/sources.md.
func TestQuickStartMap(t *testing.T) {
	pieces := map[int]bool{150: true, 233: true, 271: true, 279: true, 420: true, 433: true, 633: true, 754: true, 796: true}
	for i, s := range quickStart {
		if i > 0 && s.From != quickStart[i-1].To+1 {
			t.Errorf("%s starts at line %d, %s ended at %d", s.Name, s.From, quickStart[i-1].Name, quickStart[i-1].To)
		}
		if heading := qsCopyLines[(s.From-1)/100][(s.From-1)%100] == 'H'; heading == pieces[s.From] {
			t.Errorf("%s starts at line %d: a heading in qsCopyLines %t, a piece of a section %t", s.Name, s.From, heading, pieces[s.From])
		}
	}
	n := 0
	for _, row := range qsCopyLines {
		n += len(row)
	}
	if n != 1026 {
		t.Errorf("qsCopyLines pictures %d lines, the copy has 1026", n)
	}
	doc := sourcesDoc(t)
	rows := docTable(doc, "| 002 section | part | lines |")
	if len(rows) != len(quickStart) {
		t.Fatalf("docs/sources.md has %d Quick-Start sections, the Go map %d", len(rows), len(quickStart))
	}
	for i, r := range rows {
		s := quickStart[i]
		if want := []string{s.Name, s.Part, strconv.Itoa(s.From) + "–" + strconv.Itoa(s.To)}; strings.Join(r, "|") != strings.Join(want, "|") {
			t.Errorf("docs/sources.md Quick-Start row %d: %v; the Go map has %v", i+1, r, want)
		}
	}
}
