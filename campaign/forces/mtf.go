package forces

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"bfbot/internal/cite"
	"bfbot/internal/usertext"
	"bfbot/referee"
)

// MegaMek keeps each 'Mech design in a text file, .mtf: "key:value" lines
// (chassis, model, mass, engine, walk mp, jump mp, armor and the armor of
// each location), a "Weapons:N" line followed by lines "name, location"
// (current files add fields such as "Ammo:10"; N is not checked by
// MegaMek, so a mismatch is only a warning), and a block per location ("Left Arm:" and its slots, one per line, to a
// blank line). Keys are case-insensitive. Older files begin "Version:1.0"
// and give the chassis and model as the two bare lines after it. ReadMTF
// reads what lance creation needs and ignores the rest (quirks, fluff,
// heat sinks, ammunition), apart from the tech base and rules level that
// Judge1987 reads. The interpretations are rulings D14–D17.

// ErrMTF: the file is not a readable .mtf design; the error names the line.
var ErrMTF = errors.New("malformed .mtf file")

// mtfMaxBytes bounds a file (RELIABILITY.md): MegaMek's .mtf designs are a few
// KB, so 1 MB is generous, and it keeps a hostile file's work small.
const mtfMaxBytes = 1 << 20

// mtfLocations are the slot block headers MegaMek writes (biped and quad).
var mtfLocations = map[string]bool{
	"left arm": true, "right arm": true, "left torso": true, "right torso": true,
	"center torso": true, "head": true, "left leg": true, "right leg": true,
	"center leg": true, "front left leg": true, "front right leg": true,
	"rear left leg": true, "rear right leg": true,
}

// mtfArmorKeys are the per-location armor keys (front, rear, quad legs).
var mtfArmorKeys = map[string]bool{
	"la armor": true, "ra armor": true, "lt armor": true, "rt armor": true,
	"ct armor": true, "hd armor": true, "ll armor": true, "rl armor": true,
	"rtl armor": true, "rtr armor": true, "rtc armor": true, "cl armor": true,
	"fll armor": true, "frl armor": true, "rll armor": true, "rrl armor": true,
}

type mtfField struct {
	value string
	line  int
}

// ReadMTF reads one MegaMek .mtf 'Mech design. Warnings say what it
// assumed (armor other than standard, jump jets that disagree with Jump MP,
// lines it did not understand); a file it cannot read is an error naming
// the line ("line 12: mass "heavy" is not a number"). Weapons are kept by
// the names the file gives; DesignValues says which it cannot count.
func ReadMTF(r io.Reader) (Design, []string, error) {
	data, err := io.ReadAll(io.LimitReader(r, mtfMaxBytes+1))
	if err != nil {
		return Design{}, nil, fmt.Errorf("reading .mtf: %w", err)
	}
	if len(data) > mtfMaxBytes {
		return Design{}, nil, fmt.Errorf("%w: larger than %d bytes", ErrMTF, mtfMaxBytes)
	}
	lines := strings.Split(string(data), "\n")
	var warnings []string
	fail := func(n int, format string, args ...any) (Design, []string, error) {
		return Design{}, warnings, fmt.Errorf("%w: line %d: %s", ErrMTF, n, fmt.Sprintf(format, args...))
	}
	warn := func(n int, format string, args ...any) {
		warnings = append(warnings, fmt.Sprintf("line %d: ", n)+fmt.Sprintf(format, args...))
	}

	fields := map[string]mtfField{}
	var d Design
	armorSeen := false
	weaponsLine, weaponsLeft := 0, 0
	weaponsCount, weaponsRead, inList := 0, 0, false
	block := ""        // the location whose slots are being read
	bareNames := false // after "Version:", bare lines give chassis then model
	jets, quadLegs := 0, false
	// Arm slot blocks seen, and whether one holds a lower arm actuator
	// (ruling D4); quirk:no_arms says the 'Mech has none.
	arms, lowerArm, noArms := 0, false, false
	for i, raw := range lines {
		n := i + 1
		line := strings.TrimSpace(strings.TrimRight(raw, "\r"))
		if strings.HasPrefix(line, "#") {
			continue
		}
		if inList {
			// The list runs to a blank line, a location header or a line
			// that is not "name, location". MegaMek itself skips the count
			// of lines after "Weapons:" and builds the equipment from the
			// slot blocks, so a count that disagrees with the lines is only
			// worth a warning.
			key, _, _ := strings.Cut(line, ":")
			header := mtfLocations[strings.ToLower(strings.TrimSpace(key))] && strings.HasSuffix(line, ":")
			if line != "" && !header && (weaponsLeft > 0 || mtfWeaponLike(line)) {
				m, err := mtfWeapon(line)
				if err != nil {
					return fail(n, "%v", err)
				}
				m.Line = n
				d.Weapons = append(d.Weapons, m)
				weaponsRead++
				weaponsLeft--
				continue
			}
			inList = false
			mtfListCount(warn, weaponsLine, weaponsCount, weaponsRead)
		}
		if line == "" {
			block = ""
			continue
		}
		key, value, hasColon := strings.Cut(line, ":")
		key = strings.ToLower(strings.TrimSpace(key))
		value = strings.TrimSpace(value)
		if hasColon && value == "" && mtfLocations[key] {
			block = key
			quadLegs = quadLegs || strings.HasPrefix(key, "front ") || strings.HasPrefix(key, "rear ")
			if key == "left arm" || key == "right arm" {
				arms++
			}
			continue
		}
		if block != "" {
			// A slot: jump jets and lower arm actuators matter to lance
			// creation.
			switch slot := weaponFold(line); {
			case strings.Contains(slot, "jumpjet"):
				jets++
			case strings.Contains(slot, "lowerarmactuator") && strings.HasSuffix(block, " arm"):
				lowerArm = true
			}
			continue
		}
		if !hasColon {
			if bareNames && fields["chassis"].line == 0 {
				fields["chassis"] = mtfField{line, n}
			} else if bareNames && fields["model"].line == 0 {
				fields["model"] = mtfField{line, n}
				bareNames = false
			} else {
				warn(n, "ignored %q", mtfShort(line))
			}
			continue
		}
		switch {
		case key == "version":
			bareNames = true
		case key == "quirk" && strings.EqualFold(value, "no_arms"):
			noArms = true
		case mtfArmorKeys[key]:
			// "LA armor:14", or patchwork "LA armor:Reactive(Inner Sphere):14".
			text := value
			if j := strings.LastIndex(value, ":"); j >= 0 {
				text = strings.TrimSpace(value[j+1:])
				warn(n, "armor type %q: counted as standard armor, 16 points a ton (ruling D15)", mtfShort(value[:j]))
			}
			pts, err := strconv.Atoi(text)
			if err != nil || pts < 0 || pts > 10000 {
				return fail(n, "%s %q is not a number of armor points", key, mtfShort(value))
			}
			d.ArmorPoints += pts
			armorSeen = true
		case key == "weapons":
			if weaponsLine > 0 {
				return fail(n, "a second weapons list (the first is at line %d)", weaponsLine)
			}
			count, err := strconv.Atoi(value)
			if err != nil || count < 0 || count > 200 {
				return fail(n, "weapons count %q is not a number from 0 to 200", mtfShort(value))
			}
			weaponsLine, weaponsLeft, weaponsCount, inList = n, count, count, true
		case key == "chassis" || key == "model" || key == "mass" || key == "engine" ||
			key == "walk mp" || key == "jump mp" || key == "armor" || key == "config" ||
			key == "techbase" || key == "rules level":
			if prev, dup := fields[key]; dup {
				return fail(n, "%s given twice (first at line %d)", key, prev.line)
			}
			fields[key] = mtfField{value, n}
		}
	}
	last := len(lines)
	if inList {
		mtfListCount(warn, weaponsLine, weaponsCount, weaponsRead)
	}

	chassis, model := fields["chassis"], fields["model"]
	if chassis.value == "" {
		return fail(max(chassis.line, 1), "no chassis name")
	}
	name, err := usertext.Unit.Clean("chassis and model", chassis.value+" "+model.value)
	if err != nil {
		return fail(chassis.line, "%v", err)
	}
	d.Name = name
	d.Kind = DesignMech

	mass, ok := fields["mass"]
	if !ok {
		return fail(last, "no mass: line (end of file)")
	}
	tons, err := strconv.Atoi(mass.value)
	if err != nil || tons < 10 || tons > 200 {
		return fail(mass.line, "mass %q is not a weight from 10 to 200 tons", mtfShort(mass.value))
	}
	d.Tons = float64(tons)

	// Walking MP: the walk mp line, else the engine rating over the mass
	// (MegaMek derives it so; ruling D14).
	if walk, ok := fields["walk mp"]; ok {
		w, err := strconv.Atoi(walk.value)
		if err != nil || w < 1 || w > 30 {
			return fail(walk.line, "walk MP %q is not a number from 1 to 30", mtfShort(walk.value))
		}
		d.WalkMP = w
	} else if engine, ok := fields["engine"]; ok {
		rating, err := strconv.Atoi(strings.Fields(engine.value + " x")[0])
		if err != nil || rating < tons || rating > 30*tons {
			return fail(engine.line, "engine %q gives no walking MP for %d tons", mtfShort(engine.value), tons)
		}
		d.WalkMP = rating / tons
	} else {
		return fail(last, "neither walk mp: nor engine: is given (end of file)")
	}
	d.RunMP = referee.OverburnMP(d.WalkMP) // running MP: ceil(1.5 × walk)

	// Jump MP: the jump mp line; without one, one MP per jump jet.
	if jump, ok := fields["jump mp"]; ok {
		j, err := strconv.Atoi(jump.value)
		if err != nil || j < 0 || j > 30 {
			return fail(jump.line, "jump MP %q is not a number from 0 to 30", mtfShort(jump.value))
		}
		d.JumpMP = j
		if jets > 0 && jets != j {
			warn(jump.line, "jump MP %d but %d jump jet slots; jump MP counted (ruling D14)", j, jets)
		}
	} else {
		d.JumpMP = jets
	}

	if at, ok := fields["armor"]; ok && !strings.HasPrefix(strings.ToLower(at.value), "standard") {
		warn(at.line, "armor %q: counted as standard armor, 16 points a ton (ruling D15)", mtfShort(at.value))
	}
	if !armorSeen {
		warnings = append(warnings, "no armor lines: the design has no armor")
	}
	cfg := strings.ToLower(fields["config"].value)
	d.Quad = quadLegs || strings.Contains(cfg, "quad")
	// Without arm blocks the file does not say, and the 'Mech punches.
	d.NoLowerArms = !d.Quad && (noArms || (arms > 0 && !lowerArm))
	d.TechBase = fields["techbase"].value
	if rl, ok := fields["rules level"]; ok {
		// MegaMek's levels: 1 introductory (the 1987 box set's equipment),
		// 2 standard, 3 advanced, 4 experimental, 5 unofficial.
		v, err := strconv.Atoi(rl.value)
		if err != nil || v < 1 || v > 5 {
			warn(rl.line, "rules level %q is not a number from 1 to 5: ignored", mtfShort(rl.value))
		} else {
			d.RulesLevel = v
		}
	}
	return d, warnings, nil
}

// mtfListCount warns when the weapons list's count disagrees with the
// weapon lines that follow it.
func mtfListCount(warn func(int, string, ...any), line, count, read int) {
	if count == read {
		return
	}
	follow := fmt.Sprintf("%d weapon lines follow", read)
	if read == 1 {
		follow = "1 weapon line follows"
	}
	warn(line, "Weapons:%d but %s: the lines are read (MegaMek builds the equipment from the slot blocks and does not check the count either)", count, follow)
}

// mtfWeaponLike tells a weapon line past the list's count ("name,
// location[, …]") from a key line: a key's colon comes before any comma
// ("overview:The Atlas, …"), a weapon line's only in a field after it
// ("1 ISAC20, Right Torso, Ammo:10").
func mtfWeaponLike(line string) bool {
	comma := strings.Index(line, ",")
	colon := strings.Index(line, ":")
	return comma > 0 && (colon < 0 || colon > comma)
}

// mtfWeapon reads a weapons-list line: "Medium Laser, Right Arm", with an
// optional count before the name ("2 Medium Laser, Left Torso") and, in
// current MegaMek files, more fields after the location ("1 ISAC20, Right
// Torso, Ammo:10"): the name ends at the first comma, the location at the
// next; the other fields say nothing lance creation reads.
func mtfWeapon(line string) (Mount, error) {
	name, rest, ok := strings.Cut(line, ",")
	if !ok {
		return Mount{}, fmt.Errorf("weapon line %q needs \"name, location\"", mtfShort(line))
	}
	loc, _, _ := strings.Cut(rest, ",")
	name, loc = strings.TrimSpace(name), strings.TrimSpace(loc)
	m := Mount{Weapon: name, Count: 1, Location: loc}
	if first, rest, ok := strings.Cut(name, " "); ok {
		if c, err := strconv.Atoi(first); err == nil {
			if c < 1 || c > 100 {
				return Mount{}, fmt.Errorf("weapon count %d is not from 1 to 100", c)
			}
			m.Count, m.Weapon = c, strings.TrimSpace(rest)
		}
	}
	if m.Weapon == "" || loc == "" {
		return Mount{}, fmt.Errorf("weapon line %q needs \"name, location\"", mtfShort(line))
	}
	return m, nil
}

// mtfShort keeps messages short when a line is long.
func mtfShort(s string) string {
	if len(s) > 60 {
		return s[:57] + "..."
	}
	return s
}

// LanceFromMTF reads up to four .mtf designs and creates their lance by
// the full lance creation rules. names labels each file in errors and
// warnings (its file name); a missing label becomes "file N". Weapons the
// 1987 tables do not know are left out and named in the warnings (ruling
// D7), which the caller must show.
func LanceFromMTF(files []io.Reader, names []string, exp referee.Experience) (Lance, []string, error) {
	if len(files) == 0 || len(files) > LanceSize {
		return Lance{}, nil, fmt.Errorf("%w: %d .mtf files; a lance is 1 to %d 'Mechs (%s)", ErrLance, len(files), LanceSize, cite.Book(1361))
	}
	var b designBatch
	for i, f := range files {
		label := fileLabel(i, names)
		d, ws, err := ReadMTF(f)
		b.warn(label, ws)
		if err != nil {
			return Lance{}, b.warnings, fmt.Errorf("%s: %w", label, err)
		}
		if err := b.add(label, d); err != nil {
			return Lance{}, b.warnings, err
		}
	}
	return b.lance(exp)
}
