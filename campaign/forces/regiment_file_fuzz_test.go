package forces

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// FuzzReadRegiment: ReadRegiment never panics; every error is a
// RegimentFileError with a message; every regiment it returns comes back
// unchanged through WriteRegiment, and CheckRegiment answers for it. The
// default run (go test) plays only the seeds below and
// testdata/fuzz/FuzzReadRegiment; go test -fuzz FuzzReadRegiment explores.
func FuzzReadRegiment(f *testing.F) {
	files, err := filepath.Glob("testdata/regiments/*.yaml")
	if err != nil || len(files) == 0 {
		f.Fatalf("no seed files: %v", err)
	}
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	for _, id := range BuiltInIDs {
		b, err := rosterFiles.ReadFile("data/rosters/" + id + ".yaml")
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	for _, s := range []string{
		"",
		rgfMinimal,
		rgfMinimal + "supply_train: []\nmines: 5\nsalvage: 1\nbudget: medium\n",
		"id: a\ngroups:\n  - units:\n      - {name: A, values: \"3(6)/5-1 1\", class: jump-infantry, experience: green, crew: [\"; Green Foot\"], hidden: true}\n",
		"id: a\ngroups:\n  - rbg: true\n    units:\n      - {name: T, values: \"2(2)/4-1 4w\", counter: Truck, experience: regular, crew: [\"A; B; Regular Mobile HQ\"]}\n",
		"id: a\ngroups:\n  - units:\n      - {name: Air, values: \"11(8)/6-15 H\", counter: Heavy, experience: elite, crew: [Elite Stuka, Elite Stuka], chits: [bomb10]}\n",
		"dropships:\n  - {name: D, machine: Overlord, chits: [armor+2]}\n",
		"groups:\n  - units:\n      - {name: A, machines: [Atlas, Zeus], experience: veteran, chits: [jump, jump, recon, ecm, aep, firepower+3], drop: true}\n",
		"id: &a x\nname: *a\n",
		"groups: [{units: [{name: \"\\u00e9\\u0301\", machines: [Wasp], experience: REGULAR}]}]\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := ReadRegiment(data)
		if err != nil {
			var fe *RegimentFileError
			if !errors.As(err, &fe) || !errors.Is(err, ErrRegimentFile) || fe.Msg == "" || r.ID != "" || r.Units != nil {
				t.Fatalf("ReadRegiment = %+v, %v (%T): want a RegimentFileError and no regiment", r, err, err)
			}
			return
		}
		CheckRegiment(r)
		out := WriteRegiment(r)
		back, err := ReadRegiment(out)
		if err != nil {
			t.Fatalf("ReadRegiment of the written regiment: %v\n%s", err, out)
		}
		if !reflect.DeepEqual(back, r) {
			t.Fatalf("round trip changed the regiment:\n%+v\n%+v\n%s", r, back, out)
		}
	})
}
