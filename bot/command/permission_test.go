package command

import (
	"strings"
	"testing"
)

// cmdWho is who may run each command, written out by hand so that a
// spec whose Who or Where changes fails here: "anyone", "player" (a
// side's players), "reads" (players, and the referee to look), "seats"
// (players for themselves, the referee for anyone), "referee", "manages"
// (the referee, or a manager of the campaign's server: ruling SEAT5);
// a "guild:" prefix means server channels only.
var cmdWho = map[string]string{
	"battle attack": "player", "battle auto": "referee", "battle jump": "player", "battle place": "player", "battle deploy": "player", "battle end": "player",
	"battle move": "player", "battle overburn": "player", "battle pickup": "player", "battle rally": "player", "battle refuse": "player",
	"battle retreat": "player", "battle status": "anyone", "battle surrender": "player", "battle truce": "player", "battle view": "reads",
	"battle withdraw": "player", "battle strafe": "player", "battle bomb": "player", "battle drop": "player",
	"battle embark": "player", "battle debark": "player", "battle liftoff": "player", "battle decide": "player", "campaign decide": "player",
	"battle log": "reads", "map describe": "reads", "campaign notify": "player",
	"bg holdback": "player", "bg list": "reads", "bg merge": "player", "bg place": "player", "bg recon": "player", "bg rename": "player", "bg show": "reads", "bg split": "player",
	"campaign advance": "referee", "campaign create": "guild:anyone", "campaign end": "manages", "campaign export": "referee", "campaign extend": "referee",
	"campaign join": "anyone", "campaign kick": "referee", "campaign approve": "referee", "campaign deny": "referee",
	"campaign leave": "anyone", "campaign replace": "seats", "campaign pause": "referee", "campaign resume": "referee",
	"campaign schedule": "referee", "campaign settings": "referee", "campaign start": "referee", "campaign status": "anyone",
	"force buy": "player", "force lance": "anyone", "force roster": "anyone", "force show": "reads",
	"help ": "anyone", "map strategic": "reads", "map tactical": "reads",
	"judge damage": "referee", "judge withhold": "referee", "judge weather": "referee", "judge terrain": "referee", "judge add": "referee", "judge vp": "referee",
	"orders clear": "player", "orders drop": "player", "orders hold": "player", "orders liftoff": "player",
	"orders move": "player", "orders ready": "player", "orders remind": "player", "orders search": "player", "orders show": "reads",
	"roll ": "anyone", "rules ": "anyone", "undo ": "referee",
	"scenario join": "anyone", "scenario list": "anyone", "scenario start": "guild:anyone",
}

// cmdFill gives every required option a value of its type, so the
// request reaches the permission check.
func cmdFill(s Spec) []string {
	var kv []string
	for _, o := range s.Options {
		if o.Name == "campaign" {
			kv = append(kv, "campaign", "1")
		}
		if !o.Required {
			continue
		}
		v := "x"
		switch {
		case len(o.Choices) > 0:
			v = o.Choices[0]
		case o.Type == Integer:
			v = "1"
		case o.Type == Boolean:
			v = "true"
		}
		kv = append(kv, o.Name, v)
	}
	return kv
}

// Ensure every command, run by a stranger, a player of each side and the
// referee, and a stranger who manages the server, in a server channel and
// in a DM, is allowed or refused as
// cmdWho says — and that every command is in cmdWho.
func TestPermissionMatrix(t *testing.T) {
	specs := cmdNewFixture(t, true).reg.Specs()
	if len(specs) != len(cmdWho) {
		t.Errorf("%d commands, %d in cmdWho: classify every command", len(specs), len(cmdWho))
	}
	// eve has asked to join crucis after the start and waits: she may do
	// no more than a stranger (ruling SEAT1).
	callers := []struct{ user, role string }{{"mallory", "stranger"}, {"eve", "pending"}, {"alice", "crucis"}, {"bob", "bandits"}, {"ref", "referee"}, {"oscar", "manager"}}
	for _, s := range specs {
		key := s.Name + " " + s.Sub
		want, ok := cmdWho[key]
		if !ok {
			t.Errorf("/%s: not in cmdWho", key)
			continue
		}
		guildOnly := strings.HasPrefix(want, "guild:")
		want = strings.TrimPrefix(want, "guild:")
		for _, c := range callers {
			for _, dm := range []bool{false, true} {
				name := key + "/" + c.role
				if dm {
					name += "/dm"
				}
				t.Run(name, func(t *testing.T) {
					f := cmdNewFixture(t, true)
					f.cmdMust("eve", "campaign", "join", "side", "crucis")
					r := cmdRequest(c.user, s.Name, s.Sub, cmdFill(s)...)
					r.Manager = c.role == "manager"
					if dm {
						r.DM, r.Guild = true, ""
					}
					if guildOnly {
						// A new campaign needs a channel without a running one (place.go).
						r.Channel = "c2"
					}
					got := cmdTexts(f.reg.Dispatch(t.Context(), r))
					allowed := !strings.Contains(got, refusedWho) && !strings.Contains(got, refusedWhere)
					// A direct message reaches a campaign only for its
					// members (place.go).
					stranger := dm && (c.role == "stranger" || c.role == "manager") && cmdTakesCampaign(s)
					// A DM is no server: its caller manages none.
					role := c.role
					if dm && role == "manager" {
						role = "stranger"
					}
					exp := cmdAllowed(want, role) && !(guildOnly && dm) && !stranger
					if allowed != exp {
						t.Errorf("allowed = %t, want %t:\n%s", allowed, exp, got)
					}
					if strings.Contains(got, "unknown option") || strings.Contains(got, " needs ") {
						t.Errorf("options not filled in:\n%s", got)
					}
					if strings.Contains(got, "Internal error") {
						t.Errorf("internal error:\n%s", got)
					}
				})
			}
		}
	}
}

// cmdTakesCampaign says whether a command is about one campaign.
func cmdTakesCampaign(s Spec) bool {
	for _, o := range s.Options {
		if o.Name == "campaign" {
			return true
		}
	}
	return false
}

func cmdAllowed(who, role string) bool {
	if role == "manager" && who != "manages" {
		role = "stranger" // managing the server gives him nothing else
	}
	switch who {
	case "anyone":
		return true
	case "player":
		return role == "crucis" || role == "bandits"
	case "reads", "seats":
		return role != "stranger" && role != "pending"
	case "referee":
		return role == "referee"
	case "manages":
		return role == "referee" || role == "manager"
	}
	return false
}

// Ensure a player can read only his own side's records, even when he
// names the other side.
func TestPlayerSeesOnlyOwnSide(t *testing.T) {
	f := cmdNewFixture(t, true)
	for _, cmd := range [][]string{{"bg", "list"}, {"force", "show"}, {"orders", "show"}, {"map", "strategic"}, {"map", "describe"}} {
		got := cmdTexts(f.cmdDo("alice", cmd[0], cmd[1], "side", "bandits"))
		if !strings.Contains(got, refusedWho) || strings.Contains(got, "Moore's Bandits") {
			t.Errorf("/%s %s side:bandits by alice:\n%s", cmd[0], cmd[1], got)
		}
	}
}

// Ensure a button is allowed exactly where its command is (cmdWho): each
// kind of button, its custom ID written by hand, pressed by a stranger,
// a joiner still waiting, a player of each side and the referee, in a
// server channel and in a DM. A press is its command run with the
// presser's rights, never the rights of whoever the button was sent to.
func TestButtonPermissionMatrix(t *testing.T) {
	callers := []struct{ user, role string }{{"mallory", "stranger"}, {"eve", "pending"}, {"alice", "crucis"}, {"bob", "bandits"}, {"ref", "referee"}, {"oscar", "manager"}}
	for action, cmd := range buttonCommands {
		if action == ButtonPage {
			continue // any command with pages: TestHostilePageButton
		}
		key := cmd.name + " " + cmd.sub
		want, ok := cmdWho[key]
		if !ok {
			t.Errorf("button %s: /%s not in cmdWho", action, key)
			continue
		}
		// Arguments the command's options take (a choice where it has
		// them), so that the press reaches the permission check.
		spec := cmdNewFixture(t, false).reg.entries[key].spec
		args := make([]string, len(cmd.args))
		for i, name := range cmd.args {
			args[i] = "1"
			for _, o := range spec.Options {
				if o.Name == name && len(o.Choices) > 0 {
					args[i] = o.Choices[0]
				}
			}
		}
		id, err := ButtonID{Action: action, Campaign: 1, Args: args}.Encode()
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range callers {
			for _, dm := range []bool{false, true} {
				name := string(action) + "/" + c.role
				if dm {
					name += "/dm"
				}
				t.Run(name, func(t *testing.T) {
					f := cmdNewFixture(t, true)
					f.cmdMust("eve", "campaign", "join", "side", "crucis")
					guild := "g"
					if dm {
						guild = ""
					}
					got := cmdTexts(f.hsPress(c.user, guild, id))
					allowed := !strings.Contains(got, refusedWho) && !strings.Contains(got, refusedWhere)
					exp := cmdAllowed(strings.TrimPrefix(want, "guild:"), c.role) && !(dm && (c.role == "stranger" || strings.HasPrefix(want, "guild:")))
					if allowed != exp {
						t.Errorf("press of %s allowed = %t, want %t (as /%s):\n%s", id, allowed, exp, key, got)
					}
					if strings.Contains(got, "Internal error") {
						t.Errorf("internal error:\n%s", got)
					}
				})
			}
		}
	}
}

// A refusal names a command without subcommands as it is typed, "/undo",
// never with a space where the subcommand would be ("/undo  is for",
// "/rules : topic:…"): the refusals of a missing or unknown option, of a
// value outside its choices and of the permission check.
func TestRefusalsNameACommandWithoutSubcommand(t *testing.T) {
	f := cmdNewFixture(t, true)
	for _, c := range []struct {
		user, name string
		kv         []string
		want       string
	}{
		{"eve", "undo", nil, "/undo is for campaign 1's referee"},
		{"ref", "rules", nil, "/rules needs topic:"},
		{"ref", "rules", []string{"topic", "nonsense"}, "/rules: topic:nonsense: use "},
		{"ref", "roll", []string{"nonsense", "1"}, "/roll: unknown option nonsense:"},
	} {
		got := cmdTexts(f.cmdDo(c.user, c.name, "", c.kv...))
		if !strings.Contains(got, c.want) {
			t.Errorf("@%s /%s %v: want %q in\n%s", c.user, c.name, c.kv, c.want, got)
		}
	}
}
