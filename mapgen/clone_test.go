package mapgen

import (
	"testing"

	"bfbot/internal/clonetest"
)

// Ensure Map.Clone copies every field: a field added to Map (or Cell)
// and not copied fails here.
func TestMapClone(t *testing.T) {
	clonetest.Check(t, (*Map).Clone)
}
