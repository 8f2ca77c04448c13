// Package discordtest is a fake Discord on loopback for tests: the REST
// endpoints bfbot's adapter uses and the gateway websocket, so the real
// discordgo client can connect, receive interactions, answer them, open DMs,
// upload files, create threads and pin messages.
//
// A test starts one with New, points a discordgo session at it (Client for
// REST; the gateway address comes from GET /gateway), drives it with
// SendCommand, PressButton, SubmitModal and Autocomplete, and asserts on what
// it recorded (Messages, DMs, Answers, Commands, Threads). Faults are
// injected with DropSocket (the client must RESUME, at the resume
// address), RateLimitNext (429 with retry_after and X-RateLimit headers)
// and CloseDMs (403, code 50007).
// A File passed as a command option's value is an attachment: the fake
// fills data.resolved.attachments and serves the file on its loopback
// "CDN" (cdn.discordapp.com through Client); FailAttachments makes the
// downloads 404 or understates the announced sizes, Downloads counts them.
//
// # Caveats
//
//   - No discordgo global is changed: Client rewrites requests for
//     discord.com to the fake. Tests with separate fakes may run in parallel.
//   - Waits are on conditions (Wait, MustWait), never on fixed sleeps;
//     SendCommand returns when the interaction is acknowledged.
//   - The fake checks what matters to the adapter (token, acknowledgement
//     before follow-ups, one acknowledgement per interaction, the first
//     follow-up after a deferral replacing the loading message) and
//     Discord's documented rules a regression could break unseen:
//     allowed_mentions on every message create or edit, interaction
//     response and follow-up (refused with 400 when missing, stricter
//     than Discord, whose default lets content ping; mentions.go records
//     who each message would ping, Notified lists those that would), the
//     bot's permissions per channel (DefaultPermissions, the README's;
//     403 code 50013 when one is missing, permissions.go) and the current
//     pin route (the deprecated /channels/{id}/pins routes are refused
//     and listed by Deprecated), and Discord's limits on a message's size:
//     content, embeds and components (limits.go; 400 code 50035). Other
//     payload validation is lenient.
//   - Discord's 3 seconds for the first answer (10062 after) and the
//     token's 15 minutes for follow-ups and edits (401, 50027 after) are
//     measured on the fake's clock (WithClock; the default stands still),
//     never on real time (tokenlife.go); a late callback ends the wait of
//     SendCommand with no acknowledgement. OnAck runs a test's function at
//     each acknowledgement, before the bot hears it (to age the token
//     with no race), and Interaction.LateCalls counts the refused calls.
//   - Texts the bot escaped for Discord's markdown compare with Shown.
//   - READY's resume_gateway_url is another address than GET /gateway's
//     (ResumePaths says where each RESUME came); InvalidateSession sends
//     op 9, AckHeartbeats(false) makes the connection look dead.
//   - discordgo's own Session.Close waits one second after sending the
//     close frame; tests that open such sessions gain from t.Parallel.
package discordtest
