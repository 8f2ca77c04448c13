package storage

import (
	"bytes"
	"context"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	bolt "go.etcd.io/bbolt"

	"bfbot/campaign"
	"bfbot/referee"
	"bfbot/referee/dice"
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
			if codec := segs[len(segs)-1][0]; isJoint(codec) != tc.want {
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
				back, err := unpackParts(packJoint(nil, [][]byte{p, p}), true)
				if err != nil || !bytes.Equal(back, bytes.Join([][]byte{p, p}, []byte{'\n'})) {
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
	body := stoSegment(stoSegment(nil, seg), packPart(nil, []byte(`{"id":2}`)))
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
	body := appendParts(nil, [][]byte{p}, 0, nil, nil, nil)
	if segs, _ := splitSegments(body); segs[0][0] != partS2 {
		t.Fatalf("a %d-byte finished part is tagged %q, want S2's %q", len(p), segs[0][0], partS2)
	}
	back, err := unpackParts(body, true)
	if err != nil || !bytes.Equal(back, p) {
		t.Fatalf("unpacked %q, %v; want the part back", back, err)
	}
}

// Ensure finished battles that follow one another are packed together
// in one joint frame of up to jointMost bytes of JSON, split into
// columns, the others' parts only its tag; that a change
// leaving them alone copies the frame as it is, a battle in progress
// between them splits them, and a battle finished next to them is
// packed with them; that undo and a load the cache does not hold read
// them back; and that a part tagged as packed with the one before,
// where that is no joint frame, is refused as damage.
func TestSettledJoint(t *testing.T) {
	// Copied, not packed again (which would make the same bytes): a
	// frame that is not zstd's stands for the one stored.
	parts := stoFuzzDoc()[:3]
	stored := [][]byte{packPart(nil, parts[0]), {partJoint, 'X'}, {partNext}}
	if segs, _ := splitSegments(appendParts(nil, parts, 1, parts, nil, stored)); !bytes.Equal(segs[1], stored[1]) {
		t.Error("finished battles the change left alone were packed again")
	}
	// Up to jointMost bytes of JSON a frame: a battle ending packs
	// again only the frame it joins.
	big := bytes.Repeat(parts[1][:len(parts[1])-2], jointMost*2/5/len(parts[1]))
	big = append(big[:len(big)-1], "]}"...)
	if segs, _ := splitSegments(appendParts(nil, [][]byte{big, big, big}, 0, nil, nil, nil)); string([]byte{segs[0][0], segs[1][0], segs[2][0]}) != "cnc" {
		t.Errorf("three battles of %d KB each packed %q, want two in a frame and the third in one of its own", len(big)>>10, []byte{segs[0][0], segs[1][0], segs[2][0]})
	}
	changed := slices.Clone(parts)
	changed[2] = bytes.Replace(parts[2], []byte("Atlas"), []byte("Hatch"), 1)
	if segs, _ := splitSegments(appendParts(nil, changed, 1, parts, nil, stored)); bytes.Equal(segs[1], stored[1]) {
		t.Error("finished battles one of which changed were copied")
	}

	ctx := context.Background()
	s := stoOpen(t, Options{Snapshots: 3})
	id := stoCreate(t, s, 3)
	tags := func() string {
		t.Helper()
		var segs [][]byte
		err := s.db.View(func(tx *bolt.Tx) error {
			_, st, err := newest(tx, id)
			if err == nil {
				segs, err = splitSegments(st.partsBody())
			}
			for i := range segs {
				segs[i] = clone(segs[i])
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		out := ""
		for _, seg := range segs[3+2*2:] { // the battles' parts, after two sides'
			out += string(seg[0])
		}
		return out
	}
	update := func(fn UpdateFunc, want string) {
		t.Helper()
		c, err := s.Update(ctx, id, fn)
		if err != nil {
			t.Fatal(err)
		}
		if got := tags(); got != want {
			t.Errorf("the battles' parts are tagged %q, want %q", got, want)
		}
		s.cache.drop(id)
		if back, err := s.Get(ctx, id); err != nil || !reflect.DeepEqual(back.Battles, c.Battles) {
			t.Errorf("the battles read back are not those written (%v)", err)
		}
	}
	update(stoSettle, "c")
	update(stoSettle, "cn")
	update(stoStep, "cn")
	update(stoFight, "cns")
	update(stoSettle, "cnsc")
	c, err := s.Undo(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if got := tags(); got != "cns" || len(c.Battles) != 3 {
		t.Errorf("after undo the battles' parts are tagged %q, want %q", got, "cns")
	}
	stoMustCheck(t, s)

	body := stoSegment(stoSegment(nil, packPart(nil, []byte(`{"id":1}`))), []byte{partNext})
	if _, err := unpackParts(body, true); err == nil || !strings.Contains(err.Error(), "part 2: packed with the part before, which is not a joint frame") {
		t.Errorf("a part packed with an S2 part before it: %v, want it refused", err)
	}
}

// stoFight starts a battle that is not over, with a record large enough
// to be packed with zstd were it over.
func stoFight(c *campaign.Campaign, d *dice.Dice) (*campaign.Campaign, error) {
	c, err := stoSettle(c, d)
	c.Battles[len(c.Battles)-1].Over = false
	return c, err
}
