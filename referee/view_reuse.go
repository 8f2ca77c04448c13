package referee

import (
	"reflect"
	"slices"
	"unsafe"
)

// A view built in the memory of the one before (ViewReusing) keeps the
// entries that have not changed. A state never changes a unit it shares
// with the state before it (Apply copies a unit before it changes it,
// State.own), so an entry built from the same *Unit, for the same
// viewer knowing the same of it, with the same sides knowing it and the
// same units aboard, is the entry it would build again; the AI asks for
// a view at every decision, and one action changes a unit or a few of
// hundreds.

// viewBuilt is what a view's entry was built from: the unit, what the
// viewer knew of it and, for an entry in full, the sides (by their place
// in State.Sides) that knew its class and its values (knownByOthers).
type viewBuilt struct {
	u                *Unit
	known            Knowledge
	revealed, probed uint64
}

// reuseViewUnits brings the units of the view before, in b, up to date
// for s: it keeps each entry that is unchanged and builds the others
// again in the memory they hold. It reports false, having changed some
// entries or none, when the view shows other units than the view before,
// or shows one with or without a hex, values or detail where the view
// before did not: the view must then be built afresh (buildViewUnits).
func (s *State) reuseViewUnits(c viewContext, b *ViewBuffer) bool {
	if b.side != c.side || b.referee != c.referee || len(b.built) != len(b.units) || len(s.Sides) > 64 {
		return false
	}
	// While every side's Known map is the one the entries were built
	// with, what the sides know of a unit the entry was built from is
	// what it was then (a state never changes a Known map another
	// shares, State.ownKnown): it is not looked up again. Outside the
	// deployment whether the view shows the unit depends on the unit
	// alone.
	var ids [4]unsafe.Pointer
	sameKnown := s.Phase != PhaseDeploy && slices.Equal(knownMaps(c.knownBy, ids[:0]), b.known)
	j := 0
	for _, u := range s.Units {
		var shown, full bool
		var k Knowledge
		kept := sameKnown && j < len(b.built) && b.built[j].u == u
		if kept {
			full = u.Side == c.side || c.referee
			shown, k = full || s.viewShows(u), b.built[j].known
		} else {
			shown, full, k = s.shows(c, u)
		}
		if !shown {
			continue
		}
		if j == len(b.units) {
			return false
		}
		vu, was := &b.units[j], &b.built[j]
		if vu.ID != u.ID || (vu.Hex != nil) != u.Status.OnMap() || (vu.Values != nil) != (k&KnowValues != 0) || (vu.Detail != nil) != full {
			return false
		}
		var revealed, probed uint64
		switch {
		case kept:
			revealed, probed = was.revealed, was.probed
		case full:
			revealed, probed = s.knownByOthers(u, c.knownBy)
		}
		if was.u != u || was.known != k || was.revealed != revealed || was.probed != probed || vu.SideIndex != c.index[u.Side] ||
			(full && !slices.Equal(vu.Detail.Carrying, c.carrying[u.ID])) {
			at, values, detail := vu.Hex, vu.Values, vu.Detail
			*vu = s.viewUnit(c, u, k)
			if at != nil {
				*at, vu.Hex = u.Hex, at
			}
			if values != nil {
				*values, vu.Values = probeValues(u), values
			}
			if detail != nil {
				var sides []string // not b.sides, which the kept entries' lists share
				*detail, vu.Detail = s.ownDetail(u, c.carrying[u.ID], c.knownBy, &sides), detail
			}
			*was = viewBuilt{u: u, known: k, revealed: revealed, probed: probed}
		}
		j++
	}
	return j == len(b.units)
}

// knownMaps appends to ids the identities of the Known maps of knownBy
// (the sides' by their place in State.Sides), which tell one map from
// another where the maps themselves cannot be compared.
func knownMaps(knownBy []map[string]Knowledge, ids []unsafe.Pointer) []unsafe.Pointer {
	for _, m := range knownBy {
		ids = append(ids, reflect.ValueOf(m).UnsafePointer())
	}
	return ids
}

// knownByOthers are the sides other than u's (bits by their place in
// State.Sides, at most 64) that know u's class (a ground unit's: the
// others have no blind) and its values: what ownDetail lists as
// RevealedTo and ProbedBy, for knownBy the sides' Known maps.
func (s *State) knownByOthers(u *Unit, knownBy []map[string]Knowledge) (revealed, probed uint64) {
	for i := range s.Sides {
		if i >= 64 || s.Sides[i].ID == u.Side {
			continue
		}
		k := knownIn(knownBy[i], s.Sides[i].ID, u)
		if k&KnowClass != 0 && u.Class.Ground() {
			revealed |= 1 << i
		}
		if k&KnowValues != 0 {
			probed |= 1 << i
		}
	}
	return revealed, probed
}
