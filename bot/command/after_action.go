package command

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"bfbot/campaign"
	"bfbot/mapgen/hex"
	"bfbot/mapgen/render"
	"bfbot/referee"
)

// The after-action report: when a battle ends, the battle's thread gets
// the report every side may read, and each side's players get theirs by
// direct message with the animated replay of the battle as the side saw
// it and a button to the whole record (/battle log). Each report is
// built from its reader's part of the record alone (the events its side
// could see, its own units, its own victory point account; rulings SE2,
// SE4), and fits one message.

// maxReport is a report's size: one Discord message.
const maxReport = 2000

// reportList is how many names a report lists before "and N more".
const reportList = 8

// AfterActionReplies are the reports of battle id once it is over (none
// before): the public one to the battle's thread, each side's to its
// players with its replay and a button to its record.
func AfterActionReplies(c *campaign.Campaign, id int) []Reply {
	b := c.Battle(id)
	if b == nil || !b.Over || b.State == nil {
		return nil
	}
	out := []Reply{{To: Public, Campaign: c.ID, Battle: int64(id), Text: afterActionReport(c, b, "")}}
	for _, bs := range b.Sides {
		s := c.Side(bs.Side)
		if s == nil || len(s.Players) == 0 {
			continue
		}
		text := afterActionReport(c, b, s.ID)
		var files []File
		if f, err := replayGIF(c, b, s.ID); err == nil {
			files = append(files, f)
		} else {
			text = fitReport(text + "\n(The replay could not be drawn: " + err.Error() + ".)")
		}
		buttons := logButton("Whole log", c.ID, id, s.ID, 1)
		for _, p := range s.Players {
			out = append(out, Reply{To: DM, User: p, Campaign: c.ID, Battle: int64(id), Text: text, Files: files, Buttons: buttons})
		}
	}
	return out
}

// afterActionReport is battle b's report as viewer's side may read it
// ("" for everyone: only what every side saw).
func afterActionReport(c *campaign.Campaign, b *campaign.Battle, viewer string) string {
	st := b.State
	var w strings.Builder
	first, last := turnSpan(b)
	turns := fmt.Sprintf("game turns %d–%d", first, last)
	if first == last {
		turns = fmt.Sprintf("game turn %d", first)
	}
	fmt.Fprintf(&w, "After-action report: battle %d in %s (campaign turn %d, %s", b.ID, sectorName(c, b.Sector), b.Turn, turns)
	if viewer != "" {
		fmt.Fprintf(&w, ", as %s saw it", c.Side(viewer).Name)
	}
	w.WriteString(")\n")
	w.WriteString("Result: " + resultText(c, b.Outcome) + "\n")

	var fought []string
	for _, bs := range b.Sides {
		s := c.Side(bs.Side)
		f := s.Name
		if bs.Side == viewer {
			var bgs []string
			for _, id := range bs.Battlegroups {
				bgs = append(bgs, battlegroupName(s, id))
			}
			f += " (" + strings.Join(bgs, ", ") + ")"
		}
		fought = append(fought, f)
	}
	w.WriteString("Fought: " + strings.Join(fought, " against ") + "\n")

	for _, bs := range b.Sides {
		s := c.Side(bs.Side)
		var destroyed, captured, withdrew []string
		if bs.Side == viewer {
			for _, u := range st.View(viewer).Units {
				if !u.Own {
					continue
				}
				switch u.Status {
				case referee.Destroyed.String():
					destroyed = append(destroyed, u.ID)
				case referee.Captured.String():
					captured = append(captured, u.ID)
				case referee.Withdrawn.String():
					withdrew = append(withdrew, u.ID)
				}
			}
		} else {
			destroyed, captured, withdrew = seenLosses(b, viewer, bs.Side)
		}
		var parts []string
		add := func(what string, ids []string) {
			if len(ids) > 0 {
				parts = append(parts, what+" "+capList(ids))
			}
		}
		add("destroyed", destroyed)
		add("captured", captured)
		add("withdrawn", withdrew)
		who := "Losses of " + s.Name
		if bs.Side != viewer {
			who += " seen"
		}
		if len(parts) == 0 {
			parts = []string{"none"}
		}
		w.WriteString(who + ": " + strings.Join(parts, "; ") + "\n")
	}

	if viewer != "" {
		vc := st.VictoryPointsByCause(viewer)
		fmt.Fprintf(&w, "Your victory points: %d", vc.Total())
		var causes []string
		for _, k := range []struct {
			n    int
			what string
		}{{vc.Destroyed, "enemy units destroyed"}, {vc.Captured, "enemy units captured"}, {vc.Salvage, counters(vc.Salvage / max(st.SalvageValue(), 1))}, {vc.Awards, "objectives and awards"}} {
			if k.n != 0 {
				causes = append(causes, fmt.Sprintf("%d for %s", k.n, k.what))
			}
		}
		if len(causes) > 0 {
			w.WriteString(" — " + strings.Join(causes, ", "))
		}
		w.WriteString("\n")
	}

	if m := decisiveMoments(b, viewer); len(m) > 0 {
		w.WriteString("Decisive moments:\n• " + strings.Join(m, "\n• ") + "\n")
	}
	if viewer != "" {
		fmt.Fprintf(&w, "The whole battle, turn by turn: /battle log battle:%d (or the button).", b.ID)
	}
	return fitReport(strings.TrimRight(w.String(), "\n"))
}

// turnSpan is the game turns the battle's record covers.
func turnSpan(b *campaign.Battle) (int, int) {
	first, last := 0, 0
	for _, l := range b.Log {
		if t := l.Event.Turn; t > 0 {
			if first == 0 {
				first = t
			}
			last = max(last, t)
		}
	}
	return max(first, 1), max(last, 1)
}

func resultText(c *campaign.Campaign, o *referee.Outcome) string {
	if o == nil {
		return "no result recorded"
	}
	var vp []string
	for _, s := range c.Sides {
		if n, ok := o.VP[s.ID]; ok {
			vp = append(vp, fmt.Sprintf("%s %d", s.Name, n))
		}
	}
	res := "a draw"
	if o.Winner != "" {
		res = fmt.Sprintf("%s wins a %s", c.Side(o.Winner).Name, o.Level)
	}
	return res + "; victory points " + strings.Join(vp, ", ")
}

func battlegroupName(s *campaign.Side, id int) string {
	if bg := s.Battlegroup(id); bg != nil && bg.Name != "" {
		return fmt.Sprintf("battlegroup %d %q", id, bg.Name)
	}
	return fmt.Sprintf("battlegroup %d", id)
}

// seenLosses are side's units viewer saw destroyed, captured and
// withdrawn (viewer "": what every side saw).
func seenLosses(b *campaign.Battle, viewer, side string) (destroyed, captured, withdrew []string) {
	for _, l := range b.Log {
		e := l.Event
		if !l.Visible(viewer) || e.Unit == "" {
			continue
		}
		if u := b.State.Unit(e.Unit); u == nil || u.Side != side {
			continue
		}
		switch e.Type {
		case "destroyed":
			destroyed = append(destroyed, e.Unit)
		case "captured":
			captured = append(captured, e.Unit)
		case "withdraw", "exit":
			withdrew = append(withdrew, e.Unit)
		}
	}
	return destroyed, captured, withdrew
}

// decisiveMoments are the turning points viewer saw: the first attack
// that hit, the critical hits, and the attack that did the most damage.
func decisiveMoments(b *campaign.Battle, viewer string) []string {
	var out, crits []string
	var firstHit, biggest *referee.Event
	best := 0
	for i := range b.Log {
		l := &b.Log[i]
		if !l.Visible(viewer) {
			continue
		}
		e := &l.Event
		switch {
		case e.Type == "attack" && e.Result != nil && *e.Result != "":
			if firstHit == nil {
				firstHit = e
			}
			if n, err := strconv.Atoi(*e.Result); err == nil && n > best {
				best, biggest = n, e
			}
		case e.Type == "critical":
			crits = append(crits, fmt.Sprintf("game turn %d: %s", e.Turn, e.Describe()))
		}
	}
	if firstHit != nil {
		out = append(out, fmt.Sprintf("First blood, game turn %d: %s", firstHit.Turn, firstHit.Describe()))
	}
	if biggest != nil && biggest != firstHit {
		out = append(out, fmt.Sprintf("Hardest hit, game turn %d: %s", biggest.Turn, biggest.Describe()))
	}
	if len(crits) > 0 {
		out = append(out, "Critical hits: "+capList(crits))
	}
	return out
}

// counters says how many salvage counters: "1 salvage counter", "2
// salvage counters".
func counters(n int) string {
	if n == 1 {
		return "1 salvage counter"
	}
	return fmt.Sprintf("%d salvage counters", n)
}

// capList joins items, naming at most reportList of them.
func capList(items []string) string {
	if len(items) <= reportList {
		return strings.Join(items, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(items[:reportList], ", "), len(items)-reportList)
}

// fitReport keeps a report within one message, cutting whole lines from
// its end (the decisive moments go first, never the result).
func fitReport(text string) string {
	for len(text) > maxReport {
		i := strings.LastIndexByte(text, '\n')
		if i < 0 {
			return strings.ToValidUTF8(text[:maxReport-1], "") + "…"
		}
		text = text[:i]
	}
	return text
}

// replayGIF is battle b's replay as side saw it: one frame per game turn
// (campaign.Battle.Frames), cropped to the hexes where its units and the
// enemy it saw stood.
func replayGIF(c *campaign.Campaign, b *campaign.Battle, side string) (File, error) {
	frames := b.SideFrames(side)
	if len(frames) == 0 {
		return File{}, fmt.Errorf("battle %d has no pictures of %s's", b.ID, side)
	}
	var tacticals []render.Tactical
	var focus []hex.Hex
	for _, f := range frames {
		when := fmt.Sprintf("turn %d", f.Turn)
		if f.Turn == 0 {
			when = "deployment"
		}
		title := fmt.Sprintf("Battle %d — %s — %s", b.ID, when, c.Side(side).Name)
		tacticals = append(tacticals, render.FromView(f.View(b.State.Map, b.State.Sides), title))
		for _, u := range f.Units {
			focus = append(focus, u.Hex)
		}
	}
	var buf bytes.Buffer
	if err := render.WriteReplayGIF(&buf, tacticals, focus, render.Options{HexNumbers: true}); err != nil {
		return File{}, err
	}
	return File{Name: fmt.Sprintf("campaign-%d-battle-%d-replay-%s.gif", c.ID, b.ID, side), Data: buf.Bytes(),
		Description: replayDescription(c, b, side, frames)}, nil
}
