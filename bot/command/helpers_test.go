package command

import (
	"context"
	"strings"
	"testing"
	"time"
)

// cmdFixture is a registry on a fresh MemStore with campaign 1 created
// by "ref", "alice" playing crucis and "bob" bandits, started.
type cmdFixture struct {
	tb    testing.TB
	store *MemStore
	reg   *Registry
}

func cmdNewFixture(tb testing.TB, start bool) *cmdFixture {
	tb.Helper()
	f := &cmdFixture{tb: tb, store: NewMemStore(7)}
	// Every request of the fixture comes at the same instant, so the rate
	// limits (tested in ratelimit_test.go) are off here.
	f.reg = New(Deps{Store: f.store, ErrorID: func() string { return "test" }, RateLimits: RateLimits{Off: true}})
	f.cmdMust("ref", "campaign", "create", "name", "Test", "turn_limit", "3")
	f.cmdMust("alice", "campaign", "join", "side", "crucis")
	f.cmdMust("bob", "campaign", "join", "side", "bandits")
	if start {
		f.cmdMust("ref", "campaign", "start")
	}
	return f
}

// cmdRequest builds a request; kv are option name/value pairs.
func cmdRequest(user, name, sub string, kv ...string) *Request {
	r := &Request{User: User{ID: user, Name: user}, Guild: "g", Channel: "c", Name: name, Sub: sub, Options: map[string]string{}, Now: time.Unix(0, 0)}
	for i := 0; i+1 < len(kv); i += 2 {
		r.Options[kv[i]] = kv[i+1]
	}
	return r
}

func (f *cmdFixture) cmdDo(user, name, sub string, kv ...string) []Reply {
	f.tb.Helper()
	return f.reg.Dispatch(context.Background(), cmdRequest(user, name, sub, kv...))
}

// cmdMust runs a command and fails on a refusal or internal error.
func (f *cmdFixture) cmdMust(user, name, sub string, kv ...string) []Reply {
	f.tb.Helper()
	out := f.cmdDo(user, name, sub, kv...)
	for _, r := range out {
		if strings.HasPrefix(r.Text, "⚠") || strings.HasPrefix(r.Text, "Internal error") {
			f.tb.Fatalf("@%s /%s %s %v: %s", user, name, sub, kv, r.Text)
		}
	}
	return out
}

func cmdTexts(rs []Reply) string {
	var b strings.Builder
	for _, r := range rs {
		b.WriteString(string(r.To) + " " + r.User + ": " + r.Text + "\n")
	}
	return b.String()
}

// cmdAIOrders gives both sides of campaign 1 the AI's orders as their
// players' commands (alice crucis, bob bandits) and seals them.
func (f *cmdFixture) cmdAIOrders(rules *Rules) {
	f.tb.Helper()
	c, _ := f.store.Get(context.Background(), 1)
	for i, s := range c.Sides {
		user := map[string]string{"crucis": "alice", "bandits": "bob"}[s.ID]
		cur, _ := f.store.Get(context.Background(), 1)
		for _, o := range rules.AIOrders(cur, s.ID, uint64(i)) {
			name, sub, opts := OrderCommand(o)
			var kv []string
			for k, v := range opts {
				kv = append(kv, k, v)
			}
			f.cmdMust(user, name, sub, kv...)
		}
		f.cmdMust(user, "orders", "ready")
	}
}
