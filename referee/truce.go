package referee

import (
	"fmt"
	"strings"
)

// A battle ends by agreement (ruling V18): a side may offer to end it as
// it stands, and once every side has an offer standing it ends, scored as
// its turn limit would score it (V17) — the victory points, the field and
// the salvage as they are. The book ends a campaign battle only when one
// side's units alone are left (000 line 2661) and leaves the rest to what
// the players agree (000 lines 554, 2733); two sides that can no longer
// reach each other, or will not, would otherwise play empty turns to a
// limit. An offer stands until either side attacks — any attack rolled
// on the CRT: fire, a close assault, an ambush, an overrun, a strafe, a
// bomb run, fire at a drop — since fighting on is the answer to it;
// mines and exploding ammunition are nobody's choice and leave it. Any
// side may offer at any time after the deployment, as it may surrender;
// the offer and its lapse are public.

// truceError says why side may not offer a truce now.
func truceError(s *State, side *Side) error {
	switch {
	case s.Phase == PhaseDeploy:
		return illegal("a truce may be offered once the battle has begun")
	case side.OffersTruce:
		return illegal("%s has already offered to end the battle; the offer stands until the enemy accepts it or an attack is made", side.Name)
	}
	return nil
}

// truce records the acting side's offer, and ends the battle when every
// other side has one standing.
func (b *battle) truce() error {
	side := b.s.Side(b.side)
	if err := truceError(b.s, side); err != nil {
		return err
	}
	side.OffersTruce = true
	for _, sd := range b.s.Sides {
		if !sd.OffersTruce {
			b.emit(Event{Type: "truce", Text: fmt.Sprintf("%s offers to end the battle as it stands (ruling V18); %s may accept with truce (/battle truce), and any attack withdraws the offer", side.Name, sd.Name)})
			return nil
		}
	}
	b.emit(Event{Type: "truce", Text: fmt.Sprintf("%s accepts the offer to end the battle as it stands (ruling V18)", side.Name)})
	b.finish("both sides agreed to end the battle as it stands (ruling V18)")
	return nil
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
		b.emit(Event{Type: "truce", Text: fmt.Sprintf("the offer of %s to end the battle lapses: an attack was made (ruling V18)", strings.Join(names, " and "))})
	}
}
