package command

import (
	"fmt"

	"bfbot/campaign"
	"bfbot/internal/english"
	"bfbot/referee"
)

// /battle truce: a side offers to end the battle as it stands, or
// accepts the enemy's offer (ruling V18). The offer is public: made at
// once, it is told in the battle's thread, again as the turn of a side
// that may accept it begins (BattleReplies), and in /battle status and
// /battle view. An acceptance ends the battle, so it is asked first, as
// a surrender is, and the question's button accepts only
// (truceStillMeant).
// What the battle's result would be is not said: the score counts what
// the caller's side may not know (the enemy's victory points, units it
// has not seen), so the question says only how it is scored.

// trucePrompt answers /battle truce before it acts: the engine's refusal
// (in the deployment, an offer already standing, the battle over), or,
// when the caller's offer would end the battle and confirm:true is not
// given, the question. asked is false when the truce is to be made.
func (x *call) trucePrompt(b *campaign.Battle, a referee.Action) (out []Reply, asked bool, err error) {
	if _, _, err := dryRun(b, a); err != nil {
		return nil, true, err
	}
	v := b.State.View(x.side.ID)
	offering, _ := truceSides(x.c, v)
	if len(offering) < len(v.Sides)-1 || x.flag("confirm") {
		return nil, false, nil
	}
	text := fmt.Sprintf("%s to end battle %d as it stands (ruling V18). Accepting ends it now, scored as at its turn limit: the victory points as they stand, both sides holding the field. Accept with the button or /battle truce battle:%d confirm:true.",
		offerText(offering), b.ID, b.ID)
	return []Reply{{To: Private, User: x.User.ID, Campaign: x.c.ID, Battle: int64(b.ID), Text: text,
		Buttons: button("End the battle", true, ButtonID{Action: ButtonTruce, Campaign: x.c.ID, Battle: b.ID})}}, true, nil
}

// truceStillMeant checks, as the truce is made, that it does what the
// caller was asked or meant: confirm:true (the question's button)
// accepts, so it is refused when no enemy offer stands any longer (an
// attack withdrew it since); without it the caller offers, so it is
// refused when an enemy offer made since would turn the offer into an
// acceptance that ends the battle unasked.
func (x *call) truceStillMeant(b *campaign.Battle) error {
	if b == nil || b.State == nil {
		return nil // the engine says what is wrong
	}
	offering, _ := truceSides(x.c, b.State.View(x.side.ID))
	ends := len(offering) >= len(b.State.Sides)-1 && !b.State.Side(x.side.ID).OffersTruce
	switch {
	case x.flag("confirm") && !ends:
		return userf("no offer to end battle %d stands for you to accept: an attack withdrew it, or none was made. /battle truce without confirm offers one of your own", b.ID)
	case !x.flag("confirm") && ends:
		return userf("%s to end battle %d meanwhile: your truce would accept it and end the battle now, scored as it stands. Accept with /battle truce battle:%d confirm:true", offerText(offering), b.ID, b.ID)
	}
	return nil
}

// truceOffered tells the caller what the offer he has just made means,
// or nothing when it ended the battle.
func (x *call) truceOffered(b *campaign.Battle) []Reply {
	if b == nil || b.Over || b.State == nil {
		return nil
	}
	_, accepting := truceSides(x.c, b.State.View(x.side.ID))
	return []Reply{x.private(fmt.Sprintf("You offer to end battle %d as it stands (ruling V18). If %s too (/battle truce), the battle ends at once, scored as it stands; any attack, strafe or bomb run by either side withdraws your offer. Until then the battle goes on as before.",
		b.ID, offerText(accepting)))}
}

// truceStanding is the line that tells anyone an offer stands in the
// battle v shows, and who may accept it; "" when none does.
func truceStanding(c *campaign.Campaign, v referee.View) string {
	offering, accepting := truceSides(c, v)
	if len(offering) == 0 || len(accepting) == 0 || v.Phase == referee.PhaseOver.String() {
		return ""
	}
	return fmt.Sprintf("%s to end the battle as it stands (ruling V18): %s may accept with /battle truce; any attack withdraws the offer.",
		offerText(offering), english.List(accepting))
}

// truceSides are the names of the sides whose offer stands and of those
// that have made none, as every side may know them (ViewSide.OffersTruce
// is public).
func truceSides(c *campaign.Campaign, v referee.View) (offering, accepting []string) {
	for _, s := range v.Sides {
		if s.OffersTruce {
			offering = append(offering, c.SideName(s.ID))
		} else {
			accepting = append(accepting, c.SideName(s.ID))
		}
	}
	return offering, accepting
}

// offerText is "Lancers offers", "Lancers and Bandits offer".
func offerText(sides []string) string {
	if len(sides) == 1 {
		return sides[0] + " offers"
	}
	return english.List(sides) + " offer"
}
