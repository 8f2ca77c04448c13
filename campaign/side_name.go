package campaign

// SideName is the name people read for side id: its regiment's name
// ("Moore's Bandits"), never the id ("bandits") where a sentence names
// the side. An id the campaign does not hold is returned as it is.
func (c *Campaign) SideName(id string) string {
	if s := c.Side(id); s != nil && s.Name != "" {
		return s.Name
	}
	return id
}
