/*
Package schedule fires campaign deadlines: each campaign's order deadline
and optional battle-phase deadline, given as cron specs in a time zone
(docs/architecture.md, Scheduling). It knows campaigns only by id; what a deadline
does, and who is reminded, is the Handler's business.

robfig/cron/v3 parses the specs and computes next times; the loop is this
package's own so that time comes from an injected Clock (RealClock in the
bot, FakeClock in tests, which never sleep: FakeClock.Advance or Set, then
Scheduler.Settle).

# Lifecycle

	s := schedule.New(schedule.RealClock{}, handler, schedule.Options{Workers: 4, Logger: log})
	err := s.Start(ctx, storedEntries) // rebuilds every job, catches up missed deadlines
	...
	entry, err := s.Extend(id, schedule.OrderDeadline, 24*time.Hour) // store entry
	...
	err = s.Stop(ctx) // waits for running handler calls

Pause, Resume and Extend return the Entry for the caller to store; Set
and Remove take effect at run time; Advance runs a deadline now.

# Exactly once

A deadline is processed exactly once, across crashes and restarts, by this
division of labour:

  - the scheduler hands Handler.Deadline a Run whose Entry has LastRun = Due;
  - the handler, in ONE transaction, reads the stored entry, does nothing if
    Run.Done(stored.LastRun), else does the turn and stores Run.Entry.

A crash before the commit leaves LastRun before Due, so the next Start sees
the deadline as missed and runs it (once); a crash after it leaves LastRun =
Due, so the next Start sees nothing missed; and if the shell started from a
copy of the entry older than the commit, the Done check makes the repeated
call a no-op.

On Start, an entry whose LastRun is set and whose deadlines after it have
passed runs once, for the latest passed deadline only (Run.Skipped counts
the others: a campaign turn is not replayed per missed day). An entry never
run (zero LastRun) or paused catches nothing up. Set never catches up.

# Failures

A Deadline error or panic is logged and the deadline is not retried by the
running process: the next deadline runs as usual, and the campaign turn it
starts sees whatever the failed one left undone. LastRun stays before the
failed deadline, so a restart before the next one does retry it, once.
Reminder errors are logged and dropped. Calls for one campaign and kind never
overlap; at most Options.Workers calls run at once over all campaigns.
IMPORTANT: a handler may call Set, Remove, Pause, Resume, Extend, Advance
and Next, but never Settle or Stop, which wait for the handler itself.

# Daylight saving time

Deadlines follow the wall clock of the entry's zone ("0 20 * * *" in
Europe/Berlin is 19:00 UTC in winter, 18:00 UTC in summer). At the two
yearly changes robfig/cron alone would skip a deadline whose wall time the
clocks jump over (02:30 on the spring change in Berlin) and fire twice one
they pass twice (02:30 on the autumn change). Here a skipped wall time fires
at the change itself (03:00 the new time), and a repeated one fires the
first time only: every deadline comes exactly once a day. "@every" specs
ignore the zone and count real time.

# Extensions and pauses

Extend pushes the one pending deadline back; the ones after keep the spec's
times, except that an extension past them absorbs them. Extending twice
adds up. Resume does not run deadlines that passed while paused: the next
is the first after now. Advance works while paused and drops a pending
extension. A forced run lost to a crash before its commit is not caught up.

Reminders fire RemindBefore ahead of each deadline (an extended one is
reminded of again); the scheduler does not store them, so a restart
inside the reminder window, or a campaign taken over from another
process (Sync), tries the reminder again, and the Handler decides
whether it already went out (the bot keeps a marker per deadline). A reminder whose time has passed when the deadline
itself is due is not sent.
*/
package schedule
