package usertext

import (
	"strings"
	"testing"
)

// Ensure every rule refuses what it should, with the field, the name,
// what is wrong, where and how to fix it, and lets good names through
// trimmed.
func TestClean(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		kind     Kind
		want     string // the cleaned name, or the error
		bad      bool
	}{
		{"Plain", "Harlech Guard", Campaign, "Harlech Guard", false},
		{"Trimmed", "  Harlech Guard\t ", Campaign, "Harlech Guard", false},
		{"Accents", "Légion de Müller", Campaign, "Légion de Müller", false},
		{"OtherScripts", "雷霆 Лев Ἀθῆναι", Campaign, "雷霆 Лев Ἀθῆναι", false},
		{"Emoji", "Wolves 🐺", Campaign, "Wolves 🐺", false},
		// Mentions and markdown pass: the Discord adapter neutralises them.
		{"MentionPasses", "@everyone **now**", Campaign, "@everyone **now**", false},
		{"StackedAccents", "ệ̃", Campaign, "ệ̃", false},
		{"AtTheLimit", strings.Repeat("x", 40), Battlegroup, strings.Repeat("x", 40), false},
		{"LimitInCharacters", strings.Repeat("é", 40), Battlegroup, strings.Repeat("é", 40), false},

		{"Empty", "", Campaign, `name: empty: give a campaign name`, true},
		{"Blank", " \t ", Campaign, `name: empty: give a campaign name`, true},
		{"TooLong", strings.Repeat("x", 41), Battlegroup, `name: "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…" has 41 characters; a battlegroup name has at most 40; shorten it`, true},
		{"Newline", "Harlech\nGuard", Campaign, `name: "Harlech\nGuard" has a line break (U+000A) at position 8; write it on one line`, true},
		{"CarriageReturn", "a\rb", Campaign, `name: "a\rb" has a line break (U+000D) at position 2; write it on one line`, true},
		{"LineSeparator", "a\u2028b", Campaign, `name: "a\u2028b" has a line break (U+2028) at position 2; write it on one line`, true},
		{"Tab", "a\tb", Campaign, `name: "a\tb" has a tab (U+0009) at position 2; use a space`, true},
		{"Control", "a\x07b", Campaign, `name: "a\ab" has a control character (U+0007) at position 2; remove it`, true},
		{"Delete", "ab\x7f", Campaign, `name: "ab\x7f" has a control character (U+007F) at position 3; remove it`, true},
		{"C1Control", "a\u009bb", Campaign, `name: "a\u009bb" has a control character (U+009B) at position 2; remove it`, true},
		{"ZeroWidthSpace", "Harl\u200Bech", Campaign, `name: "Harl\u200bech" has a zero-width character (U+200B) at position 5; remove it`, true},
		{"ZeroWidthJoiner", "a\u200Db", Campaign, `name: "a\u200db" has a zero-width character (U+200D) at position 2; remove it`, true},
		{"LeftToRightMark", "a\u200Eb", Campaign, `name: "a\u200eb" has a zero-width character (U+200E) at position 2; remove it`, true},
		{"RightToLeftMark", "a\u200Fb", Campaign, `name: "a\u200fb" has a zero-width character (U+200F) at position 2; remove it`, true},
		{"WordJoiner", "a\u2060b", Campaign, `name: "a\u2060b" has a zero-width character (U+2060) at position 2; remove it`, true},
		{"ByteOrderMark", "\uFEFFab", Campaign, `name: "\ufeffab" has a zero-width character (U+FEFF) at position 1; remove it`, true},
		{"PositionCountsLeadingSpaces", "  a\u200Bb", Campaign, `name: "a\u200bb" has a zero-width character (U+200B) at position 4; remove it`, true},
		{"PositionInCharacters", "éé\u200B", Campaign, `name: "éé\u200b" has a zero-width character (U+200B) at position 3; remove it`, true},
		{"LeftToRightEmbedding", "a\u202Ab", Campaign, `name: "a\u202ab" has a bidirectional-text control (U+202A) at position 2; remove it`, true},
		{"RightToLeftOverride", "gnp.\u202Eexe", Campaign, `name: "gnp.\u202eexe" has a bidirectional-text control (U+202E) at position 5; remove it`, true},
		{"LeftToRightIsolate", "a\u2066b", Campaign, `name: "a\u2066b" has a bidirectional-text control (U+2066) at position 2; remove it`, true},
		{"PopDirectionalIsolate", "a\u2069b", Campaign, `name: "a\u2069b" has a bidirectional-text control (U+2069) at position 2; remove it`, true},
		{"ArabicLetterMark", "a\u061Cb", Campaign, `name: "a\u061cb" has a bidirectional-text control (U+061C) at position 2; remove it`, true},
		{"InvalidUTF8", "ab\xffc", Campaign, `name: not valid UTF-8 text (byte 3): save or type it again as UTF-8`, true},
		{"TruncatedUTF8", "ab\xc3", Campaign, `name: not valid UTF-8 text (byte 3): save or type it again as UTF-8`, true},
		{"Replacement", "a\uFFFDb", Campaign, `name: "a�b" has a replacement character (U+FFFD) at position 2; the text was damaged on its way (saved in another encoding?); type the name again`, true},
		{"PrivateUse", "a\uE000b", Campaign, `name: "a\ue000b" has a private-use character (U+E000) at position 2; remove it: it shows differently, or not at all, from one font to another`, true},
		{"SoftHyphen", "a\u00ADb", Campaign, `name: "a\u00adb" has a character that cannot be shown (U+00AD) at position 2; remove it`, true},
		{"Tag", "a\U000E0041b", Campaign, `name: "a\U000e0041b" has a character that cannot be shown (U+E0041) at position 2; remove it`, true},
		{"PiledMarks", "a" + strings.Repeat("\u0301", 5), Campaign, `name: "a` + strings.Repeat("\u0301", 5) + `" has more than 4 combining marks on one character at position 6; remove the extra marks`, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := tc.kind.Clean("name", tc.in)
			switch {
			case tc.bad && err == nil:
				t.Fatalf("Clean(%q) = %q, want the error %s", tc.in, got, tc.want)
			case tc.bad && err.Error() != tc.want:
				t.Errorf("Clean(%q) error\n got %s\nwant %s", tc.in, err, tc.want)
			case !tc.bad && err != nil:
				t.Errorf("Clean(%q): %v, want %q", tc.in, err, tc.want)
			case !tc.bad && got != tc.want:
				t.Errorf("Clean(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}

// Ensure the error names the field it was given, so a file's path or an
// option's name says where the bad name is.
func TestCleanNamesTheField(t *testing.T) {
	_, err := Sector.Clean("map.yaml line 4: sectors[2].name", "a\u202Eb")
	if err == nil || !strings.HasPrefix(err.Error(), "map.yaml line 4: sectors[2].name: ") {
		t.Errorf("error %v, want it to start with the field", err)
	}
}

// Ensure an error never shows a raw character it refuses: the quoted
// name escapes them, so the message cannot itself reorder or hide text.
func TestErrorsShowNoRefusedCharacter(t *testing.T) {
	for _, r := range []rune{'\n', '\u200B', '\u202E', '\u2066', '\uFEFF', '\u00AD', '\x07'} {
		_, err := Campaign.Clean("name", "ab"+string(r)+"cd")
		if err == nil {
			t.Fatalf("%U passed", r)
		}
		if strings.ContainsRune(err.Error(), r) {
			t.Errorf("the error for %U holds it raw: %q", r, err)
		}
	}
}

// Ensure Display shows a name the bot cannot refuse with what Clean
// refuses left out, line breaks and tabs as spaces, within MaxDisplay.
func TestDisplay(t *testing.T) {
	for in, want := range map[string]string{
		"Alice":                                 "Alice",
		"  Al\u200Bice \u202E":                  "Alice",
		"Al\tice\r\nSmith":                      "Al ice Smith",
		"e\u0301\u0301\u0301\u0301\u0301\u0301": "e\u0301\u0301\u0301\u0301",
		"Bad\xffByte\U000F0000":                 "BadByte",
		"\u2066\u2069":                          "",
		strings.Repeat("é", 50):                 strings.Repeat("é", MaxDisplay),
	} {
		if got := Display(in); got != want {
			t.Errorf("Display(%q) = %q, want %q", in, got, want)
		}
	}
}
