package campaign

import (
	"encoding/json"
	"testing"
)

// fzCampaignJSON is the JSON export of c, for the seed corpus.
func fzCampaignJSON(tb testing.TB, c *Campaign) string {
	tb.Helper()
	data, err := json.Marshal(c)
	if err != nil {
		tb.Fatal(err)
	}
	return string(data)
}

// FuzzCampaignJSON: a campaign JSON document (what bfbot import and the
// store read) never makes unmarshalling, Restore, Check or CheckImport
// panic, however damaged: they are how an import finds out what is wrong
// with it.
func FuzzCampaignJSON(f *testing.F) {
	f.Add(fzCampaignJSON(f, mustNewCampaign(f)))
	c, b := btlContact(f)
	c = btlDeployAll(f, c, b.ID)
	f.Add(fzCampaignJSON(f, c))
	for _, s := range []string{
		`{}`, `null`, `[]`, `{"map":null,"sides":[{},{}]}`,
		`{"map":{"Cols":1,"Rows":1,"Sectors":[]},"battles":[{"id":1,"sector":1,"state":{}}]}`,
		`{"map":{"Cols":2,"Rows":1,"Sectors":[{"ID":1},{"ID":2,"Col":1,"Theme":200,"Orientation":9}]},"battles":[{"id":1,"sector":2,"state":{}}]}`,
		`{"sides":[{"id":"a","units":[{"id":"A1","lance":{"class":250},"step":-3}],"battlegroups":[{"id":1,"sector":99,"units":["A1","A2"]}]}]}`,
		`{"battles":[{"id":1,"state":{"sides":[{"units":[{"hex":"0101"}]}]}}]}`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, doc string) {
		var c Campaign
		if err := json.Unmarshal([]byte(doc), &c); err != nil {
			return
		}
		var imported Campaign
		_ = json.Unmarshal([]byte(doc), &imported)
		_ = c.Restore()
		_ = c.Check()
		// What bfbot import runs on the same document.
		_ = imported.CheckImport(nil)
	})
}
