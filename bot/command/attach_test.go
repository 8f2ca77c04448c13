package command

import (
	"context"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"
)

// attRegistry is a registry on an empty MemStore.
func attRegistry(tb testing.TB) (*Registry, *MemStore) {
	tb.Helper()
	store := NewMemStore(7)
	return New(Deps{Store: store, ErrorID: func() string { return "test" }, RateLimits: RateLimits{Off: true}}), store
}

// attRequest builds a request with option name/value pairs kv and files
// by option name; a file's option value is its name unless kv gives one.
func attRequest(user, name, sub string, files map[string]File, kv ...string) *Request {
	r := &Request{User: User{ID: user, Name: user}, Guild: "g", Channel: "c", Name: name, Sub: sub,
		Options: map[string]string{}, Files: files, Now: time.Unix(0, 0)}
	for i := 0; i+1 < len(kv); i += 2 {
		r.Options[kv[i]] = kv[i+1]
	}
	for opt, f := range files {
		if _, ok := r.Options[opt]; !ok {
			r.Options[opt] = f.Name
		}
	}
	return r
}

// attFile reads a test file.
func attFile(tb testing.TB, path string) File {
	tb.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	return File{Name: path[strings.LastIndex(path, "/")+1:], Data: data}
}

// attManyFiles is n one-byte files for options f0, f1, ….
func attManyFiles(n int) map[string]File {
	m := map[string]File{}
	for i := range n {
		m["f"+strconv.Itoa(i)] = File{Name: "x", Data: []byte("x")}
	}
	return m
}

// attDo dispatches one request and returns the replies as text.
func attDo(reg *Registry, r *Request) string {
	return cmdTexts(reg.Dispatch(context.Background(), r))
}

// Ensure the registry pairs files with Attachment options and bounds
// them before any handler runs: a file over MaxAttachmentBytes, an
// Attachment option without its file, a file for a text option or for no
// option are refused, privately, naming the option.
func TestAttachmentChecks(t *testing.T) {
	small := File{Name: "m.yaml", Data: []byte("cols: 2\n")}
	tests := []struct {
		name  string
		files map[string]File
		kv    []string
		edit  func(r *Request)
		want  string
	}{
		{"ErrTooBig", map[string]File{"map_file": {Name: "big.yaml", Data: make([]byte, MaxAttachmentBytes+1)}}, nil, nil,
			"private ref: ⚠ /campaign create: map_file: the file is 262145 bytes; an attached file is at most 256 KiB\n"},
		{"ErrNoFile", nil, []string{"map_file", "m.yaml"}, nil,
			"private ref: ⚠ /campaign create: map_file: attach a file (the option's value is the file itself)\n"},
		{"ErrFileForText", map[string]File{"regiments": small}, nil, nil,
			"private ref: ⚠ /campaign create: regiments: takes a value, not a file\n"},
		{"ErrFileForNoOption", map[string]File{"nosuch": small}, nil, func(r *Request) { delete(r.Options, "nosuch") },
			"private ref: ⚠ /campaign create: a file came for nosuch:, which is not an option of this command\n"},
		{"ErrFileWithoutName", map[string]File{"map_file": small}, []string{"map_file", ""}, nil,
			"private ref: ⚠ /campaign create: map_file: the file came without its name\n"},
		{"ErrTooManyFiles", attManyFiles(MaxOptions + 1), nil, func(r *Request) { r.Options = map[string]string{"name": "Filed"} },
			"private ref: ⚠ /campaign create: 26 files given; a command takes at most 25\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			reg, store := attRegistry(t)
			kv := append([]string{"name", "Filed"}, tt.kv...)
			r := attRequest("ref", "campaign", "create", tt.files, kv...)
			if tt.edit != nil {
				tt.edit(r)
			}
			if got := attDo(reg, r); got != tt.want {
				t.Errorf("got  %q\nwant %q", got, tt.want)
			}
			if list, _ := store.List(context.Background()); len(list) != 0 {
				t.Errorf("a refused create stored %d campaigns", len(list))
			}
		})
	}
}

// Ensure /campaign create plays on a strategic map read from map_file:
// the campaign keeps the file's map (holes included) and its size in the
// settings, and the reply says where the map came from.
func TestCreateMapFile(t *testing.T) {
	reg, store := attRegistry(t)
	f := attFile(t, "testdata/att_harlech.yaml")
	got := attDo(reg, attRequest("ref", "campaign", "create", map[string]File{"map_file": f}, "name", "Harlech"))
	want := "the 4×3 strategic map “Harlech Valley” from file att_harlech.yaml (11 sectors)"
	if !strings.Contains(got, want) || !strings.HasPrefix(got, "public : Campaign 1 “Harlech” is set up: ") {
		t.Fatalf("got %q\nwant it to contain %q", got, want)
	}
	c, err := store.Get(context.Background(), 1)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := len(c.Map.Sectors), 11; got != want {
		t.Errorf("map has %d sectors, want %d", got, want)
	}
	if c.Map.At(3, 0) != nil {
		t.Errorf("the file's hole (col 4, row 1) has a sector")
	}
	if c.Settings.MapCols != 4 || c.Settings.MapRows != 3 || c.Settings.MapSeed != 0 {
		t.Errorf("settings map %dx%d seed %d, want 4x3 seed 0", c.Settings.MapCols, c.Settings.MapRows, c.Settings.MapSeed)
	}
	// The sides stand at the map's ends, in sectors the file has.
	for _, s := range c.Sides {
		for _, b := range s.Battlegroups {
			if c.Map.ByID(b.Sector) == nil {
				t.Errorf("%s's battlegroup %d stands in sector %d, not on the map", s.ID, b.ID, b.Sector)
			}
		}
	}
}

// Ensure a generated map's reply says so, as before files came.
func TestCreateGeneratedMap(t *testing.T) {
	reg, _ := attRegistry(t)
	got := attDo(reg, attRequest("ref", "campaign", "create", nil, "name", "Gen", "map_cols", "3", "map_rows", "2", "map_seed", "9"))
	if want := "7th Crucis Lancers (crucis) against"; !strings.Contains(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
	if want := "on a 3×2 strategic map (generated, seed 9)."; !strings.Contains(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

// Ensure a bad map file is refused with the file's name and the line of
// the mistake, and map_file with map_cols, map_rows or map_seed names
// them.
func TestCreateMapFileRefused(t *testing.T) {
	bad := "name: Bad\ncols: 2\nrows: 1\nsectors:\n  - {col: 1, row: 1, name: A, theme: plains}\n  - {col: 2, row: 1, name: B, theme: lava}\n"
	tests := []struct {
		name string
		file string
		kv   []string
		want []string
	}{
		{"ErrBadTheme", bad, nil, []string{"⚠ map_file bad.yaml: strategic map: line 6", "theme"}},
		{"ErrNotYAML", "cols: [\n", nil, []string{"⚠ map_file bad.yaml: strategic map:", "line"}},
		{"ErrEmpty", "", nil, []string{"⚠ map_file bad.yaml: strategic map:", "empty"}},
		{"ErrOneSector", "cols: 1\nrows: 1\nsectors:\n  - {col: 1, row: 1, name: A, theme: plains}\n", nil, []string{"⚠ ", "two sectors"}},
		{"ErrWithMapCols", bad, []string{"map_cols", "3", "map_seed", "2"},
			[]string{"⚠ /campaign create: map_file: gives the whole map, so map_cols: map_seed: cannot change it; drop map_cols: map_seed:, or drop map_file: to generate a map"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			reg, store := attRegistry(t)
			kv := append([]string{"name", "Bad"}, tt.kv...)
			got := attDo(reg, attRequest("ref", "campaign", "create", map[string]File{"map_file": {Name: "bad.yaml", Data: []byte(tt.file)}}, kv...))
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("got %q\nwant it to contain %q", got, w)
				}
			}
			if !strings.HasPrefix(got, "private ref: ⚠") {
				t.Errorf("not a private refusal: %q", got)
			}
			if list, _ := store.List(context.Background()); len(list) != 0 {
				t.Errorf("a refused create stored %d campaigns", len(list))
			}
		})
	}
}

// attOverBudget is a regiment file that names the light budget (428
// points, 000 line 1953) and spends more.
func attOverBudget() []byte {
	s := "id: broke\nname: Broke Company\nbudget: light\ngroups:\n  - units:\n"
	for range 15 {
		s += "      - {name: Heavy Lance, machines: [Atlas, Atlas, Atlas, Atlas], experience: elite}\n"
	}
	return []byte(s)
}

// Ensure /campaign create takes its sides from regiment files: the
// built-in ones named in regiments come first, then the files; the reply
// names each side and the file it came from, and the stored campaign's
// sides are the files' regiments.
func TestCreateRegimentFiles(t *testing.T) {
	guard := attFile(t, "testdata/att_guard.yaml")
	raiders := attFile(t, "testdata/att_raiders.yaml")
	tests := []struct {
		name  string
		files map[string]File
		kv    []string
		sides []string
		want  string
	}{
		{"OneFileAndBuiltIn", map[string]File{"regiment_file": guard}, []string{"regiments", "bandits"},
			[]string{"bandits", "harlech-guard"}, "(bandits) against Harlech Guard (harlech-guard, from file att_guard.yaml) on a 4×3 strategic map"},
		{"TwoFiles", map[string]File{"regiment_file": guard, "regiment_file2": raiders}, nil,
			[]string{"harlech-guard", "tamar-raiders"}, ": Harlech Guard (harlech-guard, from file att_guard.yaml) against Tamar Raiders (tamar-raiders, from file att_raiders.yaml) on"},
		{"SecondFileOnly", map[string]File{"regiment_file2": raiders}, []string{"regiments", "crucis"},
			[]string{"crucis", "tamar-raiders"}, "against Tamar Raiders (tamar-raiders, from file att_raiders.yaml)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			reg, store := attRegistry(t)
			kv := append([]string{"name", "Filed"}, tt.kv...)
			got := attDo(reg, attRequest("ref", "campaign", "create", tt.files, kv...))
			if !strings.Contains(got, tt.want) || !strings.HasPrefix(got, "public ") {
				t.Fatalf("got %q\nwant it to contain %q", got, tt.want)
			}
			c, err := store.Get(context.Background(), 1)
			if err != nil {
				t.Fatal(err)
			}
			var ids []string
			for _, s := range c.Sides {
				ids = append(ids, s.ID)
			}
			if strings.Join(ids, " ") != strings.Join(tt.sides, " ") {
				t.Errorf("sides %v, want %v", ids, tt.sides)
			}
		})
	}
	t.Run("FileSideJoins", func(t *testing.T) {
		reg, _ := attRegistry(t)
		attDo(reg, attRequest("ref", "campaign", "create", map[string]File{"regiment_file": guard}, "name", "J", "regiments", "crucis"))
		got := attDo(reg, attRequest("alice", "campaign", "join", nil, "side", "harlech-guard"))
		if strings.Contains(got, "⚠") || !strings.Contains(got, "Harlech Guard") {
			t.Errorf("join the file's side: %q", got)
		}
	})
}

// Ensure every refusal of regiment files is private, clear and stores
// nothing: one file without an opponent, three regiments, the same
// regiment twice, a file's mistake with its line, a file over its
// purchase points, a file too big.
func TestCreateRegimentFilesRefused(t *testing.T) {
	guard := attFile(t, "testdata/att_guard.yaml")
	bad := File{Name: "bad.yaml", Data: []byte("id: bad\nname: Bad\ngroups:\n  - units:\n      - name: L\n        machines: [Atlas]\n        experience: legendary\n")}
	tests := []struct {
		name  string
		files map[string]File
		kv    []string
		want  []string
	}{
		{"ErrNoOpponent", map[string]File{"regiment_file": guard}, nil,
			[]string{"/campaign create: regiment_file att_guard.yaml is one side; name the opponent too", "regiments:bandits"}},
		{"ErrThree", map[string]File{"regiment_file": guard}, []string{"regiments", "crucis bandits"},
			[]string{"a campaign is fought between two regiments; you gave 3 (2 in regiments:, 1 file)"}},
		{"ErrSameFileTwice", map[string]File{"regiment_file": guard, "regiment_file2": guard}, nil,
			[]string{`both sides chose regiment "harlech-guard"`}},
		{"ErrSameBuiltInTwice", nil, []string{"regiments", "crucis crucis"},
			[]string{`both sides chose regiment "crucis"`}},
		{"ErrBadLine", map[string]File{"regiment_file": bad}, []string{"regiments", "crucis"},
			[]string{"regiment_file bad.yaml: regiment file: line 7", "experience"}},
		{"ErrOverBudget", map[string]File{"regiment_file2": {Name: "broke.yaml", Data: attOverBudget()}}, []string{"regiments", "crucis"},
			[]string{"regiment_file2 broke.yaml: the regiment may not take the field", "428"}},
		{"ErrTooBig", map[string]File{"regiment_file": {Name: "huge.yaml", Data: make([]byte, MaxAttachmentBytes+100)}}, []string{"regiments", "crucis"},
			[]string{"/campaign create: regiment_file: the file is 262244 bytes; an attached file is at most 256 KiB"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			reg, store := attRegistry(t)
			kv := append([]string{"name", "Bad"}, tt.kv...)
			got := attDo(reg, attRequest("ref", "campaign", "create", tt.files, kv...))
			if !strings.HasPrefix(got, "private ref: ⚠") {
				t.Errorf("not a private refusal: %q", got)
			}
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("got %q\nwant it to contain %q", got, w)
				}
			}
			if list, _ := store.List(context.Background()); len(list) != 0 {
				t.Errorf("a refused create stored %d campaigns", len(list))
			}
		})
	}
}
