package discord

import (
	"io"
	"net/http"
	"strings"
	"time"
)

// Retries of REST calls Discord answers with a server error.
const (
	maxServerRetries = 2
	serverRetryWait  = 100 * time.Millisecond
)

// retryTransport repeats a REST call that Discord answered with a server
// error (500, 503, 504; discordgo retries 502 itself, and waits out 429s),
// but only where a repeat cannot do a thing twice: an interaction's
// callback (Discord refuses a second acknowledgement with 40060, so a
// callback that did land is not doubled) and the idempotent methods GET,
// PUT, PATCH and DELETE. A POST that creates a message is not repeated: a
// 500 after Discord stored it would post it twice. Without this, a 500 on
// the acknowledgement leaves the caller with "the application did not
// respond" while his command was carried out (bot/app fault_test.go).
type retryTransport struct {
	base http.RoundTripper
}

func (t *retryTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	resp, err := t.base.RoundTrip(r)
	for attempt := 1; attempt <= maxServerRetries && err == nil && retriable(r, resp.StatusCode); attempt++ {
		if r.Body != nil && r.GetBody == nil {
			break // the body cannot be sent again
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		select {
		case <-r.Context().Done():
			return nil, r.Context().Err()
		case <-time.After(time.Duration(attempt) * serverRetryWait):
		}
		again := r.Clone(r.Context())
		if r.GetBody != nil {
			if again.Body, err = r.GetBody(); err != nil {
				return nil, err
			}
		}
		resp, err = t.base.RoundTrip(again)
	}
	return resp, err
}

// retriable says whether a call answered with status may be repeated.
func retriable(r *http.Request, status int) bool {
	switch status {
	case http.StatusInternalServerError, http.StatusServiceUnavailable, http.StatusGatewayTimeout:
	default:
		return false
	}
	switch r.Method {
	case http.MethodGet, http.MethodPut, http.MethodPatch, http.MethodDelete:
		return true
	}
	return r.Method == http.MethodPost && strings.HasSuffix(r.URL.Path, "/callback")
}

// withServerRetries returns a copy of c whose transport retries server
// errors (retryTransport).
func withServerRetries(c *http.Client) *http.Client {
	if c == nil {
		c = http.DefaultClient
	}
	n := *c
	base := n.Transport
	if base == nil {
		base = http.DefaultTransport
	}
	n.Transport = &retryTransport{base: base}
	return &n
}
