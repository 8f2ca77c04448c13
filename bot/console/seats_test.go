package console

import (
	"context"
	"strings"
	"testing"
)

// A spy's session: Eve joins the enemy's side after the start, tries to
// read it, presses the referee's button and asks twice; the referee
// denies, she asks again and he approves by command; Bob hands his seat
// to Sam; the referee who plays cannot export.
const seatsSession = `@ref /campaign create name:Seats
@alice /campaign join side:crucis
@bob /campaign join side:bandits
@ref /campaign start
@eve /campaign join side:bandits
@eve /bg list via:dm
@eve /orders ready via:dm
@eve /press id:bf1|approve|1|0|eve|bandits
@eve /campaign join side:crucis
@ref /campaign deny user:@eve
@eve /campaign join side:bandits
@ref /campaign approve user:eve
@ref /campaign approve user:@eve
@eve /bg list via:dm
@bob /campaign replace substitute:@sam
@alice /campaign replace player:@sam substitute:@alice
@ref /campaign join side:crucis
`

// Ensure the seat rules hold on the console as on Discord (ruling SEAT1,
// SEAT2): every refusal names its reason and nothing secret reaches Eve
// before the approval.
func TestConsoleSeats(t *testing.T) {
	c, out := cmdConsole(t, false, t.TempDir())
	if err := c.Run(context.Background(), strings.NewReader(seatsSession)); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	for _, want := range []string{
		"[private → eve] You asked to join Moore's Bandits in campaign 1 “Seats”. The referee decides",
		"[dm → ref] eve asks to join Moore's Bandits",
		"[private → eve] ⚠ Not allowed: /bg list is for the players of campaign 1: your request to join Moore's Bandits waits for the referee",
		"[private → eve] ⚠ Not allowed: /orders ready is for the players of campaign 1",
		"[private → eve] ⚠ Not allowed: /campaign approve is for campaign 1's referee",
		"[private → eve] ⚠ your request to join Moore's Bandits waits for the referee's answer",
		"[dm → eve] The referee of campaign 1 “Seats” did not give you a seat on Moore's Bandits.",
		"⚠ line 12: user:eve: name a person as @name",
		"[public, campaign 1] Turn 1, setup: eve joins Moore's Bandits",
		"[public, campaign 1] Turn 1, setup: bob hands the seat on Moore's Bandits to sam",
		"[private → alice] ⚠ Not allowed: only the referee hands another player's seat on",
		"[private → ref] ⚠ you referee campaign 1: a referee plays no side unless the campaign is created with referee_plays:true",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q", want)
		}
	}
	// Before the approval nothing of the bandits' worksheet reached Eve.
	before, _, _ := strings.Cut(got, "eve joins Moore's Bandits")
	for _, l := range strings.Split(before, "\n") {
		if strings.Contains(l, "→ eve]") && strings.Contains(l, "Worksheet") {
			t.Errorf("Eve read a worksheet before the approval: %s", l)
		}
	}
	if t.Failed() {
		t.Logf("session:\n%s", got)
	}
}
