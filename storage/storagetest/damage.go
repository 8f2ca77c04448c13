// Package storagetest damages database files for tests: truncations and
// byte flips of a good bbolt file, aimed at its meta pages, its branch
// and leaf pages, and at the pointers bbolt follows without checking.
// The storage, app and command-line tests open each copy and show it
// refused with a clear error, never a crash. It also flips bytes inside
// the values the file stores (values.go), which bbolt does not check
// at all: the storage tests show every such flip in a record found by
// the record's own checksum.
package storagetest

import (
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"os"
	"strings"
	"testing"
)

// AllEnv names the environment variable that asks for every corruption
// (Corruptions' all): BFBOT_DAMAGE_ALL=1 go test ./storage/ runs about a
// thousand copies in a minute and a half; plain go test runs a handful.
const AllEnv = "BFBOT_DAMAGE_ALL"

// All reports whether AllEnv is set.
func All() bool { return os.Getenv(AllEnv) != "" }

// Corruption is a damaged copy of a good file.
type Corruption struct {
	Name string
	Data []byte
}

// bbolt's on-disk layout (go.etcd.io/bbolt/internal/common): every page
// starts with a 16-byte header (id uint64, flags uint16, count uint16,
// overflow uint32); a meta page's body holds magic, version, page size,
// flags (uint32 each), the root bucket (root page, sequence), the
// freelist page, the high-water page, the txid (uint64 each) and an FNV-64a
// checksum of everything before it.
const (
	pageHeader   = 16
	flagBranch   = 0x01
	flagLeaf     = 0x02
	metaPageSize = pageHeader + 8
	metaRoot     = pageHeader + 16
	metaChecksum = pageHeader + 56
)

// Corruptions returns damaged copies of good, a bbolt file: a handful
// that between them truncate it, break both meta pages, and break a
// branch and a leaf page, including the kinds that crash bbolt (a leaf
// element or a branch pointer aimed far outside the file behind a valid
// checksum). all adds more offsets and truncations, for a longer run.
func Corruptions(good []byte, all bool) []Corruption {
	ps := int(binary.LittleEndian.Uint32(good[metaPageSize:]))
	var out []Corruption
	add := func(name string, fn func(b []byte) []byte) {
		b := fn(append([]byte(nil), good...))
		out = append(out, Corruption{name, b})
	}
	// Truncations.
	add("truncated to half a meta page", func(b []byte) []byte { return b[:ps/2] })
	add("truncated to its meta pages", func(b []byte) []byte { return b[:2*ps] })
	// Half the pages in use, not half the file: bbolt grows the file
	// ahead of its pages, whose high-water mark may lie in its first half.
	add("truncated to half", func(b []byte) []byte { return b[:highWater(b, ps)/2*ps] })
	// Meta pages: one broken bbolt survives, falling back to the other
	// at the transaction before, which Verify reports (the storage
	// package's TestOpenDamagedMeta); both broken is not a database; a
	// root page beyond the file with a valid checksum points bbolt into
	// nothing.
	add("both meta pages' magic flipped", func(b []byte) []byte {
		b[pageHeader] ^= 0xff
		b[ps+pageHeader] ^= 0xff
		return b
	})
	add("both meta pages' root beyond the file, checksums valid", func(b []byte) []byte {
		for _, m := range []int{0, ps} {
			binary.LittleEndian.PutUint64(b[m+metaRoot:], 1<<30)
			reseal(b[m:])
		}
		return b
	})
	used := inUse(good, ps)
	leaf, branch := firstPage(good, ps, used, flagLeaf), firstPage(good, ps, used, flagBranch)
	if leaf >= 0 {
		out = append(out, leafDamage(good, ps, leaf, "leaf page")...)
	}
	out = append(out, outOfBounds(good, ps, used)...)
	if branch >= 0 {
		// A branch element is pos, ksize (uint32 each), page (uint64).
		add(fmt.Sprintf("branch page %d: first child pointer far outside the file", branch/ps), func(b []byte) []byte {
			binary.LittleEndian.PutUint64(b[branch+pageHeader+8:], 1<<40)
			return b
		})
	}
	if !all {
		return out
	}
	add("truncated by one byte", func(b []byte) []byte { return b[:len(b)-1] })
	add("truncated by one page", func(b []byte) []byte { return b[:len(b)-ps] })
	add("meta page 0's checksum flipped", func(b []byte) []byte { b[metaChecksum] ^= 0x01; return b })
	add("both meta pages' checksums flipped", func(b []byte) []byte {
		b[metaChecksum] ^= 0x01
		b[ps+metaChecksum] ^= 0x01
		return b
	})
	add("both meta pages' freelist beyond the file, checksums valid", func(b []byte) []byte {
		for _, m := range []int{0, ps} {
			binary.LittleEndian.PutUint64(b[m+metaRoot+16:], 1<<30)
			reseal(b[m:])
		}
		return b
	})
	add("both meta pages' high-water mark 1, checksums valid", func(b []byte) []byte {
		for _, m := range []int{0, ps} {
			binary.LittleEndian.PutUint64(b[m+metaRoot+24:], 1)
			reseal(b[m:])
		}
		return b
	})
	// Every page below the high-water mark: its flags, count and
	// overflow, and the high bytes of its first element's fields. A page
	// the newest transaction does not reach is named a free page: nothing
	// reads it (bbolt rebuilds its free list from the pages it reaches)
	// until a commit writes it anew.
	for p := 2; p < highWater(good, ps); p++ {
		what := "page"
		if _, ok := used[p]; !ok {
			what = FreePage
		}
		for _, off := range []int{8, 10, 12, pageHeader + 1, pageHeader + 5, pageHeader + 9, pageHeader + 13} {
			at := p*ps + off
			add(fmt.Sprintf("%s %d byte %d flipped", what, p, off), func(b []byte) []byte { b[at] ^= 0xa5; return b })
		}
	}
	return out
}

// leafDamage returns good with the leaf page at offset leaf damaged:
// its first element's key aimed far outside the file, or its header
// turned into a branch page's. what names the page.
func leafDamage(good []byte, ps, leaf int, what string) []Corruption {
	key := append([]byte(nil), good...)
	// A leaf element is flags, pos, ksize, vsize (uint32 each).
	binary.LittleEndian.PutUint32(key[leaf+pageHeader+4:], 1<<31-1)
	branch := append([]byte(nil), good...)
	branch[leaf+8] = flagBranch
	return []Corruption{
		{fmt.Sprintf("%s %d: first element's key far outside the file", what, leaf/ps), key},
		{fmt.Sprintf("%s %d: header turned into a branch page", what, leaf/ps), branch},
	}
}

// FreeLeaf returns good with the lowest free page that still holds a
// leaf an older transaction wrote damaged as Corruptions damages a leaf
// page in use, or nil if good has none. Nothing reads a free page, so a
// store must open each copy and find it sound.
func FreeLeaf(good []byte) []Corruption {
	ps := int(binary.LittleEndian.Uint32(good[metaPageSize:]))
	used := inUse(good, ps)
	for p := 2; p < highWater(good, ps); p++ {
		at := p * ps
		if _, ok := used[p]; !ok && binary.LittleEndian.Uint16(good[at+8:]) == flagLeaf && binary.LittleEndian.Uint16(good[at+10:]) > 0 {
			return leafDamage(good, ps, at, FreePage)
		}
	}
	return nil
}

// reseal recomputes a meta page's checksum after a change, so bbolt
// believes it.
func reseal(meta []byte) {
	h := fnv.New64a()
	h.Write(meta[pageHeader:metaChecksum])
	binary.LittleEndian.PutUint64(meta[metaChecksum:], h.Sum64())
}

// highWater is the page count of the newer meta page: the pages in use
// lie below it.
func highWater(b []byte, ps int) int {
	hw, txid := 0, uint64(0)
	for _, m := range []int{0, ps} {
		if t := binary.LittleEndian.Uint64(b[m+metaRoot+32:]); t >= txid {
			txid = t
			hw = int(binary.LittleEndian.Uint64(b[m+metaRoot+24:]))
		}
	}
	return min(hw, len(b)/ps)
}

// FreePage starts the name of a corruption of a page the newest
// transaction does not reach.
const FreePage = "free page"

// inUse holds the pages the newest transaction of good reaches: its
// branch and leaf pages (true) and their overflow pages (false: they
// hold no page header).
func inUse(good []byte, ps int) map[int]bool {
	used := map[int]bool{}
	walk(good, func(at int) {
		used[at/ps] = true
		for i := range int(binary.LittleEndian.Uint32(good[at+12:])) {
			used[at/ps+1+i] = false
		}
	}, func(int, int) {}, func(Value) {})
	return used
}

// firstPage is the offset of the lowest page in use with the given
// flags and at least one element, or -1. A page the newest transaction
// does not reach may still hold a leaf an older one wrote: damage there
// changes nothing anyone reads.
func firstPage(b []byte, ps int, used map[int]bool, flags uint16) int {
	first := -1
	for p, head := range used {
		at := p * ps
		if head && binary.LittleEndian.Uint16(b[at+8:]) == flags && binary.LittleEndian.Uint16(b[at+10:]) > 0 && (first < 0 || at < first) {
			first = at
		}
	}
	return first
}

// MustCover fails tb unless cs hold every kind of damage the tests rely
// on: a truncation, both meta pages, a leaf page and a branch page, and
// an element's key past the file, past its page and past its inline
// bucket's value.
func MustCover(tb testing.TB, cs []Corruption) {
	tb.Helper()
	kinds := ""
	for _, c := range cs {
		kinds += c.Name + "; "
	}
	for _, want := range []string{"truncated", "meta pages", "leaf page", "branch page", "past the end of the file", "past its page", "inline bucket"} {
		if !strings.Contains(kinds, want) {
			tb.Errorf("no corruption of kind %q among %s", want, kinds)
		}
	}
}
