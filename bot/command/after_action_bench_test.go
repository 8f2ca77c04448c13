package command

import "testing"

// BenchmarkAfterActionReport is one side's after-action report of an
// auto-resolved campaign battle: its record read, the text built.
func BenchmarkAfterActionReport(b *testing.B) {
	f, id, _ := rbFought(b)
	c := f.scdCampaign(1)
	bt := c.Battle(id)
	b.ReportAllocs()
	for b.Loop() {
		if r := afterActionReport(c, bt, "crucis"); len(r) > maxReport {
			b.Fatal(len(r))
		}
	}
}

// BenchmarkAfterActionReplies is everything a battle's end sends: the
// public report and each side's report with its replay GIF.
func BenchmarkAfterActionReplies(b *testing.B) {
	f, id, _ := rbFought(b)
	c := f.scdCampaign(1)
	b.ReportAllocs()
	for b.Loop() {
		if out := AfterActionReplies(c, id); len(out) != 3 {
			b.Fatal(cmdTexts(out))
		}
	}
}
