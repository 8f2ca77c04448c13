package discordtest

import "net/http"

// Discord's permission bits the fake checks (developers/topics/permissions).
const (
	PermAdministrator         int64 = 1 << 3
	PermManageGuild           int64 = 1 << 5
	PermViewChannel           int64 = 1 << 10
	PermSendMessages          int64 = 1 << 11
	PermManageMessages        int64 = 1 << 13
	PermEmbedLinks            int64 = 1 << 14
	PermAttachFiles           int64 = 1 << 15
	PermReadMessageHistory    int64 = 1 << 16
	PermMentionEveryone       int64 = 1 << 17
	PermManageThreads         int64 = 1 << 34
	PermCreatePublicThreads   int64 = 1 << 35
	PermSendMessagesInThreads int64 = 1 << 38
	PermPinMessages           int64 = 1 << 51
)

// DefaultPermissions are the bot's permissions in every guild channel of a
// new Fake: the ones the README asks the server to grant (bfbot's
// discord.Permissions; a test there checks they agree), so the tests run
// with no more than a real server gives.
const DefaultPermissions = PermViewChannel | PermSendMessages | PermSendMessagesInThreads |
	PermCreatePublicThreads | PermAttachFiles | PermEmbedLinks | PermPinMessages

// MemberPermissions are a member's computed permissions in a new Fake's
// interactions: what a server's @everyone role gives by default, with no
// power over the server.
const MemberPermissions = PermViewChannel | PermSendMessages | PermSendMessagesInThreads |
	PermCreatePublicThreads | PermAttachFiles | PermEmbedLinks | PermReadMessageHistory

// SetMemberPermissions sets the permissions Discord computes for user in
// guild and sends, as a string, in the member of his interactions there
// (a DM carries none).
func (f *Fake) SetMemberPermissions(guild, user string, p int64) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.memberPerms[guild+"/"+user] = p
}

// codeMissingPermissions is Discord's "Missing Permissions".
const codeMissingPermissions = 50013

// SetPermissions sets the bot's permissions in one channel (its threads
// inherit them), as a permission overwrite would.
func (f *Fake) SetPermissions(channel string, p int64) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.channelPerms[channel] = p
}

// permitted checks the bot has need in channel, and answers 403 with code
// 50013 when not; call with f.mu held. DM channels have no permissions to
// check; a thread has its parent's; a channel the fake did not create is a
// guild text channel.
func (f *Fake) permitted(w http.ResponseWriter, channel string, need int64) bool {
	c := f.channels[channel]
	if c != nil && c.Type == channelDM {
		return true
	}
	if c != nil && isThread(c.Type) {
		channel = c.ParentID
	}
	have, ok := f.channelPerms[channel]
	if !ok {
		have = f.perms
	}
	if have&need != need {
		writeError(w, http.StatusForbidden, codeMissingPermissions, "Missing Permissions")
		return false
	}
	return true
}
