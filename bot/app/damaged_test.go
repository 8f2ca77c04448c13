package app

import (
	"os"
	"testing"
	"time"

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
}
