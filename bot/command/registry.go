package command

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"runtime/debug"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"bfbot/campaign"
	"bfbot/referee/dice"
)

// Deps are what the command layer is wired to.
type Deps struct {
	// Store holds the campaigns (required).
	Store Store
	// Rules are the campaign engine's operations; nil, or a nil field,
	// takes DefaultRules()'s.
	Rules *Rules
	// Scheduler pauses, resumes and extends deadlines; nil where nothing
	// keeps deadlines (the console, tools): the deadline commands then
	// say so.
	Scheduler Scheduler
	// Log receives internal errors with their id; nil discards them.
	Log *slog.Logger
	// Dice is the source of /roll's dice, outside any campaign; nil: dice
	// seeded from the operating system when New runs, the seed logged at
	// info (NewRollSource). Tests pass a seeded or scripted source.
	Dice dice.Source
	// ErrorID names an internal error for the log and the reply; nil
	// takes 8 random hex digits.
	ErrorID func() string
	// RateLimits bounds each user's expensive commands (maps, auto-resolve,
	// campaign turns, export); the zero value takes DefaultRateLimits().
	RateLimits RateLimits
	// MaxCampaignsPerServer caps the campaigns not yet over in one server
	// (config max_campaigns_per_server); 0 takes
	// DefaultMaxCampaignsPerServer, a negative value lifts the cap.
	MaxCampaignsPerServer int
}

// DefaultMaxCampaignsPerServer is config's default max_campaigns_per_server.
const DefaultMaxCampaignsPerServer = 20

// Scheduler is what the referee's deadline commands need from the
// scheduler (bot/schedule): pause, resume, extend.
type Scheduler interface {
	Pause(ctx context.Context, campaign int64) error
	Resume(ctx context.Context, campaign int64) error
	// ExtendOrderDeadline pushes the campaign's next order deadline back
	// by d (once: the deadlines after it keep their cron times) and
	// returns the new deadline. Extending again adds to the extension.
	ExtendOrderDeadline(ctx context.Context, campaign int64, d time.Duration) (time.Time, error)
	// NextOrderDeadline is the campaign's next order deadline, extension
	// included, and whether one is pending (none while paused or unset).
	NextOrderDeadline(campaign int64) (time.Time, bool)
}

// errNoScheduler answers a deadline command where nothing keeps
// deadlines.
var errNoScheduler = userError{"this session keeps no deadlines (only the bot's scheduler does): the referee moves the campaign on with /campaign advance"}

// Registry is the command layer: every command's spec and handler, the
// permission check and the error translation. It implements Dispatcher.
type Registry struct {
	deps    Deps
	rules   *Rules
	log     *slog.Logger
	entries map[string]*entry // by "name sub"
	specs   []Spec
	limiter *limiter
	rolls   *rollSource
}

var _ Dispatcher = (*Registry)(nil)

// scope says what a command is about.
type scope uint8

const (
	// noScope: nothing stored (help, rules, roll, rosters, create).
	noScope scope = iota
	// campaignScope: one campaign, picked by the campaign option or the
	// default (see resolveCampaign).
	campaignScope
)

// entry is one command with what the registry needs beyond its Spec.
type entry struct {
	spec  Spec
	scope scope
	// refereeReads lets the referee run a Player command that only shows
	// things: he then sees every side (a neutral judge, R10).
	refereeReads bool
	// reveals marks a referee power that shows every side's secrets: a
	// referee who plays a side against human players loses it (SEAT3).
	reveals bool
	// refereeActs lets the referee run a Player command on anyone's
	// behalf (handing a seat on).
	refereeActs bool
	run         func(ctx context.Context, x *call) ([]Reply, error)
}

// call is one request being run: the request, the campaign it is about,
// and who the caller is in it.
type call struct {
	*Request
	reg *Registry
	// c is the campaign (nil for noScope commands); side the caller's side
	// in it (nil for the referee and strangers); referee whether the caller
	// holds the campaign's referee role; manager whether he manages the
	// server c lives in (ruling SEAT5).
	c       *campaign.Campaign
	side    *campaign.Side
	referee bool
	manager bool
	// turn is the campaign turn and phase c was in as the command came
	// (turnWord): what a typed command about the turn is for
	// (turnStillAsked).
	turn string
}

// New builds the registry.
func New(deps Deps) *Registry {
	g := &Registry{deps: deps, entries: map[string]*entry{}, limiter: newLimiter(deps.RateLimits)}
	g.rules = deps.Rules.withDefaults()
	g.log = deps.Log
	if g.log == nil {
		g.log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	if g.deps.Dice == nil {
		g.deps.Dice = NewRollSource(nil, g.log)
	}
	g.rolls = &rollSource{src: g.deps.Dice}
	if g.deps.ErrorID == nil {
		g.deps.ErrorID = randomID
	}
	for _, group := range [][]*entry{
		g.campaignCommands(), g.membershipCommands(), g.forceCommands(), g.bgCommands(), g.ordersCommands(), g.mapCommands(),
		g.battleCommands(), g.decideCommands(), g.judgeCommands(), g.rollCommands(), g.rulesCommands(), g.helpCommands(), g.undoCommands(),
		g.scenarioCommands(),
	} {
		for _, e := range group {
			g.add(e)
		}
	}
	sort.Slice(g.specs, func(i, j int) bool {
		if g.specs[i].Name != g.specs[j].Name {
			return g.specs[i].Name < g.specs[j].Name
		}
		return g.specs[i].Sub < g.specs[j].Sub
	})
	return g
}

// campaignOption is added to every command about a campaign.
var campaignOption = Option{Name: "campaign", Description: "campaign ID (default: the one you play in, or the only one running)", Type: Integer}

func (g *Registry) add(e *entry) {
	key := e.spec.Name + " " + e.spec.Sub
	if _, dup := g.entries[key]; dup {
		panic("command: duplicate command /" + key) // a programming error caught by every test
	}
	if e.scope == campaignScope {
		e.spec.Options = append(e.spec.Options, campaignOption)
	}
	for i := range e.spec.Options {
		if e.spec.Options[i].Complete == nil && e.spec.Options[i].Type != Attachment && e.spec.Options[i].Type != UserID {
			if fn := g.completer(e.spec.Options[i].Name); fn != nil {
				e.spec.Options[i].Complete = fn
			}
		}
	}
	e.spec.Handler = func(ctx context.Context, r *Request) ([]Reply, error) { return g.run(ctx, r) }
	g.entries[key] = e
	g.specs = append(g.specs, e.spec)
}

// Specs implements Dispatcher.
func (g *Registry) Specs() []Spec { return append([]Spec(nil), g.specs...) }

// Dispatch implements Dispatcher: errors become replies here and only
// here.
func (g *Registry) Dispatch(ctx context.Context, r *Request) (replies []Reply) {
	defer func() {
		if p := recover(); p != nil {
			replies = g.failure(r, fmt.Errorf("panic: %v\n%s", p, debug.Stack()))
		}
	}()
	out, err := g.run(ctx, r)
	if err != nil {
		return g.failure(r, err)
	}
	return out
}

// run finds the command, checks where it comes from and who sends it,
// and runs it.
func (g *Registry) run(ctx context.Context, r *Request) ([]Reply, error) {
	if r == nil {
		return nil, fmt.Errorf("nil request")
	}
	if err := checkSizes(r); err != nil {
		return nil, err
	}
	shownNames(r)
	if r.Component != "" {
		b, err := DecodeButton(r.Component)
		if err != nil {
			return nil, userError{err.Error()}
		}
		r = b.request(r)
	}
	e, ok := g.entries[r.Name+" "+r.Sub]
	if !ok {
		return nil, g.unknown(r)
	}
	if err := checkOptions(&e.spec, r); err != nil {
		return nil, err
	}
	x, err := g.newCall(ctx, e, r)
	if err != nil {
		return nil, err
	}
	if err := permit(e, x); err != nil {
		return nil, err
	}
	if err := g.limiter.allow(e, x); err != nil {
		return nil, err
	}
	out, err := e.run(ctx, x)
	if err != nil {
		return nil, err
	}
	// The members' notification preferences (notify.go).
	return Notify(x.c, out, r.Now), nil
}

// moved are the commands that became options of another, with what the
// player types now: a console script that uses the old name is told
// where it went (Discord never sends a sub-command no longer registered;
// its players learn of the move from the README's guide). /battle mines
// went into /battle deploy to leave room for /battle truce within
// Discord's 25 sub-commands of a command.
var moved = map[string]string{
	"battle mines": `/battle deploy mines:"0807:10 0910:5" (it was /battle mines hexes:…)`,
}

func (g *Registry) unknown(r *Request) error {
	if now, ok := moved[r.Name+" "+r.Sub]; ok {
		return userf("/%s %s is now %s", r.Name, r.Sub, now)
	}
	var subs []string
	for _, s := range g.specs {
		if s.Name == r.Name {
			subs = append(subs, s.Sub)
		}
	}
	if len(subs) > 0 {
		if r.Sub == "" {
			return userf("/%s needs a subcommand: %s", r.Name, strings.Join(subs, ", "))
		}
		return userf("/%s %s: unknown subcommand; use %s", r.Name, r.Sub, strings.Join(subs, ", "))
	}
	return userf("/%s: unknown command; /help lists them", r.Name)
}

// newCall resolves the campaign a command is about and the caller's
// place in it.
func (g *Registry) newCall(ctx context.Context, e *entry, r *Request) (*call, error) {
	x := &call{Request: r, reg: g}
	if e.scope == noScope {
		return x, nil
	}
	id, err := g.resolveCampaign(ctx, r)
	if err != nil {
		return nil, err
	}
	if x.c, err = g.deps.Store.Get(ctx, id); errors.Is(err, ErrNotFound) {
		return nil, errNoCampaign(id, r)
	} else if err != nil {
		// A campaign that cannot be read (its saved data damaged) cannot
		// say where it lives: why it failed is told only where the index
		// shows it reaches (place.go).
		if ok, ierr := g.indexReaches(ctx, r, id); ierr != nil || !ok {
			return nil, errNoCampaign(id, r)
		}
		return nil, err
	}
	if !reaches(x.c, r) {
		// Answered as a campaign that does not exist (place.go).
		return nil, errNoCampaign(id, r)
	}
	// The adapter learns which campaign the command was about (the app
	// syncs its schedule and status message).
	if r.Options == nil {
		r.Options = map[string]string{}
	}
	r.Options["campaign"] = strconv.FormatInt(id, 10)
	x.side = x.c.SideOf(r.User.ID)
	x.referee = x.c.Referee != "" && x.c.Referee == r.User.ID
	// Only the campaign's own server's managers: not those of another
	// (which never reaches it anyway, reaches), nor anyone's for a
	// campaign made outside any server.
	x.manager = r.Manager && r.Guild != "" && x.c.Guild == r.Guild
	x.turn = turnWord(x.c)
	return x, nil
}

// resolveCampaign picks the campaign a command is about: the campaign
// option when given; else the campaign of the channel (or thread) the
// command comes from (place.go); else the only running campaign the
// caller takes part in (as a player or the referee); else, for someone
// in none, the only campaign running at all (so a newcomer can /campaign
// join without knowing its ID). Only campaigns the request may reach
// count (reaches): none from another server, and in a direct message
// only the caller's own.
func (g *Registry) resolveCampaign(ctx context.Context, r *Request) (int64, error) {
	if v := r.Option("campaign"); v != "" {
		id, err := strconv.ParseInt(v, 10, 64)
		if err != nil || id < 1 {
			return 0, userf("campaign:%s: campaign IDs are numbers from 1 (/campaign status lists yours)", v)
		}
		return id, nil
	}
	list, err := g.here(ctx, r)
	if err != nil {
		return 0, err
	}
	if id, err := campaignHere(list, r); id > 0 || err != nil {
		return id, err
	}
	mine, err := g.reachable(ctx, r, RunningOf, r.User.ID)
	if err != nil {
		return 0, err
	}
	switch {
	case len(mine) == 1:
		return mine[0].ID, nil
	case len(mine) > 1:
		return 0, userf("you take part in campaigns %s: say which with campaign:ID", summaryIDs(mine))
	case r.DM:
		// In direct messages only the caller's own are reached (reaches).
		return 0, userf("you take part in no running campaign: join one in its server channel (/campaign join), or give campaign:ID")
	}
	// The running campaigns reached from a server: its own, and those
	// made outside any.
	guilds := []string{r.Guild}
	if r.Guild != "" {
		guilds = append(guilds, "")
	}
	var running []Summary
	for _, guild := range guilds {
		l, err := g.reachable(ctx, r, RunningInGuild, guild)
		if err != nil {
			return 0, err
		}
		running = append(running, l...)
	}
	switch len(running) {
	case 1:
		return running[0].ID, nil
	case 0:
		return 0, userf("no campaign is running: /campaign create name:… starts one (or give campaign:ID)")
	}
	return 0, userf("campaigns %s are running: say which with campaign:ID", summaryIDs(running))
}

// reachable is Store.Find of the campaigns request r may reach
// (summaryReaches).
func (g *Registry) reachable(ctx context.Context, r *Request, ix Index, key string) ([]Summary, error) {
	if ix == RunningOf && key == "" {
		return nil, nil
	}
	list, err := g.deps.Store.Find(ctx, ix, key)
	var out []Summary
	for _, s := range list {
		if summaryReaches(s, r) {
			out = append(out, s)
		}
	}
	return out, err
}

// Refusals start with these words, so a user (and the permission test)
// can tell a refusal from a failed order.
const (
	refusedWho   = "Not allowed:"
	refusedWhere = "Not here:"
)

// permit is the one permission check: where the request comes from, then
// who sends it (Spec.Where, Spec.Who).
func permit(e *entry, x *call) error {
	cmd := commandName(e.spec)
	switch e.spec.Where {
	case GuildOnly:
		if x.DM {
			return userf("%s %s works in a server channel, not in direct messages", refusedWhere, cmd)
		}
	case DMOnly:
		if !x.DM {
			return userf("%s %s is secret: send it to the bot in a direct message", refusedWhere, cmd)
		}
	}
	switch e.spec.Who {
	case Player:
		if x.side != nil || (x.referee && e.refereeActs) {
			return nil
		}
		if x.referee && e.refereeReads {
			// Standing up for a moment would show him every side
			// (ruling SEAT3).
			if x.c.RefereeConflicted() {
				return userf("%s %s as the referee would show the other side's secrets, and %s (ruling SEAT3): take your seat to see your own side", refusedWho, cmd, conflictReason(x.c, x.User.ID))
			}
			return nil
		}
		if r := x.c.PendingOf(x.User.ID); r != nil {
			return userf("%s %s is for the players of campaign %d: your request to join %s waits for the referee", refusedWho, cmd, x.c.ID, x.c.Side(r.Side).Name)
		}
		return userf("%s %s is for the players of campaign %d: /campaign join side:… first", refusedWho, cmd, x.c.ID)
	case Referee:
		if x.referee && e.reveals && x.c.RefereeConflicted() {
			why := "the campaign was created with referee_plays:true"
			if x.c.Scenario != nil {
				why = "you started this scenario"
			}
			return userf("%s %s would show the other side's secrets, and %s (%s; ruling SEAT3). Both players cannot agree to it here: it is refused while another player holds, waits for or has held a seat.", refusedWho, cmd, conflictReason(x.c, x.User.ID), why)
		}
		if x.referee || (x.manager && e.spec.Managers) {
			return nil
		}
		if e.spec.Managers {
			return userf("%s %s is for campaign %d's referee, or a member who may manage this server (Manage Server)", refusedWho, cmd, x.c.ID)
		}
		return userf("%s %s is for campaign %d's referee", refusedWho, cmd, x.c.ID)
	}
	return nil
}

// checkOptions refuses unknown and missing options, values outside
// their type or choices, and files without their Attachment option,
// before any handler runs.
func checkOptions(s *Spec, r *Request) error {
	cmd := commandName(*s)
	known := map[string]*Option{}
	var names []string
	for i := range s.Options {
		known[s.Options[i].Name] = &s.Options[i]
		names = append(names, s.Options[i].Name+":")
	}
	for name, v := range r.Options {
		o, ok := known[name]
		if !ok {
			if len(names) == 0 {
				return userf("%s takes no options (got %s:)", cmd, name)
			}
			return userf("%s: unknown option %s: (it takes %s)", cmd, name, strings.Join(names, " "))
		}
		switch o.Type {
		case Integer:
			if _, err := strconv.Atoi(v); err != nil {
				return userf("%s: %s:%s is not a whole number", cmd, name, v)
			}
		case Boolean:
			if _, err := strconv.ParseBool(v); err != nil {
				return userf("%s: %s:%s: say true or false", cmd, name, v)
			}
		}
		if len(o.Choices) > 0 && !slices.Contains(o.Choices, v) {
			return userf("%s: %s:%s: use %s", cmd, name, v, strings.Join(o.Choices, ", "))
		}
	}
	for _, o := range s.Options {
		if o.Required && r.Options[o.Name] == "" {
			return userf("%s needs %s: (%s)", cmd, o.Name, o.Description)
		}
	}
	return checkFiles(s, known, r) // attach.go
}

// Complete implements Dispatcher.
func (g *Registry) Complete(ctx context.Context, r *Request, option, partial string) []string {
	e, ok := g.entries[r.Name+" "+r.Sub]
	if !ok {
		return nil
	}
	for _, o := range e.spec.Options {
		if o.Name == option && o.Complete != nil {
			return o.Complete(ctx, r, partial)
		}
	}
	return nil
}

func randomID() string {
	b := make([]byte, 4)
	if _, err := rand.Read(b); err != nil {
		return "unknown"
	}
	return hex.EncodeToString(b)
}
