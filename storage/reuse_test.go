package storage

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"bfbot/campaign"
	"bfbot/internal/selfcheck"
	"bfbot/referee/dice"
)

// stoReuseChanges are the kinds of change a campaign goes through, each
// as the campaign package makes them: sharing what it does not change
// (an order), copying everything (Clone), or copying down to the one
// value it changes; some set fields of the campaign they are given, as
// an UpdateFunc may. r picks the side, unit and battle; a change that
// cannot be made to c (orders closed, no battle) returns c and false.
var stoReuseChanges = []struct {
	name string
	make func(c *campaign.Campaign, r *rand.Rand) (*campaign.Campaign, bool)
}{
	{"Order", func(c *campaign.Campaign, r *rand.Rand) (*campaign.Campaign, bool) {
		s := c.Sides[r.IntN(len(c.Sides))]
		bg := s.Battlegroups[r.IntN(len(s.Battlegroups))]
		o := campaign.Order{Kind: campaign.OrderHold, Battlegroup: bg.ID}
		if r.IntN(2) == 0 {
			o = campaign.Order{Kind: campaign.OrderClear}
		}
		n, _, err := campaign.GiveOrder(c, s.ID, o)
		if err != nil {
			return c, false // orders closed
		}
		return n, true
	}},
	{"CloneUnit", func(c *campaign.Campaign, r *rand.Rand) (*campaign.Campaign, bool) {
		n := c.Clone()
		u := stoReuseUnit(n, r)
		u.Company = fmt.Sprintf("company %d", r.IntN(1000))
		return n, true
	}},
	{"CopiedUnits", func(c *campaign.Campaign, r *rand.Rand) (*campaign.Campaign, bool) {
		n := *c
		n.Sides = slices.Clone(c.Sides)
		k := r.IntN(len(n.Sides))
		n.Sides[k].Units = slices.Clone(n.Sides[k].Units)
		u := &n.Sides[k].Units[r.IntN(len(n.Sides[k].Units))]
		u.Attacked = !u.Attacked
		return &n, true
	}},
	{"SideInPlace", func(c *campaign.Campaign, r *rand.Rand) (*campaign.Campaign, bool) {
		c.Sides[r.IntN(len(c.Sides))].Salvage++
		return c, true
	}},
	{"UnitsInPlace", func(c *campaign.Campaign, r *rand.Rand) (*campaign.Campaign, bool) {
		k := r.IntN(len(c.Sides))
		c.Sides[k].Units = slices.Clone(c.Sides[k].Units)
		c.Sides[k].Units[0].Hidden = !c.Sides[k].Units[0].Hidden
		return c, true
	}},
	{"Name", func(c *campaign.Campaign, r *rand.Rand) (*campaign.Campaign, bool) {
		n := *c
		n.Name = fmt.Sprintf("campaign %d", r.IntN(1000))
		return &n, true
	}},
	{"CoreInPlace", func(c *campaign.Campaign, r *rand.Rand) (*campaign.Campaign, bool) {
		c.Channel = fmt.Sprintf("channel %d", r.IntN(1000))
		return c, true
	}},
	// A side's battlegroups copied and one renamed: the side's line
	// changes, its units' does not.
	{"CopiedBattlegroups", func(c *campaign.Campaign, r *rand.Rand) (*campaign.Campaign, bool) {
		n := *c
		n.Sides = slices.Clone(c.Sides)
		s := &n.Sides[r.IntN(len(n.Sides))]
		s.Battlegroups = slices.Clone(s.Battlegroups)
		s.Battlegroups[r.IntN(len(s.Battlegroups))].Name = fmt.Sprintf("battlegroup %d", r.IntN(1000))
		return &n, true
	}},
	// A new map value that encodes otherwise: copying the old map's line
	// for it would lose the change.
	{"NewMapValue", func(c *campaign.Campaign, r *rand.Rand) (*campaign.Campaign, bool) {
		n := *c
		m := *c.Map
		m.Name = fmt.Sprintf("province %d", r.IntN(1000))
		n.Map = &m
		return &n, true
	}},
	{"BattleInPlace", func(c *campaign.Campaign, r *rand.Rand) (*campaign.Campaign, bool) {
		if len(c.Battles) == 0 {
			return c, false
		}
		b := &c.Battles[r.IntN(len(c.Battles))]
		b.Auto = !b.Auto
		return c, true
	}},
	{"BattleState", func(c *campaign.Campaign, r *rand.Rand) (*campaign.Campaign, bool) {
		i := stoReuseFought(c, r)
		if i < 0 {
			return c, false
		}
		n := *c
		n.Battles = slices.Clone(c.Battles)
		b := &n.Battles[i]
		b.State = b.State.Clone()
		b.State.PlayerTurn++
		return &n, true
	}},
	// A battle over, added as a contact in a sector no battle of its
	// turn has: the battles after the new one keep their places.
	{"AddBattle", func(c *campaign.Campaign, r *rand.Rand) (*campaign.Campaign, bool) {
		if len(c.Battles) == 0 {
			return c, false
		}
		b := c.Battles[r.IntN(len(c.Battles))]
		used := map[int]bool{}
		for _, o := range c.Battles {
			if o.Turn == b.Turn {
				used[o.Sector] = true
			}
		}
		for _, sec := range c.Map.Sectors {
			if !used[sec.ID] {
				n := *c
				b.ID, b.Sector, b.Over, b.RetreatFrom = n.NextBattle, sec.ID, true, 0
				n.NextBattle++
				n.Battles = append(slices.Clip(c.Battles), b)
				return &n, true
			}
		}
		return c, false
	}},
	// A battle over removed: those after it move up a place, so a part
	// copied by its place would be another battle's.
	{"RemoveBattle", func(c *campaign.Campaign, r *rand.Rand) (*campaign.Campaign, bool) {
		var over []int
		for i, b := range c.Battles {
			referred := false
			for _, o := range c.Battles {
				referred = referred || o.RetreatFrom == b.ID
			}
			if b.Over && !referred {
				over = append(over, i)
			}
		}
		if len(over) == 0 {
			return c, false
		}
		n := *c
		i := over[r.IntN(len(over))]
		n.Battles = slices.Delete(slices.Clone(c.Battles), i, i+1)
		return &n, true
	}},
}

func stoReuseUnit(c *campaign.Campaign, r *rand.Rand) *campaign.Unit {
	s := &c.Sides[r.IntN(len(c.Sides))]
	return &s.Units[r.IntN(len(s.Units))]
}

// stoReuseFought picks a battle being fought, or -1.
func stoReuseFought(c *campaign.Campaign, r *rand.Rand) int {
	var fought []int
	for i, b := range c.Battles {
		if !b.Over && b.State != nil {
			fought = append(fought, i)
		}
	}
	if len(fought) == 0 {
		return -1
	}
	return fought[r.IntN(len(fought))]
}

// Ensure a change never loses what it changed to a part copied from the
// revision before: random changes of every kind, through both stores, on
// a campaign with a battle being fought (doc_zeros.json) and on one
// whose orders are open (stoNewCampaign); after each, the stored
// document is the new campaign's, every part encoded afresh, and the
// campaign decoded from it (the cache emptied) encodes as the new one.
// Every kind of change must have been made at least once. The check of
// copied parts the package's tests turn on is off here, so that a wrong
// copy reaches the stored document and fails this test.
func TestPartsCopiedProperty(t *testing.T) { stoPartsCopiedProperty(t, false) }

// Ensure the same with the cache kept from one change to the next, as a
// command's round trip has it: each change starts from the parts, the
// summary and the packed record the change before left (cached.lines,
// cached.sum), which the test above empties away. The stored document
// is decoded apart instead, and the store checked after every change
// (Check: the summary and the index entries it moved from the kept
// summary).
func TestPartsCopiedPropertyCached(t *testing.T) { stoPartsCopiedProperty(t, true) }

// stoPartsCopiedProperty is TestPartsCopiedProperty, with the cache kept
// between changes or emptied after each.
func stoPartsCopiedProperty(t *testing.T, keepCache bool) {
	old, err := os.ReadFile(filepath.Join("testdata", "doc_zeros.json"))
	if err != nil {
		t.Fatal(err)
	}
	verifyCopies = false
	t.Cleanup(func() { verifyCopies = true })
	made := map[string]int{}
	stoEach(t, func(t *testing.T, e stoEngine) {
		ctx := context.Background()
		battle, err := decodeDoc(1, "testdata", old)
		if err != nil {
			t.Fatal(err)
		}
		for fi, start := range []*campaign.Campaign{battle, stoNewCampaign(t)} {
			s := e.open(t, Options{})
			id, err := s.Create(ctx, start, 5)
			if err != nil {
				t.Fatal(err)
			}
			r := rand.New(rand.NewPCG(20, uint64(11+fi)))
			steps := 80
			if testing.Short() {
				steps = 40
			}
			for i := range steps {
				k := stoReuseChanges[r.IntN(len(stoReuseChanges))]
				n, err := s.Update(ctx, id, func(c *campaign.Campaign, _ *dice.Dice) (*campaign.Campaign, error) {
					n, ok := k.make(c, r)
					if ok {
						made[k.name]++
					}
					return n, nil
				})
				if err != nil {
					t.Fatalf("change %d (%s): %v", i, k.name, err)
				}
				want, err := encodeDoc(n)
				if err != nil {
					t.Fatal(err)
				}
				doc, _, _, _ := stoState(t, s, id)
				if !bytes.Equal(doc, want) {
					t.Fatalf("change %d (%s): the stored document is not the new campaign's:\n%s", i, k.name, stoFirstDiff(doc, want))
				}
				var got *campaign.Campaign
				if keepCache {
					if got, err = decodeDoc(id, "newest", doc); err != nil {
						t.Fatal(err)
					}
					got.Log = n.Log
					if errs := s.Check(ctx); len(errs) > 0 {
						t.Fatalf("change %d (%s): %v", i, k.name, errs)
					}
				} else {
					stoDropCache(s, id)
					if got, err = s.Get(ctx, id); err != nil {
						t.Fatal(err)
					}
				}
				stoSameJSON(t, got, n)
			}
		}
	})
	for _, k := range stoReuseChanges {
		if made[k.name] == 0 {
			t.Errorf("change %s was never made", k.name)
		}
	}
	t.Logf("changes made: %v", made)
}

// stoDropCache empties either store's cache of campaign id.
func stoDropCache(s Campaigns, id int64) {
	switch s := s.(type) {
	case *Store:
		s.cache.drop(id)
	case *EtcdStore:
		s.cache.drop(id)
	}
}

// stoFirstDiff shows where two documents part.
func stoFirstDiff(got, want []byte) string {
	i := commonPrefix(got, want)
	from := max(0, i-60)
	return fmt.Sprintf("at byte %d: got …%s…\nwant …%s…", i, got[from:min(len(got), i+60)], want[from:min(len(want), i+60)])
}

// Ensure the parts a change leaves alone are copied, not encoded: the
// base's lines for them are replaced by markers, which an order's
// document then holds in place of the map and both sides' units; a unit
// changed on a copy of its side's list has that list encoded again.
func TestPartsCopied(t *testing.T) {
	verifyCopies = false
	t.Cleanup(func() { verifyCopies = true })
	c := stoNewCampaign(t)
	doc, err := encodeDoc(c)
	if err != nil {
		t.Fatal(err)
	}
	base := newPartsBase(c, doc, nil)
	if base == nil {
		t.Fatal("no base for a document in parts")
	}
	for _, i := range []int{1, 2, 3, 4, 5, 6} {
		base.lines[i] = []byte(fmt.Sprintf("marker %d", i))
	}
	n, _, err := campaign.GiveOrder(c, c.Sides[0].ID, campaign.Order{Kind: campaign.OrderReady})
	if err != nil {
		t.Fatal(err)
	}
	got, err := encodeDocInto(new(bytes.Buffer), n, base)
	if err != nil {
		t.Fatal(err)
	}
	// The core, the map, the other side and every side's units are
	// copied; the ordering side, ready now, is encoded.
	for _, i := range []int{1, 2, 4, 5, 6} {
		if !strings.Contains(string(got), fmt.Sprintf("marker %d", i)) {
			t.Errorf("part %d was encoded again after an order", i+1)
		}
	}
	if strings.Contains(string(got), "marker 3") {
		t.Error("the ordering side's part was copied")
	}
	m := *n
	m.Sides = slices.Clone(n.Sides)
	m.Sides[1].Units = slices.Clone(m.Sides[1].Units)
	m.Sides[1].Units[0].Company = "changed"
	if got, err = encodeDocInto(new(bytes.Buffer), &m, base); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(got), "marker 6") || !strings.Contains(string(got), "marker 4") {
		t.Error("a changed list of units was copied, or the unchanged one encoded")
	}
}

// Ensure a change that breaks UpdateFunc's rule, altering in place a
// side's units the campaign it was given shares with the store's cache,
// fails in a test binary (verifyCopies) instead of losing the change.
func TestCopiesVerified(t *testing.T) {
	if !selfcheck.On() {
		t.Skip("benchmarks run: copies are not verified")
	}
	ctx := context.Background()
	s := stoOpen(t, Options{})
	id := stoCreate(t, s, 3)
	if _, err := s.Get(ctx, id); err != nil { // fills the cache
		t.Fatal(err)
	}
	_, err := s.Update(ctx, id, func(c *campaign.Campaign, _ *dice.Dice) (*campaign.Campaign, error) {
		c.Sides[0].Units[0].Company = "changed in place"
		return c, nil
	})
	if err == nil || !strings.Contains(err.Error(), "changed in place") {
		t.Errorf("Update = %v, want the copied part refused", err)
	}
}

// Ensure sameMemory tells apart what encodes differently one level down
// (a number, a string, another pointer, map or array, a nil slice from
// an empty one, an unexported field), and holds a value equal to itself
// and to a copy sharing its pointers, slices and maps.
func TestSameMemory(t *testing.T) {
	type inner struct{ N int }
	type value struct {
		N      int
		S      string
		P      *inner
		L      []int
		M      map[string]int
		A      [2]inner
		hidden float64
	}
	p, l, m := &inner{1}, []int{1, 2}, map[string]int{"a": 1}
	base := value{N: 1, S: "s", P: p, L: l, M: m, A: [2]inner{{1}, {2}}, hidden: 0.5}
	same := base
	for name, tt := range map[string]struct {
		v    value
		want bool
	}{
		"Itself":       {same, true},
		"Number":       {func() value { v := base; v.N = 2; return v }(), false},
		"String":       {func() value { v := base; v.S = "t"; return v }(), false},
		"Pointer":      {func() value { v := base; v.P = &inner{1}; return v }(), false},
		"SliceArray":   {func() value { v := base; v.L = []int{1, 2}; return v }(), false},
		"SliceLength":  {func() value { v := base; v.L = l[:1]; return v }(), false},
		"SliceEmptied": {func() value { v := base; v.L = l[:0]; return v }(), false},
		"Map":          {func() value { v := base; v.M = map[string]int{"a": 1}; return v }(), false},
		"ArrayElement": {func() value { v := base; v.A[1].N = 3; return v }(), false},
		"Unexported":   {func() value { v := base; v.hidden = 1; return v }(), false},
	} {
		if got := sameMemory(&base, &tt.v); got != tt.want {
			t.Errorf("%s: sameMemory = %v, want %v", name, got, tt.want)
		}
	}
	var nilL, emptyL struct{ L []int }
	emptyL.L = []int{}
	if sameMemory(&nilL, &emptyL) {
		t.Error("a nil slice and an empty one count as the same")
	}
}

// Ensure a side's units copied by Clone, whose lances share their
// members clipped, count as the same, and a unit changed in the copy, or
// given members of its own, does not.
func TestSameUnits(t *testing.T) {
	c := stoNewCampaign(t)
	doc, err := encodeDoc(c)
	if err != nil {
		t.Fatal(err)
	}
	base := newPartsBase(c, doc, nil)
	n := c.Clone()
	for side := range n.Sides {
		if &n.Sides[side].Units[0] == &c.Sides[side].Units[0] {
			t.Fatal("Clone shares the units' list")
		}
		if !base.sameUnits(n, side) {
			t.Errorf("side %d: the units copied by Clone count as changed", side+1)
		}
	}
	var u *campaign.Unit
	for i := range n.Sides[0].Units {
		if len(n.Sides[0].Units[i].Lance.Members) > 0 {
			u = &n.Sides[0].Units[i]
		}
	}
	if u == nil {
		t.Fatal("no unit with members to share")
	}
	u.Step++
	if base.sameUnits(n, 0) {
		t.Error("a unit's step changed in a copy counts as the same")
	}
	u.Step--
	u.Lance.Members = slices.Clone(u.Lance.Members)
	if base.sameUnits(n, 0) {
		t.Error("a unit given members of its own counts as the same")
	}
}

// Ensure a campaign decoded from its stored document, whose strings
// refer to that document's bytes (decodeKeptDoc), keeps them as they
// were through the changes after it: the store never encodes a later
// document into those bytes (Store.spareDoc), even where they have the
// room (a loaded document has none to spare).
func TestKeptDocNotReused(t *testing.T) {
	ctx := context.Background()
	s := stoOpen(t, Options{})
	id := stoCreate(t, s, 3)
	if _, err := s.Get(ctx, id); err != nil {
		t.Fatal(err)
	}
	_, _, rev, _ := stoState(t, s, id)
	e := s.cache.get(id, rev)
	if e == nil {
		t.Fatal("the campaign read is not in the cache")
	}
	doc := make([]byte, len(e.doc), 2*len(e.doc))
	copy(doc, e.doc)
	c, err := decodeKeptDoc(id, "test", doc)
	if err != nil {
		t.Fatal(err)
	}
	c.Log = e.c.Log
	s.cache.put(id, cached{rev: rev, c: c.Shell(), doc: doc, last: e.last, vp: e.vp, kept: true})
	want, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 6 {
		fn := stoBenchChange
		if i%2 == 1 {
			fn = stoStep
		}
		if _, err := s.Update(ctx, id, fn); err != nil {
			t.Fatal(err)
		}
	}
	if got, _ := json.Marshal(c); !bytes.Equal(got, want) {
		t.Errorf("the campaign decoded first changed with the changes after it:\n%s", stoFirstDiff(got, want))
	}
}
