package command

import "bfbot/internal/usertext"

// shownNames makes the display names a request carries — the caller's
// and those of the people its options name — fit to show in a post:
// Discord gives them as each user set them, and the bot cannot refuse
// them as it refuses a name typed into it, so what usertext refuses is
// left out (usertext.Display). A name with nothing left is "a player",
// as Campaign.NameOf calls someone it does not know; none stays none.
func shownNames(r *Request) {
	r.User.Name = shownName(r.User.Name)
	for id, name := range r.Resolved {
		r.Resolved[id] = shownName(name)
	}
}

func shownName(name string) string {
	if s := usertext.Display(name); s != "" || name == "" {
		return s
	}
	return "a player"
}
