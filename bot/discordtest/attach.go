package discordtest

import (
	"net/http"
	"net/url"

	"github.com/bwmarrin/discordgo"
)

// Attached files: a File passed as an option's value to SendCommand is
// an attachment. The fake stores it, sends the option as Discord does (the
// attachment's id as the value; its id, filename, size and address in
// data.resolved.attachments) and serves it at that address,
// https://cdn.discordapp.com/ephemeral-attachments/…, which Client sends
// to the fake.

// cdnHost is the host of attachment addresses; Client redirects it to
// the fake.
const cdnHost = "cdn.discordapp.com"

// attachmentPrefix is the path under which the fake serves attachments.
const attachmentPrefix = "/ephemeral-attachments/"

// AttachmentFault is how the fake serves attached files (FailAttachments).
type AttachmentFault int

// The attachment faults.
const (
	// AttachmentsServed: files are served as attached (the default).
	AttachmentsServed AttachmentFault = iota
	// AttachmentsGone: every download is answered 404 (an expired or
	// deleted file).
	AttachmentsGone
	// AttachmentsUnderstated: the resolved data says each file is 1 byte
	// long, whatever its real size, so only the download can tell a file
	// is too big.
	AttachmentsUnderstated
)

// FailAttachments sets how later attachments are announced and served.
func (f *Fake) FailAttachments(fault AttachmentFault) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.attachFault = fault
}

// Downloads counts the attachment downloads the fake answered (whatever
// their status).
func (f *Fake) Downloads() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.downloads
}

// attach stores a file and returns its resolved entry; call with f.mu held.
func (f *Fake) attach(file File) *discordgo.MessageAttachment {
	if f.attachments == nil {
		f.attachments = map[string]File{}
	}
	id := f.newID()
	f.attachments[id] = File{Name: file.Name, ContentType: file.ContentType, Data: append([]byte(nil), file.Data...)}
	size := len(file.Data)
	if f.attachFault == AttachmentsUnderstated {
		size = 1
	}
	u := "https://" + cdnHost + attachmentPrefix + f.appID + "/" + id + "/" + url.PathEscape(file.Name) +
		"?ex=6a000000&is=6a000000&hm=fake"
	return &discordgo.MessageAttachment{ID: id, Filename: file.Name, Size: size, URL: u, ProxyURL: u, ContentType: file.ContentType}
}

// getAttachment serves a stored file as Discord's CDN does: no token, the
// address is the authorisation.
func (f *Fake) getAttachment(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	file, ok := f.attachments[r.PathValue("aid")]
	status := http.StatusOK
	if !ok || f.attachFault == AttachmentsGone || r.PathValue("name") != file.Name {
		status = http.StatusNotFound
	}
	f.downloads++
	f.requests = append(f.requests, Request{Method: r.Method, Path: r.URL.Path, Status: status})
	f.notify()
	f.mu.Unlock()
	if status != http.StatusOK {
		http.Error(w, "404: Not Found", status)
		return
	}
	// No Content-Length of its own: a large file goes chunked, so the
	// client's own bound on what it reads is what stops it.
	ct := file.ContentType
	if ct == "" {
		ct = "application/octet-stream"
	}
	w.Header().Set("Content-Type", ct)
	_, _ = w.Write(file.Data)
}
