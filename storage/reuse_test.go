package storage

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
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
// an UpdateFunc may. r picks the side, unit and battle.
var stoReuseChanges = []struct {
	name string
	make func(c *campaign.Campaign, r *rand.Rand) *campaign.Campaign
}{
	{"Order", func(c *campaign.Campaign, r *rand.Rand) *campaign.Campaign {
		s := c.Sides[r.IntN(len(c.Sides))]
		n, _, err := campaign.GiveOrder(c, s.ID, campaign.Order{Kind: campaign.OrderReady})
		if err != nil {
			return c // orders closed: the change is none
		}
		return n
	}},
	{"CloneUnit", func(c *campaign.Campaign, r *rand.Rand) *campaign.Campaign {
		n := c.Clone()
		u := stoReuseUnit(n, r)
		u.Company = fmt.Sprintf("company %d", r.IntN(1000))
		return n
	}},
	{"CopiedUnits", func(c *campaign.Campaign, r *rand.Rand) *campaign.Campaign {
		n := *c
		n.Sides = slices.Clone(c.Sides)
		k := r.IntN(len(n.Sides))
		n.Sides[k].Units = slices.Clone(n.Sides[k].Units)
		u := &n.Sides[k].Units[r.IntN(len(n.Sides[k].Units))]
		u.Attacked = !u.Attacked
		return &n
	}},
	{"SideInPlace", func(c *campaign.Campaign, r *rand.Rand) *campaign.Campaign {
		c.Sides[r.IntN(len(c.Sides))].Salvage++
		return c
	}},
	{"UnitsInPlace", func(c *campaign.Campaign, r *rand.Rand) *campaign.Campaign {
		k := r.IntN(len(c.Sides))
		c.Sides[k].Units = slices.Clone(c.Sides[k].Units)
		c.Sides[k].Units[0].Hidden = !c.Sides[k].Units[0].Hidden
		return c
	}},
	{"Name", func(c *campaign.Campaign, r *rand.Rand) *campaign.Campaign {
		n := *c
		n.Name = fmt.Sprintf("campaign %d", r.IntN(1000))
		return &n
	}},
	{"NewMapValue", func(c *campaign.Campaign, r *rand.Rand) *campaign.Campaign {
		n := *c
		m := *c.Map
		n.Map = &m
		return &n
	}},
	{"BattleInPlace", func(c *campaign.Campaign, r *rand.Rand) *campaign.Campaign {
		if len(c.Battles) > 0 {
			b := &c.Battles[r.IntN(len(c.Battles))]
			b.Auto = !b.Auto
		}
		return c
	}},
	{"BattleState", func(c *campaign.Campaign, r *rand.Rand) *campaign.Campaign {
		if len(c.Battles) == 0 {
			return c
		}
		n := *c
		n.Battles = slices.Clone(c.Battles)
		b := &n.Battles[r.IntN(len(n.Battles))]
		b.State = b.State.Clone()
		b.State.PlayerTurn++
		return &n
	}},
}

func stoReuseUnit(c *campaign.Campaign, r *rand.Rand) *campaign.Unit {
	s := &c.Sides[r.IntN(len(c.Sides))]
	return &s.Units[r.IntN(len(s.Units))]
}

// Ensure a change never loses what it changed to a part copied from the
// revision before: random changes of every kind, on a campaign with a
// battle being fought, through both stores; after each, the stored
// document is the new campaign's, every part encoded afresh, and the
// campaign decoded from it (the cache emptied) encodes as the new one.
// The check of copied parts the package's tests turn on is off here,
// so that a wrong copy reaches the stored document and fails this test.
func TestPartsCopiedProperty(t *testing.T) {
	old, err := os.ReadFile(filepath.Join("testdata", "doc_zeros.json"))
	if err != nil {
		t.Fatal(err)
	}
	verifyCopies = false
	t.Cleanup(func() { verifyCopies = true })
	stoEach(t, func(t *testing.T, e stoEngine) {
		ctx := context.Background()
		c, err := decodeDoc(1, "testdata", old)
		if err != nil {
			t.Fatal(err)
		}
		s := e.open(t, Options{})
		id, err := s.Create(ctx, c, 5)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(20, 11))
		steps := 60
		if testing.Short() {
			steps = 20
		}
		for i := range steps {
			k := stoReuseChanges[r.IntN(len(stoReuseChanges))]
			n, err := s.Update(ctx, id, func(c *campaign.Campaign, _ *dice.Dice) (*campaign.Campaign, error) {
				return k.make(c, r), nil
			})
			if err != nil {
				t.Fatalf("change %d (%s): %v", i, k.name, err)
			}
			want, err := encodeDoc(n)
			if err != nil {
				t.Fatal(err)
			}
			if doc, _, _, _ := stoState(t, s, id); !bytes.Equal(doc, want) {
				t.Fatalf("change %d (%s): the stored document is not the new campaign's:\n%s", i, k.name, stoFirstDiff(doc, want))
			}
			stoDropCache(s, id)
			got, err := s.Get(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			stoSameJSON(t, got, n)
		}
	})
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
	base := newPartsBase(c, doc)
	if base == nil {
		t.Fatal("no base for a document in parts")
	}
	for _, i := range []int{2, 4, 6} {
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
	for _, i := range []int{2, 4, 6} {
		if !strings.Contains(string(got), fmt.Sprintf("marker %d", i)) {
			t.Errorf("part %d was encoded again after an order", i+1)
		}
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

// Ensure sameShallow tells apart what encodes differently one level down
// (a number, a string, another pointer, map or array, a nil slice from
// an empty one, an unexported field) and nothing more: a value equal to
// itself, and two structs sharing the same pointers, slices and maps.
func TestSameShallow(t *testing.T) {
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
		a, b := reflect.ValueOf(&base).Elem(), reflect.ValueOf(&tt.v).Elem()
		if got := sameShallow(a, b); got != tt.want {
			t.Errorf("%s: sameShallow = %v, want %v", name, got, tt.want)
		}
	}
	var nilL, emptyL struct{ L []int }
	emptyL.L = []int{}
	if sameShallow(reflect.ValueOf(nilL), reflect.ValueOf(emptyL)) {
		t.Error("a nil slice and an empty one count as the same")
	}
}
