package command

import (
	"fmt"
	"strings"

	"bfbot/campaign"
	"bfbot/campaign/forces"
	"bfbot/internal/english"
	"bfbot/mapgen"
)

// The files /campaign create takes: up to two regiments as
// regiment files (campaign/forces/regiment_file.go: built, bought with purchase
// points, or exported with `bfbot force export`), and the strategic map
// as mapgen's YAML (mapgen/strategic_yaml.go).
var createFileOptions = []Option{
	{Name: "regiment_file", Description: "a regiment file (YAML): a side bought with purchase points or imported", Type: Attachment},
	{Name: "regiment_file2", Description: "a second regiment file, for the other side", Type: Attachment},
	{Name: "map_file", Description: "a strategic map file (YAML, see mapgen/testdata/strategic_example.yaml)", Type: Attachment},
}

// createMap is the new campaign's strategic map: read from map_file, or
// generated from map_cols, map_rows and map_seed. With a file, st's map
// size is the file's (Settings.Validate and the settings listing read it)
// and its seed 0: a file's sectors carry their own seeds. origin says
// where the map came from, for the reply.
func createMap(x *call, st *campaign.Settings) (m *mapgen.Strategic, origin string, err error) {
	f, ok := x.file("map_file")
	if !ok {
		for _, o := range []struct {
			name string
			dst  *int
		}{{"map_cols", &st.MapCols}, {"map_rows", &st.MapRows}} {
			if n, ok := x.integer(o.name); ok {
				*o.dst = n
			}
		}
		if n, ok := x.integer("map_seed"); ok {
			st.MapSeed = uint64(n)
		}
		if err := st.Validate(); err != nil {
			return nil, "", err
		}
		m, err := mapgen.GenerateStrategic(st.MapSeed, st.MapCols, st.MapRows)
		if err != nil {
			return nil, "", userf("strategic map: %v", err)
		}
		return m, fmt.Sprintf("a %d×%d strategic map (generated, seed %d)", m.Cols, m.Rows, st.MapSeed), nil
	}
	var both []string
	for _, name := range []string{"map_cols", "map_rows", "map_seed"} {
		if x.Option(name) != "" {
			both = append(both, name+":")
		}
	}
	if len(both) > 0 {
		return nil, "", userf("/campaign create: map_file: gives the whole map, so %s cannot change it; drop %s, or drop map_file: to generate a map",
			strings.Join(both, " "), strings.Join(both, " "))
	}
	m, err = mapgen.ReadStrategic(f.Data)
	if err != nil {
		return nil, "", userf("map_file %s: %v", quoteFile(f.Name), err)
	}
	st.MapCols, st.MapRows, st.MapSeed = m.Cols, m.Rows, 0
	if err := st.Validate(); err != nil {
		return nil, "", err
	}
	name := ""
	if m.Name != "" {
		name = " “" + m.Name + "”"
	}
	return m, fmt.Sprintf("the %d×%d strategic map%s from file %s (%d sectors)", m.Cols, m.Rows, name, quoteFile(f.Name), len(m.Sectors)), nil
}

// regimentFileOptions are the regiment files' options, in the order their
// sides come.
var regimentFileOptions = []string{"regiment_file", "regiment_file2"}

// createRegiments are the new campaign's two regiments: the built-in ones
// named by regiments, then the files (regiment_file, regiment_file2);
// none given, the two built-in ones. A file is read with
// ReadRegimentChecked: one that names a budget must keep to its purchase
// points, and every one must be able to take the field. labels name each
// side for the reply. Two sides with the same id are campaign.New's
// refusal.
func createRegiments(x *call) (regs []forces.Regiment, labels []string, err error) {
	ids := strings.Fields(strings.ReplaceAll(x.str("regiments"), ",", " "))
	var files []string
	for _, name := range regimentFileOptions {
		if _, ok := x.file(name); ok {
			files = append(files, name)
		}
	}
	builtIn := strings.Join(forces.BuiltInIDs, " and ")
	switch {
	case len(ids) == 0 && len(files) == 0:
		ids = forces.BuiltInIDs
	case len(ids) == 0 && len(files) == 1:
		f, _ := x.file(files[0])
		return nil, nil, userf("/campaign create: %s %s is one side; name the opponent too: a built-in regiment (e.g. regiments:%s; there are %s) or a second file, regiment_file2:",
			files[0], quoteFile(f.Name), forces.BuiltInIDs[len(forces.BuiltInIDs)-1], builtIn)
	case len(ids)+len(files) != 2:
		return nil, nil, userf("/campaign create: a campaign is fought between two regiments; you gave %d (%d in regiments:, %s)",
			len(ids)+len(files), len(ids), english.Count(len(files), "file"))
	}
	for _, id := range ids {
		r, err := forces.BuiltIn(id)
		if err != nil {
			return nil, nil, userf("regiments: %q: use the built-in %s", id, builtIn)
		}
		regs = append(regs, r)
		labels = append(labels, fmt.Sprintf("%s (%s)", r.Name, r.ID))
	}
	for _, name := range files {
		f, _ := x.file(name)
		r, err := forces.ReadRegimentChecked(f.Data)
		if err != nil {
			return nil, nil, userf("%s %s: %v", name, quoteFile(f.Name), err)
		}
		regs = append(regs, r)
		labels = append(labels, fmt.Sprintf("%s (%s, from file %s)", r.Name, r.ID, quoteFile(f.Name)))
	}
	return regs, labels, nil
}

// quoteFile is a file name as replies show it: cut to 60 characters, so
// a long name does not flood the reply.
func quoteFile(name string) string {
	if r := []rune(name); len(r) > 60 {
		name = string(r[:59]) + "…"
	}
	return name
}
