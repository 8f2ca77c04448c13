package yamlnode

import (
	"errors"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// parse returns the top node of doc.
func parse(t *testing.T, doc string) *yaml.Node {
	t.Helper()
	var n yaml.Node
	if err := yaml.Unmarshal([]byte(doc), &n); err != nil {
		t.Fatalf("yaml.Unmarshal(%q): %v", doc, err)
	}
	return n.Content[0]
}

// wantErr checks that err is an *Error reading want (line included).
func wantErr(t *testing.T, err error, want string) {
	t.Helper()
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("error = %v (%T), want *Error %q", err, err, want)
	}
	if got := err.Error(); got != want {
		t.Errorf("error = %q, want %q", got, want)
	}
}

func TestErrorAndErrorf(t *testing.T) {
	for _, tc := range []struct {
		e    *Error
		want string
	}{
		{&Error{Line: 3, Field: "a.b", Msg: "is empty"}, "line 3: a.b: is empty"},
		{&Error{Field: "a", Msg: "bad"}, "a: bad"},
		{&Error{Line: 2, Msg: "bad"}, "line 2: bad"},
		{&Error{Msg: "the file is empty"}, "the file is empty"},
	} {
		if got := tc.e.Error(); got != tc.want {
			t.Errorf("Error() = %q, want %q", got, tc.want)
		}
	}
	n := parse(t, "\n\nx: 1\n")
	if got := Errorf(n, "x", "%d is %s", 1, "odd"); *got != (Error{Line: 3, Field: "x", Msg: "1 is odd"}) {
		t.Errorf("Errorf at node = %+v", *got)
	}
	if got := Errorf(nil, "", "whole file"); *got != (Error{Msg: "whole file"}) {
		t.Errorf("Errorf(nil) = %+v", *got)
	}
}

func TestDescribe(t *testing.T) {
	long := strings.Repeat("x", 70)
	short := Reader{Short: func(s string) string {
		if len(s) > 10 {
			return s[:7] + "..."
		}
		return s
	}}
	for _, tc := range []struct {
		r    Reader
		doc  string
		want string
	}{
		{Reader{}, "{a: 1}", "a mapping"},
		{Reader{}, "[1, 2]", "a list"},
		{Reader{}, "~", "nothing"},
		{Reader{}, `"a \"b\""`, `"a \"b\""`},
		{Reader{}, long, `"` + long + `"`},
		{short, long, `"xxxxxxx..."`},
		{short, "tank", `"tank"`},
	} {
		if got := tc.r.Describe(parse(t, tc.doc)); got != tc.want {
			t.Errorf("Describe(%q) = %s, want %s", tc.doc, got, tc.want)
		}
	}
	alias := parse(t, "a: &x 1\nb: *x\n").Content[3]
	if got := (Reader{}).Describe(alias); got != "an alias" {
		t.Errorf("Describe(alias) = %s", got)
	}
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte("a: 1"), &doc); err != nil {
		t.Fatal(err)
	}
	if got := (Reader{}).Describe(&doc); got != "a document" {
		t.Errorf("Describe(document) = %s", got)
	}
}

func TestFields(t *testing.T) {
	var r Reader
	fs, err := r.Fields(parse(t, "name: Scorpion\ntons: 25\n"), "designs[0]", "name", "tons", "walk")
	if err != nil {
		t.Fatal(err)
	}
	if len(fs) != 2 || fs["name"].Value.Value != "Scorpion" || fs["tons"].Key.Line != 2 {
		t.Errorf("Fields = %+v", fs)
	}
	for _, tc := range []struct{ doc, want string }{
		{"name: a\nspeed: 4\n", "line 2: d.speed: unknown field; use name, tons"},
		{"name: a\ntons: 1\nname: b\n", "line 3: d.name: given twice (first at line 1)"},
		// The first mistake in the file is the one named.
		{"speed: 1\nspeed: 2\n", "line 1: d.speed: unknown field; use name, tons"},
		{"- a\n", "line 1: d: want a mapping (key: value), found a list"},
		{"plain\n", `line 1: d: want a mapping (key: value), found "plain"`},
		{"? [a]\n: 1\n", "line 1: d: a key must be a plain word, found a list"},
		{"name: &n a\n", "line 1: d.name: anchors (&name) are not supported: write each value where it applies"},
		{"base: &b {tons: 1}\nname: *b\n", "line 1: d.base: anchors (&name) are not supported: write each value where it applies"},
		{"name: a\n<<: {tons: 1}\n", "line 2: d: merge keys (<<) are not supported"},
	} {
		_, err := r.Fields(parse(t, tc.doc), "d", "name", "tons")
		wantErr(t, err, tc.want)
	}
}

func TestEntries(t *testing.T) {
	var r Reader
	es, err := r.Entries(parse(t, "\"0314\": 5\n0101: 10\n"), "mines")
	if err != nil {
		t.Fatal(err)
	}
	if len(es) != 2 || es[0].Key.Value != "0314" || es[1].Key.Value != "0101" || es[1].Value.Value != "10" || es[1].Key.Line != 2 {
		t.Errorf("Entries = %+v", es)
	}
	if es, err := r.Entries(parse(t, "{}"), "mines"); err != nil || len(es) != 0 {
		t.Errorf("Entries({}) = %v, %v", es, err)
	}
	for _, tc := range []struct{ doc, want string }{
		{"a: 1\nb: 2\na: 3\n", "line 3: mines.a: given twice"},
		{"[1]\n", "line 1: mines: want a mapping (key: value), found a list"},
		{"a: &x 1\n", "line 1: mines.a: anchors (&name) are not supported: write each value where it applies"},
		{"\n? {a: 1}\n: 2\n", "line 2: mines: a key must be a plain word, found a mapping"},
	} {
		_, err := r.Entries(parse(t, tc.doc), "mines")
		wantErr(t, err, tc.want)
	}
}

func TestPlain(t *testing.T) {
	if err := Plain(parse(t, "a: 1"), "x"); err != nil {
		t.Errorf("Plain(plain) = %v", err)
	}
	m := parse(t, "a: &x 1\nb: *x\n")
	wantErr(t, Plain(m.Content[1], "a"), "line 1: a: anchors (&name) are not supported: write each value where it applies")
	wantErr(t, Plain(m.Content[3], "b"), "line 2: b: aliases (*name) are not supported: write the value out")
	merge := parse(t, "\n<<: {a: 1}\n")
	wantErr(t, Plain(merge.Content[0], "m"), "line 2: m: merge keys (<<) are not supported")
}

func TestList(t *testing.T) {
	var r Reader
	items, err := r.List(parse(t, "- a\n- b\n"), "weapons")
	if err != nil || len(items) != 2 || items[1].Value != "b" || items[1].Line != 2 {
		t.Errorf("List = %v, %v", items, err)
	}
	_, err = r.List(parse(t, "\na: 1\n"), "weapons")
	wantErr(t, err, "line 2: weapons: want a list, found a mapping")
	_, err = r.List(parse(t, "- a\n- &x b\n"), "weapons")
	wantErr(t, err, "line 2: weapons[1]: anchors (&name) are not supported: write each value where it applies")
	_, err = (Reader{Short: func(string) string { return "…" }}).List(parse(t, "Machine Gun"), "weapons")
	wantErr(t, err, `line 1: weapons: want a list, found "…"`)
}

func TestStr(t *testing.T) {
	var r Reader
	for doc, want := range map[string]string{"0314": "0314", " ' Atlas ' ": "Atlas", "25": "25", "true": "true"} {
		if got, err := r.Str(parse(t, doc), "x"); err != nil || got != want {
			t.Errorf("Str(%q) = %q, %v; want %q", doc, got, err, want)
		}
	}
	for _, tc := range []struct{ doc, want string }{
		{"~", "line 1: x: is empty"},
		{"\n''\n", "line 2: x: is empty"},
		{"'   '", "line 1: x: is empty"},
		{"[a]", "line 1: x: want a value, found a list"},
		{"{a: 1}", "line 1: x: want a value, found a mapping"},
	} {
		_, err := r.Str(parse(t, tc.doc), "x")
		wantErr(t, err, tc.want)
	}
}

func TestNumber(t *testing.T) {
	var r Reader
	for doc, want := range map[string]float64{"25": 25, "2.5": 2.5, "-1": -1, "1e2": 100} {
		if got, err := r.Number(parse(t, doc), "tons"); err != nil || got != want {
			t.Errorf("Number(%q) = %v, %v; want %v", doc, got, err, want)
		}
	}
	for _, tc := range []struct{ doc, want string }{
		{"heavy", `line 1: tons: want a number, found "heavy"`},
		{"NaN", `line 1: tons: want a number, found "NaN"`},
		{"\nInf", `line 2: tons: want a number, found "Inf"`},
		{"~", "line 1: tons: is empty"},
	} {
		_, err := r.Number(parse(t, tc.doc), "tons")
		wantErr(t, err, tc.want)
	}
}

func TestInt(t *testing.T) {
	var r Reader
	for doc, want := range map[string]int{"4": 4, "0": 0, "30": 30, "007": 7} {
		if got, err := r.Int(parse(t, doc), "walk", 0, 30); err != nil || got != want {
			t.Errorf("Int(%q) = %v, %v; want %v", doc, got, err, want)
		}
	}
	for _, tc := range []struct{ doc, want string }{
		{"four", `line 1: walk: want a whole number, found "four"`},
		{"2.5", `line 1: walk: want a whole number, found "2.5"`},
		{"00000000001", `line 1: walk: want a whole number, found "00000000001"`},
		{"\n31", "line 2: walk: 31 is out of range: use 0 to 30"},
		{"-1", "line 1: walk: -1 is out of range: use 0 to 30"},
		{"[4]", "line 1: walk: want a value, found a list"},
	} {
		_, err := r.Int(parse(t, tc.doc), "walk", 0, 30)
		wantErr(t, err, tc.want)
	}
}

func TestBool(t *testing.T) {
	var r Reader
	for doc, want := range map[string]bool{"true": true, "False": false, "TRUE": true, "'false'": false} {
		if got, err := r.Bool(parse(t, doc), "quad"); err != nil || got != want {
			t.Errorf("Bool(%q) = %v, %v; want %v", doc, got, err, want)
		}
	}
	_, err := r.Bool(parse(t, "\nyes"), "quad")
	wantErr(t, err, `line 2: quad: want true or false, found "yes"`)
	_, err = r.Bool(parse(t, "~"), "quad")
	wantErr(t, err, "line 1: quad: is empty")
}

func TestJoinIndex(t *testing.T) {
	if got := Join("", "name"); got != "name" {
		t.Errorf("Join = %q", got)
	}
	if got := Join("designs[1]", "tons"); got != "designs[1].tons" {
		t.Errorf("Join = %q", got)
	}
	if got := Index("sides", 1); got != "sides[1]" {
		t.Errorf("Index = %q", got)
	}
	if got := Index(Join("sides[1]", "units"), 0); got != "sides[1].units[0]" {
		t.Errorf("Index = %q", got)
	}
}

// Ensure Each walks keys in file order after the shared refusals, and
// stops at the first error its function returns.
func TestEach(t *testing.T) {
	var r Reader
	var got []string
	err := r.Each(parse(t, "b: 1\na: 2\n"), "m", func(k, v *yaml.Node, p string) error {
		got = append(got, p+"="+v.Value)
		return nil
	})
	if err != nil || strings.Join(got, " ") != "m.b=1 m.a=2" {
		t.Errorf("Each = %v, %v", got, err)
	}
	stop := errors.New("stop")
	calls := 0
	err = r.Each(parse(t, "a: 1\nb: 2\n"), "m", func(*yaml.Node, *yaml.Node, string) error {
		calls++
		return stop
	})
	if err != stop || calls != 1 {
		t.Errorf("Each with a failing fn = %v after %d calls, want stop after 1", err, calls)
	}
	for _, tc := range []struct{ doc, want string }{
		{"[1]\n", "line 1: m: want a mapping (key: value), found a list"},
		{"a: 1\nb: *x\n", "line 2: m.b: aliases (*name) are not supported: write the value out"},
		{"\n? [a]\n: 1\n", "line 2: m: a key must be a plain word, found a list"},
	} {
		t.Run(tc.doc, func(t *testing.T) {
			var n yaml.Node
			if err := yaml.Unmarshal([]byte(tc.doc), &n); err != nil {
				// An alias to no anchor does not parse; build it by hand.
				n = yaml.Node{Kind: yaml.DocumentNode, Content: []*yaml.Node{{Kind: yaml.MappingNode, Line: 1, Content: []*yaml.Node{
					{Kind: yaml.ScalarNode, Value: "a", Line: 1}, {Kind: yaml.ScalarNode, Value: "1", Line: 1},
					{Kind: yaml.ScalarNode, Value: "b", Line: 2}, {Kind: yaml.AliasNode, Value: "x", Line: 2},
				}}}}
			}
			err := r.Each(n.Content[0], "m", func(*yaml.Node, *yaml.Node, string) error { return nil })
			wantErr(t, err, tc.want)
		})
	}
}

// Ensure Document returns the one document's top node and words an
// empty file, a second document and the parser's errors with their line.
func TestDocument(t *testing.T) {
	root, err := Document([]byte("# a map\ncols: 4\n"), "empty", "second")
	if err != nil || root.Kind != yaml.MappingNode || root.Content[0].Value != "cols" {
		t.Fatalf("Document = %v, %v", root, err)
	}
	for _, tc := range []struct{ name, doc, want string }{
		{"Empty", "", "empty"},
		{"OnlyComments", "# nothing\n", "empty"},
		{"Second", "a: 1\n---\nb: 2\n", "line 2: second"}, // the line of the ---
		{"NotYAML", "a: 1\n b: [\n", "line 2: not YAML: mapping values are not allowed in this context"},
		{"Tab", "a:\n\tb: 1\n", "line 2: not YAML: found character that cannot start any token"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Document([]byte(tc.doc), "empty", "second")
			wantErr(t, err, tc.want)
		})
	}
}

// Ensure ParseError keeps a message that names no line whole.
func TestParseError(t *testing.T) {
	if got := ParseError(errors.New("yaml: something odd")); *got != (Error{Msg: "not YAML: something odd"}) {
		t.Errorf("ParseError = %+v", *got)
	}
	if got := ParseError(errors.New("yaml: line x: odd")); *got != (Error{Msg: "not YAML: line x: odd"}) {
		t.Errorf("ParseError = %+v", *got)
	}
}
