package referee

import (
	"fmt"
	"strconv"
	"strings"

	"bfbot/internal/cite"
)

// Variation chits by name, as scenario files, regiment files and purchase
// lists write them (000 lines 1279–1353): firepower+N and armor+N, recon,
// ecm, aep, extra-mech, jump and bombN.

// ParseChits reads chit names for a counter of class cl. Each kind is
// held once but jump, which a lance may hold more than once (an Assault
// lance needs two); jump only on 'Mech lances (line 1310), bombs only on
// air lances (line 1288) and in fives (line 2186). On a bad name it returns the
// name's index with the error.
func ParseChits(names []string, cl Class) (Chits, int, error) {
	var c Chits
	seen := map[string]bool{}
	for i, raw := range names {
		s := strings.ToLower(strings.ReplaceAll(raw, " ", ""))
		kind, num := s, ""
		for _, prefix := range []string{"firepower+", "armor+", "bomb"} {
			if rest, ok := strings.CutPrefix(s, prefix); ok {
				kind, num = strings.TrimSuffix(prefix, "+"), rest
			}
		}
		if kind == "extramech" || kind == "extra'mech" {
			kind = "extra-mech"
		}
		if kind != "jump" && seen[kind] {
			return c, i, fmt.Errorf("a counter holds one %s chit (%s)", kind, cite.Span(1279, 1353))
		}
		seen[kind] = true
		value := 0
		if kind == "firepower" || kind == "armor" || kind == "bomb" {
			v, err := strconv.Atoi(num)
			if err != nil || v < 1 || v > 99 || len(num) > 2 {
				return c, i, fmt.Errorf("%q: write the chit's number, e.g. firepower+2, armor+2, bomb5", raw)
			}
			value = v
		}
		switch kind {
		case "firepower":
			c.Firepower = value
		case "armor":
			c.Armor = value
		case "bomb":
			if value%5 != 0 {
				return c, i, fmt.Errorf("%q: bomb points come in fives (%s)", raw, cite.Book(1288))
			}
			if cl.Kind() != KindAir {
				return c, i, fmt.Errorf("bombs are carried by air lances; this counter is %s (mines are bought for a side)", cl.Info().Name)
			}
			c.Bomb = value
		case "recon":
			c.Recon = true
		case "ecm":
			c.ECM = true
		case "aep":
			c.AEP = true
		case "extra-mech":
			c.ExtraMech = true
		case "jump":
			if cl.Kind() != KindMech {
				return c, i, fmt.Errorf("jump chits make 'Mech lances jump (%s); this counter is %s", cite.Book(1310), cl.Info().Name)
			}
			c.Jump++
		default:
			return c, i, fmt.Errorf("unknown chit %q: use firepower+N, armor+N, recon, ecm, aep, extra-mech, jump or bombN", raw)
		}
	}
	return c, 0, nil
}

// Names lists the chits as ParseChits reads them, in a fixed order.
func (c Chits) Names() []string {
	var out []string
	if c.Firepower > 0 {
		out = append(out, fmt.Sprintf("firepower+%d", c.Firepower))
	}
	if c.Armor > 0 {
		out = append(out, fmt.Sprintf("armor+%d", c.Armor))
	}
	for _, f := range []struct {
		has  bool
		name string
	}{{c.Recon, "recon"}, {c.ECM, "ecm"}, {c.AEP, "aep"}, {c.ExtraMech, "extra-mech"}} {
		if f.has {
			out = append(out, f.name)
		}
	}
	for range c.Jump {
		out = append(out, "jump")
	}
	if c.Bomb > 0 {
		out = append(out, fmt.Sprintf("bomb%d", c.Bomb))
	}
	return out
}
