package campaign

import (
	"encoding/json"
	"fmt"
)

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
// are attached.
func (c *Campaign) Restore() error {
	for i := range c.Battles {
		b := &c.Battles[i]
		if b.State == nil || b.State.Map != nil {
			continue
		}
		m, err := c.sectorMap(b.Sector)
		if err != nil {
			return fmt.Errorf("battle %d: %w", b.ID, err)
		}
		if len(b.Installations) > 0 {
			// The setup tables' installations are not in the sector's
			// seed (ruling ST12): build them again.
			m = WithInstallations(m, b.Installations)
		}
		b.State.Map = m
	}
	return nil
}
