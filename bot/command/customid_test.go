package command

import (
	"strings"
	"testing"
)

// Ensure every button encodes and decodes to itself, and turns into the
// command it stands for.
func TestButtonIDRoundTrip(t *testing.T) {
	for _, tc := range []struct {
		id        ButtonID
		name, sub string
		opts      map[string]string
		asked     string
	}{
		{ButtonID{Action: ButtonReady, Campaign: 3, Args: []string{"2-orders"}}, "orders", "ready", map[string]string{"campaign": "3"}, "2-orders"},
		{ButtonID{Action: ButtonEndPhase, Campaign: 3, Battle: 2, Args: []string{"1-set-up"}}, "battle", "end", map[string]string{"campaign": "3", "battle": "2"}, "1-set-up"},
		{ButtonID{Action: ButtonWithdraw, Campaign: 12, Battle: 4, Args: []string{"A7", "captured"}}, "battle", "withdraw", map[string]string{"campaign": "12", "battle": "4", "unit": "A7", "confirm": "true"}, "captured"},
		{ButtonID{Action: ButtonAutoResolve, Campaign: 1, Battle: 9}, "battle", "auto", map[string]string{"campaign": "1", "battle": "9"}, ""},
		{ButtonID{Action: ButtonAttack, Campaign: 1, Battle: 1, Args: []string{"A1", "B2", "close", "0", "attack"}}, "battle", "attack", map[string]string{"campaign": "1", "battle": "1", "unit": "A1", "target": "B2", "mode": "close", "confirm": "true"}, "attack"},
	} {
		t.Run(string(tc.id.Action), func(t *testing.T) {
			s, err := tc.id.Encode()
			if err != nil {
				t.Fatal(err)
			}
			got, err := DecodeButton(s)
			if err != nil {
				t.Fatalf("decode %q: %v", s, err)
			}
			if got.Action != tc.id.Action || got.Campaign != tc.id.Campaign || got.Battle != tc.id.Battle || strings.Join(got.Args, ",") != strings.Join(tc.id.Args, ",") {
				t.Errorf("decode(encode(%+v)) = %+v", tc.id, got)
			}
			r := got.request(cmdRequest("u", "", ""))
			if r.Name != tc.name || r.Sub != tc.sub || len(r.Options) != len(tc.opts) || r.Asked != tc.asked {
				t.Fatalf("request = /%s %s %v asked %q, want /%s %s %v asked %q", r.Name, r.Sub, r.Options, r.Asked, tc.name, tc.sub, tc.opts, tc.asked)
			}
			for k, v := range tc.opts {
				if r.Options[k] != v {
					t.Errorf("option %s = %q, want %q", k, r.Options[k], v)
				}
			}
		})
	}
}

// Ensure bad custom IDs and bad buttons are refused with an error, never
// decoded into something else.
func TestButtonIDErrors(t *testing.T) {
	for _, s := range []string{
		"", "bf1", "bf2|ready|1|0", "bf1|nuke|1|0", "bf1|ready|0|0", "bf1|ready|-1|0", "bf1|ready|01|0",
		"bf1|ready|1|x", "bf1|ready|1|0", "bf1|ready|1|0|1-orders|extra", "bf1|withdraw|1|1", "bf1|withdraw|1|1|A 1", "bf1|withdraw|1|1|",
		"bf1|ready|99999999999999999999|0", strings.Repeat("x", 101),
	} {
		t.Run(s, func(t *testing.T) {
			if b, err := DecodeButton(s); err == nil {
				t.Errorf("DecodeButton(%q) = %+v, want an error", s, b)
			}
		})
	}
	for _, b := range []ButtonID{
		{Action: "nuke", Campaign: 1},
		{Action: ButtonReady, Campaign: 0},
		{Action: ButtonWithdraw, Campaign: 1, Battle: 1},
		{Action: ButtonWithdraw, Campaign: 1, Battle: 1, Args: []string{"A|1", "away"}},
		{Action: ButtonWithdraw, Campaign: 1, Battle: 1, Args: []string{strings.Repeat("A", 100), "away"}},
	} {
		if s, err := b.Encode(); err == nil {
			t.Errorf("Encode(%+v) = %q, want an error", b, s)
		}
	}
}

// Ensure a pressed button runs its command with the same checks: a
// stranger's Ready is refused, a player's marks his orders ready.
func TestButtonPress(t *testing.T) {
	f := cmdNewFixture(t, true)
	id, err := ButtonID{Action: ButtonReady, Campaign: 1, Args: []string{"1-orders"}}.Encode()
	if err != nil {
		t.Fatal(err)
	}
	press := func(user string) string {
		r := cmdRequest(user, "", "")
		r.Component = id
		return cmdTexts(f.reg.Dispatch(t.Context(), r))
	}
	if got := press("mallory"); !strings.Contains(got, refusedWho) {
		t.Errorf("stranger pressed Ready: %s", got)
	}
	if got := press("alice"); !strings.Contains(got, "7th Crucis Lancers has sealed its orders") {
		t.Errorf("alice pressed Ready: %s", got)
	}
	r := cmdRequest("alice", "", "")
	r.Component = "bf1|ready|1"
	if got := cmdTexts(f.reg.Dispatch(t.Context(), r)); !strings.Contains(got, "not a bfbot button") {
		t.Errorf("bad custom id: %s", got)
	}
	// A Ready of the version before its message's turn was carried.
	r.Component = "bf1|ready|1|0"
	if got := cmdTexts(f.reg.Dispatch(t.Context(), r)); !strings.Contains(got, "(a button from an older version?): run the command instead") {
		t.Errorf("an older version's button: %s", got)
	}
}

func FuzzDecodeButton(f *testing.F) {
	f.Add("bf1|attack|1|1|A1|B2|close|0|attack")
	f.Add("bf1|ready|1|0|1-orders")
	f.Fuzz(func(t *testing.T, s string) {
		b, err := DecodeButton(s)
		if err != nil {
			return
		}
		again, err := b.Encode()
		if err != nil || again != s {
			t.Errorf("DecodeButton(%q) = %+v, which encodes to %q, %v", s, b, again, err)
		}
	})
}

// Ensure a button names the command its press runs, which the adapter
// reads to defer a slow one at once, and a page button none.
func TestButtonCommand(t *testing.T) {
	for _, c := range []struct {
		b         ButtonID
		name, sub string
	}{
		{ButtonID{Action: ButtonAutoResolve, Campaign: 1, Battle: 2}, "battle", "auto"},
		{ButtonID{Action: ButtonReady, Campaign: 1, Args: []string{"t1-orders"}}, "orders", "ready"},
		{ButtonID{Action: ButtonPage, Args: []string{"help", "-", "2"}}, "", ""},
	} {
		if name, sub := c.b.Command(); name != c.name || sub != c.sub {
			t.Errorf("%s: command %q %q, want %q %q", c.b.Action, name, sub, c.name, c.sub)
		}
	}
}
