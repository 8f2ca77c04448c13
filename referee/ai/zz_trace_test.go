package ai_test

import (
	"os"
	"strconv"
	"testing"

	"bfbot/referee/ai"
)

func TestTraceTruce(t *testing.T) {
	kind := os.Getenv("TR_KIND")
	b, _ := strconv.Atoi(os.Getenv("TR_BATTLE"))
	seat, _ := strconv.Atoi(os.Getenv("TR_SEAT"))
	pl, _ := ai.ParsePlayLevel(os.Getenv("TR_PL"))
	ol, _ := ai.ParsePlayLevel(os.Getenv("TR_OL"))
	r := playTournamentGame(t, kind, uint64(b), 1000+uint64(b), seat, pl, ol)
	t.Logf("stalled %d truces %d", r.stalled, r.truces)
}
