package forces

import (
	"strings"
	"testing"

	"bfbot/referee"
)

// Line numbers in this file are of book 000, BattleForce (docs/sources.md).

// qkCounter is what a roster prints for a lance, RA(CA)/D-R MP (line
// 2780), with the class and jump.
type qkCounter struct {
	RA, CA, D, R, MP int
	Jump             bool
	Class            referee.Class
}

// qkMustQuickLance returns the lance or fails the test.
func qkMustQuickLance(tb testing.TB, exp referee.Experience, names ...string) Lance {
	tb.Helper()
	l, err := QuickLance(names, exp)
	if err != nil {
		tb.Fatalf("QuickLance(%q): %v", names, err)
	}
	return l
}

func qkRow(ra, ca, d int) referee.Values { return referee.Values{RA: ra, CA: ca, D: d} }

func qkCounterOf(l Lance) qkCounter {
	return qkCounter{RA: l.Rows[0].RA, CA: l.Rows[0].CA, D: l.Rows[0].D, R: l.Range, MP: l.MP, Jump: l.Jump, Class: l.Class}
}

// Ensure the Four Brothers (line 1385) come out of the values table as the
// book works them out by the full method: RA 8 (line 1447), CA 12 (1510),
// D 8 (1405), R 3 (1488), MP 4 and no jump (1516–1518, 1532–1538).
func TestQuickLanceFourBrothers(t *testing.T) {
	l := qkMustQuickLance(t, referee.Veteran, "Wasp", "Thunderbolt", "Vindicator", "Hatchetman")
	if got, want := qkCounterOf(l), (qkCounter{RA: 8, CA: 12, D: 8, R: 3, MP: 4, Class: referee.MediumMech}); got != want {
		t.Errorf("counter = %+v, want %+v", got, want)
	}
	// Step rows by the step table (line 1528, referee.DeriveSteps); the
	// book's own RA and D rows at lines 1543–1545 do not follow it (B12).
	want := [4]referee.Values{qkRow(8, 12, 8), qkRow(6, 9, 6), qkRow(4, 6, 4), qkRow(2, 3, 2)}
	if l.Rows != want {
		t.Errorf("rows = %v, want %v", l.Rows, want)
	}
	// R5: overburn RA 8 + 2, overburn MP 4 × 1.5 = 6 (line 1520).
	if l.OverburnRA != 10 || l.OverburnMP != 6 {
		t.Errorf("overburn = %d RA, %d MP, want 10, 6", l.OverburnRA, l.OverburnMP)
	}
	// R8: overburn RA 10 + Veteran 5 (the level of line 1634).
	if got := l.Cost(); got != 15 {
		t.Errorf("cost = %d, want 15", got)
	}
	if got := strings.Join(l.Members, ", "); got != "Wasp, Thunderbolt, Vindicator, Hatchetman" || l.Name != "" {
		t.Errorf("members %q, name %q", got, l.Name)
	}
	if l.Experience != referee.Veteran || l.MinRange != 0 || l.Indirect || l.AirAttack != 0 {
		t.Errorf("lance = %+v", l)
	}
}

// Ensure roster lances the book prints are reproduced (each checked by
// hand from the values table, lines 1721–1848). The roster's "closest
// counter" column is not a class (ruling Q6): the classes here are ours.
func TestQuickLanceRosters(t *testing.T) {
	for _, tc := range []struct {
		line  int
		names []string
		want  qkCounter
	}{
		// 7(12)/6-2 4: RA 27/4 = 6.75, CA 49/4 = 12.25, D 23/4 = 5.75; 45 t.
		{2798, []string{"Cyclops", "Spider", "Spider", "Spider"}, qkCounter{7, 12, 6, 2, 4, false, referee.MediumMech}},
		// 10(12)/9-4 4: all four fire indirectly (Q7): a Fire 'Mech lance.
		{2886, []string{"Archer", "Archer", "Valkyrie", "Valkyrie"}, qkCounter{10, 12, 9, 4, 4, false, referee.FireMech}},
		// 7(12)/8-3 4j: every member jumps; R 11/4 = 2.75 → 3.
		{2920, []string{"Grasshopper", "Wolverine", "Vulcan", "Clint"}, qkCounter{7, 12, 8, 3, 4, true, referee.MediumMech}},
		// 4(5)/4-1 8.
		{2988, []string{"Locust", "Locust", "Locust", "Locust"}, qkCounter{4, 5, 4, 1, 8, false, referee.LightMech}},
		// 17(22)/9-2 4: 78.75 t is between heavy and assault: heavy (Q6),
		// though the roster's closest counter is an assault one.
		{3140, []string{"Cyclops", "BattleMaster", "Warhammer", "Warhammer"}, qkCounter{17, 22, 9, 2, 4, false, referee.HeavyMech}},
		// 10(13)/8-3 4, the Bandits' "Fire Lance": only two of four fire
		// indirectly, so it is no Fire 'Mech lance (Q7); 50 t, medium.
		{3228, []string{"Archer", "Archer", "Spider", "Spider"}, qkCounter{10, 13, 8, 3, 4, false, referee.MediumMech}},
		// 7(0)/4-(5-40) 2t: Long Toms (C5, C6).
		{3151, []string{"Long Tom", "Long Tom", "Long Tom", "Long Tom"}, qkCounter{7, 0, 4, 40, 2, false, referee.LongTom}},
		// 2(2)/2-0 18h.
		{3169, []string{"Skimmer", "Skimmer", "Skimmer", "Skimmer"}, qkCounter{2, 2, 2, 0, 18, false, referee.Hover}},
		// 1(1)/2-0 5: three Ordnance Transports, divided by 4 (Q1):
		// RA 3/4 = 0.75 → 1, D 6/4 = 1.5 → 2. A Truck (Q8). The roster's
		// "t" is a misprint: the table's Ordnance Transport is wheeled.
		{3189, []string{"Ordnance Transport", "Ordnance Transport", "Ordnance Transport"}, qkCounter{1, 1, 2, 0, 5, false, referee.Truck}},
		// 18(16)/7-2 4t.
		{3380, []string{"Von Luckner", "Von Luckner", "Von Luckner", "Von Luckner"}, qkCounter{18, 16, 7, 2, 4, false, referee.Tracked}},
		// 3(2)/5-2 5w: D 18/4 = 4.5 → 5; the jeeps with machine guns (C13).
		{3394, []string{"Striker", "Striker", "Jeep (mg)", "Jeep (mg)"}, qkCounter{3, 2, 5, 2, 5, false, referee.Wheeled}},
		// 8(7)/10-3 4t: R 10/4 = 2.5 → 3 (R6).
		{3403, []string{"Rommel", "Rommel", "Patton", "Patton"}, qkCounter{8, 7, 10, 3, 4, false, referee.Tracked}},
		// Air lances, AV(ST)/D-R (Q2, Q3): 44/4 = 11, 32/4 = 8, 24/4 = 6, R 15.
		{3055, []string{"Stuka", "Stuka"}, qkCounter{11, 8, 6, 15, 10, false, referee.HeavyAir}},
		{3059, []string{"Lucifer", "Lucifer"}, qkCounter{8, 6, 5, 15, 15, false, referee.MediumAir}},
		// D 18/4 = 4.5 → 5.
		{3063, []string{"Sparrowhawk", "Sparrowhawk"}, qkCounter{3, 3, 5, 5, 20, false, referee.LightAir}},
	} {
		l := qkMustQuickLance(t, referee.Regular, tc.names...)
		if got := qkCounterOf(l); got != tc.want {
			t.Errorf("line %d %v: %+v, want %+v", tc.line, tc.names, got, tc.want)
		}
	}
}

// Ensure the red row, overburn MP and cost follow the class: 'Mechs have
// both (R5), vehicles only the MP (V14), artillery, trucks and air lances
// neither (referee class table), and air lances cost their AA (R8).
func TestQuickLanceOverburnAndCost(t *testing.T) {
	for _, tc := range []struct {
		names            []string
		exp              referee.Experience
		obRA, obMP, cost int
	}{
		// Atlas, Atlas, Stalker, Zeus: RA 75/4 = 18.75 → 19, +4; MP 3 → 5.
		{[]string{"Atlas", "Atlas", "Stalker", "Zeus"}, referee.Elite, 23, 5, 33},
		// Von Luckners: no red row; cost is step-0 RA 18 (V14).
		{[]string{"Von Luckner", "Von Luckner", "Von Luckner", "Von Luckner"}, referee.Regular, 0, 6, 18},
		// Long Toms: artillery does not overburn; Green −2.
		{[]string{"Long Tom", "Long Tom", "Long Tom", "Long Tom"}, referee.Green, 0, 0, 5},
		// Stukas: AA 11 + Elite 10 (line 3055: an Elite lance).
		{[]string{"Stuka", "Stuka"}, referee.Elite, 0, 0, 21},
	} {
		l := qkMustQuickLance(t, tc.exp, tc.names...)
		if l.OverburnRA != tc.obRA || l.OverburnMP != tc.obMP || l.Cost() != tc.cost {
			t.Errorf("%v: overburn %d/%d, cost %d; want %d/%d, %d", tc.names, l.OverburnRA, l.OverburnMP, l.Cost(), tc.obRA, tc.obMP, tc.cost)
		}
	}
}

// Ensure an air lance has two rows (line 1163), the second by the step
// table (Q5), and keeps AA and ST in their own fields as well (Q3).
func TestQuickLanceAirRows(t *testing.T) {
	l := qkMustQuickLance(t, referee.Elite, "Stuka", "Stuka")
	want := [4]referee.Values{qkRow(11, 8, 6), qkRow(8, 6, 4)}
	if l.Rows != want || l.AirAttack != 11 || l.Strafe != 8 {
		t.Errorf("rows %v, AA %d, ST %d; want %v, 11, 8", l.Rows, l.AirAttack, l.Strafe, want)
	}
	// One fighter still divides by 4 (line 1658; Q1): 22/4 = 5.5 → 6,
	// 16/4 = 4, 12/4 = 3; its range is its own (Q2).
	one := qkMustQuickLance(t, referee.Regular, "Stuka")
	if got, want := qkCounterOf(one), (qkCounter{6, 4, 3, 15, 10, false, referee.HeavyAir}); got != want {
		t.Errorf("one Stuka: %+v, want %+v", got, want)
	}
	// Two fighters of one class with different ranges: (15 + 10) / 2 =
	// 12.5 → the nearest 5, halves up: 15 (Q2). Slowest M is the same.
	mixed := qkMustQuickLance(t, referee.Regular, "Seydlitz", "Cheetah")
	if mixed.Range != 15 || mixed.MP != 20 {
		t.Errorf("Seydlitz, Cheetah: R %d, M %d; want 15, 20", mixed.Range, mixed.MP)
	}
	// The Transgressor is a heavy fighter by its block (C10, Q4).
	if c := qkMustQuickLance(t, referee.Regular, "Transgressor").Class; c != referee.HeavyAir {
		t.Errorf("Transgressor: %v, want heavy-air", c)
	}
}

// Ensure a lance of fewer than four still divides by 4 (line 1361; Q1)
// while its class goes by the members' mean weight (Q6).
func TestQuickLanceFewerMembers(t *testing.T) {
	// One Atlas: 21/4 = 5.25 → 5, 30/4 = 7.5 → 8, 14/4 = 3.5 → 4,
	// R 3/4 = 0.75 → 1; 100 t: assault.
	l := qkMustQuickLance(t, referee.Regular, "Atlas")
	if got, want := qkCounterOf(l), (qkCounter{5, 8, 4, 1, 3, false, referee.AssaultMech}); got != want {
		t.Errorf("one Atlas: %+v, want %+v", got, want)
	}
	// Two Jenners jump (each does, C1) and fly light.
	l = qkMustQuickLance(t, referee.Regular, "Jenner", "Jenner")
	if got, want := qkCounterOf(l), (qkCounter{5, 6, 3, 1, 7, true, referee.LightMech}); got != want {
		t.Errorf("two Jenners: %+v, want %+v", got, want)
	}
}

// Ensure the class bands of Q6 (= V13): a mean between two of the table's
// weight classes (lines 1721–1783) falls to the lighter one.
func TestQuickLanceClassBands(t *testing.T) {
	for _, tc := range []struct {
		names []string
		want  referee.Class
	}{
		{[]string{"Jenner", "Assassin"}, referee.LightMech},                              // 37.5
		{[]string{"Assassin", "Assassin"}, referee.MediumMech},                           // 40
		{[]string{"Scorpion ('Mech)", "Dragon"}, referee.MediumMech},                     // 57.5
		{[]string{"Dragon", "Dragon"}, referee.HeavyMech},                                // 60
		{[]string{"Orion", "Awesome"}, referee.HeavyMech},                                // 77.5
		{[]string{"Awesome"}, referee.AssaultMech},                                       // 80
		{[]string{"Catapult", "Archer"}, referee.FireMech},                               // all indirect (Q7)
		{[]string{"Catapult", "Catapult", "Catapult", "Thunderbolt"}, referee.HeavyMech}, // 3 of 4: no
		{[]string{"Wheeled Scout", "Packrat"}, referee.Wheeled},
		{[]string{"MASH", "Coolant Truck", "Mobile HQ"}, referee.Truck}, // Q8
		{[]string{"MASH", "Jeep (mg)"}, referee.Wheeled},                // not all support
		{[]string{"Long Tom", "Demolisher"}, referee.Tracked},           // not all indirect
	} {
		if got := qkMustQuickLance(t, referee.Regular, tc.names...).Class; got != tc.want {
			t.Errorf("%v: %v, want %v", tc.names, got, tc.want)
		}
	}
}

// Ensure lances that cannot be one counter are refused, naming the member.
func TestQuickLanceErrors(t *testing.T) {
	for _, tc := range []struct {
		name  string
		names []string
		exp   referee.Experience
		want  string
	}{
		{"ErrNone", nil, referee.Regular, "name the lance's machines"},
		{"ErrFive", []string{"Atlas", "Atlas", "Atlas", "Atlas", "Zeus"}, referee.Regular, "member 5 (Zeus): a counter holds at most 4 'Mechs"},
		{"ErrThreeFighters", []string{"Stuka", "Stuka", "Stuka"}, referee.Regular, "member 3 (Stuka): a counter holds at most 2 AeroSpace fighters"},
		{"ErrMix", []string{"Atlas", "Pegasus"}, referee.Regular, "member 2 (Pegasus) is a vehicle but member 1 (Atlas) is a 'Mech: a counter holds one kind of machine"},
		{"ErrMixAir", []string{"Stuka", "Atlas"}, referee.Regular, "member 2 (Atlas) is a 'Mech but member 1 (Stuka) is an AeroSpace fighter"},
		{"ErrMotive", []string{"Pegasus", "Scorpion tank"}, referee.Regular, "member 2 (Scorpion (vehicle)) moves tracked but member 1 (Pegasus) moves hover"},
		{"ErrAirClass", []string{"Stuka", "Lucifer"}, referee.Regular, "member 2 (Lucifer) is listed with the Medium AeroSpace Fighters"},
		{"ErrDropShip", []string{"Union"}, referee.Regular, "member 1 (Union) is a DropShip"},
		{"ErrUnknown", []string{"Atlas", "Atlos"}, referee.Regular, "member 2: unknown unit \"Atlos\": did you mean Atlas?"},
		{"ErrAmbiguous", []string{"Scorpion"}, referee.Regular, "member 1: ambiguous unit"},
		{"ErrExperience", []string{"Atlas"}, referee.Elite + 1, "use green, regular, veteran or elite"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := QuickLance(tc.names, tc.exp)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("err = %v, want %q", err, tc.want)
			}
		})
	}
}
