package command

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"bfbot/internal/cite"
)

// ruleTopic is a short summary of a rule in the project's own words and
// where the full rule is read in the book (page and section). Summaries
// paraphrase; they never quote.
type ruleTopic struct {
	text, read string
}

// ruleTopics are the topics of /rules.
var ruleTopics = map[string]ruleTopic{
	"turn":           {"A campaign turn: reorganise battlegroups, buy recon, move one sector each (recon further), search, fight the battles contact makes, then repair, roll for experience, count victory points and reinforcements.", cite.Span(2561, 2575)},
	"battlegroups":   {"Each side splits its regiment into battlegroups on a secret worksheet; groups in one sector may merge and a group may split. The regimental battlegroup holds the trucks and DropShips.", cite.Book(2529, 2545, 2579)},
	"recon":          {"A one-lance battlegroup may be made a recon unit by paying for +2 ESR and/or AEP; it moves further on the strategic map.", cite.Book(2583, 2591)},
	"movement":       {"Tactical: each hex costs MP by terrain (roads cheaper); at most two units per hex; a unit that enters an enemy's hex stops. Campaign: one adjacent sector per turn.", cite.Book(620, 2591)},
	"overburn":       {"A unit may overburn before it moves: about half again its MP and a higher attack row, at the risk of a damage step (none in water). See ruling R5.", cite.Span(685, 693)},
	"sighting":       {"Counters stay under information blinds until an enemy is within ESR (normally 5 hexes) with line of sight, or adjacent; woods, water and buildings can hide units. See rulings R4, R10.", cite.Span(772, 805)},
	"attack":         {"Compare the attacker's value (ranged RA, or CA in the same hex) with the target's D to find the column; experience and terrain shift it; roll 2D6 on the Combat Results Table. /battle attack preview:true shows the column and odds. See ruling R1.", cite.Span(809, 936)},
	"damage":         {"Results are a number of damage steps, D (disruption roll) or C (critical hit roll); each step moves the counter down a row, and a unit past its last step is destroyed.", cite.Span(940, 1003)},
	"withdraw":       {"A side may declare it breaks off; its units then leave by their retreat edge. Withdrawn units are safe but out of the battle.", cite.Span(2649, 2661)},
	"truce":          {"Once a battle has begun, any side may offer to end it as it stands (/battle truce); the offer is public, and any attack by any side withdraws every offer. The battle ends, scored as at its turn limit, once every side still in it has an offer standing, two offers at least. A side is still in it while it has a unit on the board that every side sees: with two sides both must offer; with three or more, a side that is gone or has no unit left in sight is not waited for, though its offer counts. The book ends a battle when one side is left and leaves other endings to what the players agree. See ruling V18.", cite.Book(554, 2661, 2733)},
	"victory":        {"Destroyed enemy units score their cost in victory points, captured ones twice that; salvage counters score too. The difference decides the level of victory. See ruling R8.", cite.Book(2153, 2157, 2698)},
	"search":         {"A search order names sectors; the answer says only whether enemy battlegroups are there, not how many.", cite.Span(2597, 2601)},
	"contact":        {"Opposing battlegroups in one sector make contact: roll initiative, set up the sector's tactical map and deploy, then fight. The optional Battle Setup Tables add weather, scouting and more (setting setup_tables). See rulings R7, R11.", cite.Span(2609, 2641)},
	"drop":           {"Battlegroups aboard DropShips in orbit may drop into any sector; a drop is seen by both sides and the group moves no further that turn.", cite.Book(731, 2589)},
	"repair":         {"Captured salvage counters and the regimental battlegroup's repair points restore damage steps after battle.", cite.Span(2663, 2669)},
	"experience":     {"Units that attacked in a battle roll 2D6 to improve: green to regular on 8+, regular to veteran on 10+, veteran to elite on 12.", cite.Span(2677, 2690)},
	"reinforcements": {"Victory points may be spent on reinforcements; a 2D6 roll sets how many points are available.", cite.Span(2710, 2729)},
	"end":            {"The campaign ends when a side is gone or the agreed turns are over; the victory point margin gives the level of victory.", cite.Span(2731, 2744)},
	"orders":         {"Orders are sealed and secret until the turn resolves: move, hold (prepared position), drop, liftoff, search; /orders ready seals them.", cite.Span(2585, 2601)},
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
	topic, ok := ruleTopics[t]
	if !ok {
		return nil, userf("topic:%s: no summary; /help command:rules lists the topics", t)
	}
	return []Reply{x.private(fmt.Sprintf("%s — %s Read: %s.", t, topic.text, topic.read))}, nil
}
