package storage

import (
	"bytes"
	"fmt"
	"strings"
	"sync"
	"testing"

	"bfbot/campaign"
	"bfbot/referee"
)

// Ensure a battle's part is packed with zstd exactly when the battle is
// over and its part large, whatever its record's texts hold (a text
// that reads like the "over" key, keys named alike in nested objects),
// and that a record in tagged parts unpacks to its document either way.
func TestSettledBattle(t *testing.T) {
	battle := func(over bool, events int, text string) campaign.Battle {
		b := campaign.Battle{ID: 1, Over: over, Auto: true, Sides: []campaign.BattleSide{{Side: "over"}, {Side: "b"}}}
		for i := range events {
			b.Log = append(b.Log, campaign.LoggedEvent{Event: referee.Event{Type: "move", Turn: i, Side: "over", Text: text}})
		}
		return b
	}
	for _, tc := range []struct {
		name string
		b    campaign.Battle
		want bool
	}{
		{"OverLarge", battle(true, 200, "A1 moves 0101 → 0102"), true},
		{"OnLarge", battle(false, 200, `the "over":true of a text`), false},
		{"OverSmall", battle(true, 3, "A1 moves"), false},
		{"OverTextLikeKey", battle(true, 200, `"over":false, "state":{`), true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := marshalJSON(tc.b)
			if err != nil {
				t.Fatal(err)
			}
			if got := settledBattle(p); got != tc.want {
				t.Errorf("settledBattle = %v, want %v", got, tc.want)
			}
			c := stoNewCampaign(t)
			c.Battles = []campaign.Battle{tc.b}
			doc, st := stoWholeState(t, c)
			segs, _ := splitSegments(st.body)
			if codec := segs[len(segs)-1][0]; (codec == partZstd) != tc.want {
				t.Errorf("the battle's part packed with %q", codec)
			}
			if back, err := st.document(c.ID, nil); err != nil || string(back) != string(doc) {
				t.Errorf("the record unpacks to another document (%v)", err)
			}
		})
	}
	if p, err := marshalJSON(battle(true, 1, "")); err != nil || !strings.Contains(string(p), `"state":null,"over":true`) {
		t.Errorf(`a battle's JSON no longer has "over" right after "state" (%v): settledBattle reads it there`, err)
	}
}

// Ensure the one zstd encoder and decoder the store makes serve several
// goroutines at once (the store is used so), each getting its own part
// back: run with -race to see no data is shared.
func TestSettledConcurrent(t *testing.T) {
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p := bytes.Repeat([]byte(fmt.Sprintf(`{"goroutine":%d},`, g)), settledFrom/10)
			for range 5 {
				seg := packPart(nil, p, true)
				n, err := taggedLen(seg)
				if err != nil {
					errs <- err
					return
				}
				back := make([]byte, n)
				if err := unpackTagged(back, seg); err != nil || !bytes.Equal(back, p) {
					errs <- fmt.Errorf("goroutine %d: its part unpacks to another (%v)", g, err)
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// Ensure a zstd part holding more than its header says (a second frame
// after the first, which zstd reads on) is refused as damage, never
// read as a longer part.
func TestSettledFrameLonger(t *testing.T) {
	first := append([]byte(`{"id":1,"name":"`), strings.Repeat("Atlas ", 50)+`"}`...) // 318 bytes: zstd writes the size from 256
	seg := zstdBest().EncodeAll(first, []byte{partZstd})                              // a zstd part, as a longer one would be
	seg = zstdBest().EncodeAll([]byte(`,"more":2`), seg)
	body := stoSegment(stoSegment(nil, seg), packPart(nil, []byte(`{"id":2}`), false))
	_, err := unpackParts(body, true)
	if err == nil || !strings.Contains(err.Error(), "part 1: zstd frame unpacks to 327 bytes, its header says 318") {
		t.Fatalf("got %v, want part 1 refused", err)
	}
}

// Ensure a finished battle's part shorter than settledFrom is packed
// with S2: zstd would leave out the frame's size below 256 bytes, and
// such a frame is refused on reading.
func TestSettledShortPartS2(t *testing.T) {
	p := []byte(`{"id":3,"over":true}`)
	seg := packPart(nil, p, true)
	if seg[0] != partS2 {
		t.Fatalf("a %d-byte finished part is tagged %q, want S2's %q", len(p), seg[0], partS2)
	}
	back, err := unpackParts(stoSegment(nil, seg), true)
	if err != nil || !bytes.Equal(back, p) {
		t.Fatalf("unpacked %q, %v; want the part back", back, err)
	}
}
