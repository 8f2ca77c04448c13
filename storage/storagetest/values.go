package storagetest

import (
	"encoding/binary"
	"fmt"
)

// Value is a value stored in a bbolt file, found by walking the file's
// B+tree from its newer meta page: its place in the file and the bucket
// names and key it is stored under. Only the values the file's newest
// transaction reaches are listed, not those on free pages.
type Value struct {
	Path   [][]byte // the buckets' names from the root, then the key
	Offset int      // of the value's first byte in the file
	Len    int
}

// bbolt's elements (go.etcd.io/bbolt/internal/common): a branch
// element is pos, ksize (uint32 each) and the child's page (uint64); a
// leaf element flags, pos, ksize, vsize (uint32 each), the key and value
// at pos bytes from the element. A bucket's value starts with its root
// page and sequence (uint64 each); a root of 0 is an inline bucket whose
// page follows.
const (
	elementSize = 16
	flagBucket  = 0x01
	bucketSize  = 16
)

// Values lists the values (not the buckets) the newest transaction of
// good, a sound bbolt file, holds.
func Values(good []byte) []Value {
	var out []Value
	walk(good, func(int) {}, func(int, int) {}, func(v Value) { out = append(out, v) })
	return out
}

// walk follows good's B+tree from its newer meta page, calling page with
// the offset of each branch and leaf page it reaches, inline with the
// offset of each bucket's inline page and the end of the value holding
// it, and value with each value (not bucket) it holds.
func walk(good []byte, page func(at int), inline func(at, end int), value func(Value)) {
	ps := int(binary.LittleEndian.Uint32(good[metaPageSize:]))
	meta := 0
	if binary.LittleEndian.Uint64(good[ps+metaRoot+32:]) > binary.LittleEndian.Uint64(good[metaRoot+32:]) {
		meta = ps
	}
	var node func(at int, path [][]byte)
	node = func(at int, path [][]byte) {
		flags := binary.LittleEndian.Uint16(good[at+8:])
		count := int(binary.LittleEndian.Uint16(good[at+10:]))
		for i := range count {
			e := at + pageHeader + i*elementSize
			if flags&flagBranch != 0 {
				child := int(binary.LittleEndian.Uint64(good[e+8:])) * ps
				page(child)
				node(child, path)
				continue
			}
			eflags := binary.LittleEndian.Uint32(good[e:])
			pos := int(binary.LittleEndian.Uint32(good[e+4:]))
			ksize := int(binary.LittleEndian.Uint32(good[e+8:]))
			vsize := int(binary.LittleEndian.Uint32(good[e+12:]))
			key := good[e+pos : e+pos+ksize]
			val := e + pos + ksize
			sub := append(append([][]byte{}, path...), key)
			if eflags&flagBucket == 0 {
				value(Value{Path: sub, Offset: val, Len: vsize})
				continue
			}
			if root := int(binary.LittleEndian.Uint64(good[val:])) * ps; root != 0 {
				page(root)
				node(root, sub)
			} else {
				inline(val+bucketSize, val+vsize)
				node(val+bucketSize, sub)
			}
		}
	}
	root := int(binary.LittleEndian.Uint64(good[meta+metaRoot:])) * ps
	page(root)
	node(root, nil)
}

// Flips returns copies of good with one byte of value v changed, xor
// mask: its first, middle and last byte, and with all every step-th
// byte from the first as well.
func Flips(good []byte, v Value, mask byte, all bool, step int) []Corruption {
	at := map[int]bool{0: true, v.Len / 2: true, v.Len - 1: true}
	if all {
		for i := 0; i < v.Len; i += step {
			at[i] = true
		}
	}
	var out []Corruption
	for i := range v.Len {
		if !at[i] {
			continue
		}
		b := append([]byte(nil), good...)
		b[v.Offset+i] ^= mask
		out = append(out, Corruption{fmt.Sprintf("byte %d of %d of the value at %q flipped (xor %#x)", i, v.Len, v.Path, mask), b})
	}
	return out
}
