package app

import "bfbot/bot/command"

// randomSeed seeds a new campaign's dice from the operating system's
// randomness.
func randomSeed() uint64 { return command.RandomSeed() }
