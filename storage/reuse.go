package storage

import (
	"bytes"
	"reflect"
	"slices"

	"bfbot/campaign"
	"bfbot/mapgen"
)

// A change does not copy the campaign it makes a new one of: a sealed
// order copies the top level, the sides' list and the ordering side's
// order lists and shares the rest (campaign.withOrders), and no function
// of the campaign package changes a list, map or battle state that a
// campaign it was given reaches: it copies first (Clone). So a part of
// the new campaign whose Go value is the very one the revision before
// had (the same strategic map, the same array of a side's units, a battle
// whose fields are the same values) encodes as that revision's part did,
// and the change copies its line instead of encoding it again. Encoding
// the units was about a quarter of a command's CPU; an order leaves them
// alone.
//
// The map and each side's units are compared by identity; the core (the
// campaign without its log, map, sides and battles), each side without
// its units and each battle field by field, one level down
// (sameShallow): an order changes its side's orders and leaves the core
// and the other side alone, whose 1.2 KB cost more to encode than to
// compare. An UpdateFunc may set the fields of the campaign it is given,
// of its sides and of its battles (the base below keeps copies of what
// it compares), but must not change in place what they reach: an element
// of a side's units, a battle's state, log or lists (UpdateFunc).

// partsBase is what a change starts from, taken before the change runs:
// the document the revision before was stored with, split in parts, and
// what identifies the Go values of its large parts.
type partsBase struct {
	lines   [][]byte          // the document's parts; nil unless it is in parts
	core    campaign.Campaign // coreOf the campaign
	m       *mapgen.Strategic
	sides   []campaign.Side   // each side's fields but its units (sideOf)
	units   [][]campaign.Unit // each side's units: the slices, not copies
	battles []campaign.Battle // each battle's fields, copied one level
}

// coreOf is c's core part: c without its log, map, sides and battles.
func coreOf(c *campaign.Campaign) campaign.Campaign {
	core := *c
	core.Log, core.Map, core.Sides, core.Battles = campaign.Log{}, nil, nil, nil
	return core
}

// sideOf is a side's part without its units.
func sideOf(s campaign.Side) campaign.Side {
	s.Units = nil
	return s
}

// newPartsBase notes the parts of c, a campaign whose document is doc,
// for a change of c to compare its own with. It must be called before
// the change runs: the change may set c's fields.
func newPartsBase(c *campaign.Campaign, doc []byte) *partsBase {
	if !isParts(doc) {
		return nil
	}
	b := &partsBase{lines: bytes.Split(doc, []byte{'\n'}), core: coreOf(c), m: c.Map, battles: slices.Clone(c.Battles)}
	if len(b.lines) != 3+2*len(c.Sides)+len(c.Battles) {
		return nil // not c's document: never the case, but then nothing is copied
	}
	for _, s := range c.Sides {
		b.sides = append(b.sides, sideOf(s))
		b.units = append(b.units, s.Units)
	}
	return b
}

// sameCore, sameMap, sameSide, sameUnits and sameBattle report whether
// c's part is the base's value, so that its line may be copied: a
// side's or a battle's line has the same index in both documents when
// the sides are as many. core and side are c's parts (coreOf, sideOf).
func (b *partsBase) sameCore(core *campaign.Campaign) bool {
	return b != nil && sameShallow(reflect.ValueOf(core).Elem(), reflect.ValueOf(&b.core).Elem())
}

func (b *partsBase) sameSide(c *campaign.Campaign, side *campaign.Side, i int) bool {
	if b == nil || len(c.Sides) != len(b.sides) {
		return false
	}
	return sameShallow(reflect.ValueOf(side).Elem(), reflect.ValueOf(&b.sides[i]).Elem())
}

func (b *partsBase) sameMap(c *campaign.Campaign) bool {
	return b != nil && c.Map != nil && c.Map == b.m
}

func (b *partsBase) sameUnits(c *campaign.Campaign, side int) bool {
	if b == nil || len(c.Sides) != len(b.units) {
		return false
	}
	u, was := c.Sides[side].Units, b.units[side]
	// An empty list is encoded again: nil and empty encode differently.
	return len(u) > 0 && len(u) == len(was) && &u[0] == &was[0]
}

func (b *partsBase) sameBattle(c *campaign.Campaign, i int) bool {
	if b == nil || len(c.Sides) != len(b.units) || i >= len(b.battles) {
		return false
	}
	return sameShallow(reflect.ValueOf(&c.Battles[i]).Elem(), reflect.ValueOf(&b.battles[i]).Elem())
}

// line returns the base document's part i.
func (b *partsBase) line(i int) []byte { return b.lines[i] }

// verifyCopies makes encodeDocInto encode every part it copied as well
// and refuse a document whose copy differs, wherever selfcheck.On: in
// every test binary (the bot's and the commands' tests store campaigns
// too), so that code that alters in place what a campaign from the
// store reaches fails its tests rather than losing what it changed; but
// not while benchmarks run, whose figures are what the copies save.
// TestPartsCopiedProperty and TestPartsCopied turn it off, so that a
// wrong copy reaches what they compare.
var verifyCopies = true

// sameShallow reports whether a and b, of one type, hold the same values
// one level down: the same maps, the same arrays behind slices (of the
// same length), structs and arrays field by field, and everything else
// as == compares it (numbers, strings, pointers). An interface or a
// function counts as different: a false "different" costs an encoding,
// a false "same" a change.
func sameShallow(a, b reflect.Value) bool {
	switch a.Kind() {
	case reflect.Map:
		return a.Pointer() == b.Pointer()
	case reflect.Slice:
		// Two nil or two empty slices: equal only if both nil or both
		// not (they encode differently).
		return a.Len() == b.Len() && a.Pointer() == b.Pointer() && a.IsNil() == b.IsNil()
	case reflect.Array:
		for i := range a.Len() {
			if !sameShallow(a.Index(i), b.Index(i)) {
				return false
			}
		}
		return true
	case reflect.Struct:
		for i := range a.NumField() {
			if !sameShallow(a.Field(i), b.Field(i)) {
				return false
			}
		}
		return true
	case reflect.Interface:
		// Two nil interfaces encode alike; what one holds is not compared.
		return a.IsNil() && b.IsNil()
	case reflect.Func:
		return false
	}
	// Value.Equal reads unexported fields too, where Interface does not.
	return a.Equal(b)
}
