package app

import (
	"path"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"bfbot/bot/discordtest"
)

// srvSeen is a message with the players who see it.
type srvSeen struct {
	where   string
	msg     discordtest.Message
	viewers []string
}

// srvCollect gathers every message the fake holds with who sees it: the
// campaign channel's and its threads' messages everyone (ephemeral ones
// only their interaction's user), each DM channel its user.
func srvCollect(r *srvRig) []srvSeen {
	everyone := []string{srvAlice, srvBob}
	var out []srvSeen
	add := func(where string, msgs []discordtest.Message) {
		for _, m := range msgs {
			v := everyone
			if m.Ephemeral {
				in, _ := r.fake.Interaction(m.Interaction)
				v = []string{in.User}
			}
			out = append(out, srvSeen{where, m, v})
		}
	}
	add("channel", r.fake.Messages(srvChannel))
	for _, th := range r.fake.Threads(srvChannel) {
		add("thread "+th.Name, r.fake.Messages(th.ID))
	}
	for user := range srvPlayers {
		for _, m := range r.fake.DMs(user) {
			out = append(out, srvSeen{"DM", m, []string{user}})
		}
	}
	return out
}

// srvCheckSecrecy fails if a message a player sees holds the enemy's
// battlegroup names, its secret log lines, or its orders, or if a PNG he
// got was drawn for another side (the command layer names each map file
// after the side whose view it draws).
func srvCheckSecrecy(t *testing.T, r *srvRig, l *srvCampaignLog) {
	t.Helper()
	seen := srvCollect(r)
	last := l.states[len(l.states)-1]
	pngs := 0
	for user, side := range srvPlayers {
		enemy := "bandits"
		if side == "bandits" {
			enemy = "crucis"
		}
		forbidden := map[string]bool{}
		own := map[string]bool{}
		for _, c := range l.states {
			for _, b := range c.Side(side).Battlegroups {
				own[b.Name] = true
			}
			for _, b := range c.Side(enemy).Battlegroups {
				forbidden[b.Name] = true
			}
		}
		mine := map[string]bool{}
		for _, e := range last.Log.All() {
			if e.For(side) {
				mine[e.Text] = true
			}
		}
		for _, o := range l.orders[side] {
			mine[o] = true // an order both sides give alike ("hold: battlegroup 1 …") says nothing
		}
		for _, e := range last.Log.All() {
			if !e.For(side) && !mine[e.Text] && len(e.Text) > 12 {
				forbidden[e.Text] = true
			}
		}
		for _, o := range l.orders[enemy] {
			if !mine[o] && len(o) > 12 {
				forbidden[o] = true
			}
		}
		for name := range own {
			delete(forbidden, name) // a name both sides use says nothing
		}
		// Nor does a text that is part of one of the side's own ("search
		// sector 3" when it searched sectors 3 and 5 too).
		for f := range forbidden {
			for m := range mine {
				if strings.Contains(m, f) {
					delete(forbidden, f)
					break
				}
			}
		}
		if len(forbidden) == 0 {
			t.Fatal("no enemy secrets to look for: the test would pass vacuously")
		}
		for _, s := range seen {
			if !srvSees(s.viewers, user) {
				continue
			}
			text := s.msg.Content
			for _, f := range s.msg.Files {
				text += "\n" + f.Description // a picture's alt text
			}
			for _, e := range s.msg.Embeds {
				text += "\n" + e.Title + "\n" + e.Description
				for _, f := range e.Fields {
					text += "\n" + f.Name + "\n" + f.Value
				}
			}
			for secret := range forbidden {
				if strings.Contains(text, secret) {
					t.Errorf("%s message seen by %s (%s) holds the enemy's secret %q:\n%s", s.where, user, side, secret, text)
				}
			}
			for _, f := range s.msg.Files {
				ext := path.Ext(f.Name)
				if ext != ".png" && ext != ".gif" {
					if strings.Contains(string(f.Data), enemy) && f.Name != "message.txt" {
						t.Errorf("file %s seen by %s names the enemy side", f.Name, user)
					}
					continue
				}
				pngs++
				// Maps and replays alike are drawn for one side.
				if !strings.HasSuffix(f.Name, "-"+side+ext) {
					t.Errorf("%s picture %s seen by %s (%s) was not drawn for his side", s.where, f.Name, user, side)
				}
			}
		}
	}
	if pngs == 0 {
		t.Error("no PNG reached a player: the image check would pass vacuously")
	}
	srvCheckPublicVP(t, r, l)
}

// srvStatusVP is a side's line on the status board: "Name (id): N VP".
var srvStatusVP = regexp.MustCompile(`\((` + "[a-z0-9-]+" + `)\): (-?\d+) VP`)

// srvCheckPublicVP fails if a channel or thread message (the status
// board and its pinned copy among them) shows a side's VP total that
// was never its public total (ruling SE2): secret gains and spending
// must not show in what everyone reads.
func srvCheckPublicVP(t *testing.T, r *srvRig, l *srvCampaignLog) {
	t.Helper()
	public := map[string]map[int]bool{} // side → its public totals so far
	for _, c := range l.states {
		for _, s := range c.Sides {
			if public[s.ID] == nil {
				public[s.ID] = map[int]bool{0: true}
			}
			public[s.ID][c.KnownVP(s.ID, "")] = true
		}
	}
	lines := 0
	for _, s := range srvCollect(r) {
		if s.where == "DM" || s.msg.Ephemeral {
			continue
		}
		for _, m := range srvStatusVP.FindAllStringSubmatch(s.msg.Content, -1) {
			lines++
			n, _ := strconv.Atoi(m[2])
			if !public[m[1]][n] {
				t.Errorf("%s message shows %s with %d VP, never its public total %v:\n%s", s.where, m[1], n, public[m[1]], s.msg.Content)
			}
		}
	}
	if lines == 0 {
		t.Error("no status line with VP reached the channel: the check would pass vacuously")
	}
}

func srvSees(viewers []string, user string) bool {
	for _, v := range viewers {
		if v == user {
			return true
		}
	}
	return false
}

// Ensure a secret answer that comes after its interaction's token has
// expired reaches its caller alone, in his direct messages, and nothing
// of it shows where the other side reads (ruling SE8): the fake ages
// Alice's token past Discord's 15 minutes as it acknowledges her
// command (the deferral of a map drawn for her side), so the map is
// late.
func TestLateSecretsReachOnlyTheCaller(t *testing.T) {
	t.Parallel()
	r := srvNewRig(t)
	r.must(srvRef, false, "campaign", "create", srvOpts("name", "Lyons", "turn_limit", "8", "setup_tables", "false"))
	r.must(srvAlice, false, "campaign", "join", srvOpts("side", "crucis"))
	r.must(srvBob, false, "campaign", "join", srvOpts("side", "bandits"))
	r.must(srvRef, false, "campaign", "start", nil)
	before := len(r.fake.DMs(srvAlice))
	r.fake.OnAck(func(in discordtest.Interaction) {
		if in.User == srvAlice {
			r.tokens.Advance(discordtest.TokenLifetime)
		}
	})
	in, err := r.fake.SendCommand(srvAlice, srvGuild, srvChannel, "map", "strategic", nil)
	if err != nil {
		t.Fatal(err)
	}
	// A log line wakes no Wait of the fake's, so the log is polled.
	for deadline := time.Now().Add(srvWait); !strings.Contains(r.logs.String(),
		`msg="interaction answered" component=discord interaction=`+in.ID+" "); time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("/map strategic not answered within %v", srvWait)
		}
	}
	r.fake.OnAck(nil)
	if got, _ := r.fake.Interaction(in.ID); got.LateCalls != 0 {
		t.Errorf("%d calls with an expired token, want none", got.LateCalls)
	}
	dms := r.fake.DMs(srvAlice)[before:]
	var bodies []string
	for _, m := range dms {
		if _, body, ok := strings.Cut(m.Content, "so it is here:\n\n"); ok {
			bodies = append(bodies, body)
		}
	}
	for _, s := range srvCollect(r) {
		if !srvSees(s.viewers, srvBob) {
			continue
		}
		for _, body := range bodies {
			if strings.Contains(s.msg.Content, body) {
				t.Errorf("%s message seen by Bob holds Alice's late answer:\n%s", s.where, s.msg.Content)
			}
		}
		for _, f := range s.msg.Files {
			if strings.HasSuffix(f.Name, "-crucis.png") {
				t.Errorf("%s picture %s drawn for Alice's side is seen by Bob", s.where, f.Name)
			}
		}
	}
	// Not lost either.
	srvWantPNG(t, dms)
	if len(bodies) != 1 {
		t.Errorf("late answers in Alice's DMs %v, want the map's", srvTexts(dms))
	}
}
