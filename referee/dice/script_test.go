package dice_test

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"

	"bfbot/referee/dice"
)

// MustScript returns a Script of faces, failing the test if they are bad.
func MustScript(tb testing.TB, faces ...int) *dice.Script {
	tb.Helper()
	s, err := dice.NewScript(faces...)
	if err != nil {
		tb.Fatal(err)
	}
	return s
}

// drain returns every face left in s.
func drain(tb testing.TB, s *dice.Script) []int {
	tb.Helper()
	return faces(tb, s, s.Remaining())
}

// Ensure `--dice` lists parse, and a bad one names the item and its place.
func TestParseFaces(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want []int
	}{
		{"3,4,6", []int{3, 4, 6}},
		{" 3 , 4,6 ", []int{3, 4, 6}},
		{"\t2,\t5\n", []int{2, 5}},
		{"1", []int{1}},
		{"1,2,3,4,5,6", []int{1, 2, 3, 4, 5, 6}},
	} {
		t.Run("OK", func(t *testing.T) {
			s, err := dice.ParseFaces(tt.in)
			if err != nil {
				t.Fatalf("ParseFaces(%q): %v", tt.in, err)
			}
			if got := drain(t, s); !slices.Equal(got, tt.want) {
				t.Fatalf("ParseFaces(%q) gives %v, want %v", tt.in, got, tt.want)
			}
		})
	}

	for _, tt := range []struct {
		in, want string
	}{
		{"", `no dice faces given: write them like 3,4,6`},
		{"  ", `no dice faces given: write them like 3,4,6`},
		{"3,7,1", `dice face 2 is "7": faces are 1 to 6`},
		{"0", `dice face 1 is "0": faces are 1 to 6`},
		{"3,,4", `dice face 2 is "": faces are 1 to 6`},
		{"3,4,", `dice face 3 is "": faces are 1 to 6`},
		{"x", `dice face 1 is "x": faces are 1 to 6`},
		{"+3", `dice face 1 is "+3": faces are 1 to 6`},
		{"03", `dice face 1 is "03": faces are 1 to 6`},
		{"-1", `dice face 1 is "-1": faces are 1 to 6`},
		{"3 4", `dice face 1 is "3 4": faces are 1 to 6`},
		{"3;4", `dice face 1 is "3;4": faces are 1 to 6`},
		{"1,٣", `dice face 2 is "٣": faces are 1 to 6`},
		{"1,2," + strings.Repeat("9", 40), `dice face 3 is "999999999999…": faces are 1 to 6`},
	} {
		t.Run("Err", func(t *testing.T) {
			s, err := dice.ParseFaces(tt.in)
			if err == nil {
				t.Fatalf("ParseFaces(%q) accepted %v", tt.in, drain(t, s))
			}
			if got := err.Error(); got != tt.want {
				t.Fatalf("ParseFaces(%q):\n got %s\nwant %s", tt.in, got, tt.want)
			}
		})
	}
}

// Ensure NewScript checks its faces and keeps its own copy of them.
func TestNewScript(t *testing.T) {
	t.Run("OK", func(t *testing.T) {
		in := []int{6, 1, 3}
		s := MustScript(t, in...)
		in[0] = 2
		if got, want := drain(t, s), []int{6, 1, 3}; !slices.Equal(got, want) {
			t.Fatalf("got %v, want %v", got, want)
		}
	})

	t.Run("Empty", func(t *testing.T) {
		if got := MustScript(t).Remaining(); got != 0 {
			t.Fatalf("Remaining() = %d, want 0", got)
		}
	})

	for _, tt := range []struct {
		in   []int
		want string
	}{
		{[]int{3, 7}, `dice face 2 is 7: faces are 1 to 6`},
		{[]int{0}, `dice face 1 is 0: faces are 1 to 6`},
		{[]int{1, 2, -4}, `dice face 3 is -4: faces are 1 to 6`},
	} {
		t.Run("ErrBadFace", func(t *testing.T) {
			_, err := dice.NewScript(tt.in...)
			if err == nil || err.Error() != tt.want {
				t.Fatalf("NewScript(%v) err = %v, want %s", tt.in, err, tt.want)
			}
		})
	}
}

// Ensure a script that runs out says so, with how many faces it was given,
// rather than handing out a made-up face.
func TestScript_OutOfDice(t *testing.T) {
	s := MustScript(t, 3, 4)
	faces(t, s, 2)
	if got := s.Remaining(); got != 0 {
		t.Fatalf("Remaining() = %d, want 0", got)
	}
	for range 2 { // stays exhausted
		f, err := s.Face()
		if !errors.Is(err, dice.ErrOutOfDice) {
			t.Fatalf("Face() = %d, %v; want ErrOutOfDice", f, err)
		}
		if got, want := err.Error(), "out of scripted dice: 2 given, all used"; got != want {
			t.Fatalf("got %q, want %q", got, want)
		}
	}
}

// Ensure a battle's log, replayed, gives the battle's dice again (R9).
func TestReplay(t *testing.T) {
	t.Run("OK", func(t *testing.T) {
		play := func(d *dice.Dice) {
			t.Helper()
			for i := range 30 {
				if _, err := d.Roll("attack "+strconv.Itoa(i), 1+i%3); err != nil {
					t.Fatal(err)
				}
			}
		}
		orig := dice.New(dice.NewSeeded(7))
		play(orig)
		script, err := dice.Replay(orig.Log())
		if err != nil {
			t.Fatal(err)
		}
		again := dice.New(script)
		play(again)
		if got, want := again.Log(), orig.Log(); !slices.EqualFunc(got, want, sameRoll) {
			t.Fatalf("replay gave\n %v\nwant\n %v", got, want)
		}
		if got := script.Remaining(); got != 0 {
			t.Fatalf("replay left %d faces unused", got)
		}
	})

	t.Run("ErrBadFace", func(t *testing.T) {
		_, err := dice.Replay([]dice.Roll{{Purpose: "a", Faces: []int{1}}, {Purpose: "b", Faces: []int{2, 9}}})
		if want := `replaying roll "b": dice face 2 is 9: faces are 1 to 6`; err == nil || err.Error() != want {
			t.Fatalf("err = %v, want %s", err, want)
		}
	})
}

func sameRoll(a, b dice.Roll) bool {
	return a.Purpose == b.Purpose && slices.Equal(a.Faces, b.Faces)
}

// Ensure ParseFaces never panics and only ever accepts faces 1 to 6, which
// it gives back in the order written.
func FuzzParseFaces(f *testing.F) {
	for _, s := range []string{"3,4,6", " 3 , 4,6 ", "", ",", "7", "3,,4", "+3", "1,2,3,4,5,6,6,6", "٣", "\x00", "1,\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		s, err := dice.ParseFaces(in)
		if err != nil {
			if s != nil {
				t.Fatalf("ParseFaces(%q) gave a script and an error", in)
			}
			return
		}
		got := drain(t, s)
		if len(got) == 0 {
			t.Fatalf("ParseFaces(%q) accepted no faces", in)
		}
		items := strings.Split(in, ",")
		if len(items) != len(got) {
			t.Fatalf("ParseFaces(%q) gave %d faces for %d items", in, len(got), len(items))
		}
		for i, face := range got {
			if face < 1 || face > 6 {
				t.Fatalf("ParseFaces(%q) accepted face %d", in, face)
			}
			if want := strings.TrimSpace(items[i]); strconv.Itoa(face) != want {
				t.Fatalf("ParseFaces(%q) face %d is %d, written %q", in, i+1, face, want)
			}
		}
	})
}
