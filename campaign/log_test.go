package campaign

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
)

// logEvents is n events numbered from 0 in their text.
func logEvents(n int) []Event {
	events := make([]Event, n)
	for i := range events {
		events[i] = Event{Turn: i/6 + 1, Step: "movement", Type: "move", Side: "crucis", Text: fmt.Sprint(i)}
	}
	return events
}

// chunkTexts is the texts of events.
func chunkTexts(events []Event) []string {
	var out []string
	for _, e := range events {
		out = append(out, e.Text)
	}
	return out
}

// Ensure a log read every way gives its events in order, across full
// chunks and the open tail: At, All, Backward (stopping early too),
// Since, Prefix, and a log built by Append is the log built at once.
func TestLogReads(t *testing.T) {
	for _, n := range []int{0, 1, LogChunkSize - 1, LogChunkSize, LogChunkSize + 1, 3*LogChunkSize + 17} {
		want := logEvents(n)
		var appended Log
		for _, e := range want {
			appended.Append(e)
		}
		for name, l := range map[string]Log{"NewLog": NewLog(want...), "Append": appended} {
			if l.Len() != n || len(l.Chunks()) != n/LogChunkSize || len(l.Tail()) != n%LogChunkSize {
				t.Fatalf("%s of %d: Len %d, %d chunks, tail %d", name, n, l.Len(), len(l.Chunks()), len(l.Tail()))
			}
			var all, back []Event
			for i, e := range l.All() {
				if e.Text != l.At(i).Text || e.Text != fmt.Sprint(i) {
					t.Fatalf("%s of %d: All gives %q at %d, At %q", name, n, e.Text, i, l.At(i).Text)
				}
				all = append(all, e)
			}
			for i, e := range l.Backward() {
				if e.Text != fmt.Sprint(i) {
					t.Fatalf("%s of %d: Backward gives %q at %d", name, n, e.Text, i)
				}
				back = append(back, e)
			}
			slices.Reverse(back)
			if fmt.Sprint(chunkTexts(all)) != fmt.Sprint(chunkTexts(want)) || fmt.Sprint(chunkTexts(back)) != fmt.Sprint(chunkTexts(want)) {
				t.Fatalf("%s of %d: All %v, Backward reversed %v", name, n, chunkTexts(all), chunkTexts(back))
			}
			for _, k := range []int{0, n / 2, max(n-1, 0), n} {
				if got := l.Since(k); fmt.Sprint(chunkTexts(got)) != fmt.Sprint(chunkTexts(want[k:])) {
					t.Errorf("%s of %d: Since(%d) = %v", name, n, k, chunkTexts(got))
				}
				p := l.Prefix(k)
				if fmt.Sprint(chunkTexts(p.Events())) != fmt.Sprint(chunkTexts(want[:k])) {
					t.Errorf("%s of %d: Prefix(%d) = %v", name, n, k, chunkTexts(p.Events()))
				}
				// The prefix grows apart from the log it was cut from.
				p.Append(Event{Text: "branch"})
				if p.At(k).Text != "branch" || l.Len() != n || (k < n && l.At(k).Text != fmt.Sprint(k)) {
					t.Errorf("%s of %d: an event appended to Prefix(%d) reached the log", name, n, k)
				}
			}
			stopped := 0
			for range l.Backward() {
				stopped++
				break
			}
			if stopped != min(n, 1) {
				t.Errorf("%s of %d: Backward went on after the loop stopped", name, n)
			}
		}
	}
}

// Ensure a campaign's JSON holds its log as the list of its events, and
// none at all when it is empty (as the document the store writes, whose
// log is kept apart, never did).
func TestLogJSON(t *testing.T) {
	c := Campaign{Log: NewLog(logEvents(LogChunkSize + 3)...)}
	data, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	var back Campaign
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(back.Log.Events()) != fmt.Sprint(c.Log.Events()) {
		t.Errorf("log after JSON: %v", chunkTexts(back.Log.Events()))
	}
	list, _ := json.Marshal(c.Log.Events())
	if !strings.Contains(string(data), `"log":`+string(list)) {
		t.Errorf("a campaign's JSON does not hold its log as a list: %.200s", data)
	}
	empty, err := json.Marshal(Campaign{})
	if err != nil || strings.Contains(string(empty), `"log"`) {
		t.Errorf("an empty log in JSON: %s (%v)", empty, err)
	}
}

// Ensure a lazy chunk is loaded once, the first time one of its events
// is read, however many copies of the log read it on several goroutines
// at once (run with -race), and not before: reading the newest events
// of a log leaves its older chunks unloaded.
func TestLogLazyChunk(t *testing.T) {
	events := logEvents(3 * LogChunkSize)
	var loads [3]atomic.Int32
	chunks := make([]*LogChunk, 3)
	for k := range chunks {
		chunks[k] = LazyLogChunk(func() ([]Event, error) {
			loads[k].Add(1)
			return events[k*LogChunkSize : (k+1)*LogChunkSize], nil
		})
	}
	l := AssembleLog(chunks, []Event{{Text: "tail"}})
	for i, e := range l.Backward() {
		if i < 2*LogChunkSize+LogChunkSize/2 {
			break
		}
		_ = e
	}
	if l.Len() != 3*LogChunkSize+1 || loads[0].Load() != 0 || loads[1].Load() != 0 || loads[2].Load() != 1 || chunks[0].Loaded() || !chunks[2].Loaded() {
		t.Fatalf("reading the newest events loaded the chunks %d, %d, %d times", loads[0].Load(), loads[1].Load(), loads[2].Load())
	}
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := l // a copy, as each command gets from a store's cache
			if i%2 == 0 {
				c.Append(Event{Text: fmt.Sprint(i)})
			}
			if got := c.At(i); got.Text != fmt.Sprint(i) {
				t.Errorf("copy %d: event %d is %q", i, i, got.Text)
			}
			if got := c.Since(LogChunkSize)[0].Text; got != fmt.Sprint(LogChunkSize) {
				t.Errorf("copy %d: event %d is %q", i, LogChunkSize, got)
			}
		}()
	}
	wg.Wait()
	for k := range loads {
		if got := loads[k].Load(); got != 1 {
			t.Errorf("chunk %d loaded %d times, want once", k, got)
		}
	}
	if err := l.Err(); err != nil {
		t.Errorf("Err = %v", err)
	}
}

// Ensure a lazy chunk that cannot be loaded neither panics nor tells
// anything: its events read as a placeholder with no side and no
// audience-bound text, and the log's Err names the events and the cause.
func TestLogLazyChunkFails(t *testing.T) {
	bad := errors.New("checksum mismatch")
	short := LazyLogChunk(func() ([]Event, error) { return logEvents(3), nil })
	l := AssembleLog([]*LogChunk{NewLogChunk(logEvents(LogChunkSize)), LazyLogChunk(func() ([]Event, error) { return nil, bad }), short}, nil)
	if err := l.Err(); err != nil {
		t.Fatalf("Err before any chunk was read = %v", err)
	}
	if e := l.At(LogChunkSize + 5); e.Text != unreadableEvent.Text || e.Side != "" || len(e.Audience) != 0 {
		t.Errorf("an event of a chunk that failed reads %+v, want the placeholder", e)
	}
	if err := l.Err(); !errors.Is(err, bad) || !strings.Contains(err.Error(), fmt.Sprintf("events %d to %d", LogChunkSize+1, 2*LogChunkSize)) {
		t.Errorf("Err = %v, want the events and the cause", err)
	}
	if e := l.At(2 * LogChunkSize); e.Text != unreadableEvent.Text {
		t.Errorf("an event of a chunk loaded short reads %+v, want the placeholder", e)
	}
	if l.At(3).Text != "3" {
		t.Error("a whole chunk before the failed one no longer reads")
	}
}

// Ensure a prefix cut inside a chunk that could not be loaded still
// reports it, and goes on reporting it once events appended after the
// cut fill that chunk again: a reader of the prefix (an undo, bfbot
// check's earlier revisions) must not take its placeholders for events.
func TestLogPrefixKeepsChunkError(t *testing.T) {
	bad := errors.New("checksum mismatch")
	l := AssembleLog([]*LogChunk{NewLogChunk(logEvents(LogChunkSize)), LazyLogChunk(func() ([]Event, error) { return nil, bad })}, nil)
	l.At(LogChunkSize) // loads the chunk that fails
	p := l.Prefix(LogChunkSize + 5)
	if err := p.Err(); !errors.Is(err, bad) || !strings.Contains(err.Error(), fmt.Sprintf("events %d to %d", LogChunkSize+1, 2*LogChunkSize)) {
		t.Errorf("the prefix's Err = %v, want the chunk it was cut from", err)
	}
	if err := l.Prefix(LogChunkSize).Err(); err != nil {
		t.Errorf("a prefix that ends before the chunk reports %v", err)
	}
	if err := p.Prefix(LogChunkSize).Err(); err != nil {
		t.Errorf("a prefix of the prefix that ends before the chunk reports %v", err)
	}
	for range LogChunkSize - 5 {
		p.Append(Event{Text: "after"})
	}
	if len(p.Chunks()) != 2 {
		t.Fatalf("%d full chunks after filling the tail, want 2", len(p.Chunks()))
	}
	if err := p.Err(); !errors.Is(err, bad) || !strings.Contains(err.Error(), fmt.Sprintf("events %d to %d", LogChunkSize+1, 2*LogChunkSize)) {
		t.Errorf("Err once the tail filled = %v, want the chunk still reported", err)
	}
	p.Append(Event{Text: "next"})
	if err := p.Err(); !errors.Is(err, bad) {
		t.Errorf("Err after the next event = %v", err)
	}
}
