package referee

import (
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"

	"bfbot/mapgen/hex"
	"bfbot/referee/dice"
)

// stViewBattle is a battle in which the lancers know some bandits and not
// others: B1 behind its blind, B2 sighted, B3 probed (000 lines 774, 1342),
// B4 hidden infantry, B5 destroyed, B6 surrendered, B7 an air lance.
func stViewBattle(tb testing.TB) *State {
	return mustPosition(tb, `map blank 32x17; cell 0909 light-building
		turn 1 movement lancers player=1
		side lancers name="7th Crucis Lancers" vp=3 mines=0303:10
		side bandits name="Moore's Bandits" retreat=south vp=4 mines=1212:5,1213:15
		unit A1 lancers heavy-mech regular 10/10/8 @0505 name="test heavy-mech" r=3 mp=4 ob=13 chits=recon,extra-mech,firepower2 mp-left=2 overburning moved carries=1
		unit A2 lancers infantry regular 10/10/8 @0606 name="test infantry" r=3 mp=4 ob=13 hidden mp-left=4
		unit A3 lancers light-mech regular 10/10/8 reserve @0101 name="test light-mech" r=3 mp=4 ob=13 mp-left=4
		unit B1 bandits tracked regular 10/10/8 @0707 name="test tracked" r=3 mp=4 ob=13 mp-left=4
		unit B2 bandits hover regular 10/10/8 @0708 name="test hover" r=3 mp=4 ob=13 mp-left=4
		unit B3 bandits assault-mech elite 10/10/8 @0709 name="test assault-mech" r=4 mp=4 ob=13 chits=ecm,extra-mech,firepower2,armor2 step=2 mp-left=1 overburning extra-mech-used carries=2
		unit B4 bandits heavy-infantry regular 10/10/8 @0710 name="test heavy-infantry" r=3 mp=4 ob=13 hidden mp-left=4
		unit B5 bandits fire-mech regular 10/10/8 destroyed @0711 name="test fire-mech" r=3 mp=4 ob=13 step=4 mp-left=4
		unit B6 bandits wheeled regular 10/10/8 surrendered @0712 name="test wheeled" r=3 mp=4 ob=13 disrupted mp-left=4
		unit B7 bandits light-air regular 10/10/8 @1010 name="test light-air" r=3 mp=4 ob=13 mp-left=4 start=1010
		rubble 0909; salvage 0808:2
		known lancers B2:class B3:class+values B5:class
		known bandits A1:class`)
}

// Ensure a side's view holds exactly what it may know (R10; S6–S9, S13).
func TestView(t *testing.T) {
	s := stViewBattle(t)
	v := s.View("lancers")

	t.Run("Public", func(t *testing.T) {
		if v.Viewer != "lancers" || v.Referee || v.Map != s.Map || v.Turn != 1 || v.Phase != "movement" || v.Phasing != "lancers" {
			t.Errorf("header %q %v %d %q %q", v.Viewer, v.Referee, v.Turn, v.Phase, v.Phasing)
		}
		if !slices.Equal(v.Rubble, []hex.Hex{h("0909")}) || !slices.Equal(v.Salvage, []SalvageCounter{{h("0808"), 2}}) {
			t.Errorf("rubble %v salvage %v", v.Rubble, v.Salvage)
		}
	})
	t.Run("Units", func(t *testing.T) {
		var ids []string
		for _, u := range v.Units {
			ids = append(ids, u.ID)
		}
		// B4 is hidden (S9), B5 is off the map (S8).
		if want := []string{"A1", "A2", "A3", "B1", "B2", "B3", "B6", "B7"}; !slices.Equal(ids, want) {
			t.Errorf("units %v, want %v", ids, want)
		}
		for _, id := range []string{"B4", "B5", "nobody"} {
			if v.Unit(id) != nil {
				t.Errorf("view holds %s", id)
			}
		}
	})
	t.Run("Blind", func(t *testing.T) {
		got, want := *v.Unit("B1"), ViewUnit{ID: "B1", Side: "bandits", SideIndex: 1, Kind: "vehicle", Status: "active", Hex: hexp(h("0707"))}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("B1 %+v, want %+v", got, want)
		}
	})
	t.Run("Sighted", func(t *testing.T) {
		got := v.Unit("B2")
		if got.Class != "hover" || got.Values != nil || got.Detail != nil {
			t.Errorf("B2 %+v, want class only", got)
		}
	})
	t.Run("Probed", func(t *testing.T) {
		got := v.Unit("B3")
		// Step 2 of RA 10 / D 8 is RA 4, D 4; the armor chit adds 2; the
		// spent Extra 'Mech is gone (000 line 1304); overburn, MP left and
		// salvage are not part of the reading (S6).
		want := &UnitValues{Step: 2, Experience: "elite", RA: 4, D: 6, Range: 4, Chits: ViewChits{Armor: 2, Firepower: 2, ECM: true}}
		if got.Class != "assault-mech" || !reflect.DeepEqual(got.Values, want) || got.Detail != nil {
			t.Errorf("B3 %+v values %+v, want class and %+v", got, got.Values, want)
		}
	})
	t.Run("Counter", func(t *testing.T) {
		if got := v.Unit("B6"); got.Status != "surrendered" || !got.Disrupted || got.Class != "" {
			t.Errorf("B6 %+v, want a toppled, surrendered blind", got)
		}
		if got := v.Unit("B7"); got.Class != "light-air" || got.Kind != "air" || got.Values != nil {
			t.Errorf("B7 %+v, want an air lance's class without values (S7)", got)
		}
	})
	t.Run("Own", func(t *testing.T) {
		a1 := v.Unit("A1")
		if !a1.Own || a1.Class != "heavy-mech" || a1.Values == nil || a1.Detail == nil {
			t.Fatalf("A1 %+v", a1)
		}
		d := a1.Detail
		if d.MPLeft != 2 || !d.Overburning || !d.Moved || d.Salvage != 1 || d.Current.RA != 13 || d.Rows[1] != (ViewRow{7, 7, 6}) {
			t.Errorf("A1 detail %+v", d)
		}
		if !slices.Equal(d.RevealedTo, []string{"bandits"}) || d.ProbedBy != nil {
			t.Errorf("A1 revealed to %v probed by %v, want bandits / none", d.RevealedTo, d.ProbedBy)
		}
		if c := a1.Values.Chits; !c.Recon || c.Firepower != 2 || !c.ExtraMech {
			t.Errorf("A1 chits %+v", c)
		}
		if a2 := v.Unit("A2"); a2 == nil || !a2.Detail.Hidden {
			t.Errorf("own hidden infantry %+v", a2)
		}
		if a3 := v.Unit("A3"); a3 == nil || a3.Hex != nil || a3.Status != "reserve" {
			t.Errorf("own reserve unit %+v", a3)
		}
	})
	t.Run("Sides", func(t *testing.T) {
		own, enemy := v.Side("lancers"), v.Side("bandits")
		if !slices.Equal(own.Mines, []Minefield{{h("0303"), 10}}) || own.VP == nil || *own.VP != 3 {
			t.Errorf("own side %+v", own)
		}
		if enemy.Mines != nil || enemy.VP != nil || enemy.RetreatEdge != "south" || enemy.Index != 1 {
			t.Errorf("enemy side %+v, want no mines or VP (S13)", enemy)
		}
	})
	t.Run("OtherSide", func(t *testing.T) {
		v := s.View("bandits")
		if v.Unit("A2") != nil {
			t.Error("the bandits see the hidden A2")
		}
		if a1 := v.Unit("A1"); a1.Class != "heavy-mech" || a1.Values != nil || a1.Detail != nil {
			t.Errorf("bandits' A1 %+v", a1)
		}
		if a3 := v.Unit("A3"); a3 != nil {
			t.Errorf("bandits see the reserve A3: %+v", a3)
		}
		if b3 := v.Unit("B3").Detail; b3.MPLeft != 1 || !slices.Equal(b3.RevealedTo, []string{"lancers"}) || !slices.Equal(b3.ProbedBy, []string{"lancers"}) {
			t.Errorf("bandits' own B3 %+v", b3)
		}
		if b7 := v.Unit("B7").Detail; b7.RevealedTo != nil {
			t.Errorf("an air lance has no blind to reveal: %+v", b7)
		}
	})
	t.Run("Spectator", func(t *testing.T) {
		v := s.View("press")
		for _, u := range v.Units {
			if u.Own || u.Detail != nil || u.Values != nil || (u.Class != "" && u.Kind != "air") {
				t.Errorf("spectator sees %+v", u)
			}
		}
		if len(v.Units) != 6 { // A1 B1 B2 B3 B6 B7
			t.Errorf("spectator sees %d units, want 6", len(v.Units))
		}
	})
	t.Run("Deploy", func(t *testing.T) {
		d := s.Clone()
		d.Phase = PhaseDeploy
		for _, u := range d.View("lancers").Units {
			if u.Side != "lancers" {
				t.Errorf("during deployment the lancers see %s (S14)", u.ID)
			}
		}
	})
	t.Run("Referee", func(t *testing.T) {
		r := s.RefereeView()
		if !r.Referee || r.Viewer != "" || len(r.Units) != len(s.Units) {
			t.Fatalf("referee view holds %d units, want %d", len(r.Units), len(s.Units))
		}
		for _, u := range r.Units {
			if u.Class == "" || u.Values == nil || u.Detail == nil || u.Own {
				t.Errorf("referee's %s %+v", u.ID, u)
			}
		}
		if len(r.Side("bandits").Mines) != 2 || r.Side("lancers").Mines == nil {
			t.Errorf("referee's mines %+v", r.Sides)
		}
	})
}

// Ensure a view's JSON names its fields as documented and reads back
// unchanged, and an enemy blind carries only the counter's public fields.
func TestViewJSON(t *testing.T) {
	s := stViewBattle(t)
	v := s.View("lancers")
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var back View
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, v) {
		t.Errorf("round trip changed the view")
	}
	b1, err := json.Marshal(v.Unit("B1"))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := string(b1), `{"id":"B1","side":"bandits","side_index":1,"kind":"vehicle","status":"active","hex":"0707"}`; got != want {
		t.Errorf("blind B1:\n got %s\nwant %s", got, want)
	}
	b3, _ := json.Marshal(v.Unit("B3"))
	if got, want := string(b3), `{"id":"B3","side":"bandits","side_index":1,"kind":"mech","class":"assault-mech","status":"active","hex":"0709","values":{"step":2,"experience":"elite","ra":4,"d":6,"range":4,"chits":{"firepower":2,"armor":2,"ecm":true}}}`; got != want {
		t.Errorf("probed B3:\n got %s\nwant %s", got, want)
	}
}

// Ensure EventsFor passes a side the public events and those addressed to
// it, in order, and nothing else (R10).
func TestEventsFor(t *testing.T) {
	r := dice.Roll{Purpose: "secret roll", Faces: []int{3}}
	events := []Event{
		{Type: "turn"},
		{Type: "sighted", Unit: "B1", Audience: []string{"lancers"}},
		{Type: "sighted", Unit: "A1", Audience: []string{"bandits"}},
		{Type: "damage", Unit: "B1", Audience: []string{"bandits", "lancers"}},
		{Type: "roll", Dice: &r, Audience: []string{"bandits"}},
		{Type: "nobody", Audience: []string{}},
		{Type: "phase"},
	}
	for _, tc := range []struct {
		side string
		want []string
	}{
		{"lancers", []string{"turn:", "sighted:B1", "damage:B1", "phase:"}},
		{"bandits", []string{"turn:", "sighted:A1", "damage:B1", "roll:", "phase:"}},
		{"press", []string{"turn:", "phase:"}},
	} {
		if got := stTypes(EventsFor(events, tc.side)); !slices.Equal(got, tc.want) {
			t.Errorf("%s: %v, want %v", tc.side, got, tc.want)
		}
	}
	if got := EventsFor(nil, "lancers"); got != nil {
		t.Errorf("no events: %v", got)
	}
}

// Ensure a view carries the battle's public options: the CRT printing
// (R1) and night, which every player may know.
func TestViewPublicOptions(t *testing.T) {
	s := coreBattle(t)
	s.Rules.CRT, s.Rules.Night = ReferenceCRT, true
	v := s.View("bandits")
	if v.CRT != ReferenceCRT || !v.Night {
		t.Errorf("view options: crt %v night %v", v.CRT, v.Night)
	}
	b, err := json.Marshal(v)
	if err != nil || !strings.Contains(string(b), `"crt":"reference"`) {
		t.Errorf("view JSON lacks the CRT: %v", err)
	}
}
