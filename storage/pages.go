package storage

import (
	"encoding/binary"
	"fmt"
	"io"
	"os"
)

// bbolt reads its pages through a memory map and trusts the positions
// and sizes in them: a flipped byte in an element's key position sends
// it past its page, past the file and at times past the map. Where the
// map ends is luck, so the child Verify runs bbolt in may read whatever
// lies there without a fault and pass the file, and the caller then
// faults on the same read. So before bbolt touches the file, Verify
// walks the pages itself, in plain Go over bytes read from the file (no
// map, so no fault is possible): every page the newest transaction
// reaches must lie inside the file and below the high-water mark, be
// the page it is pointed to as, and hold its elements, their keys and
// values inside itself; a bucket's inline page inside its value. The
// walk reads each page once; a page reached twice (a cycle) is damage.

// bbolt's pages (go.etcd.io/bbolt/internal/common): a 16-byte header
// (id uint64, flags uint16, count uint16, overflow uint32), then count
// elements of 16 bytes. A branch element is pos, ksize (uint32 each)
// and the child's page (uint64); a leaf element flags, pos, ksize and
// vsize (uint32 each). pos counts from the element's own first byte,
// and a leaf's value follows its key. A page with overflow n runs over
// n+1 pages. A leaf element flagged as a bucket holds the bucket's root
// page and sequence (uint64 each), and a root of 0 means the bucket is
// inline: its leaf page follows in the value. The freelist page's
// elements are page numbers (uint64); a count of 0xFFFF means the first
// one holds the count.
const (
	pageHeader    = 16
	pageElement   = 16
	pageBranch    = 0x01
	pageLeaf      = 0x02
	pageFreelist  = 0x10
	elementBucket = 0x01
	bucketHeader  = 16
	noFreelist    = ^uint64(0)
)

// checkPages walks the pages of the bbolt file at path that the
// transaction bbolt opens it at reaches, and returns the first thing
// that lies outside its page or the file, naming the page, or "" when
// nothing does. A file bbolt does not open (no valid meta page, not
// readable, a writer holding it) gives "": Open says what it is. The
// walk holds a shared lock, as a reader in bbolt does, so that no
// writer's commit changes the pages under it.
func checkPages(path string) string {
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil || !shareLock(f) {
		return ""
	}
	return walkPages(f, fi.Size())
}

// walkPages is checkPages over f, size bytes.
func walkPages(f io.ReaderAt, size int64) string {
	first, second, ok := metaPages(f, size)
	if !ok {
		return ""
	}
	m, ok := opening(first, second)
	if !ok {
		return ""
	}
	// bbolt looks for the second meta page 1 KiB to 16 MiB in.
	if m.pageSize < 1<<10 || m.pageSize > 16<<20 {
		return fmt.Sprintf("the meta page of transaction %d names a page size of %d bytes, not 1 KiB to 16 MiB", m.txid, m.pageSize)
	}
	w := &pageWalk{f: f, ps: int64(m.pageSize), filePages: uint64(size) / uint64(m.pageSize), highWater: m.highWater, seen: map[uint64]bool{}}
	w.todo = append(w.todo, pageRef{m.root, "the meta page's root bucket"})
	for len(w.todo) > 0 {
		r := w.todo[len(w.todo)-1]
		w.todo = w.todo[:len(w.todo)-1]
		p, problem := w.read(r)
		if problem == "" {
			problem = w.node(p, fmt.Sprintf("page %d", r.id))
		}
		if problem != "" {
			return problem
		}
	}
	if m.freelist != noFreelist {
		return w.freelist(m.freelist)
	}
	return ""
}

// pageWalk is a walk over a file's pages.
type pageWalk struct {
	f  io.ReaderAt
	ps int64
	// filePages is the number of whole pages in the file, highWater the
	// number the meta page says are in use.
	filePages, highWater uint64
	seen                 map[uint64]bool
	todo                 []pageRef
	buf                  []byte
}

// pageRef is a page to read and what points to it.
type pageRef struct {
	id   uint64
	from string
}

// read reads the page r names and its overflow pages, after checking
// that they lie in the file, below the high-water mark and are read for
// the first time, and that the page's header names it.
func (w *pageWalk) read(r pageRef) ([]byte, string) {
	switch {
	case r.id < 2:
		return nil, fmt.Sprintf("%s points to page %d, a meta page", r.from, r.id)
	case r.id >= w.filePages:
		return nil, fmt.Sprintf("%s points to page %d, past the end of the file (%d pages)", r.from, r.id, w.filePages)
	case r.id >= w.highWater:
		return nil, fmt.Sprintf("%s points to page %d, past the %d pages in use", r.from, r.id, w.highWater)
	}
	var head [pageHeader]byte
	if _, err := w.f.ReadAt(head[:], int64(r.id)*w.ps); err != nil {
		return nil, fmt.Sprintf("page %d: %v", r.id, err)
	}
	if id := binary.LittleEndian.Uint64(head[:]); id != r.id {
		return nil, fmt.Sprintf("page %d (which %s points to) names itself page %d", r.id, r.from, id)
	}
	n := uint64(binary.LittleEndian.Uint32(head[12:])) + 1
	switch {
	case r.id+n > w.filePages:
		return nil, fmt.Sprintf("page %d runs over %d pages, past the end of the file (%d pages)", r.id, n, w.filePages)
	case r.id+n > w.highWater:
		return nil, fmt.Sprintf("page %d runs over %d pages, past the %d pages in use", r.id, n, w.highWater)
	}
	for id := r.id; id < r.id+n; id++ {
		if w.seen[id] {
			return nil, fmt.Sprintf("page %d is reached twice, the second time from %s: a loop or a page shared", id, r.from)
		}
		w.seen[id] = true
	}
	size := int(n) * int(w.ps)
	if cap(w.buf) < size {
		w.buf = make([]byte, size)
	}
	p := w.buf[:size]
	if _, err := w.f.ReadAt(p, int64(r.id)*w.ps); err != nil {
		return nil, fmt.Sprintf("page %d: %v", r.id, err)
	}
	return p, ""
}

// node checks the branch or leaf page p, named name, and the pages
// inline in its buckets' values, and queues the pages they point to.
func (w *pageWalk) node(p []byte, name string) string {
	type inline struct {
		p    []byte
		name string
	}
	pages := []inline{{p, name}}
	for len(pages) > 0 {
		p, name := pages[len(pages)-1].p, pages[len(pages)-1].name
		pages = pages[:len(pages)-1]
		flags := binary.LittleEndian.Uint16(p[8:])
		count := int(binary.LittleEndian.Uint16(p[10:]))
		switch {
		case flags != pageBranch && flags != pageLeaf:
			return fmt.Sprintf("%s: flags %#x, neither a branch nor a leaf page", name, flags)
		case flags == pageBranch && count == 0:
			return fmt.Sprintf("%s: a branch page with no elements", name)
		case pageHeader+count*pageElement > len(p):
			return fmt.Sprintf("%s: its %d elements do not fit in its %d bytes", name, count, len(p))
		}
		for i := range count {
			e := pageHeader + i*pageElement
			le := binary.LittleEndian
			if flags == pageBranch {
				if problem := within(p, e, le.Uint32(p[e:]), le.Uint32(p[e+4:]), 0, name, i); problem != "" {
					return problem
				}
				w.todo = append(w.todo, pageRef{le.Uint64(p[e+8:]), fmt.Sprintf("%s's element %d", name, i)})
				continue
			}
			pos, ksize, vsize := le.Uint32(p[e+4:]), le.Uint32(p[e+8:]), le.Uint32(p[e+12:])
			if problem := within(p, e, pos, ksize, vsize, name, i); problem != "" {
				return problem
			}
			if le.Uint32(p[e:])&elementBucket == 0 {
				continue
			}
			v := p[e+int(pos)+int(ksize) : e+int(pos)+int(ksize)+int(vsize)]
			switch {
			case len(v) < bucketHeader:
				return fmt.Sprintf("%s: element %d is a bucket of %d bytes, shorter than a bucket's header", name, i, len(v))
			case le.Uint64(v) != 0:
				w.todo = append(w.todo, pageRef{le.Uint64(v), fmt.Sprintf("%s's element %d", name, i)})
			case len(v) < bucketHeader+pageHeader:
				return fmt.Sprintf("%s: element %d is an inline bucket of %d bytes, too short for its page", name, i, len(v))
			default:
				in := v[bucketHeader:]
				if f := le.Uint16(in[8:]); f != pageLeaf {
					return fmt.Sprintf("%s: element %d is an inline bucket whose page has flags %#x, not a leaf page's", name, i, f)
				}
				pages = append(pages, inline{in, fmt.Sprintf("the bucket inline in %s's element %d", name, i)})
			}
		}
	}
	return ""
}

// within says what is wrong when the key and value of element i of page
// p, the element at e with its key pos bytes on, do not lie inside p.
func within(p []byte, e int, pos, ksize, vsize uint32, name string, i int) string {
	if end := int64(e) + int64(pos) + int64(ksize) + int64(vsize); end > int64(len(p)) {
		return fmt.Sprintf("%s: element %d's key and value (%d bytes from %d bytes after the element) end at byte %d of the page, past its %d bytes", name, i, int64(ksize)+int64(vsize), pos, end, len(p))
	}
	return ""
}

// freelist checks the freelist page id: its page numbers lie inside it.
func (w *pageWalk) freelist(id uint64) string {
	p, problem := w.read(pageRef{id, "the meta page's freelist"})
	if problem != "" {
		return problem
	}
	if f := binary.LittleEndian.Uint16(p[8:]); f != pageFreelist {
		return fmt.Sprintf("page %d, the freelist, has flags %#x, not a freelist page's", id, f)
	}
	count, first := uint64(binary.LittleEndian.Uint16(p[10:])), uint64(0)
	if count == 0xFFFF {
		count, first = binary.LittleEndian.Uint64(p[pageHeader:]), 1
	}
	if room := uint64(len(p)-pageHeader)/8 - first; count > room {
		return fmt.Sprintf("page %d, the freelist, lists %d pages, more than its %d bytes hold", id, count, len(p))
	}
	return ""
}
