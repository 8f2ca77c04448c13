package command

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"bfbot/campaign"
	"bfbot/referee"
	"bfbot/referee/ai"
	"bfbot/referee/dice"
)

// Ensure ai_level is a setting like the others (ruling AIL1): shown by
// /campaign settings (normal by default) and to everyone by /campaign
// status, set by the referee at creation (announced when not normal) or
// later, refused to the players of either side, and a level the AI does
// not have is refused with the choices.
func TestAILevelSetting(t *testing.T) {
	f := cmdNewFixture(t, true)
	if got := cmdTexts(f.cmdMust("ref", "campaign", "settings")); !strings.Contains(got, "ai_level normal,") {
		t.Errorf("the settings of a new campaign:\n%s", got)
	}
	for _, player := range []string{"alice", "bob"} {
		if got := cmdTexts(f.cmdDo(player, "campaign", "settings", "ai_level", "easy")); !strings.Contains(got, refusedWho) {
			t.Errorf("%s set ai_level:\n%s", player, got)
		}
	}
	if got := cmdTexts(f.cmdDo("ref", "campaign", "settings", "ai_level", "greedy")); !strings.Contains(got, "ai_level:greedy: use easy, normal, hard") {
		t.Errorf("ai_level:greedy:\n%s", got)
	}
	if lvl := f.scdCampaign(1).Settings.AILevel; lvl != "normal" {
		t.Fatalf("refused changes left ai_level %q, want normal", lvl)
	}
	if got := cmdTexts(f.cmdMust("ref", "campaign", "settings", "ai_level", "hard")); !strings.Contains(got, "public : The referee changed the settings: ai_level=hard.") {
		t.Errorf("the referee's change is not announced:\n%s", got)
	}
	if got := cmdTexts(f.cmdMust("ref", "campaign", "settings")); !strings.Contains(got, "ai_level hard,") {
		t.Errorf("the settings after ai_level:hard:\n%s", got)
	}
	if lvl := f.scdCampaign(1).Settings.Level(); lvl != ai.Hard {
		t.Errorf("stored level %s, want hard", lvl)
	}
	// A player cannot run /campaign settings; /campaign status tells
	// him the level.
	if got := cmdTexts(f.cmdMust("alice", "campaign", "status")); !strings.Contains(got, "; AI level hard") {
		t.Errorf("/campaign status after ai_level:hard:\n%s", got)
	}

	g := scdFixture(t)
	if got := cmdTexts(g.cmdMust("ref", "campaign", "create", "name", "Easy one", "ai_level", "easy")); !strings.Contains(got, "public : Campaign 1 “Easy one” is set up") || !strings.Contains(got, "The AI plays at level easy") {
		t.Errorf("/campaign create ai_level:easy is not announced:\n%s", got)
	}
	if lvl := g.scdCampaign(1).Settings.Level(); lvl != ai.Easy {
		t.Errorf("/campaign create ai_level:easy made a campaign at level %s", lvl)
	}
	if got := cmdTexts(scdFixture(t).cmdMust("ref", "campaign", "create", "name", "Normal one")); strings.Contains(got, "The AI plays at level") {
		t.Errorf("/campaign create at the default level names it:\n%s", got)
	}
}

// Ensure /help shows the AI's level where it is chosen: the setting
// with its default, and /battle auto's level:.
func TestAILevelHelp(t *testing.T) {
	f := cmdNewFixture(t, false)
	for cmd, want := range map[string]string{
		"campaign settings": "ai_level: how well the AI fights for every side: auto-resolve, missed deadlines (default normal)",
		"battle auto":       "level: the AI's level on both sides (default: the campaign's ai_level)",
		"scenario start":    "level: how well the AI plays",
	} {
		if got := cmdTexts(f.cmdMust("alice", "help", "", "command", cmd)); !strings.Contains(got, want) {
			t.Errorf("/help command:%q has no %q:\n%s", cmd, want, got)
		}
	}
}

// Ensure /battle auto fights at the campaign's ai_level, or at the
// level: the referee gives for the battle, on both sides alike, saying
// so in public; a player may not run it, level: or not (ruling AIL1).
func TestBattleAutoLevel(t *testing.T) {
	for _, tc := range []struct {
		setting, given string
		want           ai.Level
		note           string
	}{
		{"", "", ai.Normal, ""},
		{"hard", "", ai.Hard, ""},
		{"hard", "easy", ai.Easy, "The AI fought battle %d at level easy on both sides (the campaign's ai_level is hard)."},
	} {
		f := cmdNewFixture(t, true)
		if tc.setting != "" {
			f.cmdMust("ref", "campaign", "settings", "ai_level", tc.setting)
		}
		id, _ := f.cmdContact()
		var got []ai.Level
		fight := f.reg.rules.AutoResolveBattle
		f.reg.rules.AutoResolveBattle = func(c *campaign.Campaign, battle int, level ai.Level, d *dice.Dice, seed uint64) (*campaign.Campaign, []referee.Event, []campaign.Event, error) {
			got = append(got, level)
			return fight(c, battle, level, d, seed)
		}
		args := []string{"battle", strconv.Itoa(id)}
		if tc.given != "" {
			args = append(args, "level", tc.given)
		}
		for _, player := range []string{"alice", "bob"} {
			if out := cmdTexts(f.cmdDo(player, "battle", "auto", args...)); !strings.Contains(out, refusedWho) {
				t.Errorf("%s ran /battle auto %v:\n%s", player, args, out)
			}
		}
		out := cmdTexts(f.cmdMust("ref", "battle", "auto", args...))
		if len(got) != 1 || got[0] != tc.want {
			t.Errorf("setting %q, level:%q: fought at %v, want %s", tc.setting, tc.given, got, tc.want)
		}
		if !f.scdCampaign(1).Battle(id).Over {
			t.Errorf("battle %d is not over", id)
		}
		note := "at level"
		if tc.note != "" {
			note = "public : " + strings.Replace(tc.note, "%d", strconv.Itoa(id), 1)
		}
		if strings.Contains(out, note) != (tc.note != "") {
			t.Errorf("setting %q, level:%q: the note %q is %t in:\n%s", tc.setting, tc.given, note, tc.note != "", out)
		}
	}
}

// Ensure /scenario start level: sets the scenario campaign's ai_level
// and says so, and that a Quick-Start scenario or battle, whose AI has
// one level, refuses level: with the reason.
func TestScenarioLevel(t *testing.T) {
	f := scdFixture(t)
	out := cmdTexts(f.cmdMust("alice", "scenario", "start", "name", "surprise-encounter", "side", "lancers", "seed", "3", "level", "hard"))
	if !strings.Contains(out, "The AI plays at level hard") {
		t.Errorf("/scenario start level:hard does not say so:\n%s", out)
	}
	if lvl := f.scdCampaign(1).Settings.Level(); lvl != ai.Hard {
		t.Errorf("/scenario start level:hard made a campaign at level %s", lvl)
	}
	// The AI plays the bandits at that level: the same scenario, seed
	// and moves leave them elsewhere at easy than at hard.
	bandits := func(level string) string {
		f := scdFixture(t)
		f.cmdMust("alice", "scenario", "start", "name", "surprise-encounter", "side", "lancers", "seed", "3", "level", level)
		f.cmdMust("alice", "battle", "end")
		var at []string
		for _, u := range f.scdCampaign(1).Battles[0].State.Units {
			if u.Side == "bandits" {
				at = append(at, u.ID+"@"+u.Hex.String())
			}
		}
		return strings.Join(at, " ")
	}
	if easy, hard := bandits("easy"), bandits("hard"); easy == hard {
		t.Errorf("the AI's bandits stand alike at easy and hard: the level did not reach its play\n%s", easy)
	}
	g := scdFixture(t)
	if out := cmdTexts(g.cmdDo("alice", "scenario", "start", "name", "green-training", "side", "blake", "level", "easy")); !strings.Contains(out, "level:easy: the Quick-Start AI plays at one level") {
		t.Errorf("a Quick-Start scenario with level:\n%s", out)
	}
	q := qsTwoPlayers(t, "green-training", "3")
	if out := cmdTexts(q.cmdDo("alice", "battle", "auto", "level", "hard")); !strings.Contains(out, "level:hard: a Quick-Start battle's AI plays at one level") {
		t.Errorf("/battle auto level: in a Quick-Start battle:\n%s", out)
	}
}

// Ensure a referee who may play chooses how the AI plays for a player
// only while no other human holds or waits for a seat (ruling AIL1): the
// scenario's starter sets ai_level alone; once bob only asks to join,
// ai_level, missed_deadline, auto_resolve, /battle auto and its level:
// are refused with the reason, the settings unchanged; leaving his seat
// changes nothing
// (he could take it again at once), nor does the fact that he has not
// sat down yet in a campaign created with referee_plays:true.
func TestAILevelRefereeWhoPlays(t *testing.T) {
	f := scdFixture(t)
	f.cmdMust("alice", "scenario", "start", "name", "surprise-encounter", "side", "lancers", "seed", "3")
	f.cmdMust("alice", "campaign", "settings", "ai_level", "hard")
	f.cmdMust("alice", "campaign", "settings", "missed_deadline", "ai")
	refused := func(when, want string, args ...string) {
		t.Helper()
		got := cmdTexts(f.cmdDo("alice", args[0], args[1], args[2:]...))
		if !strings.Contains(got, refusedWho) || !strings.Contains(got, want) || !strings.Contains(got, "ruling AIL1") {
			t.Errorf("/%s %s: want refused with %q:\n%s", strings.Join(args, " "), when, want, got)
		}
	}
	f.cmdMust("bob", "scenario", "join", "side", "bandits")
	refused("while bob waits", "ai_level: you play 7th Crucis Lancers while other players hold, wait for or have held a seat", "campaign", "settings", "ai_level", "easy")
	refused("while bob waits", "level: you play 7th Crucis Lancers while other players hold, wait for or have held a seat: the AI fights at the campaign's ai_level", "battle", "auto", "level", "easy")
	f.cmdMust("alice", "campaign", "approve", "user", "bob")
	for _, when := range []string{"against bob", "after leaving his seat"} {
		who := "you play 7th Crucis Lancers while other players hold, wait for or have held a seat"
		if when != "against bob" {
			who = "you may take a seat at any time"
		}
		refused(when, "ai_level: "+who, "campaign", "settings", "ai_level", "easy")
		refused(when, "missed_deadline: "+who, "campaign", "settings", "missed_deadline", "pass")
		refused(when, "auto_resolve: "+who, "campaign", "settings", "auto_resolve", "true")
		refused(when, "Moore's Bandits plays battle 1: the AI may not take it from its players", "battle", "auto")
		refused(when, "Moore's Bandits plays battle 1", "battle", "auto", "level", "easy")
		if when == "against bob" {
			f.cmdMust("alice", "campaign", "leave")
		}
	}
	if st := f.scdCampaign(1).Settings; st.AILevel != "hard" || st.MissedDeadline != "ai" {
		t.Errorf("ai_level %q, missed_deadline %q after the refusals, want hard and ai", st.AILevel, st.MissedDeadline)
	}

	// Created with referee_plays:true, bob seated first: the referee
	// has no seat yet and may take one at once.
	g := scdFixture(t)
	g.cmdMust("ref", "campaign", "create", "name", "Seats", "referee_plays", "true")
	g.cmdMust("bob", "campaign", "join", "side", "bandits")
	if got := cmdTexts(g.cmdDo("ref", "campaign", "settings", "ai_level", "easy")); !strings.Contains(got, "ai_level: you may take a seat at any time") {
		t.Errorf("ai_level before the referee sits down:\n%s", got)
	}
	// Without referee_plays the referee plays nobody: his to choose.
	h := scdFixture(t)
	h.cmdMust("ref", "campaign", "create", "name", "Neutral")
	h.cmdMust("bob", "campaign", "join", "side", "bandits")
	h.cmdMust("ref", "campaign", "settings", "ai_level", "easy", "missed_deadline", "pass")
}

// staleStore answers Get with a campaign read before a change, as a
// command racing that change would have it; Update sees the stored one.
type staleStore struct {
	*MemStore
	stale *campaign.Campaign
}

func (s staleStore) Get(context.Context, int64) (*campaign.Campaign, error) { return s.stale, nil }

// Ensure the referee's conflict is judged on the campaign as stored at
// the change, not as read before it (ruling AIL1): ai_level read before
// bob's approval and stored after it is refused.
func TestAILevelRefereeRace(t *testing.T) {
	f := scdFixture(t)
	f.cmdMust("alice", "scenario", "start", "name", "surprise-encounter", "side", "lancers", "seed", "3")
	before := f.scdCampaign(1)
	f.cmdMust("bob", "scenario", "join", "side", "bandits")
	f.cmdMust("alice", "campaign", "approve", "user", "bob")
	racing := &cmdFixture{tb: t, store: f.store, reg: New(Deps{Store: staleStore{f.store, before}, ErrorID: func() string { return "test" }, RateLimits: RateLimits{Off: true}})}
	if got := cmdTexts(racing.cmdDo("alice", "campaign", "settings", "ai_level", "easy")); !strings.Contains(got, refusedWho+" ai_level") {
		t.Errorf("ai_level racing bob's approval:\n%s", got)
	}
	if lvl := f.scdCampaign(1).Settings.AILevel; lvl != before.Settings.AILevel {
		t.Errorf("ai_level %q stored, want %q as before", lvl, before.Settings.AILevel)
	}
}
