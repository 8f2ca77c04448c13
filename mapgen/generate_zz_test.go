package mapgen

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

func ascii(m *Map) string {
	var b strings.Builder
	sym := map[Terrain]string{Open: ".", Rough: "%", LightWoods: "t", HeavyWoods: "T", Water1: "~", Water2: "O", LightBuilding: "l", MediumBuilding: "m", HeavyBuilding: "H", HardenedBuilding: "X", Rubble: "r"}
	for y := 0; y < m.Height; y++ {
		for half := 0; half < 2; half++ {
			for x := 0; x < m.Width; x++ {
				if x%2 != half {
					b.WriteString("  ")
					continue
				}
				c := m.Cells[y*m.Width+x]
				s := sym[c.Terrain]
				if c.Road && c.Terrain == Open {
					s = "#"
				} else if c.Road {
					s = strings.ToUpper(s)
					if s == sym[c.Terrain] { s = "=" }
				}
				b.WriteString(s)
				b.WriteString(" ")
			}
			b.WriteString("     ")
			for x := 0; x < m.Width; x++ {
				if x%2 != half {
					b.WriteString(" ")
					continue
				}
				b.WriteString(fmt.Sprint(m.Cells[y*m.Width+x].Elevation))
			}
			b.WriteString("\n")
		}
	}
	return b.String()
}

func TestShow(t *testing.T) {
	if os.Getenv("SHOW") == "" {
		t.Skip()
	}
	th, _ := ParseTheme(os.Getenv("SHOW"))
	for seed := uint64(1); seed <= 2; seed++ {
		m, err := Generate(GenOptions{Seed: seed, Theme: th, Sheets: 2})
		if err != nil {
			t.Fatal(err)
		}
		fmt.Println(ascii(m))
		fmt.Println(m.Check())
	}
}
