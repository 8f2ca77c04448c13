package schedule

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"runtime/debug"
	"sync"
	"time"
)

// Run is one deadline handed to Handler.Deadline.
type Run struct {
	// Entry is the schedule as it must be stored once this deadline is
	// processed: LastRun is Due and no extension is pending.
	Entry Entry
	// Due is the deadline being processed (for a forced run, the moment
	// Advance dispatched it).
	Due time.Time
	// Forced is set for runs asked for by Advance.
	Forced bool
	// Skipped counts earlier deadlines that also passed unprocessed (the bot
	// was down or busy) and were folded into this one run (at most 1000).
	Skipped int
}

// Done reports whether a stored LastRun shows this run already committed.
// Handler.Deadline calls it inside its transaction and returns nil when it
// is true: that check, made atomically with the commit, is what makes a
// deadline run exactly once across restarts.
func (r Run) Done(storedLastRun time.Time) bool { return !storedLastRun.Before(r.Due) }

// Handler does the campaign's work. The scheduler calls it from its worker
// goroutines, at most one call at a time per Key.
type Handler interface {
	// Deadline processes a deadline. In ONE transaction it must: read the
	// stored entry, return nil if r.Done(stored.LastRun), else do the
	// work and store r.Entry (LastRun = r.Due). An error leaves LastRun
	// where it was: the scheduler logs it and does not retry this
	// deadline; the next one runs as usual (and, if the bot restarts
	// before then, the start-up catch-up retries it once).
	Deadline(ctx context.Context, r Run) error
	// Remind is called RemindBefore ahead of the deadline due (once per
	// deadline per process: a restart inside the window reminds again).
	// Errors are logged, never retried.
	Remind(ctx context.Context, e Entry, due time.Time) error
}

// Options tunes a Scheduler; the zero value is usable.
type Options struct {
	// Workers bounds how many handler calls run at once (default 4).
	Workers int
	// Logger receives failures and catch-ups (default slog.Default()).
	Logger *slog.Logger
}

// Errors returned by the Scheduler's lifecycle methods.
var (
	ErrStarted = errors.New("schedule: scheduler already started")
	ErrStopped = errors.New("schedule: scheduler stopped")
)

// Scheduler fires campaign deadlines and reminders on an injected clock.
// It is safe for concurrent use.
type Scheduler struct {
	clock   Clock
	handler Handler
	log     *slog.Logger
	sem     chan struct{}

	runCtx    context.Context // handed to handlers; cancelled when Stop gives up
	cancelRun context.CancelFunc
	wake      chan struct{} // buffered 1: the loop must recompute its timer
	quit      chan struct{}
	loopDone  chan struct{}

	mu       sync.Mutex
	jobs     map[Key]*job
	started  bool
	stopped  bool
	inflight int
	idle     chan struct{} // closed while inflight == 0
	// wakeAt is when the loop's timer fires (zero: it waits for a poke):
	// a call that ends, or a change to a job, pokes the loop only for
	// an event before it.
	wakeAt time.Time
}

type job struct {
	entry       Entry
	deadlines   deadlines
	next        time.Time // the pending deadline; zero: none
	remindedFor time.Time // the deadline already reminded of
	forced      bool      // Advance asked for a run
	// elsewhere is the latest deadline the handler left to another
	// process (ErrElsewhere): taken over, the job runs it (Sync).
	elsewhere time.Time
	busy      bool // a handler call for this job is running
}

// New returns a stopped scheduler; call Start.
func New(clock Clock, h Handler, opts Options) *Scheduler {
	if opts.Workers < 1 {
		opts.Workers = 4
	}
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	ctx, cancel := context.WithCancel(context.Background())
	idle := make(chan struct{})
	close(idle)
	return &Scheduler{
		clock: clock, handler: h, log: opts.Logger,
		sem:    make(chan struct{}, opts.Workers),
		runCtx: ctx, cancelRun: cancel,
		wake: make(chan struct{}, 1), quit: make(chan struct{}), loopDone: make(chan struct{}),
		jobs: map[Key]*job{}, idle: idle,
	}
}

// Start schedules the stored entries and starts the loop. A deadline that
// passed while the bot was down (after LastRun, at or before now) runs once
// at once, as the latest such deadline (Run.Skipped counts the others);
// paused entries catch nothing up. Invalid entries are left out and their
// errors joined into the result; the others are scheduled regardless.
func (s *Scheduler) Start(ctx context.Context, entries []Entry) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	switch {
	case s.stopped:
		return ErrStopped
	case s.started:
		return ErrStarted
	}
	s.started = true
	now := s.clock.Now()
	var errs []error
	for _, e := range entries {
		d, err := newDeadlines(e)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if _, dup := s.jobs[e.Key()]; dup {
			errs = append(errs, &EntryError{Key: e.Key(), Field: "campaign",
				Err: errors.New("listed twice: keep one entry per campaign and kind")})
			continue
		}
		j := &job{entry: e, deadlines: d}
		if e.LastRun.IsZero() {
			j.next = j.firstAfter(now)
		} else {
			j.next = j.firstAfter(e.LastRun) // at or before now: caught up below
		}
		s.jobs[e.Key()] = j
	}
	s.dispatchLocked(now)
	go s.loop()
	return errors.Join(errs...)
}

// firstAfter returns the first deadline after anchor, honouring a pending
// extension.
func (j *job) firstAfter(anchor time.Time) time.Time {
	if ext := j.entry.ExtendedUntil; ext.After(j.entry.LastRun) && ext.After(anchor) {
		return ext
	}
	return j.deadlines.next(anchor)
}

// Stop stops firing new work and waits for running handler calls. If ctx
// ends first, it cancels the handlers' context and returns ctx's error.
func (s *Scheduler) Stop(ctx context.Context) error {
	s.mu.Lock()
	if s.stopped {
		s.mu.Unlock()
		return nil
	}
	s.stopped = true
	started := s.started
	idle := s.idle
	s.mu.Unlock()
	close(s.quit)
	if started {
		<-s.loopDone
	}
	select {
	case <-idle:
		s.cancelRun()
		return nil
	case <-ctx.Done():
		s.cancelRun()
		return ctx.Err()
	}
}

// Settle runs everything due at the clock's current reading and waits until
// no handler call is running. With FakeClock it makes tests deterministic;
// the shell may use it to drain work before Stop.
func (s *Scheduler) Settle(ctx context.Context) error {
	s.mu.Lock()
	s.dispatchLocked(s.clock.Now())
	idle := s.idle
	s.mu.Unlock()
	select {
	case <-idle:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// loop waits for the earliest pending event and dispatches what is due.
func (s *Scheduler) loop() {
	defer close(s.loopDone)
	for {
		s.mu.Lock()
		wakeAt := s.dispatchLocked(s.clock.Now())
		s.wakeAt = wakeAt
		s.mu.Unlock()
		var timer Timer
		var fired <-chan time.Time
		if !wakeAt.IsZero() {
			timer = s.clock.TimerAt(wakeAt)
			fired = timer.C()
		}
		select {
		case <-fired:
		case <-s.wake:
		case <-s.quit:
		}
		if timer != nil {
			timer.Stop()
		}
		select {
		case <-s.quit:
			return
		default:
		}
	}
}

// poke makes the loop recompute its wake-up time.
func (s *Scheduler) poke() {
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

// dispatchLocked starts a handler call for every idle job with something
// due at now and returns the earliest future event (zero: none).
func (s *Scheduler) dispatchLocked(now time.Time) time.Time {
	var wakeAt time.Time
	for _, j := range s.jobs {
		if t := s.dispatchJobLocked(j, now); !t.IsZero() && (wakeAt.IsZero() || t.Before(wakeAt)) {
			wakeAt = t
		}
	}
	return wakeAt
}

// maxSkippedCount bounds the count in Run.Skipped: an every-minute spec
// after years down would otherwise be counted minute by minute.
const maxSkippedCount = 1000

// dispatchJobLocked starts j's handler call if something is due at now, and
// returns j's next future event (zero: none, or it is busy and will
// dispatch again when its call ends).
func (s *Scheduler) dispatchJobLocked(j *job, now time.Time) time.Time {
	if s.stopped || !s.started || j.busy {
		return time.Time{}
	}
	switch {
	case j.forced:
		s.startDeadlineLocked(j, Run{Due: now, Forced: true})
	case j.entry.Paused || j.next.IsZero():
	case !j.next.After(now):
		due, skipped := j.next, 0
		if later, ok := j.deadlines.latest(due, now); ok {
			due = later
			for t := j.next; !t.IsZero() && t.Before(due) && skipped < maxSkippedCount; t = j.deadlines.next(t) {
				skipped++
			}
		}
		s.startDeadlineLocked(j, Run{Due: due, Skipped: skipped})
	case j.entry.RemindBefore > 0 && !j.remindedFor.Equal(j.next):
		if remindAt := j.next.Add(-j.entry.RemindBefore); remindAt.After(now) {
			return remindAt
		}
		due := j.next // an Extend during the call must not change it
		j.remindedFor = due
		s.startLocked(j, "reminder", func(ctx context.Context, e Entry) error {
			return s.handler.Remind(ctx, e, due)
		}, nil)
	default:
		return j.next
	}
	return time.Time{}
}

// startDeadlineLocked moves the job past r.Due and starts the handler call.
func (s *Scheduler) startDeadlineLocked(j *job, r Run) {
	j.forced = false
	r.Entry = j.entry
	r.Entry.LastRun = r.Due
	r.Entry.ExtendedUntil = time.Time{}
	// The job moves on now, whatever the outcome: a failed deadline is not
	// retried in this process (Handler.Deadline says why).
	j.entry.ExtendedUntil = time.Time{}
	j.next = j.deadlines.next(r.Due)
	if r.Skipped > 0 {
		s.log.Info("schedule: deadlines passed unprocessed; running the latest once",
			"campaign", j.entry.Campaign, "kind", j.entry.Kind.String(), "skipped", r.Skipped, "due", r.Due)
	}
	s.startLocked(j, "deadline", func(ctx context.Context, _ Entry) error {
		err := s.handler.Deadline(ctx, r)
		if errors.Is(err, ErrElsewhere) && !r.Forced {
			s.mu.Lock()
			if r.Due.After(j.elsewhere) {
				j.elsewhere = r.Due
			}
			s.mu.Unlock()
		}
		return err
	}, func() {
		if r.Due.After(j.entry.LastRun) {
			j.entry.LastRun = r.Due
		}
	})
}

// startLocked runs call on a worker. onSuccess runs under the lock.
func (s *Scheduler) startLocked(j *job, what string, call func(context.Context, Entry) error, onSuccess func()) {
	j.busy = true
	if s.inflight == 0 {
		s.idle = make(chan struct{})
	}
	s.inflight++
	e := j.entry
	go func() {
		s.sem <- struct{}{}
		err := s.safeCall(call, e)
		<-s.sem
		if errors.Is(err, ErrElsewhere) {
			// Not run here: no LastRun moves, nothing to log.
			err, onSuccess = nil, nil
		}
		if err != nil {
			s.log.Error("schedule: "+what+" failed", "campaign", e.Campaign, "kind", e.Kind.String(), "err", err)
		}
		s.mu.Lock()
		defer s.mu.Unlock()
		j.busy = false
		if err == nil && onSuccess != nil {
			onSuccess()
		}
		// Dispatch what became due for this job meanwhile before leaving
		// the in-flight count, so Settle's idle signal means nothing due
		// is left, not just nothing running. Other jobs are not this
		// call's concern: the loop or Settle handles them. The loop is
		// poked only when this job's next event comes before its timer
		// (jobChangedLocked): a poke makes it go through every job, and
		// with ten thousand campaigns due at once a poke for each call
		// was 12% of the minute's CPU.
		if s.jobs[e.Key()] == j {
			s.jobChangedLocked(j)
		}
		s.inflight--
		if s.inflight == 0 {
			close(s.idle)
		}
	}()
}

// safeCall turns a handler panic into an error: one campaign's bug must not
// take the bot down.
func (s *Scheduler) safeCall(call func(context.Context, Entry) error, e Entry) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("panic: %v\n%s", p, debug.Stack())
		}
	}()
	return call(s.runCtx, e)
}
