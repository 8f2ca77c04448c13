package console

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"bfbot/bot/command"
)

// readFiles reads the local files the request's Attachment options name
// into Request.Files, the option's value becoming the file's base name
// (as Discord gives it). A file that is missing, unreadable or over
// command.MaxAttachmentBytes refuses the line.
func (c *Console) readFiles(r *command.Request) error {
	types := c.optionTypes()[r.Name+" "+r.Sub]
	for name, path := range r.Options {
		if types[name] != command.Attachment || path == "" {
			continue
		}
		f, err := c.readFile(r, name, path)
		if err != nil {
			return err
		}
		if r.Files == nil {
			r.Files = map[string]command.File{}
		}
		r.Options[name] = f.Name
		r.Files[name] = f
	}
	return nil
}

// readFile reads one file option's file, at most MaxAttachmentBytes+1
// bytes of it.
func (c *Console) readFile(r *command.Request, option, path string) (command.File, error) {
	label := "/" + r.Name + " " + r.Sub
	full := path
	if c.Dir != "" && !filepath.IsAbs(path) {
		full = filepath.Join(c.Dir, path)
	}
	f, err := os.Open(full)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return command.File{}, fmt.Errorf("%s: %s:%s: no such file (a file option takes the path of a local file)", label, option, path)
	case err != nil:
		return command.File{}, fmt.Errorf("%s: %s:%s: cannot open it: %v", label, option, path, reason(err))
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return command.File{}, fmt.Errorf("%s: %s:%s: cannot read it: %v", label, option, path, reason(err))
	}
	if st.IsDir() {
		return command.File{}, fmt.Errorf("%s: %s:%s: is a directory; name a file", label, option, path)
	}
	if st.Size() > command.MaxAttachmentBytes {
		return command.File{}, errors.New(command.TooBig(label, option, int(min(st.Size(), 1<<40))))
	}
	data, err := io.ReadAll(io.LimitReader(f, command.MaxAttachmentBytes+1))
	if err != nil {
		return command.File{}, fmt.Errorf("%s: %s:%s: cannot read it: %v", label, option, path, reason(err))
	}
	if len(data) > command.MaxAttachmentBytes { // it grew while being read
		return command.File{}, errors.New(command.TooBig(label, option, 0))
	}
	return command.File{Name: filepath.Base(path), Data: data}, nil
}

// optionTypes indexes the Dispatcher's option types once.
func (c *Console) optionTypes() map[string]map[string]command.OptionType {
	if c.types != nil {
		return c.types
	}
	c.types = map[string]map[string]command.OptionType{}
	for _, s := range c.Dispatcher.Specs() {
		m := map[string]command.OptionType{}
		for _, o := range s.Options {
			m[o.Name] = o.Type
		}
		c.types[s.Name+" "+s.Sub] = m
	}
	return c.types
}

// reason is an error without the path the message already shows.
func reason(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
