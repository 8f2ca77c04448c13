package forces

import (
	"errors"
	"fmt"

	"bfbot/internal/cite"
	"bfbot/internal/usertext"
	"bfbot/internal/yamlnode"
	"bfbot/referee"

	"go.yaml.in/yaml/v3"
)

// A design file describes vehicles, fighters, infantry and 'Mechs that
// have no MegaMek .mtf file, in YAML (or JSON, which is YAML): one design
// as a mapping, or several as a list under "designs:".
//
//	name: Scorpion Light Tank
//	kind: vehicle            # mech | vehicle | fighter | infantry
//	tons: 25
//	walk: 4                  # cruising MP; run is ceil(1.5 × walk) unless given
//	jump: 0
//	motive: tracked          # vehicles: hover | tracked | wheeled
//	armor_tons: 2.5          # or armor_points: 40 (16 points a ton)
//	indirect: false          # ruling D13
//	weapons:
//	  - {name: AC/5, count: 1}
//	  - Machine Gun          # a bare name means count 1
//
// Fighters move by weight (000 line 1678) and give no walk, run, jump or
// motive; infantry may give "motive: wheeled" for motorized infantry; a
// 'Mech may give "quad: true" (ruling D5) and "no_lower_arms: true" for a
// 'Mech without lower arm actuators, which punches for nothing (ruling
// D4). Unknown fields are refused.
// Weapons the 1987 tables do not know are kept with their line:
// DesignValues leaves them out with a warning naming it (ruling D7).

// ErrDesignFile: the file is not a readable design file. The error is a
// *DesignFileError naming the line and field.
var ErrDesignFile = errors.New("malformed design file")

// designFileMaxBytes bounds a design file: a lance's four designs need a
// few hundred bytes each.
const designFileMaxBytes = 1 << 20

// DesignFileError is a mistake in a design file: the line (1-based; 0 when
// the file as a whole is wrong), the field as a path ("designs[1].tons")
// and what is wrong. It matches ErrDesignFile with errors.Is. It has
// yamlnode.Error's fields, so each converts to the other.
type DesignFileError struct {
	Line  int
	Field string
	Msg   string
}

func (e *DesignFileError) Error() string {
	return ErrDesignFile.Error() + ": " + (*yamlnode.Error)(e).Error()
}

// Unwrap makes errors.Is(err, ErrDesignFile) hold.
func (e *DesignFileError) Unwrap() error { return ErrDesignFile }

// df reads design files' nodes. Found values are shortened as in .mtf
// messages, so a long line in the wrong place does not flood the message.
var df = yamlnode.Reader{Short: mtfShort}

// dfErr is a DesignFileError at node n.
func dfErr(n *yaml.Node, field, format string, a ...any) error {
	return (*DesignFileError)(yamlnode.Errorf(n, field, format, a...))
}

// designFields are the keys of one design, in the order messages list them.
var designFields = []string{"name", "kind", "tons", "walk", "run", "jump", "motive", "armor_tons", "armor_points", "indirect", "quad", "no_lower_arms", "weapons"}

// ReadDesigns reads a design file: one design, or a list under
// "designs:". An error names the line and field ("line 4: tons: want a
// number, found \"heavy\"") and matches ErrDesignFile.
func ReadDesigns(data []byte) ([]Design, error) {
	ds, err := readDesigns(data)
	if e, ok := err.(*yamlnode.Error); ok {
		// The shared readers' errors become DesignFileErrors here, so
		// every error matches ErrDesignFile.
		return nil, (*DesignFileError)(e)
	}
	return ds, err
}

// readDesigns is ReadDesigns, its errors from the shared readers not yet
// DesignFileErrors.
func readDesigns(data []byte) ([]Design, error) {
	if len(data) > designFileMaxBytes {
		return nil, &DesignFileError{Msg: fmt.Sprintf("larger than %d bytes", designFileMaxBytes)}
	}
	root, err := yamlnode.Document(data,
		"the file is empty: give a design (name, kind, tons, …) or a designs: list",
		"a second YAML document: put several designs in a designs: list")
	if err != nil {
		return nil, err
	}
	if err := yamlnode.Plain(root, ""); err != nil {
		return nil, err
	}
	if root.Kind != yaml.MappingNode {
		return nil, dfErr(root, "", "want a design (name: …, kind: …) or a designs: list, found %s", df.Describe(root))
	}
	if len(root.Content) >= 2 && root.Content[0].Value == "designs" {
		fs, err := df.Fields(root, "", "designs")
		if err != nil {
			return nil, err
		}
		list := fs["designs"].Value
		items, err := df.List(list, "designs")
		if err != nil {
			return nil, err
		}
		if len(items) == 0 {
			return nil, dfErr(list, "designs", "the list is empty")
		}
		out := make([]Design, 0, len(items))
		for i, item := range items {
			d, err := readDesign(item, yamlnode.Index("designs", i))
			if err != nil {
				return nil, err
			}
			out = append(out, d)
		}
		return out, nil
	}
	d, err := readDesign(root, "")
	if err != nil {
		return nil, err
	}
	return []Design{d}, nil
}

// readDesign reads one design mapping at path.
func readDesign(n *yaml.Node, path string) (Design, error) {
	fs, err := df.Fields(n, path, designFields...)
	if err != nil {
		return Design{}, err
	}
	var d Design
	need := func(key string) (field yamlnode.Field, err error) {
		f, ok := fs[key]
		if !ok {
			return f, dfErr(n, path, "no %s: a design needs name, kind and tons", key)
		}
		return f, nil
	}
	f, err := need("name")
	if err != nil {
		return d, err
	}
	if d.Name, err = df.Name(f.Value, yamlnode.Join(path, "name"), usertext.Unit); err != nil {
		return d, err
	}
	if f, err = need("kind"); err != nil {
		return d, err
	}
	kindText, err := df.Str(f.Value, yamlnode.Join(path, "kind"))
	if err != nil {
		return d, err
	}
	if d.Kind, err = ParseDesignKind(kindText); err != nil {
		return d, dfErr(f.Value, yamlnode.Join(path, "kind"), "%v", err)
	}
	if f, err = need("tons"); err != nil {
		return d, err
	}
	if d.Tons, err = df.Number(f.Value, yamlnode.Join(path, "tons")); err != nil {
		return d, err
	}
	if !(d.Tons > 0) || d.Tons > 1000 {
		return d, dfErr(f.Value, yamlnode.Join(path, "tons"), "%v tons is out of range: use more than 0, up to 1000", d.Tons)
	}

	// Movement. Fighters move by weight (line 1678); the rest give walk.
	if d.Kind == DesignFighter {
		for _, key := range []string{"walk", "run", "jump", "motive"} {
			if f, ok := fs[key]; ok {
				return d, dfErr(f.Key, yamlnode.Join(path, key), "a fighter's MP comes from its weight (%s): leave %s out", cite.Book(1678), key)
			}
		}
	} else {
		f, ok := fs["walk"]
		if !ok {
			return d, dfErr(n, path, "no walk: a %s needs its walking (vehicles: cruising) MP", d.Kind)
		}
		lo := 0
		if d.Kind == DesignMech {
			lo = 1
		}
		if d.WalkMP, err = df.Int(f.Value, yamlnode.Join(path, "walk"), lo, 30); err != nil {
			return d, err
		}
		d.RunMP = referee.OverburnMP(d.WalkMP) // ceil(1.5 × walk), as ruling D14
		if f, ok := fs["run"]; ok {
			if d.RunMP, err = df.Int(f.Value, yamlnode.Join(path, "run"), d.WalkMP, 45); err != nil {
				return d, err
			}
		}
		if f, ok := fs["jump"]; ok {
			if d.JumpMP, err = df.Int(f.Value, yamlnode.Join(path, "jump"), 0, 30); err != nil {
				return d, err
			}
		}
	}

	f, hasMotive := fs["motive"]
	switch {
	case hasMotive:
		p := yamlnode.Join(path, "motive")
		s, err := df.Str(f.Value, p)
		if err != nil {
			return d, err
		}
		m, err := ParseMotive(s)
		if err != nil {
			return d, dfErr(f.Value, p, "%v (%s)", err, cite.Book(1654))
		}
		d.Motive = m
		if d.Kind == DesignMech {
			return d, dfErr(f.Key, p, "a 'Mech has no motive: leave it out")
		}
		if d.Kind == DesignInfantry && d.Motive != MotiveWheeled {
			return d, dfErr(f.Value, p, "infantry may only be wheeled (motorized infantry)")
		}
	case d.Kind == DesignVehicle:
		return d, dfErr(n, path, "no motive: a vehicle needs a movement mode: hover, tracked or wheeled (%s)", cite.Book(1654))
	}

	// Armor: tons or points, not both.
	at, hasTons := fs["armor_tons"]
	ap, hasPoints := fs["armor_points"]
	switch {
	case hasTons && hasPoints:
		return d, dfErr(ap.Key, yamlnode.Join(path, "armor_points"), "armor_tons is given too (line %d): give one of them", at.Key.Line)
	case hasTons:
		p := yamlnode.Join(path, "armor_tons")
		if d.ArmorTons, err = df.Number(at.Value, p); err != nil {
			return d, err
		}
		if d.ArmorTons < 0 || d.ArmorTons > 1000 {
			return d, dfErr(at.Value, p, "%v tons is out of range: use 0 to 1000", d.ArmorTons)
		}
	case hasPoints:
		if d.ArmorPoints, err = df.Int(ap.Value, yamlnode.Join(path, "armor_points"), 0, 16000); err != nil {
			return d, err
		}
	}

	if f, ok := fs["indirect"]; ok {
		if d.Indirect, err = df.Bool(f.Value, yamlnode.Join(path, "indirect")); err != nil {
			return d, err
		}
	}
	// Flags only a 'Mech may set: quad (ruling D5), no lower arm
	// actuators (ruling D4).
	for _, flag := range []struct {
		key, why string
		to       *bool
	}{
		{"quad", "only a 'Mech can be a quad (ruling D5)", &d.Quad},
		{"no_lower_arms", "only a 'Mech has arm actuators (ruling D4)", &d.NoLowerArms},
	} {
		f, ok := fs[flag.key]
		if !ok {
			continue
		}
		p := yamlnode.Join(path, flag.key)
		if *flag.to, err = df.Bool(f.Value, p); err != nil {
			return d, err
		}
		if d.Kind != DesignMech {
			return d, dfErr(f.Key, p, "%s", flag.why)
		}
	}

	// "weapons:" with nothing after it is no weapons.
	if f, ok := fs["weapons"]; ok && !(f.Value.Kind == yaml.ScalarNode && f.Value.Tag == "!!null") {
		p := yamlnode.Join(path, "weapons")
		items, err := df.List(f.Value, p)
		if err != nil {
			return d, err
		}
		for i, item := range items {
			m, err := readMount(item, yamlnode.Index(p, i))
			if err != nil {
				return d, err
			}
			d.Weapons = append(d.Weapons, m)
		}
	}
	return d, nil
}

// readMount reads a weapon: a bare name, or {name: …, count: …,
// location: …}.
func readMount(n *yaml.Node, path string) (Mount, error) {
	m := Mount{Count: 1, Line: n.Line}
	if n.Kind == yaml.ScalarNode {
		name, err := df.Str(n, path)
		if err != nil {
			return m, err
		}
		m.Weapon = name
		return m, nil
	}
	if n.Kind != yaml.MappingNode {
		return m, dfErr(n, path, "want a weapon name or {name: …, count: …}, found %s", df.Describe(n))
	}
	fs, err := df.Fields(n, path, "name", "count", "location")
	if err != nil {
		return m, err
	}
	f, ok := fs["name"]
	if !ok {
		return m, dfErr(n, path, "no name: a weapon needs its name")
	}
	if m.Weapon, err = df.Str(f.Value, yamlnode.Join(path, "name")); err != nil {
		return m, err
	}
	if f, ok := fs["count"]; ok {
		if m.Count, err = df.Int(f.Value, yamlnode.Join(path, "count"), 1, 100); err != nil {
			return m, err
		}
	}
	if f, ok := fs["location"]; ok {
		if m.Location, err = df.Str(f.Value, yamlnode.Join(path, "location")); err != nil {
			return m, err
		}
	}
	return m, nil
}

// LanceFromDesignFiles reads design files and creates one lance of their
// designs (up to four; two fighters) by the full lance creation rules, as
// LanceFromMTF does for .mtf files. names labels each file in errors and
// warnings (its file name); a missing label becomes "file N". Weapons the
// 1987 tables do not know are left out and named in the warnings with
// their line (ruling D7), which the caller must show.
func LanceFromDesignFiles(files [][]byte, names []string, exp referee.Experience) (Lance, []string, error) {
	if len(files) == 0 {
		return Lance{}, nil, fmt.Errorf("%w: no design files; a lance is 1 to %d machines (%s)", ErrLance, LanceSize, cite.Book(1361))
	}
	var b designBatch
	for i, data := range files {
		label := fileLabel(i, names)
		ds, err := ReadDesigns(data)
		if err != nil {
			return Lance{}, b.warnings, fmt.Errorf("%s: %w", label, err)
		}
		for _, d := range ds {
			if len(b.results) == LanceSize {
				return Lance{}, b.warnings, fmt.Errorf("%s: %w: more than %d designs; a lance is 1 to %d machines (%s)", label, ErrLance, LanceSize, LanceSize, cite.Book(1361))
			}
			if err := b.add(label, d); err != nil {
				return Lance{}, b.warnings, err
			}
		}
	}
	return b.lance(exp)
}
