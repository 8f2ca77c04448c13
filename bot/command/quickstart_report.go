package command

import (
	"fmt"
	"strings"

	"bfbot/campaign"
	"bfbot/internal/english"
	"bfbot/referee/quickstart"
)

// The after-action report of a Quick-Start battle, as a 1987 battle's
// (after_action.go): the battle's thread gets the report every side may
// read, and each side's players get theirs by direct message with the
// battle's last map as the side saw it and a button to /battle log.
// What both sides know (ruling QS19) — the result, the victory points,
// which Elements were destroyed, the counters, the attacks as rolled —
// is in every report; an Element's armor and structure left and its
// critical hits in effect are marks of its own side's record sheet, in
// that side's report alone.

// QuickStartAfterAction are the reports of the campaign's Quick-Start
// battle once it is over (none before).
func QuickStartAfterAction(c *campaign.Campaign) []Reply {
	qb := c.QuickStart
	if qb == nil || qb.State.Phase != quickstart.Over {
		return nil
	}
	out := []Reply{{To: Public, Campaign: c.ID, Battle: int64(qb.ID), Text: quickStartReport(c, -1)}}
	for i, id := range qb.State.Sides {
		s := c.Side(id)
		if s == nil || len(s.Players) == 0 {
			continue
		}
		text := quickStartReport(c, i)
		var files []File
		if f, err := quickStartMap(c, quickstart.ViewOf(qb.State, i)); err == nil {
			files = append(files, f)
		} else {
			text = fitReport(text + "\n(The map could not be drawn: " + err.Error() + ".)")
		}
		for _, p := range s.Players {
			out = append(out, Reply{To: DM, User: p, Campaign: c.ID, Battle: int64(qb.ID), Text: text, Files: files,
				Buttons: logButton("Whole log", c.ID, qb.ID, id, 1)})
		}
	}
	return out
}

// quickStartReport is the report as side viewer (0 or 1) may read it, or
// for everyone (-1): only what both sides know.
func quickStartReport(c *campaign.Campaign, viewer int) string {
	qb := c.QuickStart
	st := qb.State
	var w strings.Builder
	fmt.Fprintf(&w, "After-action report: battle %d, %s (Quick-Start rules, game turns 1–%d", qb.ID, c.Name, st.Turn)
	if viewer >= 0 {
		fmt.Fprintf(&w, ", as %s saw it", c.SideName(st.Sides[viewer]))
	}
	result := "a draw"
	if st.Winner >= 0 {
		result = c.SideName(st.Sides[st.Winner]) + " wins"
	}
	fmt.Fprintf(&w, ")\nResult: %s; victory points %s %d, %s %d", result,
		c.SideName(st.Sides[0]), st.VictoryPoints(0), c.SideName(st.Sides[1]), st.VictoryPoints(1))
	if n := len(qb.Log); n > 0 && qb.Log[n-1].Type == "battle-over" {
		w.WriteString(" (" + qb.Log[n-1].Text + ")")
	}
	w.WriteString("\n")

	// The view of a side that is not the reader's own would hold that
	// side's marks: the public report reads side 0's view for its
	// printed values and destroyed Elements only.
	v := quickstart.ViewOf(st, max(viewer, 0))
	for side := range 2 {
		var lost []string
		for _, u := range v.Units {
			for i, e := range u.Elements {
				if u.Side == side && e.Destroyed {
					lost = append(lost, fmt.Sprintf("%s/%d %s", u.ID, i+1, e.Name))
				}
			}
		}
		if len(lost) == 0 {
			lost = []string{"none"}
		}
		fmt.Fprintf(&w, "Losses of %s: %s\n", c.SideName(st.Sides[side]), capList(lost))
	}
	if viewer >= 0 {
		var standing []string
		for _, u := range v.Units {
			for i, e := range u.Elements {
				if !u.Own || e.Destroyed {
					continue
				}
				s := fmt.Sprintf("%s/%d %s: armor %d/%d, structure %d/%d", u.ID, i+1, e.Name, e.ArmorLeft, e.Armor, e.StructureLeft, e.Structure)
				if crits := critText(e.Crits, e.NewCrits); crits != "" {
					s += " (" + crits + ")"
				}
				standing = append(standing, s)
			}
		}
		if len(standing) > 0 {
			w.WriteString("Your Elements standing: " + capList(standing) + "\n")
		}
	}
	for _, k := range v.Counters {
		if k.Captured {
			fmt.Fprintf(&w, "%s %v in %s was captured (%d victory points)\n", english.Possessive(c.SideName(st.Sides[k.Owner])), k.Kind, k.Hex, k.Value)
		}
	}
	if m := quickStartMoments(qb.Log); len(m) > 0 {
		w.WriteString("Decisive moments:\n• " + strings.Join(m, "\n• ") + "\n")
	}
	if viewer >= 0 {
		w.WriteString("The whole battle, turn by turn: /battle log (or the button).")
	}
	return fitReport(strings.TrimRight(w.String(), "\n"))
}

// quickStartMoments are the battle's turning points from its attacks, as
// both sides saw them rolled: the first hit and the hardest one, told
// without the critical hits they marked (those the end of the report
// gives the owner of the Element).
func quickStartMoments(log []quickstart.Event) []string {
	var first, hardest *quickstart.Event
	for i := range log {
		e := &log[i]
		if e.Attack == nil || !e.Attack.Hit || e.Attack.Roll == 0 {
			continue
		}
		if first == nil {
			first = e
		}
		if hardest == nil || e.Attack.Damage > hardest.Attack.Damage {
			hardest = e
		}
	}
	var out []string
	if first != nil {
		out = append(out, "First blood, "+hitText(first))
	}
	if hardest != nil && hardest != first {
		out = append(out, "Hardest hit, "+hitText(hardest))
	}
	return out
}

func hitText(e *quickstart.Event) string {
	r := e.Attack
	s := fmt.Sprintf("game turn %d: %v hits from the %s for %d", e.Turn, r.Attack, r.Direction, r.Damage)
	if r.Destroyed {
		s += ", destroying it"
	}
	return s
}
