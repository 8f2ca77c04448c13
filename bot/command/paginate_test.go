package command

import (
	"context"
	"maps"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"bfbot/campaign/forces"
)

// maxMessage is what Discord shows of a message's text.
const maxMessage = 2000

// cmdAllPages runs a command and follows its "Page N ▶" buttons to the
// end, failing on any reply over a Discord message; it returns the texts
// of the pages.
func (f *cmdFixture) cmdAllPages(t *testing.T, user, name, sub string, kv ...string) []string {
	t.Helper()
	out := f.cmdMust(user, name, sub, kv...)
	var texts []string
	for range 50 {
		var next string
		for _, r := range out {
			if n := utf8.RuneCountInString(r.Text); n > maxMessage {
				t.Errorf("/%s %s %v: a reply of %d characters: %.80q…", name, sub, kv, n, r.Text)
			}
			texts = append(texts, r.Text)
			for _, b := range r.Buttons {
				if strings.HasSuffix(b.Label, "▶") {
					next = b.CustomID
				}
			}
		}
		if next == "" {
			return texts
		}
		req := cmdRequest(user, "", "")
		req.Component = next
		out = f.reg.Dispatch(context.Background(), req)
	}
	t.Fatalf("/%s %s: more than 50 pages", name, sub)
	return nil
}

// Ensure every answer of /help, /rules, /force show and /force roster
// fits a Discord message, page by page, and paging loses nothing: the
// pages hold every line of the whole text.
func TestRepliesFitDiscord(t *testing.T) {
	f := cmdNewFixture(t, true)
	overview := f.cmdAllPages(t, "mallory", "help", "")
	if len(overview) != 1 {
		t.Errorf("/help takes %d pages; the overview fits one message", len(overview))
	}
	names := map[string]bool{}
	for _, s := range f.reg.specs {
		names[s.Name] = true
		f.cmdAllPages(t, "mallory", "help", "", "command", commandName(s))
	}
	for n := range names {
		f.cmdAllPages(t, "mallory", "help", "", "command", n)
	}
	for topic := range ruleTopics {
		f.cmdAllPages(t, "mallory", "rules", "", "topic", topic)
	}
	f.cmdAllPages(t, "alice", "force", "show")
	pages := f.cmdAllPages(t, "ref", "force", "show")
	if len(pages) < 2 {
		t.Errorf("the referee's /force show of both regiments is %d page(s); the test means to page", len(pages))
	}
	c, _ := f.store.Get(context.Background(), 1)
	all := strings.Join(pages, "\n")
	for _, s := range c.Sides {
		for _, u := range s.Units {
			if !strings.Contains(all, unitLine(u)) {
				t.Errorf("the pages of /force show lack %q", unitLine(u))
			}
		}
	}
	for _, id := range forces.BuiltInIDs {
		f.cmdAllPages(t, "mallory", "force", "roster", "regiment", id)
	}
}

// Ensure pages split at line ends, and a line longer than a page is cut
// rather than sent whole.
func TestSplitPages(t *testing.T) {
	line := strings.Repeat("x", 99) + "\n"
	pages := splitPages(strings.Repeat(line, 40))
	if len(pages) != 3 || !strings.HasSuffix(pages[0], "x") || utf8.RuneCountInString(pages[0]) > maxPage {
		t.Errorf("40 lines of 100 in %d pages, the first %d characters", len(pages), len(pages[0]))
	}
	long := splitPages(strings.Repeat("é", 2*maxPage+5))
	if len(long) != 3 || utf8.RuneCountInString(long[0]) != maxPage {
		t.Errorf("a line of %d characters in %d pages", 2*maxPage+5, len(long))
	}
	if got := splitPages(""); len(got) != 1 || got[0] != "" {
		t.Errorf("empty text: %q", got)
	}
}

// Ensure /battle view of a whole battle fits Discord page by page, names
// the sides by name, and sends its map with the first page only.
func TestBattleViewFitsDiscord(t *testing.T) {
	f, id := cmdBattle(t)
	for _, user := range []string{"alice", "bob"} {
		pages := f.cmdAllPages(t, user, "battle", "view", "battle", strconv.Itoa(id))
		all := strings.Join(pages, "\n")
		if strings.Contains(all, "  crucis ") || strings.Contains(all, "  bandits ") {
			t.Errorf("%s's /battle view names a side by its id:\n%s", user, all)
		}
		if !strings.Contains(all, "7th Crucis Lancers:\n") && !strings.Contains(all, "Moore's Bandits:\n") {
			t.Errorf("%s's /battle view has no side heading:\n%s", user, all)
		}
	}
	out := f.cmdMust("alice", "battle", "view", "battle", strconv.Itoa(id), "page", "2")
	if len(out) != 1 || len(out[0].Files) != 0 {
		t.Errorf("page 2 of /battle view: %d replies, the first with %d files; want the list alone", len(out), len(out[0].Files))
	}
}

// Ensure a long reply goes out as several messages to the same reader,
// in order, with its button and ping once.
func TestSplitLong(t *testing.T) {
	text := strings.TrimSuffix(strings.Repeat(strings.Repeat("x", 99)+"\n", 40), "\n")
	in := []Reply{{To: DM, User: "alice", Text: text, Ping: []string{"1"}, Buttons: []Button{{Label: "Ready", CustomID: "r"}}}, {To: Public, Text: "short"}}
	out := splitLong(in)
	if len(out) != 4 {
		t.Fatalf("%d replies, want 3 parts and the short one", len(out))
	}
	var joined []string
	for i, r := range out[:3] {
		if r.To != DM || r.User != "alice" || utf8.RuneCountInString(r.Text) > maxPage {
			t.Errorf("part %d: %+v", i, r)
		}
		if (len(r.Ping) > 0) != (i == 0) || (len(r.Buttons) > 0) != (i == 2) {
			t.Errorf("part %d: ping %v, buttons %v; want the ping on the first, the button on the last", i, r.Ping, r.Buttons)
		}
		joined = append(joined, r.Text)
	}
	if strings.Join(joined, "\n") != text || out[3].Text != "short" {
		t.Error("the parts do not make the whole text in order")
	}
}

// Ensure a page button carries every option that chose the text — the
// referee's /battle view side:X has two, and a later page that kept only
// the battle would fall back to the referee's whole view — through its
// custom ID and back into the command it runs.
func TestPageButtonKeepsEveryOption(t *testing.T) {
	id, err := pageButton("battle", "view", 2, 7, "battle", "3", "side", "bandits", "unit", "").Encode()
	if err != nil {
		t.Fatal(err)
	}
	b, err := DecodeButton(id)
	if err != nil {
		t.Fatal(err)
	}
	req := b.request(cmdRequest("ref", "", ""))
	want := map[string]string{"page": "2", "campaign": "7", "battle": "3", "side": "bandits"}
	if req.Name != "battle" || req.Sub != "view" || !maps.Equal(req.Options, want) {
		t.Errorf("page button %s runs /%s %s %v, want /battle view %v", id, req.Name, req.Sub, req.Options, want)
	}
	// Names with any character come back as they were.
	for _, name := range []string{"St. Ives Lancers", "Moore's Bandits", "-", "Kurita – 3rd"} {
		id, err := pageButton("force", "roster", 2, 7, "regiment", name).Encode()
		if err != nil {
			t.Errorf("page button for regiment %q: %v", name, err)
			continue
		}
		b, err := DecodeButton(id)
		if err != nil {
			t.Fatal(err)
		}
		if got := b.request(cmdRequest("ref", "", "")).Options["regiment"]; got != name {
			t.Errorf("regiment %q comes back from its page button as %q", name, got)
		}
	}
	for _, bad := range []string{"bf1|page|7|0|battle|view|2|side", "bf1|page|7|0|battle|view"} {
		if _, err := DecodeButton(bad); err == nil {
			t.Errorf("DecodeButton(%q): no error for an option without its value", bad)
		}
	}
}
