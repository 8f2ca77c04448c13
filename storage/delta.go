package storage

import (
	"bytes"
	"encoding/binary"
	"errors"
)

// An undo snapshot differs from the revision after it by what one
// command changed: an order, a battle's action, a turn's upkeep. The
// store keeps the newest revision's document in parts (parts.go) and each
// older one as a delta from the document after it (the two documents'
// bytes, whatever their form): the bytes it shares with that one as
// copies, the rest as they are (then deflated). Undo and Check rebuild an
// older document from the newest, one delta at a time.
//
// A delta is a sequence of steps, each: a uvarint length and that many
// literal bytes, then a uvarint offset and a uvarint length of bytes
// copied from the base (0 for none).

// deltaBlock is the length of the base's pieces a delta looks for in the
// target: long enough that a match is worth a copy, short enough to find
// the bytes between two changes close together.
const deltaBlock = 16

// makeDelta encodes target as copies from base and literal bytes.
func makeDelta(base, target []byte) []byte {
	// Most of a change's documents are alike at both ends.
	pre := commonPrefix(base, target)
	suf := commonSuffix(base[pre:], target[pre:])
	var out []byte
	step := func(lit []byte, off, n int) {
		out = binary.AppendUvarint(out, uint64(len(lit)))
		out = append(out, lit...)
		out = binary.AppendUvarint(out, uint64(off))
		out = binary.AppendUvarint(out, uint64(n))
	}
	step(nil, 0, pre)
	mid, midBase := target[pre:len(target)-suf], base[pre:len(base)-suf]
	// Index the base's middle by its blocks, then walk the target's
	// middle with a rolling hash, copying what matches.
	index := make(map[uint64]int, len(midBase)/deltaBlock)
	for i := 0; i+deltaBlock <= len(midBase); i += deltaBlock {
		h := blockHash(midBase[i : i+deltaBlock])
		if _, ok := index[h]; !ok {
			index[h] = i
		}
	}
	lit := 0 // the start of the literal bytes not yet written
	j := 0
	var h uint64
	if len(mid) >= deltaBlock {
		h = blockHash(mid[:deltaBlock])
	}
	for j+deltaBlock <= len(mid) {
		if i, ok := index[h]; ok && bytes.Equal(midBase[i:i+deltaBlock], mid[j:j+deltaBlock]) {
			// Grow the match both ways.
			start, from := j, i
			for start > lit && from > 0 && mid[start-1] == midBase[from-1] {
				start, from = start-1, from-1
			}
			end := j + deltaBlock + commonPrefix(midBase[i+deltaBlock:], mid[j+deltaBlock:])
			step(mid[lit:start], pre+from, end-start)
			lit, j = end, end
			if j+deltaBlock <= len(mid) {
				h = blockHash(mid[j : j+deltaBlock])
			}
			continue
		}
		if j+deltaBlock < len(mid) {
			h = (h-uint64(mid[j])*hashTop)*hashPrime + uint64(mid[j+deltaBlock])
		}
		j++
	}
	step(mid[lit:], len(base)-suf, suf)
	return out
}

// applyDelta rebuilds the target a delta was made for from its base.
func applyDelta(base, delta []byte) ([]byte, error) {
	out := make([]byte, 0, len(base))
	for len(delta) > 0 {
		n, k := binary.Uvarint(delta)
		if k <= 0 || n > uint64(len(delta)-k) {
			return nil, errors.New("delta: literal bytes cut short")
		}
		out = append(out, delta[k:k+int(n)]...)
		delta = delta[k+int(n):]
		off, k1 := binary.Uvarint(delta)
		if k1 <= 0 {
			return nil, errors.New("delta: copy offset cut short")
		}
		n, k2 := binary.Uvarint(delta[k1:])
		if k2 <= 0 {
			return nil, errors.New("delta: copy length cut short")
		}
		if off > uint64(len(base)) || n > uint64(len(base))-off {
			return nil, errors.New("delta: copy beyond its base")
		}
		out = append(out, base[off:off+n]...)
		delta = delta[k1+k2:]
	}
	return out, nil
}

// commonPrefix and commonSuffix skip what two documents share a block
// at a time (bytes.Equal compares many bytes an instruction), then find
// where they part byte by byte: a change's documents share most of their
// 31 KB, and a byte loop over them was a tenth of a change's CPU.
const compareBlock = 256

func commonPrefix(a, b []byte) int {
	n := min(len(a), len(b))
	i := 0
	for i+compareBlock <= n && bytes.Equal(a[i:i+compareBlock], b[i:i+compareBlock]) {
		i += compareBlock
	}
	for i < n && a[i] == b[i] {
		i++
	}
	return i
}

func commonSuffix(a, b []byte) int {
	n := min(len(a), len(b))
	i := 0
	for i+compareBlock <= n && bytes.Equal(a[len(a)-i-compareBlock:len(a)-i], b[len(b)-i-compareBlock:len(b)-i]) {
		i += compareBlock
	}
	for i < n && a[len(a)-1-i] == b[len(b)-1-i] {
		i++
	}
	return i
}

// The rolling hash of a block: its bytes as the digits of a number in
// base hashPrime, modulo 2⁶⁴.
const hashPrime = 1099511628211

// hashTop is hashPrime to the power deltaBlock-1: the weight of a
// block's first byte.
var hashTop = func() uint64 {
	p := uint64(1)
	for range deltaBlock - 1 {
		p *= hashPrime
	}
	return p
}()

func blockHash(b []byte) uint64 {
	var h uint64
	for _, c := range b {
		h = h*hashPrime + uint64(c)
	}
	return h
}
