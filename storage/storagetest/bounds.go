package storagetest

import (
	"encoding/binary"
	"fmt"
)

// outOfBounds returns copies of good, whose page size is ps and whose
// pages in use are used, with one element's key position moved just out
// of where it may lie, behind sound page headers: the first element of
// the lowest leaf page in use, its key starting at the end of the file
// and at the first byte past its page (inside the file), and the first
// element of the first inline bucket's page, its key starting at the
// first byte past the bucket's value. bbolt reads such a key wherever
// it points: past the file, where its memory map may end (a fault) or
// not (the bytes of whatever lies there, so a crash is luck); inside the
// file, other bytes, which its check need not notice.
func outOfBounds(good []byte, ps int, used map[int]bool) []Corruption {
	var out []Corruption
	// A leaf element is flags, pos, ksize, vsize (uint32 each); pos
	// counts from the element's first byte.
	move := func(name string, element, keyAt int) {
		b := append([]byte(nil), good...)
		binary.LittleEndian.PutUint32(b[element+4:], uint32(keyAt-element))
		out = append(out, Corruption{name, b})
	}
	if leaf := firstPage(good, ps, used, flagLeaf); leaf >= 0 {
		end := leaf + (int(binary.LittleEndian.Uint32(good[leaf+12:]))+1)*ps
		move(fmt.Sprintf("leaf page %d: first element's key past the end of the file", leaf/ps), leaf+pageHeader, len(good))
		move(fmt.Sprintf("leaf page %d: first element's key past its page", leaf/ps), leaf+pageHeader, end)
	}
	inline, inlineEnd := -1, 0
	walk(good, func(int) {}, func(at, end int) {
		if inline < 0 && binary.LittleEndian.Uint16(good[at+10:]) > 0 {
			inline, inlineEnd = at, end
		}
	}, func(Value) {})
	if inline >= 0 {
		move(fmt.Sprintf("inline bucket in page %d: first element's key past the bucket's value", inline/ps), inline+pageHeader, inlineEnd)
	}
	return out
}
