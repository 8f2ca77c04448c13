package mapgen

import (
	"fmt"
	"math/rand/v2"
)

// maxSectors bounds a generated strategic map: at most 8×8 sectors. A
// larger map would be one where opposing forces cannot find each other
// (000 line 2551).
const (
	maxStrategicSide = 8
	maxSectors       = maxStrategicSide * maxStrategicSide
)

// sectorThemeWeights is the theme mix of generated sectors: mostly open
// country, woods, hills and mixed ground; rivers and cities are rarer.
var sectorThemeWeights = [numThemes]int{Plains: 24, Woods: 22, Hills: 20, River: 9, Urban: 5, Mixed: 20}

// A strategic map of at least urbanFromSectors sectors has at least one
// urban sector, so a campaign always has a city to fight over.
const urbanFromSectors = 6

// Objective chances, in percent.
const (
	spaceportChance    = 40 // an urban sector also holds a spaceport
	installationChance = 25 // any other sector holds an installation
)

// defaultObjectiveVP is what a generated objective is worth: the book
// puts reaching a campaign objective at 100 to 250 VP, agreed before
// play (000 line 2704; ruling B11). A map file may give each objective
// its own value in that range.
var defaultObjectiveVP = [...]int{City: 150, Spaceport: 200, Installation: 100}

// MinObjectiveVP and MaxObjectiveVP bound an objective's value (000 line
// 2704).
const (
	MinObjectiveVP = 100
	MaxObjectiveVP = 250
)

// DefaultObjectiveVP returns the victory points a generated objective of
// kind k is worth unless the campaign says otherwise.
func DefaultObjectiveVP(k ObjectiveKind) int {
	if int(k) < len(defaultObjectiveVP) {
		return defaultObjectiveVP[k]
	}
	return 0
}

// GenerateStrategic makes a strategic map of cols×rows sectors (each 1 to
// 8). Sectors are numbered from 1 row by row; each has a unique name, a
// theme, an orientation, objectives, and its own seed derived from seed
// and its ID, so that Sector.Map always gives the same tactical map.
func GenerateStrategic(seed uint64, cols, rows int) (*Strategic, error) {
	if cols < 1 || rows < 1 || cols > maxStrategicSide || rows > maxStrategicSide {
		return nil, fmt.Errorf("a strategic map of %d×%d sectors cannot be generated: use 1 to %d columns and 1 to %d rows",
			cols, rows, maxStrategicSide, maxStrategicSide)
	}
	rng := rand.New(rand.NewPCG(seed, 0x5354524154454749)) // "STRATEGI"
	n := cols * rows
	s := &Strategic{Cols: cols, Rows: rows, Sectors: make([]Sector, n)}
	for k := range s.Sectors {
		s.Sectors[k] = Sector{
			ID:          k + 1,
			Col:         k % cols,
			Row:         k / cols,
			Theme:       weightedSectorTheme(rng),
			Seed:        sectorSeed(seed, k+1),
			Orientation: Orientation(rng.IntN(2)),
		}
	}
	if n >= urbanFromSectors && !hasUrbanSector(s.Sectors) {
		s.Sectors[rng.IntN(n)].Theme = Urban
	}
	roots := rng.Perm(len(placeRoots))
	for k := range s.Sectors {
		sec := &s.Sectors[k]
		root := placeRoots[roots[k]]
		patterns := sectorNamePatterns[sec.Theme]
		sec.Name = fmt.Sprintf(patterns[rng.IntN(len(patterns))], root)
		sec.Objectives = placeObjectives(rng, sec, root)
	}
	s.Name = fmt.Sprintf(regionNamePatterns[rng.IntN(len(regionNamePatterns))], placeRoots[roots[n]])
	return s, nil
}

func weightedSectorTheme(rng *rand.Rand) Theme {
	total := 0
	for _, w := range sectorThemeWeights {
		total += w
	}
	r := rng.IntN(total)
	for t, w := range sectorThemeWeights {
		if r < w {
			return Theme(t)
		}
		r -= w
	}
	return Mixed
}

func hasUrbanSector(sectors []Sector) bool {
	for _, s := range sectors {
		if s.Theme == Urban {
			return true
		}
	}
	return false
}

// placeObjectives places a sector's objectives: a city in every urban sector,
// sometimes with a spaceport; elsewhere now and then an installation.
func placeObjectives(rng *rand.Rand, s *Sector, root string) []Objective {
	var out []Objective
	if s.Theme == Urban {
		out = append(out, Objective{Kind: City, Name: s.Name, VP: DefaultObjectiveVP(City)})
		if genChance(rng, spaceportChance) {
			out = append(out, Objective{Kind: Spaceport, Name: root + " Spaceport", VP: DefaultObjectiveVP(Spaceport)})
		}
		return out
	}
	if genChance(rng, installationChance) {
		name := root + " " + installationNames[rng.IntN(len(installationNames))]
		out = append(out, Objective{Kind: Installation, Name: name, VP: DefaultObjectiveVP(Installation)})
	}
	return out
}

// sectorSeed derives a sector's map seed from the strategic seed and the
// sector's ID with the SplitMix64 finaliser, so neighbouring IDs get
// unrelated seeds and no sector's map depends on another's.
func sectorSeed(seed uint64, id int) uint64 {
	z := seed + uint64(id)*0x9E3779B97F4A7C15
	z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
	z = (z ^ z>>27) * 0x94D049BB133111EB
	return z ^ z>>31
}

// Map generates the sector's tactical map: two mapsheets in the sector's
// orientation (ruling R2), named after the sector.
func (s *Sector) Map() (*Map, error) {
	m, err := Generate(GenOptions{Seed: s.Seed, Theme: s.Theme, Sheets: 2, Orientation: s.Orientation})
	if err != nil {
		return nil, fmt.Errorf("sector %d (%s): %w", s.ID, s.Name, err)
	}
	m.Name = s.Name
	return m, nil
}
