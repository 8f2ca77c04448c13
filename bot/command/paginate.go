package command

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"unicode/utf8"
)

// maxPage is the most characters of reply text one page holds. Discord
// shows 2,000 characters in a message; the adapter may add a notice and
// mentions before the text and escapes markdown in it, so a page leaves
// room for both. A longer reply would reach the reader cut short, with
// the rest in a file to download.
const maxPage = 1800

// pageOption is the option of a command whose answer may be paged.
var pageOption = Option{Name: "page", Description: "which page of a long answer", Type: Integer}

// splitPages cuts text into pages of at most maxPage characters, at line
// ends where it can (a single longer line is cut between characters).
func splitPages(text string) []string {
	var pages []string
	var b strings.Builder
	n := 0
	flush := func() {
		if b.Len() > 0 {
			pages = append(pages, strings.TrimRight(b.String(), "\n"))
			b.Reset()
			n = 0
		}
	}
	for _, line := range strings.SplitAfter(text, "\n") {
		l := utf8.RuneCountInString(line)
		if n+l > maxPage {
			flush()
		}
		for l > maxPage {
			r := []rune(line)
			pages = append(pages, string(r[:maxPage]))
			line = string(r[maxPage:])
			l -= maxPage
		}
		b.WriteString(line)
		n += l
	}
	flush()
	if len(pages) == 0 {
		pages = []string{""}
	}
	return pages
}

// paged is the private reply showing one page of text, with "page N of
// M" and buttons to the pages before and after. The buttons run the same
// command (name, sub) with page:N and the options that chose the text,
// given as name, value pairs (an empty value is left out). The page
// option is the x's "page"; a page past the end shows the last. files (a
// map) go with the page shown.
func (x *call) paged(text string, opts []string, files ...File) Reply {
	pages := splitPages(text)
	p, _ := x.integer("page")
	p = min(max(p, 1), len(pages))
	if len(pages) == 1 {
		return x.private(pages[0], files...)
	}
	rp := x.private(pages[p-1]+"\n(page "+strconv.Itoa(p)+" of "+strconv.Itoa(len(pages))+")", files...)
	var campaign int64
	if x.c != nil {
		campaign = x.c.ID
	}
	for _, to := range []struct {
		label string
		page  int
	}{{"◀ Page " + strconv.Itoa(p-1), p - 1}, {"Page " + strconv.Itoa(p+1) + " ▶", p + 1}} {
		if to.page < 1 || to.page > len(pages) {
			continue
		}
		rp.Buttons = append(rp.Buttons, button(to.label, false, pageButton(x.Name, x.Sub, to.page, campaign, opts...))...)
	}
	return rp
}

// splitLong sends each reply too long for one Discord message as several
// messages to the same reader, cut at line ends (splitPages), in order;
// buttons and files go with the last. Unlike paged, nothing waits for a
// button: a campaign turn's events are read through.
func splitLong(rs []Reply) []Reply {
	var out []Reply
	for _, r := range rs {
		pages := splitPages(r.Text)
		for i, p := range pages {
			part := r
			part.Text = p
			if i < len(pages)-1 {
				part.Buttons, part.Files, part.Embeds = nil, nil, nil
			}
			if i > 0 {
				part.Ping = nil // one notification is enough
			}
			out = append(out, part)
		}
	}
	return out
}

// pageButton is the ButtonID of page of a command's reply; opts are
// option name, value pairs.
func pageButton(name, sub string, page int, campaign int64, opts ...string) ButtonID {
	args := []string{name, dash(sub), strconv.Itoa(page)}
	for i := 0; i+1 < len(opts); i += 2 {
		if opts[i+1] != "" {
			args = append(args, opts[i], dash(opts[i+1]))
		}
	}
	return ButtonID{Action: ButtonPage, Campaign: campaign, Args: args}
}

// dash and undash write a page button's argument: "-" for none, else
// every byte but a letter or digit as %XX, so that any name (a
// regiment's "St. Ives", a side's "Moore's Bandits") goes into a custom
// ID and comes back as it was.
func dash(s string) string {
	if s == "" {
		return "-"
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}

func undash(s string) string {
	if s == "-" {
		return ""
	}
	if u, err := url.PathUnescape(s); err == nil {
		return u
	}
	return s // a hand-made button: the command refuses the value
}

// pageRequest is the command a page button stands for (ButtonPage).
func (b ButtonID) pageRequest(n *Request) *Request {
	n.Name, n.Sub = b.Args[0], undash(b.Args[1])
	n.Options = map[string]string{"page": b.Args[2]}
	if b.Campaign > 0 {
		n.Options["campaign"] = strconv.FormatInt(b.Campaign, 10)
	}
	for i := 3; i+1 < len(b.Args); i += 2 {
		n.Options[b.Args[i]] = undash(b.Args[i+1])
	}
	return n
}
