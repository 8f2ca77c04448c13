/*
Package campaign holds the BattleForce campaign rules (book 000, lines
2517–2744; docs/sources.md): battlegroup worksheets, the strategic map
and its sectors, sealed orders, the campaign turn, contact and the
battles it sets up, the upkeep after them, book 004's battle setup
tables, per-side views and who holds which seat. The forces the sides
field (the unit catalog, lance creation, purchase points, rosters and
regiment files) are in package campaign/forces.

The package is pure rules code: no I/O beyond data embedded at build
time, no clock, no global random source, no logging. Time and dice come
in as arguments, so every result can be replayed.

# The model

A [Campaign] is a value: every operation takes a *Campaign and returns a
new one, with the events it logged, and leaves the one it was given as it
was ([Campaign.Clone]: a deep copy that shares only the strategic map,
which never changes, and the log's events, which are never changed once
logged). A refused operation returns an error and no campaign, so the
caller simply keeps the old value; the store commits the new one in one
transaction, and undo is the previous value.

	c, _ := campaign.New(id, name, settings, strategicMap, regiments) // PhaseSetup
	c, _ = campaign.Start(c, dice)                                  // turn 1, PhaseOrders
	c, _, _ = campaign.GiveOrder(c, side, order)                    // sealed until the turn runs
	c, events, _ := campaign.Advance(c, dice)                       // resolve; upkeep once battles are over

A campaign has two [Side]s, each a regiment split into [Battlegroup]s
standing in sectors of the strategic map, with its victory points, its
mines, repair points and salvage, its sealed [Orders] and its players.
[Settings] are the campaign's options (Combat Results Table, setup
tables, morale, deadlines, what happens at a missed deadline, seats).

# The turn

The book's campaign turn has eleven steps (000 lines 2563–2575), and the
[Phase] says where a campaign stands in it:

  - PhaseOrders (steps 1–2): each side's players split, merge and rename
    battlegroups on the worksheet and give sealed orders ([GiveOrder],
    [ClearOrders]; the AI's are [AIOrders]). Orders are checked when
    given.
  - [ResolveTurn] (steps 3–5), run by [Advance] at the deadline or on the
    referee's word: drops, secret moves, prepared positions and lift-off;
    searches; and a contact in every sector where enemies meet, each
    setting up a [Battle] with a tactical map generated from the
    sector, deployment zones (ruling R7) and, with setup_tables on, book
    004's pre-battle rolls (ruling R11). The campaign is then in
    PhaseBattles; but when a drop was made it first stops in
    PhaseSearches, where each side may search in answer to the public
    drops before [ResolveSearches] reads the searches (step 4 after step
    3; ruling CO10).
  - PhaseBattles (step 6): the battles are fought on the referee package
    ([BattleAct], [AutoDeploy], [AutoResolveBattle]); a battle's end
    scores its victory points and may start a retreat battle.
  - [Upkeep] (steps 7–11), run by Advance once no battle is left:
    repair, experience, victory points, the reinforcement roll and the
    end check, which ends the campaign (PhaseOver) or opens the next
    turn's orders.

# Views and secrecy

Each side's battlegroups, orders, mines, intel and most of its victory
points are secret from the other side (ruling R10). Every [Event] in
[Campaign.Log] carries its audience: empty for everyone, else the side
IDs that may see it (ruling SE3 reserves IDs such as "referee" so a side
cannot take an audience's name). What a player is shown is built from
[View] (or [RefereeView] for the referee role): its own side in full,
the public map, what its searches and battles taught it of the enemy,
the battles as it may know them, and the events addressed to it.
[Campaign.KnownVP] is the one rule for whose victory points a viewer may
know (ruling SE2).

# Membership

Who holds which seat is part of the campaign, so it is checked and
undone with it (membership.go): after the start (or always, with
join_approval) a join is a request the referee approves or denies
(ruling SEAT1); a user holds at most one seat, and the referee none unless
the campaign lets the referee play (SEAT2); a referee who may play against a
human, seated or not, loses the powers that would show the other side
([Campaign.RefereeConflicted]; SEAT3).

# Invariants

[Campaign.Check] lists every broken invariant: every active unit in
exactly one battlegroup of its side, battlegroups in sectors of the map,
one regimental battlegroup at most, each side's victory points equal to
the sum in the log, seats consistent, mines whole, and every battle still
being fought passing the referee's own Check. The tests run it after
every step; the store refuses to commit a campaign that fails it.

# Dice

Every die comes from the [dice.Dice] passed in (ruling R9); the bot keeps
one seeded source per campaign and saves its state with the campaign in
the same transaction.

# Rule references

Comments cite the books by number and line of the project's text copy,
"000 line 2571" (docs/sources.md); a bare "line 2571" means book 000,
except in the files of book 004's battle setup tables and morale check
(setup_*.go, battle_morale*.go, wst_setup_battle_test.go), where it means
book 004.
Rulings that settle the books' gaps carry ids (R1–R11, C*, CB*, CO*, M*,
SE*, …) defined in docs/rulings.md; the catalog's C* rulings are also
explained in catalog.go.
*/
package campaign
