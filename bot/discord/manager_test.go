package discord_test

import (
	"testing"

	"bfbot/bot/discordtest"
)

// Ensure the request says the caller manages the server exactly when
// Discord's computed member permissions hold Manage Server or
// Administrator; a plain member, one with another power, and any DM do
// not (ruling SEAT5).
func TestManagerFromMemberPermissions(t *testing.T) {
	t.Parallel()
	rig := dscStart(t, dscGuild)
	for _, c := range []struct {
		name  string
		perms int64 // -1: the fake's default member
		dm    bool
		want  bool
	}{
		{"member", -1, false, false},
		{"manage messages", discordtest.MemberPermissions | discordtest.PermManageMessages, false, false},
		{"manage server", discordtest.MemberPermissions | discordtest.PermManageGuild, false, true},
		{"administrator", discordtest.PermAdministrator, false, true},
		{"manage server in a DM", discordtest.MemberPermissions | discordtest.PermManageGuild, true, false},
	} {
		ch, alice, _ := rig.fresh()
		if c.perms >= 0 {
			rig.fake.SetMemberPermissions(dscGuild, alice, c.perms)
		}
		guild := dscGuild
		if c.dm {
			guild = ""
		}
		rig.send(t, alice, guild, ch, "ping", "", nil)
		if got := rig.d.last(); got.User.ID != alice || got.Manager != c.want {
			t.Errorf("%s: request from %s with Manager %t, want %t", c.name, got.User.ID, got.Manager, c.want)
		}
	}
}
