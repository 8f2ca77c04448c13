/*
Package referee is the BattleForce tactical engine: units, battle state,
sighting and line of sight, combat and the sequence of play (book 000,
lines 550–1353; docs/sources.md). It is pure: no I/O, no clock, no global
random source, no logging; dice come from referee/dice.

# The model

A battle is a sequence of values:

	State ──Apply(state, action, dice)──▶ (State', []Event, error)

A [State] is one moment of a battle: the map, the rules in force
([Rules]: which Combat Results Table, night, morale, weather, turn
limit), the [Side]s in initiative order, every [Unit] sorted by ID with
its values and its state (hex, damage step, status, what it did this
turn), the turn, phase and phasing side, and what each side has learnt
of the enemy (Known). [Apply] never changes the State it is given: it
works on a [State.Clone] and returns the new State only when the action
is legal, so a refused action leaves nothing half done, and the caller
keeps the old value for undo. The map is shared between states and
never changed (rubble lives in State.Rubble).

An [Action] is what a player does, with a text form that reads like
the game ("move A3 0807", "attack A1 B1 close"; [ParseAction]). Apply
refuses an action the rules forbid with an error wrapping [ErrIllegal]
whose text says which rule, in the player's words.

# What is legal

[ValidActions] (one unit) and [ValidSideActions] (the side as a whole:
retreat, surrender) define legal play: Apply accepts every action they
list, with any dice, and the same lists feed Discord's autocomplete, the
move preview and the AI (referee/ai), which never acts outside them.
TestRandomPlay plays thousands of random turns choosing only from these
lists and fails on any one Apply refuses.

# Sequence of play

[Start] ends deployment (PhaseDeploy) and begins game turn 1. Each game
turn every side takes a player turn in initiative order; a player turn is
PhaseMovement (sighting runs by itself when movement ends, or before the
first attack), PhaseAttack, and the end phase, which an "end" action
closes ([ActEnd]). The battle is PhaseOver when one side is left, a side
surrenders, the turn limit passes, or [EndBattle] is called; the last
event, "battle_end", gives the winner, each side's victory points and the
level of victory ([State.Outcome]). Book scenarios add their special
rules through [ScenarioRules]; campaign battles theirs through
[CampaignRules].

# Events and views: secrecy

Every [Event] carries its Audience: nil for everyone, else the IDs of the
sides that may see it (ruling R10). A die roll is an event too. Nothing
shown to a player is built from the State: replies use [EventsFor] (or
[Event.Visible]), and pictures, autocomplete and the AI use
[State.View], which holds the viewer's own units in full and of the
enemy only what it has sighted (class), probed with AEP (values) or what
is public (each counter's kind and hex; hidden infantry and mines are
left out until revealed). [State.RefereeView] is the whole truth, for the
referee role.

# Invariants

[State.Check] lists every broken invariant: units sorted and unique,
every unit on a known side, damage steps within the class's, destroyed
exactly at the last step, units on the map inside it and on terrain they
may enter, no more than [StackLimit] units a hex, salvage on the map,
and the scenario's and drops' own rules. The property tests run it after
every Apply; the campaign's Check runs it on every battle still being
fought, and the store runs the campaign's before every commit.

# Dice

Every die comes from the [dice.Dice] passed to Apply (ruling R9): a
seeded source in play, whose state is saved with the battle, or scripted
faces in tests, so a worked example from the book plays with the book's
own dice. Each roll is logged with its purpose and returned as a "roll"
event. Dice thrown by an action that then fails stay thrown: the caller
saves the dice state together with the battle state.

# Rule references

Comments cite the books by number and line of the project's text copy,
"000 line 928" (docs/sources.md); a bare "line 928" means book 000.
Decisions where the books are silent or contradict each other carry
ruling ids (R1–R11, B*, K*, S*, V*, …) from docs/rulings.md, and the
tests that pin them cite the same ids.
*/
package referee
