package storage

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// Ensure a delta rebuilds its target from its base whatever the edits
// between them (none, a few bytes, inserted and deleted runs, nothing in
// common), and that a small change makes a small delta.
func TestDelta(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	base := make([]byte, 20000)
	for i := range base {
		base[i] = "{}:,abcdefgh0123xy"[r.IntN(18)]
	}
	edit := func(n int) []byte {
		out := bytes.Clone(base)
		for range n {
			i := r.IntN(len(out))
			switch r.IntN(3) {
			case 0:
				out[i] = 'X'
			case 1:
				out = append(out[:i], append(bytes.Repeat([]byte("new"), r.IntN(50)), out[i:]...)...)
			default:
				out = append(out[:i], out[min(len(out), i+r.IntN(300)):]...)
			}
		}
		return out
	}
	for _, tc := range []struct {
		name   string
		target []byte
		most   int // bytes the delta may take, 0 for any
	}{
		{"Same", bytes.Clone(base), 16},
		{"OneByte", edit(1), 200},
		{"TenEdits", edit(10), 3000},
		{"HundredEdits", edit(100), 0},
		{"Empty", nil, 16},
		{"Unrelated", bytes.Repeat([]byte("zq"), 5000), 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := makeDelta(base, tc.target)
			got, err := applyDelta(base, d)
			if err != nil || !bytes.Equal(got, tc.target) {
				t.Fatalf("applyDelta = %d bytes, %v; want the %d-byte target", len(got), err, len(tc.target))
			}
			if tc.most > 0 && len(d) > tc.most {
				t.Errorf("delta of %d bytes, want at most %d", len(d), tc.most)
			}
		})
	}
	t.Run("Damaged", func(t *testing.T) {
		// A copy beyond the base, literal bytes cut short, a copy cut short.
		for _, bad := range [][]byte{{0, 0xff, 0xff, 0xff, 0xff, 0x0f, 1}, {5, 'a'}, {1, 'a', 3}} {
			if _, err := applyDelta(base, bad); err == nil {
				t.Errorf("applyDelta(%x) gave no error", bad)
			}
		}
	})
}

// Ensure commonPrefix and commonSuffix find where two byte strings part
// wherever that falls against their blocks: before, on and after a block's
// edge, at either end, and in strings of unequal length.
func TestCommonEnds(t *testing.T) {
	base := bytes.Repeat([]byte("0123456789abcdef"), 3*compareBlock/16+1)
	for _, at := range []int{0, 1, compareBlock - 1, compareBlock, compareBlock + 1, 2*compareBlock + 7, len(base) - 1} {
		for _, extra := range []int{0, 5, compareBlock} {
			a := append(bytes.Clone(base), bytes.Repeat([]byte("x"), extra)...)
			b := bytes.Clone(a)
			b[at] ^= 0xff
			if got := commonPrefix(a, b); got != at {
				t.Errorf("prefix: differing at %d of %d: got %d", at, len(a), got)
			}
			if got, want := commonSuffix(a, b), len(a)-1-at; got != want {
				t.Errorf("suffix: differing at %d of %d: got %d, want %d", at, len(a), got, want)
			}
			if got := commonPrefix(a, a[:at]); got != at {
				t.Errorf("prefix of a string and its first %d bytes: got %d", at, got)
			}
			if got := commonSuffix(a, a[at:]); got != len(a)-at {
				t.Errorf("suffix of a string and its last %d bytes: got %d", len(a)-at, got)
			}
		}
	}
}
