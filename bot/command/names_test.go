package command

import (
	"context"
	"reflect"
	"strings"
	"testing"
)

// Ensure every command a name enters by refuses a bad one with the one
// check's message (internal/usertext: the field, the name with its
// hidden characters shown, what is wrong, where, how to fix it), and
// changes nothing.
func TestNamesRefused(t *testing.T) {
	guard := attFile(t, "testdata/att_guard.yaml")
	harlech := attFile(t, "testdata/att_harlech.yaml")
	edit := func(f File, old, new string) File {
		t.Helper()
		if !strings.Contains(string(f.Data), old) {
			t.Fatalf("%s does not hold %q", f.Name, old)
		}
		return File{Name: f.Name, Data: []byte(strings.Replace(string(f.Data), old, new, 1))}
	}
	for _, tc := range []struct {
		name  string
		files map[string]File
		kv    []string
		want  string
	}{
		{"ZeroWidth", nil, []string{"name", "Harl\u200Bech"},
			`⚠ name: "Harl\u200bech" has a zero-width character (U+200B) at position 5; remove it`},
		{"Bidi", nil, []string{"name", "\u202Eeveryone"},
			`⚠ name: "\u202eeveryone" has a bidirectional-text control (U+202E) at position 1; remove it`},
		{"TwoLines", nil, []string{"name", "a\nb"},
			`⚠ name: "a\nb" has a line break (U+000A) at position 2; write it on one line`},
		{"TooLong", nil, []string{"name", strings.Repeat("x", 61)},
			`has 61 characters; a campaign name has at most 60; shorten it`},
		{"Blank", nil, []string{"name", "   "}, `name: empty: give a campaign name`},
		{"RegimentFileName", map[string]File{"regiment_file": edit(guard, "name: Harlech Guard", `name: "Harlech\u200DGuard"`)}, []string{"name", "Files", "regiments", "bandits"},
			`line 3: name: "Harlech\u200dGuard" has a zero-width character (U+200D) at position 8; remove it`},
		{"MapFileSectorName", map[string]File{"map_file": edit(harlech, "name: Harlech Valley", `name: "Harlech\u2066Valley"`)}, []string{"name", "Files"},
			`name: "Harlech\u2066Valley" has a bidirectional-text control (U+2066) at position 8; remove it`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			reg, store := attRegistry(t)
			got := attDo(reg, attRequest("ref", "campaign", "create", tc.files, tc.kv...))
			if !strings.Contains(got, tc.want) {
				t.Errorf("got %q\nwant it to hold %q", got, tc.want)
			}
			if list, _ := store.List(context.Background()); len(list) != 0 {
				t.Errorf("a campaign was created: %v", list)
			}
		})
	}
}

// Ensure a campaign's name is kept trimmed, and names the check lets
// through (accents, other scripts, symbols) are kept as typed.
func TestNamesKept(t *testing.T) {
	reg, store := attRegistry(t)
	got := attDo(reg, attRequest("ref", "campaign", "create", nil, "name", "  Légion «Müller» 雷霆  "))
	if !strings.HasPrefix(got, "public : Campaign 1 “Légion «Müller» 雷霆” is set up") {
		t.Fatalf("got %q", got)
	}
	c, err := store.Get(context.Background(), 1)
	if err != nil {
		t.Fatal(err)
	}
	if c.Name != "Légion «Müller» 雷霆" {
		t.Errorf("stored name %q", c.Name)
	}
}

// Ensure /bg rename and /bg split refuse a bad battlegroup name with the
// one check's message and leave the worksheet as it was.
func TestBattlegroupNamesRefused(t *testing.T) {
	f := cmdNewFixture(t, true)
	for _, tc := range []struct {
		sub  string
		kv   []string
		want string
	}{
		{"rename", []string{"bg", "2", "name", "Ham\u2060mer"}, `⚠ name: "Ham\u2060mer" has a zero-width character (U+2060) at position 4; remove it`},
		{"rename", []string{"bg", "2", "name", strings.Repeat("x", 41)}, `has 41 characters; a battlegroup name has at most 40; shorten it`},
		{"split", []string{"bg", "2", "units", "A6", "name", "Strike\u202D"}, `⚠ name: "Strike\u202d" has a bidirectional-text control (U+202D) at position 7; remove it`},
		{"split", []string{"bg", "2", "units", "A6", "name", "a\x1bb"}, `⚠ name: "a\x1bb" has a control character (U+001B) at position 2; remove it`},
	} {
		before, _ := f.store.Get(context.Background(), 1)
		got := cmdTexts(f.cmdDo("alice", "bg", tc.sub, tc.kv...))
		if !strings.Contains(got, tc.want) {
			t.Errorf("/bg %s %q: got %q\nwant it to hold %q", tc.sub, tc.kv, got, tc.want)
		}
		if after, _ := f.store.Get(context.Background(), 1); !reflect.DeepEqual(after, before) {
			t.Errorf("/bg %s %q changed the campaign", tc.sub, tc.kv)
		}
	}
}

// Ensure the display names Discord gives (a nickname, which the bot
// cannot refuse) reach no post with what usertext refuses in typed
// names: a bidirectional control that would reorder the rest of a public
// line, zero-width characters, line breaks that would start a line of
// their own; nor longer than a name may be. Each is shown with those
// characters left out, and a name of nothing else as "a player".
func TestDisplayNamesShown(t *testing.T) {
	f := cmdNewFixture(t, false)
	for _, tc := range []struct{ name, shown string }{
		{"\u202EEve", "Eve"},
		{"Ev\u200Be", "Eve"},
		{"Eve\nTurn 9, end: crucis wins", "Eve Turn 9, end: crucis wins"},
		{"\u2066\u200B", "a player"},
		{strings.Repeat("E", 100), strings.Repeat("E", 40)},
	} {
		r := cmdRequest("eve", "roll", "", "dice", "1d6")
		r.User.Name = tc.name
		got := cmdTexts(f.reg.Dispatch(context.Background(), r))
		if !strings.Contains(got, "public : "+tc.shown+" rolls 1d6") || strings.Contains(got, tc.name) {
			t.Errorf("%q rolls: %q, want the roll shown as %q's", tc.name, got, tc.shown)
		}
	}
	r := cmdRequest("eve", "campaign", "join", "side", "crucis")
	r.User.Name = "\u202EEve\u200B"
	f.reg.Dispatch(context.Background(), r)
	if got := f.scdCampaign(1).NameOf("eve"); got != "Eve" {
		t.Errorf("the campaign names her %q, want Eve", got)
	}
}
