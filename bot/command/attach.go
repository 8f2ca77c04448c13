package command

import (
	"fmt"
	"sort"
)

// Attached files: an Attachment option's value in
// Request.Options is the file's name; its content is in Request.Files
// under the option's name. The adapters fetch the content (Discord
// downloads it, the console reads a local path) and stop at
// MaxAttachmentBytes+1 bytes; the registry checks the bound again
// (checkSizes), so a transport that forgets cannot make a handler read
// more.

// MaxAttachmentBytes is the largest file an Attachment option takes. The
// files a command reads are hand-written YAML: a full regiment or an 8×8
// strategic map with long names needs well under 64 KiB, so 256 KiB is
// generous while keeping what a stranger can make the bot hold in memory
// small.
const MaxAttachmentBytes = 256 << 10

// SizeText renders a byte count for messages ("256 KiB", "262145 bytes").
func SizeText(n int) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// TooBig is the refusal of a file over MaxAttachmentBytes, in the same
// words whichever layer notices (the adapters before or while fetching
// it, the registry after). size is the file's size in bytes, 0 when it
// is unknown (a download cut off at the limit).
func TooBig(cmd, option string, size int) string {
	over := "is over the limit"
	if size > 0 {
		over = "is " + SizeText(size)
	}
	return fmt.Sprintf("%s: %s: the file %s; an attached file is at most %s", cmd, option, over, SizeText(MaxAttachmentBytes))
}

// checkFileSizes refuses files over MaxAttachmentBytes, and more files
// than a command has options; part of checkSizes.
func checkFileSizes(r *Request) error {
	cmd := commandName(Spec{Name: r.Name, Sub: r.Sub})
	if len(r.Files) > MaxOptions {
		return userf("%s: %d files given; a command takes at most %d", cmd, len(r.Files), MaxOptions)
	}
	for _, name := range sortedNames(r.Files) {
		if len(name) > maxName {
			return userf("%s: an option name is at most %d characters", cmd, maxName)
		}
		if n := len(r.Files[name].Data); n > MaxAttachmentBytes {
			return userError{TooBig(cmd, name, n)}
		}
	}
	return nil
}

// checkFiles pairs the files with the Attachment options: each given
// Attachment option has its file, and each file belongs to a given
// Attachment option; part of checkOptions.
func checkFiles(s *Spec, known map[string]*Option, r *Request) error {
	cmd := commandName(*s)
	for _, name := range sortedNames(r.Options) {
		o := known[name]
		if o == nil || o.Type != Attachment {
			continue
		}
		if _, ok := r.Files[name]; !ok {
			return userf("%s: %s: attach a file (the option's value is the file itself)", cmd, name)
		}
	}
	for _, name := range sortedNames(r.Files) {
		o := known[name]
		switch {
		case o == nil:
			return userf("%s: a file came for %s:, which is not an option of this command", cmd, name)
		case o.Type != Attachment:
			return userf("%s: %s: takes a value, not a file", cmd, name)
		case r.Options[name] == "":
			return userf("%s: %s: the file came without its name", cmd, name)
		}
	}
	return nil
}

// file is an Attachment option's file (false when the option is not
// given). checkFiles has already paired it with the option.
func (x *call) file(name string) (File, bool) {
	if x.Option(name) == "" {
		return File{}, false
	}
	f, ok := x.Files[name]
	return f, ok
}

func sortedNames[V any](m map[string]V) []string {
	names := make([]string, 0, len(m))
	for name := range m {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}
