package command

import (
	"bytes"
	"context"
	"fmt"
	"image/gif"
	"strconv"
	"strings"
	"testing"
	"time"

	"bfbot/campaign"
	"bfbot/referee"
	"bfbot/referee/dice"
)

// rbFought is a campaign whose first battle the referee had the AI
// fight (/battle auto), with the replies that ended it.
func rbFought(tb testing.TB) (*cmdFixture, int, []Reply) {
	tb.Helper()
	f, id := cmdBattle(tb)
	return f, id, f.cmdMust("ref", "battle", "auto", "battle", strconv.Itoa(id))
}

// refereePlaysCrucis seats the referee with alice on crucis against bob,
// with referee_plays: a referee conflicted by his seat (ruling SEAT3).
func (f *cmdFixture) refereePlaysCrucis() {
	f.tb.Helper()
	err := f.store.Update(context.Background(), 1, func(c *campaign.Campaign, _ *dice.Dice) (*campaign.Campaign, error) {
		n := c.Clone()
		n.Settings.RefereePlays = true
		n.Side("crucis").Players = append(n.Side("crucis").Players, "ref")
		return n, nil
	})
	if err != nil {
		f.tb.Fatal(err)
	}
}

// rbPress presses the button labelled label among out's as user.
func (f *cmdFixture) rbPress(user, label string, out []Reply) []Reply {
	f.tb.Helper()
	for _, r := range out {
		for _, b := range r.Buttons {
			if b.Label == label {
				req := &Request{User: User{ID: user, Name: user}, Guild: "g", Channel: "c", Component: b.CustomID, Now: time.Unix(0, 0)}
				return f.reg.Dispatch(context.Background(), req)
			}
		}
	}
	f.tb.Fatalf("no %q button in %s", label, cmdTexts(out))
	return nil
}

// Ensure a battle that ends answers with after-action reports instead of
// its hundreds of events: the public one in the thread, each side's by
// DM with its replay (a GIF that decodes, one picture per game turn, with
// a description) and a button to the whole record; every message fits
// Discord's 2,000 characters, and no destruction is buried in "… more
// events …".
func TestAfterActionReports(t *testing.T) {
	if testing.Short() {
		t.Skip("plays campaign turns and a battle")
	}
	f, id, out := rbFought(t)
	c := f.scdCampaign(1)
	b := c.Battle(id)
	if !b.Over {
		t.Fatalf("battle %d is not over after /battle auto", id)
	}
	public, dms := 0, map[string]Reply{}
	for _, r := range out {
		if len(r.Text) > maxReport {
			t.Errorf("a %s reply of %d characters: %.200q", r.To, len(r.Text), r.Text)
		}
		if strings.Contains(r.Text, "more events") {
			t.Errorf("events buried: %q", r.Text)
		}
		if !strings.Contains(r.Text, "After-action report") {
			continue
		}
		if r.To == Public {
			public++
		} else {
			dms[r.User] = r
		}
	}
	if public != 1 || len(dms) != 2 {
		t.Fatalf("%d public reports and DMs to %d players, want 1 and 2:\n%s", public, len(dms), cmdTexts(out))
	}
	_, last := turnSpan(b)
	for user, side := range map[string]string{"alice": "crucis", "bob": "bandits"} {
		r := dms[user]
		name := c.Side(side).Name
		for _, want := range []string{"as " + name + " saw it", "Result: ", "Losses of " + name + ":", "Your victory points: ", "/battle log battle:" + strconv.Itoa(id)} {
			if !strings.Contains(r.Text, want) {
				t.Errorf("%s's report lacks %q:\n%s", user, want, r.Text)
			}
		}
		if len(r.Files) != 1 || !strings.HasSuffix(r.Files[0].Name, ".gif") {
			t.Fatalf("%s's report has files %v, want the replay GIF", user, r.Files)
		}
		g, err := gif.DecodeAll(bytes.NewReader(r.Files[0].Data))
		if err != nil {
			t.Fatalf("%s's replay: %v", user, err)
		}
		// Deployment, then one picture per game turn (a turn that changed
		// nothing on the map adds none).
		if n := len(g.Image); n < 2 || n > last+2 {
			t.Errorf("%s's replay has %d pictures for game turns 1–%d", user, n, last)
		}
		if d := r.Files[0].Description; d == "" || len(d) > MaxDescription || !strings.Contains(d, name) {
			t.Errorf("%s's replay description %q", user, d)
		}
		if len(r.Buttons) != 1 {
			t.Fatalf("%s's report has buttons %v, want the log", user, r.Buttons)
		}
		bid, err := DecodeButton(r.Buttons[0].CustomID)
		if err != nil || bid.Action != ButtonLog || bid.Args[0] != side || bid.Args[1] != "1" {
			t.Errorf("%s's log button %q: %+v %v", user, r.Buttons[0].CustomID, bid, err)
		}
	}
	// The reader's own account by cause: a unit of a side's still on
	// the field (the first side that has one) carrying two salvage
	// counters adds 20 VP for salvage (000 line 2157).
	n := c.Clone()
	st := n.Battle(id).State
	reader := ""
	for i := range st.Units {
		if u := st.Units[i]; reader == "" && u.Status != referee.Destroyed && u.Status != referee.Captured {
			u.Salvage += 2
			reader = u.Side
		}
	}
	if reader == "" {
		t.Fatal("no unit of either side is left on the field to carry salvage")
	}
	before, after := c.Battle(id).State.VictoryPointsByCause(reader), st.VictoryPointsByCause(reader)
	want := fmt.Sprintf("%d for %d salvage counters", after.Salvage, after.Salvage/referee.SalvageVP)
	if after.Salvage != before.Salvage+20 || !strings.Contains(afterActionReport(n, n.Battle(id), reader), want) {
		t.Errorf("salvage %d → %d VP; %s's report does not say %q:\n%s", before.Salvage, after.Salvage, reader, want, afterActionReport(n, n.Battle(id), reader))
	}
}

// Ensure /battle log reads the whole battle in pages a button turns: a
// player his own side's record only, the referee any side's once the
// battle is over and none before (ruling SE4).
func TestBattleLog(t *testing.T) {
	if testing.Short() {
		t.Skip("plays campaign turns and a battle")
	}
	f, id := cmdBattle(t)
	bid := strconv.Itoa(id)
	if got := cmdTexts(f.cmdDo("ref", "battle", "log", "battle", bid, "side", "crucis")); !strings.Contains(got, refusedWho) || !strings.Contains(got, "once battle "+bid+" is over") {
		t.Errorf("the referee read a side's record of a battle being fought:\n%s", got)
	}
	if got := cmdTexts(f.cmdMust("alice", "battle", "log", "battle", bid)); !strings.Contains(got, "— Deployment —") || !strings.Contains(got, "page 1 of") {
		t.Errorf("alice's record while the battle is fought:\n%s", got)
	}
	f.cmdMust("ref", "battle", "auto", "battle", bid)
	if got := cmdTexts(f.cmdDo("alice", "battle", "log", "battle", bid, "side", "bandits")); !strings.Contains(got, refusedWho) {
		t.Errorf("alice read the enemy's record:\n%s", got)
	}
	c := f.scdCampaign(1)
	lines := logLines(c, c.Battle(id), "crucis")
	pages := logPages(lines)
	if len(pages) < 2 {
		t.Fatalf("the record of a whole battle is %d lines on %d page: the paging is untested", len(lines), len(pages))
	}
	out := f.cmdMust("alice", "battle", "log", "battle", bid)
	seen := strings.Join(pages[0], "\n")
	for p := 2; p <= len(pages); p++ {
		out = f.rbPress("alice", "Next ▶", out)
		if len(out) != 1 || out[0].To != Private || out[0].User != "alice" {
			t.Fatalf("page %d: %s", p, cmdTexts(out))
		}
		if want := "page " + strconv.Itoa(p) + " of " + strconv.Itoa(len(pages)); !strings.Contains(out[0].Text, want) {
			t.Fatalf("page %d says %.100q, want %q", p, out[0].Text, want)
		}
		seen += "\n" + strings.Join(pages[p-1], "\n")
	}
	for _, r := range out[0].Buttons {
		if r.Label == "Next ▶" {
			t.Errorf("the last page offers a next one")
		}
	}
	if seen != strings.Join(lines, "\n") {
		t.Errorf("the pages do not hold the record, each line once")
	}
	for _, l := range lines {
		if len(l) > logPageChars || strings.Contains(l, "MP left") {
			t.Errorf("record line %q", l)
		}
	}
	if got := cmdTexts(f.cmdMust("ref", "battle", "log", "battle", bid, "side", "bandits")); !strings.Contains(got, "as Moore's Bandits saw it") {
		t.Errorf("the referee's read of bandits' record after the battle:\n%s", got)
	}
	if got := cmdTexts(f.cmdDo("alice", "battle", "log", "battle", bid, "page", "999")); !strings.Contains(got, "page:999") {
		t.Errorf("a page past the end:\n%s", got)
	}
}

// Ensure a referee who plays a side against a human player reads only
// his own side's record, even of a battle that is over (rulings SE4,
// SEAT3).
func TestBattleLogRefereeWhoPlays(t *testing.T) {
	if testing.Short() {
		t.Skip("plays campaign turns and a battle")
	}
	f, id, _ := rbFought(t)
	bid := strconv.Itoa(id)
	f.refereePlaysCrucis()
	if got := cmdTexts(f.cmdDo("ref", "battle", "log", "battle", bid, "side", "bandits")); !strings.Contains(got, refusedWho) || strings.Contains(got, "saw it") {
		t.Errorf("a referee who plays crucis read bandits' record:\n%s", got)
	}
	if got := cmdTexts(f.cmdMust("ref", "battle", "log", "battle", bid)); !strings.Contains(got, "as 7th Crucis Lancers saw it") {
		t.Errorf("a referee who plays crucis reads his own record:\n%s", got)
	}
}
