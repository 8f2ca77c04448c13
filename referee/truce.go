package referee

import (
	"fmt"

	"bfbot/internal/english"
)

// A battle ends by agreement (ruling V18): a side may offer to end it as
// it stands, and once every side still in it has an offer standing it
// ends, scored as its turn limit would score it (V17) — the victory
// points, the field and the salvage as they are. The book ends a campaign
// battle only when one side's units alone are left (000 line 2661) and
// leaves the rest to what the players agree (000 lines 554, 2733); two
// sides that can no longer reach each other, or will not, would otherwise
// play empty turns to a limit. An offer stands until any side attacks —
// any attack rolled on the CRT: fire, a close assault, an ambush, an
// overrun, a strafe, a bomb run, fire at a drop — since fighting on is the
// answer to it; mines and exploding ammunition are nobody's choice and
// leave it. Any side may offer at any time after the deployment, as it
// may surrender; the offer and its lapse are public.
//
// With three sides or more (a scenario file's), one may be gone while
// the others fight on (V5 ends the battle only when one is left): the
// truce waits only for the sides with a unit on the board that every
// side sees (truceWaits), and needs two offers at least. Hidden units,
// drops and units still to come, though they keep a side in the battle
// for V5, do not make the truce wait for it: waiting would tell its
// enemies they are there. A side the truce does not wait for may still
// offer, and its offer counts: with two sides the truce always needs
// both offers.

// truceError says why side may not offer a truce now.
func truceError(s *State, side *Side) error {
	switch {
	case s.Phase == PhaseDeploy:
		return illegal("a truce may be offered once the battle has begun")
	case side.OffersTruce:
		return illegal("%s has already offered to end the battle; the offer stands until the battle ends by agreement or an attack is made", side.Name)
	}
	return nil
}

// truce records the acting side's offer, and ends the battle when the
// truce then holds (truceAgreed).
func (b *battle) truce() error {
	side := b.s.Side(b.side)
	if err := truceError(b.s, side); err != nil {
		return err
	}
	side.OffersTruce = true
	if b.s.truceAgreed() {
		b.emit(Event{Type: "truce", Text: fmt.Sprintf("%s accepts the offer to end the battle as it stands (ruling V18)", side.Name)})
		b.finish(b.s.truceWhy())
		return nil
	}
	b.emit(Event{Type: "truce", Text: fmt.Sprintf("%s offers to end the battle as it stands (ruling V18); %s, and any attack withdraws the offer", side.Name, b.s.truceToAccept())})
	return nil
}

// truceHolds ends the battle after an action that was no offer when the
// truce holds all the same: the last unit in sight of a side that had
// made none left the board (it withdrew, or mines took it).
func (b *battle) truceHolds() {
	if b.s.Phase != PhaseOver && b.s.truceAgreed() {
		b.finish(b.s.truceWhy())
	}
}

// truceAgreed reports whether the battle ends by agreement: two sides at
// least have an offer standing, and every side the truce waits for is
// one of them.
func (s *State) truceAgreed() bool {
	if s.Phase == PhaseDeploy {
		return false // no unit is in sight yet, so the truce would wait for no side
	}
	offers := 0
	for i := range s.Sides {
		if s.Sides[i].OffersTruce {
			offers++
		}
	}
	if offers < 2 {
		return false
	}
	for i := range s.Sides {
		if sd := &s.Sides[i]; !sd.OffersTruce && s.truceWaits(sd.ID) {
			return false
		}
	}
	return true
}

// truceWaits reports whether the truce waits for side's offer: it has an
// active unit on the board that every side sees (viewShows). Nothing
// hidden decides it, so the truce tells no side what it may not know.
func (s *State) truceWaits(side string) bool {
	for _, u := range s.Units {
		if u.Side == side && u.Status == Active && s.viewShows(u) {
			return true
		}
	}
	return false
}

// TruceAwaited lists the sides whose offers the truce now awaits (V18):
// every side it waits for that has made none, each of whom must offer
// (each); when it waits for none, every side without an offer, any one
// of whose offers ends the battle. It is built from what every side
// knows (the offers and truceWaits are public), so any side may be told
// it; it is meant while an offer stands.
func (s *State) TruceAwaited() (sides []string, each bool) {
	var waited, others []string
	for i := range s.Sides {
		switch sd := &s.Sides[i]; {
		case sd.OffersTruce:
		case s.truceWaits(sd.ID):
			waited = append(waited, sd.ID)
		default:
			others = append(others, sd.ID)
		}
	}
	if len(waited) > 0 {
		return waited, true
	}
	return others, false
}

// truceToAccept says who may accept the offers standing (TruceAwaited).
func (s *State) truceToAccept() string {
	ids, each := s.TruceAwaited()
	names := make([]string, len(ids))
	for i, id := range ids {
		names[i] = s.Side(id).Name
	}
	if each && len(names) > 1 {
		return fmt.Sprintf("the battle ends once %s have each accepted with truce (/battle truce)", english.List(names))
	}
	return english.Or(names) + " may accept with truce (/battle truce)"
}

// truceWhy is the reason the battle ends by agreement: who agreed, and,
// when some side did not, that the truce did not wait for it.
func (s *State) truceWhy() string {
	var agreed, gone []string
	for _, sd := range s.Sides {
		if sd.OffersTruce {
			agreed = append(agreed, sd.Name)
		} else {
			gone = append(gone, sd.Name)
		}
	}
	why := english.List(agreed) + " agreed to end the battle as it stands"
	switch {
	case len(gone) == 1:
		why += fmt.Sprintf(", and %s has no unit left in sight", gone[0])
	case len(gone) > 1:
		why += fmt.Sprintf(", and %s have no unit left in sight", english.List(gone))
	}
	return why + " (ruling V18)"
}

// truceLapses withdraws every offer standing: an attack has been made
// (attackRoll).
func (b *battle) truceLapses() {
	var names []string
	for i := range b.s.Sides {
		if sd := &b.s.Sides[i]; sd.OffersTruce {
			sd.OffersTruce = false
			names = append(names, sd.Name)
		}
	}
	if len(names) > 0 {
		b.emit(Event{Type: "truce", Text: fmt.Sprintf("the offer of %s to end the battle lapses: an attack was made (ruling V18)", english.List(names))})
	}
}
