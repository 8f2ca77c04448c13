package discordtest

import (
	"encoding/json"
	"strings"
	"testing"
)

// Ensure the fake takes a description of up to 1,024 characters for an
// uploaded file, by index as a number or a string, and refuses a longer
// one or one for a file never uploaded, as Discord does.
func TestDescribeFiles(t *testing.T) {
	desc := func(s string) *string { return &s }
	files := []File{{Name: "a.png"}, {Name: "b.gif"}}
	long := strings.Repeat("é", maxDescription) // characters, not bytes
	err := describeFiles(files, []wireAttachment{{ID: json.RawMessage(`0`), Description: desc(long)}, {ID: json.RawMessage(`"1"`), Description: desc("replay")}})
	if err != nil || files[0].Description != long || files[1].Description != "replay" {
		t.Fatalf("%v: %q, %q", err, files[0].Description[:10], files[1].Description)
	}
	for _, bad := range []wireAttachment{
		{ID: json.RawMessage(`0`), Description: desc(long + "x")},
		{ID: json.RawMessage(`2`), Description: desc("no such file")},
		{ID: json.RawMessage(`"x"`), Description: desc("bad id")},
	} {
		if err := describeFiles(files, []wireAttachment{bad}); err == nil {
			t.Errorf("attachment %s %.20q taken", bad.ID, *bad.Description)
		}
	}
}
