package app

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"bfbot/bot/command"
	"bfbot/campaign"
	"bfbot/campaign/campaigntest"
	"bfbot/referee"
	"bfbot/referee/ai"
	"bfbot/referee/dice"
)

// Ensure a battle deadline plays the missed phases: the AI deploys a
// battle nobody deployed, the initiative winner who did not choose moves
// first (the default), and the next deadline moves the battle on by
// the phasing side's phase (missed_deadline ai).
func TestBattleDeadline(t *testing.T) {
	t.Parallel()
	r := srvStartedRig(t, "Phases")
	r.must(srvRef, false, "campaign", "schedule", srvOpts("order_deadline", "none", "battle_deadline", "0 * * * *"))
	c, id := srvFirstBattle(t, r)
	if ph := c.Battle(id).State.Phase; ph != referee.PhaseDeploy {
		t.Fatalf("battle %d starts in %s, want deploy", id, ph)
	}
	// The initiative winner is asked whether to move first or second
	// and does not answer: the deadline takes the default, first
	// (000 line 564; ruling B15).
	var winner string
	for _, d := range c.Decisions {
		if d.Battle == id && d.Kind == campaign.DecideInitiative {
			winner = d.Side
		}
	}
	if winner == "" {
		t.Fatalf("no initiative question for battle %d: %+v", id, c.Decisions)
	}
	r.clock.Set(srvStart.Truncate(time.Hour).Add(time.Hour))
	r.settle()
	b := r.campaign().Battle(id)
	if b.State.Phase == referee.PhaseDeploy {
		t.Fatalf("battle %d still deploying after its deadline", id)
	}
	if b.State.Turn != 1 || b.State.PhasingSide().ID != winner || b.State.Phase != referee.PhaseMovement || len(r.campaign().Decisions) != 0 {
		t.Errorf("after the deadline: turn %d, %s's %s phase, decisions %+v; want turn 1, %s moving first, none waiting",
			b.State.Turn, b.State.PhasingSide().ID, b.State.Phase, r.campaign().Decisions, winner)
	}
	user := srvAlice
	if winner == "bandits" {
		user = srvBob
	}
	r.fake.MustWait(t, srvWait, "the winner told the default was taken", func() bool {
		return srvContains(r.fake.DMs(user), "the default was taken: first")
	})
	turn, phasing, phase := b.State.Turn, b.State.Phasing, b.State.Phase
	r.clock.Advance(time.Hour)
	r.settle()
	b = r.campaign().Battle(id)
	if !b.Over && b.State.Turn == turn && b.State.Phasing == phasing && b.State.Phase == phase {
		t.Errorf("battle %d still in turn %d, side %d's %s phase after the next deadline", id, turn, phasing, phase)
	}
	threads := r.fake.Threads(srvChannel)
	if len(threads) == 0 || len(r.fake.Messages(threads[0].ID)) == 0 {
		t.Error("the deadline's battle events reached no battle thread")
	}
}

// srvFirstBattle advances r's campaign, its battlegroups 2 making
// contact, until a battle is to be fought: the campaign then, and the
// battle's ID.
func srvFirstBattle(t *testing.T, r *srvRig) (*campaign.Campaign, int) {
	t.Helper()
	for turn := 1; ; turn++ {
		c := r.campaign()
		if c.Phase == campaign.PhaseBattles && len(campaign.Unfought(c)) > 0 {
			return c, campaign.Unfought(c)[0]
		}
		if turn > 8 || c.Phase == campaign.PhaseOver {
			t.Fatalf("no battle by turn %d", c.Turn)
		}
		if c.Phase == campaign.PhaseOrders {
			r.contact(srvAlice, "crucis")
			r.contact(srvBob, "bandits")
		}
		r.must(srvRef, false, "campaign", "advance", nil)
	}
}

// Ensure a missed phase is played by the AI at the campaign's ai_level
// (ruling AIL1): easy, normal and hard each play the same phase, seed
// and dice differently, and a campaign without the setting plays normal.
func TestMissedPhaseAtTheCampaignsLevel(t *testing.T) {
	t.Parallel()
	// The set-up's questions and the deployment as a deadline would
	// have them, then the phase the next deadline plays.
	c, id, _ := srvDeployedBattle(t, "Levels")
	if ph := c.Battle(id).State.Phase; ph != referee.PhaseMovement {
		t.Fatalf("battle %d in its %s phase once deployed, want movement", id, ph)
	}
	play := func(level string) string {
		n := c.Clone()
		n.Settings.AILevel = level
		_, evs, err := missedPhase(n, id, dice.New(dice.NewSeeded(3)), 5)
		if err != nil {
			t.Fatal(err)
		}
		return fmt.Sprint(evs)
	}
	easy, normal, hard := play("easy"), play("normal"), play("hard")
	if easy == normal || easy == hard || normal == hard {
		t.Errorf("two levels played the missed phase alike: the level makes no difference\neasy: %s\nnormal: %s\nhard: %s", easy, normal, hard)
	}
	if play("") != normal {
		t.Error("a campaign without ai_level does not play at level normal")
	}
}

// srvDeployedBattle is the first battle of a started campaign (named
// name), its set-up's questions answered and both sides deployed as the
// deadlines would have them, and the dice that did it.
func srvDeployedBattle(t *testing.T, name string) (*campaign.Campaign, int, *dice.Dice) {
	t.Helper()
	c, id := srvFirstBattle(t, srvStartedRig(t, name))
	d := dice.New(dice.NewSeeded(1))
	c, _, err := campaign.TakeDefaults(c, campaign.InBattle(id), d)
	if err != nil {
		t.Fatal(err)
	}
	for _, side := range campaign.SetupOrder(c.Battle(id).State) {
		if c, _, err = campaign.AutoDeploy(c, id, side, d); err != nil {
			t.Fatal(err)
		}
	}
	if c, _, err = campaign.TakeDefaults(c, campaign.InBattle(id), d); err != nil {
		t.Fatal(err)
	}
	return c, id, d
}

// srvStartedRig is a rig with a started campaign of the built-in
// regiments, alice for crucis and bob for the bandits, setup tables off.
func srvStartedRig(t *testing.T, name string) *srvRig {
	r := srvNewRig(t)
	r.must(srvRef, false, "campaign", "create", srvOpts("name", name, "setup_tables", "false"))
	r.must(srvAlice, false, "campaign", "join", srvOpts("side", "crucis"))
	r.must(srvBob, false, "campaign", "join", srvOpts("side", "bandits"))
	r.must(srvRef, false, "campaign", "start", nil)
	return r
}

// Ensure the search step of a turn with drops (ruling CO10) is closed by
// the next deadline of either kind, a battle deadline included, so that
// it never waits a whole turn's period.
func TestSearchStepClosesAtDeadline(t *testing.T) {
	t.Parallel()
	c := srvStartedRig(t, "Search step").campaign().Clone()
	c.Side("bandits").Battlegroup(2).Sector = 0 // in orbit
	d := dice.New(dice.NewSeeded(1))
	c, _, err := campaign.GiveOrder(c, "bandits", campaign.Order{Kind: campaign.OrderDrop, Battlegroup: 2, Sectors: []int{1}})
	if err != nil {
		t.Fatal(err)
	}
	if c, _, err = campaign.ResolveTurn(c, d); err != nil || c.Phase != campaign.PhaseSearches {
		t.Fatalf("after a drop: phase %s, %v; want the search step", c.Phase, err)
	}
	n, _, err := battleDeadline(c, d, 1, time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	if n == nil || n.Phase == campaign.PhaseSearches {
		t.Fatal("the battle deadline left the search step open")
	}
}

// Ensure the AI that plays a missed phase takes the battle over where it
// stands, told its record (campaign.Battle.AIPlayer): in game turn 5 of
// a battle in which a step was taken in turn 4, red's last unit, an
// empty landed DropShip out of the enemy's way, stays, as the battle has
// not stalled (it lifts off once nobody has attacked for three turns).
// Made afresh for the phase and told nothing, the AI took any battle for
// stalled from its fourth game turn, and lifted off.
func TestMissedPhaseRemembersTheBattle(t *testing.T) {
	t.Parallel()
	c := campaigntest.IdleShip(t)
	n, evs, err := missedPhase(c, 1, dice.New(dice.NewSeeded(1)), 3)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range evs {
		if e.Type == "liftoff" {
			t.Fatalf("red's ship lifts off in game turn 5 of a battle harmed in turn 4: %+v", evs)
		}
	}
	if n.Battle(1).State.Phase == referee.PhaseMovement {
		t.Fatalf("red's movement phase was not played: %+v", evs)
	}
}

// Ensure the AI that plays a missed phase plays a truce as the AI does
// (rulings V18, AIX5): with the enemy's offer standing, two game turns
// before the limit and every unit of the side too far from the enemy to
// fire in them, it accepts, and the battle ends by agreement; with
// missed_deadline pass the side only passes, and the offer stands.
func TestMissedPhaseTruce(t *testing.T) {
	t.Parallel()
	c, id, _ := srvDeployedBattle(t, "Truce")
	c = c.Clone()
	b := c.Battle(id)
	s := b.State.Clone()
	side := s.PhasingSide().ID
	s.Turn, s.Rules.TurnLimit = 19, 20
	for _, u := range s.Units {
		if u.Status == referee.Active {
			x := 0 // the side at the west edge, the enemy at the east
			if u.Side != side {
				x = s.Map.Width - 1
			}
			u.Hex.X = x
		}
	}
	for i := range s.Sides {
		s.Sides[i].OffersTruce = s.Sides[i].ID != side
	}
	b.State = s
	if a := b.AIPlayer(side, ai.Normal, 5).Next(s); a.Kind != referee.ActTruce {
		t.Fatalf("the AI as itself plays %v here, not a truce: the test proves nothing", a)
	}
	n, _, err := missedPhase(c.Clone(), id, dice.New(dice.NewSeeded(3)), 5)
	if err != nil {
		t.Fatal(err)
	}
	if nb := n.Battle(id); !nb.Over || nb.Outcome == nil {
		t.Errorf("missed_deadline ai: the battle goes on (over %v); want it ended by agreement", nb.Over)
	}
	c.Settings.MissedDeadline = "pass"
	n, _, err = missedPhase(c, id, dice.New(dice.NewSeeded(3)), 5)
	if err != nil {
		t.Fatal(err)
	}
	if nb := n.Battle(id); nb.Over || !nb.State.Side(s.Sides[0].ID).OffersTruce && !nb.State.Side(s.Sides[1].ID).OffersTruce {
		t.Errorf("missed_deadline pass: over %v; want the battle going on with the offer standing", nb.Over)
	}
}

// Ensure a truce offer meets a missed deadline (ruling V18): the side not
// moving offers; the deadlines play the phasing side's movement and
// attack phases with the AI, which early in the battle sees no reason
// to accept; the offer still stands as the offering side's turn begins,
// and that side is not reminded of its own offer.
func TestMissedPhaseWithATruceOffered(t *testing.T) {
	t.Parallel()
	c, id, d := srvDeployedBattle(t, "Truce")
	mover := c.Battle(id).State.PhasingSide().ID
	offerer := "crucis"
	if mover == offerer {
		offerer = "bandits"
	}
	c, _, err := campaign.BattleAct(c, id, offerer, referee.Action{Kind: referee.ActTruce}, d)
	if err != nil {
		t.Fatal(err)
	}
	var told strings.Builder
	for range 2 { // the movement phase, then the attack phase
		n, out, err := battleDeadline(c, d, 7, time.Time{})
		if err != nil {
			t.Fatal(err)
		}
		for _, rp := range out {
			if rp.To == command.Public {
				told.WriteString(rp.Text + "\n")
			}
		}
		c = n
	}
	b := c.Battle(id)
	name := c.SideName(offerer)
	switch {
	case b.Over:
		t.Errorf("with these seeds the AI, early in the battle, accepted:\n%s", told.String())
	case !b.State.Side(offerer).OffersTruce:
		// With these seeds the AI attacks nobody: a lapse would be told.
		t.Errorf("the offer lapsed (told: %v):\n%s", strings.Contains(told.String(), "the offer of "+name+" to end the battle lapses"), told.String())
	case b.State.PhasingSide().ID != offerer:
		t.Errorf("after the AI's two phases %s is phasing, want %s", b.State.PhasingSide().ID, offerer)
	case strings.Contains(told.String(), name+" offers to end the battle as it stands (ruling V18): "+c.SideName(mover)+" may accept with /battle truce"):
		t.Errorf("%s's own turn began with a reminder of its offer:\n%s", offerer, told.String())
	}
}
