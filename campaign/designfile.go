package campaign

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

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
// 'Mech may give "quad: true" (ruling D5). Unknown fields are refused.
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
// and what is wrong. It matches ErrDesignFile with errors.Is.
type DesignFileError struct {
	Line  int
	Field string
	Msg   string
}

func (e *DesignFileError) Error() string {
	var b strings.Builder
	b.WriteString(ErrDesignFile.Error() + ": ")
	if e.Line > 0 {
		fmt.Fprintf(&b, "line %d: ", e.Line)
	}
	if e.Field != "" {
		b.WriteString(e.Field + ": ")
	}
	b.WriteString(e.Msg)
	return b.String()
}

// Unwrap makes errors.Is(err, ErrDesignFile) hold.
func (e *DesignFileError) Unwrap() error { return ErrDesignFile }

// dfErr is a DesignFileError at node n.
func dfErr(n *yaml.Node, field, format string, a ...any) error {
	line := 0
	if n != nil {
		line = n.Line
	}
	return &DesignFileError{Line: line, Field: field, Msg: fmt.Sprintf(format, a...)}
}

// designFields are the keys of one design, in the order messages list them.
var designFields = []string{"name", "kind", "tons", "walk", "run", "jump", "motive", "armor_tons", "armor_points", "indirect", "quad", "weapons"}

// ReadDesigns reads a design file: one design, or a list under
// "designs:". An error names the line and field ("line 4: tons: want a
// number, found \"heavy\"") and matches ErrDesignFile.
func ReadDesigns(data []byte) ([]Design, error) {
	if len(data) > designFileMaxBytes {
		return nil, &DesignFileError{Msg: fmt.Sprintf("larger than %d bytes", designFileMaxBytes)}
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var doc yaml.Node
	if err := dec.Decode(&doc); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, &DesignFileError{Msg: "the file is empty: give a design (name, kind, tons, …) or a designs: list"}
		}
		return nil, dfYAMLError(err)
	}
	var extra yaml.Node
	if err := dec.Decode(&extra); err == nil {
		return nil, dfErr(&extra, "", "a second YAML document: put several designs in a designs: list")
	} else if !errors.Is(err, io.EOF) {
		return nil, dfYAMLError(err)
	}
	root := &doc
	if root.Kind == yaml.DocumentNode && len(root.Content) == 1 {
		root = root.Content[0]
	}
	if err := dfPlain(root, ""); err != nil {
		return nil, err
	}
	if root.Kind != yaml.MappingNode {
		return nil, dfErr(root, "", "want a design (name: …, kind: …) or a designs: list, found %s", dfDescribe(root))
	}
	if len(root.Content) >= 2 && root.Content[0].Value == "designs" {
		fs, err := dfFields(root, "", "designs")
		if err != nil {
			return nil, err
		}
		list := fs["designs"].value
		items, err := dfList(list, "designs")
		if err != nil {
			return nil, err
		}
		if len(items) == 0 {
			return nil, dfErr(list, "designs", "the list is empty")
		}
		out := make([]Design, 0, len(items))
		for i, item := range items {
			d, err := readDesign(item, fmt.Sprintf("designs[%d]", i))
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

// dfYAMLError turns a parser error ("yaml: line 3: …") into a DesignFileError.
func dfYAMLError(err error) error {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	line := 0
	if rest, ok := strings.CutPrefix(msg, "line "); ok {
		if num, after, ok := strings.Cut(rest, ": "); ok {
			if n, err := strconv.Atoi(num); err == nil {
				line, msg = n, after
			}
		}
	}
	return &DesignFileError{Line: line, Msg: "not YAML: " + msg}
}

// readDesign reads one design mapping at path.
func readDesign(n *yaml.Node, path string) (Design, error) {
	fs, err := dfFields(n, path, designFields...)
	if err != nil {
		return Design{}, err
	}
	var d Design
	need := func(key string) (field dfField, err error) {
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
	if d.Name, err = dfStr(f.value, dfJoin(path, "name")); err != nil {
		return d, err
	}
	if f, err = need("kind"); err != nil {
		return d, err
	}
	kindText, err := dfStr(f.value, dfJoin(path, "kind"))
	if err != nil {
		return d, err
	}
	if d.Kind, err = ParseDesignKind(kindText); err != nil {
		return d, dfErr(f.value, dfJoin(path, "kind"), "%v", err)
	}
	if f, err = need("tons"); err != nil {
		return d, err
	}
	if d.Tons, err = dfNumber(f.value, dfJoin(path, "tons")); err != nil {
		return d, err
	}
	if !(d.Tons > 0) || d.Tons > 1000 {
		return d, dfErr(f.value, dfJoin(path, "tons"), "%v tons is out of range: use more than 0, up to 1000", d.Tons)
	}

	// Movement. Fighters move by weight (line 1678); the rest give walk.
	if d.Kind == DesignFighter {
		for _, key := range []string{"walk", "run", "jump", "motive"} {
			if f, ok := fs[key]; ok {
				return d, dfErr(f.key, dfJoin(path, key), "a fighter's MP comes from its weight (line 1678): leave %s out", key)
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
		if d.WalkMP, err = dfInt(f.value, dfJoin(path, "walk"), lo, 30); err != nil {
			return d, err
		}
		d.RunMP = referee.OverburnMP(d.WalkMP) // ceil(1.5 × walk), as ruling D14
		if f, ok := fs["run"]; ok {
			if d.RunMP, err = dfInt(f.value, dfJoin(path, "run"), d.WalkMP, 45); err != nil {
				return d, err
			}
		}
		if f, ok := fs["jump"]; ok {
			if d.JumpMP, err = dfInt(f.value, dfJoin(path, "jump"), 0, 30); err != nil {
				return d, err
			}
		}
	}

	f, hasMotive := fs["motive"]
	switch {
	case hasMotive:
		p := dfJoin(path, "motive")
		s, err := dfStr(f.value, p)
		if err != nil {
			return d, err
		}
		switch strings.ToLower(s) {
		case "hover":
			d.Motive = MotiveHover
		case "tracked":
			d.Motive = MotiveTracked
		case "wheeled":
			d.Motive = MotiveWheeled
		default:
			return d, dfErr(f.value, p, "%q is not a movement mode: use hover, tracked or wheeled (line 1654)", s)
		}
		if d.Kind == DesignMech {
			return d, dfErr(f.key, p, "a 'Mech has no motive: leave it out")
		}
		if d.Kind == DesignInfantry && d.Motive != MotiveWheeled {
			return d, dfErr(f.value, p, "infantry may only be wheeled (motorized infantry)")
		}
	case d.Kind == DesignVehicle:
		return d, dfErr(n, path, "no motive: a vehicle needs a movement mode: hover, tracked or wheeled (line 1654)")
	}

	// Armor: tons or points, not both.
	at, hasTons := fs["armor_tons"]
	ap, hasPoints := fs["armor_points"]
	switch {
	case hasTons && hasPoints:
		return d, dfErr(ap.key, dfJoin(path, "armor_points"), "armor_tons is given too (line %d): give one of them", at.key.Line)
	case hasTons:
		p := dfJoin(path, "armor_tons")
		if d.ArmorTons, err = dfNumber(at.value, p); err != nil {
			return d, err
		}
		if d.ArmorTons < 0 || d.ArmorTons > 1000 {
			return d, dfErr(at.value, p, "%v tons is out of range: use 0 to 1000", d.ArmorTons)
		}
	case hasPoints:
		if d.ArmorPoints, err = dfInt(ap.value, dfJoin(path, "armor_points"), 0, 16000); err != nil {
			return d, err
		}
	}

	if f, ok := fs["indirect"]; ok {
		if d.Indirect, err = dfBool(f.value, dfJoin(path, "indirect")); err != nil {
			return d, err
		}
	}
	if f, ok := fs["quad"]; ok {
		p := dfJoin(path, "quad")
		if d.Quad, err = dfBool(f.value, p); err != nil {
			return d, err
		}
		if d.Kind != DesignMech {
			return d, dfErr(f.key, p, "only a 'Mech can be a quad (ruling D5)")
		}
	}

	// "weapons:" with nothing after it is no weapons.
	if f, ok := fs["weapons"]; ok && !(f.value.Kind == yaml.ScalarNode && f.value.Tag == "!!null") {
		p := dfJoin(path, "weapons")
		items, err := dfList(f.value, p)
		if err != nil {
			return d, err
		}
		for i, item := range items {
			m, err := readMount(item, fmt.Sprintf("%s[%d]", p, i))
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
		name, err := dfStr(n, path)
		if err != nil {
			return m, err
		}
		m.Weapon = name
		return m, nil
	}
	if n.Kind != yaml.MappingNode {
		return m, dfErr(n, path, "want a weapon name or {name: …, count: …}, found %s", dfDescribe(n))
	}
	fs, err := dfFields(n, path, "name", "count", "location")
	if err != nil {
		return m, err
	}
	f, ok := fs["name"]
	if !ok {
		return m, dfErr(n, path, "no name: a weapon needs its name")
	}
	if m.Weapon, err = dfStr(f.value, dfJoin(path, "name")); err != nil {
		return m, err
	}
	if f, ok := fs["count"]; ok {
		if m.Count, err = dfInt(f.value, dfJoin(path, "count"), 1, 100); err != nil {
			return m, err
		}
	}
	if f, ok := fs["location"]; ok {
		if m.Location, err = dfStr(f.value, dfJoin(path, "location")); err != nil {
			return m, err
		}
	}
	return m, nil
}

// dfField is one key of a mapping and its value.
type dfField struct {
	key, value *yaml.Node
}

// dfFields reads a mapping whose keys must be among allowed, each once.
func dfFields(n *yaml.Node, path string, allowed ...string) (map[string]dfField, error) {
	if n.Kind != yaml.MappingNode {
		return nil, dfErr(n, path, "want a mapping (key: value), found %s", dfDescribe(n))
	}
	out := map[string]dfField{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if err := dfPlain(k, path); err != nil {
			return nil, err
		}
		if k.Kind != yaml.ScalarNode {
			return nil, dfErr(k, path, "a key must be a plain word, found %s", dfDescribe(k))
		}
		p := dfJoin(path, k.Value)
		if err := dfPlain(v, p); err != nil {
			return nil, err
		}
		known := false
		for _, a := range allowed {
			known = known || a == k.Value
		}
		if !known {
			return nil, dfErr(k, p, "unknown field; use %s", strings.Join(allowed, ", "))
		}
		if prev, dup := out[k.Value]; dup {
			return nil, dfErr(k, p, "given twice (first at line %d)", prev.key.Line)
		}
		out[k.Value] = dfField{k, v}
	}
	return out, nil
}

// dfPlain refuses anchors, aliases and merge keys: a design file has no
// need of them, and a reader should see each value where it applies.
func dfPlain(n *yaml.Node, path string) error {
	switch {
	case n.Kind == yaml.AliasNode:
		return dfErr(n, path, "aliases (*name) are not supported: write the value out")
	case n.Anchor != "":
		return dfErr(n, path, "anchors (&name) are not supported: write each value where it applies")
	case n.Tag == "!!merge":
		return dfErr(n, path, "merge keys (<<) are not supported")
	}
	return nil
}

// dfList reads a sequence.
func dfList(n *yaml.Node, path string) ([]*yaml.Node, error) {
	if n.Kind != yaml.SequenceNode {
		return nil, dfErr(n, path, "want a list, found %s", dfDescribe(n))
	}
	for i, c := range n.Content {
		if err := dfPlain(c, fmt.Sprintf("%s[%d]", path, i)); err != nil {
			return nil, err
		}
	}
	return n.Content, nil
}

// dfStr reads a non-empty scalar.
func dfStr(n *yaml.Node, path string) (string, error) {
	if n.Kind != yaml.ScalarNode {
		return "", dfErr(n, path, "want a value, found %s", dfDescribe(n))
	}
	s := strings.TrimSpace(n.Value)
	if n.Tag == "!!null" || s == "" {
		return "", dfErr(n, path, "is empty")
	}
	return s, nil
}

// dfNumber reads a finite number ("25", "2.5").
func dfNumber(n *yaml.Node, path string) (float64, error) {
	s, err := dfStr(n, path)
	if err != nil {
		return 0, err
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, dfErr(n, path, "want a number, found %q", s)
	}
	return v, nil
}

// dfInt reads a whole number from lo to hi.
func dfInt(n *yaml.Node, path string, lo, hi int) (int, error) {
	s, err := dfStr(n, path)
	if err != nil {
		return 0, err
	}
	v, err := strconv.Atoi(s)
	if err != nil || len(s) > 10 {
		return 0, dfErr(n, path, "want a whole number, found %q", s)
	}
	if v < lo || v > hi {
		return 0, dfErr(n, path, "%d is out of range: use %d to %d", v, lo, hi)
	}
	return v, nil
}

// dfBool reads true or false.
func dfBool(n *yaml.Node, path string) (bool, error) {
	s, err := dfStr(n, path)
	if err != nil {
		return false, err
	}
	switch strings.ToLower(s) {
	case "true":
		return true, nil
	case "false":
		return false, nil
	}
	return false, dfErr(n, path, "want true or false, found %q", s)
}

// dfDescribe names the kind of node found, for "want X, found Y".
func dfDescribe(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.AliasNode:
		return "an alias"
	case yaml.ScalarNode:
		if n.Tag == "!!null" {
			return "nothing"
		}
		return strconv.Quote(mtfShort(n.Value))
	}
	return "a document"
}

func dfJoin(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// LanceFromDesignFiles reads design files and creates one lance of their
// designs (up to four; two fighters) by the full lance creation rules, as
// LanceFromMTF does for .mtf files. names labels each file in errors and
// warnings (its file name); a missing label becomes "file N". Weapons the
// 1987 tables do not know are left out and named in the warnings with
// their line (ruling D7), which the caller must show.
func LanceFromDesignFiles(files [][]byte, names []string, exp referee.Experience) (Lance, []string, error) {
	if len(files) == 0 {
		return Lance{}, nil, fmt.Errorf("%w: no design files; a lance is 1 to %d machines (line 1363)", ErrLance, LanceSize)
	}
	var warnings []string
	var rs []DesignResult
	var designNames []string
	for i, data := range files {
		label := fmt.Sprintf("file %d", i+1)
		if i < len(names) && names[i] != "" {
			label = names[i]
		}
		ds, err := ReadDesigns(data)
		if err != nil {
			return Lance{}, warnings, fmt.Errorf("%s: %w", label, err)
		}
		for _, d := range ds {
			if len(rs) == LanceSize {
				return Lance{}, warnings, fmt.Errorf("%s: %w: more than %d designs; a lance is 1 to %d machines (line 1363)", label, ErrLance, LanceSize, LanceSize)
			}
			r, err := DesignValues(d)
			if err != nil {
				return Lance{}, warnings, fmt.Errorf("%s: %w", label, err)
			}
			for _, w := range r.Warnings {
				warnings = append(warnings, label+": "+w)
			}
			rs = append(rs, r)
			designNames = append(designNames, d.Name)
		}
	}
	l, err := CombineResults(strings.Join(designNames, ", "), rs, exp)
	return l, warnings, err
}
