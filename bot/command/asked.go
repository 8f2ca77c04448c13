package command

import (
	"cmp"
	"fmt"
	"hash/fnv"
	"strconv"
	"strings"

	"bfbot/campaign"
	"bfbot/referee"
)

// A message's button may be pressed long after it was sent, when the
// battle or the campaign has moved on: the unit moved, the side declared
// its retreat, a new phase or turn began, a join request was made again.
// The press does what the message told or nothing: the button carries
// what it told in a word (Request.Asked), and the command, inside its
// transaction, refuses once the state no longer gives that word, saying
// what it would do now and how to do it. A typed command (confirm:true
// too) carries no word: the player typed it on the state as it stands;
// but one about the campaign turn is for the turn and phase it came in
// (turnStillAsked). (The truce question's own check is truceStillMeant.)

// fateWord is a withdrawal's fate as its question tells it (fateText).
func fateWord(f referee.WithdrawFate) string {
	switch {
	case f.Captured:
		return "captured"
	case f.Chance:
		return "chance"
	}
	return "away"
}

// endsWord is whether an attack's question, asked in game turn turn,
// said that it ends the caller's movement phase (endsMovementPrompt,
// attackHow): "movement-3", "attack-3". The turn keeps a warning from
// one turn from ending another turn's movement.
func endsWord(endsMovement bool, turn int) string {
	if endsMovement {
		return fmt.Sprintf("movement-%d", turn)
	}
	return fmt.Sprintf("attack-%d", turn)
}

// loadWord is what a lift-off of ship takes away as its question tells
// it (liftoffText): a digest of the units aboard, so that a full ship's
// button stays within Discord's 100 characters.
func loadWord(s *referee.State, ship string) string {
	h := fnv.New32a()
	h.Write([]byte(strings.Join(aboard(s, ship), " ")))
	return strconv.FormatUint(uint64(h.Sum32()), 36)
}

// stillAsked checks, as action a is made on battle b, that b still gives
// what the question whose button was pressed told: the same fate for a
// withdrawal; the same load for a lift-off; the same phase for an End
// phase; for an attack, strafe or bomb, no end of the movement
// phase it did not warn of. An attack asked in the movement phase and
// pressed in the attack phase ends nothing: it is made.
func (x *call) stillAsked(b *campaign.Battle, a referee.Action) error {
	if x.Asked == "" || b == nil || b.State == nil {
		return nil
	}
	if _, _, err := dryRun(b, a); err != nil {
		return nil // the engine's refusal comes first, as it is
	}
	switch a.Kind {
	case referee.ActWithdraw:
		fate, err := referee.FateOfWithdrawal(b.State, a.Unit)
		if err != nil || fateWord(fate) == x.Asked {
			return nil
		}
		text, _ := fateText(a.Unit, fate)
		return userf("battle %d has changed since you were asked: %s Withdraw with /battle withdraw unit:%s confirm:true, or ask again without confirm", b.ID, text, a.Unit)
	case referee.ActLiftoff:
		if loadWord(b.State, a.Unit) == x.Asked {
			return nil
		}
		return userf("battle %d has changed since you were asked: %s Lift off with /battle liftoff unit:%s confirm:true, or ask again without confirm", b.ID, liftoffText(b.State, a.Unit), a.Unit)
	case referee.ActEnd:
		return x.phaseStillAsked(b.ID, b.State.Turn, b.State.Phase)
	case referee.ActAttack, referee.ActStrafe, referee.ActBomb:
		if names := x.unitsWithMP(b); len(names) > 0 && x.Asked != endsWord(true, b.State.Turn) {
			return userf("battle %d has changed since you were asked: it is your movement phase now. %s Confirm with %s confirm:true; or move them first and attack in the attack phase", b.ID, endsMovementText(names), x.attackCmd(a))
		}
	}
	return nil
}

// joinStillAsked checks, as the referee answers user's join request by
// a button, that the request is still for the side the button's message
// named: a request withdrawn and made again for another side has a
// message of its own.
func (x *call) joinStillAsked(c *campaign.Campaign, user string) error {
	r := c.PendingOf(user)
	if x.Asked == "" || r == nil || r.Side == x.Asked {
		return nil // the campaign says what is wrong
	}
	return userf("%s has asked again since, to join %s, not %s: answer the newer message, or /campaign approve|deny user:…", c.NameOf(user), c.SideName(r.Side), c.SideName(x.Asked))
}

// turnWord is the campaign turn and phase a message asks to seal the
// orders of (OrdersOpen), or that a command came in (call.turn).
func turnWord(c *campaign.Campaign) string {
	return fmt.Sprintf("%d-%s", c.Turn, c.Phase)
}

// turnMoved is turnStillAsked's refusal, a user error that a caller
// may tell from the others (giveOrder's early resolution).
type turnMoved struct{ userError }

func (e turnMoved) Unwrap() error { return e.userError }

// turnStillAsked checks, inside the transaction that stores a command
// about the campaign turn (an order, a worksheet change, a seal, a
// purchase, an advance), that the campaign is still in the turn and
// phase the command was for: a button's, the one its message named
// (Request.Asked); a typed command's, the one it found as it came
// (call.turn). A deadline, the referee's advance or an early resolution
// may close that phase in between: the command would then be carried
// into the next phase or turn, where it may mean nothing or something
// else (a move from a sector the battlegroup has left, a seal of orders
// not yet given), so it is refused (ruling SRV4). The refusal names only
// the phase that closed and the one open: what the resolution did
// reaches each side as it always does.
func (x *call) turnStillAsked(c *campaign.Campaign) error {
	asked := cmp.Or(x.Asked, x.turn)
	if asked == "" || turnWord(c) == asked {
		return nil
	}
	was := "an earlier phase"
	if turn, phase, ok := strings.Cut(asked, "-"); ok {
		was = fmt.Sprintf("turn %s's %s phase", turn, phase)
		if campaign.Phase(phase) == campaign.PhaseSetup {
			was = "the set-up before the start" // turn 0 means nothing to a player
		}
	}
	if x.Asked != "" {
		return turnMoved{userError{fmt.Sprintf("this button was for %s, which has closed: it was not carried out. %s", was, openNow(c, "give its orders, then seal them with /orders ready or the newest message's button"))}}
	}
	return turnMoved{userError{fmt.Sprintf("%s closed while your command was on its way: it was not carried out. %s", was, openNow(c, "give it again if it still stands"))}}
}

// openNow says which phase of the campaign is open, for a command
// refused because the one it was for has closed; again is what to do
// when it is a turn's orders phase.
func openNow(c *campaign.Campaign, again string) string {
	switch c.Phase {
	case campaign.PhaseOrders:
		return fmt.Sprintf("It is turn %d's orders phase now: %s.", c.Turn, again)
	case campaign.PhaseSearches:
		return fmt.Sprintf("It is turn %d's search step now (drops were made): only searches may be given (/orders search) and sealed (/orders ready).", c.Turn)
	case campaign.PhaseBattles:
		return fmt.Sprintf("It is turn %d's battles phase now: orders open again once its battles are over.", c.Turn)
	case campaign.PhaseOver:
		return "The campaign is over."
	case campaign.PhaseSetup:
		return "The campaign has not started yet."
	}
	return fmt.Sprintf("It is turn %d's %s phase now.", c.Turn, c.Phase)
}

// phaseWord is the game turn and phase an End phase button's message
// said goes on.
func phaseWord(turn int, phase fmt.Stringer) string {
	return fmt.Sprintf("%d-%v", turn, phase)
}

// phaseStillAsked checks, as an End phase button ends the caller's
// phase of battle, that it is the phase its message named: an older
// message's button would end a phase the player has not played (his
// attacks, or the next turn's movement).
func (x *call) phaseStillAsked(battle, turn int, phase fmt.Stringer) error {
	if x.Asked == "" || phaseWord(turn, phase) == x.Asked {
		return nil
	}
	was := "an earlier phase"
	if t, p, ok := strings.Cut(x.Asked, "-"); ok {
		was = fmt.Sprintf("game turn %s's %s phase", t, p)
	}
	return userf("this End phase button was for %s; battle %d is in game turn %d's %v phase now: end it with /battle end or the newest message's button", was, battle, turn, phase)
}
