package command

import (
	"context"
	"fmt"
	"sort"
	"strings"
)

// ruleTopics are short summaries of the rules in the project's own words,
// each with the seed lines (000_7068ba969e06a83c.txt unless another file
// is named) where the full rule is read. They paraphrase; they never quote.
var ruleTopics = map[string]string{
	"turn":           "A campaign turn: reorganise battlegroups, buy recon, move one sector each (recon further), search, fight the battles contact makes, then repair, roll for experience, count victory points and reinforcements. Seed 000 lines 2561–2575.",
	"battlegroups":   "Each side splits its regiment into battlegroups on a secret worksheet; groups in one sector may merge and a group may split. The regimental battlegroup holds the trucks and DropShips. Lines 2525–2547, 2577–2579.",
	"recon":          "A one-lance battlegroup may be made a recon unit by paying for +2 ESR and/or AEP; it moves further on the strategic map. Lines 2581–2583, 2596–2598.",
	"movement":       "Tactical: each hex costs MP by terrain (roads cheaper); at most two units per hex; a unit that enters an enemy's hex stops. Campaign: one adjacent sector per turn. Lines 616–681, 2585–2595.",
	"overburn":       "A unit may overburn before it moves: about half again its MP and a higher attack row, at the risk of a damage step (none in water). Lines 683–727; ruling R5.",
	"sighting":       "Counters stay under information blinds until an enemy is within ESR (normally 5 hexes) with line of sight, or adjacent; woods, water and buildings can hide units. Lines 772–808; rulings R4, R10.",
	"attack":         "Compare the attacker's value (ranged RA, or CA in the same hex) with the target's D to find the column; experience and terrain shift it; roll 2D6 on the Combat Results Table. /battle attack preview:true shows the column and odds. Lines 809–938; ruling R1.",
	"damage":         "Results are a number of damage steps, D (disruption roll) or C (critical hit roll); each step moves the counter down a row, and a unit past its last step is destroyed. Lines 940–1004.",
	"withdraw":       "A side may declare it breaks off; its units then leave by their retreat edge. Withdrawn units are safe but out of the battle. Lines 2649–2661.",
	"victory":        "Destroyed enemy units score their cost in victory points, captured ones twice that; salvage counters score too. The difference decides the level of victory. Lines 2104–2200, 2692–2708; ruling R8.",
	"search":         "A search order names sectors; the answer says only whether enemy battlegroups are there, not how many. Lines 2597–2604.",
	"contact":        "Opposing battlegroups in one sector make contact: roll initiative, set up the sector's tactical map and deploy, then fight. Lines 2609–2642; ruling R7; setup tables 004 (ruling R11).",
	"drop":           "Battlegroups aboard DropShips in orbit may drop into any sector; a drop is seen by both sides and the group moves no further that turn. Lines 729–770, 2637–2641.",
	"repair":         "Captured salvage counters and the regimental battlegroup's repair points restore damage steps after battle. Lines 2663–2675.",
	"experience":     "Units that attacked in a battle roll 2D6 to improve: green to regular on 8+, regular to veteran on 10+, veteran to elite on 12. Lines 2677–2690.",
	"reinforcements": "Victory points may be spent on reinforcements; a 2D6 roll sets how many points are available. Lines 2710–2729.",
	"end":            "The campaign ends when a side is gone or the agreed turns are over; the victory point margin gives the level of victory. Lines 2731–2745.",
	"orders":         "Orders are sealed and secret until the turn resolves: move, hold (prepared position), drop, liftoff, search; /orders ready seals them. Lines 2585–2608.",
}

func (g *Registry) rulesCommands() []*entry {
	topics := make([]string, 0, len(ruleTopics))
	for t := range ruleTopics {
		topics = append(topics, t)
	}
	sort.Strings(topics)
	return []*entry{{spec: Spec{Name: "rules", Description: "a short summary of a rule, with where to read it in the book", Who: Anyone, Options: []Option{
		{Name: "topic", Description: "one of: " + strings.Join(topics, ", "), Required: true, Choices: topics}}},
		run: g.rulesTopic}}
}

func (g *Registry) rulesTopic(_ context.Context, x *call) ([]Reply, error) {
	t := strings.ToLower(x.str("topic"))
	text, ok := ruleTopics[t]
	if !ok {
		return nil, userf("topic:%s: no summary; /help command:rules lists the topics", t)
	}
	return []Reply{x.private(fmt.Sprintf("%s — %s", t, text))}, nil
}
