package render

import (
	"bytes"
	"encoding/binary"
	"sync"
)

// chainMatcher is the thorough matcher of deflate.go's tokens, for what
// is coded once and sent many times (a strategic map's base and its
// legends): it takes the longest match at the fixed distances (a row
// repeated reaches further than the run of its first colour), and
// below goodMatch follows a chain of earlier places with the same four
// bytes, chainDepth deep. Every position it codes goes into its chains,
// matched or not, so a letter is found again wherever it was drawn
// before. On the sample strategic map it writes some 10% fewer bytes
// than the fast matcher. It does not match lazily (putting a match off
// by a literal when the next byte starts a longer one): that cost a
// third of its time, and with the longest fixed match taken, the 150
// pictures of TestStrategicPNGSizeSeeds came out smaller without it
// (20,052 bytes on average, the largest 27,670, against 20,348 and
// 27,698 lazily but stopping at the first fixed match of goodMatch).
type chainMatcher struct {
	dists []int
	head  [1 << hashBits]int32 // each hash's last position+1
	prev  [maxDistance]int32   // the position+1 before, by position modulo the window
}

// chainDepth is how many earlier places with the same four bytes are
// tried at most.
const chainDepth = 8

// chainMatchers are chain matchers not in use (256 KB each): a bot
// drawing each campaign's map on a map of its own codes a base for every
// campaign's turn.
var chainMatchers = sync.Pool{New: func() any { return new(chainMatcher) }}

// getChainMatcher returns a chain matcher with no position, for dists;
// chainMatchers.Put takes it back.
func getChainMatcher(dists []int) *chainMatcher {
	m := chainMatchers.Get().(*chainMatcher)
	m.reset(dists)
	return m
}

// chainTokens are the tokens of the stream rows (whole rows of stride
// bytes), matching nothing before them.
func chainTokens(rows []byte, stride int) []token {
	m := getChainMatcher(newMatcher(stride, 0).dists)
	defer chainMatchers.Put(m)
	return m.tokens(nil, rows, 0, len(rows))
}

// reset forgets every position. The chains (prev) need no clearing: a
// chain starts at head and each link was written when its position was
// inserted, after the reset; a slot a later position took is told by its
// link (longest).
func (m *chainMatcher) reset(dists []int) {
	m.dists = dists
	clear(m.head[:])
}

func hash4(x uint32) uint32 { return x * 0x1e35a7bd >> (32 - hashBits) }

// insert adds position p of data to the chains.
func (m *chainMatcher) insert(data []byte, p int) {
	if p+4 > len(data) {
		return
	}
	h := hash4(binary.LittleEndian.Uint32(data[p:]))
	m.prev[p%maxDistance] = m.head[h]
	m.head[h] = int32(p + 1)
}

// longest is the longest match at p of at most limit bytes, its length
// and distance.
func (m *chainMatcher) longest(data []byte, p, limit int) (int, int) {
	if limit < 4 {
		return 0, 0
	}
	cur := binary.LittleEndian.Uint32(data[p:])
	best, bestD := 0, 0
	// A candidate must match the byte where the best so far ends to
	// beat it.
	for _, d := range m.dists {
		if q := p - d; q >= 0 && binary.LittleEndian.Uint32(data[q:]) == cur && data[q+best] == data[p+best] {
			// A row repeated, or a run of ground, matches whole: told
			// at once by the library's compare.
			if bytes.Equal(data[p:p+limit], data[q:q+limit]) {
				return limit, d
			}
			if l := matchLen(data, p, q, limit); l > best {
				best, bestD = l, d
			}
		}
	}
	if best >= goodMatch {
		return best, bestD
	}
	q := int(m.head[hash4(cur)]) - 1
	for n := 0; n < chainDepth && q >= 0 && q < p && p-q <= maxDistance; n++ {
		if binary.LittleEndian.Uint32(data[q:]) == cur && data[q+best] == data[p+best] {
			if l := matchLen(data, p, q, limit); l > best {
				best, bestD = l, p-q
				if best >= goodMatch || best == limit {
					break
				}
			}
		}
		next := int(m.prev[q%maxDistance]) - 1
		if next >= q {
			break // the slot was taken by a later position
		}
		q = next
	}
	return best, bestD
}

// tokens appends the tokens of data[start:end] to out, ending no match
// past end; a match may read any byte before start.
func (m *chainMatcher) tokens(out []token, data []byte, start, end int) []token {
	for p := start; p < end; {
		l, d := m.longest(data, p, min(maxMatch, end-p))
		m.insert(data, p)
		if l < minMatch {
			out = append(out, token(data[p]))
			p++
			continue
		}
		out = append(out, matchToken(l, d))
		// The inside of a long match (a run of ground, a row repeated)
		// is found again by the fixed distances: left out of the chains.
		if l < goodMatch {
			for i := p + 1; i < p+l; i++ {
				m.insert(data, i)
			}
		}
		p += l
	}
	return out
}
