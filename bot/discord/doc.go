// Package discord is bfbot's Discord adapter: it registers the command
// layer's specs as slash commands, routes interactions (commands,
// autocomplete, buttons, modals) to the command.Dispatcher and sends the
// replies: public ones in the campaign's channel or the battle's thread
// under it, private ones as ephemeral messages, DMs in the player's direct
// messages. It only translates; no game logic lives here (docs/architecture.md,
// "Command layer").
//
// # Places
//
// A campaign's public replies go to its channel (WithPlaces), not to
// whatever channel or DM the command came from; only the caller's own
// answer goes back to the interaction, and when nothing answers there the
// interaction is deferred and the caller told where the posts went once
// they are made. A battle's thread is started under the campaign's channel;
// a deleted one (10003) is started again, an archived and locked one
// (50083) reopened, and the post sent once more; in a campaign that lives
// in a thread or forum post the battle's posts go in that thread (ruling
// CH1). A command from a thread carries the thread's parent (Request.Parent,
// from GET /channels/{id}, once per channel), so a battle thread's commands
// are about its campaign (place.go).
//
// # Acknowledgement
//
// Discord wants every interaction acknowledged within 3 seconds. A command
// whose Spec is Slow, or a press of a button that runs one, is deferred at
// once; any other is answered with its first reply, or deferred when its
// handler outlasts WithAckGrace (DefaultAckGrace, 1 s). A deferred
// command's "thinking" message is ephemeral unless WithDeferPrivate says
// otherwise, because the handler's first reply cannot be known before it
// runs; public replies of a privately deferred command are posted to the
// channel as ordinary bot messages. A command carrying files (Attachment
// options) is deferred too, before the files are downloaded (attach.go):
// a file Discord announces as over command.MaxAttachmentBytes is refused at
// once, one that fails to download or turns out too big is refused by
// editing the deferral, and the handler runs only with every file.
// Replies that come after Discord's 3 seconds or the token's 15 minutes
// go without the token (late.go, ruling SE8): public ones in the
// channel, private ones in the caller's DMs, never in a channel.
//
// # Mentions and markdown
//
// Every payload sets allowed_mentions (message.go): nothing is parsed from
// the content, and only the users of a reply's Ping are pinged, by
// mentions put before its text. The texts of replies (content, embeds,
// thread names) are made neutral first (neutral.go): markdown escaped,
// mentions broken, so what a player typed shows as typed.
//
// # Caveats
//
//   - IMPORTANT: the token is never logged; error texts pass through a
//     scrubber that also hides interaction tokens (webhook URLs hold them).
//   - Commands registered per guild (development) are not offered in DMs.
//   - Battle threads and status messages are remembered through ThreadStore;
//     the default store is in memory.
//   - A DM to a user who does not accept DMs from server members fails with
//     code 50007; the caller then gets an ephemeral fallback.
//   - Close waits for handlers in flight, then closes the gateway.
//   - The gateway connection is the adapter's own (gateway.go): discordgo
//     v0.29.0 resumes at the first address instead of resume_gateway_url
//     and ignores op 9's resumable flag. discordgo does the REST calls.
package discord
