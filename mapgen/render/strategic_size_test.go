package render

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"bfbot/mapgen"
)

// strategicSizeSeeds is how many generated 4×3 maps (the campaign's
// default size) TestStrategicPNGSizeSeeds writes.
const strategicSizeSeeds = 30

// campaignViews are the pictures a campaign on s sends in a turn of
// orders, built as the bot builds them (bot/command, strategicView):
// each side's (its own battlegroups, in sectors and in orbit, its orders
// of every kind, a prepared position, a search, the enemy it found with
// the turn it found it, the battles, the score and the deadline), the
// referee's (every side's battlegroups, orders, searches and prepared
// positions, no intel), and each side's in the set-up phase (where it
// may deploy, its battlegroups placed so far). The sectors are drawn
// from seed.
func campaignViews(s *mapgen.Strategic, seed uint64) []StrategicView {
	rng := rand.New(rand.NewPCG(seed, 0x53495a45)) // "SIZE"
	names := []string{"Lancers", "Bandits"}
	title := "Campaign: " + s.Name + " Offensive"
	scores := []Score{{Name: names[0], VP: 100 + rng.IntN(400)}, {Name: names[1], VP: rng.IntN(300), Side: 1}}
	const deadline = "orders due Fri 27 Nov 18:00 CET"
	// Side 0 starts in the west columns, side 1 in the east; each has
	// six battlegroups, the regimental one's DropShips in orbit.
	half := func(side int) []int {
		var ids []int
		for _, sec := range s.Sectors {
			if (sec.Col < s.Cols/2) == (side == 0) {
				ids = append(ids, sec.ID)
			}
		}
		return ids
	}
	pick := func(ids []int) int { return ids[rng.IntN(len(ids))] }
	type sideState struct {
		own                      []SectorMark
		orders                   []OrderArrow
		holds, searches, deploys []SectorMark
	}
	var st [2]sideState
	for side := range 2 {
		home := half(side)
		for bg := 1; bg <= 6; bg++ {
			at := pick(home)
			if bg == 6 {
				at = Orbit
			}
			st[side].own = append(st[side].own, SectorMark{SectorID: at, Label: fmt.Sprintf("BG%d", bg), Side: side})
		}
		for i, mk := range st[side].own {
			switch {
			case mk.SectorID == Orbit:
				st[side].orders = append(st[side].orders, OrderArrow{Kind: DropArrow, Path: []int{Orbit, pick(home)}, Label: mk.Label, Side: side})
			case i == 0: // a recon path of two sectors
				n := pick(s.Neighbors(mk.SectorID))
				path := []int{mk.SectorID, n}
				if nn := slices.DeleteFunc(s.Neighbors(n), func(id int) bool { return id == mk.SectorID }); len(nn) > 0 {
					path = append(path, pick(nn))
				}
				st[side].orders = append(st[side].orders, OrderArrow{Kind: ReconArrow, Path: path, Label: mk.Label, Side: side})
			case i == 1:
				st[side].orders = append(st[side].orders, OrderArrow{Kind: AttackArrow, Path: []int{mk.SectorID, pick(s.Neighbors(mk.SectorID))}, Label: mk.Label, Side: side})
			case i == 2:
				st[side].holds = append(st[side].holds, SectorMark{SectorID: mk.SectorID, Label: mk.Label, Side: side})
			case i == 4 && side == 0:
				st[side].orders = append(st[side].orders, OrderArrow{Kind: LiftOffArrow, Path: []int{mk.SectorID, Orbit}, Label: mk.Label, Side: side})
			default:
				st[side].orders = append(st[side].orders, OrderArrow{Kind: MoveArrow, Path: []int{mk.SectorID, pick(s.Neighbors(mk.SectorID))}, Label: mk.Label, Side: side})
			}
		}
		st[side].searches = []SectorMark{{SectorID: pick(home), Side: side}}
		for _, sec := range s.Sectors {
			if sec.Col == (s.Cols-1)*side {
				st[side].deploys = append(st[side].deploys, SectorMark{SectorID: sec.ID, Side: side})
			}
		}
	}
	battles := []BattleMark{{SectorID: st[0].own[1].SectorID, Label: fmt.Sprintf("battle %d", 1+rng.IntN(9))}}
	var views []StrategicView
	for side := range 2 {
		enemy := st[1-side].own
		var contacts []SectorMark
		for _, k := range rng.Perm(len(enemy))[:3] {
			contacts = append(contacts, SectorMark{SectorID: enemy[k].SectorID, Side: 1 - side, Seen: 1 + rng.IntN(12)})
		}
		views = append(views, StrategicView{
			Map: s, Title: title + " — turn 12", Viewer: names[side],
			Own: st[side].own, Contacts: contacts, Orders: st[side].orders,
			Searches: st[side].searches, Holds: st[side].holds, Battles: battles,
			Scores: scores, Deadline: deadline,
		}, StrategicView{
			Map: s, Title: title + " — set-up", Viewer: names[side],
			Own:    []SectorMark{{SectorID: st[side].deploys[0].SectorID, Label: "BG1", Side: side}, {SectorID: Orbit, Label: "BG6", Side: side}},
			Deploy: st[side].deploys, Scores: []Score{{Name: names[0]}, {Name: names[1], Side: 1}},
		})
	}
	ref := StrategicView{Map: s, Title: title + " — turn 12", Viewer: "referee", Battles: battles, Scores: scores, Deadline: deadline}
	for _, x := range st {
		ref.Own = append(ref.Own, x.own...)
		ref.Orders = append(ref.Orders, x.orders...)
		ref.Holds = append(ref.Holds, x.holds...)
		ref.Searches = append(ref.Searches, x.searches...)
	}
	return append(views, ref)
}

// Ensure every picture a campaign sends, on 30 generated maps (each
// side's and the referee's in a turn of orders, each side's in the
// set-up), is within the strategic PNG budget and decodes to its
// drawing.
func TestStrategicPNGSizeSeeds(t *testing.T) {
	worst, worstAt, total, n := 0, "", 0, 0
	for seed := uint64(1); seed <= strategicSizeSeeds; seed++ {
		s, err := mapgen.GenerateStrategic(seed, 4, 3)
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range campaignViews(s, seed) {
			var buf bytes.Buffer
			if err := WriteStrategicPNG(&buf, v, DefaultOptions()); err != nil {
				t.Fatalf("seed %d, %s: %v", seed, v.Title, err)
			}
			what := fmt.Sprintf("seed %d, %q as seen by %s", seed, v.Title, v.Viewer)
			if buf.Len() > strategicPNGBudget {
				t.Errorf("%s: %d bytes, budget %d", what, buf.Len(), strategicPNGBudget)
			}
			if n, at := pixelDiff(decodePNG(t, buf.Bytes()), MustDrawStrategic(t, v, DefaultOptions())); n != 0 {
				t.Errorf("%s: %d pixels differ from the drawing, first at %v", what, n, at)
			}
			total, n = total+buf.Len(), n+1
			if buf.Len() > worst {
				worst, worstAt = buf.Len(), what
			}
		}
	}
	t.Logf("largest strategic map: %d bytes (%s); %d maps, %d bytes on average", worst, worstAt, n, total/n)
}
