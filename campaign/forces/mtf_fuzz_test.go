package forces

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzReadMTF: ReadMTF never panics; what it reads, DesignValues converts
// without panicking; every error names a line.
func FuzzReadMTF(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.mtf")
	corpus, _ := filepath.Glob("testdata/mtf/*.mtf")
	files = append(files, corpus...)
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(b))
	}
	f.Add("chassis:A\nmass:20\nwalk mp:4\nweapons:2\n2 Medium Laser, Left Arm\n")
	f.Add("Version:1.0\nA\nB\nmass:20\nengine:80 Fusion\n\nLeft Leg:\nJump Jet\n")
	f.Fuzz(func(t *testing.T, text string) {
		d, _, err := ReadMTF(strings.NewReader(text))
		if err != nil {
			if !strings.Contains(err.Error(), "line ") {
				t.Fatalf("error without a line: %v", err)
			}
			return
		}
		if _, err := DesignValues(d); err != nil {
			t.Fatalf("ReadMTF accepted a design DesignValues refuses: %v", err)
		}
		_ = Judge1987(d)
		_ = check1987Weapons(d)
	})
}
