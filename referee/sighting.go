package referee

// STUB — replaced by the sighting work (issue 3, item 5).

// sight runs the sighting phase for every side.
func (b *battle) sight() {}
