// Package yamlnode reads go.yaml.in/yaml/v3 node trees for the files a
// person writes by hand (scenario files, design files, strategic map
// files), so that every mistake is reported with its line and the field's
// path ("sides[1].units[0].class") in words that say how to put it right.
//
// It lives here, not in each reader, so all give the same messages for
// the same mistakes. It is internal, below every package that reads such
// files (mapgen, campaign/forces, referee/scenario), and imports only the
// yaml module, the standard library and usertext (the one check of names,
// itself standard library only), so any package of the module may use it
// without a cycle.
package yamlnode

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"bfbot/internal/usertext"
)

// Error is a mistake at one place in a file: the line (1-based; 0 when
// the file as a whole is wrong), the field as a path and what is wrong.
// Callers turn it into their own error type at their boundary.
type Error struct {
	Line  int
	Field string
	Msg   string
}

func (e *Error) Error() string {
	var b strings.Builder
	if e.Line > 0 {
		fmt.Fprintf(&b, "line %d: ", e.Line)
	}
	if e.Field != "" {
		b.WriteString(e.Field + ": ")
	}
	b.WriteString(e.Msg)
	return b.String()
}

// Errorf is an Error at node n (line 0 when n is nil).
func Errorf(n *yaml.Node, field, format string, a ...any) *Error {
	line := 0
	if n != nil {
		line = n.Line
	}
	return &Error{Line: line, Field: field, Msg: fmt.Sprintf(format, a...)}
}

// Reader reads nodes for one kind of file. The zero Reader quotes the
// values it found in full.
type Reader struct {
	// Short, when set, shortens a found value before it is quoted in a
	// "want X, found Y" message, so a long line pasted in the wrong place
	// does not flood the message.
	Short func(string) string
}

// Field is one key of a mapping and its value.
type Field struct {
	Key, Value *yaml.Node
}

// Describe names the kind of node found, for "want X, found Y" messages.
func (r Reader) Describe(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.AliasNode:
		return "an alias"
	case yaml.ScalarNode:
		if n.Tag == "!!null" {
			return "nothing"
		}
		s := n.Value
		if r.Short != nil {
			s = r.Short(s)
		}
		return strconv.Quote(s)
	}
	return "a document"
}

// Each calls fn with each key of mapping n, its value and its path, in
// file order. Before fn sees them it refuses a key that is not a plain
// word and an anchor, alias or merge key on either; an error from fn
// stops the walk. What keys a mapping may hold is the caller's (Fields,
// Entries, or a file's own wording).
func (r Reader) Each(n *yaml.Node, path string, fn func(k, v *yaml.Node, p string) error) error {
	if n.Kind != yaml.MappingNode {
		return Errorf(n, path, "want a mapping (key: value), found %s", r.Describe(n))
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if err := Plain(k, path); err != nil {
			return err
		}
		if k.Kind != yaml.ScalarNode {
			return Errorf(k, path, "a key must be a plain word, found %s", r.Describe(k))
		}
		p := Join(path, k.Value)
		if err := Plain(v, p); err != nil {
			return err
		}
		if err := fn(k, v, p); err != nil {
			return err
		}
	}
	return nil
}

// Fields reads a mapping whose keys must be among allowed, each once, and
// returns them by name. Keys are checked in file order, so the first
// mistake in the file is the one reported; a key given twice names the
// line of the first.
func (r Reader) Fields(n *yaml.Node, path string, allowed ...string) (map[string]Field, error) {
	out := map[string]Field{}
	err := r.Each(n, path, func(k, v *yaml.Node, p string) error {
		if !slices.Contains(allowed, k.Value) {
			return Errorf(k, p, "unknown field; use %s", strings.Join(allowed, ", "))
		}
		if prev, dup := out[k.Value]; dup {
			return Errorf(k, p, "given twice (first at line %d)", prev.Key.Line)
		}
		out[k.Value] = Field{k, v}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// Entries reads a mapping with free keys (hexes, side IDs) in file order;
// a key given twice is refused.
func (r Reader) Entries(n *yaml.Node, path string) ([]Field, error) {
	var out []Field
	seen := map[string]bool{}
	err := r.Each(n, path, func(k, v *yaml.Node, p string) error {
		if seen[k.Value] {
			return Errorf(k, p, "given twice")
		}
		seen[k.Value] = true
		out = append(out, Field{k, v})
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// Plain refuses anchors, aliases and merge keys: a hand-written file has
// no need of them, and a reader should see each value where it applies.
func Plain(n *yaml.Node, path string) error {
	switch {
	case n.Kind == yaml.AliasNode:
		return Errorf(n, path, "aliases (*name) are not supported: write the value out")
	case n.Anchor != "":
		return Errorf(n, path, "anchors (&name) are not supported: write each value where it applies")
	case n.Tag == "!!merge":
		return Errorf(n, path, "merge keys (<<) are not supported")
	}
	return nil
}

// List reads a sequence whose items are all Plain.
func (r Reader) List(n *yaml.Node, path string) ([]*yaml.Node, error) {
	if n.Kind != yaml.SequenceNode {
		return nil, Errorf(n, path, "want a list, found %s", r.Describe(n))
	}
	for i, c := range n.Content {
		if err := Plain(c, Index(path, i)); err != nil {
			return nil, err
		}
	}
	return n.Content, nil
}

// Str reads a non-empty scalar as written, trimmed (so "0314" stays
// "0314" even unquoted, where YAML would make it a number).
func (r Reader) Str(n *yaml.Node, path string) (string, error) {
	if n.Kind != yaml.ScalarNode {
		return "", Errorf(n, path, "want a value, found %s", r.Describe(n))
	}
	s := strings.TrimSpace(n.Value)
	if n.Tag == "!!null" || s == "" {
		return "", Errorf(n, path, "is empty")
	}
	return s, nil
}

// Name reads a name people wrote (a regiment's, a sector's, a
// scenario's…): a scalar that usertext's check of kind k lets through,
// trimmed. The refusal is an Error at n, so it gives the line.
func (r Reader) Name(n *yaml.Node, path string, k usertext.Kind) (string, error) {
	if _, err := r.Str(n, path); err != nil {
		return "", err
	}
	s, err := k.Clean(path, n.Value)
	if e, ok := err.(*usertext.Error); ok {
		return "", Errorf(n, path, "%s", e.Problem)
	}
	return s, err
}

// Number reads a finite number ("25", "2.5").
func (r Reader) Number(n *yaml.Node, path string) (float64, error) {
	s, err := r.Str(n, path)
	if err != nil {
		return 0, err
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, Errorf(n, path, "want a number, found %q", s)
	}
	return v, nil
}

// Int reads a whole number in decimal from lo to hi. More than ten
// characters is refused before the range check, so the message quotes
// what was written rather than an overflowed value.
func (r Reader) Int(n *yaml.Node, path string, lo, hi int) (int, error) {
	s, err := r.Str(n, path)
	if err != nil {
		return 0, err
	}
	v, err := strconv.Atoi(s)
	if err != nil || len(s) > 10 {
		return 0, Errorf(n, path, "want a whole number, found %q", s)
	}
	if v < lo || v > hi {
		return 0, Errorf(n, path, "%d is out of range: use %d to %d", v, lo, hi)
	}
	return v, nil
}

// Bool reads true or false, in any case.
func (r Reader) Bool(n *yaml.Node, path string) (bool, error) {
	s, err := r.Str(n, path)
	if err != nil {
		return false, err
	}
	switch strings.ToLower(s) {
	case "true":
		return true, nil
	case "false":
		return false, nil
	}
	return false, Errorf(n, path, "want true or false, found %q", s)
}

// Join is the path of key under path ("sides[1]" + "id" is "sides[1].id").
func Join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// Index is the path of item i of the list at path ("sides[1]").
func Index(path string, i int) string { return fmt.Sprintf("%s[%d]", path, i) }

// Document reads a file that holds one YAML document and returns its top
// node. empty is the message for a file with no document (only comments
// or nothing); second the message for a second document, at its line.
// The parser's own errors come through ParseError.
func Document(data []byte, empty, second string) (*yaml.Node, error) {
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var doc yaml.Node
	if err := dec.Decode(&doc); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, &Error{Msg: empty}
		}
		return nil, ParseError(err)
	}
	var extra yaml.Node
	if err := dec.Decode(&extra); err == nil {
		return nil, Errorf(&extra, "", "%s", second)
	} else if !errors.Is(err, io.EOF) {
		return nil, ParseError(err)
	}
	root := &doc
	if root.Kind == yaml.DocumentNode && len(root.Content) == 1 {
		root = root.Content[0]
	}
	return root, nil
}

// ParseError turns the YAML parser's error ("yaml: line 3: …") into an
// Error at that line ("line 3: not YAML: …").
func ParseError(err error) *Error {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	line := 0
	if rest, ok := strings.CutPrefix(msg, "line "); ok {
		if num, after, ok := strings.Cut(rest, ": "); ok {
			if n, err := strconv.Atoi(num); err == nil {
				line, msg = n, after
			}
		}
	}
	return &Error{Line: line, Msg: "not YAML: " + msg}
}
