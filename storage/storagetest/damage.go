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
	// Meta pages: one broken is survivable (bbolt falls back to the
	// other); both broken is not a database; a root page beyond the file
	// with a valid checksum points bbolt into nothing.
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
	leaf, branch := firstPage(good, ps, flagLeaf), firstPage(good, ps, flagBranch)
	if leaf >= 0 {
		// A leaf element is flags, pos, ksize, vsize (uint32 each).
		add(fmt.Sprintf("leaf page %d: first element's key far outside the file", leaf/ps), func(b []byte) []byte {
			binary.LittleEndian.PutUint32(b[leaf+pageHeader+4:], 1<<31-1)
			return b
		})
		add(fmt.Sprintf("leaf page %d: header turned into a branch page", leaf/ps), func(b []byte) []byte {
			b[leaf+8] = flagBranch
			return b
		})
	}
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
	// Every page in use (below the high-water mark): its flags, count and
	// overflow, and the high bytes of its first element's fields.
	for p := 2; p < highWater(good, ps); p++ {
		for _, off := range []int{8, 10, 12, pageHeader + 1, pageHeader + 5, pageHeader + 9, pageHeader + 13} {
			at := p*ps + off
			add(fmt.Sprintf("page %d byte %d flipped", p, off), func(b []byte) []byte { b[at] ^= 0xa5; return b })
		}
	}
	return out
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

// firstPage is the offset of the first page with the given flags, past
// the meta pages and skipping overflow pages, or -1.
func firstPage(b []byte, ps int, flags uint16) int {
	for p := 2; (p+1)*ps <= len(b); {
		at := p * ps
		if binary.LittleEndian.Uint16(b[at+8:]) == flags && binary.LittleEndian.Uint16(b[at+10:]) > 0 {
			return at
		}
		p += 1 + int(binary.LittleEndian.Uint32(b[at+12:]))
	}
	return -1
}

// MustCover fails tb unless cs hold every kind of damage the tests rely
// on: a truncation, both meta pages, a leaf page and a branch page.
func MustCover(tb testing.TB, cs []Corruption) {
	tb.Helper()
	kinds := ""
	for _, c := range cs {
		kinds += c.Name + "; "
	}
	for _, want := range []string{"truncated", "meta pages", "leaf page", "branch page"} {
		if !strings.Contains(kinds, want) {
			tb.Errorf("no corruption of kind %q among %s", want, kinds)
		}
	}
}
