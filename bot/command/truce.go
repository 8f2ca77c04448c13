package command

import (
	"fmt"
	"slices"

	"bfbot/campaign"
	"bfbot/internal/english"
	"bfbot/referee"
)

// /battle truce: a side offers to end the battle as it stands, or
// accepts the offers standing (ruling V18). The offer is public: made at
// once, it is told in the battle's thread, again as the turn of a side
// that may accept it begins (BattleReplies), and in /battle status and
// /battle view. An acceptance ends the battle, so it is asked first, as
// a surrender is, and the question's button accepts only
// (truceStillMeant).
// What the battle's result would be is not said: the score counts what
// the caller's side may not know (the enemy's victory points, units it
// has not seen), so the question says only how it is scored.
// Whether an offer ends the battle, and whose offers the truce awaits,
// are the referee's (the truce tried on a copy, dryRun, and
// State.TruceAwaited): with three sides or more the truce waits only for
// the sides in sight and needs two offers (ruling V18), which the command
// does not work out again. Both are built from what every side knows,
// the offers and the units every side sees, so no text here tells of a
// hidden unit.

// trucePrompt answers /battle truce before it acts: the engine's refusal
// (in the deployment, an offer already standing, the battle over), or,
// when the caller's offer would end the battle and confirm:true is not
// given, the question. asked is false when the truce is to be made.
func (x *call) trucePrompt(b *campaign.Battle, a referee.Action) (out []Reply, asked bool, err error) {
	ns, _, err := dryRun(b, a)
	if err != nil {
		return nil, true, err
	}
	if ns.Phase != referee.PhaseOver || x.flag("confirm") {
		return nil, false, nil
	}
	field := "both sides holding the field"
	if len(b.State.Sides) > 2 {
		field = "every side still in the field holding it"
	}
	text := fmt.Sprintf("%s to end battle %d as it stands (ruling V18). Accepting ends it now, scored as at its turn limit: the victory points as they stand, %s. Accept with the button or /battle truce battle:%d confirm:true.",
		offerText(truceOffering(x.c, b.State)), b.ID, field, b.ID)
	return []Reply{{To: Private, User: x.User.ID, Campaign: x.c.ID, Battle: int64(b.ID), Text: text,
		Buttons: button("End the battle", true, ButtonID{Action: ButtonTruce, Campaign: x.c.ID, Battle: b.ID})}}, true, nil
}

// truceStillMeant checks, as the truce is made, that it does what the
// caller was asked or meant: confirm:true (the question's button)
// accepts, so it is refused when the truce would not end the battle (an
// attack withdrew the offer since, or, with three sides or more, another
// side's offer is still awaited); without it the caller offers, so it is
// refused when offers made since would turn the offer into an acceptance
// that ends the battle unasked.
func (x *call) truceStillMeant(b *campaign.Battle, a referee.Action) error {
	if b == nil || b.State == nil {
		return nil // the engine says what is wrong
	}
	ns, _, err := dryRun(b, a)
	if err != nil {
		return nil // the engine says it again
	}
	ends := ns.Phase == referee.PhaseOver
	offering := truceOffering(x.c, b.State)
	switch {
	case x.flag("confirm") && !ends && len(offering) == 0:
		return userf("no offer to end battle %d stands for you to accept: an attack withdrew it, or none was made. /battle truce without confirm offers one of your own", b.ID)
	case x.flag("confirm") && !ends:
		who, _ := awaitedNames(x.c, ns)
		return userf("%s to end battle %d, but your truce would not end it: %s must accept too (ruling V18). /battle truce without confirm makes your offer", offerText(offering), b.ID, who)
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
	who, plural := awaitedNames(x.c, b.State)
	offers, by := who+" offers", "either side"
	if plural {
		offers = who + " offer"
	}
	if len(b.State.Sides) > 2 {
		by = "any side"
	}
	return []Reply{x.private(fmt.Sprintf("You offer to end battle %d as it stands (ruling V18). If %s too (/battle truce), the battle ends at once, scored as it stands; any attack, strafe or bomb run by %s withdraws your offer. Until then the battle goes on as before.",
		b.ID, offers, by))}
}

// truceStanding is the line that tells anyone an offer stands in the
// battle s, and who may accept it; "" when none does.
func truceStanding(c *campaign.Campaign, s *referee.State) string {
	offering := truceOffering(c, s)
	if len(offering) == 0 || s.Phase == referee.PhaseOver {
		return ""
	}
	who, plural := awaitedNames(c, s)
	accept := who + " may accept with /battle truce"
	if plural {
		accept = "it ends once " + who + " have each accepted with /battle truce"
	}
	return fmt.Sprintf("%s to end the battle as it stands (ruling V18): %s; any attack withdraws the offer.", offerText(offering), accept)
}

// truceAwaits reports whether the truce standing in s awaits side's
// offer (State.TruceAwaited).
func truceAwaits(s *referee.State, side string) bool {
	ids, _ := s.TruceAwaited()
	return slices.Contains(ids, side)
}

// truceOffering are the names of the sides whose offer stands (public:
// ViewSide.OffersTruce).
func truceOffering(c *campaign.Campaign, s *referee.State) []string {
	var names []string
	for _, sd := range s.Sides {
		if sd.OffersTruce {
			names = append(names, c.SideName(sd.ID))
		}
	}
	return names
}

// awaitedNames names the sides whose offers the truce in s awaits
// (State.TruceAwaited): "Bandits"; "Raiders and Bandits", each of whom
// must offer (plural); "Raiders or Bandits", any one of whom ends the
// battle.
func awaitedNames(c *campaign.Campaign, s *referee.State) (who string, plural bool) {
	ids, each := s.TruceAwaited()
	names := make([]string, len(ids))
	for i, id := range ids {
		names[i] = c.SideName(id)
	}
	if each && len(names) > 1 {
		return english.List(names), true
	}
	return english.Or(names), false
}

// offerText is "Lancers offers", "Lancers and Bandits offer".
func offerText(sides []string) string {
	if len(sides) == 1 {
		return sides[0] + " offers"
	}
	return english.List(sides) + " offer"
}
