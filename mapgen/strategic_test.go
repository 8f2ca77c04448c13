package mapgen

import (
	"slices"
	"testing"
)

func grid(cols, rows int) *Strategic {
	s := &Strategic{Cols: cols, Rows: rows}
	for r := range rows {
		for c := range cols {
			s.Sectors = append(s.Sectors, Sector{ID: len(s.Sectors) + 1, Col: c, Row: r})
		}
	}
	return s
}

// Ensure sectors are adjacent only across a shared edge, never at a corner.
func TestStrategicAdjacency(t *testing.T) {
	s := grid(4, 3) // IDs 1-4 / 5-8 / 9-12
	for _, tc := range []struct {
		a, b int
		want bool
	}{
		{1, 2, true}, {1, 5, true}, {6, 7, true}, {6, 10, true},
		{1, 6, false}, // corner only
		{4, 5, false}, // end of one row, start of the next
		{1, 1, false}, {1, 13, false}, {0, 1, false},
	} {
		if got := s.Adjacent(tc.a, tc.b); got != tc.want {
			t.Errorf("Adjacent(%d, %d) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
	if got := s.Neighbors(6); !slices.Equal(got, []int{2, 7, 10, 5}) {
		t.Errorf("Neighbors(6) = %v", got)
	}
	if got := s.Neighbors(12); !slices.Equal(got, []int{8, 11}) {
		t.Errorf("Neighbors(12) = %v", got)
	}
	if s.ByID(13) != nil || s.At(4, 0) != nil || s.At(3, 2).ID != 12 {
		t.Error("lookups wrong")
	}
}
