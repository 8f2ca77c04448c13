package mapgen

// Place names for generated strategic maps, invented for bfbot: a root
// word and a pattern that suits the sector's ground. Every root is used at
// most once per map, so names never repeat within a map.

// placeRoots must hold at least maxSectors+1 distinct words (a test checks
// it): one for each sector and one for the map itself.
var placeRoots = []string{
	"Aldry", "Ambrel", "Arvon", "Baskin", "Bellan", "Bracken", "Brennock", "Caddow",
	"Carrick", "Cavan", "Corvane", "Dalmar", "Denholm", "Drummel", "Dunmere", "Edrin",
	"Elsk", "Emmerin", "Estrin", "Farrow", "Fenmark", "Fennic", "Garron", "Gelder",
	"Gorsk", "Halden", "Harl", "Hesk", "Hollin", "Ilmar", "Isker", "Ivel",
	"Jarrin", "Jessop", "Kaldi", "Karsk", "Korran", "Lanner", "Lindor", "Lorne",
	"Maddox", "Marrin", "Meral", "Merrow", "Morvan", "Nesk", "Norrin", "Odell",
	"Oderan", "Orsk", "Ostry", "Pellan", "Penrow", "Pyke", "Quillan", "Radmar",
	"Ravel", "Rusk", "Sallow", "Selmar", "Sorrel", "Stavin", "Strand", "Tallis",
	"Tarrow", "Teague", "Tessin", "Thorne", "Torvik", "Ulvar", "Umber", "Usk",
	"Valen", "Varrow", "Verin", "Vesk", "Wendel", "Westry", "Wyst", "Yarrow",
	"Yelm", "Zarek", "Zollin",
}

// sectorNamePatterns are the name shapes for each theme; %s is the root.
var sectorNamePatterns = [numThemes][]string{
	Plains: {"%s Flats", "%s Fields", "%s Plain", "%s Steppe", "%s Meadows", "%s Prairie"},
	Woods:  {"%s Wood", "%s Forest", "%s Thicket", "%s Weald", "%s Timberland"},
	Hills:  {"%s Ridge", "%s Heights", "%s Hills", "%s Bluffs", "%s Crags", "%s Tor"},
	River:  {"%s Ford", "%s Crossing", "%s Bend", "%s Falls", "%s River", "%s Rapids"},
	Urban:  {"%s City", "Port %s", "New %s", "Fort %s", "%s Landing"},
	Mixed:  {"%s Vale", "%s Downs", "%s March", "%s Gap", "%s Hollow", "%s Reach"},
}

// regionNamePatterns name the strategic map as a whole.
var regionNamePatterns = []string{"%s Province", "%s Territory", "%s Basin", "%s Marches", "%s Expanse"}

// installationNames are the kinds of military or industrial site a sector
// outside the cities may hold.
var installationNames = []string{
	"Depot", "Fuel Depot", "Relay Station", "Mining Complex", "Water Works",
	"Listening Post", "Factory", "Research Station", "Power Plant", "Supply Cache",
}
