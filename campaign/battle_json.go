package campaign

import "encoding/json"

// A battle's tactical map is big and is the sector's own, generated from
// its seed: the JSON form of a Battle leaves it out, and Restore puts it
// back after loading (the same seed gives the same map).

// MarshalJSON writes the battle with its state but without the state's
// tactical map.
func (b Battle) MarshalJSON() ([]byte, error) {
	type plain Battle // no methods: no recursion
	p := plain(b)
	if b.State != nil {
		st := *b.State
		st.Map = nil
		p.State = &st
	}
	return json.Marshal(p)
}

// Restore re-attaches the tactical maps of the battles of a campaign read
// from JSON, regenerated from their sectors with the installations the
// setup tables built (Battle.Installations). It changes c in place (it
// completes a value just loaded) and is harmless on a campaign whose maps
// are attached. A scenario campaign's battle map is not a sector's: it
// stays off until RestoreWith builds it (scenario_battle.go).
func (c *Campaign) Restore() error { return c.RestoreWith(nil) }
