package consoleline

import (
	"reflect"
	"strings"
	"testing"
)

// Ensure console lines of docs/architecture.md's form read into user, command, words
// and options, with quotes, escapes and comments.
func TestParseLine(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want *Line
	}{
		{"@lancers /battle move unit:A1 to:0807", &Line{User: "lancers", Command: "battle", Words: []string{"move"}, Options: []Option{{"unit", "A1"}, {"to", "0807"}}}},
		{"@lancers /battle attack unit:A1 target:B1 mode:close value:9 observer:C1",
			&Line{User: "lancers", Command: "battle", Words: []string{"attack"}, Options: []Option{{"unit", "A1"}, {"target", "B1"}, {"mode", "close"}, {"value", "9"}, {"observer", "C1"}}}},
		{`@ann /bg rename name:"Able Company" # the new name`, &Line{User: "ann", Command: "bg", Words: []string{"rename"}, Options: []Option{{"name", "Able Company"}}}},
		{`/rules "close assault"`, &Line{Command: "rules", Words: []string{"close assault"}}},
		{`/x note:"say \"hi\" \\ bye" empty:""`, &Line{Command: "x", Options: []Option{{"note", `say "hi" \ bye`}, {"empty", ""}}}},
		{"\t/battle   end  ", &Line{Command: "battle", Words: []string{"end"}}},
		{"/map at:12:30", &Line{Command: "map", Options: []Option{{"at", "12:30"}}}},
		{"/x tag:a#b", &Line{Command: "x", Options: []Option{{"tag", "a#b"}}}},
		{"", nil},
		{"   # only a comment", nil},
	} {
		got, err := ParseLine(tc.in)
		if err != nil {
			t.Errorf("ParseLine(%q): %v", tc.in, err)
			continue
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("ParseLine(%q) = %+v, want %+v", tc.in, got, tc.want)
		}
		if got != nil {
			again, err := ParseLine(got.String())
			if err != nil || !reflect.DeepEqual(again, got) {
				t.Errorf("%q written back as %q reads %+v, %v", tc.in, got.String(), again, err)
			}
		}
	}
}

// Ensure bad console lines are refused with the column and the fix.
func TestParseLineErrors(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"@ /battle end", `column 1: "@": write the user as @name`},
		{"@lancers", "a command is missing"},
		{"@lancers battle end", `column 10: "battle": a command starts with a slash`},
		{`@lancers "/battle" end`, "a command starts with a slash"},
		{"/", `column 1: "/": the command's name follows the slash`},
		{"/battle:1", `column 1: "/battle:1": the command comes first, then its options`},
		{"/battle unit:A1 end", `column 17: "end": words come before the options`},
		{"/battle move unit:A1 unit:A2", "column 22: option unit: given twice"},
		{`/battle x name:"open`, "column 16: the quote opened here is never closed"},
		{`/battle x a"b"`, "a quote may open a word"},
		{`/battle x name:"a"b`, "column 19: put a blank after the closing quote"},
		{`/battle x name:"\q"`, "a backslash is written"},
		{"/battle x :v", `":v": an option is name:value`},
		{"/battle x na.me:v", "an option is name:value"},
	} {
		_, err := ParseLine(tc.in)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ParseLine(%q): %v, want %q", tc.in, err, tc.want)
		}
	}
}

// Ensure any line either reads, writes back and reads the same, or is
// refused; never a panic.
func FuzzParseLine(f *testing.F) {
	for _, s := range []string{"@lancers /battle move unit:A1 to:0807", `/x a:"b c" # d`, `@u /c "w" o:"\"\\"`, "@", `"`, "/x a:b:c"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		l, err := ParseLine(s)
		if err != nil || l == nil {
			return
		}
		again, err := ParseLine(l.String())
		if err != nil || !reflect.DeepEqual(again, l) {
			t.Fatalf("%q read as %+v, written %q, read again %+v, %v", s, l, l.String(), again, err)
		}
	})
}
