package config

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/robfig/cron/v3"
)

// ValidateCron checks a deadline spec with robfig/cron/v3's standard parser
// (cron.ParseStandard), which the scheduler uses, so the two agree on the
// grammar: five fields, minute hour day-of-month month day-of-week, each a
// comma list of '*', numbers, names (JAN–DEC, SUN–SAT, any case), ranges a-b,
// and steps */n, a-b/n and a/n (a to the field's end); '?' for '*' in the
// day fields; and the descriptors @yearly @annually @monthly @weekly @daily
// @midnight @hourly and @every <duration>.
//
// On top of the parser, some specs it takes are refused, on purpose:
// "TZ=" prefixes (the zone belongs in time_zone), spaces around a
// descriptor, empty list items, '?' outside the day fields, "*-5", "+5",
// @every under a minute, and specs that can never fire (day 31 in a month
// list without one, with any day of week), where robfig/cron would accept
// a deadline that never comes.
//
// The parser's errors are put in our words, naming the field and the fault,
// e.g. `hour field "25": 25 is out of range: hours are 0 to 23`.
func ValidateCron(spec string) error {
	trimmed := strings.TrimSpace(spec)
	switch {
	case trimmed == "":
		return errors.New(`the spec is empty: use five fields such as "0 20 * * *" or a descriptor such as "@daily"`)
	case strings.HasPrefix(trimmed, "TZ=") || strings.HasPrefix(trimmed, "CRON_TZ="):
		return errors.New("remove the TZ= prefix: the time zone is set by time_zone (or the campaign's own zone)")
	case strings.HasPrefix(trimmed, "@"):
		if trimmed != spec {
			// robfig/cron only recognises a descriptor at the very start.
			return fmt.Errorf("remove the spaces around %q", trimmed)
		}
		return validateDescriptor(spec)
	}

	fields := strings.Fields(spec)
	if len(fields) != len(cronFields) {
		msg := fmt.Sprintf("it has %d fields, want 5: minute hour day-of-month month day-of-week, e.g. \"0 20 * * *\"",
			len(fields))
		if len(fields) == 6 {
			msg += " (a seconds field is not supported)"
		}
		return errors.New(msg)
	}
	for i, f := range fields {
		if err := cronFields[i].check(i, f); err != nil {
			return fmt.Errorf("%s field %q: %w", cronFields[i].name, f, err)
		}
	}
	sched, err := cron.ParseStandard(spec)
	if err != nil {
		// Each field alone passed: not expected, but say what the parser said.
		return fmt.Errorf("the scheduler refuses it: %v", err)
	}
	// robfig/cron matches a day when day-of-month AND day-of-week match if
	// either is '*', and when either matches otherwise. So only with a '*'
	// day of week can a day-of-month and month list exclude every date.
	if s, ok := sched.(*cron.SpecSchedule); ok && s.Dow&starBit != 0 && !anyDateExists(s.Dom, s.Month) {
		return fmt.Errorf("day of month %q never falls in month %q: the deadline would never come",
			fields[2], fields[3])
	}
	return nil
}

// starBit is robfig/cron's mark of a field given as '*' (or '?') in a
// SpecSchedule (spec.go).
const starBit = 1 << 63

func validateDescriptor(spec string) error {
	sched, err := cron.ParseStandard(spec)
	rest, every := strings.CutPrefix(spec, "@every ")
	switch {
	case err != nil && every:
		return fmt.Errorf("%q is not a duration: use e.g. \"@every 24h\" or \"@every 1h30m\"", rest)
	case err != nil:
		return fmt.Errorf("unknown descriptor %q: use @yearly, @monthly, @weekly, @daily, @midnight, @hourly "+
			"or \"@every <duration>\"", spec)
	}
	// The parser takes any duration, rounding one under a second up to a
	// second.
	if d, ok := sched.(cron.ConstantDelaySchedule); ok && (d.Delay < time.Minute || strings.HasPrefix(rest, "-")) {
		return fmt.Errorf("@every %s is shorter than a minute: deadlines are at least a minute apart", rest)
	}
	return nil
}

// cronField is the name and range of one of the five fields, for messages.
type cronField struct {
	name     string // in messages: "hour field …"
	plural   string // in messages: "hours are 0 to 23"
	min, max int
	first    string // its first and last names ("JAN", "DEC"); "" if it has none
	last     string
	question bool // '?' allowed as '*'
}

var cronFields = [5]cronField{
	{name: "minute", plural: "minutes", min: 0, max: 59},
	{name: "hour", plural: "hours", min: 0, max: 23},
	{name: "day-of-month", plural: "days of the month", min: 1, max: 31, question: true},
	{name: "month", plural: "months", min: 1, max: 12, first: "JAN", last: "DEC"},
	{name: "day-of-week", plural: "days of the week", min: 0, max: 6, question: true, first: "SUN", last: "SAT"},
}

// check checks field, the i-th of a spec, item by item: first what we
// refuse though the parser takes it, then the parser on the item alone
// (the other fields '*'), its error put in our words.
func (f cronField) check(i int, field string) error {
	for item := range strings.SplitSeq(field, ",") {
		if item == "" {
			return errors.New("a list has an empty item: write items between commas, e.g. 1,15")
		}
		if err := f.refuse(item); err != nil {
			return err
		}
		alone := []string{"*", "*", "*", "*", "*"}
		alone[i] = item
		if _, err := cron.ParseStandard(strings.Join(alone, " ")); err != nil {
			return f.explain(item, err)
		}
	}
	return nil
}

// refuse is what we refuse in an item that the parser takes.
func (f cronField) refuse(item string) error {
	rangePart, _, _ := strings.Cut(item, "/")
	low, high, isRange := strings.Cut(rangePart, "-")
	switch {
	case low == "?" && !f.question:
		return errors.New("'?' is only allowed in the day-of-month and day-of-week fields: use '*'")
	case (low == "*" || low == "?") && isRange:
		return fmt.Errorf("%q is not a number", low)
	}
	// strconv.Atoi, which the parser uses, takes a sign.
	for _, v := range []string{low, high} {
		if strings.HasPrefix(v, "+") {
			return fmt.Errorf("%q is not a number%s", v, f.nameHint())
		}
	}
	return nil
}

// explain puts the parser's error about item in our words.
func (f cronField) explain(item string, err error) error {
	msg := err.Error()
	rangePart, step, hasStep := strings.Cut(item, "/")
	_, _, isRange := strings.Cut(rangePart, "-")
	var n, m int
	switch {
	case strings.HasPrefix(msg, "too many slashes"):
		return fmt.Errorf("%q has more than one '/'", item)
	case strings.HasPrefix(msg, "too many hyphens"):
		return fmt.Errorf("%q has more than one '-'", rangePart)
	case strings.HasPrefix(msg, "step of range"):
		return fmt.Errorf("step %q after '/' must be a whole number of at least 1", step)
	case strings.HasPrefix(msg, "failed to parse int from "), strings.HasPrefix(msg, "negative number"):
		// The parser names the text it could not read after the last ": ".
		text := msg[strings.LastIndex(msg, ": ")+2:]
		if strings.HasPrefix(msg, "failed") {
			text, _, _ = strings.Cut(strings.TrimPrefix(msg, "failed to parse int from "), ": ")
		}
		switch {
		case hasStep && text == step:
			return fmt.Errorf("step %q after '/' must be a whole number of at least 1", step)
		case text == "":
			return fmt.Errorf("a value is missing around '-' or '/': write a number%s", f.nameHint())
		}
		return fmt.Errorf("%q is not a number%s", text, f.nameHint())
	case scan(msg, "beginning of range (%d) beyond end of range (%d)", &n, &m) && isRange:
		return fmt.Errorf("range %q runs backwards: write the smaller value first", rangePart)
	case scan(msg, "beginning of range (%d)", &n), scan(msg, "end of range (%d)", &n):
		text := fmt.Sprintf("%d is out of range: %s are %d to %d", n, f.plural, f.min, f.max)
		if f.name == "day-of-week" && n == 7 {
			text += " (use 0 or SUN for Sunday)"
		}
		return errors.New(text)
	}
	return fmt.Errorf("%q: %v", item, err)
}

// scan reads the numbers of a parser error that starts like format.
func scan(msg, format string, args ...any) bool {
	n, _ := fmt.Sscanf(msg, format, args...)
	return n == len(args)
}

// nameHint tells a field's names in a message about a value.
func (f cronField) nameHint() string {
	if f.first == "" {
		return ""
	}
	return fmt.Sprintf(" or a name %s to %s", f.first, f.last)
}

// daysIn is the most days each month can have (February in a leap year,
// since a yearly deadline on the 29th still comes).
var daysIn = [13]int{0, 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31}

func anyDateExists(dom, months uint64) bool {
	for m := 1; m <= 12; m++ {
		if months&(1<<m) == 0 {
			continue
		}
		for d := 1; d <= daysIn[m]; d++ {
			if dom&(1<<d) != 0 {
				return true
			}
		}
	}
	return false
}
