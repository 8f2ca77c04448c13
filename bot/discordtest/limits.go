package discordtest

import (
	"encoding/json"
	"fmt"
	"strconv"
	"unicode/utf8"
)

// Discord's documented limits on a message (Message resource: content;
// Embed limits; Message components), in characters. Discord refuses a
// payload over any of them with 400 and code 50035, and so does the fake:
// a reply the adapter sent too long would be lost in production.
const (
	limitContent       = 2000
	limitEmbeds        = 10
	limitEmbedTotal    = 6000 // title, description, field names and values of all embeds
	limitEmbedTitle    = 256
	limitEmbedText     = 4096
	limitFields        = 25
	limitFieldName     = 256
	limitFieldValue    = 1024
	limitRows          = 5
	limitButtonsPerRow = 5
	limitLabel         = 80
	limitCustomID      = 100
)

// checkLimits is the error Discord would give a payload over its limits,
// naming the field as Discord's "Invalid Form Body" does.
func checkLimits(m wireMessage) error {
	n := utf8.RuneCountInString
	if m.Content != nil && n(*m.Content) > limitContent {
		return fmt.Errorf("content: must be %d or fewer in length (%d)", limitContent, n(*m.Content))
	}
	if len(m.Embeds) > limitEmbeds {
		return fmt.Errorf("embeds: must be %d or fewer in length", limitEmbeds)
	}
	total := 0
	for i, e := range m.Embeds {
		if n(e.Title) > limitEmbedTitle {
			return fmt.Errorf("embeds.%d.title: must be %d or fewer in length", i, limitEmbedTitle)
		}
		if n(e.Description) > limitEmbedText {
			return fmt.Errorf("embeds.%d.description: must be %d or fewer in length", i, limitEmbedText)
		}
		if len(e.Fields) > limitFields {
			return fmt.Errorf("embeds.%d.fields: must be %d or fewer in length", i, limitFields)
		}
		total += n(e.Title) + n(e.Description)
		for k, f := range e.Fields {
			if n(f.Name) > limitFieldName {
				return fmt.Errorf("embeds.%d.fields.%d.name: must be %d or fewer in length", i, k, limitFieldName)
			}
			if n(f.Value) > limitFieldValue {
				return fmt.Errorf("embeds.%d.fields.%d.value: must be %d or fewer in length", i, k, limitFieldValue)
			}
			total += n(f.Name) + n(f.Value)
		}
	}
	if total > limitEmbedTotal {
		return fmt.Errorf("embeds: embed size exceeds maximum size of %d (%d)", limitEmbedTotal, total)
	}
	if len(m.Components) > limitRows {
		return fmt.Errorf("components: must be %d or fewer in length", limitRows)
	}
	for i, row := range m.Components {
		if len(row.Components) > limitButtonsPerRow {
			return fmt.Errorf("components.%d.components: must be %d or fewer in length", i, limitButtonsPerRow)
		}
		for k, c := range row.Components {
			if n(c.Label) > limitLabel {
				return fmt.Errorf("components.%d.components.%d.label: must be %d or fewer in length", i, k, limitLabel)
			}
			if len(c.CustomID) > limitCustomID {
				return fmt.Errorf("components.%d.components.%d.custom_id: must be %d or fewer in length", i, k, limitCustomID)
			}
		}
	}
	return nil
}

// limitCommandSize is Discord's cap on one chat command's combined name,
// description and value properties, its own and all its options',
// sub-commands' and choices' (developer docs, Application Commands,
// "Registering a Command"; 8,000 since February 2024). One command over
// it and Discord refuses the whole bulk overwrite.
const limitCommandSize = 8000

// limitCommandOptions is Discord's cap on the options of a chat command,
// sub-commands included, and of each sub-command, and on an option's
// choices (developer docs, Application Commands, "Application Command
// Object": "options … max of 25"; "choices … max of 25").
const limitCommandOptions = 25

// checkCommandSizes counts each command of a bulk overwrite the way
// Discord does, from the JSON as sent: every "name", "description" and
// "value" in the command's tree, and the options and choices of each of
// its levels.
func checkCommandSizes(body []byte) error {
	var cmds []map[string]any
	if err := json.Unmarshal(body, &cmds); err != nil {
		return err
	}
	for i, c := range cmds {
		if n := jsonSize(c); n > limitCommandSize {
			return fmt.Errorf("%d: Command exceeds maximum size (%d) (%d)", i, limitCommandSize, n)
		}
		if err := checkOptionCounts(strconv.Itoa(i), c); err != nil {
			return err
		}
	}
	return nil
}

// checkOptionCounts refuses a level of a command (path names it as
// Discord's error does) with more options or choices than Discord takes.
func checkOptionCounts(path string, level map[string]any) error {
	for _, k := range []string{"options", "choices"} {
		list, _ := level[k].([]any)
		if len(list) > limitCommandOptions {
			return fmt.Errorf("%s.%s: Must be %d or fewer in length (%d)", path, k, limitCommandOptions, len(list))
		}
		for j, x := range list {
			if sub, ok := x.(map[string]any); ok {
				if err := checkOptionCounts(fmt.Sprintf("%s.%s.%d", path, k, j), sub); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

func jsonSize(v any) int {
	n := 0
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			switch k {
			case "name", "description", "value":
				n += utf8.RuneCountInString(fmt.Sprint(x))
			case "options", "choices":
				n += jsonSize(x)
			}
		}
	case []any:
		for _, x := range v {
			n += jsonSize(x)
		}
	}
	return n
}
