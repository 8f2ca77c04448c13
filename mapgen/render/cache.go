package render

import "sync"

// boundedCache is a map shared by the goroutines drawing pictures,
// emptied whole when it reaches max entries: what it keeps (a painted
// terrain, a title strip's template) is costly to make but the same for
// many pictures, and a picture needs only the few entries of its battle.
type boundedCache[K comparable, V any] struct {
	mu  sync.Mutex
	m   map[K]V
	max int
}

func newBoundedCache[K comparable, V any](max int) *boundedCache[K, V] {
	return &boundedCache[K, V]{m: map[K]V{}, max: max}
}

// get is the entry of k, if any.
func (c *boundedCache[K, V]) get(k K) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	v, ok := c.m[k]
	return v, ok
}

// put keeps v as the entry of k.
func (c *boundedCache[K, V]) put(k K, v V) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.m) >= c.max {
		clear(c.m)
	}
	c.m[k] = v
}

// reset empties the cache.
func (c *boundedCache[K, V]) reset() {
	c.mu.Lock()
	defer c.mu.Unlock()
	clear(c.m)
}
