package referee

import (
	"testing"

	"bfbot/internal/clonetest"
)

// Ensure State.Clone copies every field but the map, which states share
// (it never changes once made), and Apply's work in progress, which a
// finished state never has: a field added to State or to anything it
// holds, and not copied, fails here.
func TestStateClone(t *testing.T) {
	clonetest.Check(t, (*State).Clone, "State.Map", "State.building")
}
