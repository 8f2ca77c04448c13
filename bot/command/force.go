package command

import (
	"context"
	"fmt"
	"strings"

	"bfbot/campaign"
	"bfbot/campaign/forces"
	"bfbot/internal/cite"
	"bfbot/internal/english"
	"bfbot/referee"
)

func (g *Registry) forceCommands() []*entry {
	return []*entry{
		{spec: Spec{Name: "force", Sub: "show", Description: "your side's counters: values, damage steps, status and battlegroup (secret)", Who: Player,
			Options: []Option{{Name: "side", Description: "referee only: which side"}, pageOption}},
			scope: campaignScope, refereeReads: true, run: g.forceShow},
		{spec: Spec{Name: "force", Sub: "roster", Description: "a built-in regiment's roster as the book prints it", Who: Anyone, Options: []Option{
			{Name: "regiment", Description: "crucis or bandits", Required: true, Choices: forces.BuiltInIDs}, pageOption}},
			run: g.forceRoster},
		{spec: Spec{Name: "force", Sub: "lance", Description: "quick lance generation from the BattleForce Values Table", Who: Anyone, Options: []Option{
			{Name: "units", Description: `1–4 'Mechs or vehicles (or 1–2 fighters), e.g. "Atlas, Atlas, Stalker, Zeus"`, Required: true},
			{Name: "experience", Description: "green, regular, veteran or elite", Choices: []string{"green", "regular", "veteran", "elite"}}}},
			run: g.forceLance},
		g.forceBuyEntry(),
	}
}

func (g *Registry) forceShow(_ context.Context, x *call) ([]Reply, error) {
	sides, err := x.sidesShown()
	if err != nil {
		return nil, err
	}
	var b strings.Builder
	for _, s := range sides {
		fmt.Fprintf(&b, "%s (%s): %d counters, %d VP, %d salvage, %d repair points\n", s.Name, s.ID, len(s.Units), s.VP, s.Salvage, s.RepairPoints)
		for _, u := range s.Units {
			b.WriteString(unitLine(u) + "\n")
		}
	}
	return []Reply{x.paged(strings.TrimRight(b.String(), "\n"), []string{"side", x.str("side")})}, nil
}

// unitLine is one of a side's own counters, as its worksheet knows it.
func unitLine(u campaign.Unit) string {
	where := fmt.Sprintf("battlegroup %d", u.Battlegroup)
	if u.Status != campaign.UnitActive {
		where = string(u.Status)
	}
	if u.DropReady {
		// Only such lances may be held in orbit (ruling DR24).
		where += ", kept ready to drop from orbit"
	}
	return fmt.Sprintf("  %s %s — %s %s %s, step %d, %s", u.ID, u.Lance.Name, forces.RosterValues(u.Lance), u.Lance.Experience, forces.ClassNoun(u.Lance.Class), u.Step, where)
}

func (g *Registry) forceRoster(_ context.Context, x *call) ([]Reply, error) {
	r, err := forces.BuiltIn(x.str("regiment"))
	if err != nil {
		return nil, userf("regiment: %v", err)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s (%s): %d counters, %d purchase points\n", r.Name, cite.Book(r.Line), len(r.Units), r.Costs().Total)
	bat := "\x00"
	for _, u := range r.Units {
		if u.Battalion != bat {
			bat = u.Battalion
			name := bat
			if name == "" {
				name = "Regiment"
			}
			fmt.Fprintf(&b, "%s\n", name)
		}
		fmt.Fprintf(&b, "  %s — %s %s, %s\n", u.Lance.Name, u.Printed, u.Lance.Experience, forces.ClassNoun(u.Lance.Class))
	}
	fmt.Fprintf(&b, "Regimental Battlegroup: %s, %s, %s", english.Count(len(r.RBG.Trucks), "truck"), english.Count(len(r.RBG.DropShips), "DropShip"), english.Count(r.RBG.RepairPoints, "repair point"))
	return []Reply{x.paged(b.String(), []string{"regiment", x.str("regiment")})}, nil
}

// lanceNames splits a comma-separated list of Values Table machines.
func lanceNames(list string) []string {
	var names []string
	for _, n := range strings.Split(list, ",") {
		if n = strings.TrimSpace(n); n != "" {
			names = append(names, n)
		}
	}
	return names
}

func (g *Registry) forceLance(_ context.Context, x *call) ([]Reply, error) {
	names := lanceNames(x.str("units"))
	exp := referee.Regular
	if v := x.str("experience"); v != "" {
		var err error
		if exp, err = referee.ParseExperience(v); err != nil {
			return nil, userf("experience: %v", err)
		}
	}
	l, err := forces.QuickLance(names, exp)
	if err != nil {
		return nil, userf("%v", err)
	}
	return []Reply{x.private(fmt.Sprintf("%s: %s %s %s, %d purchase points (quick lance generation, %s)",
		strings.Join(names, ", "), forces.RosterValues(l), l.Experience, forces.ClassNoun(l.Class), forces.PurchaseCost(l), cite.Span(1697, 1711)))}, nil
}
