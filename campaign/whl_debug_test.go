package campaign

import (
	"fmt"
	"testing"

	"bfbot/referee/dice"
)

func TestWhlDebugChain(t *testing.T) {
	for _, seed := range []uint64{13, 14} {
		c := ordSecrecyCampaign(t, seed)
		d := dice.New(dice.NewSeeded(seed))
		for turn := 0; turn < ordSecrecyTurns && c.Phase == PhaseOrders; turn++ {
			for i, s := range c.Sides {
				for _, o := range AIOrders(c, s.ID, seed*1000+uint64(turn*2+i)) {
					n, _, err := GiveOrder(c, s.ID, o)
					if err != nil {
						t.Fatal(err)
					}
					c = n
				}
			}
			n, _, err := ResolveTurn(c, d)
			if err != nil {
				t.Fatal(err)
			}
			c = n
			for fought := 0; len(Unfought(c)) > 0; fought++ {
				if fought >= 6 {
					for _, b := range c.Battles {
						fmt.Printf("seed %d turn %d battle %d sector %d sides %+v withdraw=%d over=%v\n", seed, c.Turn, b.ID, b.Sector, b.Sides, b.State.Campaign.WithdrawAfterSteps, b.Over)
					}
					for _, e := range c.Log {
						if e.Type == "fall_back" || e.Type == "contact" {
							fmt.Println(e.Turn, e.Text)
						}
					}
					t.Fatalf("chain")
				}
				id := Unfought(c)[0]
				n, _, err := AutoResolveBattle(c, id, d, seed)
				if err != nil {
					t.Fatal(err)
				}
				c = n
			}
			n, _, err = Advance(c, d)
			if err != nil {
				t.Fatal(err)
			}
			c = n
		}
	}
}
