package discord_test

import (
	"log/slog"
	"slices"
	"testing"
	"time"

	"bfbot/bot/discord"
	"bfbot/bot/discordtest"
)

// gwStart starts a fake with fake options and a bot connected to it.
func gwStart(t *testing.T, opts ...discordtest.Option) *dscRig {
	t.Helper()
	fake := discordtest.New(t, opts...)
	d := dscNewDispatcher()
	lg := &dscLog{}
	bot, err := discord.New(fake.Token(), fake.AppID(), dscGuild, d, slog.New(slog.NewJSONHandler(lg, nil)),
		discord.WithHTTPClient(fake.Client()), discord.WithInvalidSessionWait(10*time.Millisecond), discord.WithAckGrace(time.Minute)) // a direct answer, however slow the machine
	if err != nil {
		t.Fatal(err)
	}
	dscOpen(t, fake, bot)
	return &dscRig{fake: fake, bot: bot, d: d, log: lg}
}

func (rig *dscRig) pong(t *testing.T, what string) {
	t.Helper()
	ch, alice, _ := rig.fresh()
	if a := rig.send(t, alice, dscGuild, ch, "ping", "", nil).Ack(); a.Content != "pong" {
		t.Errorf("%s: ack %+v, want pong", what, a)
	}
}

// Ensure a dropped connection is resumed at READY's resume_gateway_url,
// not at the first address (Discord: "should be used instead of the URL
// used when connecting"), with the events missed meanwhile replayed.
func TestResumeAtResumeURL(t *testing.T) {
	t.Parallel()
	rig := gwStart(t)
	if ids := rig.fake.Identifies(); len(ids) != 1 || ids[0].Path != "/gateway/" || !ids[0].TokenOK {
		t.Fatalf("identifies %+v, want one at /gateway/", ids)
	}
	for k := 1; k <= 2; k++ {
		rig.fake.DropSocket()
		rig.pong(t, "after a drop") // queued while away, replayed on RESUME
		want := slices.Repeat([]string{discordtest.ResumePath}, k)
		if got := rig.fake.ResumePaths(); !slices.Equal(got, want) {
			t.Errorf("resumes at %v, want %v", got, want)
		}
	}
	if n := len(rig.fake.Identifies()); n != 1 {
		t.Errorf("%d identifies, want 1 (resumes only)", n)
	}
}

// Ensure Invalid Session (op 9) is honoured: d=false makes a fresh
// IDENTIFY at the Get Gateway address, d=true a RESUME at the resume
// address; commands work after both.
func TestInvalidSession(t *testing.T) {
	t.Parallel()
	rig := gwStart(t)
	rig.fake.InvalidateSession(false)
	rig.fake.MustWait(t, dscWait, "a second IDENTIFY", func() bool { return len(rig.fake.Identifies()) == 2 && rig.fake.Connected() })
	ids := rig.fake.Identifies()
	if ids[1].Path != "/gateway/" || !ids[1].TokenOK || ids[1].Intents != int(discord.Intents) {
		t.Errorf("identify after op 9 false: %+v, want a full IDENTIFY at the Get Gateway address", ids[1])
	}
	if got := rig.fake.ResumePaths(); len(got) != 0 {
		t.Errorf("resumes %v after a non-resumable invalid session", got)
	}
	rig.pong(t, "after op 9 false")

	rig.fake.InvalidateSession(true)
	rig.fake.MustWait(t, dscWait, "a RESUME", func() bool { return rig.fake.Resumes() == 1 && rig.fake.Connected() })
	if got := rig.fake.ResumePaths(); !slices.Equal(got, []string{discordtest.ResumePath}) {
		t.Errorf("resumes at %v after a resumable invalid session, want the resume address", got)
	}
	if n := len(rig.fake.Identifies()); n != 2 {
		t.Errorf("%d identifies, want still 2", n)
	}
	rig.pong(t, "after op 9 true")
}

// Ensure heartbeats are sent every interval (the first after a random
// part of it) and acknowledged.
func TestHeartbeats(t *testing.T) {
	t.Parallel()
	rig := gwStart(t, discordtest.WithHeartbeat(20*time.Millisecond))
	rig.fake.MustWait(t, dscWait, "three heartbeats", func() bool { return rig.fake.Heartbeats() >= 3 })
	if rig.fake.Resumes() != 0 || len(rig.fake.Identifies()) != 1 {
		t.Errorf("resumes %d identifies %d: acknowledged heartbeats must keep the connection", rig.fake.Resumes(), len(rig.fake.Identifies()))
	}
}

// Ensure a connection whose heartbeats go unacknowledged is taken for a
// zombie: dropped and resumed (Discord: terminate with a code other than
// 1000 or 1001, reconnect and resume).
func TestZombieResumed(t *testing.T) {
	t.Parallel()
	rig := gwStart(t, discordtest.WithHeartbeat(20*time.Millisecond))
	rig.fake.AckHeartbeats(false)
	rig.fake.MustWait(t, dscWait, "a RESUME", func() bool { return rig.fake.Resumes() >= 1 })
	rig.fake.AckHeartbeats(true)
	rig.fake.MustWait(t, dscWait, "the connection back", rig.fake.Connected)
	rig.pong(t, "after a zombie connection")
	if n := len(rig.fake.Identifies()); n != 1 {
		t.Errorf("%d identifies, want 1 (a resume)", n)
	}
}
