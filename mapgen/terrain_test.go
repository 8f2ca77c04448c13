package mapgen

import (
	"encoding/json"
	"testing"
)

// Ensure the terrain table holds the movement costs and prohibitions of
// the Terrain Modifiers Table, 000 line 636, and the
// combat column shifts of the table at line 902.
func TestTerrainTable(t *testing.T) {
	type row struct {
		terrain    Terrain
		mp         int
		prohibited []Movement
		shift      int
	}
	for _, r := range []row{
		{Open, 0, nil, 0},
		{Water1, 2, []Movement{Wheeled, Tracked, Foot}, 0}, // infantry: line 161, ruling B3
		{Water2, 4, []Movement{Wheeled, Tracked, Foot}, -6},
		{LightWoods, 1, []Movement{Wheeled, Hover}, -1},
		{HeavyWoods, 2, []Movement{Wheeled, Hover, Tracked}, -2},
		{Rough, 1, []Movement{Wheeled}, -1},
		{Rubble, 1, []Movement{Wheeled}, -1},
		{LightBuilding, 1, nil, -2},
		{MediumBuilding, 2, nil, -3},
		{HeavyBuilding, 3, nil, -4},
		{HardenedBuilding, 3, nil, -6},
	} {
		info := r.terrain.Info()
		if info.MP != r.mp {
			t.Errorf("%v MP = %d, want %d", r.terrain, info.MP, r.mp)
		}
		if info.Shift != r.shift {
			t.Errorf("%v shift = %d, want %d", r.terrain, info.Shift, r.shift)
		}
		want := map[Movement]bool{}
		for _, m := range r.prohibited {
			want[m] = true
		}
		for m := range numMovements {
			if info.Prohibited[m] != want[m] {
				t.Errorf("%v prohibited to %v = %v, want %v", r.terrain, m, info.Prohibited[m], want[m])
			}
		}
	}
	// Level 2 water's shift counts only for a defender in the hex (line 902 note).
	if !Water2.Info().ShiftTargetOnly || Water1.Info().ShiftTargetOnly || HeavyWoods.Info().ShiftTargetOnly {
		t.Error("only level 2 water's shift is target-only")
	}
	if len(Terrains) != 11 {
		t.Errorf("%d terrain types, want the 11 of docs/architecture.md", len(Terrains))
	}
}

// Ensure line-of-sight properties follow 000 lines 780–792 and ruling R4.
func TestTerrainSight(t *testing.T) {
	for _, tc := range []struct {
		terrain      Terrain
		sight        Sight
		tall         bool
		hidesMechs   bool
		hidesOthers  bool
		buildingSize int
	}{
		{Open, SeeThrough, false, false, false, 0},
		{Rough, SeeThrough, true, false, false, 0}, // line 117: at least 12 m high (B16)
		{LightWoods, Thin, true, false, false, 0},
		{HeavyWoods, Blocking, true, true, true, 0},
		{Water1, SeeThrough, false, false, false, 0},
		{Water2, SeeThrough, false, true, true, 0},
		{LightBuilding, Thin, true, false, true, 1}, // line 173, 792: light buildings do not hide 'Mechs
		{MediumBuilding, Thin, true, true, true, 2},
		{HeavyBuilding, Thin, true, true, true, 3},
		{HardenedBuilding, Thin, true, true, true, 4},
		{Rubble, SeeThrough, false, false, true, 0}, // line 197, ruling B4; line 117: not tall
	} {
		i := tc.terrain.Info()
		if i.Sight != tc.sight || i.Tall != tc.tall || i.HidesMechs != tc.hidesMechs || i.HidesOthers != tc.hidesOthers || i.Building != tc.buildingSize {
			t.Errorf("%v: got sight %v tall %v hides %v/%v building %d, want %v %v %v/%v %d", tc.terrain,
				i.Sight, i.Tall, i.HidesMechs, i.HidesOthers, i.Building, tc.sight, tc.tall, tc.hidesMechs, tc.hidesOthers, tc.buildingSize)
		}
	}
	// Ruling R4: woods and buildings stand one level above their ground.
	if got := (Cell{Terrain: HeavyWoods, Elevation: 1}).BlockingHeight(); got != 2 {
		t.Errorf("heavy woods on level 1 blocks at %d, want 2", got)
	}
	if got := (Cell{Terrain: Water1, Elevation: 1}).BlockingHeight(); got != 1 {
		t.Errorf("water on level 1 blocks at %d, want 1", got)
	}
}

func TestParseTerrain(t *testing.T) {
	t.Run("OK", func(t *testing.T) {
		for _, tr := range Terrains {
			got, err := ParseTerrain(tr.String())
			if err != nil || got != tr {
				t.Errorf("ParseTerrain(%q) = %v, %v", tr.String(), got, err)
			}
		}
		for in, want := range map[string]Terrain{"Heavy Woods": HeavyWoods, "water_2": Water2, " RUBBLE ": Rubble} {
			if got, err := ParseTerrain(in); err != nil || got != want {
				t.Errorf("ParseTerrain(%q) = %v, %v; want %v", in, got, err, want)
			}
		}
	})
	t.Run("ErrUnknown", func(t *testing.T) {
		_, err := ParseTerrain("swamp")
		if err == nil || err.Error() != `unknown terrain "swamp": use one of open, rough, light-woods, heavy-woods, water-1, water-2, light-building, medium-building, heavy-building, hardened-building, rubble` {
			t.Errorf("ParseTerrain(swamp) error = %v", err)
		}
	})
	t.Run("JSON", func(t *testing.T) {
		b, err := json.Marshal(map[string]Terrain{"a": LightWoods})
		if err != nil || string(b) != `{"a":"light-woods"}` {
			t.Fatalf("json = %s, %v", b, err)
		}
		var back map[string]Terrain
		if err := json.Unmarshal(b, &back); err != nil || back["a"] != LightWoods {
			t.Errorf("unmarshal = %v, %v", back, err)
		}
		if err := json.Unmarshal([]byte(`{"a":"lava"}`), &back); err == nil {
			t.Error("unmarshal of lava succeeded")
		}
	})
}

func TestParseTheme(t *testing.T) {
	for _, th := range Themes {
		if got, err := ParseTheme(th.String()); err != nil || got != th {
			t.Errorf("ParseTheme(%q) = %v, %v", th, got, err)
		}
	}
	if _, err := ParseTheme("desert"); err == nil {
		t.Error("ParseTheme(desert) succeeded")
	}
}
