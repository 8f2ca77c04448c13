package command

import (
	"strconv"
	"strings"
	"testing"

	"bfbot/campaign"
	"bfbot/referee"
	"bfbot/referee/ai"
	"bfbot/referee/dice"
)

// Ensure ai_level is a setting like the others (ruling AIL1): shown by
// /campaign settings (normal by default), set by the referee at
// creation or later, refused to the players of either side, and a
// level the AI does not have is refused with the choices.
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

	g := scdFixture(t)
	g.cmdMust("ref", "campaign", "create", "name", "Easy one", "ai_level", "easy")
	if lvl := g.scdCampaign(1).Settings.Level(); lvl != ai.Easy {
		t.Errorf("/campaign create ai_level:easy made a campaign at level %s", lvl)
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
	g := scdFixture(t)
	if out := cmdTexts(g.cmdDo("alice", "scenario", "start", "name", "green-training", "side", "blake", "level", "easy")); !strings.Contains(out, "level:easy: the Quick-Start AI plays at one level") {
		t.Errorf("a Quick-Start scenario with level:\n%s", out)
	}
	q := qsTwoPlayers(t, "green-training", "3")
	if out := cmdTexts(q.cmdDo("alice", "battle", "auto", "level", "hard")); !strings.Contains(out, "level:hard: a Quick-Start battle's AI plays at one level") {
		t.Errorf("/battle auto level: in a Quick-Start battle:\n%s", out)
	}
}

// Ensure a referee who plays a side chooses the AI's level only while no
// human plays against him (ruling AIL1): the scenario's starter sets it
// alone, and once a second player holds a seat ai_level and /battle auto
// level: are refused with the reason, the setting unchanged, while
// /battle auto at the campaign's level stays his.
func TestAILevelRefereeWhoPlays(t *testing.T) {
	f := scdFixture(t)
	f.cmdMust("alice", "scenario", "start", "name", "surprise-encounter", "side", "lancers", "seed", "3")
	f.cmdMust("alice", "campaign", "settings", "ai_level", "hard")
	f.cmdMust("bob", "scenario", "join", "side", "bandits")
	f.cmdMust("alice", "campaign", "approve", "user", "bob")
	for _, args := range [][]string{{"campaign", "settings", "ai_level", "easy"}, {"battle", "auto", "level", "easy"}} {
		got := cmdTexts(f.cmdDo("alice", args[0], args[1], args[2:]...))
		if !strings.Contains(got, refusedWho+" "+args[2]+": you play 7th Crucis Lancers against human players") || !strings.Contains(got, "ruling AIL1") {
			t.Errorf("/%s by the starter against bob:\n%s", strings.Join(args, " "), got)
		}
	}
	if lvl := f.scdCampaign(1).Settings.AILevel; lvl != "hard" {
		t.Errorf("ai_level %q after the refusals, want hard", lvl)
	}
	f.cmdMust("alice", "battle", "auto")
}
