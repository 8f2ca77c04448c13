package app

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net/http"
	"os"
	"strconv"
	"sync"
	"time"

	"bfbot/bot/admin"
	"bfbot/bot/command"
	"bfbot/bot/discord"
	"bfbot/bot/schedule"
	"bfbot/config"
	"bfbot/storage"
)

// Options are what a test (or another shell) changes about the wiring;
// the zero value runs the real bot.
type Options struct {
	// Clock drives the deadlines (nil: the machine's clock).
	Clock schedule.Clock
	// HTTPClient carries Discord's REST calls (nil: discordgo's default);
	// tests pass the fake Discord's client.
	HTTPClient *http.Client
	// Logger receives the structured logs (nil: text on stderr at the
	// configured log_level).
	Logger *slog.Logger
	// Seed seeds each new campaign's dice (nil: random).
	Seed func() uint64
	// RollSeed seeds /roll's dice once, at New; the seed is logged at
	// info (nil: from the operating system, so /roll does not repeat its
	// numbers after a restart).
	RollSeed func() uint64
	// RemindBefore is how long before an order deadline the players not
	// ready are reminded (0: DefaultRemindBefore; negative: never).
	RemindBefore time.Duration
	// LockTimeout is how long Open waits for a database file another
	// process holds (0: storage.DefaultTimeout).
	LockTimeout time.Duration
	// AcceptDamagedMeta serves a database file one of whose meta pages
	// is damaged, from the transaction the other holds, with a warning
	// in the log; without it such a file is refused (ruling SG3).
	AcceptDamagedMeta bool
	// RateLimits bound each user's expensive commands (zero: the command
	// layer's defaults).
	RateLimits command.RateLimits
	// Discord are further options of the Discord adapter.
	Discord []discord.Option
	// Member names this process among those sharing an etcd store
	// (store "etcd"; default: host name and process ID).
	Member string
}

// DefaultRemindBefore is the reminder ahead of an order deadline.
const DefaultRemindBefore = 2 * time.Hour

// App is the running bot: storage, command registry, Discord adapter and
// scheduler, wired.
type App struct {
	cfg   config.Config
	log   *slog.Logger
	clock schedule.Clock

	db        storage.Engine
	store     *Store
	binds     *bindings
	sched     *schedules
	scheduler *schedule.Scheduler
	reg       *command.Registry
	bot       *discord.Bot
	// shared is set when several processes share the store (store
	// "etcd"): the leased claims that say which campaigns' deadlines
	// this process runs (shared.go).
	shared *sharedStore
	// damaged is the campaigns a damaged record was found in as the
	// bot started, refused by store and told by Start.
	damaged *damagedSet

	// stopAdmin ends the control socket Start serves; adminDone closes
	// when it is gone (nil before Start).
	adminMu   sync.Mutex
	stopAdmin context.CancelFunc
	adminDone chan struct{}

	closeOnce sync.Once
	closeErr  error
}

// New checks the configuration, opens the database and builds the bot.
// Nothing contacts Discord before Run.
func New(cfg config.Config, opts Options) (*App, error) {
	if err := cfg.ValidateForDiscord(); err != nil {
		return nil, err
	}
	log := opts.Logger
	if log == nil {
		log = slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: cfg.LogLevel}))
	}
	clock := opts.Clock
	if clock == nil {
		clock = schedule.RealClock{}
	}
	remind := opts.RemindBefore
	switch {
	case remind == 0:
		remind = DefaultRemindBefore
	case remind < 0:
		remind = 0
	}
	// A file that is not there is made: right at the bot's first start,
	// and later the sign of a database_path naming the wrong file, every
	// campaign seemingly gone. So it is told.
	newFile := false
	if cfg.Store != config.StoreEtcd {
		_, err := os.Stat(cfg.DatabasePath)
		newFile = errors.Is(err, fs.ErrNotExist)
	}
	db, err := storage.OpenConfigured(cfg, storage.Options{Snapshots: cfg.UndoSnapshots, Timeout: opts.LockTimeout, Verify: true, AcceptDamagedMeta: opts.AcceptDamagedMeta})
	switch {
	case errors.Is(err, storage.ErrLocked):
		return nil, fmt.Errorf("database_path %s is in use by another bfbot: stop it, or point this one at another file (several processes share campaigns only with store \"etcd\"): %w", cfg.DatabasePath, err)
	case err != nil && cfg.Store == config.StoreEtcd:
		return nil, fmt.Errorf("opening the etcd store (etcd_endpoints %s, etcd_prefix %s): %w", cfg.EtcdEndpoints, cfg.EtcdPrefix, err)
	case err != nil:
		return nil, fmt.Errorf("opening the database (database_path %s): %w", cfg.DatabasePath, err)
	}
	if f, ok := db.(*storage.Store); ok && f.DamagedMeta() != nil {
		log.Warn("serving a database file with a damaged meta page, as --accept-damaged-meta asks", "err", f.DamagedMeta())
	}
	if newFile {
		log.Warn("made a new, empty database file: right at the bot's first start; otherwise database_path names the wrong file", "database", cfg.DatabasePath)
	}
	if f, ok := db.(*storage.Store); ok && f.MigratedFrom() != 0 {
		log.Warn("migrated the database file to this bfbot's schema: an older bfbot can no longer read it", "path", f.Path(), "from", f.MigratedFrom(), "to", storage.SchemaVersion)
	}
	a := &App{cfg: cfg, log: log, clock: clock, db: db, damaged: newDamagedSet()}
	if e, ok := db.(*storage.EtcdStore); ok {
		a.shared = newSharedStore(a, e, opts.Member)
	}
	ctx := context.Background()
	if a.binds, err = loadBindings(ctx, db, log, a.damaged); err != nil {
		db.Close()
		return nil, err
	}
	a.store = NewStore(db, opts.Seed)
	a.store.damaged = a.damaged
	a.sched = &schedules{db: db, log: log, zone: cfg.TimeZone, remind: remind, locks: map[int64]*sync.Mutex{}}
	a.scheduler = schedule.New(clock, deadlines{a}, schedule.Options{Logger: log.With("component", "schedule")})
	a.sched.sched = a.scheduler
	if a.shared != nil {
		a.sched.since = clock.Now
	}
	cmdLog := log.With("component", "command")
	a.reg = command.New(command.Deps{Store: a.store, Scheduler: a.sched, Log: cmdLog, RateLimits: opts.RateLimits,
		MaxCampaignsPerServer: cfg.MaxCampaignsPerServer,
		Dice:                  command.NewRollSource(opts.RollSeed, cmdLog)})
	dopts := []discord.Option{discord.WithStore(newThreadStore(db)), discord.WithClock(clock.Now), discord.WithPlaces(a.binds.channelOf),
		discord.WithShard(cfg.ShardID, cfg.ShardCount)}
	if opts.HTTPClient != nil {
		dopts = append(dopts, discord.WithHTTPClient(opts.HTTPClient))
	}
	a.bot, err = discord.New(cfg.Token.Reveal(), cfg.ApplicationID, cfg.DevGuildID, newDispatcher(a, a.reg), log, append(dopts, opts.Discord...)...)
	if err != nil {
		db.Close()
		return nil, err
	}
	return a, nil
}

// Start connects to Discord (registering the commands) and starts the
// scheduler with the stored deadlines; a deadline missed while the bot
// was down runs once now.
func (a *App) Start(ctx context.Context) error {
	if err := a.bot.Open(ctx); err != nil {
		return err
	}
	if a.shared != nil {
		// Claims first: the deadlines the start catches up are only
		// those of this process's campaigns.
		if err := a.shared.join(ctx); err != nil {
			return err
		}
	}
	entries, err := a.sched.stored(ctx, a.damaged)
	if err != nil {
		return err
	}
	a.tellDamaged(ctx)
	if err := a.scheduler.Start(ctx, entries); err != nil {
		// Bad entries are left out; the others run.
		a.log.Error("some deadlines could not be scheduled", "err", err)
	}
	if a.shared != nil {
		a.shared.start()
	} else {
		a.serveControl(ctx)
	}
	a.log.Info("bot running", "campaigns", len(a.binds.campaigns()), "deadlines", len(entries), "store", a.cfg.Store, "database", a.cfg.DatabasePath)
	return nil
}

// Run starts the bot and serves until ctx ends. Call Close afterwards.
func (a *App) Run(ctx context.Context) error {
	if err := a.Start(ctx); err != nil {
		return err
	}
	<-ctx.Done()
	a.log.Info("shutting down")
	return nil
}

// Close stops the scheduler (a turn being processed finishes), then the
// Discord adapter (interactions in flight finish), then closes the
// database. When ctx ends first the rest is cut short, and the database
// still closed: an unfinished turn was never committed and runs again on
// the next start.
func (a *App) Close(ctx context.Context) error {
	a.closeOnce.Do(func() {
		var errs []error
		a.adminMu.Lock()
		stop, done := a.stopAdmin, a.adminDone
		a.adminMu.Unlock()
		if stop != nil {
			// The socket goes first: a backup in progress is broken off
			// (its client sees no 'k' frame) before the file closes.
			stop()
			select {
			case <-done:
			case <-ctx.Done():
			}
		}
		if a.shared != nil {
			a.shared.stop() // no more syncs into the scheduler
		}
		if err := a.scheduler.Stop(ctx); err != nil {
			errs = append(errs, fmt.Errorf("stopping the scheduler: %w", err))
		}
		if a.shared != nil {
			if err := a.shared.leave(); err != nil {
				errs = append(errs, fmt.Errorf("giving up the claims: %w", err))
			}
		}
		if err := a.bot.Close(ctx); err != nil {
			errs = append(errs, err)
		}
		if err := a.db.Close(); err != nil {
			errs = append(errs, fmt.Errorf("closing the database: %w", err))
		}
		a.closeErr = errors.Join(errs...)
	})
	return a.closeErr
}

// serveControl starts the control socket beside the database
// (bot/admin): bbolt locks the file, so `bfbot backup` asks the running
// bot for its hot copy there. A socket that cannot be served (a path too
// long for a socket, another bot on the same file) is logged; the bot
// runs on without it. The socket lives until ctx ends or Close.
func (a *App) serveControl(ctx context.Context) {
	a.adminMu.Lock()
	defer a.adminMu.Unlock()
	if a.stopAdmin != nil {
		return // Start ran before
	}
	actx, cancel := context.WithCancel(ctx)
	a.stopAdmin, a.adminDone = cancel, make(chan struct{})
	go func() {
		defer close(a.adminDone)
		file, ok := a.db.(*storage.Store) // the socket serves the file's bot only (not a test's engine wrapped)
		if !ok {
			return
		}
		if err := admin.Serve(actx, admin.SocketPath(file.Path()), file); err != nil {
			a.log.Warn("control socket", "err", err)
		}
	}()
}

// Scheduler is the app's deadline control (for tests and tools).
func (a *App) Scheduler() *schedule.Scheduler { return a.scheduler }

// deliver posts replies that answer no interaction: public ones to the
// campaign's channel (dropped, and logged, when it has none), DMs to
// their addressees. A member a DM could not reach is told at his next
// command, privately (missedDM); and named in the campaign's channel, by
// one notice that says nothing of the content, only when the DM was one
// every player is sent alike (orders opening), so that it tells nobody
// that his side was sent something, nor how much (ruling SE5).
func (a *App) deliver(ctx context.Context, id int64, replies []command.Reply) {
	if len(replies) == 0 {
		return
	}
	cb, bound := a.binds.channel(id)
	told := map[string]bool{}
	for _, rep := range replies {
		if rep.To == command.Public && !bound {
			a.log.Warn("public message of a campaign without a channel dropped", "campaign", id)
			continue
		}
		err := a.bot.Post(ctx, cb.Channel, []command.Reply{rep})
		if err == nil {
			continue
		}
		a.log.Error("scheduled message not delivered", "campaign", id, "to", string(rep.To), "user", rep.User, "err", err)
		if rep.To != command.DM {
			continue
		}
		a.missedDM(ctx, id, rep.User)
		if bound && rep.Everyone && discordDMClosed(err) && !told[rep.User] {
			told[rep.User] = true
			notice := a.closedDMsNotice(ctx, id, rep.User)
			if err := a.bot.Post(ctx, cb.Channel, []command.Reply{notice}); err != nil {
				a.log.Error("DM fallback not delivered", "campaign", id, "err", err)
			}
		}
	}
}

// closedDMsNotice names user in the campaign's channel as one the bot
// cannot send direct messages to: by a ping, unless he turned pings off
// or is in his quiet hours (command.Notify), then by his name.
func (a *App) closedDMsNotice(ctx context.Context, id int64, user string) command.Reply {
	notice := command.Reply{To: command.Public, Campaign: id, Ping: []string{user},
		Text: "the bot cannot send you direct messages; allow DMs from this server's members, then use /orders show and /bg list to read what you missed."}
	c, err := a.db.Get(ctx, id)
	if err != nil {
		return notice
	}
	notice = command.Notify(c, []command.Reply{notice}, a.clock.Now())[0]
	if len(notice.Ping) == 0 {
		notice.Text = c.NameOf(user) + ": " + notice.Text
	}
	return notice
}

// refreshStatus edits (or sends and pins) the campaign's status message
// in its channel, with the text /campaign status gives.
func (a *App) refreshStatus(ctx context.Context, id int64) {
	cb, ok := a.binds.channel(id)
	if !ok {
		return
	}
	c, err := a.db.Get(ctx, id)
	if err != nil {
		return
	}
	r := &command.Request{User: command.User{ID: c.Referee}, Guild: cb.Guild, Channel: cb.Channel,
		Name: "campaign", Sub: "status", Options: map[string]string{"campaign": strconv.FormatInt(id, 10)}, Now: a.clock.Now()}
	text := ""
	for _, rep := range a.reg.Dispatch(ctx, r) {
		text += rep.Text
	}
	if text == "" {
		return
	}
	if err := a.bot.UpsertStatus(ctx, cb.Channel, statusKey(id), text); err != nil {
		a.log.Warn("status message not updated", "campaign", id, "err", err)
	}
}
