package discord

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"unicode"
	"unicode/utf8"

	"bfbot/bot/command"

	"github.com/bwmarrin/discordgo"
)

// Discord's limits on application commands.
const (
	maxNameLen        = 32
	maxDescriptionLen = 100
	maxOptions        = 25 // options of a command, or sub-commands of a group
	maxChoices        = 25
	maxChoiceLen      = 100
	// maxCommandSize caps the characters of a chat command's name,
	// description and the names, descriptions and values of all its
	// options, sub-commands and choices together (Discord developer docs,
	// Application Commands, "Registering a Command": "combined name,
	// description, and value properties for each command and its
	// children"; 4,000 until February 2024, now 8,000). Over it Discord
	// refuses the whole bulk registration with 50035, every command lost.
	maxCommandSize = 8000
)

// ApplicationCommands translates the command layer's specs into Discord
// slash commands: the Subs of one Name become one command with sub-command
// options. A spec Discord would refuse (bad name, too many options, choices
// on a boolean, choices with autocomplete, a command both plain and with
// subs) is an error naming the command, so the bot fails at start with a
// message rather than at Discord with a code.
func ApplicationCommands(specs []command.Spec) ([]*discordgo.ApplicationCommand, error) {
	var order []string
	groups := map[string][]command.Spec{}
	for _, s := range specs {
		if _, ok := groups[s.Name]; !ok {
			order = append(order, s.Name)
		}
		groups[s.Name] = append(groups[s.Name], s)
	}
	var out []*discordgo.ApplicationCommand
	var errs []error
	for _, name := range order {
		c, err := applicationCommand(name, groups[name])
		if err == nil {
			err = checkSize(c)
		}
		if err != nil {
			errs = append(errs, err)
			continue
		}
		out = append(out, c)
	}
	return out, errors.Join(errs...)
}

func applicationCommand(name string, group []command.Spec) (*discordgo.ApplicationCommand, error) {
	if err := checkName(name); err != nil {
		return nil, fmt.Errorf("command /%s: %w", name, err)
	}
	c := &discordgo.ApplicationCommand{Name: name, Type: discordgo.ChatApplicationCommand}
	inGuild, inDM := false, false
	for _, s := range group {
		inGuild = inGuild || s.Where != command.DMOnly
		inDM = inDM || s.Where != command.GuildOnly
	}
	// The bot works in the servers it is installed in (and in its DMs with
	// their members), never as a user-installed app in servers it is not
	// part of: guild install only. Where a command is offered is set by
	// contexts, per top-level command: where any sub-command may run, and
	// the command layer refuses the rest. (dm_permission, which contexts
	// replaced, is deprecated and not sent.)
	c.IntegrationTypes = &[]discordgo.ApplicationIntegrationType{discordgo.ApplicationIntegrationGuildInstall}
	var contexts []discordgo.InteractionContextType
	if inGuild {
		contexts = append(contexts, discordgo.InteractionContextGuild)
	}
	if inDM {
		contexts = append(contexts, discordgo.InteractionContextBotDM)
	}
	c.Contexts = &contexts

	if len(group) == 1 && group[0].Sub == "" {
		s := group[0]
		c.Description = description(s.Description, name)
		opts, err := options(s)
		if err != nil {
			return nil, err
		}
		c.Options = opts
		return c, nil
	}
	c.Description = description("", name)
	if len(group) > maxOptions {
		return nil, fmt.Errorf("command /%s: %d sub-commands, Discord allows %d", name, len(group), maxOptions)
	}
	seen := map[string]bool{}
	for _, s := range group {
		if s.Sub == "" {
			return nil, fmt.Errorf("command /%s: is both a command and a group of sub-commands; Discord allows one or the other", name)
		}
		if seen[s.Sub] {
			return nil, fmt.Errorf("command /%s %s: defined twice", name, s.Sub)
		}
		seen[s.Sub] = true
		if err := checkName(s.Sub); err != nil {
			return nil, fmt.Errorf("command /%s %s: %w", name, s.Sub, err)
		}
		opts, err := options(s)
		if err != nil {
			return nil, err
		}
		c.Options = append(c.Options, &discordgo.ApplicationCommandOption{
			Type:        discordgo.ApplicationCommandOptionSubCommand,
			Name:        s.Sub,
			Description: description(s.Description, s.Sub),
			Options:     opts,
		})
	}
	return c, nil
}

// options translates a spec's options; Discord wants the required ones first.
func options(s command.Spec) ([]*discordgo.ApplicationCommandOption, error) {
	where := "/" + s.Name
	if s.Sub != "" {
		where += " " + s.Sub
	}
	if len(s.Options) > maxOptions {
		return nil, fmt.Errorf("command %s: %d options, Discord allows %d", where, len(s.Options), maxOptions)
	}
	var out []*discordgo.ApplicationCommandOption
	seen := map[string]bool{}
	for _, o := range s.Options {
		if seen[o.Name] {
			return nil, fmt.Errorf("command %s: option %q defined twice", where, o.Name)
		}
		seen[o.Name] = true
		d, err := option(o)
		if err != nil {
			return nil, fmt.Errorf("command %s: option %q: %w", where, o.Name, err)
		}
		out = append(out, d)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Required && !out[j].Required })
	return out, nil
}

func option(o command.Option) (*discordgo.ApplicationCommandOption, error) {
	if err := checkName(o.Name); err != nil {
		return nil, err
	}
	d := &discordgo.ApplicationCommandOption{
		Name:         o.Name,
		Description:  description(o.Description, o.Name),
		Required:     o.Required,
		Autocomplete: o.Complete != nil,
	}
	switch o.Type {
	case command.String:
		d.Type = discordgo.ApplicationCommandOptionString
	case command.Integer:
		d.Type = discordgo.ApplicationCommandOptionInteger
	case command.Boolean:
		d.Type = discordgo.ApplicationCommandOptionBoolean
	case command.Attachment:
		d.Type = discordgo.ApplicationCommandOptionAttachment
	case command.UserID:
		// Discord's user picker: the value is the user's ID, his names
		// come in the interaction's resolved data (route.go).
		d.Type = discordgo.ApplicationCommandOptionUser
	default:
		return nil, fmt.Errorf("unknown option type %d", o.Type)
	}
	if o.Type == command.Boolean && (o.Complete != nil || len(o.Choices) > 0) {
		return nil, errors.New("a boolean option takes neither choices nor autocomplete")
	}
	if o.Type == command.Attachment && (o.Complete != nil || len(o.Choices) > 0) {
		return nil, errors.New("an attachment option takes neither choices nor autocomplete")
	}
	if o.Type == command.UserID && (o.Complete != nil || len(o.Choices) > 0) {
		return nil, errors.New("a user option takes neither choices nor autocomplete (Discord shows its user picker)")
	}
	if o.Complete != nil && len(o.Choices) > 0 {
		return nil, errors.New("choices and autocomplete exclude each other on Discord")
	}
	if len(o.Choices) > maxChoices {
		return nil, fmt.Errorf("%d choices, Discord allows %d (use autocomplete)", len(o.Choices), maxChoices)
	}
	for _, ch := range o.Choices {
		if ch == "" || utf8.RuneCountInString(ch) > maxChoiceLen {
			return nil, fmt.Errorf("choice %q must have 1 to %d characters", ch, maxChoiceLen)
		}
		var v any = ch
		if o.Type == command.Integer {
			n, err := strconv.ParseInt(ch, 10, 64)
			if err != nil {
				return nil, fmt.Errorf("choice %q of an integer option is not a whole number", ch)
			}
			v = n
		}
		d.Choices = append(d.Choices, &discordgo.ApplicationCommandOptionChoice{Name: ch, Value: v})
	}
	return d, nil
}

// checkSize refuses a command over Discord's combined size.
func checkSize(c *discordgo.ApplicationCommand) error {
	if n := size(c); n > maxCommandSize {
		return fmt.Errorf("command /%s: %d characters of names, descriptions and choices, Discord allows %d in all: shorten its descriptions or split it", c.Name, n, maxCommandSize)
	}
	return nil
}

// size is what Discord counts against maxCommandSize: the name and
// description of the command and of every option beneath it, and each
// choice's name and value.
func size(c *discordgo.ApplicationCommand) int {
	return utf8.RuneCountInString(c.Name) + utf8.RuneCountInString(c.Description) + optionsSize(c.Options)
}

func optionsSize(opts []*discordgo.ApplicationCommandOption) int {
	n := 0
	for _, o := range opts {
		n += utf8.RuneCountInString(o.Name) + utf8.RuneCountInString(o.Description) + optionsSize(o.Options)
		for _, ch := range o.Choices {
			n += utf8.RuneCountInString(ch.Name) + utf8.RuneCountInString(fmt.Sprint(ch.Value))
		}
	}
	return n
}

// checkName applies Discord's rule for command and option names: 1 to 32
// characters, lower case letters, digits, '-' and '_'.
func checkName(name string) error {
	n := utf8.RuneCountInString(name)
	if n == 0 || n > maxNameLen {
		return fmt.Errorf("name %q must have 1 to %d characters", name, maxNameLen)
	}
	for _, r := range name {
		ok := r == '-' || r == '_' || unicode.IsDigit(r) || (unicode.IsLetter(r) && unicode.ToLower(r) == r)
		if !ok {
			return fmt.Errorf("name %q: only lower case letters, digits, '-' and '_' are allowed", name)
		}
	}
	return nil
}

// description fits a description to Discord's 1 to 100 characters.
func description(text, fallback string) string {
	if text == "" {
		text = fallback
	}
	return truncate(text, maxDescriptionLen)
}

// truncate cuts s to at most n runes, marking the cut with an ellipsis.
func truncate(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}
