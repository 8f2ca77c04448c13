package app

import (
	"path"
	"testing"
	"unicode/utf8"

	"bfbot/bot/command"
)

// srvImagesDescribed fails when a picture the bot sent during the run (a
// map, a replay) reached Discord without a description for screen
// readers, or with one longer than Discord takes; and when the run sent
// no map or no replay at all, which would make the check vacuous.
func srvImagesDescribed(t *testing.T, r *srvRig) {
	t.Helper()
	kinds := map[string]int{}
	for _, m := range r.fake.AllMessages() {
		for _, f := range m.Files {
			ext := path.Ext(f.Name)
			if ext != ".png" && ext != ".gif" {
				continue
			}
			kinds[ext]++
			if n := utf8.RuneCountInString(f.Description); n == 0 || n > command.MaxDescription {
				t.Errorf("message %s: %s has a description of %d characters: %q", m.ID, f.Name, n, f.Description)
			}
		}
	}
	if kinds[".png"] == 0 || kinds[".gif"] == 0 {
		t.Errorf("the run sent %d maps and %d replays: want both", kinds[".png"], kinds[".gif"])
	}
}
