package command

import (
	"context"
	"regexp"
	"strings"
	"testing"
	"time"

	"bfbot/campaign"
)

// People of the membership tests: Discord-like numeric IDs with display
// names, so a test can tell an ID in a message from a name.
var (
	mbRef     = User{ID: "300000000000000001", Name: "Rhea"}
	mbAlice   = User{ID: "300000000000000002", Name: "Alice"}
	mbBob     = User{ID: "300000000000000003", Name: "Bob"}
	mbEve     = User{ID: "300000000000000004", Name: "Eve"}
	mbSub     = User{ID: "300000000000000005", Name: "Sam"}
	snowflake = regexp.MustCompile(`[0-9]{17,20}`)
)

type mbFixture struct {
	t     *testing.T
	store *MemStore
	reg   *Registry
}

// mbNew creates campaign 1 refereed by Rhea with Alice on crucis and Bob
// on bandits (opts are extra create options), started when start is set.
func mbNew(t *testing.T, start bool, opts ...string) *mbFixture {
	t.Helper()
	f := &mbFixture{t: t, store: NewMemStore(7)}
	f.reg = New(Deps{Store: f.store, ErrorID: func() string { return "test" }, RateLimits: RateLimits{Off: true}})
	f.must(mbRef, "campaign", "create", append([]string{"name", "Seats"}, opts...)...)
	f.must(mbAlice, "campaign", "join", "side", "crucis")
	f.must(mbBob, "campaign", "join", "side", "bandits")
	if start {
		f.must(mbRef, "campaign", "start")
	}
	return f
}

// do runs a command; a UserID option's value is a user of this file,
// given by name, and travels as his ID with his name resolved.
func (f *mbFixture) do(u User, name, sub string, kv ...string) []Reply {
	f.t.Helper()
	r := &Request{User: u, Guild: "g", Channel: "c", Name: name, Sub: sub, Options: map[string]string{}, Resolved: map[string]string{}, Now: time.Unix(0, 0)}
	for i := 0; i+1 < len(kv); i += 2 {
		v := kv[i+1]
		for _, p := range []User{mbRef, mbAlice, mbBob, mbEve, mbSub} {
			if v == "@"+p.Name {
				v = p.ID
				r.Resolved[p.ID] = p.Name
			}
		}
		r.Options[kv[i]] = v
	}
	out := f.reg.Dispatch(context.Background(), r)
	for _, rep := range out {
		if m := snowflake.FindString(rep.Text); m != "" {
			f.t.Errorf("/%s %s: a user ID (%s) in a message: %q", name, sub, m, rep.Text)
		}
	}
	return out
}

func (f *mbFixture) must(u User, name, sub string, kv ...string) []Reply {
	f.t.Helper()
	out := f.do(u, name, sub, kv...)
	if got := cmdTexts(out); strings.Contains(got, "⚠") || strings.Contains(got, "Internal error") {
		f.t.Fatalf("%s /%s %s %v:\n%s", u.Name, name, sub, kv, got)
	}
	return out
}

func (f *mbFixture) refused(u User, want string, name, sub string, kv ...string) {
	f.t.Helper()
	got := cmdTexts(f.do(u, name, sub, kv...))
	if !strings.Contains(got, "⚠") || !strings.Contains(got, want) {
		f.t.Errorf("%s /%s %s %v: want a refusal with %q, got:\n%s", u.Name, name, sub, kv, want, got)
	}
}

func (f *mbFixture) side(u User) string {
	f.t.Helper()
	c, err := f.store.Get(context.Background(), 1)
	if err != nil {
		f.t.Fatal(err)
	}
	if errs := c.Check(); len(errs) > 0 {
		f.t.Fatalf("Check: %v", errs)
	}
	if s := c.SideOf(u.ID); s != nil {
		return s.ID
	}
	return ""
}

// Ensure a join after the start waits for the referee, shows the joiner
// nothing until approved, and that approve (typed or by button), deny and
// withdrawal work and are told to the right people.
func TestLateJoin(t *testing.T) {
	t.Run("WaitsAndSeesNothing", func(t *testing.T) {
		f := mbNew(t, true)
		out := f.must(mbEve, "campaign", "join", "side", "crucis")
		if f.side(mbEve) != "" {
			t.Fatal("Eve holds a seat without the referee's approval")
		}
		var toRef *Reply
		for i := range out {
			if out[i].To == Public {
				t.Errorf("a request is public: %q", out[i].Text)
			}
			if out[i].To == DM && out[i].User == mbRef.ID {
				toRef = &out[i]
			}
		}
		if toRef == nil || !strings.Contains(toRef.Text, "Eve asks to join 7th Crucis Lancers") || len(toRef.Buttons) != 2 {
			t.Fatalf("the referee is not asked with two buttons: %+v", out)
		}
		for _, cmd := range [][]string{{"bg", "list"}, {"orders", "show"}, {"force", "show"}, {"map", "strategic"}, {"orders", "ready"}} {
			f.refused(mbEve, refusedWho, cmd[0], cmd[1])
		}
		f.refused(mbEve, "waits for the referee", "campaign", "join", "side", "bandits")
		// The referee presses Approve.
		r := &Request{User: mbRef, Guild: "g", Channel: "c", Component: toRef.Buttons[0].CustomID, Now: time.Unix(0, 0)}
		got := f.reg.Dispatch(context.Background(), r)
		if f.side(mbEve) != "crucis" {
			t.Fatalf("Approve did not seat Eve:\n%s", cmdTexts(got))
		}
		if txt := cmdTexts(got); !strings.Contains(txt, "public : Turn 1, setup: Eve joins 7th Crucis Lancers") {
			t.Errorf("no public notice of the seat:\n%s", txt)
		}
		f.must(mbEve, "bg", "list")
	})
	t.Run("OnlyTheRefereeApproves", func(t *testing.T) {
		f := mbNew(t, true)
		f.must(mbEve, "campaign", "join", "side", "crucis")
		f.refused(mbAlice, refusedWho, "campaign", "approve", "user", "@Eve")
		f.refused(mbEve, refusedWho, "campaign", "approve", "user", "@Eve")
		if f.side(mbEve) != "" {
			t.Fatal("seated by a player's approval")
		}
	})
	t.Run("Deny", func(t *testing.T) {
		f := mbNew(t, true)
		f.must(mbEve, "campaign", "join", "side", "bandits")
		out := cmdTexts(f.must(mbRef, "campaign", "deny", "user", "@Eve"))
		if !strings.Contains(out, "dm "+mbEve.ID+": The referee of campaign 1 “Seats” did not give you a seat on Moore's Bandits") {
			t.Errorf("Eve is not told:\n%s", out)
		}
		f.refused(mbRef, "Eve has not asked to join", "campaign", "approve", "user", "@Eve")
		if f.side(mbEve) != "" {
			t.Fatal("denied, yet seated")
		}
	})
	t.Run("Withdraw", func(t *testing.T) {
		f := mbNew(t, true)
		f.must(mbEve, "campaign", "join", "side", "bandits")
		f.must(mbEve, "campaign", "leave")
		f.refused(mbRef, "has not asked", "campaign", "approve", "user", "@Eve")
	})
	t.Run("ApprovalBeforeStart", func(t *testing.T) {
		f := mbNew(t, false, "join_approval", "true")
		if f.side(mbAlice) != "" {
			t.Fatal("join_approval:true seated Alice at once")
		}
		f.must(mbRef, "campaign", "approve", "user", "@Alice")
		if f.side(mbAlice) != "crucis" {
			t.Fatal("approval did not seat Alice")
		}
	})
	t.Run("OpenBeforeStart", func(t *testing.T) {
		f := mbNew(t, false)
		if f.side(mbAlice) != "crucis" || f.side(mbBob) != "bandits" {
			t.Fatal("set-up seats are open by default")
		}
	})
}

// Ensure the seat rules: one side per player, the seat limit, the
// referee's seat only with referee_plays, leave, replace and kick.
func TestSeatRules(t *testing.T) {
	t.Run("OneSide", func(t *testing.T) {
		f := mbNew(t, false)
		f.refused(mbAlice, "a player commands one side only", "campaign", "join", "side", "bandits")
		f.refused(mbRef, "Alice already plays 7th Crucis Lancers", "campaign", "replace", "player", "@Bob", "substitute", "@Alice")
	})
	t.Run("SeatLimit", func(t *testing.T) {
		f := mbNew(t, false, "seat_limit", "1")
		f.refused(mbEve, "seats are taken (seat_limit 1)", "campaign", "join", "side", "crucis")
		f.must(mbRef, "campaign", "settings", "seat_limit", "2")
		f.must(mbEve, "campaign", "join", "side", "crucis")
	})
	t.Run("RefereeSeat", func(t *testing.T) {
		f := mbNew(t, false)
		f.refused(mbRef, "referee_plays:true", "campaign", "join", "side", "crucis")
		f.refused(mbRef, "referee_plays:true", "campaign", "replace", "player", "@Alice", "substitute", "@Rhea")
	})
	t.Run("Leave", func(t *testing.T) {
		f := mbNew(t, true)
		out := cmdTexts(f.must(mbBob, "campaign", "leave"))
		if !strings.Contains(out, "public : Turn 1, setup: Bob leaves Moore's Bandits") {
			t.Errorf("no public notice:\n%s", out)
		}
		if f.side(mbBob) != "" {
			t.Fatal("Bob still seated")
		}
		f.refused(mbBob, refusedWho, "bg", "list")
		f.refused(mbEve, "you hold no seat in campaign 1", "campaign", "leave")
	})
	t.Run("ReplaceOwnSeat", func(t *testing.T) {
		f := mbNew(t, true)
		out := cmdTexts(f.must(mbBob, "campaign", "replace", "substitute", "@Sam"))
		if !strings.Contains(out, "Bob hands the seat on Moore's Bandits to Sam") || !strings.Contains(out, "dm "+mbSub.ID+": You now hold a seat on Moore's Bandits") {
			t.Errorf("replace notices:\n%s", out)
		}
		if f.side(mbSub) != "bandits" || f.side(mbBob) != "" {
			t.Fatal("the seat did not change hands")
		}
	})
	t.Run("ReplaceOthersSeat", func(t *testing.T) {
		f := mbNew(t, true)
		f.refused(mbAlice, refusedWho, "campaign", "replace", "player", "@Bob", "substitute", "@Eve")
		f.refused(mbEve, refusedWho, "campaign", "replace", "player", "@Bob", "substitute", "@Eve")
		f.must(mbRef, "campaign", "replace", "player", "@Bob", "substitute", "@Sam")
		if f.side(mbSub) != "bandits" {
			t.Fatal("the referee could not hand Bob's seat on")
		}
	})
	t.Run("Kick", func(t *testing.T) {
		f := mbNew(t, true)
		out := cmdTexts(f.must(mbRef, "campaign", "kick", "user", "@Bob"))
		if !strings.Contains(out, "the referee removes Bob from Moore's Bandits") {
			t.Errorf("kick notice:\n%s", out)
		}
		f.refused(mbRef, "Bob plays no side", "campaign", "kick", "user", "@Bob")
	})
}

// Ensure a referee who plays a side loses the powers that show the other
// side once it has a human player, and keeps them until then.
func TestRefereePlays(t *testing.T) {
	f := &mbFixture{t: t, store: NewMemStore(7)}
	f.reg = New(Deps{Store: f.store, ErrorID: func() string { return "test" }, RateLimits: RateLimits{Off: true}})
	f.must(mbRef, "campaign", "create", "name", "Seats", "referee_plays", "true")
	f.must(mbRef, "campaign", "join", "side", "crucis")
	f.must(mbRef, "campaign", "export")
	f.must(mbBob, "campaign", "join", "side", "bandits")
	f.refused(mbRef, "you play 7th Crucis Lancers while other players hold, wait for or have held a seat", "campaign", "export")
	f.refused(mbRef, "you play 7th Crucis Lancers while other players hold, wait for or have held a seat", "undo", "")
	f.refused(mbRef, "see only its own records", "bg", "list", "side", "bandits")
	// Referee notes would show the battle from both sides: none reach him.
	c, _ := f.store.Get(context.Background(), 1)
	if !c.RefereeConflicted() {
		t.Fatal("RefereeConflicted is false with Bob on the other side")
	}
	// Powers that show nothing secret stay.
	f.must(mbRef, "campaign", "start")
	// Leaving his seat gives him nothing back: he could take it again at
	// once, his join waiting for no one.
	f.must(mbRef, "campaign", "leave")
	f.refused(mbRef, "you may take a seat at any time", "campaign", "export")
	f.refused(mbRef, "you may take a seat at any time", "bg", "list", "side", "bandits")
	f.refused(mbRef, "take your seat to see your own side", "bg", "list")
}

// Ensure the starter of a scenario may undo and export alone, and is
// refused (with the reason) once a second player asks for a seat.
func TestScenarioStarterPowers(t *testing.T) {
	f := &mbFixture{t: t, store: NewMemStore(7)}
	f.reg = New(Deps{Store: f.store, ErrorID: func() string { return "test" }, RateLimits: RateLimits{Off: true}})
	f.must(mbAlice, "scenario", "start", "name", "surprise-encounter", "side", "lancers", "seed", "3")
	f.must(mbAlice, "campaign", "export")
	f.must(mbBob, "scenario", "join", "side", "bandits")
	// Bob only waits, but an approval would seat him after the fact.
	f.refused(mbAlice, "you play 7th Crucis Lancers while other players hold, wait for or have held a seat", "campaign", "export")
	f.must(mbAlice, "campaign", "approve", "user", "@Bob")
	f.refused(mbAlice, "you started this scenario", "campaign", "export")
	f.refused(mbAlice, "it is refused while another player holds, waits for or has held a seat", "undo", "")
}

// Ensure referee notes reach a referee who plays no side, and not one
// who plays a side against human players.
func TestRefereeNotesConflicted(t *testing.T) {
	f := &mbFixture{t: t, store: NewMemStore(7)}
	f.reg = New(Deps{Store: f.store, ErrorID: func() string { return "test" }, RateLimits: RateLimits{Off: true}})
	f.must(mbRef, "campaign", "create", "name", "Seats", "referee_plays", "true")
	note := []campaign.Event{{Type: "referee-note", Audience: []string{campaign.RefereeAudience}, Text: "the bandits' propaganda failed"}}
	toRef := func() bool {
		c, _ := f.store.Get(context.Background(), 1)
		for _, r := range EventReplies(c, note) {
			if r.User == mbRef.ID {
				return true
			}
		}
		return false
	}
	if !toRef() {
		t.Fatal("a neutral referee gets no referee notes")
	}
	f.must(mbRef, "campaign", "join", "side", "crucis")
	if !toRef() {
		t.Fatal("a referee alone with the AI gets no referee notes")
	}
	f.must(mbBob, "campaign", "join", "side", "bandits")
	if toRef() {
		t.Fatal("a referee playing against Bob got the referee notes")
	}
}

// Ensure a user who held a seat on one side is never seated on another
// unseen (ruling SEAT4): he knows his side's secrets and would read the
// other's. A referee who plays crucis against Bob may not leave and sit
// down on the bandits' side, nor take Bob's seat handed on; Alice, who
// left crucis, asks for the bandits' seat even before the start, and
// only a referee who plays no side may grant it; a player may not hand
// his seat to one who played the other side.
func TestSeatSwitch(t *testing.T) {
	bandits := "Ellis' Battalion" // a line of the bandits' worksheet
	t.Run("RefereeWhoPlays", func(t *testing.T) {
		f := &mbFixture{t: t, store: NewMemStore(7)}
		f.reg = New(Deps{Store: f.store, ErrorID: func() string { return "test" }, RateLimits: RateLimits{Off: true}})
		f.must(mbRef, "campaign", "create", "name", "Seats", "referee_plays", "true", "join_approval", "false")
		f.must(mbRef, "campaign", "join", "side", "crucis")
		f.must(mbBob, "campaign", "join", "side", "bandits")
		f.must(mbRef, "campaign", "start")
		f.must(mbRef, "campaign", "leave")
		f.refused(mbRef, "SEAT4", "campaign", "join", "side", "bandits")
		f.refused(mbRef, "SEAT4", "campaign", "replace", "player", "@Bob", "substitute", "@Rhea")
		if got := cmdTexts(f.do(mbRef, "bg", "list")); strings.Contains(got, bandits) {
			t.Errorf("the referee who played crucis reads the bandits' worksheet:\n%s", got)
		}
		f.must(mbRef, "campaign", "join", "side", "crucis") // his own seat again
		// Nor once he has kicked Bob: Bob played, and what his side
		// holds is still his side's secret.
		f.must(mbRef, "campaign", "kick", "user", "@Bob")
		f.must(mbRef, "campaign", "leave")
		f.refused(mbRef, "SEAT4", "campaign", "join", "side", "bandits")
		f.refused(mbRef, "SEAT3", "campaign", "export")
	})
	// Bob sat on the referee's side by mistake before the start: the
	// referee who plays may let him go to the other side, whose secrets
	// he has not read, never bring him back (ruling SEAT4).
	t.Run("AwayFromTheRefereesSide", func(t *testing.T) {
		f := &mbFixture{t: t, store: NewMemStore(7)}
		f.reg = New(Deps{Store: f.store, ErrorID: func() string { return "test" }, RateLimits: RateLimits{Off: true}})
		f.must(mbRef, "campaign", "create", "name", "Seats", "referee_plays", "true", "join_approval", "false")
		f.must(mbRef, "campaign", "join", "side", "crucis")
		f.must(mbBob, "campaign", "join", "side", "crucis")
		f.must(mbBob, "campaign", "leave")
		f.must(mbBob, "campaign", "join", "side", "bandits")
		f.must(mbRef, "campaign", "approve", "user", "@Bob")
		if got := f.side(mbBob); got != "bandits" {
			t.Fatalf("Bob plays %q, want bandits", got)
		}
		f.must(mbBob, "campaign", "leave")
		f.refused(mbBob, "this campaign's referee plays 7th Crucis Lancers: no one can approve a change to 7th Crucis Lancers, which would carry one side's secrets to the other (ruling SEAT4). Bob may sit on Moore's Bandits again with /campaign join side:bandits campaign:1", "campaign", "join", "side", "crucis")
		f.must(mbBob, "campaign", "join", "side", "bandits")
	})
	// A user who sat down on the empty side of a campaign whose referee
	// plays and left would make the referee conflicted for good: joins
	// wait for his approval unless he chose otherwise (ruling SEAT4).
	t.Run("DriveBy", func(t *testing.T) {
		f := &mbFixture{t: t, store: NewMemStore(7)}
		f.reg = New(Deps{Store: f.store, ErrorID: func() string { return "test" }, RateLimits: RateLimits{Off: true}})
		if got := cmdTexts(f.must(mbRef, "campaign", "create", "name", "Seats", "referee_plays", "true")); !strings.Contains(got, "Joins wait for the referee's approval") {
			t.Errorf("create does not say joins wait for approval:\n%s", got)
		}
		f.must(mbRef, "campaign", "join", "side", "crucis")
		f.must(mbEve, "campaign", "join", "side", "bandits")
		if got := f.side(mbEve); got != "" {
			t.Fatalf("Eve sat down on %s unapproved", got)
		}
		f.must(mbRef, "campaign", "deny", "user", "@Eve")
		f.must(mbRef, "campaign", "export")
	})
	t.Run("Player", func(t *testing.T) {
		f := mbNew(t, false)
		f.must(mbAlice, "campaign", "leave")
		f.must(mbAlice, "campaign", "join", "side", "bandits")
		if got := cmdTexts(f.do(mbAlice, "bg", "list")); strings.Contains(got, bandits) {
			t.Fatalf("Alice, who played crucis, reads the bandits' worksheet before the start:\n%s", got)
		}
		f.must(mbRef, "campaign", "approve", "user", "@Alice")
		if got := cmdTexts(f.must(mbAlice, "bg", "list")); !strings.Contains(got, bandits) {
			t.Errorf("Alice, approved, does not read her new side's worksheet:\n%s", got)
		}
		f.must(mbSub, "campaign", "join", "side", "crucis")
		f.must(mbBob, "campaign", "leave")
		f.refused(mbSub, "SEAT4", "campaign", "replace", "substitute", "@Bob")
		f.must(mbRef, "campaign", "replace", "player", "@Sam", "substitute", "@Bob")
	})
}
