package storage

import (
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"io"
	"os"
)

// bbolt keeps two meta pages, the file's first two pages, and writes
// each commit's to the one its transaction number's parity names: page
// 0 holds an even transaction, page 1 an odd one. Opening the file, it
// takes the valid page with the higher number, and a page that fails
// its own check (magic, version, an FNV-64a checksum) it passes over
// without a word. So one damaged page (a torn write at a power cut, a
// flipped bit) opens the file at the transaction the other holds, and if
// the damaged one held the newer, its change (a campaign's last command,
// order or turn) is gone, and the next commit writes over both it and
// the pages it reached. Verify reads the two pages itself and reports a
// damaged one (checkMeta); Open refuses such a file unless told to
// accept it (Options.AcceptDamagedMeta, ruling SG3).

// bbolt's meta page (go.etcd.io/bbolt/internal/common): a page header
// (id uint64, flags uint16, count uint16, overflow uint32), then magic,
// version, page size and flags (uint32 each), the root bucket (page and
// sequence), the freelist page, the high-water page and the transaction
// number (uint64 each), and the FNV-64a checksum of the fields before
// it. All little-endian on the machines bfbot runs on.
const (
	metaHeader    = 16
	metaMagic     = 0xED0CDAED
	metaVersion   = 2
	metaRoot      = metaHeader + 16
	metaFreelist  = metaHeader + 32
	metaHighWater = metaHeader + 40
	metaTxid      = metaHeader + 48
	metaChecksum  = metaHeader + 56
	metaEnd       = metaChecksum + 8
)

// LooksLikeDatabase says whether the file at path begins as a bbolt file
// does, with bbolt's magic number in its first meta page, whatever its
// state further on: a program about to replace a file (bfbot backup) can
// tell an older copy from a file that is no database.
func LooksLikeDatabase(path string) bool {
	magic, _ := readMagic(path)
	return magic
}

// readMagic reads the beginning of the file at path: read says whether
// any of it could be read, magic whether it is bbolt's.
func readMagic(path string) (magic, read bool) {
	f, err := os.Open(path)
	if err != nil {
		return false, false
	}
	defer f.Close()
	b := make([]byte, metaHeader+4)
	n, _ := io.ReadFull(f, b)
	return hasBoltMagic(b[:n]), n > 0
}

// hasBoltMagic says whether b begins as a bbolt file does.
func hasBoltMagic(b []byte) bool {
	return len(b) >= metaHeader+4 && binary.LittleEndian.Uint32(b[metaHeader:]) == metaMagic
}

// meta is what a meta page says: its page size, root bucket's page,
// freelist page, high-water mark (the number of pages in use) and
// transaction, and why it is not valid ("" when it is).
type meta struct {
	pageSize                        int
	root, freelist, highWater, txid uint64
	invalid                         string
}

// readMeta reads the meta page at the start of b (at least metaEnd
// bytes).
func readMeta(b []byte) meta {
	le := binary.LittleEndian
	m := meta{pageSize: int(le.Uint32(b[metaHeader+8:])), root: le.Uint64(b[metaRoot:]), freelist: le.Uint64(b[metaFreelist:]),
		highWater: le.Uint64(b[metaHighWater:]), txid: le.Uint64(b[metaTxid:])}
	h := fnv.New64a()
	h.Write(b[metaHeader:metaChecksum])
	switch {
	case le.Uint32(b[metaHeader:]) != metaMagic:
		m.invalid = "it does not start with bbolt's magic number"
	case le.Uint32(b[metaHeader+4:]) != metaVersion:
		m.invalid = fmt.Sprintf("its format version reads %d, not %d", le.Uint32(b[metaHeader+4:]), metaVersion)
	case le.Uint64(b[metaChecksum:]) != h.Sum64():
		m.invalid = "its checksum does not match its fields"
	}
	return m
}

// metaPages reads the two meta pages of a file of size bytes where
// bbolt reads them: the first at its start; the second one page further,
// the page size the first names or, when the first is damaged, the size
// of the first valid meta page found where a page of 1 KiB to 16 MiB
// would put the second. ok is false when no page size is found (bbolt
// does not open the file).
func metaPages(f io.ReaderAt, size int64) (first, second meta, ok bool) {
	at := func(off int64) (meta, bool) {
		b := make([]byte, metaEnd)
		if _, err := f.ReadAt(b, off); err != nil {
			return meta{}, false
		}
		return readMeta(b), true
	}
	if first, ok = at(0); !ok {
		return first, second, false
	}
	ps := first.pageSize
	if first.invalid != "" {
		ps = 0
		for off := int64(1 << 10); off <= 16<<20 && off < size-1024 && ps == 0; off <<= 1 {
			if m, ok := at(off); ok && m.invalid == "" {
				ps = m.pageSize
			}
		}
	}
	if ps <= 0 {
		return first, second, false
	}
	second, ok = at(int64(ps))
	return first, second, ok
}

// opening is the meta page bbolt opens a file at: the valid one with
// the higher transaction number. ok is false when neither is valid.
func opening(first, second meta) (m meta, ok bool) {
	if second.txid > first.txid {
		first, second = second, first
	}
	switch {
	case first.invalid == "":
		return first, true
	case second.invalid == "":
		return second, true
	}
	return meta{}, false
}

// MetaDamageError is a file one of whose two meta pages is damaged while
// the other is sound: bbolt opens it at the transaction the sound page
// holds.
type MetaDamageError struct {
	Path string
	// Page is the damaged meta page, 0 or 1; Why says what is wrong
	// with it.
	Page int
	Why  string
	// Txid is the transaction the file opens at, the sound page's. The
	// damaged page held Txid+1 (then that change is lost) or Txid−1
	// (then nothing is): its own number cannot be trusted.
	Txid uint64
}

func (e *MetaDamageError) Error() string {
	return fmt.Sprintf("%s; `bfbot check --db %s` reads the rest of the file", e.Checked(), e.Path)
}

// Checked is the message as bfbot check prints it: without the hint to
// run check, which reads the rest of the file itself.
func (e *MetaDamageError) Checked() string {
	return fmt.Sprintf("%s: %v: meta page %d of 2 is damaged (%s), so the file opens at transaction %d, the one meta page %d holds; "+
		"if the damaged page held the newer transaction, %d, its change (a campaign's last command, order or turn) is lost: "+
		"restore it from a backup, or accept the file as it is with --accept-damaged-meta, which bfbot serve, console, import, backup "+
		"and migrate-store --to etcd take (the next change writes the page anew)",
		e.Path, ErrDamaged, e.Page, e.Why, e.Txid, 1-e.Page, e.Txid+1)
}

func (e *MetaDamageError) Unwrap() error { return ErrDamaged }

// checkMeta reads the meta pages of the bbolt file at path, raw, and
// returns a *MetaDamageError when exactly one is damaged. A file bbolt
// cannot open at all (both pages damaged, too short, not bbolt) gives
// nil: Open says what it is.
func checkMeta(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return nil
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil
	}
	first, second, ok := metaPages(f, fi.Size())
	switch {
	case !ok || (first.invalid == "") == (second.invalid == ""):
		return nil
	case first.invalid != "":
		return &MetaDamageError{Path: path, Page: 0, Why: first.invalid, Txid: second.txid}
	}
	return &MetaDamageError{Path: path, Page: 1, Why: second.invalid, Txid: first.txid}
}
