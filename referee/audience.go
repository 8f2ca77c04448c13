package referee

import (
	"fmt"
	"slices"
	"strings"
)

// ownerAndProbers is who may know a unit's damage and values: its own
// side and every side whose AEP has read it (000 lines 1342–1353; ruling R10).
func (b *battle) ownerAndProbers(u *Unit) []string {
	out := []string{u.Side}
	for side, known := range b.s.Known {
		if side != u.Side && known[u.ID]&KnowValues != 0 {
			out = append(out, side)
		}
	}
	slices.Sort(out[1:]) // map order is random; events must not be
	return out
}

// RefereeAudience is the pseudo side ID that addresses an event to the
// referee alone (the campaign's referee notes, R11). No side may take it
// (ReservedSideID), so a side's players can never read the referee's
// notes (ruling SE3).
const RefereeAudience = "referee"

// reservedSideIDs are the names the bot gives a meaning of its own where
// side IDs are used: audiences (the referee's notes), addressees of
// replies (public, private, dm), viewers (referee, spectator), the
// console's --ai list (all, both) and Discord's mass mentions (everyone,
// here). A side that took one would be read as that meaning (ruling SE3).
var reservedSideIDs = []string{RefereeAudience, "public", "private", "dm", "all", "both", "none", "nobody", "spectator", "everyone", "here"}

// ReservedSideID reports whether id, in any case, is one of the names no
// side may take (ruling SE3).
func ReservedSideID(id string) bool {
	return slices.Contains(reservedSideIDs, strings.ToLower(strings.TrimSpace(id)))
}

// ReservedSideIDError is the refusal of a reserved side ID, naming what
// to do instead ("\"referee\" is reserved: …", for the caller to put
// after the field's name); nil when id is free.
func ReservedSideIDError(id string) error {
	if !ReservedSideID(id) {
		return nil
	}
	return fmt.Errorf("%q is reserved: the bot uses %s for itself, so a side with it would read the referee's notes or be taken for another addressee; choose another id, e.g. %s-force", id, strings.Join(reservedSideIDs, ", "), strings.ToLower(strings.TrimSpace(id)))
}
