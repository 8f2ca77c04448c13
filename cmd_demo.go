package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	botcommand "bfbot/bot/command"
	"bfbot/campaign"
	"bfbot/internal/consoleline"
	"bfbot/referee/ai"
	"bfbot/referee/dice"
)

// The demo's cast: a referee and one AI player per built-in regiment.
const (
	demoReferee = "referee"
	demoPlayerA = "crucis-ai"
	demoPlayerB = "bandits-ai"
)

// runDemo is `bfbot demo [--out DIR] [--seed N] [--turns N] [--level
// easy|normal|hard]`: a whole campaign between the two built-in
// regiments (with a drop lance and a DropShip bought with their special
// points, cmd_demo_forces.go), the AI giving both sides' orders and
// fighting the battles at --level (the campaign's ai_level), every step a
// command through the command layer (docs/architecture.md). It writes
// DIR/transcript.md and the maps and prints a summary.
func (m *Main) runDemo(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("demo", flag.ContinueOnError)
	out := fs.String("out", "demo-out", "directory for transcript.md and the PNG maps")
	// The default seed plays a campaign that shows the drop rules and a
	// DropShip (cmd_demo_forces.go; TestDemoDropsAndDropShip).
	seed := fs.Uint64("seed", demoSeed, "seed of the dice, the maps and the AI: the same seed plays the same campaign")
	turns := fs.Int("turns", 0, "stop after this many campaign turns (default: the campaign's turn limit)")
	level := fs.String("level", ai.Normal.String(), "how well the AI fights the battles: easy, normal or hard (the campaign's ai_level)")
	pos, err := parseFlags(fs, m.Stderr, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("demo takes no arguments (got %q)", pos[0])
	}
	if *turns < 0 || (*turns == 0 && flagGiven(fs, "turns")) {
		return usagef("demo: --turns %d: want a number of campaign turns, 1 or more (leave it out to play to the campaign's turn limit)", *turns)
	}
	lvl, err := ai.ParsePlayLevel(*level)
	if err != nil {
		return usagef("demo: --level: %v", err)
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		return fmt.Errorf("demo: %w", err)
	}
	d := newDemo(*out, *seed, m.Stderr)
	d.level = lvl
	stop, err := d.play(ctx, *turns)
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(*out, "transcript.md"), []byte(d.transcript.String()), 0o644); err != nil {
		return fmt.Errorf("demo: %w", err)
	}
	w := bufio.NewWriter(m.Stdout)
	d.summary(ctx, w, stop)
	if err := w.Flush(); err != nil {
		return err
	}
	if d.internal > 0 {
		return fmt.Errorf("demo: %d internal errors (logged above; see the transcript)", d.internal)
	}
	return nil
}

// newDemo is a demo run writing into out, seeded with seed, logging to
// logw, its campaign kept in memory.
func newDemo(out string, seed uint64, logw io.Writer) *demo {
	return newDemoIn(out, seed, logw, botcommand.NewMemStore(seed))
}

// newDemoIn is newDemo with the campaign kept in store (the storage
// size test plays the demo into a bbolt file).
func newDemoIn(out string, seed uint64, logw io.Writer, store botcommand.Store) *demo {
	d := &demo{out: out, seed: seed, level: ai.Normal, now: time.Date(3028, 1, 1, 20, 0, 0, 0, time.UTC)}
	d.store = store
	d.reg = botcommand.New(botcommand.Deps{
		Store: d.store,
		Log:   slog.New(slog.NewTextHandler(logw, nil)),
		Dice:  dice.NewSeeded(seed),
		// The demo's clock stands still: rate limits are for a shared bot.
		RateLimits: botcommand.RateLimits{Off: true},
		ErrorID: func() string {
			d.internal++
			return "demo-" + strconv.Itoa(d.internal)
		},
	})
	d.rules = botcommand.DefaultRules()
	return d
}

// demo is one demo run.
type demo struct {
	out        string
	seed       uint64
	level      ai.Level // the campaign's ai_level
	now        time.Time
	store      botcommand.Store
	reg        *botcommand.Registry
	rules      *botcommand.Rules
	id         int64 // the campaign's ID
	transcript strings.Builder
	files      int
	internal   int // internal errors seen
	refused    int // commands the layer refused
	// settings are more /campaign create options (the contact
	// measurement's map sizes and turn limits).
	settings map[string]string
}

// say sends one command as user through the command layer and writes it
// and every reply, with its addressee, to the transcript.
func (d *demo) say(ctx context.Context, user, name, sub string, opts map[string]string) ([]botcommand.Reply, error) {
	return d.sayFiles(ctx, user, name, sub, opts, nil)
}

// sayFiles is say with attached files, by option name.
func (d *demo) sayFiles(ctx context.Context, user, name, sub string, opts map[string]string, files map[string]botcommand.File) ([]botcommand.Reply, error) {
	if d.id > 0 {
		if opts == nil {
			opts = map[string]string{}
		}
		opts["campaign"] = strconv.FormatInt(d.id, 10)
	}
	r := &botcommand.Request{User: botcommand.User{ID: user, Name: user}, Guild: "demo", Channel: "demo", Name: name, Sub: sub, Options: opts, Files: files, Now: d.now}
	fmt.Fprintf(&d.transcript, "\n> **@%s** `%s`\n\n", user, demoLine(user, name, sub, opts))
	replies := d.reg.Dispatch(ctx, r)
	for _, rp := range replies {
		to := string(rp.To)
		if rp.To != botcommand.Public {
			to += " → " + rp.User
		} else if rp.Battle > 0 {
			to += fmt.Sprintf(" (battle %d thread)", rp.Battle)
		} else {
			to += " (campaign channel)"
		}
		fmt.Fprintf(&d.transcript, "**%s:** %s\n", to, strings.ReplaceAll(rp.Text, "\n", "  \n"))
		for _, f := range rp.Files {
			d.files++
			name := fmt.Sprintf("%03d-%s", d.files, filepath.Base(f.Name))
			if err := os.WriteFile(filepath.Join(d.out, name), f.Data, 0o644); err != nil {
				return nil, fmt.Errorf("demo: %w", err)
			}
			// A picture's description is its alt text, as on Discord.
			alt := f.Description
			if alt == "" {
				alt = name
			}
			fmt.Fprintf(&d.transcript, "\n![%s](%s)\n", strings.NewReplacer("[", "(", "]", ")").Replace(alt), name)
		}
		if strings.HasPrefix(rp.Text, "⚠") {
			d.refused++
		}
		fmt.Fprintln(&d.transcript)
	}
	return replies, nil
}

// demoLine is the command as a console line, for the transcript.
func demoLine(user, name, sub string, opts map[string]string) string {
	l := consoleline.Line{User: user, Command: name}
	if sub != "" {
		l.Words = []string{sub}
	}
	keys := make([]string, 0, len(opts))
	for k := range opts {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		l.Options = append(l.Options, consoleline.Option{Name: k, Value: opts[k]})
	}
	return l.String()
}

func (d *demo) campaign(ctx context.Context) (*campaign.Campaign, error) {
	return d.store.Get(ctx, d.id)
}

// play runs the campaign; it returns why it stopped.
func (d *demo) play(ctx context.Context, turns int) (string, error) {
	fmt.Fprintf(&d.transcript, "# bfbot demo (seed %d%s)\n\nEvery command below went through the bot's command layer; each reply shows its addressee: public (the campaign channel or a battle's thread), private (only the caller sees it) or dm (a direct message).\n", d.seed, d.levelNote())
	// The demo plays the optional rules too: 004's morale checks.
	opts := map[string]string{"name": "Demo campaign", "map_seed": strconv.FormatUint(d.seed, 10), "morale_table": "true"}
	if turns > 0 {
		opts["turn_limit"] = strconv.Itoa(turns)
	}
	maps.Copy(opts, d.settings)
	// The default level is the campaign's default: its transcript says
	// nothing of it.
	if d.level != ai.Normal {
		opts["ai_level"] = d.level.String()
	}
	files, err := demoRegimentFiles()
	if err != nil {
		return "", err
	}
	for opt, f := range files {
		opts[opt] = f.Name
	}
	if _, err := d.sayFiles(ctx, demoReferee, "campaign", "create", opts, files); err != nil {
		return "", err
	}
	list, err := d.store.List(ctx)
	if err != nil || len(list) != 1 {
		return "", fmt.Errorf("demo: the campaign was not created (see %s)", filepath.Join(d.out, "transcript.md"))
	}
	d.id = list[0].ID
	players := map[string]string{"crucis": demoPlayerA, "bandits": demoPlayerB}
	for _, side := range []string{"crucis", "bandits"} {
		if _, err := d.say(ctx, players[side], "campaign", "join", map[string]string{"side": side}); err != nil {
			return "", err
		}
	}
	if err := d.place(ctx, players); err != nil {
		return "", err
	}
	if _, err := d.say(ctx, demoReferee, "campaign", "start", nil); err != nil {
		return "", err
	}
	for guard := 0; guard < 200; guard++ {
		if err := ctx.Err(); err != nil {
			return "", err
		}
		c, err := d.campaign(ctx)
		if err != nil {
			return "", err
		}
		if c.Phase == campaign.PhaseOver {
			return "the campaign is over", nil
		}
		if turns > 0 && c.Turn > turns {
			return fmt.Sprintf("stopped after %d turns (--turns)", turns), nil
		}
		if err := d.decide(ctx, c, players); err != nil {
			return "", err
		}
		before := fmt.Sprintf("%d/%s/%d", c.Turn, c.Phase, len(c.Battles))
		switch c.Phase {
		case campaign.PhaseOrders, campaign.PhaseSearches:
			if c.Phase == campaign.PhaseOrders {
				fmt.Fprintf(&d.transcript, "\n## Turn %d\n", c.Turn)
			}
			if err := d.orders(ctx, c, players); err != nil {
				return "", err
			}
			if _, err := d.say(ctx, demoReferee, "campaign", "advance", nil); err != nil {
				return "", err
			}
		case campaign.PhaseBattles:
			for {
				cur, err := d.campaign(ctx)
				if err != nil {
					return "", err
				}
				ids := campaign.Unfought(cur)
				if len(ids) == 0 {
					break
				}
				// A guard, not a rule: the campaign cannot make more
				// (ruling CI1; Campaign.Check), so more is an engine bug.
				if n, limit := battlesIn(cur, cur.Turn), maxDemoBattles*len(cur.Map.Sectors); n > limit {
					return "", fmt.Errorf("demo: turn %d has made %d battles, more than the campaign rules allow (%d, ruling CI1)", cur.Turn, n, limit)
				}
				if err := d.decide(ctx, cur, players); err != nil {
					return "", err
				}
				if err := d.battleDrops(ctx, players); err != nil {
					return "", err
				}
				b := map[string]string{"battle": strconv.Itoa(ids[0])}
				if _, err := d.say(ctx, demoReferee, "battle", "auto", b); err != nil {
					return "", err
				}
				for _, side := range []string{"crucis", "bandits"} {
					if _, err := d.say(ctx, players[side], "map", "tactical", map[string]string{"battle": strconv.Itoa(ids[0])}); err != nil {
						return "", err
					}
				}
				if after, err := d.campaign(ctx); err != nil {
					return "", err
				} else if !after.Battle(ids[0]).Over {
					return fmt.Sprintf("stopped: battle %d did not end when auto-resolved (see the transcript)", ids[0]), nil
				}
			}
			if _, err := d.say(ctx, demoReferee, "campaign", "advance", nil); err != nil {
				return "", err
			}
		default:
			return fmt.Sprintf("the campaign is in its %s phase, which the demo cannot play", c.Phase), nil
		}
		after, err := d.campaign(ctx)
		if err != nil {
			return "", err
		}
		if fmt.Sprintf("%d/%s/%d", after.Turn, after.Phase, len(after.Battles)) == before {
			return fmt.Sprintf("stopped: turn %d did not move on from its %s phase (the refusal is in the transcript)", after.Turn, after.Phase), nil
		}
	}
	return "stopped: too many steps", nil
}

// levelNote names the AI's level beside the seed, when it is not the
// default.
func (d *demo) levelNote() string {
	if d.level == ai.Normal {
		return ""
	}
	return ", AI level " + d.level.String()
}

// maxDemoBattles bounds the battles of one campaign turn per sector of
// the map: a contact and a battle started by each side's withdrawal from
// it (ruling CI1).
const maxDemoBattles = 3

func battlesIn(c *campaign.Campaign, turn int) int {
	n := 0
	for _, b := range c.Battles {
		if b.Turn == turn {
			n++
		}
	}
	return n
}

// orders lets each side's AI give its orders through the commands, look
// at its strategic map and seal the orders.
func (d *demo) orders(ctx context.Context, c *campaign.Campaign, players map[string]string) error {
	for i, s := range c.Sides {
		user := players[s.ID]
		if _, err := d.say(ctx, user, "map", "strategic", nil); err != nil {
			return err
		}
		cur, err := d.campaign(ctx)
		if err != nil {
			return err
		}
		for _, o := range d.rules.AIOrders(cur, s.ID, d.seed*100+uint64(i)) {
			if o.Kind == campaign.OrderReady {
				continue
			}
			name, sub, opts := botcommand.OrderCommand(o)
			if _, err := d.say(ctx, user, name, sub, opts); err != nil {
				return err
			}
		}
		if _, err := d.say(ctx, user, "orders", "ready", nil); err != nil {
			return err
		}
	}
	return nil
}

// decide has each AI player answer the decisions waiting for its side
// as a player would, with /campaign decide, rather than leave them to
// the deadline. The AI takes the defaults: they are the rulings' choices.
func (d *demo) decide(ctx context.Context, c *campaign.Campaign, players map[string]string) error {
	for _, side := range []string{"crucis", "bandits"} {
		for _, dec := range campaign.DecisionsFor(c, side) {
			opts := map[string]string{"decision": strconv.Itoa(dec.ID), "answer": campaign.AnswerDefault}
			if _, err := d.say(ctx, players[side], "campaign", "decide", opts); err != nil {
				return err
			}
		}
	}
	return nil
}

// battleDrops lets each side's AI drop its 'Mechs in orbit into a battle
// it fights, before the battle is fought (000 line 2641).
func (d *demo) battleDrops(ctx context.Context, players map[string]string) error {
	for _, side := range []string{"crucis", "bandits"} {
		c, err := d.campaign(ctx)
		if err != nil {
			return err
		}
		for _, o := range d.rules.AIBattleDrops(c, side) {
			name, sub, opts := botcommand.OrderCommand(o)
			if _, err := d.say(ctx, players[side], name, sub, opts); err != nil {
				return err
			}
		}
	}
	return nil
}

// place has each AI player place its battlegroups before the start (000
// lines 2557–2559): secret, through /bg place.
func (d *demo) place(ctx context.Context, players map[string]string) error {
	for i, side := range []string{"crucis", "bandits"} {
		c, err := d.campaign(ctx)
		if err != nil {
			return err
		}
		for _, o := range campaign.AIPlacement(c, side, d.seed*10+uint64(i)) {
			name, sub, opts := botcommand.OrderCommand(o)
			if _, err := d.say(ctx, players[side], name, sub, opts); err != nil {
				return err
			}
		}
	}
	return nil
}

// summary prints turns, battles, victory points and the winner.
func (d *demo) summary(ctx context.Context, w io.Writer, stop string) {
	c, err := d.campaign(ctx)
	if err != nil {
		fmt.Fprintf(w, "bfbot demo: %s\n", stop)
		return
	}
	fmt.Fprintf(w, "bfbot demo (seed %d%s): %s.\n", d.seed, d.levelNote(), stop)
	fmt.Fprintf(w, "turns: %d, battles: %d\n", c.Turn, len(c.Battles))
	lead, best, tie := "", -1<<31, false
	for _, s := range c.Sides {
		fmt.Fprintf(w, "%s: %d VP\n", s.Name, s.VP)
		switch {
		case s.VP > best:
			lead, best, tie = s.Name, s.VP, false
		case s.VP == best:
			tie = true
		}
	}
	switch {
	case c.Phase == campaign.PhaseOver && c.Side(c.Winner) != nil:
		fmt.Fprintf(w, "winner: %s\n", c.Side(c.Winner).Name)
	case c.Phase == campaign.PhaseOver || tie:
		fmt.Fprintln(w, "winner: none (a draw)")
	default:
		fmt.Fprintf(w, "leading: %s (the campaign goes on)\n", lead)
	}
	if d.refused > 0 {
		fmt.Fprintf(w, "refused commands: %d (see the transcript)\n", d.refused)
	}
	fmt.Fprintf(w, "transcript and %d maps in %s\n", d.files, d.out)
}
