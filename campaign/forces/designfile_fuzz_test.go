package forces

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzReadDesigns: a design file never panics the reader, and what it
// accepts converts without panicking either.
func FuzzReadDesigns(f *testing.F) {
	files, _ := filepath.Glob("testdata/designs/*.yaml")
	for _, name := range files {
		if b, err := os.ReadFile(name); err == nil {
			f.Add(b)
		}
	}
	f.Add([]byte("name: x\nkind: mech\ntons: 20\nwalk: 6\nweapons: [Medium Laser, {name: LRM 5, count: 2}]\n"))
	f.Add([]byte("designs: [{name: a, kind: fighter, tons: 50}]"))
	f.Add([]byte("{"))
	f.Fuzz(func(t *testing.T, data []byte) {
		ds, err := ReadDesigns(data)
		if err != nil {
			return
		}
		for _, d := range ds {
			_, _ = DesignValues(d)
		}
	})
}
