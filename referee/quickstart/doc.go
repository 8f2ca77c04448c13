/*
Package quickstart is the second tactical ruleset: the BattleForce
Quick-Start rules (book 002; docs/sources.md), an element-based game beside
the 1987 BattleForce engine of package referee. It is pure like referee: no
I/O, no clock, no global random source; dice come from referee/dice and
hex geometry and terrain from mapgen.

Comments cite the book as "002 line N".

# The model

An [Element] is one line of a record sheet: a 'Mech with its Movement
Value (and jump), Damage Values at Short, Medium and Long range, Overheat
Value, weight class, Armor and Structure circles, Point Value and special
abilities (CASE, ENE). A [Unit] is four to six Elements moved as one
playing piece; its MP is the lowest of its surviving Elements. The
record sheets' four Units are [DivineFire], [PeacefulCleansing],
[AlphaRecon] and [AlphaFire].

An [ElementState] is an Element with the pencil marks of a game: armor
and structure circles checked off, critical hits, heat level, shutdown.
Damage is marked at once but takes effect in the End Phase (002 lines
86, 255, 456): critical hits marked this turn are kept apart
([ElementState.NewCrits]) until [ElementState.EndPhase], which also
raises or clears heat and shuts down or restarts the Element. Every
method returns a new value and leaves its receiver alone.

Combat: [ToHit] computes an Element's modified to-hit number with each
modifier named; [InFiringArc], [LineOfSight] and [AttackDirection] are
the geometry of the Firing Arc and Attack Direction diagrams;
[ElementState.TakeDamage] applies a hit's damage, armor then structure,
and rolls the Determining Critical Hits Table when structure is damaged.

The Veteran Training Scenario's victory points: [ObjectiveValue],
[HeadquartersValue] and the Victory Points Table ([OccupiedObjective],
[OccupiedHeadquarters], [DestroyedPoints]).

A battle is a sequence of values, as in referee:

	State ──Apply(state, action, dice)──▶ (State', []Event, error)

[NewBattle] places the Units and rolls the first Initiative;
[NewVeteranBattle] starts the Veteran set-up instead, a phase in which
the sides choose the home edge (ChooseHome) and place their objectives
and Headquarters (PlaceCounter) in the book's order, Done leaving a
choice to the bot ([SetUpChoice]); the Units then enter from their home
edges in game turn 1 (entry.go) or start on the map, the starting
positions roll's winner choosing to set up first or second
(ChooseOrder) and the sides placing a Unit each in turn (PlaceUnit,
deploy.go). [NewGreenBattle] starts the Green scenario's deployment:
the defender places all his Units, then the attacker. [Apply]
plays Move, Jump, Declare (an attack) and Done for the acting side and
refuses what the rules forbid with an error wrapping [ErrIllegal];
[ValidActions] lists what Apply accepts; [State.Check] lists broken
invariants. The turn is Initiative, the Movement Phase (loser, then
winner), the Combat Phase (each side's attacks declared, then resolved
when it is done) and the End Phase; the battle ends when a side has no
Element left.

The Veteran Training Scenario's counters ([Counter]) are occupied,
held and captured in play, and [State.VictoryPoints] scores the
Victory Points Table.

[ViewOf] is the battle as one side knows it (ruling QS19): its own
record sheets' marks, the enemy's printed values. A TurnLimit ends the
battle by victory points (ruling QS16).

Where the line between two Units runs along hexsides, a battle with
AskHexside asks the target's side which hexes lie along it
([HexsideQuestion], answered by ChooseHexside); otherwise, and for Done,
the automatic pick [HexsideDefault] (ruling QS11).

Above this package: the scenario files and the two training scenarios
(referee/scenario, ruleset: quickstart), the AI (referee/quickstart/qsai),
and the commands (bot/command, quickstart.go, quickstart_setup.go,
quickstart_hexside.go), where the players make the set-up's choices and
answer the hexside question (rulings QS11, QS18, QS22).
*/
package quickstart
