package command

import (
	"bytes"
	"context"
	"errors"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"bfbot/campaign"
	"bfbot/referee"
	"bfbot/referee/ai"
	"bfbot/referee/dice"
	"bfbot/referee/quickstart"
)

// updateOnly is a Store without Snapshots: its changes run whole inside
// Update, as every change did before updateAside.
type updateOnly struct{ Store }

// asideFixture is the started fixture with a battle to fight, whose AI
// calls during (if not nil) each time it fights, before its work.
func asideFixture(t *testing.T, during func()) (*cmdFixture, int) {
	t.Helper()
	f := cmdNewFixture(t, true)
	id, _ := f.cmdContact()
	fight := f.reg.rules.AutoResolveBattle
	f.reg.rules.AutoResolveBattle = func(c *campaign.Campaign, battle int, level ai.Level, d *dice.Dice, seed uint64) (*campaign.Campaign, []referee.Event, []campaign.Event, error) {
		if during != nil {
			during()
		}
		return fight(c, battle, level, d, seed)
	}
	return f, id
}

// storeFree reports whether the memory store's lock, which its Update
// holds through the change as a bbolt write transaction does, is free.
func storeFree(f *cmdFixture) bool {
	if !f.store.mu.TryLock() {
		return false
	}
	f.store.mu.Unlock()
	return true
}

// rename commits a change of campaign 1's name by itself, as another
// command would.
func (f *cmdFixture) rename(name string) {
	f.tb.Helper()
	err := f.store.Update(context.Background(), 1, func(c *campaign.Campaign, _ *dice.Dice) (*campaign.Campaign, error) {
		c.Name = name
		return c, nil
	})
	if err != nil {
		f.tb.Fatal(err)
	}
}

// Ensure /battle auto, worked out outside the store's transaction,
// stores what it stored when it ran inside: the same campaign, byte for
// byte, the same dice thrown and the same replies.
func TestBattleAutoAsideStoresTheSame(t *testing.T) {
	type result struct {
		doc     []byte
		rolls   []dice.Roll
		replies string
	}
	run := func(inside bool) result {
		f, id := asideFixture(t, nil)
		if inside {
			f.reg = New(Deps{Store: updateOnly{f.store}, ErrorID: func() string { return "test" }, RateLimits: RateLimits{Off: true}})
		}
		out := cmdTexts(f.cmdMust("ref", "battle", "auto", "battle", strconv.Itoa(id)))
		if !f.scdCampaign(1).Battle(id).Over {
			t.Fatalf("battle %d is not over", id)
		}
		doc, err := f.store.Export(context.Background(), 1)
		if err != nil {
			t.Fatal(err)
		}
		return result{doc, f.store.DiceLog(1), out}
	}
	inside, aside := run(true), run(false)
	if !bytes.Equal(inside.doc, aside.doc) {
		t.Errorf("the campaign stored differs:\ninside the transaction %d bytes, outside %d", len(inside.doc), len(aside.doc))
	}
	if !reflect.DeepEqual(inside.rolls, aside.rolls) {
		t.Errorf("the dice differ: %d rolls inside the transaction, %d outside", len(inside.rolls), len(aside.rolls))
	}
	if inside.replies != aside.replies {
		t.Errorf("the replies differ:\ninside:\n%s\noutside:\n%s", inside.replies, aside.replies)
	}
}

// Ensure the AI's battle is not fought inside the store's transaction,
// which every other change waits for: while it fights, the store is
// free and another campaign's change commits.
func TestBattleAutoOutsideTheTransaction(t *testing.T) {
	var f *cmdFixture
	fights := 0
	f, id := asideFixture(t, func() {
		fights++
		if !storeFree(f) {
			t.Error("the store's transaction is held while the AI fights")
			return
		}
		err := f.store.Update(context.Background(), 2, func(c *campaign.Campaign, _ *dice.Dice) (*campaign.Campaign, error) {
			c.Name = "Other, changed"
			return c, nil
		})
		if err != nil {
			t.Error(err)
		}
	})
	if _, err := f.store.Create(context.Background(), &campaign.Campaign{Name: "Other"}); err != nil {
		t.Fatal(err)
	}
	f.cmdMust("ref", "battle", "auto", "battle", strconv.Itoa(id))
	other, err := f.store.Get(context.Background(), 2)
	if err != nil {
		t.Fatal(err)
	}
	if fights != 1 || !f.scdCampaign(1).Battle(id).Over || other.Name != "Other, changed" {
		t.Errorf("fought %d times (want 1), battle over %t, campaign 2 named %q", fights, f.scdCampaign(1).Battle(id).Over, other.Name)
	}
}

// Ensure a change of the campaign committed while the AI fights makes
// it fight again from the new campaign, and what is stored holds both:
// the AI's battle is not stored over a campaign it did not see.
func TestBattleAutoChangedMeanwhile(t *testing.T) {
	var f *cmdFixture
	fights := 0
	f, id := asideFixture(t, func() {
		if fights++; fights == 1 && storeFree(f) {
			f.rename("Renamed meanwhile")
		}
	})
	f.cmdMust("ref", "battle", "auto", "battle", strconv.Itoa(id))
	c := f.scdCampaign(1)
	if fights != 2 || c.Name != "Renamed meanwhile" || !c.Battle(id).Over {
		t.Errorf("fought %d times (want 2), campaign named %q, battle over %t", fights, c.Name, c.Battle(id).Over)
	}
}

// Ensure a campaign that changes every time the AI has fought on a
// snapshot is not starved: after asideTries fights the AI fights inside
// the transaction, where nothing changes it meanwhile, and the battle
// and every change made meanwhile are stored.
func TestBattleAutoChangedEveryTime(t *testing.T) {
	var f *cmdFixture
	fights := 0
	f, id := asideFixture(t, func() {
		if fights++; storeFree(f) {
			f.rename("Renamed " + strconv.Itoa(fights))
		}
	})
	out := cmdTexts(f.cmdDo("ref", "battle", "auto", "battle", strconv.Itoa(id)))
	c := f.scdCampaign(1)
	if fights != asideTries+1 || !c.Battle(id).Over || strings.Contains(out, "⚠") {
		t.Errorf("fought %d times (want %d), battle over %t; replies:\n%s", fights, asideTries+1, c.Battle(id).Over, out)
	}
	if want := "Renamed " + strconv.Itoa(asideTries); c.Name != want {
		t.Errorf("campaign named %q, want %q: the last change made while the AI fought", c.Name, want)
	}
}

// qsAsideFixture is a Quick-Start battle for carol, a referee who plays
// no side, to let the AI fight, whose AI calls during (if not nil) each
// time it fights, before its work; inside: the store offers no
// Snapshots, and the AI fights inside its Update.
func qsAsideFixture(t *testing.T, inside bool, during func()) *cmdFixture {
	t.Helper()
	f := qsTwoPlayers(t, "green-training", "3")
	neutralReferee(t, f)
	if inside {
		f.reg = New(Deps{Store: updateOnly{f.store}, ErrorID: func() string { return "test" }, RateLimits: RateLimits{Off: true}})
	}
	fight := f.reg.rules.AutoResolveQuickStart
	f.reg.rules.AutoResolveQuickStart = func(c *campaign.Campaign, d *dice.Dice) (*campaign.Campaign, []quickstart.Event, error) {
		if during != nil {
			during()
		}
		return fight(c, d)
	}
	return f
}

// Ensure /battle auto of a Quick-Start battle, worked out outside the
// store's transaction, stores what it stored when it ran inside: the
// same campaign, byte for byte, the same dice thrown and the same
// replies.
func TestQuickStartAutoAsideStoresTheSame(t *testing.T) {
	run := func(inside bool) (doc []byte, rolls []dice.Roll, replies string) {
		f := qsAsideFixture(t, inside, nil)
		replies = cmdTexts(f.cmdMust("carol", "battle", "auto"))
		if s := f.scdCampaign(1).QuickStart.State; s.Phase != quickstart.Over {
			t.Fatalf("the battle is at its %v phase", s.Phase)
		}
		doc, err := f.store.Export(context.Background(), 1)
		if err != nil {
			t.Fatal(err)
		}
		return doc, f.store.DiceLog(1), replies
	}
	insideDoc, insideRolls, insideOut := run(true)
	asideDoc, asideRolls, asideOut := run(false)
	if !bytes.Equal(insideDoc, asideDoc) {
		t.Errorf("the campaign stored differs:\ninside the transaction %d bytes, outside %d", len(insideDoc), len(asideDoc))
	}
	if !reflect.DeepEqual(insideRolls, asideRolls) {
		t.Errorf("the dice differ: %d rolls inside the transaction, %d outside", len(insideRolls), len(asideRolls))
	}
	if insideOut != asideOut {
		t.Errorf("the replies differ:\ninside:\n%s\noutside:\n%s", insideOut, asideOut)
	}
}

// Ensure the AI's Quick-Start battle is not fought inside the store's
// transaction: while it fights, the store is free.
func TestQuickStartAutoOutsideTheTransaction(t *testing.T) {
	var f *cmdFixture
	fights, held := 0, 0
	f = qsAsideFixture(t, false, func() {
		if fights++; !storeFree(f) {
			held++
		}
	})
	f.cmdMust("carol", "battle", "auto")
	if fights != 1 || held != 0 || f.scdCampaign(1).QuickStart.State.Phase != quickstart.Over {
		t.Errorf("fought %d times (want 1), %d of them holding the store's transaction, battle at its %v phase", fights, held, f.scdCampaign(1).QuickStart.State.Phase)
	}
}

// Ensure a change of the campaign committed while the AI fights a
// Quick-Start battle makes it fight again from the new campaign, and
// what is stored holds both.
func TestQuickStartAutoChangedMeanwhile(t *testing.T) {
	var f *cmdFixture
	fights := 0
	f = qsAsideFixture(t, false, func() {
		if fights++; fights == 1 && storeFree(f) {
			f.rename("Renamed meanwhile")
		}
	})
	f.cmdMust("carol", "battle", "auto")
	c := f.scdCampaign(1)
	if fights != 2 || c.Name != "Renamed meanwhile" || c.QuickStart.State.Phase != quickstart.Over {
		t.Errorf("fought %d times (want 2), campaign named %q, battle at its %v phase", fights, c.Name, c.QuickStart.State.Phase)
	}
}

// Ensure rolls thrown again on dice that give other faces (dice a change
// that stored nothing moved, with no new revision) are taken as a
// change meanwhile, worked out again, not as a failure.
func TestRethrowOtherFacesIsAChange(t *testing.T) {
	thrown := func(faces ...int) *dice.Dice {
		s, err := dice.NewScript(faces...)
		if err != nil {
			t.Fatal(err)
		}
		return dice.New(s)
	}
	d := thrown(2, 5)
	if _, err := d.Roll("the work's roll", 2); err != nil {
		t.Fatal(err)
	}
	if err := rethrow(thrown(2, 5), d.Log()); err != nil {
		t.Errorf("the same faces: %v", err)
	}
	if err := rethrow(thrown(6, 5), d.Log()); !errors.Is(err, ErrChanged) {
		t.Errorf("other faces gave %v, want an error wrapping ErrChanged", err)
	}
}
