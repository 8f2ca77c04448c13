package discord_test

import "testing"

// BenchmarkInteractionAck measures a trivial command from INTERACTION_CREATE
// on the fake's gateway to the acknowledgement on its REST API, through the
// real discordgo client (budget: 50 ms; loopback, so this is the adapter's
// and discordgo's own cost).
func BenchmarkInteractionAck(b *testing.B) {
	rig := dscStart(b, dscGuild)
	ch, alice, _ := rig.fresh()
	b.ResetTimer()
	for b.Loop() {
		in, err := rig.fake.SendCommand(alice, dscGuild, ch, "ping", "", nil)
		if err != nil {
			b.Fatal(err)
		}
		if in.Ack().Content != "pong" {
			b.Fatalf("ack %+v", in.Ack())
		}
	}
}
