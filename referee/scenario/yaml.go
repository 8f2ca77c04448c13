package scenario

import (
	"errors"
	"slices"
	"strings"

	"bfbot/internal/yamlnode"

	"go.yaml.in/yaml/v3"
)

// Error is a mistake in a scenario file: the line (1-based; 0 when the
// file as a whole is wrong), the field as a path ("sides[1].units[0].class")
// and what is wrong, in words that say how to put it right. It has
// yamlnode.Error's fields, so each converts to the other.
type Error struct {
	Line  int
	Field string
	Msg   string
}

func (e *Error) Error() string { return (*yamlnode.Error)(e).Error() }

// errorf is an Error at node n.
func errorf(n *yaml.Node, field, format string, a ...any) error {
	return (*Error)(yamlnode.Errorf(n, field, format, a...))
}

// asError turns a *yamlnode.Error from the shared readers into an Error,
// so Parse gives only *Error whichever helper found the mistake.
func asError(err error) error {
	if e, ok := err.(*yamlnode.Error); ok {
		return (*Error)(e)
	}
	return err
}

// wrap turns err into an Error at node n unless it already is one.
func wrap(n *yaml.Node, field string, err error) error {
	if err == nil {
		return nil
	}
	var e *Error
	var ne *yamlnode.Error
	if errors.As(err, &e) || errors.As(err, &ne) {
		return err
	}
	return errorf(n, field, "%s", err.Error())
}

// yn reads scenario files' nodes; found values are quoted in full.
var yn yamlnode.Reader

// field is one key of a mapping and its value.
type field = yamlnode.Field

// fields reads a mapping whose keys must be among allowed (in any order,
// each once) and returns them by name. Anchors, aliases and merge keys
// are refused: a scenario file has no need of them, and a reader should
// see each value where it applies. Unlike yamlnode's Fields, a key given
// twice is found before an unknown one, as scenario files always have.
func fields(n *yaml.Node, path string, allowed ...string) (map[string]field, error) {
	list, err := yn.Entries(n, path)
	if err != nil {
		return nil, err
	}
	out := make(map[string]field, len(list))
	for _, f := range list {
		if !slices.Contains(allowed, f.Key.Value) {
			return nil, errorf(f.Key, yamlnode.Join(path, f.Key.Value), "unknown field; use %s", strings.Join(allowed, ", "))
		}
		out[f.Key.Value] = f
	}
	return out, nil
}

// stringList reads a list of values, or a single value as a list of one.
func stringList(n *yaml.Node, path string) ([]string, []*yaml.Node, error) {
	if n.Kind == yaml.ScalarNode {
		s, err := yn.Str(n, path)
		return []string{s}, []*yaml.Node{n}, err
	}
	items, err := yn.List(n, path)
	if err != nil {
		return nil, nil, err
	}
	out := make([]string, len(items))
	for i, c := range items {
		if out[i], err = yn.Str(c, yamlnode.Index(path, i)); err != nil {
			return nil, nil, err
		}
	}
	return out, items, nil
}
