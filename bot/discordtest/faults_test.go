package discordtest

import (
	"errors"
	"net/http"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Ensure FailRandomly faults about the asked share of REST calls with the
// asked statuses, that discordgo waits out its 429s and retries them (so
// only the 500s reach the caller, as RESTErrors), and that stopping it
// stops the faults.
func TestFailRandomly(t *testing.T) {
	f := New(t, WithRetryAfter(time.Millisecond))
	s := dscSession(t, f)
	f.FailRandomly(0.3, []int{http.StatusInternalServerError, http.StatusTooManyRequests}, 42)
	const calls = 200
	failed := 0
	for i := 0; i < calls; i++ {
		_, err := s.UserChannelCreate("300000000000000001")
		var re *discordgo.RESTError
		switch {
		case err == nil:
		case errors.As(err, &re) && re.Response.StatusCode == http.StatusInternalServerError:
			failed++
		default:
			t.Fatalf("call %d: %v, want success or a 500 RESTError", i, err)
		}
	}
	got := f.Injected()
	if got[500] != failed {
		t.Errorf("%d calls failed with 500, the fake injected %d", failed, got[500])
	}
	if got[500] < calls/10 || got[429] < calls/10 {
		t.Errorf("injected %v over %d calls at rate 0.3: too few", got, calls)
	}
	if f.RateLimited() != got[429] {
		t.Errorf("RateLimited %d, injected 429s %d", f.RateLimited(), got[429])
	}
	f.FailRandomly(0, nil, 0)
	for i := 0; i < 20; i++ {
		if _, err := s.UserChannelCreate("300000000000000001"); err != nil {
			t.Fatalf("after the faults stopped: %v", err)
		}
	}
}

// Ensure DropEvery cuts a connected gateway repeatedly, that discordgo
// resumes each time without identifying again, and that stop ends it.
func TestDropEvery(t *testing.T) {
	t.Parallel()
	f := New(t)
	s := dscSession(t, f)
	if err := s.Open(); err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := f.WaitConnected(5 * time.Second); err != nil {
		t.Fatal(err)
	}
	stop := f.DropEvery(20 * time.Millisecond)
	f.MustWait(t, 10*time.Second, "three drops and resumes", func() bool {
		return f.Drops() >= 3 && f.Resumes() >= 3
	})
	stop()
	drops := f.Drops()
	f.MustWait(t, 10*time.Second, "the client back after the last drop", f.Connected)
	if got := f.Drops(); got != drops {
		t.Errorf("%d drops after stop, want %d", got, drops)
	}
	if n := len(f.Identifies()); n != 1 {
		t.Errorf("%d IDENTIFYs, want 1: every reconnect must be a RESUME", n)
	}
}
