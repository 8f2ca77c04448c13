package app

import (
	"context"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	clientv3 "go.etcd.io/etcd/client/v3"

	"bfbot/bot/schedule"
	"bfbot/storage/etcdtest"
	"bfbot/storage/storagetest"
)

// Ensure a campaign one of whose records is damaged on disk (a byte of
// its log's chunk changed while the bot was down) is not left silent:
// the bot starts and serves, the deadline's turn is not processed and
// its players and referee are told so, and why, though the campaign
// cannot be read; a command on it says its saved data is damaged and
// what the operator must do, not "internal error".
func TestDamagedCampaignDeadline(t *testing.T) {
	t.Parallel()
	r := srvNewRig(t)
	fltSetUp(r)
	r.close()
	file, err := os.ReadFile(r.path)
	if err != nil {
		t.Fatal(err)
	}
	chunk := -1
	for _, v := range storagetest.Values(file) {
		if p := v.Path; len(p) == 4 && string(p[1]) == "\x00\x00\x00\x00\x00\x00\x00\x01" && string(p[2]) == "events" {
			chunk = v.Offset + v.Len/2
		}
	}
	if chunk < 0 {
		t.Fatal("campaign 1 has no chunk of its log in the file")
	}
	file[chunk] ^= 0x10
	if err := os.WriteFile(r.path, file, 0o600); err != nil {
		t.Fatal(err)
	}
	r.open()
	r.clock.Set(time.Date(2026, 3, 2, 20, 0, 0, 0, time.UTC))
	r.settle()
	r.fake.MustWait(t, srvWait, "the failed-turn notice in the channel", func() bool {
		return fltChannelHas(r, "Turn 1's order deadline", "could not be processed", "the campaign's saved data is damaged", "restore the database from a backup", "Nothing of it was applied")
	})
	srvWantDM(t, r, srvRef, "the campaign's saved data is damaged")
	out := r.do(srvAlice, false, "campaign", "status", nil)
	if !srvContains(out, "This campaign's saved data is damaged, so the bot will not read it, and nothing was changed. The bot's operator must restore the database from a backup") {
		t.Errorf("/campaign status of the damaged campaign: %q", srvTexts(out))
	}
	dmgFromElsewhere(t, r)
}

// dmgFromElsewhere checks that damaged campaign 1 is, to a request that
// may not reach it — from another server, a stranger's DM — a campaign
// that does not exist (ruling CH3): the damaged-data notice would tell
// them that it does.
func dmgFromElsewhere(t *testing.T, r *srvRig) {
	t.Helper()
	for _, from := range []struct{ guild, channel string }{{plcGuild2, plcChannel2}, {"", ""}} {
		missing := srvContent(r.send(plcMallory, from.guild, from.channel, "campaign", "status", map[string]any{"campaign": 7}))
		got := srvContent(r.send(plcMallory, from.guild, from.channel, "campaign", "status", map[string]any{"campaign": 1}))
		if got != strings.Replace(missing, "7", "1", 1) {
			t.Errorf("damaged campaign 1 named from %q answered:\n%s\nwant as for a missing campaign:\n%s", from.guild, got, missing)
		}
	}
}

// Ensure a damaged record the bot reads as it starts (a player's
// reminder binding, a deadline's schedule) takes only its own campaign
// out, as a damaged chunk of a log does (ruling SG3): the bot starts,
// the log names each damaged record, the other campaign is served, the
// damaged one's referee and channel are told, and its commands refused,
// with the damaged-data notice, and its deadline does not run (its
// players cannot give orders), also when only a binding is damaged.
func TestDamagedRecordAtStart(t *testing.T) {
	t.Parallel()
	for name, kinds := range map[string][]string{"binding and schedule": {"bindings", "schedule"}, "binding": {"bindings"}} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			dmgRecordAtStart(t, nil, func(r *srvRig) []string { return dmgFlipFile(r, kinds) })
		})
	}
}

// Ensure the bot on etcd takes only a campaign out for a damaged record
// as it does on a file (TestDamagedRecordAtStart), and for a key in the
// records' range naming the campaign but not a record, which etcd, a
// store of keys other programs may write, can hold.
func TestDamagedRecordAtStartEtcd(t *testing.T) {
	t.Parallel()
	for name, damage := range map[string]func(r *srvRig) []string{
		"binding and schedule": func(r *srvRig) []string { return dmgFlipEtcd(r, "bindings", "schedule") },
		"key not a record's": func(r *srvRig) []string {
			key := srvEtcdPrefix + "record/bindings/0000000000000001/"
			dmgEtcd(r, func(c *clientv3.Client) error { _, err := c.Put(context.Background(), key, "x"); return err })
			return []string{key}
		},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			dmgRecordAtStart(t, etcdtest.Start(t, t.TempDir()).Endpoints, damage)
		})
	}
}

// dmgRecordAtStart is TestDamagedRecordAtStart on a new file, or a
// prefix of the etcd at the endpoints given, with campaign 1's records
// damaged, while the bot is stopped, by damage, which returns the keys
// the log must name.
func dmgRecordAtStart(t *testing.T, etcd []string, damage func(r *srvRig) []string) {
	const channel2 = "200000000000000202"
	r := srvNewRigOn(t, etcd)
	fltSetUp(r)
	r.must(srvAlice, true, "orders", "remind", srvOpts("state", "on"))
	if out := r.send(srvBob, srvGuild, channel2, "campaign", "create", srvOpts("name", "Sound", "setup_tables", "false")); !srvContains(out, "Sound") {
		t.Fatalf("/campaign create in another channel: %q", srvTexts(out))
	}
	r.close()
	damagedKeys := damage(r)
	r.open()
	for _, key := range damagedKeys {
		if !strings.Contains(r.logs.String(), key) {
			t.Errorf("the log does not name the damaged record %s:\n%s", key, r.logs.String())
		}
	}
	r.fake.MustWait(t, srvWait, "the damaged-data notice in campaign 1's channel", func() bool {
		return fltChannelHas(r, "Campaign 1", "saved data is damaged", "restore the database from a backup")
	})
	srvWantDM(t, r, srvRef, "saved data is damaged")
	out := r.do(srvAlice, false, "orders", "remind", srvOpts("state", "off"))
	if !srvContains(out, "This campaign's saved data is damaged") {
		t.Errorf("/orders remind in the damaged campaign: %q", srvTexts(out))
	}
	if out := r.send(srvBob, srvGuild, channel2, "campaign", "status", nil); !srvContains(out, "Sound") {
		t.Errorf("/campaign status of the sound campaign: %q", srvTexts(out))
	}
	for _, k := range []schedule.Kind{schedule.OrderDeadline, schedule.BattleDeadline} {
		if next, ok := r.app.scheduler.Next(1, k); ok {
			t.Errorf("campaign 1's %s scheduled at %s, want it left out", k, next)
		}
	}
}

// Ensure a damaged reminder marker (the deadline a reminder last went
// out for) neither takes its campaign out nor stops its reminders
// (ruling SG3): it is taken as absent, with one warning in the log
// naming it, the reminder goes out, and the marker is written anew, so
// the next deadline's reminder goes out too and nothing is logged again.
func TestDamagedReminderMarker(t *testing.T) {
	t.Parallel()
	r := srvNewRig(t)
	srvSetUp(r)
	r.must(srvAlice, true, "orders", "remind", srvOpts("state", "on"))
	r.clock.Set(time.Date(2026, 3, 2, 18, 0, 0, 0, time.UTC))
	r.settle()
	srvWantDM(t, r, srvAlice, "Reminder: turn 1's orders for")
	r.close()
	file, err := os.ReadFile(r.path)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, v := range storagetest.Values(file) {
		if p := v.Path; len(p) == 4 && string(p[1]) == "\x00\x00\x00\x00\x00\x00\x00\x01" && string(p[2]) == "markers" && string(p[3]) == "reminded" {
			file[v.Offset+v.Len/2] ^= 0x10
			found = true
		}
	}
	if !found {
		t.Fatal("campaign 1 has no reminder marker in the file")
	}
	if err := os.WriteFile(r.path, file, 0o600); err != nil {
		t.Fatal(err)
	}
	r.open()
	r.settle()
	if out := r.do(srvAlice, false, "campaign", "status", nil); !srvContains(out, "Deadline") || srvContains(out, "damaged") {
		t.Errorf("/campaign status with a damaged reminder marker: %q", srvTexts(out))
	}
	r.clock.Set(time.Date(2026, 3, 2, 20, 0, 0, 0, time.UTC))
	r.settle()
	r.clock.Set(time.Date(2026, 3, 3, 18, 0, 0, 0, time.UTC))
	r.settle()
	srvWantDM(t, r, srvAlice, "Reminder: turn 2's orders for")
	if n := strings.Count(r.logs.String(), "reminder marker damaged"); n != 1 {
		t.Errorf("the log warns of the damaged marker %d times, want once:\n%s", n, r.logs.String())
	}
	if !strings.Contains(r.logs.String(), "markers/reminded") {
		t.Errorf("the log does not name the damaged marker:\n%s", r.logs.String())
	}
	if fltChannelHas(r, "saved data is damaged") {
		t.Error("the channel was told the campaign's data is damaged")
	}
}

// dmgFlipFile changes a byte of each of campaign 1's records of the
// kinds given in the rig's file and returns their keys.
func dmgFlipFile(r *srvRig, kinds []string) []string {
	r.t.Helper()
	file, err := os.ReadFile(r.path)
	if err != nil {
		r.t.Fatal(err)
	}
	var keys []string
	for _, v := range storagetest.Values(file) {
		p := v.Path
		if len(p) == 4 && string(p[1]) == "\x00\x00\x00\x00\x00\x00\x00\x01" && slices.Contains(kinds, string(p[2])) {
			file[v.Offset+v.Len/2] ^= 0x10
			keys = append(keys, string(p[2])+"/"+string(p[3]))
		}
	}
	if len(keys) < len(kinds) {
		r.t.Fatalf("damaged %v, want campaign 1's records of %v", keys, kinds)
	}
	if err := os.WriteFile(r.path, file, 0o600); err != nil {
		r.t.Fatal(err)
	}
	return keys
}

// dmgFlipEtcd is dmgFlipFile for a rig on etcd.
func dmgFlipEtcd(r *srvRig, kinds ...string) []string {
	r.t.Helper()
	var keys []string
	dmgEtcd(r, func(c *clientv3.Client) error {
		for _, kind := range kinds {
			prefix := srvEtcdPrefix + "record/" + kind + "/0000000000000001/"
			g, err := c.Get(context.Background(), prefix, clientv3.WithPrefix())
			if err != nil {
				return err
			}
			for _, kv := range g.Kvs {
				v := kv.Value
				v[len(v)/2] ^= 0x10
				if _, err := c.Put(context.Background(), string(kv.Key), string(v)); err != nil {
					return err
				}
				keys = append(keys, kind+"/"+strings.TrimPrefix(string(kv.Key), prefix))
			}
		}
		return nil
	})
	if len(keys) < len(kinds) {
		r.t.Fatalf("damaged %v, want campaign 1's records of %v", keys, kinds)
	}
	return keys
}

// dmgEtcd runs write with a client of the rig's etcd.
func dmgEtcd(r *srvRig, write func(*clientv3.Client) error) {
	r.t.Helper()
	c, err := clientv3.New(clientv3.Config{Endpoints: r.etcd})
	if err != nil {
		r.t.Fatal(err)
	}
	defer c.Close()
	if err := write(c); err != nil {
		r.t.Fatal(err)
	}
}

// Ensure a record damaged on etcd while the bot serves, which a shared
// store finds when it reads the schedules back at its next sync, takes
// only its campaign out as at start (TestDamagedRecordAtStartEtcd), and
// is said once, not at every sync: one log line, one notice to the
// referee and the channel.
func TestDamagedRecordWhileServingEtcd(t *testing.T) {
	t.Parallel()
	const channel2 = "200000000000000202"
	r := srvNewRigOn(t, etcdtest.Start(t, t.TempDir()).Endpoints)
	fltSetUp(r)
	if out := r.send(srvBob, srvGuild, channel2, "campaign", "create", srvOpts("name", "Sound", "setup_tables", "false")); !srvContains(out, "Sound") {
		t.Fatalf("/campaign create in another channel: %q", srvTexts(out))
	}
	keys := dmgFlipEtcd(r, "schedule")
	for range 3 {
		r.app.shared.sync()
	}
	r.fake.MustWait(t, srvWait, "the damaged-data notice in campaign 1's channel", func() bool {
		return fltChannelHas(r, "Campaign 1", "saved data is damaged", "restore the database from a backup")
	})
	srvWantDM(t, r, srvRef, "saved data is damaged")
	r.app.shared.sync()
	notices := 0
	for _, m := range r.fake.Messages(srvChannel) {
		if strings.Contains(m.Content, "saved data is damaged") {
			notices++
		}
	}
	if notices != 1 {
		t.Errorf("%d damaged-data notices in the channel, want 1", notices)
	}
	if n := strings.Count(r.logs.String(), "damaged record left out"); n != len(keys) {
		t.Errorf("%d damaged records logged, want each of %v once:\n%s", n, keys, r.logs.String())
	}
	if out := r.do(srvAlice, false, "campaign", "status", nil); !srvContains(out, "This campaign's saved data is damaged") {
		t.Errorf("/campaign status in the damaged campaign: %q", srvTexts(out))
	}
	if out := r.send(srvBob, srvGuild, channel2, "campaign", "status", nil); !srvContains(out, "Sound") {
		t.Errorf("/campaign status of the sound campaign: %q", srvTexts(out))
	}
	if next, ok := r.app.scheduler.Next(1, schedule.OrderDeadline); ok {
		t.Errorf("campaign 1's order deadline scheduled at %s, want it left out", next)
	}
}
