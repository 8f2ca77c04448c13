package campaign

import "bfbot/referee"

// spendChits carries into the campaign the variation chits a battle used
// up, so that they do not come back in the next one (ruling CB16): a
// Firepower chit may be used "only once" (000 line 1318); an Extra 'Mech
// chit that absorbed a damage step "is removed" (line 1304), and repair
// mends damaged lances but creates no new 'Mech (line 2667); a dropped
// bomb load is gone, and the campaign rules have no resupply for it
// (bombs are a purchase, line 2068).
func spendChits(cu *Unit, u *referee.Unit) {
	if u.FirepowerUsed {
		cu.Lance.Chits.Firepower = 0
	}
	if u.ExtraMechUsed {
		cu.Lance.Chits.ExtraMech = false
	}
	if u.BombDropped {
		cu.Lance.Chits.Bomb = 0
	}
}
