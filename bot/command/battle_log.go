package command

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"bfbot/campaign"
	"bfbot/internal/english"
)

// /battle log: a battle's whole record, turn by turn, as one side saw it
// (campaign.Battle.Log, each event with its audience), in pages that fit
// a Discord message, with buttons to turn them. A player reads his own
// side's; the referee reads any side's once the battle is over (while it
// runs, /battle view shows him the battle as it stands). A referee who
// plays a side is a player here: his own side only (rulings SE4, SEAT3).

// logPageChars is a page's budget for its lines, under Discord's 2,000
// characters with the heading.
const logPageChars = 1800

func (g *Registry) battleLogEntry() *entry {
	return &entry{spec: Spec{Name: "battle", Sub: "log", Description: "a battle's whole record, turn by turn, as your side saw it (secret; paged)", Who: Player,
		Options: []Option{
			{Name: "battle", Description: "battle ID (default: your current battle, else your last)", Type: Integer},
			{Name: "side", Description: "referee only, once the battle is over: whose record"},
			{Name: "page", Description: "page number, from 1", Type: Integer},
		}},
		scope: campaignScope, refereeReads: true, run: g.battleLog}
}

func (g *Registry) battleLog(_ context.Context, x *call) ([]Reply, error) {
	if x.c.QuickStart != nil {
		return x.quickStartLog()
	}
	b, err := x.loggedBattle()
	if err != nil {
		return nil, err
	}
	side, err := x.logSide(b)
	if err != nil {
		return nil, err
	}
	return x.logPage(logLines(x.c, b, side), b.ID, side, fmt.Sprintf("Battle %d in %s, as %s saw it", b.ID, sectorName(x.c, b.Sector), x.c.Side(side).Name),
		"for "+x.c.Side(side).Name+" ")
}

// logPage is the page: option's page of a battle's record lines, headed
// head, with buttons to the pages before and after; whose says whose
// record it is in an error ("" when both sides have the same).
func (x *call) logPage(lines []string, battle int, side, head, whose string) ([]Reply, error) {
	pages := logPages(lines)
	page := 1
	if p, ok := x.integer("page"); ok {
		page = p
	}
	if page < 1 || page > len(pages) {
		return nil, userf("page:%d: battle %d's record %shas %s", page, battle, whose, english.Count(len(pages), "page"))
	}
	r := x.private(fmt.Sprintf("%s — page %d of %d\n%s", head, page, len(pages), strings.Join(pages[page-1], "\n")))
	r.Campaign, r.Battle = x.c.ID, int64(battle)
	if page > 1 {
		r.Buttons = append(r.Buttons, logButton("◀ Previous", x.c.ID, battle, side, page-1)...)
	}
	if page < len(pages) {
		r.Buttons = append(r.Buttons, logButton("Next ▶", x.c.ID, battle, side, page+1)...)
	}
	return []Reply{r}, nil
}

func logButton(label string, c int64, battle int, side string, page int) []Button {
	return button(label, false, ButtonID{Action: ButtonLog, Campaign: c, Battle: battle, Args: []string{side, strconv.Itoa(page)}})
}

// loggedBattle is the battle /battle log reads: the one named, else the
// one the caller's side is fighting, else the last one it fought.
func (x *call) loggedBattle() (*campaign.Battle, error) {
	if _, named := x.integer("battle"); named {
		return x.battle()
	}
	if b, err := x.battle(); err == nil {
		return b, nil
	}
	for i := len(x.c.Battles) - 1; i >= 0; i-- {
		b := &x.c.Battles[i]
		if b.State != nil && (x.side == nil || inBattle(b, x.side.ID)) {
			return b, nil
		}
	}
	return nil, userf("campaign %d has no battle your side fought yet (/campaign status lists the battles)", x.c.ID)
}

// logSide is whose record the caller reads of b.
func (x *call) logSide(b *campaign.Battle) (string, error) {
	want := x.str("side")
	if x.side != nil {
		if want != "" && want != x.side.ID {
			return "", userf("%s you play %s and read only its own record of the battle", refusedWho, x.side.Name)
		}
		if !inBattle(b, x.side.ID) {
			return "", userf("battle %d: %s did not fight it, so it has no record of it", b.ID, x.side.Name)
		}
		return x.side.ID, nil
	}
	if !b.Over {
		return "", userf("%s the referee reads a side's record once battle %d is over; /battle view battle:%d shows it as it stands", refusedWho, b.ID, b.ID)
	}
	var ids []string
	for _, s := range b.Sides {
		ids = append(ids, s.Side)
		if s.Side == want {
			return want, nil
		}
	}
	return "", userf("side:%s: name whose record to read: battle %d was fought by %s", want, b.ID, strings.Join(ids, ", "))
}

// logLines are side's lines of b's record: a heading for the
// deployment and each game turn, then what the side saw happen.
func logLines(c *campaign.Campaign, b *campaign.Battle, side string) []string {
	var out []string
	turn := -1
	for _, l := range b.Log {
		if !l.Visible(side) {
			continue
		}
		if l.Event.Turn != turn {
			turn = l.Event.Turn
			if turn == 0 {
				out = append(out, "— Deployment —")
			} else {
				out = append(out, fmt.Sprintf("— Game turn %d —", turn))
			}
		}
		out = append(out, battleEventText(c, l.Event))
	}
	if len(out) == 0 {
		out = append(out, "Nothing has happened yet that your side saw.")
	}
	return out
}

// logPages cuts lines into pages of at most logPageChars characters; a
// longer line is cut short.
func logPages(lines []string) [][]string {
	var pages [][]string
	var cur []string
	n := 0
	for _, l := range lines {
		if len(l) > logPageChars {
			l = strings.ToValidUTF8(l[:logPageChars-1], "") + "…"
		}
		if n+len(l)+1 > logPageChars && len(cur) > 0 {
			pages, cur, n = append(pages, cur), nil, 0
		}
		cur = append(cur, l)
		n += len(l) + 1
	}
	return append(pages, cur)
}
