package command

import (
	"bytes"
	"fmt"
	"strings"

	"bfbot/campaign"
	"bfbot/mapgen/hex"
	"bfbot/mapgen/render"
	"bfbot/referee"
)

// mapZoom answers /map tactical zoom:…: the part of the battle map
// around a hex, drawn large enough that its hex numbers read in a
// phone's chat, from the same view as the whole map.
func mapZoom(x *call, b *campaign.Battle, v referee.View, zoom string) ([]Reply, error) {
	centre, err := zoomCentre(v, zoom)
	if err != nil {
		return nil, err
	}
	who := v.Viewer
	if who == "" {
		who = "referee"
	}
	title := fmt.Sprintf("Battle %d around %s — turn %d %s", b.ID, centre, v.Turn, v.Phase)
	var buf bytes.Buffer
	if err := render.WriteTacticalZoomPNG(&buf, render.FromView(v, title), render.DefaultOptions(), centre); err != nil {
		return nil, userf("zoom:%s: %v", zoom, err)
	}
	f := File{Name: fmt.Sprintf("campaign-%d-battle-%d-turn-%d-%s-%s.png", x.c.ID, b.ID, v.Turn, who, centre), Data: buf.Bytes(),
		Description: fitDescription(fmt.Sprintf("A close-up of the map around hex %s. ", centre) + tacticalDescription(x.c, b, v))}
	return []Reply{x.private(fmt.Sprintf("Battle %d, game turn %d, %s phase: the map around %s (the whole map: /map tactical without zoom).", b.ID, v.Turn, v.Phase, centre), f)}, nil
}

// zoomCentre is the hex a close-up is drawn around: the hex named, or
// for "action" the middle of the closest pair of the viewer's unit and
// an enemy it sees (the referee: of any two sides' units), else the
// middle of the units it sees.
func zoomCentre(v referee.View, zoom string) (hex.Hex, error) {
	if !strings.EqualFold(zoom, "action") {
		h, err := hex.Parse(zoom)
		if err != nil {
			return hex.Hex{}, userf("zoom:%s is neither a hex (XXYY, e.g. 0812) nor action", zoom)
		}
		return h, nil
	}
	var on []referee.ViewUnit
	for _, u := range v.Units {
		if u.Hex != nil {
			on = append(on, u)
		}
	}
	if len(on) == 0 {
		return hex.Hex{}, userf("zoom:action: no unit is on the map yet; name a hex (XXYY) instead")
	}
	found, bestD := false, 0
	var pair [2]hex.Hex
	for i, a := range on {
		for _, e := range on[i+1:] {
			if a.Side == e.Side || (v.Viewer != "" && a.Side != v.Viewer && e.Side != v.Viewer) {
				continue
			}
			if d := hex.Distance(*a.Hex, *e.Hex); !found || d < bestD {
				found, bestD, pair = true, d, [2]hex.Hex{*a.Hex, *e.Hex}
			}
		}
	}
	if !found {
		var sx, sy int
		for _, u := range on {
			sx, sy = sx+u.Hex.X, sy+u.Hex.Y
		}
		return hex.Hex{X: sx / len(on), Y: sy / len(on)}, nil
	}
	return hex.Hex{X: (pair[0].X + pair[1].X) / 2, Y: (pair[0].Y + pair[1].Y) / 2}, nil
}
