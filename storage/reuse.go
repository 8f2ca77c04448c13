package storage

import (
	"bytes"
	"slices"
	"unsafe"

	"bfbot/campaign"
	"bfbot/campaign/forces"
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
// The map is compared by identity; the core (the campaign without its
// log, map, sides and battles), each side without its units, each of a
// side's units and each battle by their memory, one level down
// (sameMemory): an order changes its side's orders and leaves the core
// and the other side alone, whose 1.2 KB cost more to encode than to
// compare; a copy of the campaign (Clone) makes new lists of units whose
// lances share their members, and comparing two sides' units costs a
// tenth of encoding them. An UpdateFunc may set the fields of the campaign it is given,
// of its sides and of its battles (the base below keeps copies of what
// it compares), but must not change in place what they reach: an element
// of a side's units, a battle's state, log or lists (UpdateFunc).

// partsBase is what a change starts from, taken before the change runs:
// the document the revision before was stored with, split in parts, and
// what identifies the Go values of its large parts.
type partsBase struct {
	lines [][]byte // the document's parts; nil unless it is in parts
	// copied are the parts the change's document copied from lines
	// (encodeDocParts): the same bytes, which the record need not
	// compare again to reuse their packed ones (appendParts).
	copied  []bool
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
// for a change of c to compare its own with; lines are doc's parts
// (splitParts) when known, else nil. It must be called before the change
// runs: the change may set c's fields.
func newPartsBase(c *campaign.Campaign, doc []byte, lines [][]byte) *partsBase {
	return new(partsBase).reset(c, doc, lines)
}

// reset makes b newPartsBase(c, doc, lines), in b's own lists (the
// store's base, kept from change to change: Store.base), and returns
// it, or nil when doc is not in parts.
func (b *partsBase) reset(c *campaign.Campaign, doc []byte, lines [][]byte) *partsBase {
	if !isParts(doc) {
		return nil
	}
	if lines == nil {
		lines = splitParts(doc)
	}
	if len(lines) != 3+2*len(c.Sides)+len(c.Battles) {
		return nil // not c's document: never the case, but then nothing is copied
	}
	b.lines, b.core, b.m = lines, coreOf(c), c.Map
	b.copied = slices.Grow(b.copied[:0], len(lines))[:len(lines)]
	clear(b.copied)
	b.battles = append(b.battles[:0], c.Battles...)
	b.sides, b.units = b.sides[:0], b.units[:0]
	for _, s := range c.Sides {
		b.sides, b.units = append(b.sides, sideOf(s)), append(b.units, s.Units)
	}
	return b
}

// sameCore, sameMap, sameSide, sameUnits and sameBattle report whether
// c's part is the base's value, so that its line may be copied: a
// side's or a battle's line has the same index in both documents when
// the sides are as many. core and side are c's parts (coreOf, sideOf).
func (b *partsBase) sameCore(core *campaign.Campaign) bool {
	return b != nil && sameMemory(core, &b.core)
}

func (b *partsBase) sameSide(c *campaign.Campaign, side *campaign.Side, i int) bool {
	if b == nil || len(c.Sides) != len(b.sides) {
		return false
	}
	return sameMemory(side, &b.sides[i])
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
	if len(u) == 0 || len(u) != len(was) {
		return false
	}
	if &u[0] == &was[0] {
		return true
	}
	for i := range u {
		if !sameUnit(&u[i], &was[i]) {
			return false
		}
	}
	return true
}

// membersCap is where in a unit its lance's members' capacity is: Clone
// clips the members it shares (campaign.Side), which changes only that.
var membersCap = unsafe.Offsetof(campaign.Unit{}.Lance) + unsafe.Offsetof(forces.Lance{}.Members) + 2*unsafe.Sizeof(uintptr(0))

// sameUnit is sameMemory of two units but for their members' capacity,
// which does not encode.
func sameUnit(a, b *campaign.Unit) bool {
	x, y := memoryOf(a), memoryOf(b)
	end := membersCap + unsafe.Sizeof(uintptr(0))
	return bytes.Equal(x[:membersCap], y[:membersCap]) && bytes.Equal(x[end:], y[end:])
}

func (b *partsBase) sameBattle(c *campaign.Campaign, i int) bool {
	if b == nil || len(c.Sides) != len(b.units) || i >= len(b.battles) {
		return false
	}
	return sameMemory(&c.Battles[i], &b.battles[i])
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

// sameMemory reports whether *a and *b hold the same bytes: every number
// and flag alike, every string, slice, map and pointer the same one
// (a string's or slice's bytes at the same place, of the same length),
// structs and arrays field by field. What they reach is not compared:
// nothing changes in place what a campaign from the store reaches
// (UpdateFunc). Two values that would encode alike may still differ
// (the same text at another place, a slice's capacity, the padding
// between fields): that costs an encoding, never a lost change. It
// replaced a comparison by reflection, field by field, which cost as
// much as encoding the smaller parts.
func sameMemory[T any](a, b *T) bool { return bytes.Equal(memoryOf(a), memoryOf(b)) }

// memoryOf is the bytes *v is made of.
func memoryOf[T any](v *T) []byte {
	return unsafe.Slice((*byte)(unsafe.Pointer(v)), unsafe.Sizeof(*v))
}
