package discordtest

import (
	"io"
	"net/http"
	"strings"
	"testing"
)

// attGet downloads url with the fake's client: status and body.
func attGet(t *testing.T, f *Fake, url string) (int, string) {
	t.Helper()
	resp, err := f.Client().Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, string(b)
}

// Ensure an attached file is announced as Discord does (id, filename,
// size, a CDN address) and served there without a token, and that the
// faults answer 404 or understate the size.
func TestAttachmentServed(t *testing.T) {
	f := New(t)
	f.mu.Lock()
	a := f.attach(File{Name: "twin valleys.yaml", Data: []byte("cols: 2\n")})
	f.mu.Unlock()
	if a.Filename != "twin valleys.yaml" || a.Size != 8 || !strings.HasPrefix(a.URL, "https://cdn.discordapp.com/ephemeral-attachments/") {
		t.Errorf("attachment %+v", a)
	}
	if st, body := attGet(t, f, a.URL); st != http.StatusOK || body != "cols: 2\n" {
		t.Errorf("download: %d %q", st, body)
	}
	if st, _ := attGet(t, f, strings.Replace(a.URL, a.ID, "1", 1)); st != http.StatusNotFound {
		t.Errorf("unknown attachment: %d, want 404", st)
	}

	f.FailAttachments(AttachmentsGone)
	if st, _ := attGet(t, f, a.URL); st != http.StatusNotFound {
		t.Errorf("gone: %d, want 404", st)
	}
	f.FailAttachments(AttachmentsUnderstated)
	f.mu.Lock()
	b := f.attach(File{Name: "big.yaml", Data: make([]byte, 5000)})
	f.mu.Unlock()
	if st, body := attGet(t, f, b.URL); b.Size != 1 || st != http.StatusOK || len(body) != 5000 {
		t.Errorf("understated: size %d, download %d of %d bytes", b.Size, st, len(body))
	}
	if got := f.Downloads(); got != 4 {
		t.Errorf("%d downloads counted, want 4", got)
	}
}
