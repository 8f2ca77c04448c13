package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"

	"bfbot/campaign"
)

// runForce is `bfbot force show ID [--json]`: a built-in regiment's
// roster (seed 000 lines 2794–3536).
func (m *Main) runForce(_ context.Context, args []string) error {
	if len(args) == 0 || args[0] != "show" {
		return usagef("force: say show (bfbot force show %s [--json])", strings.Join(campaign.BuiltInIDs, "|"))
	}
	fs := flag.NewFlagSet("force show", flag.ContinueOnError)
	asJSON := fs.Bool("json", false, "print the regiment as JSON")
	pos, err := parseFlags(fs, m.Stderr, args[1:])
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("force show: name one regiment: %s", strings.Join(campaign.BuiltInIDs, " or "))
	}
	r, err := campaign.BuiltIn(pos[0])
	if err != nil {
		return usagef("force show: %v", err)
	}
	if *asJSON {
		enc := json.NewEncoder(m.Stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(forceJSON(r))
	}
	writeRoster(m.Stdout, r)
	return nil
}

// regimentJSON is a regiment in the JSON form of `bfbot force show --json`.
type regimentJSON struct {
	ID    string     `json:"id"`
	Name  string     `json:"name"`
	Line  int        `json:"line"`
	Cost  int        `json:"cost"`
	Units []unitJSON `json:"units"`
	RBG   struct {
		Trucks       []unitJSON `json:"trucks"`
		DropShips    []unitJSON `json:"dropships"`
		RepairPoints int        `json:"repair_points"`
	} `json:"rbg"`
}

type unitJSON struct {
	Battalion string             `json:"battalion"`
	Company   string             `json:"company"`
	Printed   string             `json:"printed"`
	Counter   string             `json:"counter"`
	Line      int                `json:"line"`
	Lance     campaign.LanceJSON `json:"lance"`
	Crew      []pilotJSON        `json:"crew"`
}

type pilotJSON struct {
	Name       string `json:"name,omitempty"`
	Mech       string `json:"mech"`
	Experience string `json:"experience"`
}

func forceJSON(r campaign.Regiment) regimentJSON {
	j := regimentJSON{ID: r.ID, Name: r.Name, Line: r.Line, Cost: r.Costs().Total, Units: []unitJSON{}}
	conv := func(us []campaign.RosterUnit) []unitJSON {
		out := []unitJSON{}
		for _, u := range us {
			uj := unitJSON{Battalion: u.Battalion, Company: u.Company, Printed: u.Printed, Counter: u.Counter, Line: u.Line, Lance: u.Lance.JSON()}
			uj.Lance.Cost = campaign.PurchaseCost(u.Lance)
			for _, p := range u.Crew {
				uj.Crew = append(uj.Crew, pilotJSON{Name: p.Name, Mech: p.Mech, Experience: p.Experience.String()})
			}
			out = append(out, uj)
		}
		return out
	}
	j.Units = conv(r.Units)
	j.RBG.Trucks, j.RBG.DropShips, j.RBG.RepairPoints = conv(r.RBG.Trucks), conv(r.RBG.DropShips), r.RBG.RepairPoints
	return j
}

// writeRoster prints the regiment as the book lays it out: battalions,
// companies, lances with their values, experience and crew.
func writeRoster(w io.Writer, r campaign.Regiment) {
	c := r.Costs()
	fmt.Fprintf(w, "%s (seed 000 line %d): %d counters, %d purchase points\n", r.Name, r.Line, len(r.Units), c.Total)
	bat, comp := "\x00", "\x00"
	for _, u := range r.Units {
		if u.Battalion != bat {
			bat, comp = u.Battalion, "\x00"
			name := u.Battalion
			if name == "" {
				name = "Regiment"
			}
			fmt.Fprintf(w, "\n%s\n", name)
		}
		if u.Company != comp {
			comp = u.Company
			if comp != "" {
				fmt.Fprintf(w, "  %s\n", comp)
			}
		}
		writeUnit(w, u, "    ")
	}
	fmt.Fprintf(w, "\nRegimental Battlegroup: %d truck counters, %d DropShips, %d repair points\n", len(r.RBG.Trucks), len(r.RBG.DropShips), r.RBG.RepairPoints)
	for _, u := range append(append([]campaign.RosterUnit(nil), r.RBG.Trucks...), r.RBG.DropShips...) {
		writeUnit(w, u, "    ")
	}
}

func writeUnit(w io.Writer, u campaign.RosterUnit, indent string) {
	l := u.Lance
	fmt.Fprintf(w, "%s%s — %s %s, %s, %d points (line %d)\n", indent, l.Name, u.Printed, level(l.Experience.String()), campaign.ClassNoun(l.Class), campaign.PurchaseCost(l), u.Line)
	for _, p := range u.Crew {
		name := ""
		if p.Name != "" {
			name = p.Name + "; "
		}
		fmt.Fprintf(w, "%s  %s%s %s\n", indent, name, level(p.Experience.String()), p.Mech)
	}
}

// level capitalizes an experience level as the rosters print it.
func level(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
