package discordtest

import (
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
)

// faultState is the random REST failures a Fake injects (FailRandomly).
type faultState struct {
	rate     float64
	statuses []int
	rng      *rand.Rand
	injected map[int]int // status → count
	paths    []Request   // the calls that got a fault
}

// FailRandomly answers each later REST call (not the gateway, not GET
// /gateway) with a fault at the given rate (0 to 1): one of statuses,
// chosen at random — 429 with retry_after and the X-RateLimit headers
// (discordgo waits and retries), 5xx with Discord's JSON error body
// (discordgo retries 502 only). The choices come from a PRNG seeded with
// seed, so a run is reproducible as far as the order of the calls is.
// FailRandomly(0, nil, 0) stops the faults.
func (f *Fake) FailRandomly(rate float64, statuses []int, seed uint64) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if rate <= 0 || len(statuses) == 0 {
		f.faults.rate, f.faults.statuses = 0, nil
		return
	}
	f.faults.rate = rate
	f.faults.statuses = append([]int(nil), statuses...)
	f.faults.rng = rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	if f.faults.injected == nil {
		f.faults.injected = map[int]int{}
	}
}

// Injected counts the faults FailRandomly gave, by status.
func (f *Fake) Injected() map[int]int {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := map[int]int{}
	for k, v := range f.faults.injected {
		out[k] = v
	}
	return out
}

// Faulted lists the REST calls FailRandomly answered with a fault, in order.
func (f *Fake) Faulted() []Request {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]Request(nil), f.faults.paths...)
}

// injectFault answers r with a random fault when FailRandomly says so, and
// reports whether it did.
func (f *Fake) injectFault(w http.ResponseWriter, r *http.Request) bool {
	if strings.HasSuffix(r.URL.Path, "/gateway") || strings.HasSuffix(r.URL.Path, "/gateway/bot") {
		return false
	}
	f.mu.Lock()
	fs := &f.faults
	if fs.rate <= 0 || fs.rng.Float64() >= fs.rate {
		f.mu.Unlock()
		return false
	}
	status := fs.statuses[fs.rng.IntN(len(fs.statuses))]
	fs.injected[status]++
	fs.paths = append(fs.paths, Request{Method: r.Method, Path: r.URL.Path, Status: status})
	if status == http.StatusTooManyRequests {
		f.rateLimited++
	}
	retry := f.retryAfter
	f.mu.Unlock()
	if status == http.StatusTooManyRequests {
		writeRateLimited(w, retry)
		return true
	}
	writeError(w, status, 0, strconv.Itoa(status)+": "+http.StatusText(status))
	return true
}

// writeRateLimited answers 429 as Discord does: retry_after in the body
// and the X-RateLimit headers.
func writeRateLimited(w http.ResponseWriter, retryAfter time.Duration) {
	secs := retryAfter.Seconds()
	h := w.Header()
	h.Set("X-RateLimit-Limit", "5")
	h.Set("X-RateLimit-Remaining", "0")
	h.Set("X-RateLimit-Reset-After", strconv.FormatFloat(secs, 'f', 3, 64))
	h.Set("X-RateLimit-Reset", strconv.FormatFloat(float64(time.Now().Add(retryAfter).UnixMilli())/1000, 'f', 3, 64))
	h.Set("X-RateLimit-Bucket", "fake-bucket")
	h.Set("X-RateLimit-Scope", "user")
	h.Set("Retry-After", strconv.Itoa(int(secs+0.999)))
	writeJSON(w, http.StatusTooManyRequests, map[string]any{
		"message": "You are being rate limited.", "retry_after": secs, "global": false,
	})
}

// DropEvery cuts the gateway connection (as DropSocket) every interval
// while a client is connected, until the returned stop is called (stop
// waits for the dropping goroutine; calling it twice is harmless). The
// fake's Close stops it too. Drops count in Drops.
//
// Real time: a test stands a short interval (say 100 ms) in for the
// 30 s of a flaky network, so many drops happen while commands flow.
func (f *Fake) DropEvery(interval time.Duration) (stop func()) {
	quit := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		t := time.NewTicker(interval)
		defer t.Stop()
		for {
			select {
			case <-quit:
				return
			case <-t.C:
				if f.Connected() {
					f.mu.Lock()
					f.drops++
					f.mu.Unlock()
					f.DropSocket()
				}
			}
		}
	}()
	var once sync.Once
	stop = func() {
		once.Do(func() { close(quit) })
		<-done
	}
	f.tb.Cleanup(stop)
	return stop
}

// Drops counts the connections DropEvery cut.
func (f *Fake) Drops() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.drops
}
