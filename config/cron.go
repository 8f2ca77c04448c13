package config

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// ValidateCron checks a deadline spec in the syntax of robfig/cron/v3's
// standard parser (cron.ParseStandard), without importing it: config stays
// stdlib-only, and the scheduler in package bot does the real parsing.
//
// Accepted: five fields, minute hour day-of-month month day-of-week, each a
// comma list of '*', numbers, names (JAN–DEC, SUN–SAT, any case), ranges a-b,
// and steps */n, a-b/n and a/n (a to the field's end); '?' for '*' in the
// day fields; and the descriptors @yearly @annually @monthly @weekly @daily
// @midnight @hourly and @every <duration>.
//
// Everything accepted here ParseStandard accepts too. The reverse is not
// quite true, on purpose: "TZ=" prefixes (the zone belongs in time_zone),
// empty list items, "*-5", "+5", @every under a minute, and specs that can
// never fire (day 31 in a month list without one, with any day of week) are
// rejected here, where robfig/cron would accept a deadline that never comes.
//
// The error says which field is wrong and why, e.g.
// `hour field "25": 25 is out of range: hours are 0 to 23`.
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
	var bits [5]uint64
	var star [5]bool
	for i, f := range fields {
		b, s, err := cronFields[i].parse(f)
		if err != nil {
			return fmt.Errorf("%s field %q: %w", cronFields[i].name, f, err)
		}
		bits[i], star[i] = b, s
	}
	// robfig/cron matches a day when day-of-month AND day-of-week match if
	// either is '*', and when either matches otherwise. So only with a '*'
	// day of week can a day-of-month and month list exclude every date.
	if star[4] && !anyDateExists(bits[2], bits[3]) {
		return fmt.Errorf("day of month %q never falls in month %q: the deadline would never come",
			fields[2], fields[3])
	}
	return nil
}

func validateDescriptor(spec string) error {
	switch spec {
	case "@yearly", "@annually", "@monthly", "@weekly", "@daily", "@midnight", "@hourly":
		return nil
	}
	const every = "@every "
	if rest, ok := strings.CutPrefix(spec, every); ok {
		d, err := time.ParseDuration(rest)
		switch {
		case err != nil:
			return fmt.Errorf("%q is not a duration: use e.g. \"@every 24h\" or \"@every 1h30m\"", rest)
		case d < time.Minute:
			return fmt.Errorf("@every %s is shorter than a minute: deadlines are at least a minute apart", rest)
		}
		return nil
	}
	return fmt.Errorf("unknown descriptor %q: use @yearly, @monthly, @weekly, @daily, @midnight, @hourly "+
		"or \"@every <duration>\"", spec)
}

// cronField is the range and names of one of the five fields.
type cronField struct {
	name     string // in messages: "hour field …"
	plural   string // in messages: "hours are 0 to 23"
	min, max int
	names    []string // names[i] is the value min+i; nil if the field has none
	question bool     // '?' allowed as '*'
}

var cronFields = [5]cronField{
	{name: "minute", plural: "minutes", min: 0, max: 59},
	{name: "hour", plural: "hours", min: 0, max: 23},
	{name: "day-of-month", plural: "days of the month", min: 1, max: 31, question: true},
	{name: "month", plural: "months", min: 1, max: 12,
		names: []string{"JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"}},
	{name: "day-of-week", plural: "days of the week", min: 0, max: 6, question: true,
		names: []string{"SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT"}},
}

// parse returns the values a field selects as bits, and whether it holds a
// '*' (or '?') that robfig/cron treats as a star (one without a step over 1).
func (f cronField) parse(field string) (bits uint64, star bool, err error) {
	for item := range strings.SplitSeq(field, ",") {
		if item == "" {
			return 0, false, errors.New("a list has an empty item: write items between commas, e.g. 1,15")
		}
		b, s, err := f.parseItem(item)
		if err != nil {
			return 0, false, err
		}
		bits |= b
		star = star || s
	}
	return bits, star, nil
}

func (f cronField) parseItem(item string) (bits uint64, star bool, err error) {
	rangePart, stepPart, hasStep := strings.Cut(item, "/")
	if strings.Contains(stepPart, "/") {
		return 0, false, fmt.Errorf("%q has more than one '/'", item)
	}
	step := 1
	if hasStep {
		step, err = strconv.Atoi(stepPart)
		if err != nil || !isDigits(stepPart) || step < 1 {
			return 0, false, fmt.Errorf("step %q after '/' must be a whole number of at least 1", stepPart)
		}
	}

	var lo, hi int
	switch {
	case rangePart == "*" || (rangePart == "?" && f.question):
		lo, hi = f.min, f.max
		star = step == 1
	case rangePart == "?":
		return 0, false, errors.New("'?' is only allowed in the day-of-month and day-of-week fields: use '*'")
	default:
		loText, hiText, isRange := strings.Cut(rangePart, "-")
		if strings.Contains(hiText, "-") {
			return 0, false, fmt.Errorf("%q has more than one '-'", rangePart)
		}
		if lo, err = f.value(loText); err != nil {
			return 0, false, err
		}
		hi = lo
		switch {
		case isRange:
			if hi, err = f.value(hiText); err != nil {
				return 0, false, err
			}
			if lo > hi {
				return 0, false, fmt.Errorf("range %q runs backwards: write the smaller value first", rangePart)
			}
		case hasStep:
			// "a/n" means a, a+n, … to the field's end.
			hi = f.max
		}
	}
	for v := lo; v <= hi; v += step {
		bits |= 1 << v
	}
	return bits, star, nil
}

// value parses one number or name and checks its range.
func (f cronField) value(text string) (int, error) {
	for i, n := range f.names {
		if strings.EqualFold(text, n) {
			return f.min + i, nil
		}
	}
	hint := ""
	if f.names != nil {
		hint = fmt.Sprintf(" or a name %s to %s", f.names[0], f.names[len(f.names)-1])
	}
	if text == "" {
		return 0, fmt.Errorf("a value is missing around '-' or '/': write a number%s", hint)
	}
	v, err := strconv.Atoi(text)
	if err != nil || !isDigits(text) {
		return 0, fmt.Errorf("%q is not a number%s", text, hint)
	}
	if v < f.min || v > f.max {
		msg := fmt.Sprintf("%d is out of range: %s are %d to %d", v, f.plural, f.min, f.max)
		if f.name == "day-of-week" && v == 7 {
			msg += " (use 0 or SUN for Sunday)"
		}
		return 0, errors.New(msg)
	}
	return v, nil
}

func isDigits(s string) bool {
	return s != "" && strings.TrimLeft(s, "0123456789") == ""
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
