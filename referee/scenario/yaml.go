package scenario

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Error is a mistake in a scenario file: the line (1-based; 0 when the
// file as a whole is wrong), the field as a path ("sides[1].units[0].class")
// and what is wrong, in words that say how to put it right.
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

// errorf is an Error at node n.
func errorf(n *yaml.Node, field, format string, a ...any) error {
	line := 0
	if n != nil {
		line = n.Line
	}
	return &Error{Line: line, Field: field, Msg: fmt.Sprintf(format, a...)}
}

// wrap turns err into an Error at node n unless it already is one.
func wrap(n *yaml.Node, field string, err error) error {
	if err == nil {
		return nil
	}
	var e *Error
	if errors.As(err, &e) {
		return err
	}
	return errorf(n, field, "%s", err.Error())
}

// describe names the kind of node found, for "want X, found Y" messages.
func describe(n *yaml.Node) string {
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
		return fmt.Sprintf("%q", n.Value)
	}
	return "a document"
}

// field is one key of a mapping and its value.
type field struct {
	key   *yaml.Node
	value *yaml.Node
}

// fields reads a mapping whose keys must be among allowed (in any order,
// each once) and returns them by name. Anchors, aliases and merge keys
// are refused: a scenario file has no need of them, and a reader should
// see each value where it applies.
func fields(n *yaml.Node, path string, allowed ...string) (map[string]field, error) {
	list, err := entries(n, path)
	if err != nil {
		return nil, err
	}
	out := make(map[string]field, len(list))
	for _, f := range list {
		if !contains(allowed, f.key.Value) {
			return nil, errorf(f.key, join(path, f.key.Value), "unknown field; use %s", strings.Join(allowed, ", "))
		}
		out[f.key.Value] = f
	}
	return out, nil
}

// entries reads a mapping with free keys (hexes, side IDs) in file order.
func entries(n *yaml.Node, path string) ([]field, error) {
	if n.Kind != yaml.MappingNode {
		return nil, errorf(n, path, "want a mapping (key: value), found %s", describe(n))
	}
	var out []field
	seen := map[string]bool{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if err := plain(k, path); err != nil {
			return nil, err
		}
		if err := plain(v, join(path, k.Value)); err != nil {
			return nil, err
		}
		if k.Kind != yaml.ScalarNode {
			return nil, errorf(k, path, "a key must be a plain word, found %s", describe(k))
		}
		if seen[k.Value] {
			return nil, errorf(k, join(path, k.Value), "given twice")
		}
		seen[k.Value] = true
		out = append(out, field{k, v})
	}
	return out, nil
}

// plain refuses anchors, aliases and merge keys.
func plain(n *yaml.Node, path string) error {
	switch {
	case n.Kind == yaml.AliasNode:
		return errorf(n, path, "aliases (*name) are not supported: write the value out")
	case n.Anchor != "":
		return errorf(n, path, "anchors (&name) are not supported: write each value where it applies")
	case n.Tag == "!!merge":
		return errorf(n, path, "merge keys (<<) are not supported")
	}
	return nil
}

// list reads a sequence.
func list(n *yaml.Node, path string) ([]*yaml.Node, error) {
	if n.Kind != yaml.SequenceNode {
		return nil, errorf(n, path, "want a list, found %s", describe(n))
	}
	for i, c := range n.Content {
		if err := plain(c, index(path, i)); err != nil {
			return nil, err
		}
	}
	return n.Content, nil
}

// str reads a non-empty scalar as written (so "0314" stays "0314" even
// unquoted).
func str(n *yaml.Node, path string) (string, error) {
	if n.Kind != yaml.ScalarNode {
		return "", errorf(n, path, "want a value, found %s", describe(n))
	}
	if n.Tag == "!!null" || strings.TrimSpace(n.Value) == "" {
		return "", errorf(n, path, "is empty")
	}
	return strings.TrimSpace(n.Value), nil
}

// integer reads a whole number in decimal.
func integer(n *yaml.Node, path string) (int, error) {
	s, err := str(n, path)
	if err != nil {
		return 0, err
	}
	v, err := strconv.Atoi(s)
	if err != nil || len(s) > 10 {
		return 0, errorf(n, path, "want a whole number, found %q", s)
	}
	return v, nil
}

// intRange reads a whole number from lo to hi.
func intRange(n *yaml.Node, path string, lo, hi int) (int, error) {
	v, err := integer(n, path)
	if err != nil {
		return 0, err
	}
	if v < lo || v > hi {
		return 0, errorf(n, path, "%d is out of range: use %d to %d", v, lo, hi)
	}
	return v, nil
}

// boolean reads true or false.
func boolean(n *yaml.Node, path string) (bool, error) {
	s, err := str(n, path)
	if err != nil {
		return false, err
	}
	switch strings.ToLower(s) {
	case "true":
		return true, nil
	case "false":
		return false, nil
	}
	return false, errorf(n, path, "want true or false, found %q", s)
}

// stringList reads a list of values, or a single value as a list of one.
func stringList(n *yaml.Node, path string) ([]string, []*yaml.Node, error) {
	if n.Kind == yaml.ScalarNode {
		s, err := str(n, path)
		return []string{s}, []*yaml.Node{n}, err
	}
	items, err := list(n, path)
	if err != nil {
		return nil, nil, err
	}
	out := make([]string, len(items))
	for i, c := range items {
		if out[i], err = str(c, index(path, i)); err != nil {
			return nil, nil, err
		}
	}
	return out, items, nil
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

func index(path string, i int) string { return fmt.Sprintf("%s[%d]", path, i) }
