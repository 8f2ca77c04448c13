// Package scenario reads BattleForce battle scenarios — a map, the sides
// and their units with positions, experience, steps and chits, then the
// players' commands as console lines — and plays them on the referee
// (docs/architecture.md, "Scenario files and event output"; `bfbot scenario run`).
//
// The package is pure: it takes the file's bytes and a function that
// loads a board file, and reports events through a callback. Errors in a
// file name its line and field:
//
//	line 14: sides[1].units[0].class: unknown unit class "heavy-meck": use one of …
//
// The commands are read with internal/consoleline, the console's own
// line syntax, `@user /command sub option:value option:"two words"`.
//
// The scenarios' special rules and victory conditions — reinforcements,
// exit and escape awards, bounties, objectives, salvage values,
// initiative every turn, scavenging, drops and DropShip passengers — are
// fields described in special.go and played by the referee
// (referee.ScenarioRules).
//
// A file with ruleset: quickstart is a battle of the BattleForce
// Quick-Start rules (package referee/quickstart): ParseQuickStart reads
// it (quickstart.go: record sheet Units with hex and facing, deployment
// zones, objectives and Headquarters, a turn limit, the Veteran set-up
// and the start on or off the map), QuickStart.Run plays it (the
// set-up's /battle place lines first), and the two training scenarios
// ship as scenarios/quickstart/NAME.yaml (rulings QS16–QS22).
//
// Ruling ids (V1–V14, SC1–SC12) refer to docs/rulings.md; R1–R11
// too.
package scenario
