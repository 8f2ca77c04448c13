package command

import (
	"context"
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

func (g *Registry) rollCommands() []*entry {
	return []*entry{{spec: Spec{Name: "roll", Description: "roll six-sided dice for all to see, e.g. 2d6 or 1d6+2", Who: Anyone, Options: []Option{
		{Name: "dice", Description: "NdS+M: N dice (1–20) of 6 sides, plus or minus M; default 2d6"}}},
		run: g.roll}}
}

var rollPattern = regexp.MustCompile(`^([0-9]{1,2})?[dD]6?([+-][0-9]{1,3})?$`)

// roll throws the dice of the registry's own source (not a campaign's, so
// a /roll cannot change a battle's future rolls).
func (g *Registry) roll(_ context.Context, x *call) ([]Reply, error) {
	spec := x.str("dice")
	if spec == "" {
		spec = "2d6"
	}
	m := rollPattern.FindStringSubmatch(strings.ReplaceAll(spec, " ", ""))
	if m == nil {
		return nil, userf("dice:%s: write NdS+M with six-sided dice, e.g. 2d6, d6 or 3d6-1", spec)
	}
	n := 1
	if m[1] != "" {
		n, _ = strconv.Atoi(m[1])
	}
	if n < 1 || n > 20 {
		return nil, userf("dice:%s: roll 1 to 20 dice", spec)
	}
	mod := 0
	if m[2] != "" {
		mod, _ = strconv.Atoi(m[2])
	}
	r, err := g.deps.Dice.Roll("/roll "+spec+" by "+x.User.ID, n)
	if err != nil {
		return nil, err
	}
	faces := make([]string, len(r.Faces))
	for i, f := range r.Faces {
		faces[i] = strconv.Itoa(f)
	}
	return []Reply{x.public(fmt.Sprintf("%s rolls %s: %s = %d", x.User.Name, spec, strings.Join(faces, " + ")+modText(mod), r.Sum()+mod))}, nil
}

func modText(mod int) string {
	switch {
	case mod > 0:
		return fmt.Sprintf(" + %d", mod)
	case mod < 0:
		return fmt.Sprintf(" − %d", -mod)
	}
	return ""
}
