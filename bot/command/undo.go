package command

import (
	"context"
	"fmt"
)

func (g *Registry) undoCommands() []*entry {
	return []*entry{{spec: Spec{Name: "undo", Description: "take back the campaign's last change (referee)", Who: Referee},
		scope: campaignScope, reveals: true, run: g.undo}}
}

func (g *Registry) undo(ctx context.Context, x *call) ([]Reply, error) {
	if err := g.deps.Store.Undo(ctx, x.c.ID); err != nil {
		return nil, err
	}
	c, err := g.deps.Store.Get(ctx, x.c.ID)
	if err != nil {
		return nil, err
	}
	x.c = c
	return []Reply{x.public(fmt.Sprintf("The referee took back the last change.\n%s", statusText(c, g.nextOrderDeadline(c))))}, nil
}
