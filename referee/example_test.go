package referee_test

import (
	"fmt"

	"bfbot/mapgen"
	"bfbot/mapgen/hex"
	"bfbot/referee"
	"bfbot/referee/dice"
)

// A small battle on an open mapsheet: the Lancers' assault lance moves
// up and fires on a Bandit heavy lance, with scripted dice so the result
// is the same every time. Each step is Apply(state, action, dice), which
// returns a new State and the events; the old State is left as it was.
func Example() {
	// The units: values of step 0 (RA, CA, D); DeriveSteps gives the rows
	// of steps 1–3 (000 line 1528); the overburn row is step-0 RA plus
	// the step decrement (ruling R5).
	lance := func(id, side string, class referee.Class, at string, v referee.Values, exp referee.Experience) *referee.Unit {
		return &referee.Unit{
			ID: id, Side: side, Class: class, Rows: referee.DeriveSteps(v),
			OverburnRA: v.RA + referee.StepDecrement(v.RA),
			Range:      3, MP: 4, Experience: exp,
			Status: referee.Active, Hex: hex.MustParse(at),
		}
	}
	s := &referee.State{
		Map: mapgen.New(mapgen.SheetWidth, mapgen.SheetHeight), // 32×17, open ground
		Sides: []referee.Side{ // in initiative order
			{ID: "lancers", Name: "7th Crucis Lancers", RetreatEdge: referee.West},
			{ID: "bandits", Name: "Moore's Bandits", RetreatEdge: referee.East},
		},
		Units: []*referee.Unit{ // sorted by ID
			lance("A1", "lancers", referee.AssaultMech, "0314", referee.Values{RA: 16, CA: 20, D: 10}, referee.Elite),
			lance("B1", "bandits", referee.HeavyMech, "1010", referee.Values{RA: 13, CA: 16, D: 12}, referee.Regular),
		},
	}
	if errs := s.Check(); len(errs) > 0 { // the invariants hold before play
		fmt.Println(errs)
		return
	}

	// Two dice for the attack: 5 and 4, a roll of 9.
	script, _ := dice.NewScript(5, 4)
	d := dice.New(script)

	play := func(what string, a referee.Action) {
		next, events, err := referee.Apply(s, a, d)
		if err != nil {
			fmt.Printf("%s: %v\n", what, err)
			return
		}
		s = next
		for _, e := range events {
			who := "all"
			if e.Audience != nil {
				who = fmt.Sprint(e.Audience)
			}
			text := e.Describe()
			if e.Dice != nil { // every die is logged with its purpose (R9)
				text = fmt.Sprintf("%s: %v", e.Dice.Purpose, e.Dice.Faces)
			}
			fmt.Printf("%-8s %-9s %s\n", e.Type, who, text)
		}
	}

	// Events carry their audience: nil for everyone, else the sides that
	// may see them. Replies to a player are built from these, filtered
	// with EventsFor, never from the State.
	s, events, _ := referee.Start(s) // turn 1: the first side moves
	for _, e := range events {
		fmt.Printf("%-8s %-9s %s\n", e.Type, "all", e.Describe())
	}

	// ValidActions defines what is legal: the moves offered are the hexes
	// A1 may reach with its 4 MP, the attacks the targets it may fire on.
	moves := 0
	for _, a := range referee.ValidActions(s, "A1") {
		if a.Kind == referee.ActMove {
			moves++
		}
	}
	fmt.Println("A1 may move to", moves, "hexes")

	play("move", referee.Action{Kind: referee.ActMove, Side: "lancers", Unit: "A1", To: hex.MustParse("0712")})
	play("end movement", referee.Action{Kind: referee.ActEnd, Side: "lancers"})
	play("attack", referee.Action{Kind: referee.ActAttack, Side: "lancers", Unit: "A1", Target: "B1", Mode: referee.Ranged})

	// What a side sees is a View built from what it knows (ruling R10):
	// the Bandits know their own lance's values; the Lancers have sighted
	// it, so they know its class, but not its values (no AEP probe).
	own := s.View("bandits").Unit("B1")
	enemy := s.View("lancers").Unit("B1")
	fmt.Printf("bandits see B1: %s, %s, values %+v\n", own.Class, own.Status, own.Detail.Current)
	fmt.Printf("lancers see B1: %s, %s, values known: %v\n", enemy.Class, enemy.Status, enemy.Values != nil)
	fmt.Println("invariants broken:", len(s.Check()))
	// Output:
	// turn     all       Turn 1: 7th Crucis Lancers moves
	// A1 may move to 48 hexes
	// move     all       A1 moves 0314 → 0413 → 0513 → 0612 → 0712
	// mp       [lancers] A1 has 0 MP left
	// sighted  [lancers] B1 at 1010 is a Heavy 'Mech lance (sighted by A1)
	// sighted  [bandits] A1 at 0712 is an Assault 'Mech lance (sighted by B1)
	// phase    all       attack phase
	// roll     all       ranged attack A1 on B1: [5 4]
	// attack   all       A1 ranged attack on B1: 16 vs 12, column +6, roll 9 → 1
	// damage   [bandits] B1 takes 1 step: now step 1
	// bandits see B1: heavy-mech, active, values {RA:10 CA:12 D:9}
	// lancers see B1: heavy-mech, active, values known: false
	// invariants broken: 0
}
