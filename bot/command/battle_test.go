package command

import (
	"bytes"
	"image/png"
	"strconv"
	"strings"
	"testing"

	"bfbot/referee"
)

// cmdBattle plays the players' orders to a battle (cmdContact) and
// returns its ID, both sides deployed by /battle deploy auto:true.
func cmdBattle(t testing.TB) (*cmdFixture, int) {
	t.Helper()
	f := cmdNewFixture(t, true)
	id, _ := f.cmdContact()
	f.cmdSetUpTogether(id)
	f.cmdMust("alice", "battle", "deploy", "battle", strconv.Itoa(id), "auto", "true")
	f.cmdMust("bob", "battle", "deploy", "battle", strconv.Itoa(id), "auto", "true")
	return f, id
}

// Ensure a battle is seen through each side's view (private, with a PNG),
// a move can be previewed without moving, and a phase ends.
func TestBattleCommands(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a campaign turn")
	}
	f, id := cmdBattle(t)
	bid := strconv.Itoa(id)
	cmdDecideBattle(f, id)
	c, _ := f.store.Get(t.Context(), 1)
	st := c.Battle(id).State
	phasing := st.PhasingSide().ID
	user := map[string]string{"crucis": "alice", "bandits": "bob"}[phasing]
	out := f.cmdMust(user, "battle", "view", "battle", bid)
	if len(out) != 1 || out[0].To != Private || len(out[0].Files) != 1 {
		t.Fatalf("view: %s", cmdTexts(out))
	}
	if _, err := png.Decode(bytes.NewReader(out[0].Files[0].Data)); err != nil {
		t.Fatalf("view picture: %v", err)
	}
	var mover string
	var to string
	for _, u := range st.Units {
		if u.Side != phasing {
			continue
		}
		for _, a := range referee.ValidActions(st, u.ID) {
			if a.Kind == referee.ActMove && a.To != u.Hex {
				mover, to = u.ID, a.To.String()
				break
			}
		}
		if mover != "" {
			break
		}
	}
	if mover == "" {
		t.Skip("no unit can move")
	}
	out = f.cmdMust(user, "battle", "move", "battle", bid, "unit", mover, "to", to, "preview", "true")
	if len(out) != 1 || !strings.Contains(out[0].Text, "within reach") || len(out[0].Files) != 1 {
		t.Fatalf("move preview: %s", cmdTexts(out))
	}
	if after, _ := f.store.Get(t.Context(), 1); after.Battle(id).State.Unit(mover).Hex != st.Unit(mover).Hex {
		t.Fatal("a preview moved the unit")
	}
	f.cmdMust(user, "battle", "move", "battle", bid, "unit", mover, "to", to)
	if after, _ := f.store.Get(t.Context(), 1); after.Battle(id).State.Unit(mover).Hex.String() != to {
		t.Errorf("%s did not move to %s", mover, to)
	}
	other := map[string]string{"alice": "bob", "bob": "alice"}[user]
	if got := cmdTexts(f.cmdDo(other, "battle", "end", "battle", bid)); !strings.Contains(got, "⚠") {
		t.Errorf("the side not phasing ended the phase: %s", got)
	}
	f.cmdMust(user, "battle", "end", "battle", bid)
}

// Ensure the odds of a column add up to the 36 rolls of 2D6 and name
// what the table holds.
func TestColumnOdds(t *testing.T) {
	for _, col := range []int{referee.MinColumn, -3, 0, 4, referee.MaxColumn} {
		got, err := columnOdds(referee.RulebookCRT, col)
		if err != nil {
			t.Fatal(err)
		}
		sum := 0
		for _, part := range strings.Split(got, ", ") {
			f := strings.Fields(part)
			n, err := strconv.Atoi(strings.TrimSuffix(f[len(f)-1], "%"))
			if err != nil {
				t.Fatalf("column %d: %q", col, got)
			}
			sum += n
		}
		if sum < 97 || sum > 103 {
			t.Errorf("column %d: %q adds up to %d%%", col, got, sum)
		}
	}
	low, _ := columnOdds(referee.RulebookCRT, referee.MinColumn)
	if !strings.Contains(low, "miss 9") {
		t.Errorf("lowest column %q: should be mostly misses", low)
	}
}
